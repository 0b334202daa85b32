"""Diamondback solved by pedron's own CFR (``pedron solve diamondback``): heads-up by the
compiled kernel, three and four players by :mod:`pedron.diamondback.solver.multi`.

The hand's tree is read off the engine (:mod:`pedron.diamondback.solver.tree`: the betting
is the same whatever the cards, so the tree is public and each player's hand a
vector over the 14 hands) and solved by :class:`pedron._kernels.cfr.CfrTree`,
counterfactual regret minimisation plus (alternating updates, linear
averaging) with the GIL released. Nothing here needs OpenSpiel.

* :func:`estimate` counts the tree and predicts the peak memory before anything
  is allocated; :func:`solve` refuses a hand that will not fit.
* The solve stops at a **NashConv** target: the sum over both players of what a
  best response gains against the average strategy, measured exactly on the
  whole tree (the value of the hand to the dealer then lies in ``bounds``, an
  interval at most NashConv wide, in a zero-sum game).
* With three or four players (``game_spec(..., players=3)``) the tree is read off the
  engine the same way and CFR runs over every player's hand vectors
  (:mod:`pedron.diamondback.solver.multi`, numpy); the NashConv is the sum of every player's
  best-response gain, exact on the whole tree. CFR need not converge there: the
  solution says what was reached (``max_seconds`` bounds the work).
* :func:`write_strategy` writes the strategy file that
  :class:`pedron.diamondback.equilibrium.EquilibriumBot` plays (the format of
  :mod:`pedron.diamondback.spiel`'s files: :mod:`pedron.diamondback.strategyfile`).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from pedron._exact import check_iterable
from pedron._machine import MAX_COUNT
from pedron.diamondback.solver.tree import (
    HANDS,
    GameSpec,
    Size,
    build_graph,
    chance_table,
    count,
    expand,
    has_table,
    outcome_table,
)
from pedron.diamondback.strategyfile import key_text, strategy_document, write_strategy_file
from pedron.errors import PedronTypeError, PedronValueError
from pedron.rules import MAX_CHIPS
from pedron.text import shown

if TYPE_CHECKING:
    from pedron._kernels.cfr import TreeValues

__all__ = ["Estimate", "GameSpec", "Solution", "estimate", "game_spec", "memory_limit",
           "solve", "write_strategy"]

#: Seconds per expanded node and iteration, measured (docs/performance.md): the time
#: estimate is this times the nodes (an upper figure: nodes no hand reaches are skipped).
SECONDS_PER_NODE_ITERATION = 2.5e-7

ProgressFn = Callable[[int, float, float], None]

#: Decision nodes normalised at once when the strategy is written (its temporary arrays,
#: about 25 MB at most, are in the tree module's BASE_BYTES).
_BLOCK = 4_000


def memory_limit() -> int:
    """The bytes a solve may use by default: four fifths of the memory available now
    (``MemAvailable``), or of the machine's if that cannot be read."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024 * 4 // 5
    except OSError:
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") * 4 // 5
    except (ValueError, OSError, AttributeError):
        return 4 << 30


