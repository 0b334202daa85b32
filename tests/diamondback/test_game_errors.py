"""Bad input, saving and restoring, and what a player's view may show."""

from __future__ import annotations

import json

import pytest

from pedron.diamondback import HandView, Table, TableView
from pedron.diamondback.cards import parse_ids
from pedron.diamondback.rules import Rules
from pedron.engine import Bet, LegalAction, Pot, Record, is_plain
from pedron.errors import (
    ActionTypeError,
    AmountError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    PedronError,
    SaveError,
)
from tests.refusals import refusal


def deal(n, dealer, hands):
    order = [(dealer + k) % n for k in range(1, n + 1)]
    ids = {s: parse_ids(text) for s, text in hands.items()}
    return [ids[s][r] for r in range(2) for s in order if s in ids]


def rejected(table, fn, exc):
    """``fn`` raises ``exc`` (a pedron error) and the table is exactly as before."""
    before = table.to_json()
    with pytest.raises(exc) as info:
        fn()
    assert isinstance(info.value, PedronError)
    assert table.to_json() == before


@pytest.fixture
def table():
    o = deal(3, 0, {1: "M1 S1", 2: "S2 Q1", 0: "P1 P2"})
    return Table(3, 20, seed=11, dealer=0, order=o)


def test_bad_bets(table):
    h = table.next_deal()
    for bad, exc in [
        (-1, AmountError),
        (0, AmountError),
        (2.5, AmountError),
        (2.0, AmountError),
        (21, AmountError),
        (True, ActionTypeError),
        ("3", ActionTypeError),
        (None, ActionTypeError),
    ]:
        rejected(table, lambda bad=bad: h.bet(bad), exc)
    rejected(table, lambda: h.apply(Bet(3, seat=1)), NotYourTurnError)
    rejected(table, lambda: h.apply(("raise", 3)), IllegalActionError)
    rejected(table, lambda: h.apply(3.5), ActionTypeError)  # type: ignore[arg-type]
    rejected(table, lambda: h.apply("bet 21"), AmountError)  # text is read like any action
    rejected(table, lambda: h.apply(("bet", 3, (1,))), IllegalActionError)
    rejected(table, lambda: h.apply(Bet(3, seat=7)), IllegalActionError)
    assert refusal(h, ("bet", 21)) is not None
    assert refusal(h, ("bet", 20)) is None


def test_out_of_turn_and_match_after_fold(table):
    h = table.next_deal()
    rejected(table, lambda: h.match(seat=1), IllegalActionError)  # dealer to bet
    h.bet(2)
    rejected(table, lambda: h.match(seat=2), NotYourTurnError)
    rejected(table, lambda: h.bet(2), IllegalActionError)
    rejected(table, lambda: h.stop(), IllegalActionError)
    rejected(table, lambda: h.apply(("match", 3)), AmountError)
    h.fold(seat=1)
    rejected(table, lambda: h.match(seat=1), NotYourTurnError)  # he folded
    h.match(seat=2)
    # Seat 1 folded: he does not reveal either.
    assert h.to_act == 2
    rejected(table, lambda: h.reveal(h.cards[2][0], seat=1), NotYourTurnError)


def test_bad_reveals(table):
    h = table.next_deal()
    h.bet(1)
    rejected(table, lambda: h.reveal(h.cards[1][0]), IllegalActionError)  # not the phase
    h.match()
    h.match()
    rejected(table, lambda: h.reveal("P1"), IllegalActionError)  # the dealer holds it
    rejected(table, lambda: h.reveal(99), IllegalActionError)
    rejected(table, lambda: h.reveal("X9"), PedronError)
    rejected(table, lambda: h.reveal("S1 M1"), IllegalActionError)
    rejected(table, lambda: h.reveal(1.0), ActionTypeError)  # type: ignore[arg-type]
    rejected(table, lambda: h.apply(("reveal", 0, 13)), IllegalActionError)
    rejected(table, lambda: h.match(), IllegalActionError)
    h.reveal("M1")


def test_acting_on_a_finished_hand_or_session(table):
    h = table.next_deal()
    rejected(table, lambda: table.next_deal(), IllegalActionError)
    rejected(table, lambda: table.leave(1), IllegalActionError)
    h.bet(1)
    h.fold()
    h.fold()
    assert h.legal_actions() == [] and h.to_act is None
    for fn in (lambda: h.bet(1), lambda: h.match(), lambda: h.stop(), lambda: h.reveal(0)):
        rejected(table, fn, GameOverError)
    assert "over" in refusal(h, ("fold",))
    h2 = table.next_deal()
    assert h2.number == 2
    table2 = table.clone()
    table2.last.bet(1)  # the clone is independent
    assert table.last.phase == "bet"
    table.last.bet(1)
    table.last.fold()
    table.last.fold()
    table.close()
    rejected(table, lambda: table.next_deal(), GameOverError)
    rejected(table, lambda: table.leave(0), GameOverError)
    saved = table.to_json()
    assert table.close() is True and table.to_json() == saved  # (over: asked again, no change)


def test_stale_hand_object_cannot_act():
    t = Table(2, 10, seed=1, dealer=0)
    h = t.next_deal()
    h.bet(1)
    h.fold()
    t.next_deal()
    with pytest.raises(GameOverError):
        h.bet(1)


