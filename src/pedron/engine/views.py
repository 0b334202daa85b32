"""What a player may see: the views and results both games share, as frozen dataclasses.

A view is frozen data built for one player. It holds only ints, strings,
bools, ``None``, tuples and frozen dataclasses of such values, so that no
attribute, repr or serialization leads back to the game, its deck or its
generator (:func:`is_plain` checks it; the tests of every game use it).
Each game's views and results add their own fields to these
(``pedron.diablo.GameView``, ``pedron.diamondback.HandView`` ...): a field is
declared once, in the class that owns it, and every view is built by name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from pedron.engine.actions import LegalAction, Record
from pedron.engine.pots import Pot

__all__ = [
    "DealResult",
    "DealView",
    "TableViewBase",
    "is_plain",
    "json_of",
    "result_from_json",
]

_SCALARS = (int, str, bool, float, type(None))

R = TypeVar("R", bound="DealResult")


def json_of(value: Any) -> Any:
    """Plain JSON data of a field's value: its own ``to_json()`` if it has one
    (records, legal actions, pots, nested views and results), tuples as lists
    (their items converted the same way), anything else as it is."""
    if value is None or isinstance(value, _SCALARS):
        return value
    if isinstance(value, tuple):
        return [json_of(v) for v in value]
    return value.to_json()


def is_plain(obj: Any) -> bool:
    """True if ``obj`` is built only of scalars, tuples and frozen dataclasses of them."""
    if isinstance(obj, _SCALARS):
        return True
    if type(obj) is tuple:
        return all(is_plain(x) for x in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        params = getattr(type(obj), "__dataclass_params__", None)
        if params is None or not params.frozen:
            return False
        return all(is_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj))
    return False


class _JSONFields:
    """``to_json()`` of a frozen dataclass: every field by name, as :func:`json_of`."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, field by field."""
        return {f.name: json_of(getattr(self, f.name))
                for f in dataclasses.fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class DealResult(_JSONFields):
    """How a finished deal ended; the same fields mean the same in both games.

    ``number``, ``dealer``; ``showdown``: hands were shown; ``pots``: the pots
    as settled, main pot first; ``payouts[s]``: chips seat ``s`` received from
    the pots (his own uncalled chips included); ``net[s]``: his gain or loss
    over the deal; ``carry``: chips left on the table for the next deal;
    ``winners``: seats that won a pot (all or part of it, in a split), clockwise
    from the dealer's left; ``hands[s]``: the name of the hand seat ``s`` showed (or
    played) at the showdown, ``None`` if he did not show.
    """

    number: int
    dealer: int
    showdown: bool
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]
    net: tuple[int, ...]
    carry: int
    winners: tuple[int, ...]
    hands: tuple[str | None, ...]


def result_from_json(cls: type[R], data: Any) -> R:
    """A result of class ``cls`` from its ``to_json()`` form (lists back to tuples,
    pots back to :class:`~pedron.engine.pots.Pot`)."""
    if not isinstance(data, dict):
        raise TypeError("a result is a dict")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = data[f.name]
        if f.name == "pots":
            value = tuple(Pot.from_json(p) for p in value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        values[f.name] = value
    if set(data) != set(values):
        raise TypeError(f"a {cls.__name__} holds {sorted(values)}, not {sorted(data)}")
    return cls(**values)


@dataclass(frozen=True, slots=True)
class DealView(_JSONFields):
    """One deal as seen by ``seat`` (``None``: a spectator); the same fields mean
    the same in both games.

    ``number``, ``dealer``, ``phase``, ``to_act``; ``dealt_in``: the seats in
    the deal, clockwise from the dealer's left, dealer last; ``my_cards``: the
    viewer's cards; ``shown[s]``: the cards seat ``s`` has shown; ``live[s]``:
    still in (at the end: as the deal ended); ``committed[s]``: chips he put
    in; ``stacks``; ``pot`` (carry-over included) and ``pots`` (main and side
    pots; at the end: as settled); ``carry``; ``bet``: the bet to match now;
    ``legal``: what the viewer may do, if it is his turn; ``history``: the
    records, other players' private cards censored; ``result`` once over.
    """

    seat: int | None
    number: int
    dealer: int
    phase: str
    to_act: int | None
    dealt_in: tuple[int, ...]
    my_cards: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    live: tuple[bool, ...]
    committed: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[Pot, ...]
    carry: int
    bet: int
    legal: tuple[LegalAction, ...]
    history: tuple[Record, ...]
    result: Any


@dataclass(frozen=True, slots=True)
class TableViewBase(_JSONFields):
    """The table as ``seat`` (``None``: a spectator) may see it; the same fields in
    both games, each game's view adding its own after these.

    ``names``, ``stacks``, ``seated`` (still in the session), ``dealer``,
    ``carry`` (the pot waiting for the next deal), ``deals_played``,
    ``closing`` (the end was asked for), ``over``, ``end_reason``, ``events``
    (the table's recent records) and ``deal`` (the current or last deal's
    view).
    """

    seat: int | None
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    seated: tuple[bool, ...]
    dealer: int | None
    carry: int
    deals_played: int
    closing: bool
    over: bool
    end_reason: str | None
    events: tuple[Record, ...]
    deal: Any
