"""Strategy charts: in players' words, measured exactly, within 0.02
percentage points of perfect play for every named game."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pedron import videopoker as vp
from pedron.errors import PedronTypeError, PedronValueError


@pytest.fixture(scope="module")
def job() -> vp.StrategyChart:
    return vp.strategy_chart("jacks-or-better")


def test_chart_reads_in_players_words(job):
    pats = job.patterns
    for words in ("royal flush", "4 to a royal flush", "two pair", "high pair", "low pair",
                  "QJ suited", "discard everything", "4 to a flush, 2 high cards"):
        assert words in pats, words
    assert any(p.startswith("3 to a straight flush, type") for p in pats)
    # the well-known order of 9/6 Jacks or Better's top lines
    assert pats.index("4 to a royal flush") < pats.index("two pair") < pats.index("high pair")
    assert pats.index("high pair") < pats.index("low pair")
    assert pats[-1] == "discard everything"
    text = job.text()
    assert "3 to a royal flush: " in text and "percentage points" in text


def test_chart_cost_is_exact_and_small(job):
    perfect = vp.analyse("jacks-or-better")
    assert job.optimal == perfect.return_
    assert isinstance(job.return_, Fraction) and 0 <= job.cost < Fraction(2, 10_000)
    assert job.cost == sum(line.loss for line in job.lines)
    assert sum(line.deals for line in job.lines) == 2_598_960


@pytest.mark.slow
def test_chart_play_matches_its_lines_and_the_exact_values(job):
    # Playing the chart on sample deals: the hold it names is a hold of the
    # deal, never worth more than the best, and the measured loss of the
    # chart is what these holds give up.
    rng = random.Random(7)
    for _ in range(60):
        hand = tuple(rng.sample(range(52), 5))
        kept = job.hold(hand)
        holds = vp.best_hold(hand, "jacks-or-better")
        values = {frozenset(h.held): h.value for h in holds}
        assert frozenset(kept) in values
        assert values[frozenset(kept)] <= holds.best.value
    from pedron.cards import parse_cards

    assert set(job.hold("As Ks Qs Js 3d")) == set(parse_cards("As Ks Qs Js"))
    assert set(job.hold("Ah Ad 7c 7s 2d")) == set(parse_cards("Ah Ad 7c 7s"))
    assert job.hold("2h 3d 4c 7s 9d") == ()


@pytest.mark.slow
@pytest.mark.parametrize("game", list(vp.GAMES))
def test_every_named_game_has_a_chart_within_two_hundredths(game):
    chart = vp.strategy_chart(game)
    assert chart.cost <= Fraction(2, 10_000), (game, float(chart.cost) * 100)
    assert chart.seconds < 60
    assert chart.optimal == vp.analyse(game).return_


def test_wild_charts_name_the_wild_cards():
    chart = vp.strategy_chart("deuces-wild")
    assert chart.cost <= Fraction(2, 10_000)
    pats = chart.patterns
    assert "a deuce alone" in pats and any(p.startswith("four deuces") for p in pats)
    assert any(p.startswith("two deuces") for p in pats)
    assert pats.index("natural royal flush") < pats.index("a deuce alone")


def test_chart_arguments():
    with pytest.raises(PedronValueError, match="time_limit"):
        vp.strategy_chart("9/6", time_limit=0)
    with pytest.raises(PedronTypeError, match="progress"):
        vp.strategy_chart("9/6", progress=3)  # type: ignore[arg-type]
    with pytest.raises(PedronValueError, match="unknown pay table"):
        vp.strategy_chart("no-such-game")
