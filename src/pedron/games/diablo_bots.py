"""The spec parameters of Diablo's built-in bots (``rule``, ``threshold``, ``strong``)."""

from __future__ import annotations

from typing import Any

from pedron.diablo.hand import Category
from pedron.errors import PedronValueError
from pedron.games.botspec import BotParam, BotParams, count, number, path
from pedron.text import shown

__all__ = ["BOT_PARAMS", "category", "chance"]

_CATEGORY_ALIASES = {
    "pair": "one_pair", "trips": "three_of_a_kind", "set": "three_of_a_kind",
    "quads": "four_of_a_kind", "full": "full_house", "boat": "full_house",
    "quints": "five_of_a_kind", "high": "high_card",
}


def category(key: str, value: Any) -> Category:
    """A hand category: its name (``two_pair``, ``trips``...) or number 1-10."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 1 <= int.__index__(value) <= len(Category):  # (the plain value: a subclass may lie)
            return Category(int.__index__(value))
    elif isinstance(value, str):
        name = value.strip().lower().replace(" ", "_").replace("-", "_")
        name = _CATEGORY_ALIASES.get(name, name)
        if name.isascii() and name.upper() in Category.__members__:  # ("ſ".upper() is "S")
            return Category[name.upper()]
    names = ", ".join(c.name.lower() for c in Category)
    raise PedronValueError(f"bot parameter {key}={shown(value)}: not a hand category ({names})")


def chance(key: str, value: Any) -> float:
    """A probability: a number from 0 to 1."""
    x: float = number(0.0)(key, value)
    if x > 1.0:
        raise PedronValueError(f"bot parameter {key}={value!r}: a chance from 0 to 1")
    return x


#: The parameters of Diablo's bots, by spec name.
BOT_PARAMS = {
    "rule": BotParams({
        "open": BotParam("open_at", category), "call": BotParam("call_at", category),
        "raise": BotParam("raise_at", category), "big": BotParam("bet_big_at", category),
        "draw": BotParam("max_draw", count(0, 4, "cards")),
    }),
    "threshold": BotParams({
        "open": BotParam("open_at", category), "call1": BotParam("call_before", category),
        "raise1": BotParam("raise_before", category),
        "bet2": BotParam("bet_after", category), "call2": BotParam("call_after", category),
        "raise2": BotParam("raise_after", category),
        "big": BotParam("bet_big_at", category),
        "draw": BotParam("max_draw", count(0, 4, "cards")), "bluff": BotParam("bluff", chance),
    }),
    "strong": BotParams({"file": BotParam("strategy", path)}),
}
