"""The one settlement of both games: every pot divided among the hands eligible for it.

A game supplies only how its hands compare (a strength per seat, higher is
better; 0 for a dead hand, which can win nothing) and whether a tie among
every hand competing for a pot carries the pot over (Diamondback's tie rule);
the rest is the same everywhere:

* a pot only one seat may win goes to him: a **return** when he alone paid
  into it (uncalled chips), a **win** otherwise;
* otherwise the best hands among the eligible ones divide it, the odd chips
  one each to the first tied winners clockwise from the dealer's left (the
  order given), or carried over (``odd_chip_carry``);
* a pot whose every eligible hand is dead, or whose tie the game says carries,
  stays on the table for the next deal (**carry**).

The ledger is settled in one step (the chip total is checked) and the records
are emitted in pot order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cython

from pedron._signature import ClassSignature
from pedron.engine.actions import Record, fields_repr
from pedron.engine.ledger import Ledger
from pedron.engine.pots import Pot, split_amount

__all__ = ["Settlement", "pass_pot", "settle", "void"]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Settlement:
    """What a settlement did (the engine's own record, read by the game).

    ``pots``: the pots as settled, main pot first; ``received[s]``: chips seat
    ``s`` got back (his own uncalled chips included); ``net[s]``: received
    minus what he put in; ``carry``: chips now carried to the next deal;
    ``winners``: seats that won a pot, in the order given; ``pot_winners[i]``:
    who took pot ``i`` (empty when it carried over; its payer when it was
    returned); ``live``/``committed``: the ledger's seats still in and
    contributions just before settling.
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    pots: tuple[Pot, ...]
    received: tuple[int, ...]
    net: tuple[int, ...]
    carry: int
    winners: tuple[int, ...]
    pot_winners: tuple[tuple[int, ...], ...]
    live: tuple[bool, ...]
    committed: tuple[int, ...]

    def __repr__(self) -> str:
        return fields_repr(self)

    @property
    def main_winners(self) -> tuple[int, ...]:
        """Who won the main pot (empty if it carried over or was returned)."""
        if not self.pots or self.pots[0].uncalled:
            return ()
        return self.pot_winners[0]

    def won_by_others(self, seat: int) -> int:
        """Chips of the pots won (not returned, not carried) without ``seat`` among
        the winners (the Diablo rule's new pot)."""
        return sum(
            pot.amount
            for pot, won in zip(self.pots, self.pot_winners, strict=True)
            if won and not pot.uncalled and seat not in won
        )


def settle(
    ledger: Ledger,
    order: Sequence[int],
    strengths: Sequence[int] | None,
    emit: Callable[[Record], object],
    odd_chip_carry: bool = False,
    tie_carries: Callable[[int, int], bool] | None = None,
) -> Settlement:
    """Divide the pots of the current deal and settle ``ledger``.

    ``order``: the seats in odd-chip order (clockwise from the dealer's left);
    ``strengths[s]``: seat ``s``'s hand (``None``: nothing was shown, so every
    pot has a single eligible seat); ``tie_carries(tied, eligible)``: whether
    ``tied`` equal best hands among ``eligible`` carry the pot over (``None``:
    ties always divide). ``emit`` receives each record.
    """
    pots = ledger.pots()
    n = len(ledger.stacks)
    showdown = strengths is not None
    received = [0] * n
    carry = 0
    winners: list[int] = []
    pot_winners: list[tuple[int, ...]] = []
    rank: dict[int, int] | None = None  # odd-chip order, made when a pot is split
    for index, pot in enumerate(pots):
        amount, eligible = pot.amount, pot.eligible
        name = f"pot {index}"
        if len(eligible) == 1:
            s = eligible[0]
            received[s] += amount
            pot_winners.append(eligible)
            if pot.uncalled:  # his own chips
                emit(Record("return", s, amount, note=name))
                continue
            emit(Record("win", s, amount, note=name if showdown else name + ", uncontested"))
            if s not in winners:
                winners.append(s)
            continue
        assert strengths is not None, "several seats compete for a pot but nothing was shown"
        best = max(strengths[s] for s in eligible)
        if best <= 0:
            carry += amount
            pot_winners.append(())
            emit(Record("carry", None, amount, note=f"{name}: every hand dead"))
            continue
        tied = [s for s in eligible if strengths[s] == best]
        k = len(tied)
        if k > 1:
            if rank is None:
                rank = {s: i for i, s in enumerate(order)}
            tied.sort(key=rank.__getitem__)
            if tie_carries is not None and tie_carries(k, len(eligible)):
                carry += amount
                pot_winners.append(())
                emit(Record("carry", None, amount, note=f"{name}: every hand equal"))
                continue
        share = amount
        if k > 1 and odd_chip_carry and amount % k:
            odd = amount % k
            share -= odd
            carry += odd
            emit(Record("carry", None, odd, note=f"{name}: odd chips"))
        note = name + ", split" if k > 1 else name
        for s, chips in split_amount(share, tied):
            received[s] += chips
            emit(Record("win", s, chips, note=note))
        for s in tied:
            if s not in winners:
                winners.append(s)
        pot_winners.append(tuple(tied))
    live, committed = tuple(ledger.live), tuple(ledger.committed)
    net = tuple([received[s] - committed[s] for s in range(n)])
    ledger.settle([(s, c) for s, c in enumerate(received) if c], carry)
    if len(winners) > 1:
        position = {s: i for i, s in enumerate(order)}
        winners.sort(key=position.__getitem__)
    return Settlement(
        pots=tuple(pots), received=tuple(received), net=net, carry=ledger.carry,
        winners=tuple(winners), pot_winners=tuple(pot_winners), live=live, committed=committed,
    )


def pass_pot(ledger: Ledger) -> Settlement:
    """Nobody wins: every chip in the pots stays on the table for the next deal
    (a Diablo game passed because everyone checked)."""
    n = len(ledger.stacks)
    live, committed = tuple(ledger.live), tuple(ledger.committed)
    pot = sum(committed) + ledger.carry
    ledger.settle([], pot)
    return Settlement(
        pots=(), received=(0,) * n, net=tuple([-c for c in committed]), carry=pot, winners=(),
        pot_winners=(), live=live, committed=committed,
    )


def void(ledger: Ledger, emit: Callable[[Record], object], note: str) -> Settlement:
    """The deal is called off: every chip put in goes back to its owner and the
    carry-over stays (Dealer's Diamondback when nobody matches the ante)."""
    n = len(ledger.stacks)
    live, committed = tuple(ledger.live), tuple(ledger.committed)
    for s, chips in enumerate(committed):
        if chips:
            emit(Record("return", s, chips, note=note))
    ledger.settle([(s, c) for s, c in enumerate(committed) if c], ledger.carry)
    return Settlement(
        pots=(), received=committed, net=(0,) * n, carry=ledger.carry, winners=(),
        pot_winners=(), live=live, committed=committed,
    )
