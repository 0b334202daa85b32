"""Named outcome classes of a final hand, the units a pay table pays on.

The ten categories of :class:`~pedron.diablo.Category` are not enough for a
pay table: deuces-wild video poker pays a natural royal flush, four deuces and
a wild royal flush differently, and natural games pay a pair only from jacks
up. An outcome class is derived from the evaluator's strength (its category
and the ranks it plays as) and, for two deuces-wild classes, from how many
deuces the hand holds:

Deuces wild (``wild=True``), best first:

* natural royal flush: A-K-Q-J-T of one suit with no deuce;
* four deuces: the four 2s and any fifth card (the evaluator scores it five
  of a kind of the fifth card's rank);
* wild royal flush: an ace-high straight flush made with one to three deuces
  (it ties a natural royal in strength);
* five of a kind, straight flush, four of a kind, full house, flush,
  straight, three of a kind, two pair, one pair, high card: the category.

Natural play (``wild=False``), best first: royal flush (the ace-high straight
flush), straight flush, four of a kind, full house, flush, straight, three of
a kind, two pair, jacks or better (one pair of jacks, queens, kings or aces),
low pair (one pair of 2s to 10s), high card.

A hand's class is its best category's class, not the best-paying reading of
it: with the usual pay tables (each class paying at least the next) the two
agree, and the analyses here assume a pay table is read that way.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from pedron._exact import exact_flag
from pedron._kernels import diablo_eval as _ev
from pedron._kernels import draw_kernel as _dk
from pedron.diablo.hand import Category

__all__ = ["DEUCES_WILD_OUTCOMES", "NATURAL_OUTCOMES", "Outcome", "outcome_classes", "outcome_of"]


class Outcome(Enum):
    """A named outcome class (its value is the class in words)."""

    NATURAL_ROYAL = "natural royal flush"
    FOUR_DEUCES = "four deuces"
    WILD_ROYAL = "wild royal flush"
    FIVE_OF_A_KIND = "five of a kind"
    ROYAL_FLUSH = "royal flush"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    JACKS_OR_BETTER = "jacks or better"
    LOW_PAIR = "low pair"
    ONE_PAIR = "one pair"
    HIGH_CARD = "high card"

    @property
    def label(self) -> str:
        """The class in words: ``"four deuces"``."""
        return self.value

    @property
    def category(self) -> Category:
        """The evaluator's category of every hand in this class."""
        return _CATEGORY[self]

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


_O = Outcome
DEUCES_WILD_OUTCOMES: tuple[Outcome, ...] = (
    _O.NATURAL_ROYAL, _O.FOUR_DEUCES, _O.WILD_ROYAL, _O.FIVE_OF_A_KIND, _O.STRAIGHT_FLUSH,
    _O.FOUR_OF_A_KIND, _O.FULL_HOUSE, _O.FLUSH, _O.STRAIGHT, _O.THREE_OF_A_KIND, _O.TWO_PAIR,
    _O.ONE_PAIR, _O.HIGH_CARD,
)
"""The deuces-wild classes, best first (the kernel's class index is the position)."""
NATURAL_OUTCOMES: tuple[Outcome, ...] = (
    _O.ROYAL_FLUSH, _O.STRAIGHT_FLUSH, _O.FOUR_OF_A_KIND, _O.FULL_HOUSE, _O.FLUSH, _O.STRAIGHT,
    _O.THREE_OF_A_KIND, _O.TWO_PAIR, _O.JACKS_OR_BETTER, _O.LOW_PAIR, _O.HIGH_CARD,
)
"""The natural-play classes, best first."""

_CATEGORY = {
    _O.NATURAL_ROYAL: Category.STRAIGHT_FLUSH, _O.FOUR_DEUCES: Category.FIVE_OF_A_KIND,
    _O.WILD_ROYAL: Category.STRAIGHT_FLUSH, _O.FIVE_OF_A_KIND: Category.FIVE_OF_A_KIND,
    _O.ROYAL_FLUSH: Category.STRAIGHT_FLUSH, _O.STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
    _O.FOUR_OF_A_KIND: Category.FOUR_OF_A_KIND, _O.FULL_HOUSE: Category.FULL_HOUSE,
    _O.FLUSH: Category.FLUSH, _O.STRAIGHT: Category.STRAIGHT,
    _O.THREE_OF_A_KIND: Category.THREE_OF_A_KIND, _O.TWO_PAIR: Category.TWO_PAIR,
    _O.JACKS_OR_BETTER: Category.ONE_PAIR, _O.LOW_PAIR: Category.ONE_PAIR,
    _O.ONE_PAIR: Category.ONE_PAIR, _O.HIGH_CARD: Category.HIGH_CARD,
}
del _O


def outcome_classes(wild: bool = True) -> tuple[Outcome, ...]:
    """The classes of a mode, best first: deuces wild (13) or natural (11)."""
    return DEUCES_WILD_OUTCOMES if wild else NATURAL_OUTCOMES


def outcome_of(hand: Any, *, wild: bool = True) -> Outcome:
    """The outcome class of a five-card hand (any form :func:`~pedron.diablo.evaluate` takes)."""
    mask = _ev.hand_mask_checked(hand)
    s = _ev.strength(mask, wild=wild)
    deuces = (mask & 0xF).bit_count()  # cards 0..3 are the four 2s
    return outcome_classes(wild)[_dk.class_of(s, deuces, exact_flag(wild, "wild"))]
