"""Helpers for per-player views: censoring a history, checking a view is plain data.

A view is frozen data built for one player. It must hold only ints, strings,
bools, ``None``, tuples and frozen dataclasses of such values, so that no
attribute, repr or serialization leads back to the game, its deck or its
generator. :func:`is_plain` checks that (the tests of every game use it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pedron.engine.actions import Record

__all__ = ["censor", "is_plain", "json_of", "view_json"]

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
    "legal_actions": lambda legal: [[a.kind, a.min, a.max, list(a.cards)] for a in legal],
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
    for name in view.__dataclass_fields__:
        value = getattr(view, name)
        if name in convert:
            value = convert[name](value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[name] = value
    return out


def is_plain(obj: Any) -> bool:
    """True if ``obj`` is built only of scalars, tuples and frozen dataclasses."""
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
