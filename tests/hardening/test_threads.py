"""Thread safety: many threads calling the evaluators, odds and dealing at once
give exactly the single-threaded results; shared decks and generators never
corrupt their state (see docs/reliability.md for what may be shared)."""

from __future__ import annotations

from typing import Any

import pytest
from thread_stress import THREADS, run_threads

from pedron import CardSet, Generator, deal_batch, diablo, diamondback
from pedron.errors import ArrayError, PedronError

np = pytest.importorskip("numpy")

RNG = np.random.default_rng(20261130)
HANDS = np.array([RNG.permutation(52)[:5] for _ in range(3000)], dtype=np.uint8)
MASKS = np.array([sum(1 << int(c) for c in h) for h in HANDS], dtype=np.uint64)
DB_RANKS = RNG.integers(0, 4, size=(5000, 2), dtype=np.uint8)
DB_IDS = np.array([RNG.permutation(43)[:2] for _ in range(5000)], dtype=np.uint8)
ODDS_CASES = [
    ("M S", None, None, 2),
    ("Q K", [None, None], None, 3),
    ("S S", ["M", None, "Q"], ["P"], 4),
    ("K P", ["S"], None, 2),
    ("M Q", [None, "S", None], None, 4),
]
DRAW_HANDS = ["2c 2d 9h 9s Kd", "As Ks Qs Js 3d", "7c 8d 9h Th 2s", "Ac 5d 9h Js Kd"]


def evaluator_work(i: int) -> dict[str, Any]:
    wild = i % 2 == 0
    return {
        "scalar": [diablo.strength(h.tolist(), wild=wild) for h in HANDS[i::8]],
        "values": [diablo.evaluate(int(m), wild=wild).description for m in MASKS[i::16]],
        "batch": diablo.evaluate_batch(HANDS, wild=wild).tolist(),
        "masks": diablo.evaluate_batch_unchecked(MASKS, wild=wild).tolist(),
        "db": [diamondback.evaluate(r.tolist()).strength for r in DB_RANKS[i::8]],
        "db_batch": diamondback.evaluate_batch(DB_RANKS).tolist(),
        "db_ids": diamondback.evaluate_batch(DB_IDS, ids=True).tolist(),
        "odds": [diamondback.odds(h, r, d, p).counts for h, r, d, p in ODDS_CASES],
        "dealing": [diamondback.dealing_odds(p) for p in (2, 3, 4)],
        "draw": [
            [(o.discard, o.outcomes, o.counts, o.total_strength)
             for o in diablo.draw_odds(h, 3 if i % 3 else 2, wild=wild)]
            for h in DRAW_HANDS[i % 4: i % 4 + 2]
        ],
        "deal": np.asarray(deal_batch(20_000, 5, seed=1000 + i)).tolist(),
        "deck": _deck_run(1000 + i),
    }


def _deck_run(seed: int) -> list[Any]:
    deck = diamondback.Deck(4, seed)
    out = []
    for _ in range(200):
        out.append(deck.deal(3))
        deck.restock(out[-1][:2])
        deck.collect()
    return out


def test_concurrent_calls_equal_single_threaded():
    expected = [evaluator_work(i) for i in range(THREADS)]
    for _ in range(2):
        got = run_threads(evaluator_work)
        for i in range(THREADS):
            for key in expected[i]:
                assert got[i][key] == expected[i][key], (i, key)


@pytest.mark.parametrize("threads", [2, 3, 4, 7, None])
@pytest.mark.parametrize("wild", [True, False])
def test_batch_threads_option_equals_one_thread(threads, wild):
    n = 300_000  # enough rows for the batch to split (65,536 rows per thread at least)
    hands = np.asarray(deal_batch(n, 5, seed=99))
    hands[n // 2] = hands[n // 2 - 1]  # keep a valid batch, but a repeated row
    single = diablo.evaluate_batch(hands, wild=wild, threads=1)
    assert np.array_equal(diablo.evaluate_batch(hands, wild=wild, threads=threads), single)
    masks = np.zeros(n, np.uint64)
    for j in range(5):
        masks |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    assert np.array_equal(
        diablo.evaluate_batch_unchecked(masks, wild=wild, threads=threads), single)


def test_batch_threads_report_the_first_bad_row():
    n = 300_000
    hands = np.asarray(deal_batch(n, 5, seed=3))
    hands[250_000, 0] = 60
    hands[200_001, 1] = hands[200_001, 2]
    for threads in (1, 2, 4):
        with pytest.raises(ArrayError, match="row 200001"):
            diablo.evaluate_batch(hands, threads=threads)


def _check_partition(deck: Any, held: list[set[int]]) -> None:
    stock = deck.stock
    assert len(stock) == len(set(stock)) == len(deck), "a card twice in the stock"
    everyone = set()
    for h in held:
        assert not (h & everyone), "a card held by two threads"
        everyone |= h
    assert not (everyone & set(stock)), "a held card is also in the stock"
    assert everyone | set(stock) == set(deck.cards), "a card was lost"
    assert set(deck.dealt) == everyone


@pytest.mark.parametrize("make", [lambda: diablo.Deck(7), lambda: diamondback.Deck(4, 7)])
def test_shared_deck_is_never_corrupted(make):
    """Decks are not locked, but every method runs under the GIL without calling back
    into Python between its checks and its update, so a deck shared by threads
    stays consistent: no card is lost or in two places (the order is of course
    not reproducible)."""
    deck = make()
    held: list[set[int]] = [set() for _ in range(THREADS)]

    def work(i: int) -> int:
        mine = held[i]
        rng = Generator(i)
        ops = 0
        for _ in range(3000):
            op = rng.integers(4)
            try:
                if op == 0:
                    mine.update(deck.deal(rng.integers(3)))
                elif op == 1:
                    mine.update(deck.deal_set(1))
                elif op == 2 and mine:
                    give = sorted(mine)[: rng.integers(len(mine)) + 1]
                    deck.return_cards(give)
                    mine.difference_update(give)
                elif op == 3 and mine:
                    give = sorted(mine)[:2]
                    deck.restock(CardSet(give) if deck.cards.SIZE == 52 else give)
                    mine.difference_update(give)
                if rng.integers(50) == 0:
                    deck.shuffle()
            except PedronError:
                pass  # e.g. the stock ran dry under another thread
            ops += 1
        return ops

    assert run_threads(work) == [3000] * THREADS
    _check_partition(deck, held)


def test_shared_generator_in_batch_dealing_stays_valid():
    """deal_batch releases the GIL: threads sharing one Generator race on its state.
    The stream is then not reproducible, but every row is still valid (bounded
    draws stay in range whatever the state)."""
    gen = Generator(5)
    deck = diamondback.deck_mask(3)

    def work(i: int) -> bool:
        for _ in range(20):
            rows = np.asarray(deal_batch(5000, 3, deck=deck, seed=gen))
            assert rows.max() < 29
            assert (rows[:, 0] != rows[:, 1]).all() and (rows[:, 1] != rows[:, 2]).all()
            assert (rows[:, 0] != rows[:, 2]).all()
        return True

    assert all(run_threads(work))


def test_per_thread_generators_are_reproducible():
    """A generator per thread: each thread's deals equal the same seed dealt alone."""
    expected = [np.asarray(deal_batch(50_000, 2, seed=Generator(i))).tobytes() for i in range(4)]

    def work(i: int) -> bytes:
        return np.asarray(deal_batch(50_000, 2, seed=Generator(i % 4))).tobytes()

    got = run_threads(work)
    assert got == [expected[i % 4] for i in range(THREADS)]
