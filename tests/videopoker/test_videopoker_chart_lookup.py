"""A chart's ``hold()`` is a lookup (issue 39): the chart's play worked out once for
every suit class of deals, then found by the class of the hand. Its answer must be
the one the search it replaces gives (``strategy._hold_search``, kept as the
reference) on every hand: here against that search on sampled hands, and against
the same rule run in one batch over every suit class of a game, each class's deal
dealt with its suits renamed and its cards shuffled."""

from __future__ import annotations

import random
import threading
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedron import videopoker as vp
from pedron.drawpoker import deck_tables
from pedron.errors import PedronValueError
from pedron.videopoker import strategy
from pedron.videopoker.analysis import JOKER

GAMES = ("jacks-or-better", "deuces-wild", "joker-poker")
_CHARTS: dict[tuple[str, int], vp.StrategyChart] = {}


def all_patterns(table: vp.PayTable) -> list[str]:
    """Every hold pattern of the game: the name of every hold of every deal."""
    deals = deck_tables(table.wilds).deals
    _values, keys = strategy._holds(table, deals)
    name = strategy._namer(table)
    return sorted({name(int(k)) for k in np.unique(keys)})


def shuffled_chart(game: str, seed: int) -> vp.StrategyChart:
    """A chart listing every pattern of the game in a random order: a poor strategy,
    but every deal holds some line, and ties between holds of one line are many."""
    found = _CHARTS.get((game, seed))
    if found is None:
        table = vp.pay_table(game)
        patterns = all_patterns(table)
        random.Random(seed).shuffle(patterns)
        lines = tuple(vp.ChartLine(p, "", 0, Fraction(0)) for p in patterns)
        found = _CHARTS[game, seed] = vp.StrategyChart(table, lines, Fraction(0), Fraction(0),
                                                       0.0)
    return found


def search_many(chart: vp.StrategyChart, hands: np.ndarray) -> list[tuple[int, ...]]:
    """The search's rule (``_hold_search``) run on many hands at once: each hand's holds
    named, the first listed line kept, the highest hold mask over the cards ascending
    among holds of that line."""
    ascending = np.sort(hands, axis=1).astype(np.uint8)
    _values, keys = strategy._holds(chart.pay_table, ascending)
    name = strategy._namer(chart.pay_table)
    rank = {p: i for i, p in enumerate(chart.patterns)}
    unique, inverse = np.unique(keys, return_inverse=True)
    ranks = np.array([rank.get(name(int(k)), len(rank)) for k in unique])[
        inverse.reshape(keys.shape)]
    assert (ranks.min(axis=1) < len(rank)).all()
    chosen = 31 - ranks[:, ::-1].argmin(axis=1)   # (argmin: the first, so the highest h)
    out = []
    for hand, cards, h in zip(hands.tolist(), ascending.tolist(), chosen.tolist(), strict=True):
        kept = {cards[i] for i in range(5) if h >> i & 1}
        out.append(tuple(c for c in hand if c in kept))
    return out


def renamed_deals(game: str, seed: int) -> np.ndarray:
    """Every suit class's deal with its suits renamed at random and its cards shuffled."""
    deals = deck_tables(vp.GAMES[game].wilds).deals.astype(np.int64)
    rng = np.random.default_rng(seed)
    perms = np.array([rng.permutation(4) for _ in range(len(deals))])
    suits = np.take_along_axis(perms, deals & 3, axis=1)
    renamed = np.where(deals == JOKER, JOKER, (deals & ~3) | suits)
    return rng.permuted(renamed, axis=1)


def test_the_batch_rule_is_the_search():
    # (the batch below stands for the search: first checked against it)
    chart = shuffled_chart("deuces-wild", 1)
    hands = renamed_deals("deuces-wild", 2)[::3000]
    assert search_many(chart, hands) == [strategy._hold_search(chart, h) for h in hands.tolist()]


@pytest.mark.parametrize("game", GAMES)
def test_lookup_equals_the_search_on_sampled_classes(game):
    chart = shuffled_chart(game, 3)
    hands = renamed_deals(game, 4)[::9]
    assert [chart.hold(h) for h in hands.tolist()] == search_many(chart, hands)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("chart_kind", ["shuffled", "built"])
def test_lookup_equals_the_search_on_every_suit_class(game, chart_kind):
    chart = shuffled_chart(game, 5) if chart_kind == "shuffled" else vp.strategy_chart(game)
    hands = renamed_deals(game, 6)
    assert [chart.hold(h) for h in hands.tolist()] == search_many(chart, hands)


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_lookup_equals_the_search_on_any_hand(game, data):
    cards = 53 if vp.GAMES[game].wilds == "joker" else 52
    hand = data.draw(st.permutations(range(cards)))[:5]
    chart = shuffled_chart(game, 8)
    assert chart.hold(hand) == strategy._hold_search(chart, hand)


def test_a_real_chart_plays_the_known_holds():
    from pedron.cards import parse_cards

    real = vp.StrategyChart(vp.pay_table("jacks-or-better"), tuple(
        vp.ChartLine(p, "", 0, Fraction(0)) for p in (
            "royal flush", "4 to a royal flush", "high pair", "low pair", "KQ suited",
            "discard everything")), Fraction(0), Fraction(0), 0.0)
    assert real.hold("3d Js Qs As Ks") == tuple(parse_cards("Js Qs As Ks"))
    assert real.hold("7c 7s Qd Qh 2d") == tuple(parse_cards("Qd Qh"))   # (high pair first)
    assert real.hold("7c 7s Kd Qd 2d") == tuple(parse_cards("7c 7s"))
    assert real.hold("7c 8s Kd Qd 2h") == tuple(parse_cards("Kd Qd"))
    assert real.hold("2h 3d 4c 7s 9d") == ()
    # two holds of one line (two pair is not listed): the higher cards
    assert real.hold("Qd Kd Qh 3c Kh") == tuple(parse_cards("Kd Kh"))


def test_a_chart_without_a_line_for_a_deal_says_so():
    chart = vp.StrategyChart(vp.pay_table("jacks-or-better"), (
        vp.ChartLine("royal flush", "", 0, Fraction(0)),), Fraction(0), Fraction(0), 0.0)
    assert len(chart.hold("As Ks Qs Js Ts")) == 5
    for find in (chart.hold, lambda h: strategy._hold_search(chart, h)):
        with pytest.raises(PedronValueError, match="no line for 2h 3d 4c 7s 9d"):
            find("2h 3d 4c 7s 9d")


def test_threads_share_one_table():
    base = shuffled_chart("jacks-or-better", 10)
    chart = vp.StrategyChart(base.pay_table, base.lines, Fraction(1), Fraction(1), 0.0)
    strategy._CHART_TABLES.pop((chart.pay_table, chart.patterns), None)
    hands = renamed_deals("jacks-or-better", 11)[::400].tolist()
    results: list[list[tuple[int, ...]]] = []
    tables = []

    def play() -> None:
        results.append([chart.hold(h) for h in hands])
        tables.append(strategy._chart_table(chart))

    threads = [threading.Thread(target=play) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and results[0] == results[1] == results[2]
    assert results[0] == search_many(base, np.array(hands))
    assert tables[0] is tables[1] is tables[2]
    # an equal chart made apart finds the same table
    again = vp.StrategyChart(base.pay_table, base.lines, Fraction(2), Fraction(2), 0.0)
    assert strategy._chart_table(again) is tables[0]
