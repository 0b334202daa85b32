"""One vocabulary for both tables."""

from __future__ import annotations

import pytest

from pedron import diablo, diamondback
from pedron.engine import DealHistory, DealResult, DealView


def tables():
    return [diamondback.Table(3, 20, seed=4, keep_history=True),
            diablo.Table(3, 20, seed=4, keep_history=True)]


def finish(deal):
    while not deal.done:
        legal = deal.legal_actions()
        kinds = [a.kind for a in legal]
        for kind in ("stop", "check", "fold"):
            if kind in kinds:
                deal.apply(kind)
                break
        else:
            a = legal[0]
            deal.apply((a.kind, a.min) if a.min is not None and a.kind != "draw" else
                       ("reveal", a.cards[0]) if a.kind == "reveal" else (a.kind,))


@pytest.mark.parametrize("table", tables(), ids=["diamondback", "diablo"])
def test_the_same_names_mean_the_same_in_both_games(table):
    assert table.current is None and table.deals_played == 0 and table.history == ()
    assert table.keep_history and table.dealer in range(3)
    deal = table.next_deal()
    assert table.current is deal and table.deals_played == 1
    view = table.view(deal.to_act)
    assert isinstance(view.deal, DealView)
    for name in ("shown", "dealt_in", "pot", "stacks", "to_act", "legal", "history", "result"):
        assert hasattr(view.deal, name), name
    assert view.deal.legal == tuple(deal.legal_actions())
    assert view.events and view.deals_played == 1
    finish(deal)
    assert table.current is None and table.last is deal
    result = deal.result
    assert isinstance(result, DealResult)
    for name in ("payouts", "net", "winners", "pots", "carry", "showdown", "hands"):
        assert hasattr(result, name), name
    assert isinstance(table.history[0], DealHistory) and table.results == [result]
    # close(): True once the session has ended; asking again changes nothing and gives
    # the same answer, everywhere.
    if table.carry:
        assert table.close() is False
        saved = table.to_json()
        assert table.close() is False and table.to_json() == saved
    else:
        assert table.close() is True and table.over
        saved = table.to_json()
        assert table.close() is True and table.to_json() == saved


@pytest.mark.parametrize("game", ["diamondback", "diablo"])
def test_close_in_a_loop_plays_the_session_out(game):
    """``while not table.close(): play a deal`` ends: a pot on the table is played out
    and the session then ends, in both games."""
    from pedron import diablo, diamondback
    from pedron.bots import RandomBot

    module = diamondback if game == "diamondback" else diablo
    table = module.Table(3, 30, seed=4, dealer=0)
    bot = RandomBot(4)
    table.next_deal()
    assert table.close() is False  # (asked during a deal)
    deals = 0
    while not table.close():
        deal = table.current or table.next_deal()
        while not deal.done:
            deal.apply(bot(table.view(deal.to_act), deal.legal_actions()))
        deals += 1
        assert deals < 200
    assert table.over and table.end_reason in ("closed", "one player left")


def test_the_first_dealer_is_drawn_by_default_in_both_games():
    for cls in (diamondback.Table, diablo.Table):
        dealers = {cls(3, 20, seed=s).dealer for s in range(12)}
        assert len(dealers) > 1  # drawn, not always seat 0
        t = cls(3, 20, seed=1)
        draws = [r for r in t.events if r.kind == "draw"]
        assert draws and t.events[-1].kind == "dealer" and t.events[-1].seat == t.dealer
        assert cls(3, 20, seed=1, dealer=2).dealer == 2


def test_a_diamondback_close_plays_out_a_carry_over():
    rules = diamondback.Rules()
    t = diamondback.Table(2, 20, rules, seed=1, dealer=0)
    # Both hold the same hand: the pot carries over (docs/rules.md 7).
    h = t.next_deal(hands={0: "K1 Q1", 1: "K2 Q2"})
    h.bet(2), h.match(), h.reveal(h.cards[1][0]), h.reveal(h.cards[0][0]), h.stop()
    assert t.carry == 4
    assert t.close() is False and t.closing and not t.over  # the carry-over is played out
    h = t.next_deal()
    h.bet(1), h.fold()
    assert t.over and t.end_reason == "closed" and t.carry == 0
