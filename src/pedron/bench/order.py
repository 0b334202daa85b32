"""Does an evaluator order five-card hands exactly as pedron does?

Two evaluators agree when hands pedron scores equal get equal values and a
better hand always gets a better value; "better" may be higher or lower (it is
read off the evaluator's own values, then held to). The check sorts the hands
by pedron's strength and compares each with the next, so one pass finds the
first disagreement, which is reported with both hands.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from pedron.cards import format_card

__all__ = ["ALL_HANDS", "Disagreement", "OrderCheck", "all_hands", "compare_order",
           "pedron_strengths"]

#: The number of five-card hands from 52 cards.
ALL_HANDS = comb(52, 5)


def all_hands(chunk: int = 1 << 16) -> Iterator[list[tuple[int, ...]]]:
    """Every five-card hand (card ids, ascending), in lexicographic order, ``chunk``
    hands at a time (so that all 2,598,960 are never held at once)."""
    combos: Iterator[tuple[int, ...]] = itertools.combinations(range(52), 5)
    while block := list(itertools.islice(combos, chunk)):
        yield block


def pedron_strengths(hands: Sequence[tuple[int, ...]], wild: bool) -> array:
    """pedron's strengths of ``hands`` (the compiled batch), as ``array('H')``."""
    from pedron import diablo

    flat = bytes(itertools.chain.from_iterable(hands))
    rows = memoryview(flat).cast("B", (len(hands), 5))
    return array("H", diablo.evaluate_batch(rows, wild=wild))


def _text(hand: Sequence[int]) -> str:
    return " ".join(format_card(c) for c in hand)


@dataclass(frozen=True)
class Disagreement:
    """Two hands an evaluator orders otherwise than pedron: ``worse`` is not better
    than ``better`` for pedron (``tie``: they are equal for pedron)."""

    worse: str
    better: str
    worse_value: Any
    better_value: Any
    tie: bool

    def __str__(self) -> str:
        if self.tie:
            return (f"{self.worse} and {self.better} are equal hands, but scored "
                    f"{self.worse_value!r} and {self.better_value!r}")
        return (f"{self.better} beats {self.worse}, but they are scored "
                f"{self.better_value!r} and {self.worse_value!r}")


@dataclass(frozen=True)
class OrderCheck:
    """The outcome of :func:`compare_order`."""

    hands: int
    agrees: bool
    higher_is_better: bool | None  # as read off the values (None: all hands tie)
    first: Disagreement | None  # the first disagreement found

    def __bool__(self) -> bool:
        return self.agrees

    def __str__(self) -> str:
        if self.agrees:
            sense = {True: "higher", False: "lower", None: "-"}[self.higher_is_better]
            return f"same order as pedron on {self.hands:,} hands ({sense} is better)"
        return f"not pedron's order: {self.first}"


def compare_order(
    strengths: Sequence[int],
    values: Sequence[Any],
    hand_at: Callable[[int], Sequence[int]],
    higher_is_better: bool | None = None,
) -> OrderCheck:
    """Check ``values`` against pedron's ``strengths`` of the same hands (higher is
    better for pedron); ``hand_at(i)`` gives hand ``i`` for a report. The sense of
    the values is read from the first two hands of different strengths unless
    ``higher_is_better`` says it."""
    n = len(strengths)
    if len(values) != n:
        raise ValueError(f"{len(values)} values for {n} hands")
    order = sorted(range(n), key=strengths.__getitem__)
    sense = higher_is_better
    for i, j in itertools.pairwise(order):
        si, sj, vi, vj = strengths[i], strengths[j], values[i], values[j]
        if si == sj:
            ok = bool(vi == vj)
        else:
            if sense is None:
                if vi == vj:
                    ok = False
                else:
                    sense = bool(vj > vi)
                    continue
            ok = bool(vj > vi) if sense else bool(vj < vi)
        if not ok:
            return OrderCheck(n, False, sense, Disagreement(
                _text(hand_at(i)), _text(hand_at(j)), vi, vj, si == sj))
    return OrderCheck(n, True, sense, None)
