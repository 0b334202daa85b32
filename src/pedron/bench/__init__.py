"""Side-by-side throughput of pedron's evaluators, its reference, installed peers
and yours, with spreads, on the same hands.

Every evaluator sees the same random hands (dealt from one seed). They are
timed round-robin (:mod:`pedron.bench.harness`): each once per round, for
``repeat`` rounds, so every figure is a median with its range over rounds
taken at the same moments, and every ratio is taken round by round. Each
round starts one evaluator further on (round ``r`` at evaluator ``r mod n``),
and each timed run is preceded, untimed, by the same evaluator on its first
few hundred hands (:data:`WARMUP_HANDS`, at most a twentieth of them), so no
evaluator always pays for the caches its predecessor left (pokerkit's large
tables made ``evaluate()`` three times slower right after it). Peers are
timed through their fastest entry points (:mod:`pedron.bench.peers`), on cards
converted to their form beforehand, in natural mode (none ranks wild cards);
their order is checked against pedron's on the same hands. Your own
evaluators (:class:`Evaluator`) are timed the same way and checked against
pedron on every hand (:func:`check_evaluator`), each in a child process of its
own with a time limit (:mod:`pedron.bench.isolate`): one that raises, exits,
crashes or hangs is reported in one line and left out, and the bench goes on.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pedron._exact import bounded_int
from pedron._machine import MAX_COUNT
from pedron.bench.custom import FORMS, Evaluator, assert_same_order, check_evaluator, parse_spec
from pedron.bench.entry import WARMUP_HANDS as WARMUP_HANDS  # (named in the docstring)
from pedron.bench.entry import Entry, Hands, bench_games, peer_entries, peer_game, warm_size
from pedron.bench.harness import NOISY, RunnerFailed, Spread, Timing, machine, ratio, run_rounds
from pedron.bench.isolate import (
    DEFAULT_TIME_LIMIT,
    EvaluatorFailed,
    IsolatedEvaluator,
    check_time_limit,
)
from pedron.bench.order import ALL_HANDS, OrderCheck
from pedron.bench.peers import PEER_EVALUATORS, PEERS, Peer, installed_peers, peer_versions
from pedron.bench.python_eval import TableEvaluator
from pedron.cards import deal_batch
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games.bench import BenchFacet
from pedron.text import plural

__all__ = [
    "ALL_HANDS",
    "FORMS",
    "PEERS",
    "PEER_EVALUATORS",
    "BenchReport",
    "BenchResult",
    "Evaluator",
    "EvaluatorCheck",
    "EvaluatorFailed",
    "EvaluatorFailure",
    "OrderCheck",
    "Peer",
    "Spread",
    "TableEvaluator",
    "assert_same_order",
    "check_evaluator",
    "installed_peers",
    "parse_spec",
    "run_bench",
]

#: ``progress(message)``: told what is being done, step by step.
Progress = Callable[[str], None]

@dataclass(frozen=True)
class BenchResult:
    """One evaluator's measured throughput.

    ``rate`` is the median over the rounds (hands per second, from wall time),
    ``rate_low``/``rate_high`` its range; ``cpu_share`` the median share of wall
    time the process was on a CPU, ``cpu_share_spread`` that share's median and
    range over the rounds. ``vs_reference`` and ``vs_fastest_peer`` are
    ratios of rates taken round by round (median and range), where they apply;
    ``vs_python`` against the fast pure-Python evaluator of the same mode;
    ``vs_c_loop`` (Diablo batch kernels) against the checked evaluation written
    as a plain C loop (:mod:`pedron._kernels.c_baseline`) on the same rows.
    ``agrees`` False: ``disagreements`` names the first hands (at most three pairs)
    it orders otherwise than pedron, each with both answers.
    """

    name: str
    kind: str  # "batch", "scalar", "reference", "python", "peer" or "yours"
    game: str  # the game's name (pedron.games)
    mode: str  # "wild" or "natural" (Diamondback: "-")
    hands: int
    seconds: float  # median wall time of a round, for all ``hands``
    rate: float
    rate_low: float
    rate_high: float
    cpu_share: float
    agrees: bool | None = None  # orders the hands as pedron does
    entry: str = ""  # the function timed
    note: str = ""
    vs_reference: Spread | None = None
    vs_fastest_peer: Spread | None = None
    vs_python: Spread | None = None
    vs_c_loop: Spread | None = None  # batch kernels: against the plain C loop, same rows
    cpu_share_spread: Spread | None = None  # share of wall time on a CPU, over the rounds
    disagreements: tuple[str, ...] = ()  # not in pedron's order: the first hands, in words

    @property
    def noisy(self) -> bool:
        """Whether the rounds ranged more than :data:`~pedron.bench.harness.NOISY`
        of the median."""
        return (self.rate_high - self.rate_low) > NOISY * self.rate

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["noisy"] = self.noisy
        return out


@dataclass(frozen=True)
class EvaluatorCheck:
    """Your evaluator's order checked on every hand (``run_bench(check="all")``)."""

    evaluator: str  # its name
    agrees: bool  # it orders every hand as pedron does
    outcome: str  # the check's report: the hands checked, or the first disagreement


