"""Diablo hand values: five-card poker with the four 2s wild, or plain poker.

Ranking (the rules, "Diablo": docs/rules.md): five of a kind, straight flush, four of a kind,
full house, flush, straight, three of a kind, two pair, one pair, high card.
The ace also plays low in 5-4-3-2-A; suits never rank. A 2 stands for any card
the hand does not already hold, except that it may complete five of a kind;
so a wild in a flush becomes the highest card of that suit not held.

Every hand maps to a dense *strength*: an int, higher is better, equal exactly
when two hands tie. Wild (Diablo) and natural (plain poker) strengths are two
separate scales, each starting at 1; the natural scale has the well-known
7,462 classes, the wild one 5,162.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from pedron._exact import exact_int
from pedron._kernels import diablo_eval as _k
from pedron.drawpoker.categories import Category
from pedron.errors import PedronTypeError, PedronValueError

if TYPE_CHECKING:  # (numpy is optional: these names exist for type checkers only)
    import array

    import numpy as np
    import numpy.typing as npt

#: Where a batch writes its strengths, returned as given.
Out = TypeVar("Out")

__all__ = [
    "Category",
    "HandValue",
    "category_of",
    "describe",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "strength",
    "strength_count",
]


_RANK_CHARS = "23456789TJQKA"
_RANK_WORDS = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
_RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)


def _kickers(ranks: tuple[int, ...]) -> str:
    words = [_RANK_WORDS[r] for r in ranks]
    if len(words) == 1:
        return f"{words[0]} kicker"
    return "-".join(words) + " kickers"


def _describe(category: Category, ranks: tuple[int, ...]) -> str:
    r = ranks
    w, p = _RANK_WORDS, _RANK_PLURALS
    if category is Category.FIVE_OF_A_KIND:
        return f"five of a kind, {p[r[0]]}"
    if category is Category.STRAIGHT_FLUSH:
        if r[0] == 12:
            return "royal flush"
        return f"straight flush, {w[r[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {p[r[0]]}, {_kickers(r[4:])}"
    if category is Category.FULL_HOUSE:
        return f"full house, {p[r[0]]} over {p[r[3]]}"
    if category is Category.FLUSH:
        return f"flush, {'-'.join(w[x] for x in r)}"
    if category is Category.STRAIGHT:
        return f"straight, {w[r[0]]} high"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {p[r[0]]}, {_kickers(r[3:])}"
    if category is Category.TWO_PAIR:
        return f"two pair, {p[r[0]]} and {p[r[2]]}, {_kickers(r[4:])}"
    if category is Category.ONE_PAIR:
        return f"one pair, {p[r[0]]}, {_kickers(r[2:])}"
    return f"high card, {'-'.join(w[x] for x in r)}"


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a five-card hand: immutable, hashable, totally ordered.

    Attributes:
        strength: dense int, higher is better; equal exactly when hands tie.
        wild: True on the Diablo (deuces wild) scale, False on the plain one.
        category: the :class:`Category`.
        ranks: the five ranks (0..12 for 2..A) the hand plays as, wilds
            included as what they stand for, most important first (bigger
            groups, then higher ranks; a straight from its top card down, so
            the wheel is ``(3, 2, 1, 0, 12)``).

    Values are equal when their strength and scale are; values of the same scale
    order by strength, values of different scales refuse ordering. There is one
    value per strength and scale: :func:`evaluate` and :meth:`from_strength` return
    it (a pickled value comes back as it). Made directly, a value is checked
    against the evaluator's tables: its fields must agree.
    """

    strength: int
    wild: bool
    category: Category = field(compare=False)
    ranks: tuple[int, int, int, int, int] = field(compare=False)

    def __post_init__(self) -> None:
        if type(self.strength) is not int or type(self.wild) is not bool:
            raise PedronTypeError(
                "a HandValue's strength is an int and its wild flag a bool "
                "(HandValue.from_strength takes any exact int)"
            )
        category, ranks = _k.decode(self.strength, self.wild)
        if self.category is not _CATEGORIES[category] or self.ranks != ranks:
            raise PedronValueError(
                f"strength {self.strength} ({_scale(self.wild)}) is "
                f"{_CATEGORIES[category].label} {ranks}, not {self.category!r} {self.ranks!r}: "
                "use HandValue.from_strength"
            )

    @classmethod
    def from_strength(cls, strength: int, *, wild: bool = True) -> HandValue:
        """The value of a strength, by table lookup (no evaluation)."""
        return _VALUES.of_strength(exact_int(strength, "a strength"), wild)

    @property
    def description(self) -> str:
        """The hand in words: ``"four of a kind, nines, king kicker"``."""
        return _describe(self.category, self.ranks)

    @property
    def rank_text(self) -> str:
        """The played ranks as text, most important first: ``"9999K"``."""
        return "".join(_RANK_CHARS[r] for r in self.ranks)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_value, (self.strength, self.wild))

    def __repr__(self) -> str:
        return f"HandValue({self.description!r}, strength={self.strength}, wild={self.wild})"

    def __str__(self) -> str:
        return self.description

    def _other_strength(self, other: object) -> int:
        """The strength to compare with: -1 for another type (not comparable)."""
        if type(other) is not HandValue:
            return -1
        if other.wild != self.wild:
            raise PedronTypeError("cannot order a wild HandValue against a natural one")
        return other.strength

    def __lt__(self, other: object) -> bool:
        k = self._other_strength(other)
        return NotImplemented if k < 0 else self.strength < k

    def __le__(self, other: object) -> bool:
        k = self._other_strength(other)
        return NotImplemented if k < 0 else self.strength <= k

    def __gt__(self, other: object) -> bool:
        k = self._other_strength(other)
        return NotImplemented if k < 0 else self.strength > k

    def __ge__(self, other: object) -> bool:
        k = self._other_strength(other)
        return NotImplemented if k < 0 else self.strength >= k


