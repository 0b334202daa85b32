"""Pure-Python reference for Diablo hand values (deuces wild) and plain poker.

Written to be obviously correct, not fast. A natural hand of five concrete
cards is scored by :func:`natural_value` straight from the ranking in
the rules (docs/rules.md). A hand with wild 2s is scored by trying every admissible stand-in
for its wilds (:func:`best_value`):

* every multiset of stand-in ranks (2..A, so a wild may be a 2 in 5-4-3-2-A);
* for each, the stand-ins in the suit of the naturals when the naturals share
  one suit (the only way the stand-ins can make a flush), and the stand-ins
  in other suits (any non-flush choice of suits scores the same, since suits
  never rank);
* a choice is admissible when the five cards it makes are all different (a
  wild never stands for a card the hand already holds), or when all five
  ranks are equal (five of a kind, the stated exception).

The best admissible score wins. Strengths are dense ranks of the scores of
all reachable hands, computed by :func:`strength_table`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

__all__ = [
    "CATEGORY_NAMES",
    "best_value",
    "category",
    "natural_value",
    "parse",
    "strength",
    "strength_table",
]

# Categories, worst first; the index + 1 is the category number.
CATEGORY_NAMES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 1, 2, 3, 4, 5
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND = 6, 7, 8, 9, 10

Card = tuple[int, int]  # (rank 0..12 for 2..A, suit 0..3)
Value = tuple[int, tuple[int, ...]]  # (category, tie-break ranks)

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def parse(hand: str | Iterable[int]) -> list[Card]:
    """Cards as (rank, suit) pairs from text like ``"9c 9d 2h 2s Kd"`` or card ints."""
    if isinstance(hand, str):
        tokens = hand.replace(",", " ").split()
        return [(_RANKS.index(t[0].upper()), _SUITS.index(t[1].lower())) for t in tokens]
    return [(c // 4, c % 4) for c in hand]


def _straight_top(ranks: set[int]) -> int | None:
    """Top rank of a straight made by five different ranks, or None (wheel: 3)."""
    if len(ranks) != 5:
        return None
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    if ranks == {12, 0, 1, 2, 3}:  # A 2 3 4 5: the ace plays low
        return 3
    return None


def natural_value(cards: Sequence[Card]) -> Value:
    """Score of five concrete cards (no wilds) as ``(category, tie-break)``.

    Five of equal rank (only possible through wilds) is five of a kind.
    Within a category the tie-break compares the most important ranks first:
    the bigger group, then the higher rank; straights by their top card.
    """
    assert len(cards) == 5
    ranks = [r for r, _ in cards]
    suits = {s for _, s in cards}
    counts = Counter(ranks)
    # Ranks ordered by (group size, rank), largest first, each repeated.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, c in groups for _ in range(c))
    shape = sorted(counts.values(), reverse=True)
    is_flush = len(suits) == 1
    top = _straight_top(set(ranks))
    if shape[0] == 5:
        return (FIVE_OF_A_KIND, order)
    if is_flush and top is not None:
        return (STRAIGHT_FLUSH, (top,))
    if shape[0] == 4:
        return (FOUR_OF_A_KIND, order)
    if shape[:2] == [3, 2]:
        return (FULL_HOUSE, order)
    if is_flush:
        return (FLUSH, order)
    if top is not None:
        return (STRAIGHT, (top,))
    if shape[0] == 3:
        return (THREE_OF_A_KIND, order)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, order)
    if shape[0] == 2:
        return (ONE_PAIR, order)
    return (HIGH_CARD, order)


def _admissible(naturals: Sequence[Card], stand_ins: Sequence[Card]) -> bool:
    cards = list(naturals) + list(stand_ins)
    if len({r for r, _ in cards}) == 1:
        return True  # five of a kind: the exception
    return len(set(cards)) == 5


def _off_suit(naturals: Sequence[Card], ranks: Sequence[int], avoid: int | None) -> list[Card]:
    """Stand-ins of the given ranks in suits other than ``avoid`` where possible,
    each a card not held and not used yet (duplicates only if none is left)."""
    taken = set(naturals)
    out = []
    for r in ranks:
        suits = [s for s in range(4) if s != avoid] + ([avoid] if avoid is not None else [])
        for s in suits:
            if (r, s) not in taken:
                break
        else:
            s = suits[0]
        taken.add((r, s))
        out.append((r, s))
    return out


def best_value(cards: Sequence[Card], wild: bool = True) -> Value:
    """The best score of a hand; with ``wild`` every 2 (rank 0) is wild."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"a hand is five different cards: {cards}")
    if not wild:
        return natural_value(cards)
    naturals = [c for c in cards if c[0] != 0]
    k = 5 - len(naturals)
    suits = {s for _, s in naturals}
    flush_suit = next(iter(suits)) if len(suits) == 1 else None
    best: Value | None = None
    for ranks in combinations_with_replacement(range(13), k):
        candidates = [_off_suit(naturals, ranks, flush_suit)]
        if flush_suit is not None:
            candidates.append([(r, flush_suit) for r in ranks])
        for stand_ins in candidates:
            if _admissible(naturals, stand_ins):
                v = natural_value(naturals + stand_ins)
                if best is None or v > best:
                    best = v
    assert best is not None
    return best


def category(cards: Sequence[Card], wild: bool = True) -> int:
    """Category number (1 = high card .. 10 = five of a kind) of a hand."""
    return best_value(cards, wild)[0]


def representatives(wild: bool) -> Iterable[list[Card]]:
    """At least one hand of every kind that can occur: for every multiset of
    five ranks, a hand whose naturals are not all of one suit and, when its
    naturals are of different ranks, one whose naturals share a suit."""
    for ranks in combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        # Mixed suits: card i prefers suit i % 4, same-rank cards differ.
        used: set[Card] = set()
        mixed = []
        for i, r in enumerate(ranks):
            s = next(x for x in [(i + j) % 4 for j in range(4)] if (r, x) not in used)
            used.add((r, s))
            mixed.append((r, s))
        yield mixed
        nat = [r for r in ranks if not (wild and r == 0)]
        if len(set(nat)) == len(nat):
            wilds = [(0, s) for s in range(4)][: 5 - len(nat)] if wild else []
            yield [(r, 0) for r in nat] + wilds


@cache
def strength_table(wild: bool = True) -> dict[Value, int]:
    """Dense strengths: every reachable score, worst first, numbered from 1."""
    values = {best_value(hand, wild) for hand in representatives(wild)}
    return {v: i for i, v in enumerate(sorted(values), start=1)}


def strength(hand: str | Iterable[int] | Sequence[Card], wild: bool = True) -> int:
    """Dense strength of a hand (text, card ints or (rank, suit) pairs)."""
    items: list[Any] = parse(hand) if isinstance(hand, str) else list(hand)
    cards: list[Card] = [
        (c // 4, c % 4) if isinstance(c, int) else (int(c[0]), int(c[1])) for c in items
    ]
    return strength_table(wild)[best_value(cards, wild)]
