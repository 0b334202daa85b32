"""The chip ledger: stacks, what each seat has put in this hand, the carry-over.

Every chip at the table is in exactly one place: a player's stack, his
contribution to the current hand (``committed``), or the pot carried over from
an earlier hand (``carry``). Their sum is the table's ``total``, which only
changes when a player leaves with his chips. :meth:`Ledger.check` verifies it
(and that nothing is negative) after every change; a violation raises
:class:`~pedron.errors.InvariantError` and is never repaired.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import cython

from pedron._copying import deep_copy
from pedron._signature import ClassSignature
from pedron.engine.pots import Pot, build_pots, split_amount
from pedron.errors import InvariantError

__all__ = ["Ledger"]


@cython.final
@cython.cclass
class Ledger:
    """Chips of a table of ``len(stacks)`` seats.

    ``stacks[s]``: the chips in front of seat ``s``; ``committed[s]``: what he
    has put into the current hand; ``levels[s]`` counts the units he has
    matched this hand (equal to his chips unless a game prices a unit
    differently per seat, as Dealer's Diamondback does); ``marks[s]`` records
    ``(level, chips)`` after each of his payments so that side pots can be cut
    at any level; ``live[s]``: still in the hand; ``carry``: the pot carried
    over from an earlier hand; ``total``: every chip at the table.
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    stacks: list[int]
    committed: list[int]
    levels: list[int]
    marks: dict[int, list[tuple[int, int]]]
    live: list[bool]
    carry: int
    total: int

    def __init__(self, stacks: Sequence[int], carry: int = 0) -> None:
        self.stacks = list(stacks)
        n = len(self.stacks)
        self.committed = [0] * n
        self.levels = [0] * n
        self.marks = {}
        self.live = [False] * n
        self.carry = carry
        self.total = sum(self.stacks) + carry
        self.check()

    # -- a hand ---------------------------------------------------------------
    @cython.ccall
    def begin(self, dealt_in: Iterable[int]) -> None:
        """Start a hand with the given seats live; nothing committed yet."""
        if any(self.committed):
            raise InvariantError("a new hand begins while chips are still committed")
        n = len(self.stacks)
        self.levels = [0] * n
        self.marks = {}
        live = [False] * n
        for s in dealt_in:
            live[s] = True
        self.live = live

    @cython.ccall
    def pay(
        self, seat: int, chips: int, units: int | None = None, unit_chips: int | None = None
    ) -> None:
        """Move ``chips`` from ``seat``'s stack into the hand, matching ``units`` more.

        ``unit_chips`` is the part of ``chips`` that pays for those units (the
        rest, an odd chip an all-in player could not turn into a whole unit,
        counts at his top level). Both default to ``chips``.
        """
        stack = self.stacks[seat]
        if chips < 0 or chips > stack:
            raise InvariantError(f"seat {seat} cannot pay {chips} from a stack of {stack}")
        self.stacks[seat] = stack - chips
        before = self.committed[seat]
        self.committed[seat] = before + chips
        level = self.levels[seat]
        marks = self.marks.get(seat)
        if marks is None and (units is None or (units == chips and unit_chips is None)):
            # A unit is a chip (so far): level == chips, no marks needed.
            self.levels[seat] = level + chips
            return
        if units is None:
            units = chips
        if marks is None:
            marks = self.marks[seat] = [(level, before)] if level else []
        base = marks[-1][1] if marks else 0
        self.levels[seat] = level + units
        marks.append((level + units, base + (chips if unit_chips is None else unit_chips)))

    @cython.ccall
    def fold(self, seat: int) -> None:
        """Seat ``seat`` is out of this hand; his chips stay in the pots."""
        self.live[seat] = False

    @property
    def in_hand(self) -> int:
        """Chips committed to the current hand (without the carry-over)."""
        return sum(self.committed)

    @cython.ccall
    def chips_at(self, seat: int, level: int) -> int:
        """Chips of ``seat`` that belong to the pots up to ``level`` units."""
        if self.levels[seat] <= level:
            return self.committed[seat]
        marks = self.marks.get(seat)
        if marks is None:
            return min(self.committed[seat], level)
        prev_level, prev_chips = 0, 0
        for mark_level, mark_chips in marks:
            if mark_level >= level:
                span = mark_level - prev_level
                if span <= 0:
                    return prev_chips
                return prev_chips + (mark_chips - prev_chips) * (level - prev_level) // span
            prev_level, prev_chips = mark_level, mark_chips
        return self.committed[seat]  # pragma: no cover - levels[seat] <= level above

    @cython.ccall
    def pots(self) -> list[Pot]:
        """Main pot (with the carry-over) and side pots of the current hand."""
        stacks = self.stacks
        live = self.live
        committed = self.committed
        n = len(stacks)
        in_hand = []
        paid = []
        amount = self.carry
        short = False  # somebody in is all-in
        for s in range(n):
            if live[s]:
                in_hand.append(s)
                if not stacks[s]:
                    short = True
            if committed[s]:
                paid.append(s)
                amount += committed[s]
        if not in_hand:
            return []
        if not short:  # the usual case: one pot for everyone in
            return [Pot(amount, tuple(in_hand), tuple(paid), self.carry)]
        all_in = [live[s] and stacks[s] == 0 for s in range(n)]
        return build_pots(committed, self.levels, live, all_in, self.carry, self.chips_at)

    @cython.ccall
    def settle(self, payouts: Iterable[tuple[int, int]], carry: int) -> None:
        """End the hand: pay ``(seat, chips)`` from the pots and carry ``carry`` over.

        The payouts and the new carry-over must account for every chip in the
        pots (committed chips plus the old carry-over).
        """
        payouts = list(payouts)
        pot = sum(self.committed) + self.carry
        paid = sum([chips for _, chips in payouts])
        if paid + carry != pot or carry < 0:
            raise InvariantError(f"settlement pays {paid} and carries {carry} of a pot of {pot}")
        stacks = self.stacks
        for seat, chips in payouts:
            if chips < 0:
                raise InvariantError(f"negative payout {chips} to seat {seat}")
            stacks[seat] += chips
        n = len(stacks)
        self.committed = [0] * n
        self.levels = [0] * n
        self.marks = {}
        self.live = [False] * n
        self.carry = carry
        self.check()

    # -- between hands --------------------------------------------------------
    @cython.ccall
    def forfeit(self, seat: int, chips: int) -> None:
        """Move ``chips`` from ``seat``'s stack into the carry-over pot."""
        if chips < 0 or chips > self.stacks[seat]:
            raise InvariantError(f"seat {seat} cannot forfeit {chips}")
        self.stacks[seat] -= chips
        self.carry += chips
        self.check()

    @cython.ccall
    def withdraw(self, seat: int) -> int:
        """Seat ``seat`` leaves the table with his whole stack; returns it."""
        if self.committed[seat]:
            raise InvariantError("a seat with chips in the pot cannot withdraw")
        chips = self.stacks[seat]
        self.stacks[seat] = 0
        self.total -= chips
        self.check()
        return chips

    def share_carry(self, seats: Sequence[int]) -> list[tuple[int, int]]:
        """Divide the carry-over among ``seats`` (odd-chip order); returns the shares."""
        if not self.carry or not seats:
            return []
        shares = split_amount(self.carry, seats)
        for seat, chips in shares:
            self.stacks[seat] += chips
        self.carry = 0
        self.check()
        return shares

    # -- invariant and state --------------------------------------------------
    @cython.ccall
    def check(self) -> None:
        """Raise :class:`InvariantError` unless the chips add up and none is negative."""
        stacks, committed = self.stacks, self.committed
        if sum(stacks) + sum(committed) + self.carry != self.total:
            raise InvariantError(
                f"chip total broken: stacks {stacks} + committed {committed} + "
                f"carry {self.carry} != {self.total}"
            )
        # (committed chips and the carry-over cannot go negative: pay() and settle()
        # refuse negative amounts)
        if min(stacks) < 0:  # (a table has seats)
            raise InvariantError(f"negative chips: stacks {stacks}, carry {self.carry}")

    def getstate(self) -> dict[str, Any]:
        """Plain data of the ledger."""
        return {
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "levels": list(self.levels),
            "marks": {str(s): [list(m) for m in ms] for s, ms in sorted(self.marks.items())},
            "live": list(self.live),
            "carry": self.carry,
            "total": self.total,
        }

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    @cython.ccall
    def copy(self) -> Ledger:
        """An independent copy."""
        other = Ledger.__new__(Ledger)
        other.stacks = self.stacks[:]
        other.committed = self.committed[:]
        other.levels = self.levels[:]
        other.marks = {s: m[:] for s, m in self.marks.items()}
        other.live = self.live[:]
        other.carry = self.carry
        other.total = self.total
        return other

    def __repr__(self) -> str:
        return (
            f"Ledger(stacks={self.stacks}, committed={self.committed}, "
            f"carry={self.carry}, total={self.total})"
        )
