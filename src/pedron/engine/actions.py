"""Actions players take, the legal-action descriptors, and history records.

* :class:`Action` is what a player asks for (``Action("bet", amount=5)``).
* :class:`LegalAction` describes one kind of action the player to act may take
  now, with the allowed amounts (``min``..``max``) or cards.
* :class:`Record` is one event of a hand's history (an applied action, a card
  dealt, a pot won...). Records are frozen; ``act`` returns the record of the
  applied action, and it is the last entry of the history.

All three are plain frozen data shared by every pedron game.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from pedron.engine.errors import ActionTypeError, AmountError

__all__ = ["Action", "LegalAction", "Record", "check_amount", "check_seat"]


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action: its ``kind`` and, as the kind needs, an amount or cards.

    ``seat`` is optional: when given, the engine checks that this seat is the
    one to act (a bot arena passes it; a single caller may leave it out).
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


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of action open to the player to act.

    ``min``/``max`` bound the amount for amount-taking kinds (inclusive; for a
    match or call both are the chips it costs); ``cards`` lists the cards that
    may be named (e.g. for a reveal).
    """

    kind: str
    min: int | None = None
    max: int | None = None
    cards: tuple[int, ...] = ()

    def __repr__(self) -> str:
        parts = [self.kind]
        if self.min is not None:
            parts.append(f"{self.min}" if self.min == self.max else f"{self.min}..{self.max}")
        if self.cards:
            parts.append(f"cards={self.cards}")
        return f"LegalAction({' '.join(parts)})"


@dataclass(frozen=True, slots=True)
class Record:
    """One event of a hand's history.

    ``kind``: what happened (``"deal"``, ``"bet"``, ``"match"``, ``"fold"``,
    ``"reveal"``, ``"show"``, ``"win"``, ``"carry"`` ...); ``seat``: who (or
    ``None``); ``amount``: chips moved (or the amount named); ``cards``: cards
    involved; ``private``: the cards are known only to ``seat`` (a view for any
    other seat shows the record with ``cards=()``); ``note``: a short remark
    (``"all-in"``, a hand's name, ``"uncontested"`` ...).
    """

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()
    private: bool = False
    note: str = ""

    def censored(self, viewer: int | None) -> Record:
        """This record as ``viewer`` may see it (``None``: a spectator)."""
        if self.private and self.cards and self.seat != viewer:
            return Record(self.kind, self.seat, self.amount, (), True, self.note)
        return self

    def to_json(self) -> list[Any]:
        """Compact plain data ``[kind, seat, amount, cards, private, note]``."""
        return [self.kind, self.seat, self.amount, list(self.cards), self.private, self.note]

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Inverse of :meth:`to_json`."""
        kind, seat, amount, cards, private, note = data
        return cls(kind, seat, amount, tuple(cards), private, note)


def check_amount(amount: Any, what: str = "amount") -> int:
    """``amount`` as a whole, positive number of chips, or a pedron error.

    ``bool`` and non-numbers raise :class:`ActionTypeError`; fractional, zero
    or negative numbers raise :class:`AmountError`. An integral ``float`` such
    as ``5.0`` is refused too (chips are counted in ints).
    """
    if type(amount) is int:
        if amount <= 0:
            raise AmountError(f"{what} must be at least 1 chip, not {amount}")
        return amount
    if isinstance(amount, bool) or amount is None:
        raise ActionTypeError(f"{what} must be an int, not {amount!r}")
    if isinstance(amount, int):
        return check_amount(int(amount), what)
    if not isinstance(amount, numbers.Real):
        raise ActionTypeError(f"{what} must be an int, not {type(amount).__name__}")
    if not float(amount).is_integer():
        raise AmountError(f"{what} must be whole chips, not {amount!r}")
    raise AmountError(f"{what} must be given as an int, not {amount!r}")


def check_seat(seat: Any, n: int) -> int:
    """``seat`` as a seat number in ``0..n-1``, or a pedron error."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ActionTypeError(f"a seat must be an int, not {type(seat).__name__}")
    if not 0 <= seat < n:
        from pedron.engine.errors import IllegalActionError

        raise IllegalActionError(f"no seat {seat} at a table of {n}")
    return int(seat)