@dataclass(frozen=True)
class EvaluatorFailure:
    """Your evaluator failed and was left out: it raised, exited, crashed or ran out of
    time (``reason`` says which, and when)."""

    evaluator: str
    reason: str

    def __str__(self) -> str:
        return f"evaluator {self.evaluator} {self.reason}"


@dataclass(frozen=True)
class BenchReport:
    """The results of :func:`run_bench` (iterable, like the list it once returned),
    the machine, every peer's version and what was odd about the run."""

    results: tuple[BenchResult, ...]
    seed: int
    rounds: int
    machine: dict[str, Any]
    versions: dict[str, str | None]
    warnings: tuple[str, ...] = field(default=())
    checks: tuple[EvaluatorCheck, ...] = field(default=())
    #: seconds a one-row ``diablo.evaluate_batch`` call takes, per round of many
    #: calls (median and range over the rounds): ``{"out_given": Spread,
    #: "new_out": Spread}``, the fixed cost of a batch call.
    fixed_cost: dict[str, Spread] = field(default_factory=dict)
    failures: tuple[EvaluatorFailure, ...] = field(default=())
    peers_timed: bool = True  # (False: asked not to time the peers)

    @property
    def agrees(self) -> bool:
        """Every evaluator checked (the peers' and yours) orders hands as pedron does,
        and none of yours failed: what ``pedron bench``'s exit status says."""
        return (all(r.agrees is not False for r in self.results)
                and all(c.agrees for c in self.checks) and not self.failures)

    @property
    def missing_peers(self) -> tuple[str, ...]:
        """The peer distributions not installed (``pip install`` names), when peers
        were to be timed."""
        if not self.peers_timed:
            return ()
        return tuple(sorted(d for d, v in self.versions.items() if v is None))

    def verdict(self) -> str:
        """One line of at most 100 columns: how many times the fastest installed peer's
        rate (one call per hand) pedron evaluates natural hands, by its batch and by its
        per-call ``evaluate()`` (medians of the round-by-round ratios, and their ranges
        where the line has room)."""
        batch = self._natural("batch", "pedron batch")
        peers = [r for r in self.results if r.kind == "peer"]
        if batch is None:
            return "pedron's Diablo batch was not timed"
        if not peers or batch.vs_fastest_peer is None:
            return (f"pedron's batch: {batch.rate / 1e6:,.1f} M hands/s; no peer "
                    "evaluator was timed to compare with")
        fastest = max(peers, key=lambda r: r.rate)
        call = self._natural("scalar", "pedron evaluate()")
        figures = [("batch", batch.vs_fastest_peer)]
        if call is not None and call.vs_fastest_peer is not None:
            figures.append(("per call", call.vs_fastest_peer))
        for ranged in (2, 1, 0):  # (figures given their range, while the line has room)
            said = "; ".join(
                f"{label}: {_times(v.median)}"
                + (f" ({_times(v.low)[:-1]}-{_times(v.high)[:-1]})" if k < ranged else "")
                for k, (label, v) in enumerate(figures))
            line = f"pedron vs the fastest peer, {fastest.name}, called per hand: {said}"
            if len(line) <= 100:
                break
        return line

    def _natural(self, kind: str, name: str) -> BenchResult | None:
        return next((r for r in self.results if r.game == peer_game() and r.kind == kind
                     and r.mode == "natural" and r.name == name), None)

    def __iter__(self) -> Iterator[BenchResult]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, i: int) -> BenchResult:
        return self.results[i]

    def as_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "rounds": self.rounds, "machine": self.machine,
            "versions": self.versions, "warnings": list(self.warnings),
            "verdict": self.verdict(), "agrees": self.agrees,
            "missing_peers": list(self.missing_peers),
            "checks": [asdict(c) for c in self.checks],
            "failures": [asdict(f) for f in self.failures],
            "fixed_cost": {k: v.as_dict() for k, v in self.fixed_cost.items()},
            "results": [r.as_dict() for r in self.results],
        }

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2)


