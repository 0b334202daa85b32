"""Side-by-side throughput of pedron's evaluators, its reference and installed peers.

Every evaluator sees the same random hands (dealt from one seed); each is
timed ``repeat`` times and its median is kept, so figures taken in one run on
a noisy machine can be compared as ratios. Peers (phevaluator, eval7, treys,
pokerkit) are used only if installed, in natural mode, since none of them
ranks wild-card hands; their rankings are checked against pedron's on the
same hands.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from pedron.cards import deal_batch, format_card

__all__ = ["PEERS", "BenchResult", "installed_peers", "run_bench"]

PEERS = ("phevaluator", "eval7", "treys", "pokerkit")

Progress = Callable[[str], None]


@dataclass(frozen=True)
class BenchResult:
    """One evaluator's measured throughput."""

    name: str
    kind: str  # "batch", "scalar", "reference" or "peer"
    mode: str  # "wild" or "natural"
    hands: int
    seconds: float  # median of the repeats, for all ``hands``
    rate: float  # hands per second
    agrees: bool | None = None  # ranking agrees with pedron's on the same hands
    note: str = field(default="")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def installed_peers() -> list[str]:
    """The peer evaluators that can be found (run_bench times each of them)."""
    return [name for name in PEERS if importlib.util.find_spec(name) is not None]


def _median_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2], result


def _per_hand(
    evaluate: Callable[..., Any], hands: Sequence[tuple[int, ...]], wild: bool
) -> Callable[[], list[Any]]:
    """A runner calling ``evaluate(hand, wild=wild)`` on every hand, one by one."""

    def run() -> list[Any]:
        return [evaluate(h, wild=wild) for h in hands]

    return run


def _order_agrees(ours: Sequence[int], theirs: Sequence[Any], higher_is_better: bool) -> bool:
    """True when ``theirs`` orders the hands exactly as pedron's strengths do."""
    pairs = sorted(zip(ours, theirs, strict=True), key=lambda p: p[0])
    for (s1, t1), (s2, t2) in itertools.pairwise(pairs):
        if s1 == s2:
            if t1 != t2:
                return False
        elif (t2 <= t1) if higher_is_better else (t2 >= t1):
            return False
    return True


def _peer_runners(hands: list[tuple[int, ...]]) -> dict[str, tuple[Callable[[], list[Any]], bool]]:
    """Callables evaluating ``hands`` with each installed peer, and its order sense."""
    runners: dict[str, tuple[Callable[[], list[Any]], bool]] = {}
    texts = [[format_card(c) for c in h] for h in hands]

    def have(module: str) -> Any:
        try:
            return importlib.import_module(module)
        except Exception:
            return None

    if (ph := have("phevaluator.evaluator")) is not None:
        # Same card numbering as pedron (2c = 0 ... As = 51). Its compiled
        # five-card entry point skips the argument conversion of evaluate_cards.
        ev = getattr(ph, "evaluate_5cards", None) or ph.evaluate_cards

        def run_ph() -> list[Any]:
            return [ev(*h) for h in hands]

        runners["phevaluator"] = (run_ph, False)
    if (e7 := have("eval7")) is not None:
        e7_hands = [[e7.Card(t) for t in h] for h in texts]
        ev7 = e7.evaluate

        def run_e7() -> list[Any]:
            return [ev7(h) for h in e7_hands]

        runners["eval7"] = (run_e7, True)
    if (tr := have("treys")) is not None:
        evaluator = tr.Evaluator()
        tr_hands = [[tr.Card.new(t) for t in h] for h in texts]
        evt = evaluator.evaluate

        def run_tr() -> list[Any]:
            return [evt(h[:2], h[2:]) for h in tr_hands]

        runners["treys"] = (run_tr, False)
    if (pk := have("pokerkit")) is not None:
        pk_hands = [list(pk.Card.parse("".join(h))) for h in texts]
        high_hand = pk.StandardHighHand

        def run_pk() -> list[Any]:
            return [high_hand(h) for h in pk_hands]

        runners["pokerkit"] = (run_pk, True)
    return runners


def run_bench(
    *,
    hands: int = 2_000_000,
    scalar_hands: int = 200_000,
    reference_hands: int = 5_000,
    repeat: int = 5,
    seed: int = 2026,
    peers: bool = True,
    progress: Progress | None = None,
) -> list[BenchResult]:
    """Measure every evaluator on the same random hands; return one result each."""
    from pedron import diablo
    from pedron.reference import diablo as reference

    say = progress or (lambda _msg: None)
    batch = deal_batch(hands, 5, seed=seed)
    sub = batch[:scalar_hands]
    rows = [tuple(int(c) for c in row) for row in sub.tolist()]
    results: list[BenchResult] = []

    for wild in (True, False):
        mode = "wild" if wild else "natural"
        say(f"pedron batch ({mode}), {hands:,} hands")
        out = diablo.evaluate_batch(batch[:1], wild=wild)  # warm up, allocate once
        secs, _ = _median_time(partial(diablo.evaluate_batch, batch, wild=wild), repeat)
        results.append(BenchResult("pedron batch", "batch", mode, hands, secs, hands / secs))

    natural_strengths = [int(s) for s in diablo.evaluate_batch(sub, wild=False)]
    for wild in (True, False):
        mode = "wild" if wild else "natural"
        say(f"pedron scalar ({mode}), {len(rows):,} hands")
        secs, _ = _median_time(_per_hand(diablo.evaluate, rows, wild), repeat)
        results.append(
            BenchResult("pedron evaluate()", "scalar", mode, len(rows), secs, len(rows) / secs)
        )

    ref_rows = rows[:reference_hands]
    for wild in (True, False):
        mode = "wild" if wild else "natural"
        say(f"pedron.reference ({mode}), {len(ref_rows):,} hands")
        reference.strength(ref_rows[0], wild=wild)  # builds its ranking table once
        secs, _ = _median_time(_per_hand(reference.strength, ref_rows, wild), max(1, repeat // 2))
        results.append(
            BenchResult("pedron.reference", "reference", mode, len(ref_rows), secs,
                        len(ref_rows) / secs)
        )

    if peers:
        for name, (run, higher_is_better) in _peer_runners(rows).items():
            say(f"{name} (natural), {len(rows):,} hands")
            secs, values = _median_time(run, repeat)
            agrees = _order_agrees(natural_strengths, values, higher_is_better)
            results.append(
                BenchResult(name, "peer", "natural", len(rows), secs, len(rows) / secs, agrees)
            )
    del out
    return results