_CATEGORIES: tuple[Category, ...] = (Category.HIGH_CARD, *Category)  # (index 0 unused)


def _scale(wild: bool) -> str:
    return "wild" if wild else "natural"


def _value(strength: int, wild: bool) -> HandValue:
    return _VALUES.of_strength(strength, wild)


def _value_table() -> _k.ValueTable[HandValue]:
    """The module's value table (pickling ``evaluate`` refers to it by this name)."""
    return _VALUES


def _make_value(strength: int, wild: bool) -> HandValue:
    category, ranks = _k.decode(strength, wild)
    return HandValue(strength, wild, _CATEGORIES[category], ranks)


# Every HandValue comes from this table, one per strength and scale, made on first
# use and then kept: equal hands give the same object, from any thread. The compiled
# ValueTable does the lookup in C (it is on the path of every evaluate call) but only
# knows the factory; the table belongs to this module.
_VALUES = _k.ValueTable(_make_value, _value_table)

# The scalar entry points are compiled callables themselves (no Python
# wrapper), so a call costs one C-level dispatch.
evaluate = _VALUES.evaluate
strength = _k.strength


def strength_count(*, wild: bool = True) -> int:
    """How many distinct strengths a mode has: 5,162 wild, 7,462 natural."""
    return _k.strength_count(wild)


def describe(strength: int, *, wild: bool = True) -> str:
    """The description of a strength (``"full house, nines over kings"``)."""
    return HandValue.from_strength(strength, wild=wild).description


def category_of(strength: int, *, wild: bool = True) -> Category:
    """The :class:`Category` of a strength."""
    return HandValue.from_strength(strength, wild=wild).category


# ---------------------------------------------------------------------------
# Batch evaluation: the kernel's functions themselves, whose arguments (those of
# pedron.diamondback.evaluate_batch too) are checked in pedron._kernels._common.
# The overloads below are their types.

if TYPE_CHECKING:
    class _BatchFunction(Protocol):
        """The types of :func:`evaluate_batch` and :func:`evaluate_batch_unchecked`."""

        @overload
        def __call__(
            self, cards: npt.NDArray[Any], *, wild: bool = ..., out: None = ...,
            threads: int | None = ...,
        ) -> npt.NDArray[np.uint16]: ...
        @overload
        def __call__(
            self, cards: Any, *, wild: bool = ..., out: None = ..., threads: int | None = ...
        ) -> array.array[int]: ...
        @overload
        def __call__(
            self, cards: Any, *, wild: bool = ..., out: Out, threads: int | None = ...
        ) -> Out: ...


evaluate_batch: _BatchFunction = _k.evaluate_batch
evaluate_batch_unchecked: _BatchFunction = _k.evaluate_batch_unchecked
