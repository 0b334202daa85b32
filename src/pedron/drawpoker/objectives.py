"""What the draw advisor maximises: the objectives an exchange is ranked by.

Every objective gives each exchange an exact value (a :class:`~fractions.Fraction`)
from its exact outcome distribution; the advisor ranks exchanges by that value,
highest first, and breaks equal values by fewer cards exchanged, then by the
lower discard mask (position ``i`` of the hand counting ``2**i``).

* :class:`ExpectedStrength` (the default): the mean final strength, the
  evaluator's dense 1..N index.
* :class:`PayTable`: the mean payout of a pay table over the outcome classes.
* :class:`Beat`: the chance of finishing strictly better than a given hand, or
  than a hand drawn from a given distribution; a tie counts ``ties`` (0 by
  default, 1/2 to split it) and is reported separately.
* any callable ``f(option) -> number``: ranked by its result (see
  :class:`Custom`), which may use every exact count of the option.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
import warnings
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from pedron._copying import set_frozen_state
from pedron._exact import check_iterable, exact_flag, exact_int, exact_rational, exact_str
from pedron._kernels import diablo_eval as _ev
from pedron._kernels import draw_kernel as _dk
from pedron._kernels.draw_kernel import KernelObjective, ObjectiveKind  # (see Objective)
from pedron._locks import module_lock
from pedron.drawpoker.outcomes import HANDS, Outcome, PayRow, outcome_classes, outcome_rows
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

if TYPE_CHECKING:
    from pedron.drawpoker.advisor import DrawOption

__all__ = ["WILDS", "Beat", "Custom", "DeckTables", "Distribution", "ExpectedStrength",
           "KernelObjective", "Objective", "ObjectiveKind", "PayTable", "deck_tables"]


@runtime_checkable
class Distribution(Protocol):
    """Final hands with their counts on one strength scale, as :class:`Beat` takes
    them for a target (a :class:`~pedron.drawpoker.DrawOption` is one)."""

    @property
    def wild(self) -> bool:
        """The strength scale: deuces wild or natural."""
        ...

    def strength_counts(self) -> dict[int, int]:
        """Outcomes per final strength."""
        ...


class Objective:
    """Base of the built-in objectives (see the module text).

    :attr:`kind` (an :class:`ObjectiveKind`) is what it ranks by (``CUSTOM``: a
    function, which the kernels tally and Python ranks); :meth:`kernel` gives a
    built-in objective's frozen record for the kernels (:class:`KernelObjective`).
    """

    __slots__ = ()
    kind: ObjectiveKind = ObjectiveKind.CUSTOM

    def kernel(self, wild: bool) -> KernelObjective:
        """The kernels' record of this objective on the scale ``wild`` (deuces
        wild or natural; an error for an objective of the other scale): the
        kernel's value of an exchange over ``scale`` is the objective's value."""
        raise PedronTypeError(f"{type(self).__name__} is ranked in Python: it has no "
                              "kernel record")

    def kernel_args(self, wild: bool) -> tuple[Any, ...]:
        """Deprecated (use :meth:`kernel`, a named record): ``(kind, pays, below,
        at, tie_num, tie_den, scale)``."""
        warnings.warn("Objective.kernel_args is deprecated since pedron 0.2.0 and will be "
                      "removed in 0.3.0: use Objective.kernel (a KernelObjective)",
                      DeprecationWarning, stacklevel=2)
        k = self.kernel(wild)
        return (int(k.kind), k.pays, k.below, k.at, k.tie_num, k.tie_den, k.scale)

    def value(self, option: DrawOption) -> Fraction:
        """The exact value of one exchange under this objective."""
        raise NotImplementedError

    def value_tables(self, wild: bool) -> tuple[Any, Any, int]:
        """The kernel's per-strength values for the lean enumeration (cached)."""
        return value_tables_of(self.kernel(wild))

    def cached_subset_sums(self, wild: bool) -> tuple[Any, ...] | None:
        """The subset sums if :meth:`subset_sums` has built them, else None."""
        return prepared_sums(self.kernel(wild))

    def subset_sums(self, wild: bool) -> tuple[Any, ...]:
        """Sums of this objective's per-hand value over the five-card hands
        containing each set of 0..5 cards (for many hands without dead cards:
        the value of every exchange by inclusion-exclusion; cached)."""
        return _subset_sums(self.kernel(wild)).arrays


