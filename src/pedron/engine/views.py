"""Helpers for per-player views: censoring a history, checking a view is plain data.

A view is frozen data built for one player. It must hold only ints, strings,
bools, ``None``, tuples and frozen dataclasses of such values, so that no
attribute, repr or serialization leads back to the game, its deck or its
generator. :func:`is_plain` checks that (the tests of every game use it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from pedron.engine.actions import Record

__all__ = ["censor", "is_plain"]

_SCALARS = (int, str, bool, float, type(None))


def censor(history: Iterable[Record], viewer: int | None) -> tuple[Record, ...]:
    """The records as ``viewer`` (``None``: a spectator) may see them."""
    return tuple(r.censored(viewer) for r in history)


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
