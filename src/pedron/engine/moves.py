"""Typed moves: what a player asks to do, one small immutable class per kind.

``Check()``, ``Bet(5)``, ``Call()``, ``RaiseTo(8)``, ``Fold()`` (Diablo's
betting rounds); ``Ante(2)``, ``Match()``, ``Stop()``, ``Reveal(card)``
(Diamondback); ``Draw(cards)``, ``Declare(category, ranks)``, ``Choose(game)``
(Diablo); ``Vote(seat)``, ``Leave(seat)`` (between deals). Every move has an
optional ``seat``: when given, the engine checks that this seat is the one to
act. A raise is stated as the total the round's bet is raised **to**
(:class:`RaiseTo`); :class:`RaiseBy` is the convenience that says by how much.

:func:`to_move` is the boundary: it turns whatever a caller passed (a move, a
string such as ``"raise 8"`` or ``"draw Kc 3h"``, a tuple such as
``("bet", 3)``, or the generic :class:`~pedron.engine.actions.Action`) into a
move holding only exact built-in values (``int``, ``str``, tuples of them), so
nothing after it ever sees the caller's object: an ``int`` subclass whose
comparisons lie, or a ``str`` subclass whose ``__eq__`` does, cannot change
what a move means.
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Callable
from typing import Any, ClassVar

from pedron import _exact
from pedron._kernels.tuples import frozen
from pedron.engine.errors import (
    ActionTypeError,
    AmountError,
    CardActionError,
    IllegalActionError,
)
from pedron.engine.frozen import Frozen, fields
from pedron.errors import PedronError

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


class _Move(Frozen):
    """Base of the move classes; ``kind`` names the kind, ``seat`` is the last field."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    seat: int | None

    def to_json(self) -> list[Any]:
        """``[kind, *arguments]`` (without the seat): the tuple form :func:`to_move` reads."""
        return [self.kind, *[list(v) if isinstance(v, tuple) else v for v in self[:-1]]]

    def with_seat(self, seat: int | None) -> Any:
        """The same move stated for ``seat``."""
        return frozen(type(self), (*self[:-1], seat))


@fields
class Check(_Move):
    """Check: pass the turn while nobody has bet in this round."""

    __slots__ = ()
    kind = "check"
    seat: int | None

    def __new__(cls, *, seat: int | None = None) -> Check:
        return frozen(cls, (seat,))


@fields
class Bet(_Move):
    """Bet ``amount`` chips (Diablo: in the first round the opening; Diamondback:
    the dealer's bet)."""

    __slots__ = ()
    kind = "bet"
    amount: int
    seat: int | None

    def __new__(cls, amount: int, *, seat: int | None = None) -> Bet:
        return frozen(cls, (amount, seat))


@fields
class Call(_Move):
    """Call the round's bet (all-in if short). ``amount``, if given, must be the cost."""

    __slots__ = ()
    kind = "call"
    amount: int | None
    seat: int | None

    def __new__(cls, amount: int | None = None, *, seat: int | None = None) -> Call:
        return frozen(cls, (amount, seat))


@fields
class RaiseTo(_Move):
    """Raise so that the round's bet becomes ``amount`` chips in all."""

    __slots__ = ()
    kind = "raise"
    amount: int
    seat: int | None

    def __new__(cls, amount: int, *, seat: int | None = None) -> RaiseTo:
        return frozen(cls, (amount, seat))


@fields
class RaiseBy(_Move):
    """Raise by ``amount`` chips over the round's bet (becomes a :class:`RaiseTo`)."""

    __slots__ = ()
    kind = "raise_by"
    amount: int
    seat: int | None

    def __new__(cls, amount: int, *, seat: int | None = None) -> RaiseBy:
        return frozen(cls, (amount, seat))


@fields
class Fold(_Move):
    """Fold (in Dealer's Diamondback's ante round: decline to be dealt in)."""

    __slots__ = ()
    kind = "fold"
    seat: int | None

    def __new__(cls, *, seat: int | None = None) -> Fold:
        return frozen(cls, (seat,))


@fields
class Ante(_Move):
    """Dealer's Diamondback: the dealer sets (and pays) an ante of ``amount`` chips."""

    __slots__ = ()
    kind = "ante"
    amount: int
    seat: int | None

    def __new__(cls, amount: int, *, seat: int | None = None) -> Ante:
        return frozen(cls, (amount, seat))


@fields
class Match(_Move):
    """Diamondback: match the dealer's bet (or the ante). ``amount``, if given,
    must be the cost."""

    __slots__ = ()
    kind = "match"
    amount: int | None
    seat: int | None

    def __new__(cls, amount: int | None = None, *, seat: int | None = None) -> Match:
        return frozen(cls, (amount, seat))


@fields
class Stop(_Move):
    """Diamondback: the dealer stops betting; the showdown follows."""

    __slots__ = ()
    kind = "stop"
    seat: int | None

    def __new__(cls, *, seat: int | None = None) -> Stop:
        return frozen(cls, (seat,))


