"""Does an evaluator order five-card hands exactly as pedron does?

Two evaluators agree when hands pedron scores equal get equal values and a
better hand always gets a better value; "better" may be higher or lower. Which
is read off the evaluator's own values before any pair is judged, by a vote of
every strength's first hand against the next strength's (so, among four
strengths or more, one wrongly scored hand, even the weakest or the strongest,
cannot turn it round; among three it can read either way), then
held to; when the vote is even, the direction in which the values hold longest
in pedron's order is taken (and if the weakest and the strongest hands are
scored the same, that is the disagreement reported: no direction holds). The
check sorts the hands by pedron's strength and compares each with the next, so
one pass finds the first disagreement, which is reported with both hands and
the direction it was judged in ("higher scores better").
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from pedron.cards import format_card

__all__ = ["ALL_HANDS", "SHOWN", "Disagreement", "OrderCheck", "OrderVerdict", "all_hands",
           "compare_order", "pedron_strengths"]

#: The number of five-card hands from 52 cards.
ALL_HANDS = comb(52, 5)
#: How many disagreements a check keeps (the first ones, in pedron's order).
SHOWN = 3


def all_hands(chunk: int = 1 << 16) -> Iterator[list[tuple[int, ...]]]:
    """Every five-card hand (card ids, ascending), in lexicographic order, ``chunk``
    hands at a time (so that all 2,598,960 are never held at once)."""
    combos: Iterator[tuple[int, ...]] = itertools.combinations(range(52), 5)
    while block := list(itertools.islice(combos, chunk)):
        yield block


def pedron_strengths(hands: Sequence[tuple[int, ...]], wild: bool) -> array[int]:
    """pedron's strengths of ``hands`` (the compiled batch, ``pedron.diablo.evaluate_batch``
    itself: the five-card kernel), as ``array('H')``."""
    from pedron._kernels.diablo_eval import evaluate_batch

    flat = bytes(itertools.chain.from_iterable(hands))
    rows = memoryview(flat).cast("B", (len(hands), 5))
    return array("H", evaluate_batch(rows, wild=wild))


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
    #: the first disagreements found (at most :data:`SHOWN`), ``first`` first
    disagreements: tuple[Disagreement, ...] = ()

    def __bool__(self) -> bool:
        return self.agrees

    @property
    def direction(self) -> str:
        """Which scores were taken as better, in words."""
        return {True: "higher scores better", False: "lower scores better",
                None: "all hands equal"}[self.higher_is_better]

    def verdict(self) -> OrderVerdict:
        """This check in words only (no evaluator's value: it may cross a pipe)."""
        said = []
        for d in self.disagreements or ((self.first,) if self.first else ()):
            said.append(str(d) if d.tie or self.higher_is_better is None
                        else f"{d} ({self.direction})")
        return OrderVerdict(self.agrees, "" if self.agrees else str(self), tuple(said))

    def __str__(self) -> str:
        if self.agrees:
            return f"same order as pedron on {self.hands:,} hands ({self.direction})"
        if self.higher_is_better is None:
            return (f"not pedron's order (its weakest and strongest hands score the same, "
                    f"so neither higher nor lower scores are better): {self.first}")
        return f"not pedron's order ({self.direction}): {self.first}"


@dataclass(frozen=True)
class OrderVerdict:
    """An order check in words: whether it ``agrees``, the ``report`` if not (its first
    disagreement and the direction judged), and its first ``disagreements``, each in
    words ("Ah Ah .. beats .., but they are scored 3 and 5 (higher scores better)")."""

    agrees: bool
    report: str = ""
    disagreements: tuple[str, ...] = ()


def _sense(strengths: Sequence[int], values: Sequence[Any], order: list[int]) -> bool | None:
    """Whether higher values are better, as ``values`` say it over the hands in
    pedron's ``order``: each strength's first hand against the next strength's
    vote (``None``: an even vote)."""
    firsts = [i for k, i in enumerate(order) if k == 0 or strengths[order[k - 1]] != strengths[i]]
    up = down = 0
    for i, j in itertools.pairwise(firsts):
        if values[j] > values[i]:
            up += 1
        elif values[j] < values[i]:
            down += 1
    return None if up == down else up > down


def _first_break(
    strengths: Sequence[int], values: Sequence[Any], order: list[int], sense: bool | None
) -> tuple[int, int, int] | None:
    """The first neighbours in pedron's ``order`` that ``values`` judged in ``sense``
    get wrong, as (their place, one hand, the next), or ``None``."""
    return next(_breaks(strengths, values, order, sense), None)


def _breaks(
    strengths: Sequence[int], values: Sequence[Any], order: list[int], sense: bool | None
) -> Iterator[tuple[int, int, int]]:
    """The neighbours in pedron's ``order`` that ``values`` judged in ``sense`` get wrong,
    in that order, each as (their place, one hand, the next)."""
    for k, (i, j) in enumerate(itertools.pairwise(order)):
        si, sj, vi, vj = strengths[i], strengths[j], values[i], values[j]
        if si == sj:
            ok = bool(vi == vj)
        elif sense:
            ok = bool(vj > vi)
        else:
            ok = bool(vj < vi)
        if not ok:
            yield k, i, j


def compare_order(
    strengths: Sequence[int],
    values: Sequence[Any],
    hand_at: Callable[[int], Sequence[int]],
    higher_is_better: bool | None = None,
) -> OrderCheck:
    """Check ``values`` against pedron's ``strengths`` of the same hands (higher is
    better for pedron); ``hand_at(i)`` gives hand ``i`` for a report. Whether
    higher values are better is read off the values (see the module's text)
    unless ``higher_is_better`` says it; a report names it."""
    n = len(strengths)
    if len(values) != n:
        raise ValueError(f"{len(values)} values for {n} hands")
    order = sorted(range(n), key=strengths.__getitem__)
    sense = higher_is_better
    if sense is None and n:
        sense = _sense(strengths, values, order)
        lo, hi = order[0], order[-1]
        if sense is None and strengths[lo] != strengths[hi]:
            if values[lo] == values[hi]:
                # The weakest and the strongest hand scored the same: no direction holds.
                both = Disagreement(
                    _text(hand_at(lo)), _text(hand_at(hi)), values[lo], values[hi], False)
                return OrderCheck(n, False, None, both, (both,))
            # An even vote: the direction in which the values hold longest (a wrongly
            # scored weakest or strongest hand cannot turn it round either).
            up, down = (_first_break(strengths, values, order, d) for d in (True, False))
            sense = up is None or (down is not None and up[0] >= down[0])
    found = [Disagreement(_text(hand_at(i)), _text(hand_at(j)), values[i], values[j],
                          strengths[i] == strengths[j])
             for _, i, j in itertools.islice(_breaks(strengths, values, order, sense), SHOWN)]
    if not found:
        return OrderCheck(n, True, sense, None)
    return OrderCheck(n, False, sense, found[0], tuple(found))