def test_bad_table_operations():
    t = Table(3, 10, Rules.match(), seed=1, dealer=0)
    rejected(t, lambda: t.leave(3), IllegalActionError)
    rejected(t, lambda: t.leave("1"), ActionTypeError)  # type: ignore[arg-type]
    rejected(t, lambda: t.vote_end(0, agree="yes"), ActionTypeError)  # type: ignore[arg-type]
    t.leave(2)
    rejected(t, lambda: t.leave(2), IllegalActionError)
    rejected(t, lambda: t.vote_end(2), IllegalActionError)
    rejected(t, lambda: t.next_deal(order=[0, 0]), PedronError)
    rejected(t, lambda: t.next_deal(order=[99]), PedronError)


# -- saving and restoring --------------------------------------------------------------------


def midgame():
    t = Table(3, 20, seed=5, dealer=0)
    h = t.next_deal()
    h.bet(2)
    h.match()
    h.fold()
    return t


def test_save_restore_is_exact_and_continues_identically():
    t = midgame()
    s = t.to_json()
    r = Table.from_json(s)
    assert r.to_json() == s
    assert Table.from_json(json.loads(s)).to_json() == s
    for tbl in (t, r):
        h = tbl.last
        h.reveal(h.cards[1][0])
        h.reveal(h.cards[0][1])
        h.stop()
        tbl.next_deal()
    assert r.to_json() == t.to_json()


def test_os_entropy_table_saves_and_restores():
    t = Table(2, 10)
    t.next_deal().bet(1)
    s = t.to_json()
    assert Table.from_json(s).to_json() == s


def _tamper(s, fn):
    data = json.loads(s)
    fn(data)
    return json.dumps(data)


def test_tampered_saves_are_refused():
    s = midgame().to_json()

    def dup(d):
        cards = d["state"]["deal"]["cards"]
        cards[1][0] = cards[0][0]

    def chips(d):
        d["state"]["table"]["ledger"]["stacks"][2] += 5

    def total(d):
        d["state"]["table"]["ledger"]["stacks"][2] += 5
        d["state"]["table"]["ledger"]["total"] += 5

    def version(d):
        d["version"] = 99

    def fmt(d):
        d["format"] = "chess"

    def turn(d):
        d["state"]["deal"]["queue"] = [2]  # seat 2 folded

    def log(d):
        d["ops"][1] = ["move", 0, "bet", 3]

    def history(d):
        d["state"]["deal"]["history"][0][3] = [14]

    def card_range(d):
        d["state"]["deal"]["cards"][0][0] = 60

    def negative(d):
        d["state"]["table"]["ledger"]["carry"] = -1

    def shown(d):
        d["state"]["deal"]["shown"][0] = [42]

    def setup(d):
        d["setup"]["rules"]["variant"] = "poker"

    def unknown_op(d):
        d["ops"].append(["cheat"])

    for fn, match in [
        (dup, "dealt twice"),
        (chips, "chip total"),
        (total, "bought in"),
        (version, "version"),
        (fmt, "not a saved"),
        (turn, "to act"),
        (log, None),
        (history, "does not match"),
        (card_range, "not in the deck"),
        (negative, "non-negative"),
        (shown, "does not hold"),
        (setup, "bad setup"),
        (unknown_op, None),
    ]:
        with pytest.raises(SaveError, match=match):
            Table.from_json(_tamper(s, fn))
    for junk in ("", "{", "[]", "null", b"\xff", json.dumps({"format": "x"})):
        with pytest.raises(SaveError):
            Table.from_json(junk)


# -- views -------------------------------------------------------------------------------------

_ALLOWED = (int, str, bool, type(None), Record, LegalAction, Pot, HandView, TableView)


def _walk(obj):
    """Every object reachable through a view's fields and containers."""
    if isinstance(obj, (tuple, list)):
        for x in obj:
            yield from _walk(x)
        return
    yield obj
    fields = getattr(type(obj), "__dataclass_fields__", None)
    if fields:
        for name in fields:
            yield from _walk(getattr(obj, name))


def test_views_show_only_what_a_player_may_know():
    o = deal(3, 0, {1: "M1 S1", 2: "S2 Q1", 0: "P1 P2"})
    t = Table(3, 20, seed=0, dealer=0, order=o)
    h = t.next_deal()
    h.bet(2)
    v = t.view(1)
    assert v.deal.my_cards == tuple(parse_ids("M1 S1"))
    assert v.deal.legal == (LegalAction("match", 2, 2), LegalAction("fold"))
    assert t.view(2).deal.legal == ()
    for seat in (None, 0, 1, 2):
        view = t.view(seat)
        others = [c for s in range(3) if s != seat for c in h.cards[s]]
        assert is_plain(view)
        for x in _walk(view):
            assert isinstance(x, _ALLOWED), type(x)
        for r in view.deal.history:
            if r.kind == "deal" and r.seat != seat:
                assert r.cards == ()
        assert not set(view.deal.my_cards) & set(others)
        text = json.dumps(view.to_json())
        assert "stock" not in text and "rng" not in text
        assert "M1" not in repr(view) or seat == 1
    h.match()
    h.fold()
    h.reveal("S1")
    h.reveal("P1")
    assert t.view(2).deal.shown == ((parse_ids("P1")[0],), (parse_ids("S1")[0],), ())
    h.stop()
    v2 = t.view(2)
    # After the showdown both hands are public; seat 2's own cards stay his.
    assert v2.deal.shown[1] == tuple(parse_ids("S1 M1"))
    assert t.view(0).deal.shown[2] == ()
    assert t.view(0).to_json()["deal"]["result"]["payouts"] == [0, 4, 0]
    with pytest.raises(IllegalActionError):
        t.view(3)


def test_reprs_hide_cards():
    t = Table(2, 10, seed=2, dealer=0)
    h = t.next_deal()
    for obj in (t, h, h.deck):
        text = repr(obj)
        assert "cards" not in text.lower() or "stock" in text
    assert "Hand 1" in repr(h)