def _whole(name: str, value: Any, low: int, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PedronTypeError(f"{name} must be a whole number, not {shown(value)}")
    whole: int = int.__index__(value)  # (the plain value: a subclass's comparisons may lie)
    if whole < low:
        raise PedronValueError(f"{name} must be at least {low}, not {shown(whole)}")
    if whole > high:
        raise PedronValueError(f"{name} must be at most {high:,}, not {shown(whole)}")
    return whole


def game_spec(stacks: int, variant: str = "normal", bet_sizes: Any = None,
              carry: str = "split", tie_rule: str = "showdown", players: int = 2
              ) -> GameSpec:
    """A checked :class:`GameSpec` (``bet_sizes``: ``None``, text such as ``"1;2;4"``, or
    a sequence of increasing whole amounts; ``players``: 2 to 4 seated)."""
    stacks = _whole("stacks", stacks, 1, MAX_CHIPS)
    players = _whole("players", players, 2, 4)
    for name, value in (("variant", variant), ("carry", carry), ("tie_rule", tie_rule)):
        if not isinstance(value, str):  # (an array's "in" is elementwise)
            raise PedronTypeError(f"{name} must be text, not {shown(value)}")
    variant, carry, tie_rule = (str.__str__(v) for v in (variant, carry, tie_rule))
    if variant not in ("normal", "dealers"):
        raise PedronValueError(f"variant must be 'normal' or 'dealers', not {shown(variant)}")
    if carry not in ("split", "refund", "lost"):
        raise PedronValueError(f"carry must be 'split', 'refund' or 'lost', not {carry!r}")
    if tie_rule not in ("showdown", "split"):
        raise PedronValueError(f"tie_rule must be 'showdown' or 'split', not {tie_rule!r}")
    sizes: tuple[int, ...] | None
    if bet_sizes is None or (isinstance(bet_sizes, str) and bet_sizes == ""):
        sizes = None
    else:
        if isinstance(bet_sizes, str):
            try:
                items: list[Any] = [int(x) for x in bet_sizes.replace(",", ";").split(";")
                                    if x.strip()]
            except ValueError:
                raise PedronValueError(f"bet_sizes must be whole amounts such as '1;2;4', "
                                       f"not {bet_sizes!r}") from None
        else:
            try:
                check_iterable(bet_sizes, "bet_sizes")
                items = list(bet_sizes)
            except TypeError:
                raise PedronTypeError(
                    f"bet_sizes must be amounts, not {shown(bet_sizes)}") from None
        for x in items:
            _whole("a bet size", x, 1)
        if not items or items != sorted(set(items)):
            raise PedronValueError(f"bet_sizes must be increasing, without repeats: "
                                   f"{bet_sizes!r}")
        sizes = tuple(items)
    return GameSpec(stacks, variant, sizes, carry, tie_rule, players)


@dataclass(frozen=True)
class Estimate:
    """What a solve of ``spec`` will take, known before it starts: the tree's ``size``
    (:class:`pedron.diamondback.solver.tree.Size`: nodes, information sets, peak ``bytes``), the
    betting ``states`` the engine was asked about, and ``seconds_per_iteration``
    (predicted)."""

    spec: GameSpec
    size: Size
    states: int
    seconds_per_iteration: float

    @property
    def bytes(self) -> int:
        return self.size.bytes

    def __str__(self) -> str:
        s = self.size
        return (f"{s.nodes:,} nodes ({s.terminals:,} terminal), {s.slots:,} regret entries, "
                f"{s.infosets:,} information sets; peak memory about "
                f"{_mib(s.bytes)}, about {self.seconds_per_iteration * 1000:.2g} ms an "
                f"iteration")


def _mib(n: int) -> str:
    return f"{n / 2**20:,.0f} MiB" if n >= 2**20 else f"{n / 1024:,.0f} KiB"


def estimate(spec: GameSpec) -> Estimate:
    """Count ``spec``'s tree and predict the solve's peak memory and time per iteration,
    without allocating the tree (see :func:`pedron.diamondback.solver.tree.count`)."""
    if not isinstance(spec, GameSpec):
        raise PedronTypeError(f"estimate takes a GameSpec (see game_spec()), not "
                              f"{type(spec).__name__}")
    if spec.players != 2:
        from pedron.diamondback.solver.multi import SECONDS_PER_ENTRY, build_multi, multi_size

        found = build_multi(spec)
        size, entries = multi_size(found)
        return Estimate(spec, size, found.states, entries * SECONDS_PER_ENTRY)
    graph = build_graph(spec)
    size = count(graph)
    return Estimate(spec, size, graph.states, size.nodes * SECONDS_PER_NODE_ITERATION)


@dataclass
class Solution:
    """A solved hand: ``spec``, ``iterations`` of CFR, ``nash_conv`` (chips: the sum of
    every player's best-response gain against the average strategy), ``values`` (each
    seat's expected chips under it, seat 0 the dealer, then the seats to his left),
    ``best`` (each seat's best response's), ``bounds`` (heads-up and zero-sum: the
    dealer's equilibrium value lies in it), ``strategy`` (information set -> [[action,
    probability], ...], as EquilibriumBot reads it), sizes and seconds."""

    spec: GameSpec
    iterations: int
    nash_conv: float
    values: list[float]
    best: list[float]
    strategy: dict[str, list[list[float]]]
    nodes: int
    infosets: int
    estimate: Estimate
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def exploitability(self) -> float:
        """The mean of the players' best-response gains (the NashConv over the number of
        players), in chips."""
        return self.nash_conv / self.spec.players

    @property
    def bounds(self) -> tuple[float, float] | None:
        """The interval holding the dealer's equilibrium value (zero-sum games only): the
        dealer's payoff when the other best-responds, and when the dealer does."""
        if not self.spec.zero_sum or self.spec.players != 2:
            return None
        return (-self.best[1], self.best[0])

    def to_json(self) -> dict[str, Any]:
        from pedron.diamondback.encodings import DiamondbackActions
        from pedron.diamondback.table import GAME

        spec = self.spec
        rules = spec.rules()
        # (the encoding's sizes, as the OpenSpiel solver's files give them: every amount)
        n = spec.players
        sizes = DiamondbackActions(rules, n * spec.stacks, spec.bet_sizes).sizes
        return strategy_document(
            game=GAME.name, solver="pedron-cfr+" if n == 2 else "pedron-dcfr-multi",
            params=spec.params(), rules=rules.to_json(),
            settings={"players": n, "stacks": [spec.stacks] * n,
                      "bet_sizes": list(sizes), "dealer": 0, "carry": spec.carry},
            iterations=self.iterations, nash_conv=self.nash_conv,
            exploitability=self.exploitability, values=self.values,
            bounds=None if self.bounds is None else list(self.bounds),
            nodes=self.nodes, infosets=self.infosets, seconds=self.seconds,
            strategy=self.strategy)


def solve(
    spec: GameSpec,
    *,
    iterations: int = 100_000,
    target: float | None = None,
    check_every: int = 200,
    max_memory: int | None = None,
    progress: ProgressFn | None = None,
    estimated: Estimate | None = None,
    max_seconds: float | None = None,
) -> Solution:
    """Solve ``spec``'s hand with CFR+ until its NashConv is at most ``target`` chips
    (default: 0.1% of the stack), or ``iterations`` have run.

    The NashConv is measured after 10 iterations, then an eighth of the iterations
    done apart, at most ``check_every`` (and at the end);
    ``progress(iterations, nash_conv, seconds)`` is called then. A hand whose predicted
    peak memory exceeds ``max_memory`` bytes (default :func:`memory_limit`) is refused
    before anything is allocated. ``estimated``: :func:`estimate`'s answer, if the
    caller has it already. ``max_seconds``: also stop at the first measure after the
    iterations have run this long (the solution says how far it got).
    """
    iterations = _whole("iterations", iterations, 1)
    check_every = _whole("check_every", check_every, 1)
    if target is None:
        target = 0.001 * spec.stacks
    if isinstance(target, int) and not isinstance(target, bool):
        target = int.__index__(target)  # (the plain value: a subclass's comparisons may lie)
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not (
            target < 2**53 and math.isfinite(target) and target >= 0):
        raise PedronValueError(
            f"target must be a NashConv of at least 0 chips, not {shown(target)}")
    limit = memory_limit() if max_memory is None else _whole("max_memory", max_memory, 1)
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(
            max_seconds, (int, float)) or not max_seconds > 0):
        raise PedronValueError(f"max_seconds must be a positive number of seconds, not "
                               f"{shown(max_seconds)}")
    budget = math.inf if max_seconds is None else float(max_seconds)
    if spec.players != 2:
        return _solve_multi(spec, iterations, target, check_every, limit, progress, estimated,
                            budget)
    from pedron._kernels.cfr import CfrTree

    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    est = estimated if estimated is not None else estimate(spec)
    if est.bytes > limit:
        raise PedronValueError(
            f"stacks {spec.stacks}: the tree has {est.size.nodes:,} nodes and needs about "
            f"{_mib(est.bytes)}, more than the {_mib(limit)} allowed; solve smaller stacks "
            "or fewer bet sizes")
    graph = build_graph(spec)
    arrays = expand(graph)
    chance = chance_table()
    tree = CfrTree(**arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                   has=has_table())
    seconds["tree"] = time.perf_counter() - t0
    run = _iterate(tree, spec.players, iterations, check_every, target, budget, progress)
    seconds["cfr"] = run.seconds
    t2 = time.perf_counter()
    strategy = _strategy(arrays, tree.average(), chance, graph.roles)
    seconds["strategy"] = time.perf_counter() - t2
    seconds["total"] = time.perf_counter() - t0
    return Solution(spec, run.iterations, run.nash_conv, run.values, run.best, strategy,
                    est.size.nodes, len(strategy), est, seconds)