@functools.lru_cache(maxsize=64)  # (objectives come and go: the least recent is dropped)
def value_tables_of(spec: KernelObjective) -> tuple[Any, Any, int]:
    """The per-strength values of a record for the lean enumeration (cached)."""
    return _dk.value_tables(spec)


def prepared_sums(spec: KernelObjective) -> tuple[Any, ...] | None:
    """A record's subset sums if they are built (and not yet dropped), else None."""
    ref = _PREPARED.get(spec)  # (one look-up: read without the lock)
    sums = None if ref is None else ref()
    return None if sums is None else sums.arrays


class _Sums:
    """One objective's subset sums (held by :func:`_subset_sums`' cache; seen, while
    held, through :data:`_PREPARED`)."""

    __slots__ = ("__weakref__", "arrays")

    def __init__(self, arrays: tuple[Any, ...]) -> None:
        self.arrays = arrays


# The subset sums built and not yet dropped, by record, as weak references: what the
# advisor looks up without building. An entry leaves when the cache below drops its
# sums (the reference's callback), so it holds no more records than the cache.
_PREPARED: dict[KernelObjective, weakref.ref[_Sums]] = {}
_PREPARED_LOCK = module_lock(__name__, "_PREPARED_LOCK")  # (its writes)


def _forget(spec: KernelObjective) -> Callable[[weakref.ref[_Sums]], None]:
    def dropped(ref: weakref.ref[_Sums]) -> None:
        with _PREPARED_LOCK:
            if _PREPARED.get(spec) is ref:
                del _PREPARED[spec]
    return dropped


@functools.lru_cache(maxsize=4)  # about 24 MB each
def _subset_sums(spec: KernelObjective) -> _Sums:
    from pedron._kernels import videopoker as _vp

    if spec.pays is not None:  # a pay table: four deuces and natural royals, by class
        _, v5 = _hand_values("deuces" if spec.wild else "none", outcome_rows(spec.wild),
                             spec.pays)
    else:
        v5 = value_tables_of(spec)[0][_vp.hand_strengths(spec.wild)]
    sums = _Sums(_vp.subset_sums(np.ascontiguousarray(v5, dtype=np.int64)))
    with _PREPARED_LOCK:
        _PREPARED[spec] = weakref.ref(sums, _forget(spec))
    return sums


def _hand_values(wilds: str, rows: tuple[PayRow, ...], scaled: tuple[int, ...],
                 ) -> tuple[Any, Any]:
    """Per five-card hand of the deck ``wilds`` (by colex rank) its row of ``rows``
    (uint8; ``len(rows)`` for none) and its payout of ``scaled`` (int64)."""
    from pedron._kernels import videopoker as _vp

    deck = deck_tables(wilds)
    row5 = np.empty(deck.hands, dtype=np.uint8)
    v5 = np.empty(deck.hands, dtype=np.int64)
    pays = np.array((*scaled, 0), dtype=np.int64)
    _vp.hand_rows(deck.descriptors, _row_of(rows), pays, row5, v5)
    return row5, v5


class ExpectedStrength(Objective):
    """The mean final strength (the advisor's default)."""

    __slots__ = ()
    kind = ObjectiveKind.STRENGTH

    def kernel(self, wild: bool) -> KernelObjective:
        return _STRENGTH[wild if type(wild) is bool else exact_flag(wild, "wild")]

    def value(self, option: DrawOption) -> Fraction:
        return Fraction(option.total_strength, option.outcomes)

    def __eq__(self, other: object) -> bool:
        return type(other) is ExpectedStrength

    def __hash__(self) -> int:
        return hash(ExpectedStrength)

    def __repr__(self) -> str:
        return "ExpectedStrength()"


_STRENGTH = {w: KernelObjective(ObjectiveKind.STRENGTH, w) for w in (False, True)}


WILDS = ("none", "deuces", "joker")
"""The decks a pay table is played with: 52 cards, 52 with the deuces wild,
53 with a wild joker."""
MAX_ROWS = 64
"""The most rows a pay table has."""
MAX_SCALED_PAY = 1 << 39
"""The largest payout, times the common denominator of the payouts, that
the kernels count with exactly in 64-bit arithmetic (a hand's payout summed
over every deal, times the draws' common weight, must fit)."""


