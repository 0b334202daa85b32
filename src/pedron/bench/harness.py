"""Interleaved timing, spreads and the machine: what makes ratios from one run sound.

Every evaluator is timed once per round, round after round (round-robin), so
a burst of load on a shared machine falls on all of them alike instead of on
whichever ran at that moment; each figure is the median over the rounds with
its range, and a ratio between two evaluators is taken round by round (the
same moment for both) before its median and range.

What ran just before a timed run matters too: an evaluator with large tables
(pokerkit's lookup) evicts the caches of the next one, which then pays for
it (pedron's ``evaluate()`` took three times as long right after pokerkit as
alone). So no runner always follows the same one: round ``r`` starts at
runner ``r mod n`` and goes round in order (round 0: a b c, round 1: b c a,
round 2: c a b, ...), and each timed run may be preceded, immediately and
untimed, by a short warm-up of the same runner (``warm``: the same evaluation
on a few hundred of its hands), which brings its own tables and code back
into the caches. Whatever a neighbour costs is then spread over all the
runners instead of falling on one, and no figure depends on where in the
order it sits.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Measured", "RunnerFailed", "Spread", "Timing", "machine", "ratio", "run_rounds"]

#: A figure whose range is wider than this share of its median says the machine
#: was busy (or the clock coarse) while it was measured.
NOISY = 0.25


@dataclass(frozen=True)
class Spread:
    """A median and the range (min, max) it came from."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values))

    @property
    def relative(self) -> float:
        """The range as a share of the median (0 for a single value)."""
        return (self.high - self.low) / self.median if self.median else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"median": self.median, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Timing:
    """The rounds of one evaluator: wall and CPU seconds for all its hands, per round."""

    wall: tuple[float, ...]
    cpu: tuple[float, ...]

    def rate(self, hands: int) -> Spread:
        """Hands per second (median and range over the rounds, from wall time)."""
        return Spread.of([hands / t for t in self.wall])

    @property
    def busy(self) -> float:
        """The median share of wall time this process was on a CPU (1.0: the whole
        time; less means it waited for the CPU, or for memory)."""
        return self.cpu_share.median

    @property
    def cpu_share(self) -> Spread:
        """The share of wall time this process was on a CPU, per round: median and
        range over the rounds."""
        return Spread.of([c / w for c, w in zip(self.cpu, self.wall, strict=True) if w])


@dataclass(frozen=True)
class Measured:
    """What a runner that is timed elsewhere (in a child process) returns: the wall and
    CPU seconds of its run, measured where it ran, and its output."""

    wall: float
    cpu: float
    value: Any = None


class RunnerFailed(Exception):
    """Raised by a runner that can run no more (its evaluator crashed, timed out...):
    :func:`run_rounds` given ``failed`` leaves it out of the rounds that follow."""


def _clock(run: Callable[[], Any]) -> tuple[float, float, Any]:
    cpu0, wall0 = time.process_time(), time.perf_counter()
    out = run()
    wall = time.perf_counter() - wall0
    if isinstance(out, Measured):  # (timed where it ran: its own clocks)
        return out.wall, out.cpu, out.value
    return wall, time.process_time() - cpu0, out


def run_rounds(
    runs: Sequence[Callable[[], Any]],
    rounds: int,
    progress: Callable[[int], None] | None = None,
    warmup: bool = False,
    warm: Sequence[Callable[[], Any] | None] | None = None,
    failed: dict[int, RunnerFailed] | None = None,
) -> tuple[list[Timing], list[Any]]:
    """Time every runner once per round, ``rounds`` times, in turn; returns their
    timings (in the order of ``runs``) and each runner's output of the last round.

    Round ``r`` starts at runner ``r mod len(runs)`` (the order rotates, so no
    runner always runs right after the same one). ``warm``: one short untimed
    run per runner (or ``None``), called immediately before each of its timed
    runs. ``warmup``: run each runner once, untimed, before the first round
    (caches filled, code paths warm, memory allocated). ``progress`` is told the
    number of timed runs done after each (a runner left out counts as done).

    ``failed``: a runner (or its warm-up) that raises :class:`RunnerFailed` is
    recorded there by its index and left out from then on (its timing holds the
    rounds it finished); without it the error propagates. A runner that
    returns :class:`Measured` was timed where it ran: its own clocks are used."""
    n = len(runs)
    if warm is not None and len(warm) != n:
        raise ValueError(f"{len(warm)} warm-up runs for {n} runners")
    out_of_it: dict[int, RunnerFailed] = {} if failed is None else failed

    def attempt(i: int, call: Callable[[], Any]) -> tuple[float, float, Any] | None:
        if i in out_of_it:
            return None
        if failed is None:
            return _clock(call)
        try:
            return _clock(call)
        except RunnerFailed as exc:
            out_of_it[i] = exc
            return None

    if warmup:
        for i, run in enumerate(runs):
            attempt(i, run)
    walls: list[list[float]] = [[] for _ in runs]
    cpus: list[list[float]] = [[] for _ in runs]
    outs: list[Any] = [None] * n
    done = 0
    for r in range(rounds):
        for k in range(n):
            i = (r + k) % n
            before = warm[i] if warm is not None else None
            if before is not None:
                attempt(i, before)
            timed = attempt(i, runs[i])
            if timed is not None:
                wall, cpu, outs[i] = timed
                walls[i].append(max(wall, 1e-9))
                cpus[i].append(cpu)
            done += 1
            if progress is not None:
                progress(done)
    return [Timing(tuple(w), tuple(c)) for w, c in zip(walls, cpus, strict=True)], outs


def ratio(a: Timing, a_hands: int, b: Timing, b_hands: int) -> Spread:
    """How many times faster per hand ``a`` was than ``b``, round by round."""
    return Spread.of([
        (a_hands / ta) / (b_hands / tb) for ta, tb in zip(a.wall, b.wall, strict=True)
    ])


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = os.cpu_count() or 1
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        load = None
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "load_average": load,
        "system": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "python_build": sys.version.split("\n")[0],
    }
