"""What may happen and what happened: legal-action descriptors and history records.

* :class:`LegalAction` describes one kind of move the player to act may make
  now, with the allowed amounts (``min``..``max``) or cards.
* :class:`Record` is one event of a deal's history (a move, a card dealt, a
  pot won...).
* :class:`Action` is the generic action object of pedron 0.1 (a kind and an
  amount or cards); the typed moves of :mod:`pedron.engine.moves` say the
  same more precisely, and every game accepts both.

Records and legal actions are immutable tuples (:mod:`pedron.engine.frozen`):
a deal, its views and other deals share them safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pedron._kernels.tuples import frozen
from pedron.engine.errors import ActionTypeError, IllegalActionError
from pedron.engine.frozen import Frozen, fields

__all__ = [
    "Action",
    "LegalAction",
    "Record",
    "check_amount",
    "check_seat",
    "make_legal",
    "make_record",
]


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action by name: its ``kind`` and, as the kind needs, an amount or cards.

    ``Action("bet", 5)``, ``Action("call")``, ``Action("draw", cards=(4, 9))``,
    ``Action("reveal", cards=(9,))``, ``Action("declare", category, ranks)``,
    ``Action("choose", index)``. **``Action("raise", x)`` raises *by* ``x``**
    (as in pedron 0.1; deprecated: say ``RaiseTo(total)``). ``seat`` is
    optional: when given, the engine checks that this seat is the one to act.
    """

    kind: str
    amount: int | None = None
    cards: tuple[int, ...] = ()
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data: ``{"kind": ..., "amount": ..., "cards": [...], "seat": ...}``."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards:
            out["cards"] = list(self.cards)
        if self.seat is not None:
            out["seat"] = self.seat
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json` (types are checked by the game when applied)."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ActionTypeError(f"not an action: {data!r}")
        cards = data.get("cards", ())
        if not isinstance(cards, (list, tuple)):
            raise ActionTypeError(f"action cards must be a list, not {type(cards).__name__}")
        return cls(data["kind"], data.get("amount"), tuple(cards), data.get("seat"))


@fields
class LegalAction(Frozen):
    """One kind of move open to the player to act.

    ``min``/``max`` bound the amount for amount-taking kinds, inclusive (a bet;
    a raise: the **total** the bet may be raised to; for a call or match both
    are the chips it costs; for a draw, how many cards may be exchanged);
    ``cards`` lists the cards that may be named (a reveal, a draw; for Dealer's
    Choice the indexes of the games that may be called). ``limit`` is ``None``
    unless a choice needs more than these bounds to describe it exactly: then
    an immutable rule object (Diablo's draw with the ace rule, a declaration's
    scale) whose ``why_not(move, legal)`` gives the reason a move is refused.
    """

    __slots__ = ()
    kind: str
    min: int | None
    max: int | None
    cards: tuple[int, ...]
    limit: Any

    def __new__(
        cls,
        kind: str,
        min: int | None = None,
        max: int | None = None,
        cards: tuple[int, ...] = (),
        limit: Any = None,
    ) -> LegalAction:
        return frozen(cls, (kind, min, max, tuple(cards), limit))

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


@fields
class Record(Frozen):
    """One event of a deal's history.

    ``kind``: what happened (``"deal"``, ``"bet"``, ``"match"``, ``"fold"``,
    ``"reveal"``, ``"show"``, ``"win"``, ``"carry"`` ...); ``seat``: who (or
    ``None``); ``amount``: chips moved (or the amount named); ``cards``: cards
    involved; ``private``: the cards are known only to ``seat`` (a view for any
    other seat shows the record with ``cards=()``); ``note``: a short remark
    (``"all-in"``, a hand's name, ``"uncontested"`` ...).
    """

    __slots__ = ()
    kind: str
    seat: int | None
    amount: int
    cards: tuple[int, ...]
    private: bool
    note: str

    def __new__(
        cls,
        kind: str,
        seat: int | None = None,
        amount: int = 0,
        cards: tuple[int, ...] = (),
        private: bool = False,
        note: str = "",
    ) -> Record:
        return frozen(cls, (kind, seat, amount, cards, private, note))

    def censored(self, viewer: int | None) -> Record:
        """This record as ``viewer`` may see it (``None``: a spectator)."""
        if self[4] and self[3] and self[1] != viewer:
            return frozen(Record, (self[0], self[1], self[2], (), True, self[5]))
        return self

    def to_json(self) -> list[Any]:
        """Compact plain data ``[kind, seat, amount, cards, private, note]``."""
        return [self[0], self[1], self[2], list(self[3]), self[4], self[5]]

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Inverse of :meth:`to_json`."""
        kind, seat, amount, cards, private, note = data
        return cls(kind, seat, amount, tuple(cards), private, note)


def make_record(fields: tuple[Any, ...]) -> Record:
    """A :class:`Record` from all six fields ``(kind, seat, amount, cards, private,
    note)``, made in C (the engine's hot paths; ``Record(...)`` reads better)."""
    return frozen(Record, fields)


def make_legal(fields: tuple[Any, ...]) -> LegalAction:
    """A :class:`LegalAction` from all five fields ``(kind, min, max, cards, limit)``
    (``cards`` a tuple), made in C."""
    return frozen(LegalAction, fields)


def check_amount(amount: Any, what: str = "amount") -> int:
    """``amount`` as a whole, positive number of chips (an exact ``int``), or a pedron error.

    ``bool`` and non-numbers raise :class:`ActionTypeError`; fractional, zero
    or negative numbers raise :class:`AmountError`. An integral ``float`` such
    as ``5.0`` is refused too (chips are counted in ints).
    """
    from pedron.engine.errors import AmountError
    from pedron.engine.moves import exact_int

    value = exact_int(amount, what, chips=True)
    if value <= 0:
        raise AmountError(f"{what} must be at least 1 chip, not {value}")
    return value


def check_seat(seat: Any, n: int) -> int:
    """``seat`` as a seat number in ``0..n-1`` (an exact ``int``), or a pedron error."""
    from pedron.engine.moves import exact_int


    value = exact_int(seat, "a seat")
    if not 0 <= value < n:
        raise IllegalActionError(f"no seat {value} at a table of {n}")
    return value
