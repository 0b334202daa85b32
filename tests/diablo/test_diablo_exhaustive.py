"""Every one of the 2,598,960 hands, wild and natural, against the pure-Python reference.

The reference's value of a hand depends only on its rank multiset and on
whether its naturals share one suit (suits never rank), so it is evaluated on
the first, the last and a random hand of each such class (about 10,000
classes, all three must agree) and
the kernel is checked hand by hand against it. A further sample of hands is
checked directly, without the classes.
"""

from __future__ import annotations

from itertools import chain, combinations

import pytest

from pedron._kernels import diablo_eval as kernel
from pedron.diablo import Category, evaluate_batch, strength_count
from pedron.reference import diablo as ref

np = pytest.importorskip("numpy")

N_HANDS = 2_598_960


@pytest.fixture(scope="module")
def all_hands():
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8,
                       count=5 * N_HANDS)
    return flat.reshape(N_HANDS, 5)


def _classes(hands, wild):
    ranks = (hands >> 2).astype(np.int64)
    suits = (hands & 3).astype(np.int64)
    key = (np.int64(5) ** ranks).sum(axis=1)  # rank counts in base 5
    natural = ranks != 0 if wild else np.ones_like(ranks, dtype=bool)
    lo = np.where(natural, suits, 9).min(axis=1)
    hi = np.where(natural, suits, -1).max(axis=1)
    return key * 2 + (lo == hi)


@pytest.mark.slow
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_every_hand_matches_reference(all_hands, wild):
    got = evaluate_batch(all_hands, wild=wild)
    cls = _classes(all_hands, wild)
    _, first, inverse = np.unique(cls, return_index=True, return_inverse=True)
    _, last_rev = np.unique(cls[::-1], return_index=True)
    last = N_HANDS - 1 - last_rev
    perm = np.random.default_rng(3).permutation(N_HANDS)
    _, some = np.unique(cls[perm], return_index=True)
    some = perm[some]
    ref_first = np.array([ref.strength(all_hands[i].tolist(), wild) for i in first])
    ref_last = np.array([ref.strength(all_hands[i].tolist(), wild) for i in last])
    ref_some = np.array([ref.strength(all_hands[i].tolist(), wild) for i in some])
    assert (ref_first == ref_last).all() and (ref_first == ref_some).all()
    expected = ref_first[inverse.ravel()]
    bad = np.nonzero(got != expected)[0]
    assert bad.size == 0, [
        (all_hands[i].tolist(), int(got[i]), int(expected[i])) for i in bad[:10]
    ]
    # Every strength of the scale occurs, and nothing else.
    assert np.unique(got).tolist() == list(range(1, strength_count(wild=wild) + 1))
    assert len(ref.strength_table(wild)) == strength_count(wild=wild)


@pytest.mark.slow
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_every_hand_fast_paths_equal_the_plain_build(all_hands, wild):
    # The vector block check (where this build and this CPU have one: FAST_PATHS) and
    # the unchecked loop it hands the rows to, against the loop of the plain build
    # (PEDRON_PLAIN=1: every row checked one by one), on every hand; the masks too.
    # (CI also runs this file on a plain build, against the reference.)
    plain = kernel._evaluate_batch_plain(all_hands, wild=wild)
    assert np.array_equal(evaluate_batch(all_hands, wild=wild), plain)
    assert np.array_equal(kernel.evaluate_batch_unchecked(all_hands, wild=wild), plain)
    masks = np.zeros(N_HANDS, dtype=np.uint64)
    for j in range(5):
        masks |= np.uint64(1) << all_hands[:, j].astype(np.uint64)
    assert np.array_equal(evaluate_batch(masks, wild=wild), plain)
    assert np.array_equal(evaluate_batch(all_hands, wild=wild, threads=2), plain)


@pytest.mark.slow
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_direct_sample_matches_reference(all_hands, wild):
    idx = np.arange(0, N_HANDS, 101)
    got = evaluate_batch(all_hands[idx], wild=wild).tolist()
    assert got == [ref.strength(all_hands[i].tolist(), wild) for i in idx]


# Standard five-card poker: the textbook frequencies.
NATURAL_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

# Deuces wild, five-card hands: the published table (Cactus Kev, "Enumerating
# Wild Card Hands"; the same figures as the deuces-wild video-poker tables
# once natural royal 4 + wild royal 480 + straight flush 2,068 are merged into
# straight flush, and four deuces 48 + five of a kind 624 into five of a
# kind). The rule that a wild never duplicates a held card only decides
# *which* flush a wild makes, never whether a hand is one, so it moves no
# hand between categories.
WILD_COUNTS = {
    Category.FIVE_OF_A_KIND: 672,
    Category.STRAIGHT_FLUSH: 2_552,
    Category.FOUR_OF_A_KIND: 31_552,
    Category.FULL_HOUSE: 12_672,
    Category.FLUSH: 14_472,
    Category.STRAIGHT: 62_232,
    Category.THREE_OF_A_KIND: 355_080,
    Category.TWO_PAIR: 95_040,
    Category.ONE_PAIR: 1_225_008,
    Category.HIGH_CARD: 799_680,
}


@pytest.mark.slow
@pytest.mark.parametrize(("wild", "table"), [(True, WILD_COUNTS), (False, NATURAL_COUNTS)],
                         ids=["wild", "natural"])
def test_category_counts(all_hands, wild, table):
    got = evaluate_batch(all_hands, wild=wild)
    cats = np.frombuffer(kernel.category_table(wild), dtype=np.uint8)[got]
    counts = np.bincount(cats, minlength=11)
    assert {Category(c): int(counts[c]) for c in range(1, 11) if counts[c]} == table
    assert sum(table.values()) == N_HANDS


def test_category_counts_derivable_by_hand():
    # Five of a kind: 4 wilds + any of 48 cards; 3 wilds + a natural pair;
    # 2 wilds + natural trips; 1 wild + natural quads (Alspach, "Wild Cards in
    # Profusion", 2002).
    assert WILD_COUNTS[Category.FIVE_OF_A_KIND] == 48 + 4 * 12 * 6 + 6 * 12 * 4 + 4 * 12
    # No wild and none of the patterns: the natural high-card hands without 2s.
    # 12 ranks choose 5, less the 8 straights (6-high..A-high, no wheel
    # without a 2), times 4**5 - 4 suitings that are not flushes.
    assert WILD_COUNTS[Category.HIGH_CARD] == (792 - 8) * (4**5 - 4)
    # Two pair needs no wild: 12 ranks, two pairs, a kicker of another non-2 rank.
    assert WILD_COUNTS[Category.TWO_PAIR] == 66 * 36 * 40


@pytest.mark.slow
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_every_hand_per_call_equals_the_batch(all_hands, wild):
    # A tuple of five plain ints takes the per-call fast path, which reads its own
    # dense rank table through a perfect hash (both filled from the batch's key-sum
    # table at import); a list too. The batch is checked against the reference
    # above, hand by hand.
    want = evaluate_batch(all_hands, wild=wild).tolist()
    hands = all_hands.tolist()
    strength = kernel.strength
    assert [strength(tuple(h), wild=wild) for h in hands] == want
    evaluate = kernel.ValueTable(lambda s, w: s).evaluate
    assert [evaluate(h, wild=wild) for h in hands[::7]] == want[::7]
