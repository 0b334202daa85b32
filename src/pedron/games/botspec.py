"""The parameters a game's built-in bots take in a spec (``"odds:margin=0.1"``):
``GameInfo.bot_params``, read by :func:`pedron.bots.parse_bot`.

Each parameter has its short name in a spec, the keyword its bot class takes, and
a check that converts the value given (text read as a number where it is one) or
raises a :class:`~pedron.errors.PedronValueError` naming it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pedron.errors import PedronValueError
from pedron.text import shown

__all__ = ["BotParam", "BotParams", "count", "number", "path"]

#: ``check(short_name, value) -> value``: a parameter checked and converted.
Check = Callable[[str, Any], Any]


def number(low: float | None = None) -> Check:
    """A finite number (an int or a float), at least ``low`` when given."""

    def check(key: str, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise PedronValueError(f"bot parameter {key}={shown(value)}: a number is needed")
        try:
            x = float(value)
        except OverflowError:  # (an int beyond any float)
            raise PedronValueError(f"bot parameter {key}: a number of "
                                   f"{int(value).bit_length()} bits is too large") from None
        if not math.isfinite(x):  # (NaN compares false with everything: no threshold)
            raise PedronValueError(f"bot parameter {key}={value!r}: a finite number is needed")
        if low is not None and x < low:
            raise PedronValueError(f"bot parameter {key}={value!r}: must be at least {low:g}")
        return x

    return check


def count(low: int, high: int, what: str) -> Check:
    """A whole number ``low..high`` (``what``: what it counts, for the message)."""

    def check(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or \
                not low <= int.__index__(value) <= high:
            raise PedronValueError(f"bot parameter {key}={shown(value)}: a number of "
                                   f"{what} {low}..{high}")
        return int.__index__(value)

    return check


def path(key: str, value: Any) -> str:
    """A file's path (a strategy file), kept as given."""
    if not isinstance(value, str) or not value:
        raise PedronValueError(f"bot parameter {key}={value!r}: a strategy file's path")
    return value


@dataclass(frozen=True)
class BotParam:
    """One parameter of a built-in bot's spec."""

    keyword: str
    """The keyword the bot's class takes (``"stop_below"`` for ``stop``)."""
    check: Check = field(default_factory=number)
    """Checks and converts a value (default: any finite number)."""
    bot: bool = False
    """The value names another bot of the same game (checked as its spec; ``check``
    is then not used)."""


@dataclass(frozen=True)
class BotParams:
    """The spec parameters of one built-in bot: its short names to :class:`BotParam`."""

    params: Mapping[str, BotParam] = field(default_factory=dict)
    """Short name in a spec -> the parameter."""
    required: tuple[str, ...] = ()
    """Short names the bot cannot do without (e.g. a strategy file)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
