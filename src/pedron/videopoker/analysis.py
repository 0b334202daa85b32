"""The exact optimal-strategy analysis of a video-poker pay table.

Five cards are dealt from a 52-card deck; the player holds any of them
(0..5) and the rest are replaced from the 47 cards left; the final hand is
paid by the pay table. The analysis finds, for every one of the 2,598,960
deals, the hold of highest expected payout, and from it the game's return,
the probability of every outcome class and the variance, all exact.

Every deal is weighted alike and every draw of a hold by
``7,669,695 / C(47, cards drawn)`` (7,669,695 is a multiple of every
``C(47, k)``), so the whole game is 2,598,960 x 7,669,695 =
19,933,230,517,200 equally weighted combinations, the unit the published
analyses count in.

Equal-EV holds: when two holds of a deal have the same expected payout, the
one drawing fewer cards is taken, then the lower discard mask (position
``i`` of the hand counting ``2**i``; the cards sorted ascending for the
whole-game analysis). The return
does not depend on that choice; the class counts and the variance can.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from pedron._kernels import videopoker as _vp
from pedron.cards import format_cards, parse_cards
from pedron.diablo.objectives import PayTable
from pedron.diablo.outcomes import Outcome, outcome_classes
from pedron.errors import PedronTypeError, PedronValueError
from pedron.videopoker.tables import pay_table as _pay_table

__all__ = ["DEALS", "WEIGHT", "Analysis", "Hold", "HoldAnalysis", "analyse", "best_hold"]

DEALS = 2_598_960
"""Five-card deals from 52 cards."""
WEIGHT = 7_669_695
"""The weight of one deal: a multiple of every C(47, k), k = 0..5."""
COMBINATIONS = DEALS * WEIGHT
"""19,933,230,517,200: the weighted combinations of a whole game."""
_SUIT_CLASSES = 134_459
_CHUNKS = 64  # work units for the threads (and progress steps)


def _hand_arg(hand: Any) -> tuple[int, ...]:
    if isinstance(hand, str):
        cards = tuple(parse_cards(hand))
    elif isinstance(hand, Iterable):
        cards = tuple(hand)
    else:
        raise PedronTypeError(f"a hand is text or card ints, not {type(hand).__name__}")
    from pedron.diablo.draw import _hand_arg as check

    return check(cards)


class Hold:
    """One hold of a dealt hand and the exact distribution of its draws.

    Attributes: ``held`` and ``discard`` (card ints, hand order), ``draws``
    (C(47, len(discard)) equally likely draws), ``pay_total`` (the payout
    summed over them, exact), ``value`` (the expected payout, a Fraction),
    ``class_counts`` (draws per outcome class, best class first).
    """

    __slots__ = ("class_counts", "discard", "draws", "held", "pay_total", "value", "wild")

    def __init__(self, held: tuple[int, ...], discard: tuple[int, ...], pay_total: int,
                 counts: tuple[int, ...], scale: int, wild: bool) -> None:
        self.held = held
        self.discard = discard
        self.draws = comb(47, len(discard))
        self.pay_total = Fraction(pay_total, scale)
        self.value = Fraction(pay_total, self.draws * scale)
        self.wild = wild
        self.class_counts = tuple(zip(outcome_classes(wild), counts, strict=True))

    @property
    def ev(self) -> float:
        """The expected payout as a float."""
        return float(self.value)

    def probability(self, outcome: Outcome) -> Fraction:
        """The chance of finishing in ``outcome``, exactly."""
        for c, n in self.class_counts:
            if c == outcome:
                return Fraction(n, self.draws)
        raise PedronValueError(f"{outcome!r} is not a class of this game")

    def as_dict(self) -> dict[str, Any]:
        return {
            "hold": format_cards(self.held), "discard": format_cards(self.discard),
            "draws": self.draws, "ev": str(self.value), "ev_float": float(self.value),
            "counts": {c.name.lower(): n for c, n in self.class_counts if n},
        }

    def __repr__(self) -> str:
        return (f"Hold(hold={format_cards(self.held) or '-'!r}, "
                f"discard={format_cards(self.discard) or '-'!r}, ev={float(self.value):.6f})")


class HoldAnalysis(tuple[Hold, ...]):
    """The 32 holds of one dealt hand, best first (see the module on ties)."""

    @property
    def best(self) -> Hold:
        return self[0]

    def table(self, limit: int | None = None) -> str:
        lines = [f"{'hold':<16} {'discard':<16} {'EV':>10}"]
        for h in self[:limit]:
            lines.append(f"{format_cards(h.held) or '-':<16} "
                         f"{format_cards(h.discard) or '-':<16} {float(h.value):10.6f}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"HoldAnalysis(best={self[0]!r}, {len(self)} holds)"


class Analysis:
    """The result of :func:`analyse`: a pay table played perfectly.

    Attributes:
        pay_table: the :class:`~pedron.diablo.objectives.PayTable`.
        return_: the expected payout per unit bet, a Fraction
            (:attr:`return_float` as a float; 1 is break-even).
        class_counts: weighted combinations per outcome class, best first
            (they sum to :data:`COMBINATIONS`).
        variance: the variance of the payout per hand, exact.
        tied_deals: how many of the 2,598,960 deals have two or more holds of
            exactly the best EV (see the module on how they are broken).
    """

    tied_deals: int

    def __init__(self, table: PayTable, total: int, counts: list[int]) -> None:
        self.pay_table = table
        self.wild = table.wild
        scale = table._scale
        self.return_ = Fraction(total, COMBINATIONS * scale)
        self.class_counts = dict(zip(outcome_classes(table.wild), counts, strict=True))
        second = sum(p * p * n for p, n in zip(table.pays, counts, strict=True))
        mean_from_counts = sum(p * n for p, n in zip(table.pays, counts, strict=True))
        if Fraction(mean_from_counts) != Fraction(total, scale):  # one analysis, two sums
            raise RuntimeError("videopoker: the class counts disagree with the return")
        self.variance = Fraction(second, COMBINATIONS) - self.return_ ** 2
        self.tied_deals = 0

    @property
    def return_float(self) -> float:
        return float(self.return_)

    @property
    def combinations(self) -> int:
        return COMBINATIONS

    @property
    def probabilities(self) -> dict[Outcome, Fraction]:
        """The chance of each outcome class per hand played, exactly."""
        return {c: Fraction(n, COMBINATIONS) for c, n in self.class_counts.items()}

    def best_hold(self, hand: Any) -> HoldAnalysis:
        """Every hold of a dealt hand with its exact EV, best first."""
        return best_hold(hand, self.pay_table)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pay_table": self.pay_table.as_dict(),
            "return": str(self.return_),
            "return_float": self.return_float,
            "combinations": COMBINATIONS,
            "variance": float(self.variance),
            "tied_deals": self.tied_deals,
            "counts": {c.name.lower(): n for c, n in self.class_counts.items()},
            "probabilities": {c.name.lower(): float(p) for c, p in self.probabilities.items()},
        }

    def __repr__(self) -> str:
        name = self.pay_table.name or "/".join(str(p) for p in self.pay_table.pays)
        return (f"Analysis({name!r}, return={self.return_float:.6%}, "
                f"variance={float(self.variance):.4f})")


def _sums(table: PayTable, five: bool = True) -> tuple[tuple[Any, ...], tuple[Any, ...], int]:
    tables, _ = _vp.class_tables(table.wild)
    pays = np.array(table._scaled, dtype=np.int64)
    return _vp.pay_sums(tables, pays, five), tables, len(pays)


def analyse(pays: Any = "full-pay-deuces-wild", *, game: str | None = None,
            threads: int | None = 1,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """The exact return, class counts and variance of a pay table played perfectly.

    ``pays`` is a :class:`~pedron.diablo.objectives.PayTable`, a name
    (:data:`~pedron.videopoker.PAY_TABLES`) or a list of payouts (``game``:
    ``"deuces-wild"`` or ``"jacks-or-better"``). ``threads`` splits the deals
    across threads (the work runs without the GIL; None: one per CPU).
    ``progress(done, total)`` is called as suit classes are finished.
    """
    table = _pay_table(pays, game=game)
    from pedron._kernels._common import threads_count

    nthreads = threads_count(threads)
    sums, tables, _ = _sums(table, five=False)
    n = _SUIT_CLASSES
    chunks = [(i * n // _CHUNKS, (i + 1) * n // _CHUNKS) for i in range(_CHUNKS)]
    sizes = (1, 52, 1326, 22100, 270725)
    pays = np.array(table._scaled, dtype=np.int64)
    cls5 = tables[0]
    results: list[tuple[int, tuple[Any, ...], Any, int]] = []
    lock = threading.Lock()
    done = [0]
    pending = iter(chunks)

    def work() -> None:
        # Each thread takes the next chunk when it is free (chunks differ in
        # cost, so a fixed share would leave one thread waiting at the end);
        # the sums are of exact integers, so the order of the chunks does not
        # matter to the result.
        weights = tuple(np.zeros(k, dtype=np.int64) for k in sizes)
        five = np.zeros(len(pays), dtype=np.int64)
        tied = np.zeros(1, dtype=np.int64)
        total = 0
        while True:
            with lock:
                chunk = next(pending, None)
            if chunk is None:
                break
            a, b = chunk
            total += _vp.solve_range(sums, weights, cls5, pays, five, a, b, tied)
            with lock:
                done[0] += b - a
                if progress is not None and nthreads == 1:
                    progress(done[0], n)
        with lock:
            results.append((total, weights, five, int(tied[0])))

    if progress is not None:
        progress(0, n)
    if nthreads == 1:
        work()
    else:
        pool = [threading.Thread(target=work) for _ in range(nthreads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        if progress is not None:
            progress(n, n)
    total = sum(r[0] for r in results)
    weights = results[0][1]
    for _, other, _, _ in results[1:]:
        for a, b in zip(weights, other, strict=True):
            a += b
    five_total = sum(r[2] for r in results)
    counts = [int(c) + int(f) for c, f in
              zip(_vp.class_totals(tables, weights), five_total, strict=True)]
    result = Analysis(table, total, counts)
    result.tied_deals = sum(r[3] for r in results)
    return result


def best_hold(hand: Any, pays: Any = "full-pay-deuces-wild", *,
              game: str | None = None) -> HoldAnalysis:
    """Every hold of a dealt five-card hand, best first, with exact EVs and
    class counts under a pay table (see :func:`analyse` for ``pays``).
    Equal EVs go to fewer cards drawn, then to the lower discard mask
    (position ``i`` of the hand counting ``2**i``)."""
    cards = _hand_arg(hand)
    table = _pay_table(pays, game=game)
    sums, tables, ncls = _sums(table)
    rows = _vp.hand_holds(sums, tables, ncls, cards)
    holds = []
    for disc in range(32):
        pay_total, counts = rows[disc]
        held = tuple(c for i, c in enumerate(cards) if not disc >> i & 1)
        gone = tuple(c for i, c in enumerate(cards) if disc >> i & 1)
        holds.append(Hold(held, gone, pay_total, counts, table._scale, table.wild))
    holds.sort(key=lambda h: (-h.value, len(h.discard)))  # stable: mask order on full ties
    return HoldAnalysis(holds)
