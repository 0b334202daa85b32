"""Memory soak: millions of calls of every compiled entry point, process size watched.

Usage (from the repository root, after building the extensions)::

    python scripts/fuzz/memory_soak.py --calls 2000000          # 2 M calls of the fast ones
    python scripts/fuzz/memory_soak.py --seconds 5 draw_odds_1  # time budget, some entry points
    python scripts/fuzz/memory_soak.py --tracemalloc --calls 100000
    python scripts/fuzz/memory_soak.py --list

Every entry point gets ``--calls`` calls scaled by its cost (the cheapest
scalar calls get exactly ``--calls``; a call 100x dearer gets 1/100 of them),
or ``--seconds`` of calls. After a warm-up of a tenth of the calls it records
Python's allocated blocks, the resident set size (/proc/self/statm) and, with
``--tracemalloc``, the traced Python allocations, then checks them again after
the calls. Exits 1 if any grew beyond the limits (by default 1,000 blocks,
4 MiB of RSS, 256 KiB traced).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pedron_calls


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("entry_points", nargs="*")
    p.add_argument("--calls", type=int, default=1_000_000,
                   help="calls of the cheapest entry points (others scaled by cost)")
    p.add_argument("--seconds", type=float, help="time per entry point instead of --calls")
    p.add_argument("--tracemalloc", action="store_true")
    p.add_argument("--max-blocks", type=int, default=1000)
    p.add_argument("--max-rss", type=int, default=4 << 20)
    p.add_argument("--max-traced", type=int, default=256 << 10)
    p.add_argument("--list", action="store_true")
    args = p.parse_args(argv)
    if args.list:
        print("\n".join(pedron_calls.ENTRY_POINTS))
        return 0
    names = args.entry_points or list(pedron_calls.ENTRY_POINTS)
    cheapest = min(pedron_calls.COST_US.values())
    if args.tracemalloc:
        tracemalloc.start(1)
    print(f"{'entry point':<24} {'calls':>10} {'calls/s':>10} {'blocks':>8} {'rss KiB':>8}"
          + (f" {'traced KiB':>10}" if args.tracemalloc else ""))
    failed = []
    total = 0
    start_rss = rss_bytes()
    for name in names:
        fn = pedron_calls.ENTRY_POINTS[name]
        if args.seconds is not None:
            n = None
        else:
            n = max(100, int(args.calls * cheapest / pedron_calls.COST_US[name]))
        warm = 1000 if n is None else max(10, n // 10)
        for _ in range(warm):
            fn()
        gc.collect()
        blocks0, rss0 = sys.getallocatedblocks(), rss_bytes()
        traced0 = tracemalloc.get_traced_memory()[0] if args.tracemalloc else 0
        t0 = time.perf_counter()
        done = 0
        if n is None:
            deadline = t0 + args.seconds
            while time.perf_counter() < deadline:
                for _ in range(1000):
                    fn()
                done += 1000
        else:
            for _ in range(n):
                fn()
            done = n
        elapsed = time.perf_counter() - t0
        gc.collect()
        blocks = sys.getallocatedblocks() - blocks0
        rss = rss_bytes() - rss0
        traced = (tracemalloc.get_traced_memory()[0] - traced0) if args.tracemalloc else 0
        total += done
        line = (f"{name:<24} {done:>10} {done / elapsed:>10.0f} {blocks:>8} {rss // 1024:>8}"
                + (f" {traced // 1024:>10}" if args.tracemalloc else ""))
        print(line, flush=True)
        if blocks > args.max_blocks or rss > args.max_rss or traced > args.max_traced:
            failed.append(name)
    print(f"total calls {total}; resident size {start_rss // 1024} KiB -> "
          f"{rss_bytes() // 1024} KiB")
    if failed:
        print(f"GROWTH in: {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
