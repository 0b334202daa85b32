"""Natural mode agrees with independent poker evaluators from PyPI (when installed).

phevaluator and treys rank the 7,462 classes of five-card poker from 1 (royal
flush) to 7,462 (7-5-4-3-2), so a natural strength must be exactly
7463 - their rank; eval7 must order hands the same way.
"""

from __future__ import annotations

import random

import pytest

from pedron.cards import format_card
from pedron.diablo import strength


def _hands(n: int = 3000):
    rng = random.Random(5)
    return [rng.sample(range(52), 5) for _ in range(n)]


def test_phevaluator_scale():
    ph = pytest.importorskip("phevaluator")
    for h in _hands():
        assert strength(h, wild=False) == 7463 - ph.evaluate_cards(*h)


def test_treys_scale():
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    for h in _hands():
        cards = [treys.Card.new(format_card(c)) for c in h]
        assert strength(h, wild=False) == 7463 - ev.evaluate([], cards)


def test_eval7_order():
    eval7 = pytest.importorskip("eval7")
    hands = _hands()
    ours = [strength(h, wild=False) for h in hands]
    theirs = [eval7.evaluate([eval7.Card(format_card(c)) for c in h]) for h in hands]
    for i in range(len(hands) - 1):
        a, b = ours[i], ours[i + 1]
        x, y = theirs[i], theirs[i + 1]
        assert (a > b) == (x > y) and (a == b) == (x == y), (hands[i], hands[i + 1])
