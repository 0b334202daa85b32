"""Declarations (the Declare variant) and the jacks-or-better threshold.

A declaration names a hand as ``(category, ranks)``: the :class:`Category`
and the five ranks (0..12 for 2..A) as the hand plays them, most important
first -- exactly :attr:`HandValue.ranks`. :func:`declarable` maps every hand
that can be named in a game (wild or natural) to its strength.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pedron._exact import exact_flag
from pedron.diablo.hand import Category, HandValue, strength_count
from pedron.errors import ActionTypeError, IllegalActionError

__all__ = ["DeclarationError", "declarable", "jacks_or_better_min", "parse_declaration"]

_RANK_CHARS = "23456789TJQKA"


class DeclarationError(IllegalActionError):
    """A declaration (Declare variant) that does not name a possible hand."""


# -- hands named at the showdown, and the jacks-or-better threshold -------------------
_DECLARABLE: dict[bool, Mapping[tuple[int, tuple[int, ...]], int]] = {}
_JACKS: dict[bool, int] = {}


def declarable(wild: bool = True) -> Mapping[tuple[int, tuple[int, ...]], int]:
    """Every hand that can be named: ``(category, ranks) -> strength``.

    ``ranks`` are the five ranks (0..12 for 2..A) as the hand plays them, most
    important first, exactly as :attr:`HandValue.ranks` gives them
    (``(7, 7, 7, 7, 11)`` for four nines with a king). The mapping is
    read-only: it is built once per mode and shared.
    """
    wild = exact_flag(wild, "wild")  # one table per mode, never one per truthy value
    table = _DECLARABLE.get(wild)
    if table is None:
        built: dict[tuple[int, tuple[int, ...]], int] = {}
        for s in range(1, strength_count(wild=wild) + 1):
            v = HandValue.from_strength(s, wild=wild)
            built[(int(v.category), v.ranks)] = s
        _DECLARABLE[wild] = table = MappingProxyType(built)
    return table


def jacks_or_better_min(wild: bool) -> int:
    """The weakest strength that is at least a pair of jacks."""
    wild = exact_flag(wild, "wild")
    value = _JACKS.get(wild)
    if value is None:
        value = min(
            s
            for (cat, ranks), s in declarable(wild).items()
            if cat > Category.ONE_PAIR or (cat == Category.ONE_PAIR and ranks[0] >= 9)
        )
        _JACKS[wild] = value
    return value


def _category_arg(category: Any) -> int:
    if isinstance(category, bool):
        raise ActionTypeError("a declared category must be a Category, int or name")
    if isinstance(category, int):  # (its own value: a subclass cannot say otherwise)
        value = int.__index__(category)
        if not 1 <= value <= 10:
            raise DeclarationError(f"no hand category {value}")
        return value
    if isinstance(category, str):
        text = str.__str__(category)
        key = text.strip().upper().replace(" ", "_").replace("-", "_")
        try:
            return int(Category[key])
        except KeyError:
            raise DeclarationError(f"no hand category {category!r}") from None
    raise ActionTypeError(
        f"a declared category must be a Category, int or name, not {type(category).__name__}"
    )


def _ranks_arg(ranks: Any) -> tuple[int, ...]:
    if isinstance(ranks, str):
        text = str.__str__(ranks).replace("10", "T").replace(" ", "").replace("-", "").upper()
        if any(ch not in _RANK_CHARS for ch in text):
            raise DeclarationError(f"ranks are written with 23456789TJQKA, not {ranks!r}")
        out = tuple(_RANK_CHARS.index(ch) for ch in text)
    elif isinstance(ranks, (list, tuple)):
        if any(isinstance(r, bool) or not isinstance(r, int) for r in ranks):
            raise ActionTypeError("declared ranks must be ints 0..12 (2..A)")
        out = tuple(int.__index__(r) for r in ranks)
        if any(not 0 <= r <= 12 for r in out):
            raise DeclarationError(f"ranks are 0..12 (2..A), not {ranks!r}")
    else:
        raise ActionTypeError(
            f"declared ranks must be text such as '9999K' or five ints, not {type(ranks).__name__}"
        )
    if len(out) != 5:
        raise DeclarationError(f"a declaration names the five ranks of the hand, not {ranks!r}")
    return out


def parse_declaration(category: Any, ranks: Any) -> tuple[int, tuple[int, ...]]:
    """``(category, ranks)`` of a declaration, its form checked (not yet against a
    game's scale: see :func:`declarable`)."""
    if isinstance(category, HandValue):
        if ranks is not None:
            raise DeclarationError("a HandValue is declared without separate ranks")
        return int(category.category), category.ranks
    if ranks is None:
        raise DeclarationError("a declaration names the category and the five ranks")
    return _category_arg(category), _ranks_arg(ranks)