@dataclass(frozen=True, slots=True)
class DeckTables:
    """A deck's pay-independent tables (built once per process, read-only).

    Attributes: ``wilds`` (one of :data:`WILDS`), ``cards`` (52 or 53),
    ``descriptors`` (per five-card hand, by colex rank, its category, ranks
    and wild cards: see :mod:`pedron._kernels.videopoker`), ``deals`` and
    ``deal_weights`` (one deal per suit class and the class size),
    ``hands`` (the five-card hands: C(cards, 5)) and ``weight`` (the weight
    of one deal, a multiple of every number of draws).
    """

    wilds: str
    cards: int
    descriptors: Any
    deals: Any
    deal_weights: Any
    hands: int
    weight: int

    @property
    def combinations(self) -> int:
        """Weighted combinations of a whole game: hands x weight."""
        return self.hands * self.weight


_DECKS: dict[str, DeckTables] = {}
_DECKS_LOCK = module_lock(__name__, "_DECKS_LOCK")


def deck_tables(wilds: str) -> DeckTables:
    """The tables of a deck (:data:`WILDS`), built on first use (about 0.1 s)."""
    if wilds not in WILDS:
        raise PedronValueError(f"wilds is one of {', '.join(WILDS)}, not {wilds!r}")
    with _DECKS_LOCK:  # one build per deck, whatever the threads
        tables = _DECKS.get(wilds)
        if tables is None:
            from pedron._kernels import videopoker as _vp

            mode = WILDS.index(wilds)
            desc, reps, weights = _vp.build_deck(mode)
            for a in (desc, reps, weights):
                a.flags.writeable = False
            cards = 53 if wilds == "joker" else 52
            hands, weight = _vp.deck_numbers(cards)
            tables = DeckTables(wilds, cards, desc, reps, weights, hands, weight)
            _DECKS[wilds] = tables
    return tables


def _row_of(rows: tuple[PayRow, ...]) -> Any:
    """For every descriptor (16 bits), the index of the first row it matches
    (``len(rows)``: none)."""
    d = np.arange(1 << 16, dtype=np.uint32)
    cat, rank, kicker, wilds = d & 15, (d >> 4) & 15, (d >> 8) & 15, d >> 12
    out = np.full(1 << 16, len(rows), dtype=np.uint8)
    for i in range(len(rows) - 1, -1, -1):  # the first match wins: write the last first
        row = rows[i]
        hit = cat == HANDS[row.hand]
        if row.hand == "royal flush":
            hit &= rank == 12
        elif row.hand == "four deuces":
            hit &= wilds == 4
        if row.ranks is not None:
            hit &= np.isin(rank, sorted(row.ranks))
        if row.kicker is not None:
            hit &= np.isin(kicker, sorted(row.kicker))
        if row.wild is not None:
            hit &= (wilds > 0) == row.wild
        out[hit] = i
    return out