def _solve_multi(spec: GameSpec, iterations: int, target: float, check_every: int,
                 limit: int, progress: ProgressFn | None, estimated: Estimate | None,
                 budget: float) -> Solution:
    """:func:`solve` for three or four players (:mod:`pedron.diamondback.solver.multi`)."""
    from pedron.diamondback.solver.multi import MultiTree, build_multi, expand_multi, multi_size

    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    graph = build_multi(spec)
    if estimated is None:
        size, entries = multi_size(graph)
        from pedron.diamondback.solver.multi import SECONDS_PER_ENTRY

        estimated = Estimate(spec, size, graph.states, entries * SECONDS_PER_ENTRY)
    if estimated.bytes > limit:
        raise PedronValueError(
            f"stacks {spec.stacks}, {spec.players} players: the tree has "
            f"{estimated.size.nodes:,} nodes and needs about {_mib(estimated.bytes)}, more "
            f"than the {_mib(limit)} allowed; solve smaller stacks or fewer bet sizes")
    tree = MultiTree(expand_multi(graph))
    seconds["tree"] = time.perf_counter() - t0
    run = _iterate(tree, spec.players, iterations, check_every, target, budget, progress)
    seconds["cfr"] = run.seconds
    t2 = time.perf_counter()
    strategy = tree.strategy()
    seconds["strategy"] = time.perf_counter() - t2
    seconds["total"] = time.perf_counter() - t0
    return Solution(spec, run.iterations, run.nash_conv, run.values, run.best, strategy,
                    estimated.size.nodes, len(strategy), estimated, seconds)


