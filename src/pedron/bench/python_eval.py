"""A fast pure-Python five-card evaluator: the honest "plain Python" baseline.

``pedron.reference`` is written to be obviously right (it tries every value a
wild card may take), not fast. This one is written to be as fast as plain
Python allows, so that "faster than pure Python" compares pedron with a real
floor: one multiplication of five per-card primes and one dict lookup per
hand, no loops, no objects.

The key of a hand is the product of its cards' rank primes (a deuce counts 1
when deuces are wild), which names the multiset of ranks (primes factor
uniquely), and whether its cards (wild deuces aside) share a suit. The table
from key to strength is built when the evaluator is made: the reference's
representative hands (every key at least once), scored by pedron's compiled
evaluator (the five-card kernel, ``pedron.diablo.strength`` itself), so values are
pedron's dense strengths. The tests check every key against ``pedron.reference`` and
every one of the 2,598,960 hands against pedron.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["TableEvaluator"]

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


class TableEvaluator:
    """``TableEvaluator(wild=True).strength(hand)``: pedron's strength of ``hand``
    (five card ids, ``rank * 4 + suit``), in plain Python, without checks (a bad
    hand raises ``KeyError`` or ``IndexError``, or scores a wrong value)."""

    def __init__(self, wild: bool = True) -> None:
        from pedron._kernels.diablo_eval import strength
        from pedron.reference.diablo import representatives

        self.wild = wild
        primes = [1 if wild and c < 4 else _PRIMES[c >> 2] for c in range(52)]
        suits = [15 if wild and c < 4 else 1 << (c & 3) for c in range(52)]
        table: dict[int, int] = {}
        for cards in representatives(wild):  # (every key, as the reference's own table)
            hand = [rank * 4 + suit for rank, suit in cards]
            p = primes[hand[0]] * primes[hand[1]] * primes[hand[2]] * primes[hand[3]] * \
                primes[hand[4]]
            suited = (suits[hand[0]] & suits[hand[1]] & suits[hand[2]] & suits[hand[3]]
                      & suits[hand[4]]) != 0
            table[p << 1 | suited] = strength(hand, wild=wild)
        self.table_size = len(table)
        self.strength: Callable[[Sequence[int]], int] = _strength_function(
            tuple(primes), tuple(suits), table)

    # Immutable: a copy is itself; a pickle holds ``wild`` (the table is made again).
    def __reduce__(self) -> tuple[Any, ...]:
        return (TableEvaluator, (self.wild,))

    def __copy__(self) -> TableEvaluator:
        return self

    def __deepcopy__(self, memo: Any) -> TableEvaluator:
        return self

    def __repr__(self) -> str:
        mode = "wild" if self.wild else "natural"
        return f"<TableEvaluator {mode}: {self.table_size:,} keys>"


def _strength_function(
    primes: tuple[int, ...], suits: tuple[int, ...], table: dict[int, int]
) -> Callable[[Sequence[int]], int]:
    # (the tables are bound as defaults: locals are the fastest names Python reads)
    def strength(hand: Sequence[int], P: tuple[int, ...] = primes, S: tuple[int, ...] = suits,
                 T: dict[int, int] = table) -> int:
        a, b, c, d, e = hand
        return T[(P[a] * P[b] * P[c] * P[d] * P[e]) << 1
                 | ((S[a] & S[b] & S[c] & S[d] & S[e]) != 0)]

    return strength
