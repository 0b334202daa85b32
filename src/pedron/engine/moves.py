"""Typed moves: what a player asks to do, one small immutable class per kind.

``Check()``, ``Bet(5)``, ``Call()``, ``RaiseTo(8)``, ``Fold()`` (Diablo's
betting rounds); ``Ante(2)``, ``Match()``, ``Stop()``, ``Reveal(card)``
(Diamondback); ``Draw(cards)``, ``Declare(category, ranks)``,
``Choose(variant)`` (Diablo); ``Vote(seat)``, ``Leave(seat)`` (between deals).
Every move has an optional ``seat``, its last field: when given, the engine
checks that this seat is the one to act. A raise is stated as the total the
round's bet is raised **to** (:class:`RaiseTo`); :class:`RaiseBy` is the
convenience that says by how much.

Moves are frozen dataclasses, compiled as final extension types (see
``docs/design.md``, *Build*): no field of one can be changed, and no subclass
can say something else about its fields.

:func:`to_move` is the boundary: it turns whatever a caller passed (a move, a
string such as ``"raise 8"`` or ``"draw Kc 3h"``, a tuple such as
``("bet", 3)``) into a move holding only exact built-in values (``int``,
``str``, tuples of them), so nothing after it ever sees the caller's object:
an ``int`` subclass whose comparisons lie, or a ``str`` subclass whose
``__eq__`` does, cannot change what a move means.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

import cython

from pedron import _exact
from pedron._signature import ClassSignature
from pedron.engine.actions import exact_int, fields_repr
from pedron.errors import (
    ActionTypeError,
    AmountError,
    CardActionError,
    IllegalActionError,
    PedronError,
)

__all__ = [
    "MOVE_TYPES",
    "Ante",
    "Bet",
    "Call",
    "Check",
    "Choose",
    "Declare",
    "Draw",
    "Fold",
    "Leave",
    "Match",
    "Move",
    "MoveArgs",
    "RaiseBy",
    "RaiseTo",
    "Reveal",
    "Stop",
    "Vote",
    "exact_int",
    "exact_str",
    "to_move",
]


@cython.cclass
class _Move:
    """Base of the move classes: each is a frozen dataclass whose last field is
    ``seat``, with ``kind`` naming its kind."""

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    kind = ""

    def __repr__(self) -> str:
        return fields_repr(self)

    def to_json(self) -> list[Any]:
        """``[kind, *arguments]`` (without the seat): the tuple form :func:`to_move` reads."""
        out: list[Any] = [self.kind]
        for name in self.__dataclass_fields__:  # type: ignore[attr-defined]
            if name != "seat":
                value = getattr(self, name)
                out.append(list(value) if isinstance(value, tuple) else value)
        return out

    def with_seat(self, seat: int | None) -> Any:
        """The same move stated for ``seat``."""
        return replace(self, seat=seat)  # type: ignore[type-var]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Check(_Move):
    """Check: pass the turn while nobody has bet in this round."""

    kind = "check"
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Bet(_Move):
    """Bet ``amount`` chips (Diablo: in the first round the opening; Diamondback:
    the dealer's bet)."""

    kind = "bet"
    amount: int
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Call(_Move):
    """Call the round's bet (all-in if short). ``amount``, if given, must be the cost."""

    kind = "call"
    amount: int | None = None
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class RaiseTo(_Move):
    """Raise so that the round's bet becomes ``amount`` chips in all."""

    kind = "raise"
    amount: int
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class RaiseBy(_Move):
    """Raise by ``amount`` chips over the round's bet (becomes a :class:`RaiseTo`)."""

    kind = "raise_by"
    amount: int
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Fold(_Move):
    """Fold (in Dealer's Diamondback's ante round: decline to be dealt in)."""

    kind = "fold"
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Ante(_Move):
    """Dealer's Diamondback: the dealer sets (and pays) an ante of ``amount`` chips."""

    kind = "ante"
    amount: int
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Match(_Move):
    """Diamondback: match the dealer's bet (or the ante). ``amount``, if given,
    must be the cost."""

    kind = "match"
    amount: int | None = None
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Stop(_Move):
    """Diamondback: the dealer stops betting; the showdown follows."""

    kind = "stop"
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Reveal(_Move):
    """Diamondback: expose ``card`` (an id, or text such as ``"Q4"``), one of the two held."""

    kind = "reveal"
    card: Any
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Draw(_Move):
    """Diablo: exchange ``cards`` (none: stand pat). Cards are ids, or text such as
    ``"Kc 3h"``; the game reads them when the move is applied (:func:`to_move`)."""

    kind = "draw"
    cards: Any = ()
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Declare(_Move):
    """Diablo's Declare variant: name the hand as a category and its five ranks."""

    kind = "declare"
    category: Any
    ranks: Any = None
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Choose(_Move):
    """Diablo's Dealer's Choice: the dealer calls ``variant`` (a name, or its index)."""

    kind = "choose"
    variant: Any
    seat: int | None = None


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Vote(_Move):
    """Match Diamondback, between hands: ``seat`` agrees (or no longer agrees) to end."""

    kind = "vote"
    seat: int
    agree: bool = True

    def to_json(self) -> list[Any]:
        """``["vote", seat, agree]``: the tuple form :func:`to_move` reads."""
        return ["vote", self.seat, self.agree]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Leave(_Move):
    """Between deals: ``seat`` leaves the table with his chips."""

    kind = "leave"
    seat: int

    def to_json(self) -> list[Any]:
        """``["leave", seat]``: the tuple form :func:`to_move` reads."""
        return ["leave", self.seat]


Move = (
    Check | Bet | Call | RaiseTo | RaiseBy | Fold | Ante | Match | Stop | Reveal | Draw | Declare
    | Choose | Vote | Leave
)

#: Every move class by its kind.
MOVE_TYPES: MappingProxyType[str, type[Any]] = MappingProxyType({
    cls.kind: cls
    for cls in (Check, Bet, Call, RaiseTo, RaiseBy, Fold, Ante, Match, Stop, Reveal, Draw,
                Declare, Choose, Vote, Leave)
})


# -- exact values ------------------------------------------------------------------------


def exact_str(value: Any, what: str) -> str:
    """``value`` as an exact ``str`` (a ``str`` subclass gives its plain text)."""
    return _exact.exact_str(value, what, ActionTypeError)


def _seat(value: Any) -> int | None:
    return None if value is None else exact_int(value, "a seat")


# -- the boundary ------------------------------------------------------------------------


class MoveArgs:
    """How a game reads the arguments of its moves (cards, declarations, games).

    ``cards(value) -> tuple[int, ...]`` reads cards from text or ids;
    ``declaration(category, ranks) -> (int, tuple[int, ...])``;
    ``variant(value) -> str``. Each returns exact built-in values or raises a
    pedron error. The default reads cards as ids only and refuses declarations
    and variants.
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def cards(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, (list, tuple)):
            return tuple(exact_int(c, "a card") for c in value)
        return (exact_int(value, "a card"),)

    def declaration(self, category: Any, ranks: Any) -> tuple[int, tuple[int, ...]]:
        raise IllegalActionError("this game has no declarations")

    def variant(self, value: Any) -> str:
        raise IllegalActionError("this game has no choice of variants")


_PLAIN = MoveArgs()


def _one_card(args: MoveArgs, value: Any) -> int:
    cards = args.cards(value)
    if len(cards) != 1:
        raise IllegalActionError(f"a reveal names exactly one card, not {len(cards)}")
    return cards[0]


def _optional_amount(value: Any, what: str) -> int | None:
    return None if value is None else exact_int(value, what, chips=True)


# kind -> builder(args, values, seat) for the tuple, string and JSON forms
def _build(kind: str, values: list[Any], seat: int | None, args: MoveArgs) -> Any:
    def need(count: int, usage: str) -> None:
        if len(values) != count:
            raise IllegalActionError(f"{kind!r} takes {usage}, not {len(values)} arguments")

    if kind in ("check", "fold", "stop"):
        need(0, "no arguments")
        return MOVE_TYPES[kind](seat=seat)
    if kind in ("call", "match"):
        if len(values) > 1:
            need(1, "at most its cost")
        amount = _optional_amount(values[0] if values else None, f"the {kind} amount")
        return MOVE_TYPES[kind](amount, seat=seat)
    if kind in ("bet", "raise", "raise_to", "raise_by", "ante"):
        need(1, "an amount")
        amount = exact_int(values[0], f"the {kind.replace('_', ' ')}", chips=True)
        cls = {"raise": RaiseTo, "raise_to": RaiseTo}.get(kind) or MOVE_TYPES[kind]
        return cls(amount, seat=seat)
    if kind == "reveal":
        need(1, "one card")
        return Reveal(_one_card(args, values[0]), seat=seat)
    if kind == "draw":
        if len(values) == 1 and isinstance(values[0], (list, tuple, str)):
            cards = args.cards(values[0])
        else:
            cards = tuple(c for v in values for c in args.cards(v))
        return Draw(cards, seat=seat)
    if kind == "declare":
        if len(values) not in (1, 2):
            need(2, "a category and five ranks")
        category, ranks = args.declaration(values[0], values[1] if len(values) == 2 else None)
        return Declare(category, ranks, seat=seat)
    if kind == "choose":
        need(1, "a variant")
        return Choose(args.variant(values[0]), seat=seat)
    if kind == "vote":
        if not 1 <= len(values) <= 2:
            need(2, "a seat and whether he agrees")
        agree = True if len(values) == 1 else values[1]
        if type(agree) is not bool:
            raise ActionTypeError("a vote's agree must be a bool")
        return Vote(exact_int(values[0], "a seat"), agree)
    if kind == "leave":
        need(1, "a seat")
        return Leave(exact_int(values[0], "a seat"))
    kinds = ", ".join(sorted(k for k in MOVE_TYPES if k != "raise_by"))
    raise IllegalActionError(f"unknown action {kind!r} (actions: {kinds})")


def _from_text(text: str, seat: int | None, args: MoveArgs) -> Any:
    words = text.split(None, 1)
    if not words:
        raise IllegalActionError("an empty action")
    kind = words[0].lower()
    if not kind.isascii():
        raise IllegalActionError(f"unknown action {words[0]!r}")
    rest = words[1].strip() if len(words) > 1 else ""
    values: list[Any]
    if kind in ("check", "fold", "stop") or not rest:
        values = [] if not rest else [rest]
    elif kind in ("bet", "raise", "raise_to", "raise_by", "ante", "call", "match", "leave"):
        try:
            values = [int(rest)]
        except ValueError:
            raise AmountError(f"{kind!r} takes a whole number, not {rest!r}") from None
    elif kind == "declare":
        category, _, ranks = rest.rpartition(" ")
        values = [category, ranks] if category else [rest]
    elif kind == "vote":  # "vote 1", "vote 1 no"
        words = rest.split()
        agree = {"yes": True, "true": True, "no": False, "false": False}
        if not 1 <= len(words) <= 2 or not words[0].isdigit() or (
            len(words) == 2 and words[1].lower() not in agree
        ):
            raise IllegalActionError(f"a vote is 'vote SEAT' or 'vote SEAT no', not {text!r}")
        values = [int(words[0])] + ([agree[words[1].lower()]] if len(words) == 2 else [])
    else:  # reveal, draw, choose: text the game reads
        values = [rest]
    return _build(kind, values, seat, args)


def _is_exact(move: Any) -> bool:
    """True when a move holds only exact built-in values (the common case, a move
    built by a bot or by the engine itself): it can be used as it is."""
    seat = move.seat
    if seat is not None and type(seat) is not int:
        return False
    cls = type(move)
    if cls is Check or cls is Fold or cls is Stop:
        return True
    if cls is Bet or cls is RaiseTo or cls is RaiseBy or cls is Ante:
        return type(move.amount) is int
    if cls is Call or cls is Match:
        return move.amount is None or type(move.amount) is int
    if cls is Reveal:
        return type(move.card) is int
    if cls is Draw:
        cards = move.cards
        return type(cards) is tuple and all(type(c) is int for c in cards)
    return False  # declarations, variants, votes: read by the game


def _read_move(move: Any, args: MoveArgs) -> Any:
    """A move of one of the move classes, its values made exact by the game's ``args``."""
    kind = move.kind
    seat = _seat(move.seat)
    if kind == "vote":
        return _build(kind, [seat, move.agree], None, args)
    if kind == "leave":
        return _build(kind, [seat], None, args)
    if kind == "draw":
        return Draw(args.cards(move.cards), seat=seat)
    if kind == "declare":
        category, ranks = args.declaration(move.category, move.ranks)
        return Declare(category, ranks, seat=seat)
    if kind in ("call", "match"):
        return type(move)(_optional_amount(move.amount, f"the {kind} amount"), seat=seat)
    return _build(kind, move.to_json()[1:], seat, args)


def to_move(action: Any, args: MoveArgs | None = None) -> Any:
    """``action`` as a move of exact built-in values (see the module docstring).

    Accepts a move, a string (``"raise 8"``) or a tuple or list (``("raise",
    8)``, the form :meth:`to_json` writes). Raises
    :class:`~pedron.errors.ActionTypeError` for an object of another
    type, :class:`~pedron.errors.IllegalActionError` (or its
    :class:`~pedron.errors.AmountError`) for one that names no move.
    """
    if type(action) in _MOVE_CLASSES:
        if _is_exact(action):
            return action  # already made of exact built-in values: nothing to convert
        return _read_move(action, _PLAIN if args is None else args)
    if args is None:
        args = _PLAIN
    if isinstance(action, str):
        return _from_text(exact_str(action, "an action"), None, args)
    if isinstance(action, (tuple, list)):
        items = list(action)
        if not items:
            raise IllegalActionError("an empty action")
        name = exact_str(items[0], "an action kind").lower()
        return _build(name, items[1:], None, args)
    raise ActionTypeError(
        "an action is a move (Bet(3), RaiseTo(8), ...), text ('raise 8') or a tuple "
        f"(('raise', 8)), not {type(action).__name__}"
    )


_MOVE_CLASSES = frozenset(MOVE_TYPES.values())


def card_reader(parse_text: Callable[[str], Any]) -> Callable[[Any], tuple[int, ...]]:
    """Read cards from text (with ``parse_text``) or from ints, as exact ints."""

    def read(value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            try:
                return tuple(parse_text(exact_str(value, "cards")))
            except PedronError as exc:
                raise CardActionError(f"bad cards {value!r}: {exc}") from None
        if isinstance(value, (list, tuple)):
            out: list[int] = []
            for c in value:
                out.extend(read(c) if isinstance(c, str) else (exact_int(c, "a card"),))
            return tuple(out)
        return (exact_int(value, "a card"),)

    return read
