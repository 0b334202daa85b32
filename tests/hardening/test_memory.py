"""Repeated calls of every compiled entry point do not grow the process.

Three measures after a warm-up: Python's allocated block count
(``sys.getallocatedblocks``, exact for leaked Python objects), tracemalloc's
traced size (Python allocations, with the allocation site when it fails) and
the resident set size from /proc/self/statm (C allocations too). Thresholds
are generous against noise but far below what a per-call leak gives: even 8
bytes leaked per call over the calls made here is over 1 MB.
The long run is scripts/fuzz/memory_soak.py (millions of calls).
"""

from __future__ import annotations

import gc
import os
import sys
import tracemalloc

import pytest

# (tens of seconds of soaking: the whole run, CI, takes them)
pytestmark = pytest.mark.slow

pytest.importorskip("numpy")

import pedron_calls  # noqa: E402  (after the numpy check: it needs numpy)

BUDGET_US = 30_000  # about 30 ms of calls per entry point: 300,000 of the fastest scalar
TRACED_BUDGET_US = 1_000  # tracemalloc slows every allocation down: fewer calls


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def repeat(fn, n: int) -> None:
    for _ in range(n):
        fn()


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_no_growth_blocks_and_rss():
    report = []
    for name, fn in pedron_calls.ENTRY_POINTS.items():
        n = pedron_calls.calls_for(name, BUDGET_US)
        repeat(fn, n // 10)  # warm-up: caches, interned values, first allocations
        gc.collect()
        blocks0, rss0 = sys.getallocatedblocks(), rss_bytes()
        repeat(fn, n)
        gc.collect()
        blocks1, rss1 = sys.getallocatedblocks(), rss_bytes()
        report.append((name, n, blocks1 - blocks0, rss1 - rss0))
    assert sum(r[1] for r in report) > 1_500_000  # the calls really were made
    grown = [r for r in report if r[2] > 200 or r[3] > 2 * 1024 * 1024]
    assert not grown, f"(entry point, calls, blocks grown, rss grown): {grown}"


def test_no_growth_tracemalloc():
    tracemalloc.start(5)
    try:
        grown = []
        for name, fn in pedron_calls.ENTRY_POINTS.items():
            n = pedron_calls.calls_for(name, TRACED_BUDGET_US)
            repeat(fn, n // 5)
            gc.collect()
            size0 = tracemalloc.get_traced_memory()[0]
            repeat(fn, n)
            gc.collect()
            size1 = tracemalloc.get_traced_memory()[0]
            if size1 - size0 > 32 * 1024:
                # name the allocation sites (only then: snapshots are slow)
                before = tracemalloc.take_snapshot()
                repeat(fn, n)
                gc.collect()
                top = tracemalloc.take_snapshot().compare_to(before, "lineno")[:3]
                grown.append((name, n, size1 - size0, [str(s) for s in top]))
        assert not grown, grown
    finally:
        tracemalloc.stop()


def test_a_leak_would_be_seen():
    """The measure itself works: a deliberate leak of 64 bytes a call is caught."""
    kept = []
    gc.collect()
    blocks0 = sys.getallocatedblocks()
    repeat(lambda: kept.append(bytes(64)), 20_000)
    gc.collect()
    assert sys.getallocatedblocks() - blocks0 > 10_000