@fields
class Reveal(_Move):
    """Diamondback: expose ``card`` (an id, or text such as ``"Q4"``), one of the two held."""

    __slots__ = ()
    kind = "reveal"
    card: int
    seat: int | None

    def __new__(cls, card: int | str, *, seat: int | None = None) -> Reveal:
        return frozen(cls, (card, seat))


@fields
class Draw(_Move):
    """Diablo: exchange ``cards`` (none: stand pat)."""

    __slots__ = ()
    kind = "draw"
    cards: tuple[int, ...]
    seat: int | None

    def __new__(cls, cards: Any = (), *, seat: int | None = None) -> Draw:
        # Text and other objects are kept as given: the game reads them (and refuses them).
        return frozen(cls, (tuple(cards) if isinstance(cards, (list, tuple)) else cards,
                                   seat))


@fields
class Declare(_Move):
    """Diablo's Declare variant: name the hand as a category and its five ranks."""

    __slots__ = ()
    kind = "declare"
    category: int
    ranks: tuple[int, ...]
    seat: int | None

    def __new__(cls, category: Any, ranks: Any = None, *, seat: int | None = None) -> Declare:
        return frozen(cls, (category, ranks, seat))


@fields
class Choose(_Move):
    """Diablo's Dealer's Choice: the dealer calls ``game`` (a name, or its index)."""

    __slots__ = ()
    kind = "choose"
    game: str
    seat: int | None

    def __new__(cls, game: Any, *, seat: int | None = None) -> Choose:
        return frozen(cls, (game, seat))


@fields
class Vote(_Move):
    """Match Diamondback, between hands: ``seat`` agrees (or no longer agrees) to end."""

    __slots__ = ()
    kind = "vote"
    agree: bool
    seat: int | None

    def __new__(cls, seat: int, agree: bool = True) -> Vote:
        return frozen(cls, (agree, seat))

    def to_json(self) -> list[Any]:
        """``["vote", seat, agree]``: the tuple form :func:`to_move` reads."""
        return ["vote", self.seat, self.agree]


@fields
class Leave(_Move):
    """Between deals: ``seat`` leaves the table with his chips."""

    __slots__ = ()
    kind = "leave"
    seat: int | None

    def __new__(cls, seat: int) -> Leave:
        return frozen(cls, (seat,))

    def to_json(self) -> list[Any]:
        """``["leave", seat]``: the tuple form :func:`to_move` reads."""
        return ["leave", self.seat]


Move = (
    Check | Bet | Call | RaiseTo | RaiseBy | Fold | Ante | Match | Stop | Reveal | Draw | Declare
    | Choose | Vote | Leave
)

#: Every move class by its kind.
MOVE_TYPES: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (Check, Bet, Call, RaiseTo, RaiseBy, Fold, Ante, Match, Stop, Reveal, Draw,
                Declare, Choose, Vote, Leave)
}
_BY_CLASS = {cls: kind for kind, cls in MOVE_TYPES.items()}


# -- exact values ------------------------------------------------------------------------


def exact_int(value: Any, what: str, *, chips: bool = False) -> int:
    """``value`` as an exact ``int``, or :class:`ActionTypeError`.

    An ``int`` subclass gives its plain value (whatever its ``__index__``,
    ``__int__`` or comparisons say); other objects must have ``__index__``
    returning an int. ``bool`` and floats are refused (chips and cards are
    counted in ints); with ``chips``, a float is an :class:`AmountError`
    (fractional chips, or whole chips given as a float).
    """
    if type(value) is int:
        return value
    if chips and (isinstance(value, float) or (
            isinstance(value, numbers.Real) and not hasattr(value, "__index__"))):
        if isinstance(value, float) and value != value:  # NaN
            raise AmountError(f"{what} must be whole chips, not nan")
        try:
            whole = float(value).is_integer()
        except (OverflowError, ValueError):
            whole = False
        if not whole:
            raise AmountError(f"{what} must be whole chips, not {value!r}")
        raise AmountError(f"{what} must be given as an int, not {value!r}")
    return _exact.exact_int(value, what, ActionTypeError)


def exact_str(value: Any, what: str) -> str:
    """``value`` as an exact ``str`` (a ``str`` subclass gives its plain text)."""
    return _exact.exact_str(value, what, ActionTypeError)


def _seat(value: Any) -> int | None:
    return None if value is None else exact_int(value, "a seat")


# -- the boundary ------------------------------------------------------------------------


