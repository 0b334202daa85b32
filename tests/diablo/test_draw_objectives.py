"""Exact draw distributions, outcome classes and objectives, against the
plain-Python reference (pedron.reference.draw)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from pedron.cards import format_cards, parse_cards
from pedron.diablo import DrawLimit, draw_odds, evaluate, strength
from pedron.drawpoker import (
    DEUCES_WILD_OUTCOMES,
    NATURAL_OUTCOMES,
    Beat,
    Custom,
    ExpectedStrength,
    Outcome,
    PayTable,
    analyse_batch,
    best_exchange,
    outcome_classes,
    outcome_of,
)
from pedron.errors import PedronTypeError, PedronValueError
from pedron.reference.draw import class_rule, exchange_tallies, outcome_class_of_cards

FPDW = PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True)
JOB = PayTable([800, 50, 25, 9, 6, 4, 3, 2, 1], wild=False)


@pytest.mark.parametrize(("hand", "wild", "expected"), [
    ("As Ks Qs Js Ts", True, Outcome.NATURAL_ROYAL),
    ("As Ks Qs Js 2s", True, Outcome.WILD_ROYAL),
    ("As Ks 2d Js 2h", True, Outcome.WILD_ROYAL),
    ("2c 2d 2h 2s 7c", True, Outcome.FOUR_DEUCES),
    ("2c 2d 2h 2s As", True, Outcome.FOUR_DEUCES),
    ("2c 2d 7h 7s 7c", True, Outcome.FIVE_OF_A_KIND),
    ("9s Ks Qs Js Ts", True, Outcome.STRAIGHT_FLUSH),
    ("As Ks Qs Js Ts", False, Outcome.ROYAL_FLUSH),
    ("9s Ks Qs Js Ts", False, Outcome.STRAIGHT_FLUSH),
    ("Jc Jd 4h 9s 6c", False, Outcome.JACKS_OR_BETTER),
    ("Tc Td 4h 9s 6c", False, Outcome.LOW_PAIR),
    ("2c 2d 4h 9s 6c", False, Outcome.LOW_PAIR),
    ("2c 3d 4h 9s 6c", True, Outcome.ONE_PAIR),
])
def test_outcome_of_named_hands(hand, wild, expected):
    assert outcome_of(hand, wild=wild) is expected
    # the pure-Python evaluator and the written-out rule agree
    assert outcome_class_of_cards(parse_cards(hand), wild) == expected.label


def test_every_class_and_category_lines_up():
    assert len(DEUCES_WILD_OUTCOMES) == 13 and len(NATURAL_OUTCOMES) == 11
    for wild in (True, False):
        for c in outcome_classes(wild):
            assert c.category.value >= 1


def test_class_of_random_hands_matches_the_reference_rule():
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(52), 5)
        for wild in (True, False):
            v = evaluate(cards, wild=wild)
            name = class_rule(int(v.category), v.ranks[0], sum(c < 4 for c in cards), wild)
            assert outcome_of(cards, wild=wild).label == name


def _hands(n, seed):
    rng = random.Random(seed)
    fixed = ["As 2d 2h Ts 5s", "2c 2d 2h 9s 7c", "Ah Kh Qh Jh 4c", "9c 9d 2h 2s Kd"]
    return [tuple(parse_cards(h)) for h in fixed] + [
        tuple(rng.sample(range(52), 5)) for _ in range(n)
    ]


@pytest.mark.parametrize("wild", [True, False])
def test_distributions_match_the_reference(wild):
    for hand in _hands(4, 1 if wild else 2):
        for opt in draw_odds(hand, 2, wild=wild):
            strengths, names = exchange_tallies(hand, opt.discard, wild=wild)
            assert opt.strength_counts() == dict(strengths)
            assert {c.label: n for c, n in opt.class_counts if n} == dict(names)
            assert opt.outcomes == sum(strengths.values())
            assert opt.total_strength == sum(s * n for s, n in strengths.items())


def test_distributions_with_dead_cards_and_five_card_draws():
    hand = tuple(parse_cards("2c Kd 7h 7s 3c"))
    dead = frozenset(parse_cards("2d 2h 7c 9s"))
    odds = draw_odds(hand, DrawLimit(5), dead=list(dead))
    assert len(odds) == 32
    for opt in odds:
        if len(opt.discard) in (0, 1, 5):
            _, names = exchange_tallies(hand, opt.discard, dead=dead)
            assert {c.label: n for c, n in opt.class_counts if n} == dict(names)


def test_default_objective_keeps_its_results():
    # value is the exact mean strength, and the order is by it
    for hand in _hands(10, 3):
        odds = draw_odds(hand)
        assert odds.objective == ExpectedStrength()
        values = [o.value for o in odds]
        assert values == [Fraction(o.total_strength, o.outcomes) for o in odds]
        assert values == sorted(values, reverse=True)
        assert odds[0].discard == best_exchange(hand, DrawLimit(2), True)


def test_pay_table_objective_the_issue_example():
    odds = draw_odds("As 2d 2h Ts 5s", objective=FPDW)
    assert format_cards(odds[0].discard) == "5s"
    assert odds[0].value == Fraction(206, 47)
    default = draw_odds("As 2d 2h Ts 5s")
    assert default[0].discard == () and default[0].expected_pay(FPDW) == 2


def test_pay_table_value_from_the_reference_counts():
    pays = {c.label: p for c, p in zip(FPDW.classes, FPDW.pays, strict=True)}
    for hand in _hands(3, 4):
        for opt in draw_odds(hand, objective=FPDW):
            _, names = exchange_tallies(hand, opt.discard)
            expected = Fraction(sum(pays.get(n, 0) * c for n, c in names.items()),
                                opt.outcomes)
            assert opt.value == expected


def test_ranking_ties_go_to_fewer_cards_then_hand_order():
    odds = draw_odds("2c 2d 2h 2s 7c", 2, objective=FPDW)
    # every exchange keeping four deuces pays 200 for sure
    top = [o for o in odds if o.value == 200]
    assert top[0].discard == ()
    assert [len(o.discard) for o in top] == sorted(len(o.discard) for o in top)


def test_beat_a_hand_and_a_distribution():
    hand = tuple(parse_cards("Ah Kh 7c 7d 3s"))
    target = "Qs Qd 5c 5h 9d"
    t = strength(target)
    odds = draw_odds(hand, objective=Beat(target))
    for opt in odds:
        strengths, _ = exchange_tallies(hand, opt.discard)
        win = sum(n for s, n in strengths.items() if s > t)
        tie = strengths.get(t, 0)
        assert opt.value == Fraction(win, opt.outcomes)
        assert opt.beat(target) == (Fraction(win, opt.outcomes), Fraction(tie, opt.outcomes))
    values = [o.value for o in odds]
    assert values == sorted(values, reverse=True)
    # against a distribution, with ties split
    dist = Counter({t: 3, t + 50: 1, 10: 2})
    beat = Beat(dict(dist), ties=Fraction(1, 2))
    for opt in draw_odds(hand, objective=beat)[:4]:
        strengths, _ = exchange_tallies(hand, opt.discard)
        num = sum(n * w * (1 if s > ts else Fraction(1, 2) if s == ts else 0)
                  for s, n in strengths.items() for ts, w in dist.items())
        assert opt.value == Fraction(num) / (opt.outcomes * 6)


def test_custom_objective():
    def p_flush_or_better(opt):
        return sum(n for c, n in opt.counts if c >= 6) / opt.outcomes

    odds = draw_odds("Ah Kh 7h 7d 3h", objective=p_flush_or_better)
    assert isinstance(odds.objective, Custom)
    assert odds[0].value == max(p_flush_or_better(o) for o in odds)
    with pytest.raises(PedronTypeError, match="not a number"):
        draw_odds("Ah Kh 7h 7d 3h", objective=lambda o: "x")


def test_objective_errors():
    with pytest.raises(PedronValueError, match="natural"):
        draw_odds("Ah Kh 7h 7d 3h", objective=JOB)  # a natural table on a wild hand
    with pytest.raises(PedronTypeError):
        draw_odds("Ah Kh 7h 7d 3h", objective=3)
    with pytest.raises(PedronValueError, match="ties"):
        Beat("Ah Kh 7h 7d 3h", ties=2)
    with pytest.raises(PedronValueError, match="empty"):
        Beat({})


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_matches_one_hand_calls(threads):
    rng = np.random.default_rng(5)
    hands = np.array([rng.permutation(52)[:5] for _ in range(60)], dtype=np.uint8)
    cases = [(None, True), (FPDW, True), (Beat("Qs Qd 5c 5h 9d", ties=Fraction(1, 2)), True),
             (JOB, False), (None, False)]
    for objective, wild in cases:
        res = analyse_batch(hands, 2, wild=wild, objective=objective, threads=threads)
        for row, disc, value in zip(hands, res.discards(), res.values(), strict=True):
            best = draw_odds(tuple(int(c) for c in row), wild=wild, objective=objective)[0]
            assert disc == best.discard and value == best.value
    # whole-hand draws, where four deuces can be drawn
    deuces = np.array([[0, 1, 2, 30, 40], [0, 1, 2, 3, 40]], dtype=np.uint8)
    res = analyse_batch(deuces, DrawLimit(5), objective=FPDW)
    for row, disc, value in zip(deuces, res.discards(), res.values(), strict=True):
        best = draw_odds(tuple(int(c) for c in row), DrawLimit(5), objective=FPDW)[0]
        assert disc == best.discard and value == best.value


def test_batch_bad_rows():
    bad = np.array([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]], dtype=np.uint8)
    with pytest.raises(PedronValueError, match="row 1"):
        analyse_batch(bad)


def test_large_batch_by_tables_equals_the_enumeration(monkeypatch):
    # From _TABLE_ROWS rows (20,000; 2,000 here) the batch ranks by
    # inclusion-exclusion over subset sums; the same rows in smaller batches
    # are enumerated: every answer is the same.
    from pedron.cards import deal_batch
    from pedron.drawpoker import advisor

    monkeypatch.setattr(advisor, "_TABLE_ROWS", 2000)
    rows = np.asarray(deal_batch(2000, 5, seed=19))
    cases = [(None, True, 2), (FPDW, True, DrawLimit(4, True)),
             (Beat("Qs Qd 5c 5h 9d", ties=Fraction(1, 2)), True, 2), (JOB, False, 3)]
    for objective, wild, limit in cases:
        big = analyse_batch(rows, limit, wild=wild, objective=objective)
        parts = [analyse_batch(rows[i:i + 500], limit, wild=wild, objective=objective)
                 for i in range(0, len(rows), 500)]
        assert np.array_equal(big.masks, np.concatenate([p.masks for p in parts]))
        assert big.values() == [v for p in parts for v in p.values()]


def test_prepared_objectives_give_the_same_options(monkeypatch):
    from pedron.drawpoker import objectives, prepare
    from pedron.drawpoker.objectives import DEFAULT

    objectives._subset_sums.cache_clear()  # start unprepared

    hands = _hands(12, 8)
    cases = [(DEFAULT, True, 2), (FPDW, True, DrawLimit(4, True)), (JOB, False, DrawLimit(5)),
             (Beat("Qs Qd 5c 5h 9d", ties=Fraction(1, 3)), True, 3)]
    for objective, wild, limit in cases:
        before = [draw_odds(h, limit, wild=wild, objective=objective) for h in hands]
        assert objective.cached_subset_sums(wild) is None
        prepare(objective, wild=wild)
        assert objective.cached_subset_sums(wild) is not None
        after = [draw_odds(h, limit, wild=wild, objective=objective) for h in hands]
        for b, a in zip(before, after, strict=True):
            assert [o.discard for o in a] == [o.discard for o in b]
            assert [o.value for o in a] == [o.value for o in b]
            assert [o.outcomes for o in a] == [o.outcomes for o in b]
            assert [o.class_counts for o in a[:3]] == [o.class_counts for o in b[:3]]
            assert a[0].total_strength == b[0].total_strength
    with pytest.raises(PedronTypeError):
        prepare(lambda o: 1)


def test_best_exchange_follows_every_objective():
    for hand in _hands(20, 9):
        for objective, wild, limit in ((None, True, DrawLimit(2)),
                                       (FPDW, True, DrawLimit(4, True)),
                                       (JOB, False, DrawLimit(3)),
                                       (Beat("9c 9d 5h 5s Ac"), True, DrawLimit(2))):
            best = draw_odds(hand, limit, wild=wild, objective=objective)[0]
            assert best_exchange(hand, limit, wild, objective) == best.discard
