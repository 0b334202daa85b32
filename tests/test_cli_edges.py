"""Smaller edges of the command line (issue 40): each fixed with its test."""

from __future__ import annotations

import io
import math
from itertools import pairwise

import pytest

from pedron.cli.progress import TimeLeft
from pedron.cli.solve import SolveProgress


def _shown(readings):
    eta = TimeLeft()
    return [eta.update(now, raw) for now, raw in readings]


def _never_up_faster_than_time(times, values):
    for (t0, v0), (t1, v1) in pairwise(zip(times, values, strict=True)):
        assert v1 <= v0 + (t1 - t0) + 1e-9, (t0, v0, t1, v1)


def test_the_time_left_does_not_jump_with_one_wild_estimate():
    # the raw estimates `pedron solve --stacks 12` showed, one a second
    raw = [344, 32, 150, 11_861, 15, 2]
    times = list(range(1, len(raw) + 1))
    shown = _shown(zip(times, raw, strict=True))
    _never_up_faster_than_time(times, shown)
    assert shown[0] == 344 and max(shown) == 344  # (the spike to 11,861 is not shown)
    assert shown[-1] < shown[-2] < shown[-3]  # (but the fall at the end is)


def test_the_time_left_counts_down_with_a_steady_estimate():
    times = [10.0 * k for k in range(1, 20)]
    shown = _shown((t, 500 - t) for t in times)
    assert shown == pytest.approx([500 - t for t in times])


def test_the_time_left_rises_only_by_a_clear_margin_and_no_faster_than_time():
    times = [float(k) for k in range(1, 40)]
    # 10% more than the last value, counted down: not shown as a rise
    shown = _shown((t, 100 - t + (0 if t == 1 else 10)) for t in times)
    _never_up_faster_than_time(times, shown)
    assert all(b < a for a, b in pairwise(shown))
    # ten times more and staying there: it does rise, a second a second at most
    shown = _shown((t, 100.0 if t < 5 else 1000.0) for t in times)
    _never_up_faster_than_time(times, shown)
    assert shown[-1] > shown[4]


def test_the_solve_progress_shows_a_steady_time_left():
    out = io.StringIO()
    bar = SolveProgress(target=0.001, iterations=10**9, stream=out, every=0.0, tty=False)
    shown = []
    times = []
    for k in range(1, 30):
        iteration = 1000 * k
        wobble = 1.3 if k % 3 == 0 else 1.0  # (a NashConv that falls unevenly)
        bar(iteration, wobble * 10.0 / math.sqrt(iteration), 0.01 * iteration)
        if bar.left() is not None:
            shown.append(bar.left())
            times.append(0.01 * iteration)
    assert len(shown) == 28 and "left" in out.getvalue().splitlines()[-1]
    _never_up_faster_than_time(times, shown)
