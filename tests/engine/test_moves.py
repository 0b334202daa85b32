"""Typed moves and the boundary that makes every action exact built-in values.

Regression tests for the issue's findings: a ``str`` subclass whose ``__eq__``
lies was validated as one kind and applied as another; an ``int`` subclass
that compared equal to a held card let a player reveal or discard a card he
did not hold.
"""

from __future__ import annotations

import pickle
import warnings

import pytest

from pedron import _exact, diablo, diamondback
from pedron.cards import format_cards, parse_cards
from pedron.engine import (
    Bet,
    Call,
    Check,
    Choose,
    Declare,
    Draw,
    Fold,
    Match,
    RaiseBy,
    RaiseTo,
    Stop,
    Vote,
    to_move,
)
from pedron.engine.moves import MOVE_TYPES, exact_int, exact_str
from pedron.errors import (
    ActionTypeError,
    AmountError,
    CardActionError,
    CardError,
    IllegalActionError,
    PedronTypeError,
)


class LyingStr(str):
    """A string that says it equals anything, and prints as something else."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return "fold"

    def lower(self) -> str:  # type: ignore[override]
        return "fold"


class LyingInt(int):
    """An int that says it equals anything and indexes as something else."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__

    def __index__(self) -> int:
        return 3

    def __int__(self) -> int:
        return 3


def test_moves_are_frozen_and_equal_only_to_their_own_kind():
    assert Bet(3) == Bet(3) and Bet(3) != RaiseTo(3) and Bet(3) != (3, None)
    assert Bet(3).kind == "bet" and RaiseTo(8).kind == "raise"
    assert to_move(Draw([4, 9])).cards == (4, 9)
    with pytest.raises(AttributeError):
        Bet(3).amount = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        object.__setattr__(Bet(3), "amount", 5)
    assert pickle.loads(pickle.dumps(RaiseTo(8, seat=2))) == RaiseTo(8, seat=2)
    assert repr(RaiseTo(8)) == "RaiseTo(amount=8, seat=None)"
    assert {Bet(1), Bet(1), Call()} == {Bet(1), Call()}
    assert set(MOVE_TYPES) >= {"check", "bet", "call", "raise", "fold", "ante", "match",
                               "stop", "reveal", "draw", "declare", "choose", "vote", "leave"}


@pytest.mark.parametrize("given, move", [
    ("check", Check()), ("  Fold ", Fold()), ("bet 3", Bet(3)), ("raise 8", RaiseTo(8)),
    ("raise_by 2", RaiseBy(2)), ("call", Call()), ("call 4", Call(4)), ("stop", Stop()),
    ("match", Match()), (("bet", 3), Bet(3)), (["raise", 8], RaiseTo(8)), (("check",), Check()),
    (("bet", 5), Bet(5)), (Call(seat=2), Call(seat=2)),
    (("vote", 1), Vote(1)), (("vote", 1, False), Vote(1, False)),
])
def test_text_tuples_and_actions_become_moves(given, move):
    assert to_move(given) == move


@pytest.mark.parametrize("bad, error", [
    (3.5, ActionTypeError), (None, ActionTypeError), ({"kind": "bet"}, ActionTypeError),
    ("", IllegalActionError), ("shuffle", IllegalActionError), ("bet", IllegalActionError),
    ("bet three", AmountError), (("bet", 2.5), AmountError), (("bet", 2.0), AmountError),
    (("bet", True), ActionTypeError), (("bet", "3"), ActionTypeError), ((), IllegalActionError),
    ((3,), ActionTypeError), (("check", 1), IllegalActionError),
    (("bet", 1, (1,)), IllegalActionError), (Bet(1, seat="0"), ActionTypeError),
    (("vote", 1, 1), ActionTypeError),
])
def test_what_names_no_move_is_a_clear_error(bad, error):
    with pytest.raises(error):
        to_move(bad)


def test_exact_values_are_taken_from_subclasses_by_value():
    x = LyingInt(200)
    assert type(exact_int(x, "x")) is int and exact_int(x, "x") == 200
    s = LyingStr("check")
    assert type(exact_str(s, "s")) is str and exact_str(s, "s") == "check"
    assert to_move(Bet(LyingInt(4))) == Bet(4)
    move = to_move(Bet(LyingInt(4)))
    assert type(move.amount) is int

    class Index:
        def __index__(self) -> int:
            return 5

    class BadIndex:
        def __index__(self) -> LyingInt:
            return LyingInt(5)

    assert to_move(("bet", Index())) == Bet(5)
    with pytest.raises(ActionTypeError):
        to_move(("bet", BadIndex()))


def test_a_float_posing_as_an_int_is_refused():
    """A float subclass that adds an ``__index__`` is still a float: 2.5 chips are not
    a bet of 3 (it was read through its __index__), and a card is not a float."""

    class IndexedFloat(float):
        def __index__(self) -> int:
            return round(self)

    for amount in (IndexedFloat(2.5), IndexedFloat(3.0)):
        with pytest.raises(AmountError, match=r"whole chips|as an int"):
            to_move(("bet", amount))
    with pytest.raises(ActionTypeError, match="float"):
        to_move(("reveal", IndexedFloat(5.0)))
    with pytest.raises(PedronTypeError, match="float"):
        _exact.exact_int(IndexedFloat(5.0), "a count")
    t = diablo.Table(3, 20, seed=1, dealer=0)
    g = t.next_deal()
    saved = t.to_json()
    with pytest.raises(AmountError):
        g.bet(IndexedFloat(2.0))
    assert t.to_json() == saved


