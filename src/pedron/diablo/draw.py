"""Exact draw odds for a Diablo hand: every legal exchange and what it can make.

For each legal choice of cards to exchange, the compiled kernel enumerates
every set of replacements from the unseen cards (the 52 less the hand and any
``dead`` cards known to be out of the stock) and counts the final hands by
category, with the sum of their strengths. Nothing is sampled.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

from pedron._kernels import diablo_eval as _k
from pedron.cards import CardSet, format_cards, mask_of
from pedron.diablo.hand import Category
from pedron.errors import CardError, PedronTypeError, PedronValueError

__all__ = ["DrawOdds", "DrawOption", "best_draw", "draw_odds"]

_CATEGORIES_BEST_FIRST = tuple(sorted(Category, reverse=True))


class DrawOption:
    """One legal exchange and the exact distribution of its outcomes.

    Attributes:
        keep: the cards kept, as card ints in hand order.
        discard: the cards exchanged, in hand order.
        outcomes: how many equally likely replacement sets there are
            (C(unseen, len(discard))).
        counts: outcomes per category, a tuple of ``(Category, count)`` pairs,
            best category first, every category listed.
        total_strength: the sum of the final strengths over all outcomes
            (exact; :attr:`expected_strength` is it divided by outcomes).
        wild: the scale the strengths are on.
    """

    __slots__ = ("counts", "discard", "keep", "outcomes", "total_strength", "wild")

    keep: tuple[int, ...]
    discard: tuple[int, ...]
    outcomes: int
    counts: tuple[tuple[Category, int], ...]
    total_strength: int
    wild: bool

    def __init__(
        self,
        keep: tuple[int, ...],
        discard: tuple[int, ...],
        outcomes: int,
        counts: tuple[tuple[Category, int], ...],
        total_strength: int,
        wild: bool,
    ) -> None:
        for name, value in (
            ("keep", keep), ("discard", discard), ("outcomes", outcomes),
            ("counts", counts), ("total_strength", total_strength), ("wild", wild),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"DrawOption is immutable (cannot set {name!r})")

    @property
    def expected_strength(self) -> float:
        """Mean final strength over all outcomes."""
        return self.total_strength / self.outcomes

    def count(self, category: Category | int) -> int:
        """Outcomes that end in ``category``."""
        return self.counts[len(Category) - int(category)][1]

    def probability(self, category: Category | int) -> float:
        """Probability of ending in ``category``."""
        return self.count(category) / self.outcomes

    def probability_at_least(self, category: Category | int) -> float:
        """Probability of ending in ``category`` or better."""
        c = int(category)
        return sum(n for cat, n in self.counts if cat >= c) / self.outcomes

    def distribution(self) -> dict[Category, float]:
        """Probabilities of the categories that can occur, best first."""
        return {cat: n / self.outcomes for cat, n in self.counts if n}

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for JSON): cards as text, counts and probabilities by category."""
        return {
            "keep": format_cards(self.keep),
            "discard": format_cards(self.discard),
            "outcomes": self.outcomes,
            "total_strength": self.total_strength,
            "expected_strength": self.expected_strength,
            "counts": {cat.name.lower(): n for cat, n in self.counts},
            "probabilities": {cat.name.lower(): n / self.outcomes for cat, n in self.counts},
            "wild": self.wild,
        }

    def _key(self) -> tuple[Any, ...]:
        return (self.keep, self.discard, self.outcomes, self.counts, self.total_strength,
                self.wild)

    def __eq__(self, other: object) -> bool:
        if type(other) is not DrawOption:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        keep = format_cards(self.keep) or "-"
        disc = format_cards(self.discard) or "-"
        top = ", ".join(
            f"{cat.label} {n / self.outcomes:.4f}" for cat, n in self.counts if n
        )
        return (
            f"DrawOption(keep={keep!r}, discard={disc!r}, outcomes={self.outcomes}, "
            f"expected_strength={self.expected_strength:.2f}, {top})"
        )


