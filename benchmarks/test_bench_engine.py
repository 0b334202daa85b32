"""The table engine's own costs: a view early and late in a long session, and the
restore of a session with 5,000 hands kept (``engine_workloads.py``).

    python -m pytest benchmarks/test_bench_engine.py --benchmark-enable

A view should cost the same at the 1st and the 200th deal of a kept session
(its history is censored as it grows, not rebuilt); a restore should cost in
proportion to the file. ``compare_engines.py`` runs the same workloads against
another pedron (the previous commit) side by side.
"""

from __future__ import annotations

import random

import engine_workloads as w
import pytest

from pedron import diamondback


@pytest.mark.parametrize("deals_before", [0, 199], ids=["deal-1", "deal-200"])
def test_view_cost(benchmark, deals_before):
    table = w._kept_session(deals_before)
    game = w._next(table)
    game.bet(1)
    seat = game.to_act
    benchmark.extra_info["items"] = 1
    benchmark(table.view, seat)


def test_restore_5000_kept(benchmark):
    rnd = random.Random(3)
    table = w._table("diamondback", 2, 10**6, 3, keep=True)
    for _ in range(5000):
        w.play_random_diamondback_hand(w._next(table), rnd, small=True)
    text = table.to_json()
    benchmark.extra_info["items"] = 5000
    benchmark.extra_info["bytes"] = len(text)
    again = benchmark.pedantic(diamondback.Table.from_json, args=(text,), rounds=5, iterations=1)
    assert again.to_json() == text