def test_a_lying_string_cannot_change_the_kind():
    """Found by the issue: validated as one kind, applied as another."""
    t = diablo.Table(3, 20, seed=1, dealer=0)
    g = t.next_deal()
    g.bet(2)  # seat 1 opens; seat 2 must call, raise or fold
    rec = g.apply((LyingStr("call"),))[0]
    assert rec.kind == "call" and g.ledger.live[2]  # a call, not a fold
    rec = t.apply(LyingStr("call"))[0]
    assert rec.kind == "call"


def test_a_lying_int_cannot_reveal_or_discard_a_card_not_held():
    """Found by the issue: an int subclass equal to a held card."""
    t = diamondback.Table(2, 20, seed=1, dealer=0)
    h = t.next_deal()
    h.bet(1)
    h.match()
    actor = h.to_act
    held = h.cards[actor]
    foreign = next(c for c in range(15) if c not in held)
    before = t.to_json()
    with pytest.raises(IllegalActionError, match="does not hold"):
        h.reveal(LyingInt(foreign))
    assert t.to_json() == before
    h.reveal(held[0])
    t = diablo.Table(3, 20, seed=1, dealer=0)
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    actor = g.to_act
    foreign = next(c for c in range(52) if c not in g.cards[actor])
    before = t.to_json()
    with pytest.raises(IllegalActionError, match="does not hold"):
        g.draw([LyingInt(foreign)])
    assert t.to_json() == before


def test_card_text_errors_are_the_same_class_in_both_games():
    h = diamondback.Table(2, 20, seed=1, dealer=0).next_deal()
    h.bet(1), h.match()
    g = diablo.Table(3, 20, seed=1, dealer=0).next_deal()
    g.bet(1), g.call(), g.call()
    for call in (lambda: h.reveal("Xx"), lambda: g.draw("Xx")):
        with pytest.raises(CardActionError) as info:
            call()
        assert isinstance(info.value, IllegalActionError) and isinstance(info.value, CardError)


def test_moves_read_each_games_arguments():
    g = diablo.Table(3, 20, diablo.Rules(dealers_choice=True), seed=1, dealer=0).next_deal()
    assert g.verify(Choose(1)) == Choose("deuces_wild", seat=0)
    assert g.verify("choose draw") == Choose("draw", seat=0)
    with pytest.raises(IllegalActionError):
        g.verify(Choose("poker"))
    t = diablo.Table(3, 20, diablo.Rules(declare=True), seed=1, dealer=0)
    g = t.next_deal()
    g.bet(1), g.call(), g.call(), g.draw(), g.draw(), g.draw(), g.check(), g.check(), g.check()
    v = g.hand_value(g.to_act)
    assert g.verify(Declare(v)) == Declare(int(v.category), v.ranks, seat=g.to_act)
    assert g.verify(("declare", v.category.name, v.ranks)) == g.verify(Declare(v))
    g2 = diablo.Table(3, 20, seed=1, dealer=0).next_deal()
    g2.bet(1), g2.call(), g2.call()
    two = g2.cards[g2.to_act][:2]

    assert g2.verify(f"draw {format_cards(two)}") == Draw(two, seat=g2.to_act)
    assert g2.verify(Draw(format_cards(two))) == Draw(two, seat=g2.to_act)
    assert parse_cards(format_cards(two)) == list(two)


def test_raise_to_and_raise_by_are_one_move():
    t = diablo.Table(3, 50, seed=1, dealer=0)
    g = t.next_deal()
    g.bet(2)
    assert g.legal_actions()[1].kind == "raise" and (g.legal_actions()[1].min,
                                                    g.legal_actions()[1].max) == (3, 7)
    assert g.verify(RaiseBy(3)) == RaiseTo(5, seat=2) == g.verify("raise 5")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rec = g.raise_to(5)
    assert rec.note == "to 5" and rec.amount == 5
    with pytest.raises(AmountError, match="raise must be to"):
        g.verify(RaiseTo(5))  # not above the bet of 5


def _a_legal_move(deal):
    legal = deal.legal_actions()[0]
    return legal.kind if legal.min is None else (legal.kind, legal.min)


@pytest.mark.parametrize("T", [diablo.Table, diamondback.Table])
def test_one_query_and_one_mutation_the_old_names_warn_for_a_release(T):
    """``verify`` is the one query and ``apply`` the one mutation: ``act`` (the table's
    and the deal's) and ``check_action`` still work, warning at the caller's line with
    the name that replaces them, and answer as the kept names do."""
    table = T(seed=3, dealer=0)
    deal = table.next_deal()
    move = _a_legal_move(deal)
    twin, other = table.clone(), table.clone()
    with pytest.warns(DeprecationWarning, match="Deal.verify") as caught:
        assert deal.check_action(move) is None
        assert deal.check_action(("no such move",)) is not None
    assert {w.filename for w in caught} == {__file__}
    with pytest.warns(DeprecationWarning, match=r"Deal\.apply \(its first record\)") as caught:
        by_deal = deal.act(move)
    assert caught[0].filename == __file__
    assert by_deal == twin.current.apply(move)[0]
    with pytest.warns(DeprecationWarning, match=r"Table\.apply") as caught:
        by_table = other.act(move)
    assert caught[0].filename == __file__
    assert by_table == by_deal
    assert other.getstate() == twin.getstate() == table.getstate()