class DrawOdds(tuple[DrawOption, ...]):
    """The legal exchanges of a hand, best first (a tuple of :class:`DrawOption`).

    Best is the highest expected strength; ties go to fewer cards exchanged.
    ``str()`` gives a table.
    """

    __slots__ = ()

    @property
    def best(self) -> DrawOption:
        """The first (best) option."""
        return self[0]

    def table(self, limit: int | None = None) -> str:
        """A text table: one line per option, the category probabilities in %."""
        cats = _CATEGORIES_BEST_FIRST
        short = {
            Category.FIVE_OF_A_KIND: "5K", Category.STRAIGHT_FLUSH: "SF",
            Category.FOUR_OF_A_KIND: "4K", Category.FULL_HOUSE: "FH",
            Category.FLUSH: "Fl", Category.STRAIGHT: "St",
            Category.THREE_OF_A_KIND: "3K", Category.TWO_PAIR: "2P",
            Category.ONE_PAIR: "1P", Category.HIGH_CARD: "HC",
        }
        head = f"{'keep':<15} {'discard':<12} {'E[strength]':>11} " + " ".join(
            f"{short[c]:>6}" for c in cats
        )
        lines = [head]
        for opt in self[:limit]:
            probs = " ".join(f"{100 * n / opt.outcomes:6.2f}" for _, n in opt.counts)
            lines.append(
                f"{format_cards(opt.keep) or '-':<15} {format_cards(opt.discard) or '-':<12} "
                f"{opt.expected_strength:11.2f} {probs}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"DrawOdds({len(self)} options, best={self[0]!r})" if self else "DrawOdds()"


def _hand_cards(hand: Any) -> tuple[int, ...]:
    """The five cards of a hand in the order given (for CardSets and masks: ascending)."""
    mask = _k.hand_mask_checked(hand)
    if isinstance(hand, str):
        from pedron.cards import parse_cards

        return tuple(parse_cards(hand))
    if isinstance(hand, (list, tuple)) and all(type(c) is int for c in hand):
        return tuple(hand)
    return tuple(i for i in range(52) if mask >> i & 1)


def _dead_mask(dead: Any, hand_mask: int) -> int:
    if isinstance(dead, CardSet):
        m = dead.mask
    elif isinstance(dead, int) and not isinstance(dead, bool):
        m = CardSet.from_mask(dead).mask
    elif isinstance(dead, (str, Iterable)):
        m = mask_of(dead)
    else:
        raise PedronTypeError(
            f"dead must be cards (text, ints, a CardSet or a mask), not {type(dead).__name__}"
        )
    both = m & hand_mask
    if both:
        first = (both & -both).bit_length() - 1
        raise CardError(f"dead card {format_cards([first])} is in the hand")
    return m


def _max_draw_arg(max_draw: Any) -> int:
    if isinstance(max_draw, bool) or not hasattr(max_draw, "__index__"):
        raise PedronTypeError(f"max_draw must be an int, not {type(max_draw).__name__}")
    try:
        m = operator.index(max_draw)
    except TypeError:  # e.g. a numpy array of several values
        raise PedronTypeError(f"max_draw must be an int, not {type(max_draw).__name__}") from None
    if not 0 <= m <= 4:
        raise PedronValueError(f"max_draw must be 0..4, got {m}")
    return m


def draw_odds(
    hand: Any, max_draw: int = 2, *, wild: bool = True, dead: Any = ()
) -> DrawOdds:
    """Every legal exchange for ``hand``, with exact outcome odds, best first.

    ``hand`` takes the same forms as :func:`~pedron.diablo.evaluate`.
    A choice exchanges 0..``max_draw`` cards: Diablo allows 2 (the default);
    the "more draw" variant allows 3, or 4 when the one card kept is an ace
    (``max_draw=4``). ``dead`` are cards known not to be in the stock (seen
    discards); they must not be in the hand. Replacements are drawn from the
    remaining unseen cards, every set of them equally likely.
    """
    cards = _hand_cards(hand)
    hmask = 0
    for c in cards:
        hmask |= 1 << c
    dmask = _dead_mask(dead, hmask)
    md = _max_draw_arg(max_draw)
    rows = _k.draw_table(cards, dmask, md, bool(wild))
    options = []
    ncat = len(Category)
    for sub, outcomes, counts, total in rows:
        keep = tuple(c for i, c in enumerate(cards) if not sub >> i & 1)
        disc = tuple(c for i, c in enumerate(cards) if sub >> i & 1)
        pairs = tuple((Category(i), counts[i]) for i in range(ncat, 0, -1))
        options.append(DrawOption(keep, disc, outcomes, pairs, total, bool(wild)))
    # Best first: highest expected strength (compared exactly), then fewer
    # cards exchanged, then hand order.
    options.sort(key=lambda o: (_neg_fraction(o.total_strength, o.outcomes), len(o.discard)))
    return DrawOdds(options)


class _neg_fraction:
    """Sort key: -a/b compared exactly (no float rounding)."""

    __slots__ = ("a", "b")

    def __init__(self, a: int, b: int) -> None:
        self.a = a
        self.b = b

    def __lt__(self, other: _neg_fraction) -> bool:
        return self.a * other.b > other.a * self.b

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _neg_fraction) and self.a * other.b == other.a * self.b

    __hash__ = None  # type: ignore[assignment]


def best_draw(
    hand: Any,
    max_draw: int = 2,
    *,
    wild: bool = True,
    dead: Any = (),
    top: int | None = None,
) -> DrawOdds:
    """The legal exchanges ranked for choosing: best first, optionally only ``top``.

    The same records as :func:`draw_odds` (highest expected final strength
    first, then fewer cards exchanged); ``best_draw(hand)[0]`` (or ``.best``)
    is the recommended exchange.
    """
    odds = draw_odds(hand, max_draw, wild=wild, dead=dead)
    if top is None:
        return odds
    if isinstance(top, bool) or not hasattr(top, "__index__"):
        raise PedronTypeError(f"top must be an int or None, not {type(top).__name__}")
    try:
        n = operator.index(top)
    except TypeError:
        raise PedronTypeError(f"top must be an int or None, not {type(top).__name__}") from None
    if n < 1:
        raise PedronValueError(f"top must be >= 1, got {n}")
    return DrawOdds(odds[:n])
