"""Heads-up Diamondback solved by pedron's own compiled CFR+ (``pedron solve diamondback``).

The hand's tree is read off the engine (:mod:`pedron.solver.tree`: the betting
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
* :func:`write_strategy` writes the strategy file that
  :class:`pedron.bots.equilibrium.EquilibriumBot` plays (the format of
  :mod:`pedron.spiel.solve`'s files, information sets keyed by
  :func:`pedron.bots.equilibrium.info_key`).
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pedron.bots.equilibrium import FORMAT
from pedron.errors import PedronTypeError, PedronValueError
from pedron.solver.tree import (
    HANDS,
    GameSpec,
    Size,
    build_graph,
    chance_table,
    count,
    expand,
    has_table,
    infosets,
    outcome_table,
)

__all__ = ["Estimate", "GameSpec", "Solution", "estimate", "game_spec", "memory_limit",
           "solve", "write_strategy"]

#: Seconds per expanded node and iteration, measured (docs/performance.md): the time
#: estimate is this times the nodes (an upper figure: nodes no hand reaches are skipped).
SECONDS_PER_NODE_ITERATION = 6e-8

ProgressFn = Callable[[int, float, float], None]


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


def _whole(name: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PedronTypeError(f"{name} must be a whole number, not {value!r}")
    if value < low:
        raise PedronValueError(f"{name} must be at least {low}, not {value}")
    return int(value)


def game_spec(stacks: int, variant: str = "normal", bet_sizes: Any = None,
              carry: str = "split", tie_rule: str = "showdown") -> GameSpec:
    """A checked :class:`GameSpec` (``bet_sizes``: ``None``, text such as ``"1;2;4"``, or
    a sequence of increasing whole amounts)."""
    stacks = _whole("stacks", stacks, 1)
    if variant not in ("normal", "dealers"):
        raise PedronValueError(f"variant must be 'normal' or 'dealers', not {variant!r}")
    if carry not in ("split", "refund", "lost"):
        raise PedronValueError(f"carry must be 'split', 'refund' or 'lost', not {carry!r}")
    if tie_rule not in ("showdown", "split"):
        raise PedronValueError(f"tie_rule must be 'showdown' or 'split', not {tie_rule!r}")
    sizes: tuple[int, ...] | None
    if bet_sizes is None or bet_sizes == "":
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
                items = list(bet_sizes)
            except TypeError:
                raise PedronTypeError(f"bet_sizes must be amounts, not {bet_sizes!r}") from None
        for x in items:
            _whole("a bet size", x, 1)
        if not items or items != sorted(set(items)):
            raise PedronValueError(f"bet_sizes must be increasing, without repeats: "
                                   f"{bet_sizes!r}")
        sizes = tuple(items)
    return GameSpec(stacks, variant, sizes, carry, tie_rule)


@dataclass(frozen=True)
class Estimate:
    """What a solve of ``spec`` will take, known before it starts: the tree's ``size``
    (:class:`pedron.solver.tree.Size`: nodes, information sets, peak ``bytes``), the
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
    without allocating the tree (see :func:`pedron.solver.tree.count`)."""
    graph = build_graph(spec)
    size = count(graph)
    return Estimate(spec, size, graph.states, size.nodes * SECONDS_PER_NODE_ITERATION)


@dataclass
class Solution:
    """A solved heads-up hand: ``spec``, ``iterations`` of CFR+, ``nash_conv`` (chips: the
    two best responses' gains against the average strategy), ``values`` (each seat's
    expected chips under it, seat 0 the dealer), ``bounds`` (zero-sum: the dealer's
    equilibrium value lies in it), ``strategy`` (information set -> [[action,
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
        """Half the NashConv (the mean of the two best responses' gains), in chips."""
        return self.nash_conv / 2

    @property
    def bounds(self) -> tuple[float, float] | None:
        """The interval holding the dealer's equilibrium value (zero-sum games only): the
        dealer's payoff when the other best-responds, and when the dealer does."""
        if not self.spec.zero_sum:
            return None
        return (-self.best[1], self.best[0])

    def to_json(self) -> dict[str, Any]:
        spec = self.spec
        rules = spec.rules()
        return {
            "format": FORMAT, "version": 1, "game": "diamondback", "solver": "pedron-cfr+",
            "params": spec.params(), "rules": rules.to_json(),
            "settings": {"players": 2, "stacks": [spec.stacks, spec.stacks],
                         "bet_sizes": list(spec.bet_sizes or ()), "dealer": 0,
                         "carry": spec.carry},
            "iterations": self.iterations, "nash_conv": self.nash_conv,
            "exploitability": self.exploitability, "values": self.values,
            "bounds": None if self.bounds is None else list(self.bounds),
            "nodes": self.nodes, "infosets": self.infosets, "seconds": self.seconds,
            "strategy": self.strategy,
        }


def solve(
    spec: GameSpec,
    *,
    iterations: int = 100_000,
    target: float | None = None,
    check_every: int = 50,
    max_memory: int | None = None,
    progress: ProgressFn | None = None,
    estimated: Estimate | None = None,
) -> Solution:
    """Solve ``spec``'s hand with CFR+ until its NashConv is at most ``target`` chips
    (default: 0.1% of the stack), or ``iterations`` have run.

    The NashConv is measured every ``check_every`` iterations (and at the end);
    ``progress(iterations, nash_conv, seconds)`` is called then. A hand whose predicted
    peak memory exceeds ``max_memory`` bytes (default :func:`memory_limit`) is refused
    before anything is allocated. ``estimated``: :func:`estimate`'s answer, if the
    caller has it already.
    """
    iterations = _whole("iterations", iterations, 1)
    check_every = _whole("check_every", check_every, 1)
    if target is None:
        target = 0.001 * spec.stacks
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not (
            math.isfinite(target) and target >= 0):
        raise PedronValueError(f"target must be a NashConv of at least 0 chips, not {target!r}")
    limit = memory_limit() if max_memory is None else _whole("max_memory", max_memory, 1)
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
    t1 = time.perf_counter()
    nash_conv = math.inf
    values: list[float] = [0.0, 0.0]
    best: list[float] = [0.0, 0.0]
    done = 0
    while done < iterations:
        step = min(check_every, iterations - done)
        tree.run(step)
        done += step
        values, best = tree.values()
        nash_conv = max(best[0] - values[0] + best[1] - values[1], 0.0)
        if progress is not None:
            progress(done, nash_conv, time.perf_counter() - t1)
        if nash_conv <= target:
            break
    seconds["cfr"] = time.perf_counter() - t1
    t2 = time.perf_counter()
    strategy = _strategy(arrays, tree.average(), chance, graph.roles)
    seconds["strategy"] = time.perf_counter() - t2
    seconds["total"] = time.perf_counter() - t0
    return Solution(spec, done, nash_conv, values, best, strategy, est.size.nodes,
                    len(strategy), est, seconds)


def _strategy(arrays: Any, total: np.ndarray, chance: np.ndarray, roles: dict[int, str]
              ) -> dict[str, list[list[float]]]:
    """Every information set's average strategy, as encoding indexes and probabilities
    (rounded to 6 decimals; uniform over the legal actions where never played)."""
    out: dict[str, list[list[float]]] = {}
    nh = len(HANDS)
    low = np.array([h[0] for h in HANDS])
    high = np.array([h[1] for h in HANDS])
    for node, hands, keys in infosets(arrays, chance, roles):
        if not hands:  # (no hand can be dealt to reach it: no information set)
            continue
        k = int(arrays.count[node])
        e0 = int(arrays.first[node])
        base = int(arrays.slot[node])
        ranks = arrays.rank[e0:e0 + k].astype(np.int64)
        if hands == [-1]:  # shared (before the deal)
            block = total[base:base + k].reshape(1, k)
            legal = np.ones((1, k), dtype=bool)
            codes = np.broadcast_to(arrays.codes[e0:e0 + k], (1, k))
        else:
            block = total[base:base + nh * k].reshape(nh, k)[hands]
            rows = np.array(hands, dtype=np.int64)
            reveal = ranks >= 0
            lo, hi = low[rows][:, None], high[rows][:, None]
            legal = ~reveal[None, :] | (ranks[None, :] == lo) | (ranks[None, :] == hi)
            codes = np.where(reveal[None, :], np.where(ranks[None, :] == lo, 3, 4),
                             arrays.codes[e0:e0 + k][None, :])
        block = np.where(legal, block, 0.0)
        sums = block.sum(axis=1, keepdims=True)
        uniform = legal / legal.sum(axis=1, keepdims=True)
        probs = np.where(sums > 0, block / np.where(sums > 0, sums, 1.0), uniform)
        probs = np.round(probs, 6)
        for j, key in enumerate(keys):
            take = np.flatnonzero(legal[j])
            order = take[np.argsort(codes[j][take], kind="stable")]
            out[key] = [[int(codes[j][a]), float(probs[j][a])] for a in order]
    return out


def write_strategy(solution: Solution, path: str | os.PathLike[str]) -> Path:
    """Save ``solution`` as a strategy file (JSON); returns the path."""
    out = Path(path)
    out.write_text(json.dumps(solution.to_json(), separators=(",", ":")) + "\n")
    return out
