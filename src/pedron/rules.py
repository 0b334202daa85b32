"""What both games' ``Rules`` share: options checked when made, plain data both ways.

A game's ``Rules`` is a frozen dataclass deriving from :class:`RulesBase`: it
lists its text options and their allowed values in ``_CHOICES`` and checks
the rest in its ``__post_init__`` with :func:`whole` and :func:`flags`.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any, ClassVar, TypeVar

from pedron.errors import PedronTypeError, RulesError
from pedron.text import shown

__all__ = ["MAX_CHIPS", "RulesBase", "flags", "whole"]

#: The most chips a table holds (its players' stacks together), and the largest
#: amount an option of the rules names: 2**53, the largest count every float64
#: holds exactly (the environments' observations, OpenSpiel's utilities and the
#: statistics of a study compute in float64), and far below the point where a
#: number's text outgrows what a save can write.
MAX_CHIPS = 1 << 53

R = TypeVar("R", bound="RulesBase")


class RulesBase:
    """Base of a game's frozen ``Rules`` dataclass (see the module docstring)."""

    #: Each text option and the values it may take.
    _CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The text options that may also be ``None`` (a default worked out from others).
    _UNSET: ClassVar[frozenset[str]] = frozenset()

    def _check_choices(self) -> None:
        for name, allowed in self._CHOICES.items():
            value = getattr(self, name)
            if value is None and name in self._UNSET:
                continue
            if not isinstance(value, str) or value not in allowed:
                raise RulesError(f"Rules.{name} must be one of {allowed}, not {shown(value)}")

    def replace(self: R, **options: Any) -> R:
        """A copy with some options changed."""
        return replace(self, **options)  # type: ignore[type-var]

    def to_json(self) -> dict[str, Any]:
        """The options as a plain dict."""
        return asdict(self)  # type: ignore[call-overload, no-any-return]

    @classmethod
    def from_json(cls: type[R], data: Any, *, complete: bool = False) -> R:
        """Inverse of :meth:`to_json`; unknown keys are an error.

        Options left out take their defaults, unless ``complete`` (what a save
        or a hand history holds: every option, as :meth:`to_json` wrote it; a
        missing one is an error naming it, never filled in)."""
        if not isinstance(data, dict):
            raise RulesError("rules must be a dict")
        known = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        unknown = set(data) - set(known)
        if unknown:
            raise RulesError(f"unknown rules options: {sorted(unknown, key=repr)} (the "
                             f"options: {', '.join(known)})")
        if complete is not True and complete is not False:
            raise PedronTypeError(f"complete must be True or False, not {type(complete).__name__}")
        if complete:
            missing = [name for name in known if name not in data]
            if missing:
                raise RulesError(f"the rules lack the option {missing[0]!r} (saved rules "
                                 "hold every option)")
        return cls(**data)


def whole(name: str, value: Any, low: int) -> None:
    """Refuse ``Rules.<name>`` unless it is a whole number (an ``int``, not a bool) of
    at least ``low`` and at most :data:`MAX_CHIPS`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RulesError(f"Rules.{name} must be a whole number of at least {low}, not "
                         f"{_shown(value)}")
    if value > MAX_CHIPS:
        raise RulesError(f"Rules.{name} must be at most {MAX_CHIPS:,} (2**53), not "
                         f"{_shown(value)}")


def _shown(value: Any) -> str:
    """A value for a message: a huge int by its size (its text may be too long to make)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    return repr(value)


def flags(rules: Any, names: tuple[str, ...]) -> None:
    """Refuse any of the options ``names`` of ``rules`` that is not a bool."""
    for name in names:
        if not isinstance(getattr(rules, name), bool):
            raise RulesError(f"Rules.{name} must be a bool")