def _times(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:,.1f}x" if x >= 10 else f"{x:,.2f}x"


def run_bench(
    *,
    hands: int = 2_000_000,
    scalar_hands: int = 200_000,
    reference_hands: int = 5_000,
    repeat: int = 5,
    seed: int = 2026,
    peers: bool = True,
    evaluators: Sequence[Evaluator | str] = (),
    check: str = "all",
    diamondback: bool = True,
    progress: Progress | None = None,
    isolate: bool = True,
    time_limit: float = DEFAULT_TIME_LIMIT,
    count: Callable[[str, int, int], None] | None = None,
) -> BenchReport:
    """Time every evaluator on the same random hands, round-robin, ``repeat`` rounds.

    ``hands`` are evaluated by the batch functions, the first ``scalar_hands`` of
    them one call at a time (pedron, the peers, ``evaluators``), the first
    ``reference_hands`` by the pure-Python reference. ``evaluators`` (an
    :class:`Evaluator` or its text, see :func:`~pedron.bench.custom.parse_spec)`
    are timed like peers and, with ``check="all"``, their order is checked
    against pedron's on all 2,598,960 hands (``"bench"``: on the hands timed
    only). ``diamondback``: also time the evaluators of the games the peers do not
    play (every game with a bench facet, ``GameInfo.bench``: Diamondback's).

    ``isolate`` (default): each of ``evaluators`` runs in a child process of
    its own (:class:`~pedron.bench.isolate.IsolatedEvaluator`), and any step
    of it (a timed run, a warm-up, a block of the full check) may take at
    most ``time_limit`` seconds. One that raises, exits, crashes or runs out
    of time is left out and named in ``report.failures``; the bench goes on.
    ``isolate=False`` runs them in this process (to profile them): an
    exception is still reported so, but nothing guards against the rest.

    ``progress(message)`` is told each step as it starts (dealing, each full
    check, the timing, the fixed cost); ``count(unit, done, total)`` how far
    a long step has gone: ``"hands"`` checked (each block of a full check),
    ``"runs"`` timed (after each timed run).
    """
    hands = bounded_int(hands, "hands", 1, MAX_COUNT)
    scalar_hands = bounded_int(scalar_hands, "scalar_hands", 1, MAX_COUNT)
    reference_hands = bounded_int(reference_hands, "reference_hands", 1, MAX_COUNT)
    repeat = bounded_int(repeat, "repeat", 1, MAX_COUNT)
    if type(seed) is not int:
        raise PedronTypeError(f"seed must be an int, not {seed!r}")
    if scalar_hands > hands or reference_hands > scalar_hands:
        raise PedronValueError("need hands >= scalar_hands >= reference_hands")
    if check not in ("all", "bench"):
        raise PedronValueError(f"check must be 'all' or 'bench', not {check!r}")
    if type(isolate) is not bool:
        raise PedronTypeError(f"isolate must be True or False, not {isolate!r}")
    time_limit = check_time_limit(time_limit)
    yours = [parse_spec(e) if isinstance(e, str) else e for e in evaluators]
    for e in yours:
        if not isinstance(e, Evaluator):
            raise PedronTypeError(f"an evaluator is an Evaluator or its text, not {e!r}")
    say = progress or (lambda _msg: None)

    say(f"dealing {hands:,} hands (seed {seed}) and preparing every evaluator")
    batch = deal_batch(hands, 5, seed=seed)
    rows = [tuple(r) for r in batch[:scalar_hands].tolist()]
    first = rows[:warm_size(len(rows))]
    failures: list[EvaluatorFailure] = []
    checks: list[EvaluatorCheck] = []
    isolated: list[IsolatedEvaluator] = []
    try:
        ready: list[Evaluator | IsolatedEvaluator] = []
        for ev in yours:
            if check == "all":
                say(f"checking {ev.name} against pedron on all {ALL_HANDS:,} hands ({ev.mode})")
            try:
                if isolate:
                    iso = IsolatedEvaluator(ev, rows, first, time_limit)
                    isolated.append(iso)
                    if check == "all":
                        agrees, outcome = iso.check_all(
                            None if count is None
                            else lambda done: count("hands", done, ALL_HANDS))
                        checks.append(EvaluatorCheck(ev.name, agrees, outcome))
                    iso.first()  # (its values' count, before anything is timed)
                    ready.append(iso)
                    continue
                if check == "all":
                    result = check_evaluator(ev, progress=None if count is None else (
                        lambda done, total: count("hands", done, total)))
                    checks.append(EvaluatorCheck(ev.name, result.agrees, str(result)))
                ev.values(first)  # (through its checks first: its error names it and the hand)
                ready.append(ev)
            except EvaluatorFailed as exc:
                failures.append(EvaluatorFailure(exc.evaluator, exc.reason))
            except PedronValueError as exc:  # (in this process: raised on a hand, named)
                if not str(exc).startswith(f"evaluator {ev.name} "):
                    raise
                failures.append(EvaluatorFailure(ev.name, str(exc).split(" ", 2)[2]))
        made = Hands(batch, rows, rows[:reference_hands], ready, peers, hands, scalar_hands,
                     reference_hands, seed)
        entries = []
        for info, facet in bench_games():  # (the game of the peers always; others if asked)
            if facet.peers or diamondback:
                entries += _module(facet).entries(info, made)

        total = repeat * len(entries)

        def tick(done: int) -> None:
            if count is not None:
                count("runs", done, total)

        # (each round starts one evaluator further on, each run after a short untimed
        # warm-up: run_rounds; the step's line stays within 100 columns)
        say(f"timing {plural(len(entries), 'evaluator')}, {plural(repeat, 'round')} "
            f"round-robin ({plural(total, 'run')}, after a warm-up round)")
        failed: dict[int, RunnerFailed] = {}
        timings, outs = run_rounds([e.run for e in entries], repeat, tick, warmup=True,
                                   warm=[e.warm for e in entries], failed=failed)
        kept = []
        for i, entry in enumerate(entries):
            if i not in failed and entry.kind == "yours" and entry.check is not None:
                try:  # (the order check of an isolated evaluator runs in its process: once)
                    verdict = entry.check(outs[i])
                    entry.check = lambda _values, verdict=verdict: verdict
                except EvaluatorFailed as exc:
                    failed[i] = exc
            if i not in failed:
                kept.append(i)
                continue
            why = failed[i]
            if isinstance(why, EvaluatorFailed):
                failures.append(EvaluatorFailure(why.evaluator, why.reason))
            else:
                failures.append(EvaluatorFailure(entry.name, str(why)))
        say("timing the fixed cost of a batch call")
        report = _report([entries[i] for i in kept], [timings[i] for i in kept],
                         [outs[i] for i in kept], seed, repeat, checks, _fixed_cost(batch),
                         failures, peers)
    finally:
        for iso in isolated:
            iso.close()
    return report


