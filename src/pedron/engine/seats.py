"""Seats: the players' names and stacks at a new table, and the one seat order.

The engine's one seat order is clockwise from the dealer's left, dealer last:
dealing, acting in turn and the odd chip (to the first tied winner clockwise
from the dealer's left) all follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.errors import PedronTypeError, RulesError
from pedron.rules import MAX_CHIPS

__all__ = ["clockwise", "from_left", "next_clockwise", "seat_names", "stack_list"]


def from_left(dealer: int, n: int) -> tuple[int, ...]:
    """The ``n`` seats clockwise from ``dealer``'s left, ``dealer`` last."""
    return tuple([(dealer + k) % n for k in range(1, n + 1)])


def clockwise(first: int, n: int) -> tuple[int, ...]:
    """Seat numbers ``first, first+1, ...`` modulo ``n`` (all ``n`` seats once)."""
    return from_left((first - 1) % n, n)


def next_clockwise(seat: int, n: int, allowed: Sequence[bool]) -> int | None:
    """The first seat after ``seat`` clockwise (``seat`` itself last) with
    ``allowed[s]`` true, or ``None``."""
    for s in from_left(seat, n):
        if allowed[s]:
            return s
    return None


def seat_names(players: Any, low: int, high: int, game: str) -> tuple[str, ...]:
    """Names for ``players`` (a count, or a list of distinct names), ``low..high`` of them."""
    if isinstance(players, bool):
        raise PedronTypeError("players must be a count or a list of names")
    if isinstance(players, int):
        count = int.__index__(players)
        if not low <= count <= high:  # (checked before any name is made: 10**9 players?)
            raise RulesError(f"{game} is for {low} to {high} players, not {_shown(count)}")
        names = tuple(f"P{i}" for i in range(count))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(str.__str__(p) for p in players)
    else:
        raise PedronTypeError("players must be a count or a list of names")
    if not low <= len(names) <= high:
        raise RulesError(f"{game} is for {low} to {high} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("player names must differ")
    return names


def stack_list(stacks: Any, n: int) -> list[int]:
    """Starting stacks: one int for everyone, or one whole number (>= 1) per seat;
    together at most :data:`~pedron.rules.MAX_CHIPS`."""
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [int.__index__(stacks)] * n
    elif isinstance(stacks, (list, tuple)):
        out = [int.__index__(s) if isinstance(s, int) and not isinstance(s, bool) else s
               for s in stacks]
    else:
        raise PedronTypeError("stacks must be an int or a list of ints")
    if len(out) != n or not all(type(s) is int and s >= 1 for s in out):
        raise RulesError(f"stacks must be {n} whole numbers of at least 1 chip")
    if sum(out) > MAX_CHIPS:
        raise RulesError(f"the stacks add up to more than {MAX_CHIPS:,} chips (2**53), the "
                         "most a table holds")
    return out


def _shown(count: int) -> str:
    return str(count) if count.bit_length() <= 64 else f"an int of {count.bit_length()} bits"
