"""Hypothesis properties of Diablo hand values."""

from __future__ import annotations

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pedron.diablo import Category, evaluate, strength  # noqa: E402
from pedron.reference import diablo as ref  # noqa: E402

hands = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
modes = st.booleans()


@settings(max_examples=300, deadline=None)
@given(hands, st.permutations(range(4)), modes)
def test_invariant_under_suit_permutation(hand, perm, wild):
    renamed = [4 * (c // 4) + perm[c % 4] for c in hand]
    assert strength(renamed, wild=wild) == strength(hand, wild=wild)


@settings(max_examples=300, deadline=None)
@given(hands, st.randoms(use_true_random=False), modes)
def test_invariant_under_card_order(hand, rnd, wild):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert strength(shuffled, wild=wild) == strength(hand, wild=wild)


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 4), st.integers(0, 3))
def test_replacing_a_card_by_a_wild_never_lowers_the_hand(hand, pos, suit):
    deuce = suit  # 2c, 2d, 2h, 2s are cards 0..3
    if deuce in hand:
        return
    better = list(hand)
    better[pos] = deuce
    assert strength(better) >= strength(hand)


@settings(max_examples=200, deadline=None)
@given(hands, modes)
def test_matches_reference(hand, wild):
    assert strength(hand, wild=wild) == ref.strength(hand, wild)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_wild_value_at_least_natural_category(hand):
    # Playing the 2s as wild can only help, category-wise.
    assert evaluate(hand).category >= evaluate(hand, wild=False).category


@settings(max_examples=200, deadline=None)
@given(hands, modes)
def test_no_deuce_no_difference_in_shape(hand, wild):
    if any(c < 4 for c in hand):
        return
    a, b = evaluate(hand), evaluate(hand, wild=False)
    assert (a.category, a.ranks) == (b.category, b.ranks)
    assert a.category is not Category.FIVE_OF_A_KIND
