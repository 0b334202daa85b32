"""What both games' ``Table`` classes share when they are set up or restored.

One place for the rules about seats, starting stacks, prearranged deck
orders and the chip part of a saved snapshot, so Diamondback and Diablo
check them the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron.engine import save
from pedron.engine.errors import ActionTypeError, RulesError, SaveError
from pedron.errors import DuplicateCardError, PedronTypeError

__all__ = ["check_ledger_snapshot", "check_order", "seat_names", "stack_list"]


def seat_names(players: Any, low: int, high: int, game: str) -> tuple[str, ...]:
    """Names for ``players`` (a count, or a list of distinct names), ``low..high`` of them."""
    if isinstance(players, bool):
        raise PedronTypeError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(players)
    else:
        raise PedronTypeError("players must be a count or a list of names")
    if not low <= len(names) <= high:
        raise RulesError(f"{game} is for {low} to {high} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("player names must differ")
    return names


def stack_list(stacks: Any, n: int) -> list[int]:
    """Starting stacks: one int for everyone, or one whole number (>= 1) per seat."""
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [stacks] * n
    elif isinstance(stacks, (list, tuple)):
        out = list(stacks)
    else:
        raise PedronTypeError("stacks must be an int or a list of ints")
    if len(out) != n or not all(type(s) is int and s >= 1 for s in out):
        raise RulesError(f"stacks must be {n} whole numbers of at least 1 chip")
    return out


def check_order(
    order: Any, parse_text: Callable[[str], list[int]], check_card: Callable[[int], Any]
) -> list[int]:
    """A prearranged deck order (card ids or text), each card once and in range."""
    if isinstance(order, str):
        order = list(parse_text(order))
    if not isinstance(order, (list, tuple)):
        raise ActionTypeError("a deck order must be a list of card ids")
    out = []
    for c in order:
        if isinstance(c, bool) or not isinstance(c, int):
            raise ActionTypeError(f"a card id must be an int, not {type(c).__name__}")
        check_card(c)  # raises a CardError when out of range
        out.append(c)
    if len(set(out)) != len(out):
        raise DuplicateCardError("a card appears twice in the deck order")
    return out


def check_ledger_snapshot(setup: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Check the chips of a saved snapshot against its setup; return the ledger part.

    Raises :class:`SaveError` when the chip lists do not fit the seats or the
    chips do not add up to the table's total. Malformed data raises the
    usual ``KeyError``/``TypeError`` for the caller to turn into a SaveError.
    """
    n = len(setup["names"])
    ledger: dict[str, Any] = state["ledger"]
    if len(ledger["stacks"]) != n or len(ledger["committed"]) != n:
        raise SaveError("chip lists do not match the number of seats")
    save.check_chips(
        ledger["stacks"], ledger["committed"], ledger["carry"], ledger["total"],
        sum(setup["stacks"]),
    )
    return ledger
