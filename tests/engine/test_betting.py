"""Check/bet/call/raise/fold bookkeeping (for Diablo), antes, draws, actions."""

from __future__ import annotations

import pytest

from pedron.diablo.cards import Deck as DiabloDeck
from pedron.engine import (
    BettingRound,
    Ledger,
    LegalAction,
    RaiseTo,
    Record,
    check_amount,
    collect_antes,
    draw_replacements,
)
from pedron.engine.deal import check_against
from pedron.errors import ActionTypeError, AmountError


def kinds(rnd):
    return [(a.kind, a.min, a.max) for a in rnd.legal_actions()]


def new_round(stacks=(100, 100, 100, 100), **limits):
    led = Ledger(list(stacks))
    led.begin(range(len(stacks)))
    opts = {"min_bet": 1, "max_bet": 5, "max_raises": 4}
    opts.update(limits)
    return led, BettingRound(led, [1, 2, 3, 0], **opts)


def play(rnd, kind, amount=0):
    """A move the round's rule allows (as a deal checks it), then played."""
    legal = rnd.option(kind)
    assert not isinstance(legal, str), legal
    if legal.min is not None and kind in ("bet", "raise"):
        assert legal.min <= amount <= legal.max
    return rnd.play(kind, amount)


def test_check_bet_call_raise_fold_and_opener():
    led, rnd = new_round()
    assert rnd.to_act == 1
    assert kinds(rnd) == [("check", None, None), ("bet", 1, 5), ("fold", None, None)]
    play(rnd, "check")
    rec = play(rnd, "bet", 2)
    assert rec == Record("bet", 2, 2, note="to 2") and rnd.opener == 2
    assert kinds(rnd)[0] == ("call", 2, 2)
    play(rnd, "call")  # seat 3
    play(rnd, "fold")  # seat 0
    assert rnd.to_act == 1
    play(rnd, "raise", 7)  # seat 1: to 7 (a raise names the total)
    assert rnd.current == 7 and rnd.raises == 1
    assert rnd.to_act == 2
    play(rnd, "call")
    play(rnd, "call")
    assert rnd.done and led.committed == [0, 7, 7, 7]
    assert rnd.opener == 2


def test_the_round_says_why_a_move_is_refused_and_changes_nothing():
    led, rnd = new_round()
    play(rnd, "bet", 3)
    before = (led.getstate(), rnd.getstate())
    assert "check facing a bet" in rnd.option("check")
    assert "there is a bet already" in rnd.option("bet")
    raise_to = rnd.option("raise")
    assert (raise_to.min, raise_to.max) == (4, 8)  # the totals: 3 + 1 .. 3 + 5
    for bad in (9, 3, 0):
        with pytest.raises(AmountError):
            check_against(raise_to, RaiseTo(bad), 2)
    assert rnd.option("call") == LegalAction("call", 3, 3)
    assert (led.getstate(), rnd.getstate()) == before


def test_raise_cap():
    _, rnd = new_round(max_raises=2)
    play(rnd, "bet", 1)
    play(rnd, "raise", 2)
    play(rnd, "raise", 3)
    assert [a.kind for a in rnd.legal_actions()] == ["call", "fold"]
    assert "no more than 2 raises" in rnd.option("raise")


def test_all_in_call_and_short_bet():
    led, rnd = new_round(stacks=(100, 3, 100, 2))
    play(rnd, "bet", 3)  # seat 1 all-in
    assert rnd.legal_actions()[0].kind == "call"
    play(rnd, "raise", 8)  # seat 2 to 8
    play(rnd, "call")  # seat 3 all-in for 2
    assert led.stacks[3] == 0
    play(rnd, "call")  # seat 0
    assert rnd.done
    pots = led.pots()
    assert [p.amount for p in pots] == [8, 3, 10]
    assert [p.eligible for p in pots] == [(0, 1, 2, 3), (0, 1, 2), (0, 2)]


def test_everyone_checks_and_last_player():
    led = Ledger([10, 10, 10])
    led.begin([0, 1, 2])
    rnd = BettingRound(led, [1, 2, 0], min_bet=1, max_bet=5)
    for _ in range(3):
        play(rnd, "check")
    assert rnd.done and rnd.opener is None
    rnd = BettingRound(led, [1, 2, 0], min_bet=1, max_bet=5)
    play(rnd, "bet", 1)
    play(rnd, "fold")
    play(rnd, "fold")
    assert rnd.done and rnd.live_count == 1