class _Iterated(Protocol):
    """What :func:`_iterate` asks of a tree: run iterations, and each seat's value and
    best-response value under the average strategy."""

    def run(self, iterations: int) -> Any: ...

    def values(self) -> TreeValues: ...


@dataclass(frozen=True)
class _Run:
    """Where CFR stopped: after ``iterations``, at ``nash_conv`` (each seat's ``values``
    and ``best`` response values), in ``seconds``."""

    iterations: int
    nash_conv: float
    values: list[float]
    best: list[float]
    seconds: float


def _iterate(tree: _Iterated, players: int, iterations: int, check_every: int,
             target: float, budget: float, progress: ProgressFn | None) -> _Run:
    """Run ``tree`` until ``iterations``, a NashConv of ``target`` or ``budget`` seconds,
    whichever comes first (both solvers, heads-up and 3-4 players)."""
    t1 = time.perf_counter()
    nash_conv = math.inf
    values: list[float] = [0.0] * players
    best: list[float] = [0.0] * players
    done = 0
    while done < iterations:
        # (measures a tenth of the way apart, at most check_every: each costs about two
        # iterations, and a stop overshoots the target by at most an eighth)
        step = min(check_every, max(10, done // 8), iterations - done)
        tree.run(step)
        done += step
        measured = tree.values()
        values, best = list(measured.values), list(measured.best)
        nash_conv = measured.nash_conv
        if progress is not None:
            progress(done, nash_conv, time.perf_counter() - t1)
        if nash_conv <= target or time.perf_counter() - t1 >= budget:
            break
    return _Run(done, nash_conv, values, best, time.perf_counter() - t1)


def _strategy(arrays: Any, total: np.ndarray, chance: np.ndarray, roles: dict[int, str]
              ) -> dict[str, list[list[float]]]:
    """Every information set's average strategy, as encoding indexes and probabilities
    (rounded to 6 decimals; uniform over the legal actions where never played).

    Normalised for a block of nodes at a time with numpy (every regret-table entry of a
    hand he cannot hold, or of a reveal of a rank he does not hold, stays 0); the keys
    are :func:`pedron.diamondback.strategyfile.key_text`'s."""
    from pedron.diamondback.solver.tree import _mask_table, prefixes

    out: dict[str, list[list[float]]] = {}
    nh = len(HANDS)
    has = has_table().astype(bool)
    masks = _mask_table(chance)
    moves = prefixes(arrays)
    kind, count_, first, slot = arrays.kind, arrays.count, arrays.first, arrays.slot
    decisions = np.flatnonzero(kind != 0)
    for start in range(0, len(decisions), _BLOCK):
        nodes = decisions[start:start + _BLOCK]
        shared = kind[nodes] == 2
        rows_per = np.where(shared, 1, nh)
        k = count_[nodes].astype(np.int64)
        # one row per (node, hand): its start in the table, its node, its hand
        row_node = np.repeat(nodes, rows_per)
        row_hand = np.concatenate([np.arange(r) for r in rows_per]) if len(nodes) else \
            np.zeros(0, np.int64)
        row_k = count_[row_node].astype(np.int64)
        row_start = slot[row_node] + row_hand * row_k
        # every entry of those rows: its row, its action
        entry_row = np.repeat(np.arange(len(row_node)), row_k)
        entry_action = np.arange(len(entry_row)) - np.repeat(np.cumsum(row_k) - row_k, row_k)
        values = total[np.repeat(row_start, row_k) + entry_action]
        edge = first[row_node][entry_row] + entry_action
        rank = arrays.rank[edge].astype(np.int64)
        hand = row_hand[entry_row]
        legal = (rank < 0) | np.where(rank >= 0, has[np.minimum(hand, nh - 1),
                                                     np.maximum(rank, 0)], False)
        sums = np.bincount(entry_row, weights=values, minlength=len(row_node))
        counts = np.bincount(entry_row, weights=legal, minlength=len(row_node))
        probs = np.where(sums[entry_row] > 0, values / np.where(sums > 0, sums, 1)[entry_row],
                         legal / np.maximum(counts, 1)[entry_row])
        lo = np.array([h[0] for h in HANDS])[np.minimum(hand, nh - 1)]
        codes = np.where(rank < 0, arrays.codes[edge], np.where(rank == lo, 3, 4))
        probs_l = np.round(probs, 6).tolist()
        codes_l = codes.tolist()
        legal_l = legal.tolist()
        ends = np.cumsum(row_k).tolist()
        row = 0
        for j, node in enumerate(nodes.tolist()):
            p = int(arrays.player[node])
            role = roles[p]
            tail = moves[node]
            if shared[j]:
                held = [-1]
            else:
                bits = int(masks[arrays.shown[node][0] + 1, arrays.shown[node][1] + 1, p])
                held = [h for h in range(nh) if (bits >> h) & 1]
            rows = 1 if shared[j] else nh
            for h in range(rows):
                r = row + h
                if h in held or held == [-1]:
                    a, b = ends[r] - int(k[j]), ends[r]
                    key = key_text(role, () if held == [-1] else HANDS[h], tail)
                    out[key] = [[codes_l[e], probs_l[e]] for e in range(a, b) if legal_l[e]]
            row += rows
    return out


def write_strategy(solution: Solution, path: str | os.PathLike[str]) -> Path:
    """Save ``solution`` as a strategy file (JSON); returns the path."""
    return write_strategy_file(solution.to_json(), path)
