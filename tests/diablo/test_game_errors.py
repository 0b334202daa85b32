"""Bad input to a Diablo game: clear pedron errors, state unchanged; views; saves."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pedron.cards import parse_cards
from pedron.diablo import DeclarationError, GameView, Rules, Table, TableView
from pedron.engine import LegalAction, is_plain
from pedron.errors import (
    ActionTypeError,
    AmountError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SaveError,
)
from tests.refusals import refusal


def session_ops(table):
    """The session's operations as a save holds them (its log: docs/histories.md)."""
    return json.loads(json.loads(table.to_json())["log"])


def stacked(n: int, dealer: int, hands: list[str], draws: str = "") -> list[int]:
    seats = [(dealer + k) % n for k in range(1, n + 1)]
    held = [parse_cards(h) for h in hands]
    return [held[seats[i % n]][i // n] for i in range(5 * n)] + list(parse_cards(draws))


def refused(t: Table, call, error=IllegalActionError, match: str | None = None) -> None:
    """``call()`` raises ``error`` and the whole table (state and log) is unchanged."""
    before = t.to_json()
    with pytest.raises(error, match=match):
        call()
    assert t.to_json() == before


def test_betting_errors():
    t = Table(4, 100, seed=1, dealer=0)
    g = t.next_deal()
    refused(t, lambda: g.bet(0), AmountError)
    refused(t, lambda: g.bet(6), AmountError, "1..5")  # opening above the limit
    refused(t, lambda: g.bet(1.5), AmountError)
    refused(t, lambda: g.bet("2"), ActionTypeError)
    refused(t, lambda: g.bet(True), ActionTypeError)
    refused(t, lambda: g.call(), IllegalActionError, "no bet to call")
    refused(t, lambda: g.raise_by(2), IllegalActionError)
    refused(t, lambda: g.draw(), IllegalActionError, "check, bet, call, raise or fold")
    refused(t, lambda: g.apply(("shuffle",)), IllegalActionError)
    refused(t, lambda: g.apply((3,)), ActionTypeError)
    refused(t, lambda: g.apply("bet"), IllegalActionError, "takes an amount")  # text is read
    refused(t, lambda: g.apply(2.5), ActionTypeError)
    refused(t, lambda: g.apply(("check", (1,))), IllegalActionError)
    refused(t, lambda: g.check(seat=2), NotYourTurnError)  # out of turn
    refused(t, lambda: g.check(seat=9), IllegalActionError)
    refused(t, lambda: g.check(seat="1"), ActionTypeError)
    g.bet(3)
    refused(t, lambda: g.check(), IllegalActionError, "cannot check facing a bet")
    refused(t, lambda: g.apply(("call", 4)), AmountError)
    refused(t, lambda: g.raise_by(6), AmountError)
    refused(t, lambda: g.raise_to(3), AmountError, "raise must be to 4..8")
    refused(t, lambda: g.bet(2), IllegalActionError)
    for _ in range(4):
        g.raise_by(1)
    refused(t, lambda: g.raise_by(1), IllegalActionError, "no more than 4 raises")  # a fifth
    assert refusal(g, ("raise", 1)) == "no more than 4 raises in a round"
    assert refusal(g, ("call",)) is None


def test_below_the_limit_after_the_draw():
    t = Table(3, 100, seed=1, dealer=0)
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    g.draw(), g.draw(), g.draw()
    refused(t, lambda: g.bet(1), AmountError, "2..10")
    refused(t, lambda: g.bet(11), AmountError)


def test_draw_errors():
    hands = ["Ac 3d 5h 7s 9c", "Kc Kd 3h 8s Jc", "4d 6h 9s Tc Qd"]
    t = Table(3, 20, seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    refused(t, lambda: g.draw("3d 5h 7s"), IllegalActionError, "at most 2")  # 3 without variant
    refused(t, lambda: g.draw("Kc"), IllegalActionError, "does not hold K")
    refused(t, lambda: g.draw([99]), IllegalActionError, "does not hold")
    refused(t, lambda: g.draw("3d 3d"), IllegalActionError, "twice")
    refused(t, lambda: g.draw("Xx"), IllegalActionError)
    refused(t, lambda: g.draw(2.0), ActionTypeError)
    refused(t, lambda: g.draw([True]), ActionTypeError)
    refused(t, lambda: g.apply(("draw", 2)), IllegalActionError)
    refused(t, lambda: g.check(), IllegalActionError, "must draw")
    refused(t, lambda: g.draw(seat=1), NotYourTurnError)
    t = Table(3, 20, Rules(more_draw=True), seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    refused(t, lambda: g.draw("Ac 3d 5h 7s"), IllegalActionError, "ace")  # keeps a 9
    refused(t, lambda: g.draw("Ac 3d 5h 7s 9c"), IllegalActionError)
    g.draw("3d 5h 7s 9c")
    refused(t, lambda: g.draw("Kc Kd 3h 8s"), IllegalActionError)


def test_jacks_or_better_and_declare_errors():
    hands = ["Tc Td 5h 7s 9c", "Jc Jd 4h 8s Kc", "Qc 3d 5c 6s Ad"]
    t = Table(3, 20, Rules(jacks_or_better=True, declare=True), seed=1, dealer=2,
              order=stacked(3, 2, hands))
    g = t.next_deal()
    refused(t, lambda: g.bet(1), IllegalActionError, "jacks or better")
    assert "jacks or better" in refusal(g, ("bet", 1))
    g.check()
    g.bet(1), g.call(), g.call()
    g.draw(), g.draw(), g.draw()
    g.check(), g.check(), g.check()
    refused(t, lambda: g.declare("one pair", "TT975"[::-1]), DeclarationError)
    refused(t, lambda: g.declare("pair", "TT975"), DeclarationError)
    refused(t, lambda: g.declare("one pair"), DeclarationError)
    refused(t, lambda: g.declare(None, "TT975"), ActionTypeError)
    refused(t, lambda: g.declare("one pair", "TT9752"), DeclarationError)
    refused(t, lambda: g.apply(("declare", 2)), DeclarationError)
    refused(t, lambda: g.check(), IllegalActionError, "must declare")
    g.declare("one pair", "TT975")


def test_after_the_end():
    t = Table(3, 10, seed=1, dealer=0)
    g = t.next_deal()
    g.bet(1), g.fold(), g.fold()
    for call in (g.check, g.fold, g.call, lambda: g.bet(1), lambda: g.draw(),
                 lambda: g.declare("one pair", "TT975"), lambda: g.choose("diablo")):
        refused(t, call, GameOverError)
    assert refusal(g, ("check",)) == "game 1 is over"
    assert g.legal_actions() == [] and g.to_act is None
    t.close()
    refused(t, t.next_deal, GameOverError)
    refused(t, lambda: t.apply(("check",)), GameOverError)


def test_choose_errors():
    t = Table(3, 10, Rules(dealers_choice=True, choices=("diablo", "draw")), seed=1, dealer=0)
    g = t.next_deal()
    refused(t, lambda: g.choose("deuces_wild"), IllegalActionError)
    refused(t, lambda: g.choose(9), IllegalActionError)
    refused(t, lambda: g.choose(None), ActionTypeError)
    refused(t, lambda: g.check(), IllegalActionError, "choose")
    refused(t, lambda: g.choose("draw", seat=1), NotYourTurnError)
    refused(t, lambda: Table(3, dealer=0).apply(("check",)), IllegalActionError)


# -- views ----------------------------------------------------------------------------
def test_views_hide_everything_hidden():
    hands = ["Ac 3d 5h 7s 9c", "Kc Kd 3h 8s Jc", "4d 6h 9s Tc Qd"]
    t = Table(["A", "B", "C"], 20, seed=1, dealer=2, order=stacked(3, 2, hands, "2c 2d"))
    g = t.next_deal()
    g.bet(2), g.call(), g.call()
    g.draw("3d 5h")
    v = t.view(1)
    assert isinstance(v, TableView) and isinstance(v.deal, GameView)
    assert is_plain(v)
    gv = v.deal
    # Every public attribute, as seat 1 may know it.
    fields = {f.name: getattr(gv, f.name) for f in dataclasses.fields(gv)}
    assert fields | {"history": None, "pots": None} == {
        "seat": 1, "number": 1, "dealer": 2, "variant": "diablo", "diablo_pot": False,
        "phase": "draw", "to_act": 1, "dealt_in": (0, 1, 2), "my_cards": g.cards[1],
        "shown": ((), (), ()), "live": (True, True, True), "committed": (3, 3, 3),
        "stacks": (17, 17, 17), "pot": 9, "pots": None, "carry": 0, "opener": 0, "bet": 0,
        "to_call": 0, "raises": 0, "drawn": (2, -1, -1), "declared": (None, None, None),
        "stock": 35, "legal": (LegalAction("draw", 0, 2, g.cards[1]),),
        "history": None, "result": None,
    }
    assert [(p.amount, p.eligible) for p in gv.pots] == [(9, (0, 1, 2))]
    # Other players' dealt and drawn cards are censored; one's own are not.
    for r in gv.history:
        if r.kind in ("deal", "draw") and r.seat != 1:
            assert r.cards == ()
        if r.seat == 1 and r.kind == "deal":
            assert r.cards
    mine = t.view(0).deal
    assert mine.my_cards == tuple(parse_cards("Ac 7s 9c 2c 2d"))
    assert [r.cards for r in mine.history if r.kind == "draw"] == [tuple(parse_cards("3d 5h"))]
    spectator = t.view(None).deal
    assert spectator.my_cards == () and spectator.legal == ()
    assert all(r.cards == () for r in spectator.history if r.private)
    assert v.names == ("A", "B", "C") and v.stacks == (17, 17, 17) and v.seated == (True,) * 3
    assert (v.dealer, v.carry, v.series, v.diablo_caller, v.deals_played, v.closing, v.over,
            v.end_reason) == (2, 0, False, None, 1, False, False, None)
    # The JSON of a view: plain data, nothing about the stock or the generator.
    text = json.dumps(v.to_json())
    data = json.loads(text)
    assert data["deal"]["my_cards"] == list(g.cards[1]) and "rng" not in text
    assert "stock" in data["deal"] and data["deal"]["stock"] == 35
    other_cards = set(g.cards[0]) | set(g.cards[2]) | set(g.deck.stock)
    for r in data["deal"]["history"]:
        assert not set(r[3]) & other_cards
    # Views of a finished game show the hands shown at the showdown.
    g.draw(), g.draw()
    g.check(), g.check(), g.check()
    fin = t.view(2).deal
    assert fin.shown[0] == g.cards[0] and fin.result == g.result and fin.pot == 0
    assert fin.result.to_json()["payouts"] == list(g.result.payouts)
    with pytest.raises(IllegalActionError):
        t.view(3)


# -- saves ------------------------------------------------------------------------------
def saved_midgame():
    t = Table(4, 50, Rules(more_draw=True), seed=3, dealer=0)
    g = t.next_deal()
    g.bet(2), g.call(), g.call(), g.call()
    g.draw(g.cards[1][:3])
    return t, json.loads(t.to_json())


def test_save_restore_clone_exact():
    t, data = saved_midgame()
    r = Table.from_json(t.to_json())
    assert r.getstate() == t.getstate() and session_ops(r) == session_ops(t)
    c = t.clone()
    for tbl in (t, r, c):
        tbl.last.draw(), tbl.last.draw(), tbl.last.draw()
        tbl.last.bet(2)
    assert t.to_json() == r.to_json() == c.to_json()
    assert Table.from_json(data).to_json() != t.to_json()


@pytest.mark.parametrize("damage", [
    "version", "format", "duplicate", "chips", "turn", "history", "log", "missing", "rules",
    "stack_type", "garbage",
])
def test_tampered_saves_are_refused(damage):
    _, data = saved_midgame()
    state = data["state"]
    game = state["deal"]
    if damage == "version":
        data["version"] = 99
    elif damage == "format":
        data["format"] = "pedron.diamondback.table"
    elif damage == "duplicate":
        game["cards"][0][0] = game["cards"][1][1]
    elif damage == "chips":
        state["table"]["ledger"]["stacks"][0] += 5
    elif damage == "turn":
        game["queue"] = [0]
        state["table"]["ledger"]["live"][0] = False
    elif damage == "history":
        game["history"][0][2] = 7
    elif damage == "log":
        data["ops"][-1] = ["move", 1, "draw", [51, 50, 49]]
    elif damage == "missing":
        game["stock"] = game["stock"][1:]
    elif damage == "rules":
        data["setup"]["rules"]["ante"] = -1
    elif damage == "stack_type":
        data["start"]["ledger"]["stacks"][0] = "49"
    elif damage == "garbage":
        data = "{not json"
    with pytest.raises(SaveError):
        Table.from_json(data if isinstance(data, str) else json.dumps(data))
