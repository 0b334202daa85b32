"""Exact draw odds for a draw-poker hand: every legal exchange and what it can make.

For each legal choice of cards to exchange, the compiled kernel enumerates
every set of replacements from the unseen cards (the 52 less the hand and any
``dead`` cards known to be out of the stock) and counts the final hands by
category, with the sum of their strengths. Nothing is sampled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np

from pedron._exact import check_iterable, exact_flag, exact_int
from pedron._kernels import diablo_eval as _k
from pedron._kernels import draw_kernel as _dk
from pedron._kernels import videopoker as _vp
from pedron.cards import CardSet, format_cards, mask_of
from pedron.drawpoker.categories import Category
from pedron.drawpoker.limit import DrawLimit, HasDrawLimit, hand_arg
from pedron.drawpoker.objectives import DEFAULT as DEFAULT_OBJECTIVE
from pedron.drawpoker.objectives import (
    Beat,
    ExpectedStrength,
    Objective,
    ObjectiveKind,
    PayTable,
    objective_arg,
    prepared_sums,
    value_tables_of,
)
from pedron.drawpoker.outcomes import Outcome, outcome_classes
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError

__all__ = [
    "BatchDraws",
    "DrawOdds",
    "DrawOption",
    "analyse_batch",
    "best_draw",
    "best_exchange",
    "draw_odds",
    "prepare",
]

_CATEGORIES_BEST_FIRST = tuple(sorted(Category, reverse=True))


class DrawOption(_dk.OptionCore):
    """One legal exchange and the exact distribution of its outcomes.

    Attributes:
        keep: the cards kept, as card ints in hand order.
        discard: the cards exchanged, in hand order.
        outcomes: how many equally likely replacement sets there are
            (C(unseen, len(discard))).
        total_strength: the sum of the final strengths over all outcomes
            (exact; :attr:`expected_strength` is it divided by outcomes).
        wild: the scale the strengths are on.
        objective: what :attr:`value` measures (see :mod:`pedron.drawpoker`).

    :attr:`counts` gives the outcomes per category, :attr:`class_counts` per
    named outcome class (:mod:`pedron.drawpoker`), and
    :meth:`strength_counts` per final strength (computed on first use).
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"DrawOption is immutable (cannot set {name!r})")

    @property
    def keep(self) -> tuple[int, ...]:
        """The cards kept, as card ints in hand order."""
        cards = self._cards
        return tuple([cards[i] for i in _SPLITS[self._sub][0]])

    @property
    def discard(self) -> tuple[int, ...]:
        """The cards exchanged, in hand order."""
        cards = self._cards
        return tuple([cards[i] for i in _SPLITS[self._sub][1]])

    @property
    def value(self) -> Any:
        """The objective's exact value for this exchange (a Fraction for the
        built-in objectives; what the function returned for a custom one)."""
        v = self._value
        if v is None:
            v = Fraction(self._num, self._den)
            object.__setattr__(self, "_value", v)
        return v

    @property
    def expected_strength(self) -> float:
        """Mean final strength over all outcomes."""
        return self.total_strength / self.outcomes

    @property
    def class_count_values(self) -> tuple[int, ...]:
        """Outcomes per class, aligned with ``outcome_classes(self.wild)`` (best first)."""
        return self._classes

    @property
    def class_counts(self) -> tuple[tuple[Outcome, int], ...]:
        """Outcomes per named outcome class, best first, every class of the mode listed."""
        return tuple(zip(outcome_classes(self.wild), self._classes, strict=True))

    @property
    def counts(self) -> tuple[tuple[Category, int], ...]:
        """Outcomes per category, a tuple of ``(Category, count)`` pairs, best
        category first, every category listed."""
        per = dict.fromkeys(_CATEGORIES_BEST_FIRST, 0)
        for cls, n in zip(outcome_classes(self.wild), self._classes, strict=True):
            per[cls.category] += n
        return tuple(per.items())

    def count(self, category: Category | Outcome | int) -> int:
        """Outcomes that end in ``category`` (a Category, an int, or an Outcome class)."""
        if isinstance(category, Outcome):
            classes = outcome_classes(self.wild)
            if category not in classes:
                raise PedronValueError(f"{category!r} is not a class of this mode")
            return self._classes[classes.index(category)]
        c = Category(int(category))
        return sum(n for cls, n in zip(outcome_classes(self.wild), self._classes, strict=True)
                   if cls.category == c)

    def probability(self, category: Category | Outcome | int) -> float:
        """Probability of ending in ``category`` (or outcome class)."""
        return self.count(category) / self.outcomes

    def exact_probability(self, category: Category | Outcome | int) -> Fraction:
        """Probability of ending in ``category`` (or outcome class), exactly."""
        return Fraction(self.count(category), self.outcomes)

    def probability_at_least(self, category: Category | int) -> float:
        """Probability of ending in ``category`` or better."""
        c = int(category)
        return sum(n for cat, n in self.counts if cat >= c) / self.outcomes

    def distribution(self) -> dict[Category, float]:
        """Probabilities of the categories that can occur, best first."""
        return {cat: n / self.outcomes for cat, n in self.counts if n}

    def strength_counts(self) -> dict[int, int]:
        """Outcomes per final strength (only strengths that occur), strongest first."""
        hist = self._hist
        if hist is None:
            arr = np.zeros(_k.strength_count(self.wild) + 1, dtype=np.uint64)
            _dk.histogram(self._cards, self._dmask, self._sub, self.wild, arr)
            nz = np.flatnonzero(arr)[::-1]
            hist = dict(zip(nz.tolist(), arr[nz].tolist(), strict=True))
            object.__setattr__(self, "_hist", hist)
        return dict(hist)

    def expected_pay(self, table: PayTable) -> Fraction:
        """The mean payout of ``table`` over this exchange's outcomes, exactly."""
        if not isinstance(table, PayTable):
            raise PedronTypeError(f"table must be a PayTable, not {type(table).__name__}")
        table.kernel(self.wild)  # the mode check
        return table.value(self)

    def beat(self, target: Any, *, ties: Any = 0) -> tuple[Fraction, Fraction]:
        """(P(win), P(tie)) against a hand or a distribution (see :class:`Beat`)."""
        objective = target if isinstance(target, Beat) else Beat(target, wild=self.wild,
                                                                 ties=ties)
        return objective.wins_ties(self)

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for JSON): cards as text, counts and probabilities by
        category and by outcome class, the objective's value (as text and float)."""
        value = self.value
        return {
            "keep": format_cards(self.keep),
            "discard": format_cards(self.discard),
            "outcomes": self.outcomes,
            "total_strength": self.total_strength,
            "expected_strength": self.expected_strength,
            "counts": {cat.name.lower(): n for cat, n in self.counts},
            "probabilities": {cat.name.lower(): n / self.outcomes for cat, n in self.counts},
            "classes": {c.name.lower(): n for c, n in self.class_counts},
            "objective": repr(self.objective),
            "value": str(value),
            "value_float": float(value),
            "wild": self.wild,
        }

    def _key(self) -> tuple[Any, ...]:
        return (self.keep, self.discard, self.outcomes, self._classes, self.total_strength,
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
        extra = ""
        if not isinstance(self.objective, ExpectedStrength):
            extra = f"value={float(self.value):.4f}, "
        return (
            f"DrawOption(keep={keep!r}, discard={disc!r}, outcomes={self.outcomes}, "
            f"expected_strength={self.expected_strength:.2f}, {extra}{top})"
        )


class DrawOdds(tuple[DrawOption, ...]):
    """The legal exchanges of a hand, best first (a tuple of :class:`DrawOption`).

    Best is the highest value of the objective (by default the expected
    strength); equal values go to fewer cards exchanged, then to the lower
    discard mask (position ``i`` of the hand counting ``2**i``). ``str()``
    gives a table.
    """

    objective: Objective

    def __new__(cls, options: Iterable[DrawOption] = (),
                objective: Objective | None = None) -> DrawOdds:
        self = super().__new__(cls, options)
        self.objective = objective if objective is not None else DEFAULT_OBJECTIVE
        return self

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
        default = isinstance(self.objective, ExpectedStrength)
        head = f"{'keep':<15} {'discard':<12} {'E[strength]':>11} "
        if not default:
            head += f"{'value':>9} "
        head += " ".join(f"{short[c]:>6}" for c in cats)
        lines = [head]
        for opt in self[:limit]:
            probs = " ".join(f"{100 * n / opt.outcomes:6.2f}" for _, n in opt.counts)
            value = "" if default else f"{float(opt.value):9.4f} "
            lines.append(
                f"{format_cards(opt.keep) or '-':<15} {format_cards(opt.discard) or '-':<12} "
                f"{opt.expected_strength:11.2f} {value}{probs}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"DrawOdds({len(self)} options, best={self[0]!r})" if self else "DrawOdds()"


def _hand_and_mask(hand: Any) -> tuple[tuple[int, ...], int]:
    """The five cards of a hand in the order given (for CardSets and masks:
    ascending) and its mask."""
    if isinstance(hand, (list, tuple)):
        # One immutable copy, read once: an item's __index__ may change the list
        # it came from, or answer differently when asked again.
        hand = tuple(hand)
    mask = _k.hand_mask_checked(hand)  # checks the hand whatever its form
    if type(hand) is tuple and type(hand[0]) is int and type(hand[1]) is int and type(
            hand[2]) is int and type(hand[3]) is int and type(hand[4]) is int:
        return hand, mask  # the usual call: five card ints
    if isinstance(hand, str):
        from pedron.cards import parse_cards

        return tuple(parse_cards(hand)), mask
    if isinstance(hand, tuple):
        # (the mask above checked every item: read each as its card, in the order
        # given, and check the cards as read, which are the ones analysed)
        from pedron.cards import parse_card

        cards = tuple(parse_card(c) if isinstance(c, str) else exact_int(c, "a card")
                      for c in hand)
        return cards, _k.hand_mask_checked(cards)
    return tuple(i for i in range(52) if mask >> i & 1), mask


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


# For each 5-bit discard mask of the kernel: the positions kept and exchanged.
_SPLITS = tuple(
    (tuple(i for i in range(5) if not sub >> i & 1), tuple(i for i in range(5) if sub >> i & 1))
    for sub in range(32)
)


_CUSTOM = ObjectiveKind.CUSTOM  # (read once: the check runs on every call)
_LIMITS = tuple(DrawLimit(m) for m in range(6))  # (an int max_draw's limit, made once)
_POPCOUNT = tuple(bin(m).count("1") for m in range(32))


def _limit_arg(max_draw: Any) -> DrawLimit:
    if type(max_draw) is int and 0 <= max_draw <= 5:  # the usual call
        return _LIMITS[max_draw]
    if isinstance(max_draw, DrawLimit):
        return max_draw
    limit = getattr(max_draw, "draw_limit", None)  # a game's rules (HasDrawLimit)
    if isinstance(limit, DrawLimit):
        return limit
    return DrawLimit.from_max_draw(max_draw)


def _options(hand: Any, max_draw: Any, wild: bool, dead: Any, objective: Any,
             ) -> tuple[Objective, list[DrawOption]]:
    cards, hmask = _hand_and_mask(hand)
    dmask = 0 if type(dead) is tuple and not dead else _dead_mask(dead, hmask)
    limit = _limit_arg(max_draw)
    w = exact_flag(wild, "wild")
    obj = objective_arg(objective, w)
    if obj.kind is _CUSTOM:  # the kernel tallies, Python ranks
        return obj, _dk.options(DrawOption, cards, dmask, limit.most, limit.ace_for_most, w,
                                obj, DEFAULT_OBJECTIVE.kernel(w), rank=False)
    spec = obj.kernel(w)
    if dmask == 0:
        sums = prepared_sums(spec)
        if sums is not None:  # prepared: every exchange by inclusion-exclusion
            ranked = _vp.exchange_values(sums, cards, limit.most, limit.ace_for_most)
            return obj, _dk.options_from(DrawOption, ranked, cards, obj, spec)
    # Ranked by the lean enumeration (values only); each option's class
    # counts and strength total are tallied when first asked for.
    return obj, _dk.options(DrawOption, cards, dmask, limit.most, limit.ace_for_most, w, obj,
                            spec, True, value_tables_of(spec))


def draw_odds(
    hand: Any,
    max_draw: int | DrawLimit | HasDrawLimit = 2,
    *,
    wild: bool = True,
    dead: Any = (),
    objective: Any = None,
) -> DrawOdds:
    """Every legal exchange for ``hand``, with exact outcome odds, best first.

    ``hand`` takes the same forms as :func:`~pedron.diablo.evaluate`.
    ``max_draw`` says which exchanges are legal: an int 0..5, any exchange of
    up to that many cards, as ``Rules(max_draw=...)`` means it (4: any four
    cards); a :class:`DrawLimit`; or a table's :class:`~pedron.diablo.Rules`
    (its :attr:`~pedron.diablo.Rules.draw_limit`). The *More draw* variant,
    3 cards or 4 when the one card kept is an ace, is ``DrawLimit(4, True)``
    (``Rules(more_draw=True)``). Diablo allows 2 (the default). ``dead``
    are cards known not to be in the stock (seen discards); they must not be
    in the hand. Replacements are drawn from the remaining unseen cards, every
    set of them equally likely; an exchange of more cards than remain unseen
    is not listed.

    ``objective`` ranks the exchanges (:mod:`pedron.drawpoker`): None
    for the expected strength, a :class:`~pedron.drawpoker.PayTable`,
    a :class:`~pedron.drawpoker.Beat`, or any callable of a
    :class:`DrawOption`. Equal values go to fewer cards exchanged, then to the
    lower discard mask (position ``i`` of the hand counting ``2**i``).
    """
    obj, options = _options(hand, max_draw, wild, dead, objective)
    if obj.kind is _CUSTOM:
        values = [obj.value(o) for o in options]
        for o, v in zip(options, values, strict=True):
            object.__setattr__(o, "_value", v)
        order = sorted(range(len(options)),
                       key=lambda i: (_Neg(values[i]), _POPCOUNT[options[i]._sub]))
        options = [options[i] for i in order]
    return DrawOdds(options, obj)


def best_exchange(cards: tuple[int, ...], limit: DrawLimit, wild: bool,
                  objective: Any = None) -> tuple[int, ...]:
    """The discards of the exchange :func:`draw_odds` ranks first, computed lean.

    For bots and other hot loops: ``cards`` is a tuple of five distinct card
    ints (checked), ``limit`` a :class:`DrawLimit`; no dead cards. The result
    is always ``draw_odds(cards, limit, wild=wild, objective=objective)[0].discard``
    (same ranking and tie-break), but no option records are built.
    """
    if not isinstance(limit, DrawLimit):
        raise PedronTypeError(f"limit must be a DrawLimit, not {type(limit).__name__}")
    w = exact_flag(wild, "wild")
    obj = objective_arg(objective, w)
    if obj.kind is _CUSTOM:
        return draw_odds(cards, limit, wild=w, objective=obj)[0].discard
    hand = hand_arg(cards)
    spec = obj.kernel(w)
    return _dk.best_discard(hand, limit.most, limit.ace_for_most, spec, value_tables_of(spec))


class _Neg:
    """Sort key: a value, highest first, compared exactly."""

    __slots__ = ("v",)

    def __init__(self, v: Any) -> None:
        self.v = v

    def __lt__(self, other: _Neg) -> bool:
        return bool(self.v > other.v)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Neg) and bool(self.v == other.v)

    __hash__ = None  # type: ignore[assignment]


def best_draw(
    hand: Any,
    max_draw: int | DrawLimit | HasDrawLimit = 2,
    *,
    wild: bool = True,
    dead: Any = (),
    top: int | None = None,
    objective: Any = None,
) -> DrawOdds:
    """The legal exchanges ranked for choosing: best first, optionally only ``top``.

    The same records as :func:`draw_odds` (highest value of ``objective``
    first, by default the expected final strength, then fewer cards
    exchanged); ``best_draw(hand)[0]`` (or ``.best``) is the recommended
    exchange.
    """
    odds = draw_odds(hand, max_draw, wild=wild, dead=dead, objective=objective)
    if top is None:
        return odds
    n = exact_int(top, "top (an int or None)")
    if n < 1:
        raise PedronValueError(f"top must be >= 1, got {n}")
    return DrawOdds(odds[:n], odds.objective)


def prepare(objective: Any = None, *, wild: bool = True) -> None:
    """Build ``objective``'s subset sums now (about 0.1 s and 24 MB, kept for
    the process; at most four objectives at a time): afterwards
    :func:`draw_odds` and :func:`best_draw` without dead cards rank every
    exchange from them by inclusion-exclusion over the discarded cards (the
    video-poker method), a few microseconds whatever the draw limit, with the
    same results. :func:`analyse_batch` does this by itself from 20,000 rows.
    """
    obj = objective_arg(objective, exact_flag(wild, "wild"))
    if obj.kind is _CUSTOM:
        raise PedronTypeError("prepare takes a built-in objective, not a custom function")
    obj.subset_sums(exact_flag(wild, "wild"))


class BatchDraws:
    """The best exchange of every row of :func:`analyse_batch`.

    Attributes: ``hands`` (the (n, 5) uint8 array analysed), ``masks`` (per
    row the positions exchanged, bit ``i`` for column ``i``), and the value
    of that exchange as ``numerators / (denominators * scale)`` exactly
    (:meth:`values`; :attr:`values_float` as floats).
    """

    __slots__ = ("denominators", "hands", "masks", "numerators", "objective", "scale")

    def __init__(self, hands: Any, masks: Any, num: Any, den: Any, scale: int,
                 objective: Objective) -> None:
        self.hands = hands
        self.masks = masks
        self.numerators = num
        self.denominators = den
        self.scale = scale
        self.objective = objective

    def __len__(self) -> int:
        return len(self.masks)

    @property
    def values_float(self) -> Any:
        """The best value of each row as float64."""
        return self.numerators / (self.denominators.astype(np.float64) * self.scale)

    def values(self) -> list[Fraction]:
        """The best value of each row, exactly."""
        s = self.scale
        return [Fraction(n, d * s) for n, d in
                zip(self.numerators.tolist(), self.denominators.tolist(), strict=True)]

    def discards(self) -> list[tuple[int, ...]]:
        """The cards exchanged in each row (column order)."""
        rows = self.hands.tolist()
        return [tuple(row[i] for i in _SPLITS[m][1])
                for row, m in zip(rows, self.masks.tolist(), strict=True)]

    def __repr__(self) -> str:
        return f"BatchDraws({len(self)} hands, objective={self.objective!r})"


_MIN_ROWS_PER_THREAD = 64
_TABLE_ROWS = 20_000  # from this many rows the batch builds the objective's subset sums
# Rows one call of a kernel takes at most (about 10 ms each: about 10 us a row by
# enumeration, 1 us by the subset sums); between calls a thread checks whether to stop
# and the caller's thread runs the signal handlers, so a Ctrl-C stops the batch promptly.
_PIECE_ROWS = 1024
_PIECE_ROWS_BY_TABLES = 8192


def analyse_batch(
    hands: Any,
    max_draw: int | DrawLimit | HasDrawLimit = 2,
    *,
    wild: bool = True,
    objective: Any = None,
    threads: int | None = 1,
) -> BatchDraws:
    """The best exchange and its exact value for every row of an (n, 5) array.

    ``hands`` is an (n, 5) array of card ints (any integer dtype; each row
    five distinct cards 0..51); ``max_draw`` and the ranking are those of
    :func:`draw_odds` (no dead cards), ``objective`` a built-in objective
    (expected strength, a :class:`PayTable` or a :class:`Beat`; a custom
    function needs :func:`draw_odds`). The work runs without the GIL;
    ``threads`` > 1 splits the rows across threads (None: one per usable core).
    """

    from pedron._kernels._common import rows_in_threads, threads_count
    from pedron.errors import ArrayError

    try:
        check_iterable(hands, "hands", ArrayError)
        arr = np.asarray(hands)
    except (ValueError, TypeError):  # ragged rows, objects numpy cannot hold as an array
        raise ArrayError("hands must be an (n, 5) array of card ints") from None
    if arr.ndim != 2 or arr.shape[1] != 5:
        raise ArrayError(f"hands must be an (n, 5) array, not shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ArrayError(f"hands must hold integers, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise CardError("hands: a card number is out of range 0..51")
    cards = np.ascontiguousarray(arr, dtype=np.uint8)
    limit = _limit_arg(max_draw)
    w = exact_flag(wild, "wild")
    obj = objective_arg(objective, w)
    if obj.kind is _CUSTOM:
        raise PedronTypeError("analyse_batch takes a built-in objective; use draw_odds for "
                              "a custom function")
    spec = obj.kernel(w)
    values = value_tables_of(spec)
    n = cards.shape[0]
    masks = np.zeros(n, dtype=np.uint8)
    num = np.zeros(n, dtype=np.int64)
    den = np.zeros(n, dtype=np.uint64)
    nthreads = max(1, min(threads_count(threads), n // _MIN_ROWS_PER_THREAD))
    den_scale = spec.den_scale
    if n >= _TABLE_ROWS:
        # Many hands: the objective's subset sums (built once, about 0.1 s)
        # give every exchange's value by inclusion-exclusion, as in video poker.
        sums = obj.subset_sums(w)
        args: tuple[Any, ...] = (sums, cards, limit.most, limit.ace_for_most, masks, num, den)
        fn: Callable[..., int] = _vp.best_rows_by_tables
        piece = _PIECE_ROWS_BY_TABLES
    else:
        args = (cards, limit.most, limit.ace_for_most, spec, values, masks, num, den)
        fn = _dk.best_rows
        piece = _PIECE_ROWS
    bad = rows_in_threads(fn, args, n, nthreads, piece)
    if bad >= 0:
        raise DuplicateCardError(f"hands: row {bad} repeats a card: {cards[bad].tolist()}")
    if n >= _TABLE_ROWS and den_scale != 1:
        den *= np.uint64(den_scale)
    return BatchDraws(cards, masks, num, den, spec.scale, obj)
