"""Diamondback hands and odds: batch and scalar evaluation, dealing odds, odds in play.

Run: python -m pytest benchmarks/test_bench_diamondback.py --benchmark-enable
Figures (medians) are recorded in docs/perf/diamondback.md.
"""

from __future__ import annotations

import pytest

from pedron.diamondback import (
    dealing_odds,
    evaluate,
    evaluate_batch,
    evaluate_batch_unchecked,
    odds,
    strength_of_ranks,
)
from pedron.reference import diamondback as ref

np = pytest.importorskip("numpy")

BATCH = 1_000_000  # 2 MB of rows: fits in cache; call overhead is noise
BIG_BATCH = 16_000_000  # 32 MB of rows: bound by memory bandwidth


def _rank_rows(n: int):
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 5, size=(n, 2), dtype=np.uint8)
    rows[(rows[:, 0] == 4) & (rows[:, 1] == 4)] = (4, 3)
    return rows


def _id_rows(n: int):
    rng = np.random.default_rng(2)
    a = rng.integers(0, 43, size=n, dtype=np.uint8)
    b = (a + rng.integers(1, 43, size=n, dtype=np.uint8)) % 43
    return np.ascontiguousarray(np.stack([a, b], axis=1).astype(np.uint8))


@pytest.mark.parametrize("kind", ["ranks", "ids"])
def test_evaluate_batch(benchmark, kind):
    rows = _rank_rows(BATCH) if kind == "ranks" else _id_rows(BATCH)
    out = np.empty(BATCH, dtype=np.uint8)
    benchmark.extra_info["hands"] = BATCH
    benchmark(evaluate_batch, rows, out=out, ids=kind == "ids")


def test_evaluate_batch_big(benchmark):
    rows = _rank_rows(BIG_BATCH)
    out = np.empty(BIG_BATCH, dtype=np.uint8)
    benchmark.extra_info["hands"] = BIG_BATCH
    benchmark(evaluate_batch, rows, out=out)


def test_evaluate_batch_unchecked(benchmark):
    rows = _rank_rows(BATCH)
    out = np.empty(BATCH, dtype=np.uint8)
    benchmark.extra_info["hands"] = BATCH
    benchmark(evaluate_batch_unchecked, rows, out=out)


def test_evaluate_batch_small(benchmark):
    rows = _rank_rows(1000)
    out = np.empty(1000, dtype=np.uint8)
    benchmark.extra_info["hands"] = 1000
    benchmark(evaluate_batch, rows, out=out)


@pytest.mark.parametrize(
    "hand, ids",
    [((4, 3), False), ((0, 13), True), ("Magician Priestess", False), ([np.uint8(4), 3], False)],
    ids=["rank-tuple", "id-tuple", "text", "numpy-ints"],
)
def test_evaluate_scalar(benchmark, hand, ids):
    benchmark(evaluate, hand, ids=ids)


def test_strength_of_ranks(benchmark):
    benchmark(strength_of_ranks, 4, 3)


def test_dealing_odds(benchmark):
    benchmark(dealing_odds, 4)


@pytest.mark.parametrize(
    "hand, revealed, players",
    [
        ("Queen King", [None, None, None], 4),
        ("Queen King", ["S", "Q", "P"], 4),
        ("Priest Priest", [None, "K", None], 4),
        ("Priestess King", [None, None], 3),
        ("Queen King", [None], 2),
    ],
    ids=["4p-none-revealed", "4p-all-revealed", "4p-mixed", "3p-none-revealed", "2p"],
)
def test_odds(benchmark, hand, revealed, players):
    benchmark(odds, hand, revealed=revealed, players=players)


def test_odds_reference_4p(benchmark):
    """The plain-Python reference (ordered rank sequences), for comparison."""
    benchmark.pedantic(
        ref.odds_by_ranks, args=([2, 1], [None, None, None], [], 4), rounds=3, iterations=1
    )
