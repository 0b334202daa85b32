"""Exact draw odds for a Diablo hand: every legal exchange and what it can make.

For each legal choice of cards to exchange, the compiled kernel enumerates
every set of replacements from the unseen cards (the 52 less the hand and any
``dead`` cards known to be out of the stock) and counts the final hands by
category, with the sum of their strengths. Nothing is sampled.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pedron._exact import exact_int
from pedron._kernels import diablo_eval as _k
from pedron.cards import CardSet, format_cards, mask_of
from pedron.diablo.hand import Category
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError

if TYPE_CHECKING:
    from pedron.diablo.rules import Rules

__all__ = ["DrawLimit", "DrawOdds", "DrawOption", "best_draw", "best_exchange", "draw_odds"]

_CATEGORIES_BEST_FIRST = tuple(sorted(Category, reverse=True))
_ACE = 12
_COUNT_WORDS = ("no cards", "one card", "two cards", "three cards", "four cards")


def _cards_text(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


@dataclass(frozen=True, slots=True, repr=False)
class DrawLimit:
    """How many cards a Diablo player may exchange: the one rule the game and
    the draw advisor share.

    * ``most``: the most cards one exchange may have, 0..4 (a player keeps at
      least one card).
    * ``ace_for_most``: when True, an exchange of exactly ``most`` cards is
      allowed only if the cards kept include a real ace (rank A; a deuce is
      never one, wild or not); fewer cards need nothing. With ``most=4`` this
      is the *More draw* variant: three cards, or four when the one card kept
      is an ace. It needs ``most >= 1``.

    ``DrawLimit(2)`` is plain Diablo; :meth:`from_rules` gives a table's limit.
    :meth:`why_not` judges one exchange (the game's legality), :meth:`most_for`
    gives the largest count a hand may exchange.
    """

    most: int
    ace_for_most: bool = False

    def __post_init__(self) -> None:
        most = self.most
        if isinstance(most, bool) or not hasattr(most, "__index__"):
            raise PedronTypeError(f"DrawLimit.most must be an int, not {type(most).__name__}")
        try:
            most = operator.index(most)
        except TypeError:  # e.g. a numpy array of several values
            raise PedronTypeError(
                f"DrawLimit.most must be an int, not {type(self.most).__name__}"
            ) from None
        if not 0 <= most <= 4:
            raise PedronValueError(
                f"DrawLimit.most must be 0..4, not {most} (a player keeps at least one card)"
            )
        if type(self.ace_for_most) is not bool:
            raise PedronTypeError(
                f"DrawLimit.ace_for_most must be a bool, not {type(self.ace_for_most).__name__}"
            )
        if self.ace_for_most and most == 0:
            raise PedronValueError(
                "DrawLimit(0) exchanges nothing: ace_for_most needs most >= 1"
            )
        object.__setattr__(self, "most", most)  # a plain int, whatever index type came in

    @classmethod
    def from_rules(cls, rules: Rules) -> DrawLimit:
        """The limit of a Diablo table: ``DrawLimit(4, True)`` under *More draw*
        (``more_draw=True``), else ``DrawLimit(rules.max_draw)``."""
        from pedron.diablo.rules import Rules

        if not isinstance(rules, Rules):
            raise PedronTypeError(
                f"DrawLimit.from_rules needs pedron.diablo.Rules, not {type(rules).__name__}"
            )
        return cls(4, True) if rules.more_draw else cls(rules.max_draw)

    @classmethod
    def from_max_draw(cls, max_draw: int) -> DrawLimit:
        """The limit an int ``max_draw`` of :func:`draw_odds` stands for: 0..3
        any cards up to that many; 4 is *More draw* (``DrawLimit(4, True)``),
        the meaning ``max_draw=4`` has always had there."""
        m = _max_draw_arg(max_draw)
        return cls(4, True) if m == 4 else cls(m)

    def why_not(self, held: Sequence[int], discards: Sequence[int]) -> str | None:
        """Why exchanging ``discards`` from the hand ``held`` is refused, or None.

        ``held`` is the player's five card ints; ``discards`` the cards he
        exchanges, each one of ``held``, none twice (a :class:`PedronError`
        otherwise: this method judges the count, not the cards). The reason
        is a sentence for the player, such as ``"at most 2 cards may be
        exchanged, not 3"``.
        """
        hand = _hand_arg(held)
        out = _card_ints(discards, "discards")
        if len(set(out)) != len(out):
            raise DuplicateCardError("a card is discarded twice")
        for c in out:
            if c not in hand:
                raise CardError(f"discard {format_cards([c])} is not in the hand")
        k, most = len(out), self.most
        if k > most:
            if most == 0:
                return f"no cards may be exchanged, not {k}"
            if self.ace_for_most:
                if most == 1:
                    return f"at most 1 card, and only when the cards kept include an ace, not {k}"
                return f"at most {_cards_text(most - 1)} ({most} keeping an ace), not {k}"
            return f"at most {_cards_text(most)} may be exchanged, not {k}"
        if k == most and self.ace_for_most and not any(
            c >> 2 == _ACE for c in hand if c not in out
        ):
            if most == 4:
                return "four cards may be exchanged only when the card kept is an ace"
            return (f"{_COUNT_WORDS[most]} may be exchanged only when the cards kept "
                    "include an ace")
        return None

    def most_for(self, held: Sequence[int]) -> int:
        """The largest number of cards the hand ``held`` (five card ints) may exchange."""
        hand = _hand_arg(held)
        if self.ace_for_most and not any(c >> 2 == _ACE for c in hand):
            return self.most - 1
        return self.most

    def to_json(self) -> dict[str, Any]:
        """Plain data: ``{"most": 4, "ace_for_most": True}``."""
        return {"most": self.most, "ace_for_most": self.ace_for_most}

    @classmethod
    def from_json(cls, data: Any) -> DrawLimit:
        """Inverse of :meth:`to_json` (``ace_for_most`` may be left out)."""
        if not isinstance(data, dict):
            raise PedronTypeError(f"a DrawLimit is a dict, not {type(data).__name__}")
        unknown = set(data) - {"most", "ace_for_most"}
        if unknown or "most" not in data:
            raise PedronValueError(
                f"a DrawLimit dict has 'most' and optionally 'ace_for_most', not {sorted(data)}"
            )
        return cls(data["most"], data.get("ace_for_most", False))

    def __str__(self) -> str:
        most = self.most
        if most == 0:
            return "no exchange"
        if self.ace_for_most:
            fewer = f"up to {_cards_text(most - 1)}, or " if most > 1 else ""
            return f"{fewer}{most} keeping an ace"
        return f"up to {_cards_text(most)}"

    def __repr__(self) -> str:
        if self.ace_for_most:
            return f"DrawLimit({self.most}, ace_for_most=True)"
        return f"DrawLimit({self.most})"


def _card_ints(cards: Any, what: str) -> tuple[int, ...]:
    """Card ints 0..51 of a sequence (numpy integers and other index types too)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise PedronTypeError(f"{what} must be a sequence of card ints, not {type(cards).__name__}")
    out = []
    for c in cards:
        if type(c) is not int:
            if isinstance(c, bool) or not hasattr(c, "__index__"):
                raise PedronTypeError(f"{what}: a card is an int, not {type(c).__name__}")
            try:
                c = operator.index(c)
            except TypeError:
                raise PedronTypeError(f"{what}: a card is an int, not {type(c).__name__}") from None
        if not 0 <= c < 52:
            raise CardError(f"{what}: card number out of range 0..51: {c}")
        out.append(c)
    return tuple(out)


def _hand_arg(held: Any) -> tuple[int, ...]:
    hand = _card_ints(held, "held")
    if len(hand) != 5:
        raise PedronValueError(f"held: a hand has exactly 5 cards, got {len(hand)}")
    if len(set(hand)) != 5:
        raise DuplicateCardError("held: duplicate card in the hand")
    return hand


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
    if isinstance(hand, (list, tuple)):
        # (the mask above checked every item: read each as the same card again,
        # in the order given, whatever form it has)
        from pedron.cards import parse_card

        return tuple(parse_card(c) if isinstance(c, str) else exact_int(c, "a card")
                     for c in tuple(hand))
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


# For each 5-bit discard mask of the kernel: the positions kept and exchanged.
_SPLITS = tuple(
    (tuple(i for i in range(5) if not sub >> i & 1), tuple(i for i in range(5) if sub >> i & 1))
    for sub in range(32)
)


def _limit_arg(max_draw: Any) -> DrawLimit:
    if isinstance(max_draw, DrawLimit):
        return max_draw
    return DrawLimit.from_max_draw(max_draw)


def draw_odds(
    hand: Any, max_draw: int | DrawLimit = 2, *, wild: bool = True, dead: Any = ()
) -> DrawOdds:
    """Every legal exchange for ``hand``, with exact outcome odds, best first.

    ``hand`` takes the same forms as :func:`~pedron.diablo.evaluate`.
    ``max_draw`` says which exchanges are legal: a :class:`DrawLimit`
    (``DrawLimit.from_rules(rules)`` for a table), or an int 0..4 meaning up
    to that many cards, where 4 means the *More draw* variant, 3 cards or 4
    when the one card kept is an ace (``DrawLimit(4, True)``; for any four
    cards pass ``DrawLimit(4)``). Diablo allows 2 (the default). ``dead``
    are cards known not to be in the stock (seen discards); they must not be
    in the hand. Replacements are drawn from the remaining unseen cards, every
    set of them equally likely; an exchange of more cards than remain unseen
    is not listed.
    """
    cards = _hand_cards(hand)
    hmask = 0
    for c in cards:
        hmask |= 1 << c
    dmask = _dead_mask(dead, hmask)
    limit = _limit_arg(max_draw)
    w = bool(wild)
    rows = _k.draw_table(cards, dmask, limit.most, w, limit.ace_for_most)
    options = []
    for sub, outcomes, counts, total in rows:
        kept, exchanged = _SPLITS[sub]
        keep = tuple([cards[i] for i in kept])
        disc = tuple([cards[i] for i in exchanged])
        pairs = tuple(zip(_CATEGORIES_BEST_FIRST, counts[:0:-1], strict=True))
        options.append(DrawOption(keep, disc, outcomes, pairs, total, w))
    # Best first: highest expected strength (compared exactly), then fewer
    # cards exchanged, then hand order (the kernel's order; best_exchange and
    # the kernel's best_discard rank the same way).
    options.sort(key=lambda o: (_neg_fraction(o.total_strength, o.outcomes), len(o.discard)))
    return DrawOdds(options)


def best_exchange(cards: tuple[int, ...], limit: DrawLimit, wild: bool) -> tuple[int, ...]:
    """The discards of the exchange :func:`draw_odds` ranks first, computed lean.

    For bots and other hot loops: ``cards`` is a tuple of five distinct card
    ints (checked), ``limit`` a :class:`DrawLimit`; no dead cards. The result
    is always ``draw_odds(cards, limit, wild=wild)[0].discard`` (same ranking
    and tie-break), but no option records are built: the kernel keeps only
    the best exchange, so a call costs little more than the enumeration.
    """
    if not isinstance(limit, DrawLimit):
        raise PedronTypeError(f"limit must be a DrawLimit, not {type(limit).__name__}")
    return _k.best_discard(cards, 0, limit.most, bool(wild), limit.ace_for_most)


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
    max_draw: int | DrawLimit = 2,
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
