"""Helpers for per-player views: censoring a history, checking a view is plain data.

A view is frozen data built for one player. It must hold only ints, strings,
bools, ``None``, tuples and frozen dataclasses of such values, so that no
attribute, repr or serialization leads back to the game, its deck or its
generator. :func:`is_plain` checks that (the tests of every game use it).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import Any, ClassVar

from pedron._kernels.tuples import frozen
from pedron.engine.actions import LegalAction, Record
from pedron.engine.frozen import Frozen, fields
from pedron.engine.pots import Pot

__all__ = [
    "DealResult",
    "DealView",
    "TableViewBase",
    "View",
    "censor",
    "deprecated",
    "is_plain",
    "json_of",
    "view_json",
]

_SCALARS = (int, str, bool, float, type(None))


def censor(history: Iterable[Record], viewer: int | None) -> tuple[Record, ...]:
    """The records as ``viewer`` (``None``: a spectator) may see them."""
    return tuple(r.censored(viewer) for r in history)


def json_of(value: Any) -> Any:
    """``value.to_json()``, or ``None`` (an optional nested view or result)."""
    return None if value is None else value.to_json()


# The fields every game's views and results convert the same way.
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "history": lambda records: [r.to_json() for r in records],
    "legal": lambda legal: [a.to_json() for a in legal],
    "pots": lambda pots: [p.to_json() for p in pots],
    "result": json_of,
}


def view_json(
    view: Any, fields: Mapping[str, Callable[[Any], Any]] | None = None
) -> dict[str, Any]:
    """Plain JSON data of a frozen view or result, field by field in order.

    History, legal actions, pots and a result have one form for every game;
    ``fields`` adds a game's own conversions; other tuples become lists
    (tuples inside them too, one level down).
    """
    convert = _FIELDS if fields is None else {**_FIELDS, **fields}
    out: dict[str, Any] = {}
    names = view._fields if isinstance(view, Frozen) else view.__dataclass_fields__
    for name in names:
        value = getattr(view, name)
        if name in convert:
            value = convert[name](value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[name] = value
    return out


def is_plain(obj: Any) -> bool:
    """True if ``obj`` is built only of scalars, tuples, pedron's immutable tuples
    (:class:`~pedron.engine.frozen.Frozen`) and frozen dataclasses."""
    if isinstance(obj, _SCALARS):
        return True
    if type(obj) is tuple or isinstance(obj, Frozen):
        return all(is_plain(x) for x in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        params = getattr(type(obj), "__dataclass_params__", None)
        if params is None or not params.frozen:
            return False
        return all(is_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj))
    return False


def deprecated(old: str, new: str) -> None:
    """Warn that ``old`` is a deprecated name of ``new`` (kept for one release)."""
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=3)


def deprecated_property(old: str, new: str, get: Callable[[Any], Any]) -> property:
    """A read-only property named ``old`` (pedron 0.1) that warns and reads ``get``."""

    def read(self: Any) -> Any:
        warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=2)
        return get(self)

    return property(read, doc=f"Deprecated name of ``{new}``.")


class View(Frozen):
    """Base of the views and results: immutable tuples built from their fields in order."""

    __slots__ = ()

    def __new__(cls, *values: Any) -> Any:
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} has {len(cls._fields)} fields, not {len(values)}")
        return frozen(cls, values)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, field by field."""
        return view_json(self)


@fields
class TableViewBase(View):
    """The table as ``seat`` (``None``: a spectator) may see it; the same fields in
    both games, each game's view adding its own after these.

    ``names``, ``stacks``, ``seated`` (still in the session), ``dealer``,
    ``carry`` (the pot waiting for the next deal), ``deals_played``,
    ``closing`` (the end was asked for), ``over``, ``end_reason``, ``events``
    (the table's recent records) and ``deal`` (the current or last deal's
    view). pedron 0.1's names of fields are kept as deprecated aliases, made
    from ``_OLD`` (the game's word for a deal).
    """

    __slots__ = ()
    _OLD: ClassVar[str] = ""
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

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = cls.__dict__.get("_OLD")
        if old:
            for name, new in ((old, "deal"), (f"{old}s_played", "deals_played"),
                              ("history", "events")):
                setattr(cls, name, deprecated_property(
                    f"TableView.{name}", f"TableView.{new}", attrgetter(new)))

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, {"deal": json_of})


@fields
class DealResult(View):
    """How a finished deal ended; the same fields mean the same in both games.

    ``number``, ``dealer``; ``showdown``: hands were shown; ``pots``: the pots
    as settled, main pot first; ``payouts[s]``: chips seat ``s`` received from
    the pots (his own uncalled chips included); ``net[s]``: his gain or loss
    over the deal; ``carry``: chips left on the table for the next deal;
    ``winners``: seats that won a pot (all or part of it, in a split), clockwise
    from the dealer's left; ``hands[s]``: the name of the hand seat ``s`` showed (or
    played) at the showdown, ``None`` if he did not show.
    """

    __slots__ = ()
    number: int
    dealer: int
    showdown: bool
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]
    net: tuple[int, ...]
    carry: int
    winners: tuple[int, ...]
    hands: tuple[str | None, ...]


@fields
class DealView(View):
    """One deal as seen by ``seat`` (``None``: a spectator); the same fields mean
    the same in both games.

    ``phase``, ``to_act``; ``dealt_in``: the seats in the deal, clockwise from
    the dealer's left, dealer last; ``my_cards``: the viewer's cards;
    ``shown[s]``: the cards seat ``s`` has shown; ``live[s]``: still in (at
    the end: as the deal ended); ``committed[s]``: chips he put in;
    ``stacks``; ``pot`` (carry-over included) and ``pots`` (main and side
    pots; at the end: as settled); ``carry``; ``bet``: the bet to match now;
    ``legal``: what the viewer may do, if it is his turn; ``history``: the
    records, other players' private cards censored; ``result`` once over.
    """

    __slots__ = ()
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

    @property
    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Deprecated name of :attr:`legal`."""
        deprecated("view.legal_actions", "view.legal")
        return self.legal


def result_from_json(cls: type[Any], data: Any) -> Any:
    """A result dataclass ``cls`` from its :func:`view_json` form (lists back to tuples,
    pots back to :class:`~pedron.engine.pots.Pot`)."""
    if not isinstance(data, dict):
        raise TypeError("a result is a dict")
    values = {}
    for name in cls._fields:
        value = data[name]
        if name == "pots":
            value = tuple(Pot(p[0], tuple(p[1]), tuple(p[2]), p[3]) for p in value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        values[name] = value
    return cls.from_fields(values.values())
