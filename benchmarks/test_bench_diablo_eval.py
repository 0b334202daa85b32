"""Diablo evaluator: batch, scalar, draw advisor, import time, and peers (natural mode).

Run: python -m pytest benchmarks/test_bench_diablo_eval.py --benchmark-enable
Figures (medians) are recorded in docs/perf/diablo_eval.md. Each benchmark
stores its per-hand rate in ``extra_info``; peers missing from the
environment are skipped (install them with ``pip install pedron[bench]``).
Peers are timed through the runners ``pedron bench`` times
(``pedron.bench.PEER_EVALUATORS``: each peer's fastest public entry point, on
cards converted beforehand), so the two report the same thing.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys

import pytest

from pedron.bench import PEER_EVALUATORS
from pedron.cards import CardSet, deal_batch, format_card
from pedron.diablo import draw_odds, evaluate, evaluate_batch, evaluate_batch_unchecked, strength

np = pytest.importorskip("numpy")

BATCH = 1_000_000  # 5 MB of rows
CALLS = 10_000  # hands per scalar round (the loop itself costs ~10 ns a call)


@pytest.fixture(scope="module")
def rows():
    return np.asarray(deal_batch(BATCH, 5, seed=20261130))


@pytest.fixture(scope="module")
def masks(rows):
    m = np.zeros(len(rows), dtype=np.uint64)
    for j in range(5):
        m |= np.uint64(1) << rows[:, j].astype(np.uint64)
    return m


@pytest.fixture(scope="module")
def few(rows):
    return [tuple(int(c) for c in r) for r in rows[:CALLS]]


def _rate(benchmark, n):
    benchmark.extra_info["items"] = n
    if benchmark.stats is None:  # --benchmark-disable: ran once, nothing measured
        return
    med = benchmark.stats.stats.median
    benchmark.extra_info["per_item_ns"] = med / n * 1e9
    benchmark.extra_info["M_per_s"] = n / med / 1e6


# --- batch ---------------------------------------------------------------------


@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
@pytest.mark.parametrize("fn", [evaluate_batch, evaluate_batch_unchecked],
                         ids=["checked", "unchecked"])
def test_batch_cards(benchmark, rows, wild, fn):
    out = np.empty(len(rows), dtype=np.uint16)
    benchmark(fn, rows, wild=wild, out=out)
    _rate(benchmark, len(rows))


@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_batch_cards_plain_c_loop(benchmark, rows, wild):
    """The baseline of the checked batch: the same checked evaluation as a plain C loop
    (card by card: range, duplicate, table entry), same compiler and flags. The issue's
    target is the checked batch at least 1.5x this; `pedron bench` times both round by
    round ("vs plain C loop"), the figure to quote."""
    from pedron._kernels.c_baseline import plain_c_loop

    out = np.empty(len(rows), dtype=np.uint16)
    benchmark(plain_c_loop, rows, out, wild)
    _rate(benchmark, len(rows))


@pytest.mark.parametrize("given", [True, False], ids=["out-given", "out-new"])
def test_batch_fixed_cost(benchmark, given):
    """The cost of a batch call itself: one row (the issue's target: at most 1 us)."""
    one = np.array([[0, 5, 10, 20, 30]], dtype=np.uint8)
    out = np.empty(1, dtype=np.uint16)
    if given:
        benchmark(evaluate_batch, one, out=out)
    else:
        benchmark(evaluate_batch, one)
    benchmark.extra_info["items"] = 1


@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_batch_masks(benchmark, masks, wild):
    out = np.empty(len(masks), dtype=np.uint16)
    benchmark(evaluate_batch, masks, wild=wild, out=out)
    _rate(benchmark, len(masks))


@pytest.fixture(scope="module")
def big_rows():
    return np.asarray(deal_batch(8 * BATCH, 5, seed=1))  # 40 MB: out of cache


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_big_threads(benchmark, big_rows, threads):
    out = np.empty(len(big_rows), dtype=np.uint16)
    benchmark(evaluate_batch, big_rows, out=out, threads=threads)
    _rate(benchmark, len(big_rows))


# --- scalar --------------------------------------------------------------------


def _loop(fn, hands):
    for h in hands:
        fn(h)


def _loop_wild(fn, hands):
    for h in hands:
        fn(h, wild=True)


def _loop_natural(fn, hands):
    for h in hands:
        fn(h, wild=False)


def test_scalar_evaluate_tuple(benchmark, few):
    benchmark(_loop, evaluate, few)
    _rate(benchmark, len(few))


@pytest.mark.parametrize("loop", [_loop_wild, _loop_natural], ids=["wild", "natural"])
def test_scalar_evaluate_tuple_keyword(benchmark, few, loop):
    benchmark(loop, evaluate, few)
    _rate(benchmark, len(few))


def test_scalar_evaluate_mask(benchmark, few):
    ms = [sum(1 << c for c in h) for h in few]
    benchmark(_loop, evaluate, ms)
    _rate(benchmark, len(ms))


def test_scalar_evaluate_cardset(benchmark, few):
    sets = [CardSet(list(h)) for h in few]
    benchmark(_loop, evaluate, sets)
    _rate(benchmark, len(sets))


def test_scalar_strength_tuple(benchmark, few):
    benchmark(_loop, strength, few)
    _rate(benchmark, len(few))


def test_scalar_evaluate_text(benchmark, few):
    texts = [" ".join(format_card(c) for c in h) for h in few[:1000]]
    benchmark(_loop, evaluate, texts)
    _rate(benchmark, len(texts))


# --- draw advisor --------------------------------------------------------------


def test_draw_odds_max2(benchmark):
    benchmark(draw_odds, "9c 9d 2h 7s Kd", 2)


def test_draw_odds_max3(benchmark):
    benchmark(draw_odds, "9c 9d 2h 7s Kd", 3)


def test_draw_odds_max4_one_ace(benchmark):
    benchmark(draw_odds, "Ac 9d 2h 7s Kd", 4)


def test_draw_odds_max4_four_aces(benchmark):
    # Worst case: four ways to keep a lone ace, 178,365 draws each.
    benchmark(draw_odds, "Ac Ad Ah As Kd", 4)


# --- import --------------------------------------------------------------------

_IMPORT = (
    "import time; t = time.perf_counter(); import pedron.diablo; "
    "print(time.perf_counter() - t)"
)


def test_import_time(benchmark):
    inner = []

    def run():
        out = subprocess.run([sys.executable, "-c", _IMPORT], capture_output=True, text=True,
                             check=True)
        inner.append(float(out.stdout))

    benchmark.pedantic(run, rounds=15, iterations=1)
    benchmark.extra_info["import_ms_median"] = statistics.median(inner) * 1e3
    assert inner


# --- peers, natural mode, the same hands ---------------------------------------


def test_peer_pedron_strength_natural(benchmark, few):
    benchmark(_loop_natural, strength, few)
    _rate(benchmark, len(few))


def test_peer_pedron_batch_natural(benchmark, few):
    arr = np.array(few, dtype=np.uint8)
    out = np.empty(len(arr), dtype=np.uint16)
    benchmark(evaluate_batch, arr, wild=False, out=out)
    _rate(benchmark, len(arr))


def _peer_id(peer):
    return re.sub(r"[^a-z0-9]+", "-", peer.name.lower()).strip("-")


@pytest.mark.parametrize("peer", PEER_EVALUATORS, ids=_peer_id)
def test_peer(benchmark, few, peer):
    """Each peer through the same prepared runner as `pedron bench` times
    (pedron.bench.peers: its fastest public entry point, cards converted to its form
    beforehand), so both report the same thing."""
    if not peer.available():
        pytest.skip(f"{peer.name} is not installed")
    run = peer.prepare(few)
    benchmark.extra_info["entry"] = peer.entry
    benchmark(run)
    _rate(benchmark, len(few))
