"""Statistical tests of the dealt distribution for both decks (fixed seeds: deterministic).

Each test compares counts with their exact expectation by a chi-square test and
asks for a p-value above 1e-3 (with the fixed seeds the outcome never changes;
the thresholds are there so that a real bias, which gives p-values like 1e-30,
fails). tests/test_deck.py already covers the position-by-card table of the
Diablo deck and the per-card frequencies of deal_batch on Diamondback decks.
"""

from __future__ import annotations

from math import comb

import pytest

from pedron import deal_batch, diamondback
from pedron.diamondback.cards import RANK_OF_ID

np = pytest.importorskip("numpy")
stats = pytest.importorskip("scipy.stats")

P_MIN = 1e-3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_diamondback_shuffle_position_by_card(players):
    """Deck.shuffle: every card equally likely at every position of the stock."""
    size = diamondback.DECK_SIZES[players]
    deck = diamondback.Deck(players, 1000 + players)
    trials = 400 * size  # 400 expected per (position, card) cell
    counts = np.zeros((size, size), dtype=np.int64)
    positions = np.arange(size)
    for _ in range(trials):
        deck.shuffle()
        counts[positions, deck.stock] += 1
    assert counts.sum(axis=1).tolist() == [trials] * size
    assert stats.chisquare(counts.ravel()).pvalue > P_MIN
    assert min(stats.chisquare(row).pvalue for row in counts) > P_MIN / size


def _hand_counts(hands: np.ndarray) -> np.ndarray:
    strengths = np.asarray(diamondback.evaluate_batch(np.ascontiguousarray(hands), ids=True))
    return np.bincount(strengths, minlength=15)[1:]  # strengths 1..14


def _expected(players: int, n: int) -> np.ndarray:
    odds = diamondback.dealing_odds(players)
    by_strength = {hand.strength: p for hand, p in odds.items()}
    return np.array([float(by_strength[s]) * n for s in range(1, 15)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_card_hands_match_exact_dealing_odds_batch(players):
    """deal_batch: the 14 hands come up as often as dealing_odds says."""
    n = 200_000
    hands = np.asarray(deal_batch(n, 2, deck=diamondback.deck_mask(players), seed=77 + players))
    counts = _hand_counts(hands)
    assert counts.sum() == n
    assert stats.chisquare(counts, _expected(players, n)).pvalue > P_MIN


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_card_hands_match_exact_dealing_odds_deck(players):
    """Deck: collect, shuffle, deal two -- the same frequencies through the Python API."""
    n = 30_000
    deck = diamondback.Deck(players, 5 + players)
    hands = np.empty((n, 2), np.uint8)
    for i in range(n):
        deck.collect()
        hands[i] = deck.deal(2)
    counts = _hand_counts(hands)
    assert stats.chisquare(counts, _expected(players, n)).pvalue > P_MIN
    # the Magician (one card) is dealt in 2/size of the hands
    size = diamondback.DECK_SIZES[players]
    magicians = int((hands == 0).any(axis=1).sum())
    assert stats.binomtest(magicians, n, 2 / size).pvalue > P_MIN


def _overlap_counts(hands: np.ndarray, size: int) -> np.ndarray:
    """How many cards each row shares with the next one."""
    k = hands.shape[1]
    onehot = np.zeros((len(hands), size), dtype=np.int8)
    np.put_along_axis(onehot, hands.astype(np.int64), 1, axis=1)
    shared = (onehot[:-1] & onehot[1:]).sum(axis=1)
    return np.bincount(shared, minlength=k + 1)


@pytest.mark.parametrize(
    ("size", "k", "deck"),
    [(52, 5, None), (15, 2, diamondback.deck_mask(2)), (43, 4, diamondback.deck_mask(4))],
)
def test_consecutive_batch_rows_are_independent(size, k, deck):
    """The pool is carried from row to row; the rows must not remember each other.

    Two independent k-subsets of ``size`` cards share j cards with the
    hypergeometric probability C(k, j) C(size - k, k - j) / C(size, k), and the
    first card of a row is independent of the first card of the previous row.
    """
    n = 200_000
    hands = np.asarray(deal_batch(n, k, deck=deck, seed=size * 31 + k))
    observed = _overlap_counts(hands, size)
    probs = np.array([comb(k, j) * comb(size - k, k - j) / comb(size, k) for j in range(k + 1)])
    expected = probs * (n - 1)
    # merge the rare tail so that every expected count is at least 20
    keep = np.flatnonzero(expected >= 20)
    last = keep[-1]
    obs = np.append(observed[:last], observed[last:].sum())
    exp = np.append(expected[:last], expected[last:].sum())
    assert stats.chisquare(obs, exp).pvalue > P_MIN
    table = np.zeros((size, size), dtype=np.int64)
    np.add.at(table, (hands[:-1, 0], hands[1:, 0]), 1)
    table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
    assert stats.chi2_contingency(table).pvalue > P_MIN


def test_batch_positions_within_a_row_are_uniform():
    """Every position of a dealt row is uniform over the deck (5 x 52 table)."""
    n = 100_000
    hands = np.asarray(deal_batch(n, 5, seed=4242))
    for j in range(5):
        counts = np.bincount(hands[:, j], minlength=52)
        assert stats.chisquare(counts).pvalue > P_MIN / 5


def test_rank_of_id_layout_matches_the_kernel_and_deck_counts():
    """The id -> rank map used above is the one the deck counts imply."""
    for players in (2, 3, 4):
        size = diamondback.DECK_SIZES[players]
        ranks = np.bincount([RANK_OF_ID[i] for i in range(size)], minlength=5)
        assert tuple(ranks) == diamondback.deck_counts(players)