class MoveArgs:
    """How a game reads the arguments of its moves (cards, declarations, games).

    ``cards(value) -> tuple[int, ...]`` reads cards from text or ids;
    ``declaration(category, ranks) -> (int, tuple[int, ...])``; ``game(value)
    -> str``. Each returns exact built-in values or raises a pedron error.
    The default reads cards as ids only and refuses declarations and games.
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def cards(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, (list, tuple)):
            return tuple(exact_int(c, "a card") for c in value)
        return (exact_int(value, "a card"),)

    def declaration(self, category: Any, ranks: Any) -> tuple[int, tuple[int, ...]]:
        raise IllegalActionError("this game has no declarations")

    def game(self, value: Any) -> str:
        raise IllegalActionError("this game has no choice of games")


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
        need(1, "a game")
        return Choose(args.game(values[0]), seat=seat)
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


def _from_action(action: Any, args: MoveArgs) -> Any:
    """The generic :class:`~pedron.engine.actions.Action` as a move."""
    kind = exact_str(action.kind, "an action kind")
    amount, cards, seat = action.amount, action.cards, _seat(action.seat)
    if not isinstance(cards, (tuple, list)):
        raise ActionTypeError(f"action cards must be a tuple, not {type(cards).__name__}")
    if kind == "draw":
        if amount is not None:
            raise IllegalActionError("a draw names cards, not an amount")
        return Draw(args.cards(tuple(cards)), seat=seat)
    if kind == "declare":
        return _build(kind, [amount, tuple(cards) if cards else None], seat, args)
    if kind == "reveal":
        if amount is not None or len(cards) != 1:
            raise IllegalActionError("a reveal names exactly one card")
        return Reveal(_one_card(args, cards[0]), seat=seat)
    if cards:
        raise IllegalActionError(f"a {kind!r} names no cards")
    if kind == "raise":
        warnings.warn(
            "Action('raise', x) raises *by* x chips (pedron 0.1); say RaiseTo(total) or "
            "RaiseBy(x)",
            DeprecationWarning,
            stacklevel=4,
        )
        return RaiseBy(exact_int(amount, "the raise", chips=True), seat=seat)
    if kind in ("check", "fold", "stop"):
        if amount is not None:
            raise AmountError(f"a {kind} takes no amount")
        return MOVE_TYPES[kind](seat=seat)
    if kind in ("vote", "leave"):
        raise IllegalActionError(f"a {kind!r} is made on the table, between deals")
    return _build(kind, [] if amount is None else [amount], seat, args)


_NO_ARGS = frozenset(("check", "fold", "stop"))
_INT_ARG = frozenset(("bet", "raise", "raise_by", "ante", "reveal"))
_COST_ARG = frozenset(("call", "match"))


def _is_exact(move: Any, kind: str) -> bool:
    """True when a move of an exact move class holds only exact built-in values
    (the common case, a move built by a bot): it can be used as it is."""
    seat = move[-1]
    if seat is not None and type(seat) is not int:
        return False
    if kind in _NO_ARGS:
        return True
    if kind in _INT_ARG:
        return type(move[0]) is int
    if kind in _COST_ARG:
        return move[0] is None or type(move[0]) is int
    if kind == "draw":
        cards = move[0]
        return type(cards) is tuple and all(type(c) is int for c in cards)
    return False  # declarations, games, votes: read by the game


def to_move(action: Any, args: MoveArgs | None = None) -> Any:
    """``action`` as a move of exact built-in values (see the module docstring).

    Accepts a move, a string (``"raise 8"``), a tuple or list (``("raise",
    8)``, the form :meth:`to_json` writes) or an
    :class:`~pedron.engine.actions.Action`. Raises
    :class:`~pedron.engine.errors.ActionTypeError` for an object of another
    type, :class:`~pedron.engine.errors.IllegalActionError` (or its
    :class:`~pedron.engine.errors.AmountError`) for one that names no move.
    """
    cls = type(action)
    kind = _BY_CLASS.get(cls)
    if kind is not None and _is_exact(action, kind):
        return action  # already made of exact built-in values: nothing to convert
    if args is None:
        args = _PLAIN
    if kind is None:
        for base, name in _BY_CLASS.items():
            if isinstance(action, base):  # a subclass: read its fields as a plain tuple
                cls, kind = base, name
                break
    if kind is not None:
        values = [tuple.__getitem__(action, i) for i in range(tuple.__len__(action))]
        seat = _seat(values.pop())
        if kind in ("vote", "leave"):
            return _build(kind, [seat, *values], None, args)
        if kind == "draw":
            return Draw(args.cards(values[0]), seat=seat)
        if kind == "declare":
            return Declare(*args.declaration(values[0], values[1]), seat=seat)
        if kind in ("call", "match"):
            return cls(_optional_amount(values[0], f"the {kind} amount"), seat=seat)
        return _build(kind, values, seat, args)
    if isinstance(action, str):
        return _from_text(exact_str(action, "an action"), None, args)
    if isinstance(action, (tuple, list)):
        items = list(action)
        if not items:
            raise IllegalActionError("an empty action")
        name = exact_str(items[0], "an action kind").lower()
        return _build(name, items[1:], None, args)
    from pedron.engine.actions import Action

    if isinstance(action, Action):
        return _from_action(action, args)
    raise ActionTypeError(
        "an action is a move (Bet(3), RaiseTo(8), ...), text ('raise 8'), a tuple "
        f"(('raise', 8)) or an Action, not {type(action).__name__}"
    )


#: A callable that turns a caller's action into a move (``to_move`` bound to a game).
MoveReader = Callable[[Any], Any]


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
