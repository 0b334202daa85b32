"""Draw advisor: exact odds compared with a brute-force Python enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from pedron.cards import CardSet, parse_cards
from pedron.diablo import (
    Category,
    DrawLimit,
    DrawOdds,
    DrawOption,
    best_draw,
    draw_odds,
    evaluate,
)
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError
from pedron.reference import diablo as ref


def brute_force(hand, max_draw, wild=True, dead=(), score=None):
    """{discard tuple: (outcomes, Counter of category numbers, total strength)}.

    ``max_draw`` is an int (any exchange of up to that many cards, as in
    ``Rules(max_draw=...)``) or a DrawLimit.
    """
    if score is None:
        def score(cards):
            v = evaluate(list(cards), wild=wild)
            return v.strength, int(v.category)
    if isinstance(max_draw, DrawLimit):
        most, ace_rule = max_draw.most, max_draw.ace_for_most
    else:
        most, ace_rule = max_draw, False
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    result = {}
    for d in range(0, 5):
        for disc in combinations(hand, d):
            keep = [c for c in hand if c not in disc]
            if d > most or d > len(unseen):
                continue
            if ace_rule and d == most and not any(c // 4 == 12 for c in keep):
                continue
            cats = Counter()
            total = n = 0
            for new in combinations(unseen, d):
                s, cat = score(keep + list(new))
                cats[cat] += 1
                total += s
                n += 1
            result[disc] = (n, cats, total)
    return result


def as_dict(odds):
    return {
        opt.discard: (opt.outcomes, Counter({int(c): n for c, n in opt.counts if n}),
                      opt.total_strength)
        for opt in odds
    }


@pytest.mark.parametrize(
    ("text", "max_draw", "wild"),
    [
        ("9c 9d 2h 2s Kd", 2, True),
        ("Ah 9h 7h 5h 3c", 2, True),
        ("Ah 9h 7h 5h 3c", 2, False),
        ("As 3h 4d Tc Qc", 3, False),
        ("Ac 2d 7h 8s Kd", 1, True),
    ],
)
def test_matches_brute_force(text, max_draw, wild):
    hand = parse_cards(text)
    odds = draw_odds(text, max_draw, wild=wild)
    assert as_dict(odds) == brute_force(hand, max_draw, wild)


def test_four_card_draw_only_when_keeping_an_ace():
    hand = parse_cards("Ac 2d 7h 8s As")
    more = DrawLimit(4, True)  # More draw: an int 4 is any four cards (below)
    odds = draw_odds(hand, more)
    fours = [o for o in odds if len(o.discard) == 4]
    assert sorted(o.keep for o in fours) == [(parse_cards("Ac")[0],), (parse_cards("As")[0],)]
    want = brute_force(hand, more)
    assert as_dict(odds) == want
    assert len(odds) == 1 + 5 + 10 + 10 + 2
    assert all(len(o.discard) <= 3 for o in draw_odds("Kc 2d 7h 8s Ks", more))
    assert len(draw_odds(hand, 4)) == 1 + 5 + 10 + 10 + 5  # any four cards


@pytest.mark.parametrize(
    ("text", "limit", "wild"),
    [
        ("Kc 2d 7h 8s Ks", DrawLimit(4), True),
        ("Ac 2d 7h 8s As", DrawLimit(4, True), False),
        ("As 3h 4d Tc Qc", DrawLimit(3, True), True),
    ],
)
def test_draw_limits_match_brute_force_with_dead_cards(text, limit, wild):
    hand = parse_cards(text)
    # 30 dead cards leave 17 unseen: the four-card brute force stays small.
    dead = [c for c in range(52) if c not in hand][:30]
    odds = draw_odds(text, limit, wild=wild, dead=dead)
    assert as_dict(odds) == brute_force(hand, limit, wild, dead)
    assert best_draw(text, limit, wild=wild, dead=dead, top=2) == odds[:2]


def test_too_few_unseen_cards_hide_the_bigger_exchanges():
    hand = parse_cards("Ac Kd 9h 7s 3c")
    dead = [c for c in range(52) if c not in hand][:45]  # two cards left unseen
    odds = draw_odds(hand, DrawLimit(4), dead=dead)
    assert max(len(o.discard) for o in odds) == 2
    assert as_dict(odds) == brute_force(hand, DrawLimit(4), True, dead)


def test_against_reference_strengths_with_dead_cards():
    hand = parse_cards("Ah Kh 9h 7c 2s")
    dead = parse_cards("Qh Jh 3c")

    def score(cards):
        v = ref.best_value(ref.parse(cards), True)
        return ref.strength_table(True)[v], v[0]

    odds = draw_odds(hand, 1, dead=dead)
    assert as_dict(odds) == brute_force(hand, 1, True, dead, score)
    assert all(o.outcomes in (1, 44) for o in odds)


def test_option_counts_and_probabilities():
    odds = draw_odds("9c 9d 2h 2s Kd")
    assert isinstance(odds, DrawOdds) and isinstance(odds[0], DrawOption)
    best = odds.best
    assert best_draw("9c 9d 2h 2s Kd") == odds
    assert best_draw("9c 9d 2h 2s Kd", top=3) == odds[:3]
    assert best_draw("9c 9d 2h 2s Kd").best == best
    d = best.as_dict()
    assert d["keep"] == "9c 9d 2h 2s" and d["counts"]["five_of_a_kind"] == 4
    # Keep four nines, draw one: five of a kind with 9h, 9s, 2c or 2d.
    assert best.keep == tuple(parse_cards("9c 9d 2h 2s"))
    assert best.count(Category.FIVE_OF_A_KIND) == 4
    assert best.outcomes == 47
    assert best.probability(Category.FIVE_OF_A_KIND) == pytest.approx(4 / 47)
    assert best.probability_at_least(Category.FOUR_OF_A_KIND) == 1.0
    assert sum(best.distribution().values()) == pytest.approx(1.0)
    assert len(odds) == 16
    exp = [Fraction(o.total_strength, o.outcomes) for o in odds]
    assert exp == sorted(exp, reverse=True)
    assert "keep" in str(odds) and "9c 9d 2h 2s" in str(odds)
    assert "DrawOption(keep='9c 9d 2h 2s'" in repr(best)
    with pytest.raises(AttributeError):
        best.outcomes = 3  # type: ignore[misc]
    assert hash(best) == hash(draw_odds("9c 9d 2h 2s Kd")[0])


def test_standing_pat_has_one_outcome():
    odds = draw_odds("Ac Kd Qh Js Tc", 0, wild=False)
    assert len(odds) == 1
    assert odds[0].outcomes == 1 and odds[0].discard == ()
    assert odds[0].count(Category.STRAIGHT) == 1


def test_hand_forms():
    a = draw_odds(CardSet("9c 9d 2h 2s Kd"))
    b = draw_odds("9c 9d 2h 2s Kd")
    assert {(o.keep, o.total_strength) for o in a} == {
        (tuple(sorted(o.keep)), o.total_strength) for o in b
    }


def test_bad_input():
    with pytest.raises(PedronValueError):
        draw_odds("9c 9d 2h 2s")
    with pytest.raises(DuplicateCardError):
        draw_odds("9c 9d 2h 2s 9c")
    with pytest.raises(PedronValueError, match="max_draw"):
        draw_odds("9c 9d 2h 2s Kd", 6)
    with pytest.raises(PedronValueError, match="max_draw"):
        draw_odds("9c 9d 2h 2s Kd", -1)
    with pytest.raises(PedronTypeError):
        draw_odds("9c 9d 2h 2s Kd", "2")  # type: ignore[arg-type]
    with pytest.raises(PedronTypeError, match="max_draw"):
        draw_odds("9c 9d 2h 2s Kd", True)
    with pytest.raises(CardError, match="9c"):
        draw_odds("9c 9d 2h 2s Kd", dead="9c")
    with pytest.raises(CardError):
        draw_odds("9c 9d 2h 2s Kd", dead=[60])
    with pytest.raises(PedronTypeError):
        draw_odds("9c 9d 2h 2s Kd", dead=3.5)
    with pytest.raises(PedronValueError, match="top"):
        best_draw("9c 9d 2h 2s Kd", top=0)


@pytest.mark.parametrize(
    ("text", "wild", "dead"),
    [
        # four of a suit (a flush one card away), kept alone or with others
        ("Ah Qh 9h 5h 3c", True, ""),
        pytest.param("As Ks Qs 2s 7d", True, "Js Ts 2c", marks=pytest.mark.slow),
        ("Ac 9c 6c 4c 3d", False, "Kc"),
        pytest.param("2h 2s Th 9h 8h", True, "", marks=pytest.mark.slow),
    ],
)
def test_draws_of_up_to_four_with_flush_chances_match_brute_force(text, wild, dead):
    # The kernel visits a draw once per multiset of ranks and splits its card
    # sets into flushes and the rest by suit; enumerate every card set here.
    import numpy as np

    from pedron.diablo import evaluate_batch

    hand = parse_cards(text)
    dead_cards = parse_cards(dead) if dead else []
    unseen = [c for c in range(52) if c not in hand and c not in dead_cards]
    odds = draw_odds(text, DrawLimit(4), wild=wild, dead=dead_cards)
    assert len(odds) == 31  # every exchange but the whole hand
    for opt in odds:
        keep = [c for c in hand if c not in opt.discard]
        finals = np.array([keep + list(new) for new in combinations(unseen, len(opt.discard))],
                          dtype=np.uint8)
        strengths, counts = np.unique(evaluate_batch(finals, wild=wild), return_counts=True)
        expected = {int(s): int(n) for s, n in zip(strengths, counts, strict=True)}
        assert opt.strength_counts() == expected
        assert opt.outcomes == len(finals)
        assert opt.value == Fraction(sum(s * n for s, n in expected.items()), len(finals))
