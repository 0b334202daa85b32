"""Plain-Python reference for the video-poker kernel: what a hand is and
what it pays, from first principles.

A hand's wild cards (the deuces, or the joker) are tried as every rank, of
the naturals' common suit when they share one, and the best reading by
poker order is kept; a pay table's row is the first whose hand, ranks,
kicker and wild condition the reading meets. Slow and obvious on purpose:
tests compare the kernel's descriptors and hold values with it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["JOKER", "describe", "hold_value", "pay_row"]

JOKER = 52
_CATEGORY = {"high card": 1, "pair": 2, "two pair": 3, "three of a kind": 4, "straight": 5,
             "flush": 6, "full house": 7, "four of a kind": 8, "straight flush": 9,
             "five of a kind": 10}


def _is_wild(card: int, wilds: str) -> bool:
    return (wilds == "deuces" and card < 4) or (wilds == "joker" and card == JOKER)


def _read(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """(category, ranks in poker order) of five ranks (repeats allowed)."""
    counts = Counter(ranks)
    order = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    distinct = sorted(set(ranks))
    straight_top = None
    if len(distinct) == 5:
        if distinct[-1] - distinct[0] == 4:
            straight_top = distinct[-1]
        elif distinct == [0, 1, 2, 3, 12]:
            straight_top = 3
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        return 10, order
    if flush and straight_top is not None:
        return 9, (straight_top,)
    if shape[0] == 4:
        return 8, order
    if shape[:2] == [3, 2]:
        return 7, order
    if flush:
        return 6, tuple(sorted(ranks, reverse=True))
    if straight_top is not None:
        return 5, (straight_top,)
    if shape[0] == 3:
        return 4, order
    if shape[:2] == [2, 2]:
        return 3, order
    if shape[0] == 2:
        return 2, order
    return 1, order


def describe(cards: Iterable[int], wilds: str) -> tuple[int, int, int | None, int]:
    """``(category, rank, kicker, wild cards)`` of a five-card hand: the
    category numbered as the evaluator's (1 high card .. 10 five of a kind),
    the rank it plays as, the kicker (quads: the fifth card; full house: the
    pair; two pair: the low pair; else None)."""
    hand = list(cards)
    nat = [c for c in hand if not _is_wild(c, wilds)]
    w = len(hand) - len(nat)
    suits = {c & 3 for c in nat}
    can_flush = len(suits) <= 1
    best: tuple[int, tuple[int, ...]] | None = None
    for extra in itertools.product(range(13), repeat=w):
        ranks = [c >> 2 for c in nat] + list(extra)
        for flush in ((True, False) if can_flush else (False,)):
            reading = _read(ranks, flush)
            if best is None or reading > best:
                best = reading
    assert best is not None
    cat, order = best
    kicker = None
    if cat == 8:
        kicker = order[4]
    elif cat == 7:
        kicker = order[3]
    elif cat == 3:
        kicker = order[2]
    return cat, order[0], kicker, w


def pay_row(cards: Iterable[int], rows: Sequence[Any], wilds: str) -> int:
    """The index of the first row that pays the hand (``len(rows)``: none)."""
    hand = list(cards)
    cat, rank, kicker, w = describe(hand, wilds)
    fifth = rank
    for i, row in enumerate(rows):
        if row.hand == "four deuces":
            if w != 4:
                continue
            if row.ranks is not None and fifth not in row.ranks:
                continue
        elif _CATEGORY.get(row.hand, 9) != cat:
            continue
        if row.hand == "royal flush" and rank != 12:
            continue
        if row.ranks is not None and row.hand != "four deuces" and rank not in row.ranks:
            continue
        if row.kicker is not None and kicker not in row.kicker:
            continue
        if row.wild is not None and (w > 0) != row.wild:
            continue
        return i
    return len(rows)


def hold_value(hand: Sequence[int], held: Sequence[int], rows: Sequence[Any], wilds: str,
               pays: Sequence[Fraction]) -> Fraction:
    """The exact expected payout of keeping ``held`` from the dealt
    ``hand``, by visiting every draw from the cards not dealt."""
    deck = 53 if wilds == "joker" else 52
    unseen = [c for c in range(deck) if c not in hand]
    k = 5 - len(held)
    total = Fraction(0)
    n = 0
    for draw in itertools.combinations(unseen, k):
        i = pay_row(list(held) + list(draw), rows, wilds)
        total += pays[i] if i < len(rows) else 0
        n += 1
    return total / n