def test_antes_and_draws():
    led = Ledger([10, 1, 10])
    led.begin([0, 1, 2])
    recs = collect_antes(led, [1, 2, 0], 2)
    assert [r.amount for r in recs] == [1, 2, 2] and recs[0].note == "all-in"
    deck = DiabloDeck(seed=1)
    deck.deal(50)
    discards = list(deck.deal(2))
    assert len(deck) == 0
    pile = list(discards)
    cards = draw_replacements(deck, 2, discards)
    assert sorted(cards) == sorted(pile) and discards == []
    assert draw_replacements(deck, 0, discards) == ()


def test_check_amount_and_action_json():
    assert check_amount(5) == 5
    for bad in (0, -1):
        with pytest.raises(AmountError):
            check_amount(bad)
    for bad in (1.5, 2.0):
        with pytest.raises(AmountError):
            check_amount(bad)
    for bad in (True, None, "3", [1]):
        with pytest.raises(ActionTypeError):
            check_amount(bad)
    r = Record("deal", 2, 0, (7,), True)
    assert r.censored(2) is r and r.censored(1).cards == () and r.censored(None).cards == ()
    assert Record.from_json(r.to_json()) == r


def test_round_copy_and_repr():
    led, rnd = new_round()
    play(rnd, "bet", 2)
    led2 = led.copy()
    rnd2 = rnd.copy(led2)
    play(rnd2, "fold")
    assert rnd.to_act == 2 and rnd2.to_act == 3
    assert led.live[2] and not led2.live[2]
    assert "opener=1" in repr(rnd) and "Ledger(" in repr(led)


def test_save_helpers():
    import json

    from pedron.engine import restore as save
    from pedron.errors import SaveError

    parts = {"setup": {"a": 1}, "start": {}, "ops": [], "history": [], "log": "[]",
             "last": None, "state": {"s": 2}}
    text = json.dumps({"format": "x.game", "version": 2, **parts})
    assert save._read_envelope(text, "x.game")["state"] == {"s": 2}
    assert save._read_envelope(json.loads(text), "x.game")["setup"] == {"a": 1}
    old = json.dumps({"format": "x.game", "version": 1, "setup": {}, "log": [], "state": {}})
    with pytest.raises(SaveError, match=r"unknown save version 1"):
        save._read_envelope(old, "x.game")
    broken = json.dumps({"format": "x.game", "version": 2, **parts, "ops": {}})
    for bad, fmt in [(text, "y"), ("{", "x.game"), (broken, "x.game"), ("[]", "x.game")]:
        with pytest.raises(SaveError):
            save._read_envelope(bad, fmt)
    save.check_chips([1, 2], [0, 3], 4, 10, 10)
    for args in ([[1, 2], [0, 3], 4, 11, 20], [[1, -2], [0, 3], 4, 6, 20], [[5], [0], 0, 5, 4]):
        with pytest.raises(SaveError):
            save.check_chips(*args)
    save.check_unique_cards([[1, 2], [3]], 4)
    for cards in ([[1, 2], [2]], [[True]], [[4]]):
        with pytest.raises(SaveError):
            save.check_unique_cards(cards, 4)
    with pytest.raises(SaveError):
        save._require_same({"a": 1}, {"a": 2})


def test_diablo_worked_example_with_engine_pieces():
    """docs/rules.md's Diablo example, played with the engine alone (for issue 6)."""
    anna, ben, carla, dan = range(4)
    led = Ledger([100] * 4)
    led.begin([anna, ben, carla, dan])  # Dan deals: Anna, at his left, acts first
    collect_antes(led, [anna, ben, carla, dan], 1)
    first = BettingRound(led, [anna, ben, carla, dan], min_bet=1, max_bet=5)
    play(first, "bet", 2)
    play(first, "call")
    play(first, "call")
    play(first, "fold")
    assert first.done and first.opener == anna
    # (the draw happens here) The second round is started by the opener.
    second = BettingRound(led, [anna, ben, carla], min_bet=2, max_bet=10)
    play(second, "bet", 4)
    play(second, "raise", 8)  # Ben raises to 8
    play(second, "fold")  # Carla
    assert second.to_act == anna and second.legal_actions()[0] == LegalAction("call", 4, 4)
    play(second, "call")
    assert second.done
    pots = led.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(26, (anna, ben))]
    led.settle([(ben, 26)], 0)  # Ben's four nines beat Anna's flush
    led.forfeit(anna, 26)  # the Diablo rule: the opener pays a new pot as large
    assert led.stacks == [63, 115, 97, 99] and led.carry == 26 and led.total == 400
    # The next game has no ante: it is played for the carried pot.
    led.begin([anna, ben, carla, dan])
    assert led.pots()[0].amount == 26
