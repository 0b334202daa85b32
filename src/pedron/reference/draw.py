"""Plain-Python reference for the draw analysis and video poker.

Written to be obviously correct, not fast: every draw is listed with
:func:`itertools.combinations`, scored by :func:`pedron.diablo.evaluate_batch`
(or, for :func:`outcome_class_of_cards`, by the pure-Python evaluator), and
given its outcome class by the rules of :mod:`pedron.drawpoker`
written out again here from the category, the ranks and the cards.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import chain, combinations
from typing import Any

import numpy as np

from pedron.reference import diablo as _ref

__all__ = [
    "class_rule",
    "exchange_tallies",
    "hold_evs",
    "outcome_class_of_cards",
]

_ACE, _JACK = 12, 9
_STRAIGHT_FLUSH, _FIVE, _PAIR = 9, 10, 2
_WILD_NAMES = {10: "five of a kind", 8: "four of a kind", 7: "full house", 6: "flush",
               5: "straight", 4: "three of a kind", 3: "two pair", 2: "one pair",
               1: "high card"}


def class_rule(category: int, top_rank: int, n_deuces: int, wild: bool) -> str:
    """The outcome class (in words) of a final hand: its category (1..10),
    the first rank it plays as (the straight's top card, the pair's rank),
    and how many 2s it holds."""
    if wild:
        if n_deuces == 4:
            return "four deuces"
        if category == _STRAIGHT_FLUSH:
            if top_rank == _ACE:
                return "natural royal flush" if n_deuces == 0 else "wild royal flush"
            return "straight flush"
        return _WILD_NAMES[category]
    if category == _STRAIGHT_FLUSH:
        return "royal flush" if top_rank == _ACE else "straight flush"
    if category == _PAIR:
        return "jacks or better" if top_rank >= _JACK else "low pair"
    return _WILD_NAMES[category]


def outcome_class_of_cards(cards: list[int], wild: bool = True) -> str:
    """The class of five card ints, scored by the pure-Python evaluator."""
    cat, ranks = _ref.best_value([(c // 4, c % 4) for c in cards], wild)
    return class_rule(cat, ranks[0], sum(1 for c in cards if c < 4), wild)


@cache
def _index_combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), one row each (itertools order)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    flat = np.fromiter(chain.from_iterable(combinations(range(n), k)), dtype=np.intp)
    return flat.reshape(-1, k)


def _finals(hand: tuple[int, ...], discard: tuple[int, ...], dead: frozenset[int]
            ) -> np.ndarray:
    """Every final hand of an exchange: the cards kept and each set of
    replacements from the stock (the cards neither in the hand nor dead)."""
    kept = [c for c in hand if c not in discard]
    stock = np.array([c for c in range(52) if c not in hand and c not in dead], dtype=np.uint8)
    extra = stock[_index_combinations(len(stock), len(discard))]
    out = np.empty((len(extra), 5), dtype=np.uint8)
    out[:, : len(kept)] = kept
    out[:, len(kept):] = extra
    return out


def _score(finals: np.ndarray, wild: bool) -> tuple[Counter[int], Counter[str]]:
    """Counts per strength (evaluate_batch) and per class name of the rows."""
    # (the five-card kernel: pedron.diablo.evaluate_batch itself, its strengths decoded
    # as HandValue.from_strength decodes them)
    from pedron._kernels.diablo_eval import decode, evaluate_batch

    strengths = evaluate_batch(finals, wild=wild).astype(np.int64)
    deuces = (finals < 4).sum(axis=1)
    keys, counts = np.unique(strengths * 8 + deuces, return_counts=True)
    by_strength: Counter[int] = Counter()
    by_name: Counter[str] = Counter()
    for key, n in zip(keys.tolist(), counts.tolist(), strict=True):
        s, d = divmod(key, 8)
        category, ranks = decode(s, wild)
        by_strength[s] += n
        by_name[class_rule(category, ranks[0], d, wild)] += n
    return by_strength, by_name


def exchange_tallies(hand: tuple[int, ...], discard: tuple[int, ...], *, wild: bool = True,
                     dead: frozenset[int] = frozenset()) -> tuple[Counter[int], Counter[str]]:
    """Counts per final strength and per outcome class (in words) of one exchange."""
    return _score(_finals(hand, discard, dead), wild)


def hold_evs(hand: tuple[int, ...], pays: dict[str, Any], *, wild: bool = True
             ) -> dict[tuple[int, ...], Fraction]:
    """Video poker by brute force: the exact expected payout of every hold of a
    dealt hand (keyed by the cards discarded, hand order), enumerating every
    draw from the 47 unseen cards."""
    out = {}
    for k in range(6):
        for discard in combinations(hand, k):
            _, names = _score(_finals(hand, discard, frozenset()), wild)
            total = sum(Fraction(pays.get(n, 0)) * c for n, c in names.items())
            out[discard] = Fraction(total) / sum(names.values())
    return out


def best_hold_brute(hand: tuple[int, ...], pays: dict[str, Any], *, wild: bool = True
                    ) -> tuple[tuple[int, ...], Fraction]:
    """The best hold's discards and EV by brute force (ties: fewer discards,
    then the lower discard mask, position ``i`` of the hand counting ``2**i``)."""
    evs = hold_evs(hand, pays, wild=wild)
    order = sorted(evs, key=lambda d: (-evs[d], len(d), sum(1 << hand.index(c) for c in d)))
    return order[0], evs[order[0]]
