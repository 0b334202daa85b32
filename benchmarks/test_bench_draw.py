"""Draw analysis and video poker: the advisor per call, the batch, and a whole
pay table solved.

Run: python -m pytest benchmarks/test_bench_draw.py --benchmark-enable
Figures are recorded in docs/performance.md ("Draw analysis and video poker").
"""

from __future__ import annotations

import pytest

from pedron.cards import deal_batch
from pedron.drawpoker import DrawLimit, PayTable, analyse_batch, draw_odds
from pedron.videopoker import analyse

np = pytest.importorskip("numpy")

FPDW = PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1])
HANDS = 200


@pytest.fixture(scope="module")
def rows():
    return np.asarray(deal_batch(2_000, 5, seed=20261201))


@pytest.fixture(scope="module")
def hands(rows):
    return [tuple(int(c) for c in r) for r in rows[:HANDS]]


def _rate(benchmark, n):
    benchmark.extra_info["items"] = n


@pytest.mark.parametrize("objective", [None, FPDW], ids=["strength", "pay-table"])
@pytest.mark.parametrize("limit", [2, 4, DrawLimit(5)], ids=["max2", "max4", "any5"])
def test_advisor_per_hand(benchmark, hands, objective, limit):
    few = hands if limit == 2 else hands[:20]

    def run():
        for h in few:
            draw_odds(h, limit, objective=objective)

    benchmark(run)
    _rate(benchmark, len(few))


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_pay_table(benchmark, rows, threads):
    benchmark(analyse_batch, rows, 2, objective=FPDW, threads=threads)
    _rate(benchmark, len(rows))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("table", ["full-pay-deuces-wild", "9/6"])
def test_videopoker_pay_table(benchmark, table, threads):
    analyse(table)  # the pay-independent tables are built once per mode
    benchmark(analyse, table, threads=threads)
    _rate(benchmark, 1)
