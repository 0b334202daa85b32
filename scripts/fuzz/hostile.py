"""Hostile objects and the plain values an entry point must read from them, shared by
the surface sweep (surface.py) and the hypothesis sweep of the tests
(tests/hardening/test_exact_boundaries.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["REFUSED", "Idx", "Liar", "LyingStr", "plain_flag", "plain_int"]


class Liar(int):
    """An int whose ``__index__`` returns itself and whose comparisons all say yes."""

    def __index__(self) -> int:
        return self

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__
    __hash__ = int.__hash__


class Idx:
    """An object whose ``__index__`` returns what it was given (or raises it)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __index__(self) -> Any:
        if isinstance(self.value, BaseException):
            raise self.value
        return self.value

    def __repr__(self) -> str:
        return f"Idx({self.value!r})"


class LyingStr(str):
    """A str whose methods lie about its text."""

    def strip(self, chars: Any = None) -> str:
        return "As"

    def lower(self) -> str:
        return "bet"

    def split(self, *args: Any) -> list[str]:
        return ["As"]

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


#: The plain value of an object that must be refused.
REFUSED = object()


def plain_int(x: Any) -> Any:
    """The exact int an ``int`` slot must read from ``x``, or REFUSED (None too: an
    optional count is its caller's to allow)."""
    if isinstance(x, (bool, np.bool_)):
        return REFUSED
    if isinstance(x, int):
        return int.__index__(x)
    if isinstance(x, np.integer) or (isinstance(x, np.ndarray) and x.ndim == 0
                                     and x.dtype.kind in "iu"):
        return int(x)
    if isinstance(x, Idx) and type(x.value) is int:
        return x.value
    return REFUSED


def plain_flag(x: Any) -> Any:
    if x is True or x is False:
        return x
    if isinstance(x, np.bool_):
        return bool(x)
    return REFUSED
