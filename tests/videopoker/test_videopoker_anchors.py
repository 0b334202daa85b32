"""The whole-game analysis against published figures, and the best hold of
sample deals against an independent brute force through evaluate_batch."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pedron import videopoker as vp
from pedron.drawpoker import Outcome
from pedron.errors import PedronTypeError, PedronValueError
from pedron.reference.draw import best_hold_brute, hold_evs


@pytest.fixture(scope="module")
def fpdw() -> vp.Analysis:
    return vp.analyse("full-pay-deuces-wild")


@pytest.fixture(scope="module")
def job96() -> vp.Analysis:
    return vp.analyse("9/6")


def test_full_pay_deuces_wild_published_return(fpdw):
    # Published: 100.7620% over 19,933,230,517,200 weighted combinations.
    assert fpdw.combinations == 19_933_230_517_200
    assert sum(fpdw.class_counts.values()) == 19_933_230_517_200
    assert round(float(fpdw.return_) * 100, 4) == 100.7620
    assert isinstance(fpdw.return_, Fraction)
    assert fpdw.return_float == float(fpdw.return_)


def test_jacks_or_better_9_6_published_return(job96):
    assert round(float(job96.return_) * 100, 4) == 99.5439
    assert sum(job96.class_counts.values()) == 19_933_230_517_200


def test_jacks_or_better_9_6_published_counts(job96):
    # The published 9/6 Jacks or Better return table (weighted combinations).
    c = job96.class_counts
    assert c[Outcome.ROYAL_FLUSH] == 493_512_264
    assert c[Outcome.STRAIGHT_FLUSH] == 2_178_883_296
    assert c[Outcome.FOUR_OF_A_KIND] == 47_093_167_764
    assert c[Outcome.FULL_HOUSE] == 229_475_482_596
    assert c[Outcome.FLUSH] == 219_554_786_160
    assert c[Outcome.STRAIGHT] == 223_837_565_784
    assert c[Outcome.THREE_OF_A_KIND] == 1_484_003_070_324
    assert c[Outcome.TWO_PAIR] == 2_576_946_164_148
    assert c[Outcome.JACKS_OR_BETTER] == 4_277_372_890_968
    assert c[Outcome.LOW_PAIR] + c[Outcome.HIGH_CARD] == 10_872_274_993_896
    # Published independently of the table: with perfect play a royal comes
    # once in about 40,391 hands of 9/6 Jacks or Better.
    assert round(job96.combinations / c[Outcome.ROYAL_FLUSH]) == 40_391


@pytest.mark.parametrize(("name", "published"), [
    ("not-so-ugly-ducks", 99.7283),   # published 99.728%
    ("8/5", 97.2984),
])
def test_other_named_tables(name, published):
    a = vp.analyse(name)
    assert round(float(a.return_) * 100, 4) == published


def test_variance_is_consistent_with_counts(job96):
    t = job96.pay_table
    mean = sum(t.pay(c) * n for c, n in job96.class_counts.items()) / job96.combinations
    second = sum(t.pay(c) ** 2 * n for c, n in job96.class_counts.items()) / job96.combinations
    assert mean == job96.return_
    assert job96.variance == second - mean**2
    assert round(float(job96.variance), 2) == 19.51  # the published 9/6 variance


def test_threads_give_the_same_answer(fpdw):
    a = vp.analyse("full-pay-deuces-wild", threads=2)
    assert a.return_ == fpdw.return_ and a.class_counts == fpdw.class_counts


def test_progress_is_reported():
    seen = []
    vp.analyse("8/5", progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 134_459) and seen[-1] == (134_459, 134_459)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_pay_table_from_a_list_equals_the_named_one():
    named = vp.pay_table("full-pay-deuces-wild")
    listed = vp.pay_table([800, 200, 25, 15, 9, 5, 3, 2, 2, 1])
    text = vp.pay_table("800,200,25,15,9,5,3,2,2,1")
    assert named.pays == listed.pays == text.pays
    assert vp.analyse(listed).return_ == vp.analyse(named).return_
    assert vp.pay_table([9, 6], game="jacks-or-better").wild is False


def test_fractional_payouts_are_exact():
    half = vp.analyse(vp.PayTable([400, 100, Fraction(25, 2), Fraction(15, 2), Fraction(9, 2),
                                   Fraction(5, 2), Fraction(3, 2), 1, 1, Fraction(1, 2)]))
    assert half.return_ == vp.analyse("full-pay-deuces-wild").return_ / 2


def test_bad_pay_tables():
    with pytest.raises(PedronValueError, match="unknown pay table"):
        vp.pay_table("no-such-game")
    with pytest.raises(PedronValueError, match="payouts"):
        vp.pay_table(list(range(20)))
    with pytest.raises(PedronValueError, match="not a jacks-or-better"):
        vp.pay_table("full-pay-deuces-wild", game="jacks-or-better")
    with pytest.raises(PedronValueError, match="unknown game"):
        vp.pay_table([1, 2], game="bingo")
    with pytest.raises(PedronTypeError):
        vp.pay_table(3)  # type: ignore[arg-type]
    with pytest.raises(PedronValueError):
        vp.pay_table("800,x,25")


def _pays(table: vp.PayTable) -> dict[str, Fraction]:
    return {c.label: p for c, p in zip(table.classes, table.pays, strict=True)}


SAMPLE = [
    "As 2d 2h Ts 5s", "2c 2d 2h 2s 7c", "Ah Kh Qh Jh Th", "9c 9d 2h 2s Kd",
    "3c 8d Jh Qs Kd", "Jc Jd 4h 9s 6c", "Ts Js Qs Ks 9h",
]


# (the first two hands in the default run, every hand in the slow run: each takes
# the brute force a second or more)
@pytest.mark.parametrize(
    "part", [slice(0, 2), pytest.param(slice(2, None), marks=pytest.mark.slow)],
    ids=["first", "rest"])
@pytest.mark.parametrize(("game", "name"), [(True, "full-pay-deuces-wild"), (False, "9/6")])
def test_best_hold_against_brute_force(game, name, part):
    rng = random.Random(19)
    from pedron.cards import parse_cards

    hands = [tuple(parse_cards(h)) for h in SAMPLE] + [
        tuple(rng.sample(range(52), 5)) for _ in range(2)
    ]
    table = vp.pay_table(name)
    for hand in hands[part]:
        got = vp.best_hold(hand, table)
        brute = hold_evs(hand, _pays(table), wild=game)
        assert {h.discard: h.value for h in got} == brute
        disc, ev = best_hold_brute(hand, _pays(table), wild=game)
        assert got.best.discard == disc and got.best.value == ev
        assert [h.value for h in got] == sorted(brute.values(), reverse=True)


def test_the_issue_example():
    best = vp.best_hold("As 2d 2h Ts 5s").best
    from pedron.cards import format_cards

    assert format_cards(best.discard) == "5s"
    assert best.value == Fraction(206, 47)  # 4.38: three ways to the royal, ...
    assert sum(n for _, n in best.class_counts) == 47


def test_tied_deals_are_counted(fpdw, job96):
    # every four-deuces deal (48) ties standing pat with redrawing the fifth card
    assert fpdw.tied_deals >= 48
    assert 0 < job96.tied_deals < fpdw.tied_deals
    assert fpdw.as_dict()["tied_deals"] == fpdw.tied_deals


def test_equal_ev_holds_take_fewer_draws():
    # Four deuces: holding the four and drawing one is worth exactly as much
    # as standing pat (every fifth card keeps four deuces); standing pat wins.
    got = vp.best_hold("2c 2d 2h 2s 7c")
    assert got[0].value == got[1].value == 200
    assert got[0].discard == () and len(got[1].discard) == 1
