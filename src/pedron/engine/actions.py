"""What may happen and what happened: legal-action descriptors and history records.

* :class:`LegalAction` describes one kind of move the player to act may make
  now, with the allowed amounts (``min``..``max``) or cards.
* :class:`Record` is one event of a deal's history (a move, a card dealt, a
  pot won...).

Both are frozen dataclasses, compiled as extension types (``@cython.cclass``,
see ``docs/design.md``, *Build*): a deal, its views and other deals share
them safely, since no attribute of one can be changed, not even with
``object.__setattr__``.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

import cython

from pedron import _exact
from pedron._signature import ClassSignature
from pedron.errors import ActionTypeError, AmountError, IllegalActionError
from pedron.text import shown

__all__ = ["LegalAction", "Record", "check_amount", "check_seat", "fields_repr"]


def fields_repr(value: Any) -> str:
    """``Name(field=value, ...)``: the ``repr`` of pedron's compiled frozen dataclasses.

    (Written out rather than generated: the ``repr`` Cython 3.3 generates for such a
    class guards against recursion with state made per thread at import, and fails in
    any other thread.)
    """
    fields = ", ".join(f"{name}={getattr(value, name)!r}" for name in value.__dataclass_fields__)
    return f"{type(value).__name__}({fields})"


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class LegalAction:
    """One kind of move open to the player to act.

    ``kind``: the kind of move (``"bet"``, ``"call"``, ``"draw"`` ...).
    ``min``/``max``: the amounts it may take, inclusive (a bet; a raise: the
    **total** the bet may be raised to; for a call or match both are the
    chips it costs; for a draw, how many cards may be exchanged), ``None`` for
    a kind that takes no amount. ``cards``: the cards that may be named (a
    reveal, a draw; for Dealer's Choice the indexes of the variants that may
    be called). ``limit``: ``None`` unless a choice needs more than these
    bounds to describe it exactly: then an immutable rule object (Diablo's
    draw with the ace rule, a declaration's scale) whose
    ``why_not(move, legal)`` gives the reason a move is refused.
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    kind: str
    min: int | None = None
    max: int | None = None
    cards: tuple[int, ...] = ()
    limit: Any = None

    @property
    def amounts(self) -> range:
        """The amounts the move may take, ``min..max`` as a range (typed ``int``s;
        empty for a move that takes no amount)."""
        if self.min is None or self.max is None:
            return range(0)
        return range(self.min, self.max + 1)

    def __repr__(self) -> str:
        parts = [self.kind]
        if self.min is not None:
            parts.append(f"{self.min}" if self.min == self.max else f"{self.min}..{self.max}")
        if self.cards:
            parts.append(f"cards={self.cards}")
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        return f"LegalAction({' '.join(parts)})"

    def to_json(self) -> list[Any]:
        """``[kind, min, max, cards]`` (plus the limit's JSON when there is one)."""
        out = [self.kind, self.min, self.max, list(self.cards)]
        if self.limit is not None:
            out.append(self.limit.to_json())
        return out


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Record:
    """One event of a deal's history.

    ``kind``: what happened (``"deal"``, ``"bet"``, ``"match"``, ``"fold"``,
    ``"reveal"``, ``"show"``, ``"win"``, ``"carry"`` ...); ``seat``: who (or
    ``None``); ``amount``: chips moved (or the amount named); ``cards``: cards
    involved; ``private``: the cards are known only to ``seat`` (a view for any
    other seat shows the record with ``cards=()``); ``note``: a short remark
    (``"all-in"``, a hand's name, ``"uncontested"`` ...).
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()
    private: bool = False
    note: str = ""

    def __repr__(self) -> str:
        return fields_repr(self)

    @property
    def hides_cards(self) -> bool:
        """True when the record holds cards that only its seat may see."""
        return self.private and len(self.cards) > 0

    def censored(self, viewer: int | None) -> Record:
        """This record as ``viewer`` may see it (``None``: a spectator)."""
        if self.private and self.cards and self.seat != viewer:
            return Record(self.kind, self.seat, self.amount, (), True, self.note)
        return self

    def to_json(self) -> list[Any]:
        """Compact plain data ``[kind, seat, amount, cards, private, note]`` (the form
        saves and hand histories hold: ``docs/histories.md``)."""
        return [self.kind, self.seat, self.amount, list(self.cards), self.private, self.note]

    @staticmethod
    def from_json(data: Any) -> Record:
        """Inverse of :meth:`to_json`."""
        kind, seat, amount, cards, private, note = data
        return Record(kind, seat, amount, tuple(cards), private, note)


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


def check_amount(amount: Any, what: str = "amount") -> int:
    """``amount`` as a whole, positive number of chips (an exact ``int``), or a pedron error.

    ``bool`` and non-numbers raise :class:`ActionTypeError`; fractional, zero
    or negative numbers raise :class:`AmountError`. An integral ``float`` such
    as ``5.0`` is refused too (chips are counted in ints).
    """
    value = exact_int(amount, what, chips=True)
    if value <= 0:
        raise AmountError(f"{what} must be at least 1 chip, not {value}")
    return value


def check_seat(seat: Any, n: int) -> int:
    """``seat`` as a seat number in ``0..n-1`` (an exact ``int``), or a pedron error."""
    value = exact_int(seat, "a seat")
    if not 0 <= value < n:
        raise IllegalActionError(f"no seat {shown(value)} at a table of {n}")
    return value