def _module(facet: BenchFacet) -> Any:
    return importlib.import_module(facet.entries)


def _fixed_cost(batch: Any) -> dict[str, Spread]:
    """The fixed cost of a batch call of the game of the peers (its module's
    ``fixed_cost``): nothing without such a game."""
    module = peer_entries()
    return {} if module is None else module.fixed_cost(batch)  # type: ignore[no-any-return, unused-ignore]


def _report(entries: list[Entry], timings: list[Timing], outs: list[Any], seed: int,
            rounds: int, checks: list[EvaluatorCheck],
            fixed_cost: dict[str, Spread] | None = None,
            failures: Sequence[EvaluatorFailure] = (), peers: bool = True) -> BenchReport:
    by_key = {(e.game, e.mode, e.kind): i for i, e in enumerate(entries)
              if e.kind in ("reference", "python", "c_loop")}
    peer_ix = [i for i, e in enumerate(entries) if e.kind == "peer"]
    fastest = max(peer_ix, key=lambda i: timings[i].rate(entries[i].hands).median, default=None)
    peers_of = peer_game()
    results = []
    warnings = []
    noisy = []
    for i, (e, t) in enumerate(zip(entries, timings, strict=True)):
        agrees: bool | None = None
        said: tuple[str, ...] = ()
        note = e.note
        if e.check is not None:
            verdict = e.check(outs[i])
            agrees, said = verdict.agrees, verdict.disagreements
            note = e.note if agrees else f"{verdict.report}; {e.note}"
        r = t.rate(e.hands)
        ref = by_key.get((e.game, e.mode, "reference"))
        vs_ref = (ratio(t, e.hands, timings[ref], entries[ref].hands)
                  if ref is not None and ref != i else None)
        py = by_key.get((e.game, e.mode, "python"))
        vs_py = (ratio(t, e.hands, timings[py], entries[py].hands)
                 if py is not None and py != i and e.kind != "reference" else None)
        vs_peer = None
        if (fastest is not None and i != fastest and e.game == peers_of
                and e.mode == "natural" and e.kind != "reference"):
            vs_peer = ratio(t, e.hands, timings[fastest], entries[fastest].hands)
        c = by_key.get((e.game, e.mode, "c_loop"))
        vs_c = (ratio(t, e.hands, timings[c], entries[c].hands)
                if c is not None and e.kind == "batch" else None)
        res = BenchResult(e.name, e.kind, e.game, e.mode, e.hands,
                          sorted(t.wall)[len(t.wall) // 2], r.median, r.low, r.high,
                          t.busy, agrees, e.entry, note, vs_ref, vs_peer, vs_py, vs_c,
                          t.cpu_share, said)
        results.append(res)
        if rounds > 1 and res.noisy:
            noisy.append(f"{e.name} ({e.game}, {e.mode}) {r.low / r.median:.0%}-"
                         f"{r.high / r.median:.0%}")
        if t.busy < 0.9:
            warnings.append(f"{e.name} ({e.game}, {e.mode}) was on a CPU only "
                            f"{t.busy:.0%} of its wall time: other work was running")
    if noisy:
        warnings.insert(0, (
            f"the machine was busy: {len(noisy)} of {len(results)} figures ranged more than "
            f"{NOISY:.0%} of their median over the rounds (compare ratios, or use more "
            f"rounds): {'; '.join(noisy)}"))
    return BenchReport(tuple(results), seed, rounds, machine(), peer_versions(),
                       tuple(warnings), tuple(checks), dict(fixed_cost or {}), tuple(failures),
                       peers)