class PayTable(Objective):
    """A video-poker pay table: rows of final hands and their payouts.

    ``pays`` is a list of :class:`~pedron.drawpoker.PayRow` (a pay
    table by what the game pays: ``PayRow("four of a kind", Fraction(400),
    ranks="A", kicker="2-4")``), or payouts for the outcome classes of a mode
    best first (:func:`outcome_classes`; a shorter list pays 0 on the classes
    left over), or a mapping :class:`~pedron.drawpoker.Outcome` ->
    payout. A hand is paid by the first row it matches; hands no row matches
    pay 0. ``wilds`` is the deck (:data:`WILDS`: ``"none"``, ``"deuces"``,
    ``"joker"``); ``wild=True``/``False`` says ``"deuces"``/``"none"`` (the
    default is deuces wild). ``name`` is for display.

    Payouts are exact (ints, numpy ints, Fractions, Decimals, numeric text;
    floats at their exact binary value), at least 0, per unit bet and the
    amount returned including the bet: ``1`` on jacks or better is "even
    money back". Scaled to a common denominator each must stay below
    :data:`MAX_SCALED_PAY`; a bad payout is an error naming its row.

    The draw advisor (:mod:`pedron.drawpoker`) ranks by the outcome
    classes: it takes the tables made of them (``wilds`` "none" or
    "deuces"); the video-poker analysis takes every table.

    >>> PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True).pay(Outcome.FLUSH)
    Fraction(2, 1)
    """

    __slots__ = ("_kernel", "_scale", "_scaled", "name", "pays", "rows", "wild", "wilds")
    kind = ObjectiveKind.PAY_TABLE
    pays: tuple[Fraction, ...]
    rows: tuple[PayRow, ...]
    wild: bool
    wilds: str
    name: str | None
    _scale: int
    _scaled: tuple[int, ...]
    _kernel: KernelObjective | None

    def __init__(
        self, pays: Mapping[Outcome, Any] | Iterable[Any], *, wild: bool | None = None,
        wilds: str | None = None, name: str | None = None,
    ) -> None:
        deck = _wilds_arg(wild, wilds)
        if name is not None:
            name = exact_str(name, "name")
        if isinstance(pays, Mapping):
            if deck == "joker":
                raise PedronValueError("a joker table is a list of PayRows")
            classes = outcome_classes(deck == "deuces")
            bad = [k for k in pays if k not in classes]
            if bad:
                raise PedronValueError(f"not a {deck}-deck outcome class: {bad[0]!r}")
            rows = tuple(r.with_pays(exact_rational(pays.get(c, 0), f"pay for {c.label}"))
                         for r, c in zip(outcome_rows(deck == "deuces"), classes, strict=True))
        elif isinstance(pays, (str, bytes)) or not isinstance(pays, Iterable):
            raise PedronTypeError(
                f"pays must be a list of PayRows or payouts, or a mapping, "
                f"not {type(pays).__name__}"
            )
        else:
            check_iterable(pays, "pays")
            given = list(itertools.islice(pays, MAX_ROWS + 1))  # never read without end
            if given and all(isinstance(r, PayRow) for r in given):
                rows = tuple(given)
                if len(rows) > MAX_ROWS:
                    raise PedronValueError(f"pays: at most {MAX_ROWS} rows, got more")
            elif any(isinstance(r, PayRow) for r in given):
                raise PedronTypeError("pays: either PayRows or payouts, not both")
            else:
                if deck == "joker":
                    raise PedronValueError("a joker table is a list of PayRows")
                base = outcome_rows(deck == "deuces")
                if not given or len(given) > len(base):
                    raise PedronValueError(
                        f"pays: 1..{len(base)} payouts (one per class, best first), "
                        f"got {len(given) if len(given) <= MAX_ROWS else 'more'}"
                    )
                values = [exact_rational(p, f"payout {i + 1} ({base[i].label})")
                          for i, p in enumerate(given)]
                values += [Fraction(0)] * (len(base) - len(values))
                rows = tuple(r.with_pays(v) for r, v in zip(base, values, strict=True))
        _check_rows(rows, deck)
        scale, scaled = _scaled(rows)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "pays", tuple(r.pays for r in rows))
        object.__setattr__(self, "wilds", deck)
        object.__setattr__(self, "wild", deck == "deuces")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_scale", scale)
        object.__setattr__(self, "_scaled", scaled)
        object.__setattr__(self, "_kernel", KernelObjective(
            ObjectiveKind.PAY_TABLE, self.wild, scale=scale, pays=scaled,
        ) if self.is_classes else None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"PayTable is immutable (cannot set {name!r})")

    __setstate__ = set_frozen_state  # (pickle and copy: set as made)

    def with_pays(self, pays: Iterable[Any], *, name: str | None = None) -> PayTable:
        """The same rows with other payouts, in row order (a shorter list
        pays 0 on the rows left over)."""
        if isinstance(pays, (str, bytes)) or not isinstance(pays, Iterable):
            raise PedronTypeError(f"pays must be a list of payouts, not {type(pays).__name__}")
        check_iterable(pays, "pays")
        given = list(itertools.islice(pays, len(self.rows) + 1))
        if not given or len(given) > len(self.rows):
            raise PedronValueError(f"pays: 1..{len(self.rows)} payouts (one per row, in the "
                                   f"table's order), got {len(given)}")
        values = [exact_rational(p, f"payout {i + 1} ({self.rows[i].label})")
                  for i, p in enumerate(given)]
        values += [Fraction(0)] * (len(self.rows) - len(values))
        rows = [r.with_pays(v) for r, v in zip(self.rows, values, strict=True)]
        return PayTable(rows, wilds=self.wilds, name=name)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every row in words, in order."""
        return tuple(r.label for r in self.rows)

    @property
    def is_classes(self) -> bool:
        """Whether the rows are the outcome classes of the mode (the tables
        the draw advisor ranks by)."""
        if self.wilds == "joker":
            return False
        base = outcome_rows(self.wild)
        return len(base) == len(self.rows) and all(
            a.same_hands(b) for a, b in zip(base, self.rows, strict=True))

    @property
    def classes(self) -> tuple[Outcome, ...]:
        """The outcome classes paid on, best first (aligned with :attr:`pays`);
        only for a table made of the classes (:attr:`is_classes`)."""
        if not self.is_classes:
            raise PedronValueError("this pay table pays by its own rows, not by the outcome "
                                   "classes: see .rows")
        return outcome_classes(self.wild)

    def pay(self, outcome: Outcome | str) -> Fraction:
        """The payout of one outcome class, or of a row by its label."""
        if isinstance(outcome, str):
            for r in self.rows:
                if r.label == outcome:
                    return r.pays
            raise PedronValueError(f"no row {outcome!r} in this pay table")
        try:
            return self.pays[self.classes.index(outcome)]
        except ValueError:
            raise PedronValueError(f"{shown(outcome)} is not a class of this pay table") from None

    def hand_values(self) -> tuple[Any, Any]:
        """Per five-card hand of the deck (by colex rank) its row (uint8;
        ``len(rows)`` for none) and its scaled payout (int64: the payout times
        :attr:`scale`)."""
        return _hand_values(self.wilds, self.rows, self._scaled)

    def row_lookup(self) -> Any:
        """For every hand descriptor (16 bits: category, rank, kicker and
        wild cards, as :mod:`pedron._kernels.videopoker` packs them), the index
        of the first row it matches (``len(rows)``: none), as uint8."""
        return _row_of(self.rows)

    @property
    def scale(self) -> int:
        """The common denominator of the payouts."""
        return self._scale

    def as_dict(self) -> dict[str, Any]:
        """Plain data: the name, the deck and every row (payouts as text)."""
        return {
            "name": self.name,
            "wild": self.wild,
            "wilds": self.wilds,
            "pays": {r.label: str(r.pays) for r in self.rows},
            "rows": [r.as_dict() for r in self.rows],
        }

    def kernel(self, wild: bool) -> KernelObjective:
        k = self._kernel
        if k is None:
            raise PedronValueError(
                "the draw advisor ranks by outcome classes; this pay table pays by its own "
                "rows (use pedron.videopoker.best_hold)")
        if wild != self.wild:
            mode = "deuces-wild" if self.wild else "natural"
            raise PedronValueError(f"a {mode} pay table cannot rank a wild={wild} analysis")
        return k

    def value(self, option: DrawOption) -> Fraction:
        self.kernel(option.wild)
        counts = option.class_count_values
        total = sum(p * n for p, n in zip(self._scaled, counts, strict=True))
        return Fraction(total, option.outcomes * self._scale)

    def __eq__(self, other: object) -> bool:
        return type(other) is PayTable and other.rows == self.rows and other.wilds == self.wilds

    def __hash__(self) -> int:
        return hash((self.rows, self.wilds))

    def __repr__(self) -> str:
        shown = len(self.pays)
        while shown > 1 and self.pays[shown - 1] == 0:
            shown -= 1
        body = "/".join(str(p) for p in self.pays[:shown])
        label = f"{self.name!r}, " if self.name else ""
        deck = f"wild={self.wild}" if self.wilds != "joker" else "wilds='joker'"
        return f"PayTable({label}{body}, {deck})"


def _wilds_arg(wild: Any, wilds: Any) -> str:
    if wilds is not None:
        deck = exact_str(wilds, "wilds")
        if deck not in WILDS:
            raise PedronValueError(f"wilds is one of {', '.join(WILDS)}, not {deck!r}")
        if wild is not None and exact_flag(wild, "wild") != (deck == "deuces"):
            raise PedronValueError(f"wild={wild} contradicts wilds={deck!r}")
        return deck
    if wild is None:
        return "deuces"
    return "deuces" if exact_flag(wild, "wild") else "none"


def _check_rows(rows: tuple[PayRow, ...], deck: str) -> None:
    for i, r in enumerate(rows, 1):
        what = f"pays: row {i} ({r.label})"
        if r.pays < 0:
            raise PedronValueError(f"{what} pays {r.pays}: payouts are at least 0")
        if r.wild is not None and deck == "none":
            raise PedronValueError(f"{what}: no wild cards in a wilds='none' game")
        if r.hand == "four deuces" and deck != "deuces":
            raise PedronValueError(f"{what}: four deuces are a deuces-wild hand")


def _scaled(rows: tuple[PayRow, ...]) -> tuple[int, tuple[int, ...]]:
    """The common denominator and the payouts times it, each checked to be
    exact in the kernels (the first row that breaks the bound is named)."""
    scale = 1
    for i, r in enumerate(rows, 1):
        scale = math.lcm(scale, r.pays.denominator)
        if scale > MAX_SCALED_PAY:
            raise PedronValueError(
                f"pays: row {i} ({r.label}) pays {shown(r.pays)}: the payouts' common "
                f"denominator "
                f"passes {MAX_SCALED_PAY:,} (2**39), too fine to count exactly")
    scaled = []
    for i, r in enumerate(rows, 1):
        x = r.pays.numerator * (scale // r.pays.denominator)
        if x > MAX_SCALED_PAY:
            raise PedronValueError(
                f"pays: row {i} ({r.label}) pays {shown(r.pays)}: too large to count exactly "
                f"(at most {MAX_SCALED_PAY:,} (2**39) after scaling to the common "
                f"denominator {scale})")
        scaled.append(x)
    return scale, tuple(scaled)


class Beat(Objective):
    """The chance of finishing strictly better than ``target``.

    ``target`` is a hand (any form the evaluator takes: text, card ints, a mask), or
    a distribution of opponent hands: a mapping ``strength -> count`` (or
    weight; ints), or a :class:`~pedron.drawpoker.DrawOption` (any
    :class:`Distribution`), whose final hands are taken with their counts.
    The value of an exchange is ``P(win) + ties * P(tie)``, where ``P(win)``
    is the chance the final hand is strictly stronger and ``P(tie)`` equally
    strong (the opponent's and the player's cards are treated as independent:
    no card removal between them).
    """

    __slots__ = ("_kernel", "_total", "target", "ties", "wild")
    kind = ObjectiveKind.BEAT
    target: Any
    wild: bool
    ties: Fraction
    _kernel: KernelObjective
    _total: int

    def __init__(self, target: Any, *, wild: bool = True, ties: Any = 0) -> None:
        if type(wild) is not bool:
            raise PedronTypeError(f"wild must be a bool, not {type(wild).__name__}")
        n = _ev.strength_count(wild)
        # The counts are summed as Python ints and bounded before any goes into the
        # kernel's 64-bit arrays (summed there, 2**64 - 1 and 2 made a total of 1).
        counts: dict[int, int] = {}
        if isinstance(target, Distribution):
            if target.wild != wild:
                raise PedronValueError("the target option is on the other strength scale")
            counts = {int(s): int(c) for s, c in target.strength_counts().items()}
        elif isinstance(target, Mapping):
            for s, c in target.items():
                s = exact_int(s, f"target: a strength (1..{n})", PedronValueError)
                if not 1 <= s <= n:
                    raise PedronValueError(f"target: a strength is an int 1..{n}, not {s!r}")
                c = exact_int(c, "target: a count (>= 0)", PedronValueError)
                if c < 0:
                    raise PedronValueError(f"target: a count is an int >= 0, not {c!r}")
                counts[s] = counts.get(s, 0) + c
        else:
            counts = {_ev.strength(target, wild=wild): 1}
        total = sum(counts.values())
        if total == 0:
            raise PedronValueError("target: the distribution is empty")
        tie = exact_rational(ties, "ties")
        if not 0 <= tie <= 1:
            raise PedronValueError(f"ties must be 0..1, not {shown(tie)}")
        if total * tie.denominator * 1533939 >= 1 << 62:
            raise PedronValueError("target: the weights are too large to count exactly")
        weights = np.zeros(n + 1, dtype=np.uint64)
        for s, c in counts.items():
            weights[s] = c
        below = np.zeros(n + 1, dtype=np.uint64)
        below[1:] = np.cumsum(weights)[:-1]
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "ties", tie)
        object.__setattr__(self, "_kernel", KernelObjective(
            ObjectiveKind.BEAT, wild, scale=total, below=below, at=weights,
            tie_num=tie.numerator, tie_den=tie.denominator))
        object.__setattr__(self, "_total", total)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Beat is immutable (cannot set {name!r})")

    __setstate__ = set_frozen_state  # (pickle and copy: set as made)

    @property
    def opponents(self) -> int:
        """Total weight of the target distribution (1 for one hand)."""
        return int(self._total)

    def kernel(self, wild: bool) -> KernelObjective:
        if wild != self.wild:
            raise PedronValueError("Beat: the target is on the other strength scale")
        return self._kernel

    def wins_ties(self, option: DrawOption) -> tuple[Fraction, Fraction]:
        """(P(win), P(tie)) of one exchange, exactly."""
        below, at = self._kernel.below, self._kernel.at
        win = tie = 0
        for s, c in option.strength_counts().items():
            win += c * int(below[s])
            tie += c * int(at[s])
        d = option.outcomes * self._total
        return Fraction(win, d), Fraction(tie, d)

    def value(self, option: DrawOption) -> Fraction:
        win, tie = self.wins_ties(option)
        return win + self.ties * tie

    def __repr__(self) -> str:
        return f"Beat({self.target!r}, wild={self.wild}, ties={self.ties})"


class Custom(Objective):
    """Rank by any function of an exchange's exact distribution.

    ``fn(option)`` gets a :class:`~pedron.drawpoker.DrawOption` (with its
    class counts and, on demand, its strength counts) and returns a number
    (int, Fraction or float, numpy's too, or a Decimal; read exactly: a plain
    int, a Fraction or a float); higher ranks first. NaN and infinities are
    refused (:class:`~pedron.errors.PedronValueError`): NaN compares false
    with everything, so it would rank the exchanges in no order at all.
    Passing a plain callable as ``objective`` wraps it in this class.
    """

    __slots__ = ("fn",)
    fn: Callable[[DrawOption], Any]

    def __init__(self, fn: Callable[[DrawOption], Any]) -> None:
        if not callable(fn):
            raise PedronTypeError(f"a custom objective is callable, not {type(fn).__name__}")
        object.__setattr__(self, "fn", fn)

    def value(self, option: DrawOption) -> Any:
        return _ranking_value(self.fn(option))

    def __repr__(self) -> str:
        return f"Custom({getattr(self.fn, '__qualname__', self.fn)!r})"


def _ranking_value(v: Any) -> int | Fraction | float:
    """A custom objective's result, read exactly: a plain int, a Fraction or a
    finite float (numpy's numbers and Decimals included); anything else, NaN
    and the infinities refused."""
    if isinstance(v, bool):
        raise PedronTypeError("the objective returned a bool, not a number")
    if isinstance(v, numbers.Integral):
        return exact_int(v, "the objective's value")
    if isinstance(v, Fraction):
        return Fraction(v.numerator, v.denominator)
    if isinstance(v, Rational):
        return exact_rational(v, "the objective's value")
    if isinstance(v, Decimal):
        if not v.is_finite():
            raise PedronValueError(f"the objective returned {v}: not a finite number")
        return exact_rational(v, "the objective's value")
    if isinstance(v, numbers.Real):  # floats, numpy's (float16..float64) included
        try:
            f = float(v)
        except (TypeError, ValueError, OverflowError):
            raise PedronTypeError(
                f"the objective returned {type(v).__name__}, not a plain number") from None
        if not math.isfinite(f):
            raise PedronValueError(
                f"the objective returned {f}: NaN and infinities cannot rank exchanges")
        if f != v:  # (a float-like whose float() is not its value)
            raise PedronValueError(f"the objective returned {v!r}, which is not exactly a "
                                   "float")
        return f
    raise PedronTypeError(f"the objective returned {type(v).__name__}, not a number")


DEFAULT = ExpectedStrength()


def objective_arg(objective: Any, wild: bool) -> Objective:
    """The objective a caller passed (None = expected strength)."""
    if objective is None:
        return DEFAULT
    if isinstance(objective, Objective):
        return objective
    if callable(objective):
        return Custom(objective)
    raise PedronTypeError(
        f"objective must be an Objective, a PayTable or a callable, not "
        f"{type(objective).__name__}"
    )
