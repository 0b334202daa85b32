"""Pots under table stakes, and the division of a pot among tied winners.

A hand's chips are described per seat by what he has put in (``committed``,
in chips) and how far he has matched the betting (``level``, in *units*). In
most games one unit is one chip; in Dealer's Diamondback a non-dealer pays two
chips for each unit the dealer bets, so the two differ. The pots follow the
poker rule: a player who is all-in for a level can win from every other player
only what that player put in up to that level. The chips of folded players stay
in the pots they reached; a pot that only one player can win goes to him (an
uncalled bet is returned this way); a carry-over from the previous hand is
added to the main pot, which every player still in may win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import cython

from pedron._signature import ClassSignature
from pedron.engine.actions import fields_repr

__all__ = ["Pot", "build_pots", "split_amount"]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Pot:
    """One pot: ``amount`` (its chips), ``eligible`` (the seats that may win it),
    ``contributors`` (the seats that paid into it), both in seat order, and
    ``carry`` (the part of it carried over from the deal before: the main pot,
    index 0 of :func:`build_pots`, includes the carry-over)."""

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    amount: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...] = ()
    carry: int = 0

    def __repr__(self) -> str:
        return fields_repr(self)

    def to_json(self) -> list[Any]:
        """Compact plain data ``[amount, eligible, contributors, carry]``."""
        return [self.amount, list(self.eligible), list(self.contributors), self.carry]

    @staticmethod
    def from_json(data: Any) -> Pot:
        """Inverse of :meth:`to_json`."""
        amount, eligible, contributors, carry = data
        return Pot(amount, tuple(eligible), tuple(contributors), carry)

    @property
    def uncalled(self) -> bool:
        """True when the only seat able to win it is the only one who paid into it."""
        return len(self.eligible) == 1 and self.carry == 0 and self.contributors == self.eligible


def split_amount(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Divide ``amount`` chips among ``winners`` (seats in odd-chip priority order).

    Each gets ``amount // len(winners)``; the remaining odd chips go one each to
    the first winners in the order given (the engine passes them clockwise from
    the dealer's left, so the odd chip goes to the first tied winner there).
    Returns ``[(seat, chips), ...]`` in the order given.
    """
    k = len(winners)
    if k == 0:
        raise ValueError("no winners to split among")
    share, odd = divmod(amount, k)
    return [(seat, share + (1 if i < odd else 0)) for i, seat in enumerate(winners)]


def build_pots(
    committed: Sequence[int],
    levels: Sequence[int],
    live: Sequence[bool],
    all_in: Sequence[bool],
    carry: int = 0,
    chips_at: Callable[[int, int], int] | None = None,
) -> list[Pot]:
    """The main pot and side pots, main pot first.

    ``committed[s]``: chips seat ``s`` put in this hand; ``levels[s]``: units he
    matched; ``live[s]``: still in (dealt in and not folded); ``all_in[s]``: live
    but unable to put in more. ``chips_at(s, level)`` gives the chips of seat
    ``s`` that belong to levels up to ``level`` (default ``min(committed, level)``,
    right when a unit is a chip). Pots of zero chips are dropped, except a main
    pot holding only the carry-over.
    """
    n = len(committed)
    live_seats = [s for s in range(n) if live[s]]
    if not live_seats:
        raise ValueError("no live seat to build pots for")
    contributors_all = tuple([s for s in range(n) if committed[s]])
    caps = sorted({levels[s] for s in live_seats if all_in[s]})
    top = levels[live_seats[0]]
    for s in live_seats:
        if levels[s] > top:
            top = levels[s]
    if not caps or caps == [top]:
        amount = carry
        for c in committed:
            amount += c
        return [Pot(amount, tuple(live_seats), contributors_all, carry)]
    bounds = [c for c in caps if c < top] + [top]
    pots: list[Pot] = []
    prev_chips = [0] * n
    for b, level in enumerate(bounds):
        last = b == len(bounds) - 1
        amount = 0
        paid = []
        for s in range(n):
            if last or levels[s] <= level:
                now = committed[s]
            elif chips_at is None:  # (a unit is a chip)
                now = min(committed[s], level)
            else:
                now = chips_at(s, level)
            d = now - prev_chips[s]
            if d:
                amount += d
                paid.append(s)
            prev_chips[s] = now
        eligible = tuple([s for s in live_seats if levels[s] >= level])
        extra = carry if b == 0 else 0
        if amount or extra:
            pots.append(Pot(amount + extra, eligible, tuple(paid), extra))
    return pots
