"""The exact optimal-strategy analysis of a video-poker pay table.

Five cards are dealt (from 52 cards, or 53 with a joker); the player holds
any of them (0..5) and the rest are replaced from the cards left; the final
hand is paid by the pay table's first matching row. The analysis finds, for
every deal, the hold of highest expected payout, and from it the game's
return, the weighted count of every pay row and the variance, all exact.

Every deal is weighted alike and every draw of a hold by
``weight / C(unseen, cards drawn)`` (the weight, 7,669,695 for 52 cards and
8,561,520 for 53, is a multiple of every ``C(unseen, k)``), so a 52-card game
is 2,598,960 x 7,669,695 = 19,933,230,517,200 equally weighted combinations,
the unit published analyses count in.

Equal-EV holds (``tie_break``): the return never depends on which of two
holds of exactly equal EV is played; the row counts and the variance can.

* ``"fewer-drawn"`` (the default): the hold drawing fewer cards, then the
  lower discard mask (position ``i`` of the hand counting ``2**i``; the
  cards sorted ascending for the whole-game analysis).
* ``"published"``: the first hold of the best EV when the holds are taken
  in order of their hold mask over the cards sorted low to high (card
  ``i`` from the lowest counting ``2**i``: the hold whose highest kept card
  is lowest, and so on). This is the rule behind the Wizard of Odds'
  published return tables: with it pedron reproduces all thirteen class
  counts of their Full Pay Deuces Wild table, where the default differs in
  five (the two rules part on 10,296 deals, a four-card straight draw
  against a three-card straight-flush draw of the same EV).
* ``"least-variance"``: the hold whose payout varies least (the lower
  second moment: the EVs are equal), then as ``"fewer-drawn"``.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd
from typing import Any

import numpy as np

from pedron._exact import check_iterable, exact_int, exact_str
from pedron._kernels import videopoker as _vp
from pedron._kernels._common import in_threads
from pedron._machine import usable_cores
from pedron.cards import format_cards, parse_cards
from pedron.drawpoker import Outcome, PayTable, deck_tables
from pedron.errors import DuplicateCardError, PedronTypeError, PedronValueError
from pedron.text import shown
from pedron.videopoker.tables import Game
from pedron.videopoker.tables import pay_table as _pay_table

__all__ = ["COMBINATIONS", "DEALS", "MAX_THREADS", "TIE_BREAKS", "WEIGHT", "Analysis", "Hold",
           "HoldAnalysis", "analyse", "best_hold"]

DEALS = 2_598_960
"""Five-card deals from 52 cards."""
WEIGHT = 7_669_695
"""The weight of one 52-card deal: a multiple of every C(47, k), k = 0..5."""
COMBINATIONS = DEALS * WEIGHT
"""19,933,230,517,200: the weighted combinations of a whole 52-card game."""
TIE_BREAKS = ("fewer-drawn", "published", "least-variance")
"""How holds of exactly equal EV are ordered (see the module text)."""
_MAX_SQUARED = 1 << 19   # the largest reduced payout whose squares the kernel sums exactly
_CHUNKS = 64             # work units for the threads (and progress steps)
JOKER = 52
"""The joker's card number in a 53-card game (text: ``Jk``)."""


MAX_THREADS = max(2, usable_cores())
"""The most threads :func:`analyse` starts: the cores this process may use
(at least 2); more would only queue."""


def _threads_arg(threads: Any) -> int:
    if threads is None:
        return usable_cores()
    t = exact_int(threads, "threads (an int or None)")
    if not 1 <= t <= MAX_THREADS:
        raise PedronValueError(
            f"threads must be 1..{MAX_THREADS} (the usable cores here), got {shown(t)}")
    return t


def _tie_arg(tie_break: Any) -> int:
    text = exact_str(tie_break, "tie_break")
    if text not in TIE_BREAKS:
        raise PedronValueError(f"tie_break is one of {', '.join(TIE_BREAKS)}, not {text!r}")
    return TIE_BREAKS.index(text)


def _table_arg(pays: Any, game: Any) -> PayTable:
    if isinstance(pays, Game):
        return pays.table()
    return _pay_table(pays, game=game)


def parse_hand(hand: Any, wilds: str) -> tuple[int, ...]:
    """A dealt hand as five distinct card ints (text, ``"Jk"`` the joker in a
    53-card game, or ints)."""
    ncards = 53 if wilds == "joker" else 52
    if isinstance(hand, str):
        cards: list[int] = []
        for token in hand.replace(",", " ").split():
            if token.lower() in ("jk", "joker"):
                if ncards != 53:
                    raise PedronValueError("a joker is only in a joker game")
                cards.append(JOKER)
            else:
                cards.extend(parse_cards(token))
    elif isinstance(hand, Iterable):
        check_iterable(hand, "hand")
        cards = [exact_int(c, "a card (an int)") for c in itertools.islice(hand, 6)]
    else:
        raise PedronTypeError(f"a hand is text or card ints, not {type(hand).__name__}")
    if len(cards) != 5:
        raise PedronValueError(f"a hand has five cards, got {len(cards)}")
    for c in cards:
        if not 0 <= c < ncards:
            raise PedronValueError(f"a card is 0..{ncards - 1} here, not {c}")
    if len(set(cards)) != 5:
        raise DuplicateCardError(f"a hand repeats a card: {cards}")
    return tuple(cards)


def format_hand(cards: Iterable[int]) -> str:
    """Cards as text (the joker as ``Jk``)."""
    return " ".join("Jk" if c == JOKER else format_cards((c,)) for c in cards)


def _row_key(table: PayTable, i: int) -> Outcome | str:
    """How counts are keyed: the outcome class for a table of the classes,
    else the row's label; ``"nothing"`` past the last row."""
    if i == len(table.rows):
        return "nothing"
    if table.is_classes:
        return table.classes[i]
    return table.rows[i].label


class Hold:
    """One hold of a dealt hand and the exact distribution of its draws.

    Attributes: ``held`` and ``discard`` (card ints, hand order), ``draws``
    (equally likely draws), ``pay_total`` (the payout summed over them,
    exact), ``value`` (the expected payout, a Fraction), ``second_moment``
    (the mean squared payout), ``class_counts`` (draws per pay row, best
    first: keyed by outcome class for a table of the classes, else by label).
    """

    __slots__ = ("class_counts", "discard", "draws", "held", "pay_total", "second_moment",
                 "value")

    def __init__(self, held: tuple[int, ...], discard: tuple[int, ...], table: PayTable,
                 counts: list[int], unseen: int) -> None:
        self.held = held
        self.discard = discard
        self.draws = comb(unseen, len(discard))
        pays = (*table.pays, Fraction(0))
        self.pay_total = sum((p * n for p, n in zip(pays, counts, strict=True)), Fraction(0))
        self.value = self.pay_total / self.draws
        self.second_moment = sum((p * p * n for p, n in zip(pays, counts, strict=True)),
                                 Fraction(0)) / self.draws
        self.class_counts = tuple((_row_key(table, i), n) for i, n in enumerate(counts)
                                  if i < len(table.rows) or n)

    @property
    def ev(self) -> float:
        """The expected payout as a float."""
        return float(self.value)

    @property
    def variance(self) -> Fraction:
        """The variance of the payout, exactly."""
        return self.second_moment - self.value ** 2

    def probability(self, outcome: Outcome | str) -> Fraction:
        """The chance of finishing in a row (its outcome class or label), exactly."""
        for c, n in self.class_counts:
            if c == outcome:
                return Fraction(n, self.draws)
        raise PedronValueError(f"{outcome!r} is not a row of this game")

    def as_dict(self) -> dict[str, Any]:
        return {
            "hold": format_hand(self.held), "discard": format_hand(self.discard),
            "draws": self.draws, "ev": str(self.value), "ev_float": float(self.value),
            "counts": {(c.name.lower() if isinstance(c, Outcome) else c): n
                       for c, n in self.class_counts if n},
        }

    def __repr__(self) -> str:
        return (f"Hold(hold={format_hand(self.held) or '-'!r}, "
                f"discard={format_hand(self.discard) or '-'!r}, ev={float(self.value):.6f})")


class HoldAnalysis(tuple[Hold, ...]):
    """The 32 holds of one dealt hand, best first (see the module on ties)."""

    @property
    def best(self) -> Hold:
        return self[0]

    def table(self, limit: int | None = None) -> str:
        lines = [f"{'hold':<16} {'discard':<16} {'EV':>10}"]
        for h in self[:limit]:
            lines.append(f"{format_hand(h.held) or '-':<16} "
                         f"{format_hand(h.discard) or '-':<16} {float(h.value):10.6f}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"HoldAnalysis(best={self[0]!r}, {len(self)} holds)"


class Analysis:
    """The result of :func:`analyse`: a pay table played perfectly.

    Attributes:
        pay_table: the :class:`~pedron.drawpoker.PayTable`.
        return_: the expected payout per unit bet, a Fraction
            (:attr:`return_float` as a float; 1 is break-even).
        counts: weighted combinations per pay row by label, best first, and
            ``"nothing"`` for hands no row pays (they sum to
            :attr:`combinations`).
        class_counts: the same keyed by outcome class for a table of the
            classes (:attr:`~pedron.drawpoker.PayTable.is_classes`),
            else by label.
        variance: the variance of the payout per hand, exact.
        tied_deals: how many deals have two or more holds of exactly the
            best EV (see the module on how they are broken).
        tie_break: the rule used (:data:`TIE_BREAKS`).
        combinations: weighted combinations of the game (deals x weight).
    """

    def __init__(self, table: PayTable, counts: list[int], combinations: int, tied: int,
                 tie_break: str) -> None:
        if sum(counts) != combinations:   # every deal's draws counted once
            raise RuntimeError("videopoker: the row counts do not cover the game")
        self.pay_table = table
        self.wild = table.wild
        self.wilds = table.wilds
        self.combinations = combinations
        self.tied_deals = tied
        self.tie_break = tie_break
        pays = (*table._scaled, 0)
        scale = table._scale
        total = sum(p * n for p, n in zip(pays, counts, strict=True))
        second = sum(p * p * n for p, n in zip(pays, counts, strict=True))
        self.return_ = Fraction(total, combinations * scale)
        self.variance = Fraction(second, combinations * scale * scale) - self.return_ ** 2
        labels = [*table.labels, "nothing"]
        self.counts = {label: n for label, n in zip(labels, counts, strict=True)
                       if label != "nothing" or n}
        self.class_counts = {_row_key(table, i): n for i, n in enumerate(counts)
                             if i < len(table.rows) or n}

    @property
    def return_float(self) -> float:
        return float(self.return_)

    @property
    def probabilities(self) -> dict[Outcome | str, Fraction]:
        """The chance of each row per hand played, exactly."""
        return {c: Fraction(n, self.combinations) for c, n in self.class_counts.items()}

    def best_hold(self, hand: Any) -> HoldAnalysis:
        """Every hold of a dealt hand with its exact EV, best first."""
        return best_hold(hand, self.pay_table, tie_break=self.tie_break)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pay_table": self.pay_table.as_dict(),
            "return": str(self.return_),
            "return_float": self.return_float,
            "combinations": self.combinations,
            "variance": float(self.variance),
            "variance_exact": str(self.variance),
            "tied_deals": self.tied_deals,
            "tie_break": self.tie_break,
            "counts": dict(self.counts),
            "probabilities": {c: n / self.combinations for c, n in self.counts.items()},
        }

    def __repr__(self) -> str:
        name = self.pay_table.name or "/".join(str(p) for p in self.pay_table.pays)
        return (f"Analysis({name!r}, return={self.return_float:.6%}, "
                f"variance={float(self.variance):.4f})")


def _squared_sums(table: PayTable, v5: Any) -> tuple[Any, ...]:
    """Subset sums of the squared payouts (reduced by their common factor:
    only their order matters), for the least-variance tie-break."""
    g = 0
    for x in table._scaled:
        g = gcd(g, x)
    g = g or 1
    if max(table._scaled) // g > _MAX_SQUARED:
        raise PedronValueError(
            f"tie_break='least-variance' needs payouts at most {_MAX_SQUARED:,} times their "
            f"common unit; this table's largest is {max(table._scaled) // g:,}")
    reduced = v5 // g
    return _vp.subset_sums(reduced * reduced)


@dataclass(frozen=True)
class _ShareTally:
    """What one thread of :func:`analyse` counted over the chunks it took."""

    weights: tuple[Any, ...]
    """Per number of cards drawn, the weighted outcome counts (int64 arrays)."""
    rows: Any
    """The five-card counts per pay row (an int64 array)."""
    tied: int
    """How many of its deals have two or more holds of exactly the best EV."""


def analyse(pays: Any = "deuces-wild", *, game: str | Game | None = None,
            threads: int | None = 1, tie_break: str = "fewer-drawn",
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """The exact return, row counts and variance of a pay table played perfectly.

    ``pays`` is a :class:`~pedron.drawpoker.PayTable`, a name (a
    game of :data:`~pedron.videopoker.GAMES` or a table of
    :data:`~pedron.videopoker.PAY_TABLES`) or a list of payouts in a game's
    row order (``game``; default ``"deuces-wild"``). ``threads`` splits the
    deals across threads (the work runs without the GIL; None: one per
    usable core; at most :data:`MAX_THREADS`). ``tie_break`` orders holds of
    equal EV (:data:`TIE_BREAKS`). ``progress(done, total)`` is called as
    suit classes of deals are finished.
    """
    table = _table_arg(pays, game)
    nthreads = _threads_arg(threads)
    tie = _tie_arg(tie_break)
    if progress is not None and not callable(progress):
        raise PedronTypeError(f"progress must be callable, not {type(progress).__name__}")
    deck = deck_tables(table.wilds)
    row5, v5 = table.hand_values()
    sums = _vp.subset_sums(v5)
    sums2 = _squared_sums(table, v5) if tie == 2 else None
    del v5
    reps, cw = deck.deals, deck.deal_weights
    n = len(cw)
    chunks = [(i * n // _CHUNKS, (i + 1) * n // _CHUNKS) for i in range(_CHUNKS)]
    sizes = [comb(deck.cards, k) for k in range(5)]
    lock = threading.Lock()
    done = [0]
    pending = iter(chunks)

    def share(shares: Any, caller: bool) -> _ShareTally:
        # Each thread takes the next chunk when it is free (chunks differ in cost, a
        # few milliseconds each); the sums are of exact integers, so the order does not
        # matter. A Ctrl-C stops every thread at its next chunk (in_threads).
        weights = tuple(np.zeros(k, dtype=np.int64) for k in sizes)
        rows_out = np.zeros(256, dtype=np.int64)
        tied = np.zeros(1, dtype=np.int64)
        while not shares.stopping(caller):
            with lock:
                chunk = next(pending, None)
            if chunk is None:
                break
            a, b = chunk
            _vp.solve_range(sums, sums2, reps, cw, row5, deck.cards, tie, weights,
                            rows_out, tied, a, b)
            with lock:
                done[0] += b - a
                if progress is not None and nthreads == 1:
                    progress(done[0], n)
        return _ShareTally(weights, rows_out, int(tied[0]))

    if progress is not None:
        progress(0, n)
    results = in_threads([share] * nthreads, "pedron-videopoker")
    if progress is not None and nthreads > 1:
        progress(n, n)
    weights = results[0].weights
    for other in results[1:]:
        for a, b in zip(weights, other.weights, strict=True):
            a += b
    five = sum(r.rows for r in results)
    nrows = len(table.rows) + 1
    counts = [int(x) + int(y) for x, y in
              zip(_vp.row_totals(weights, row5, nrows, deck.cards), five[:nrows], strict=True)]
    return Analysis(table, counts, deck.combinations, sum(r.tied for r in results),
                    TIE_BREAKS[tie])


def best_hold(hand: Any, pays: Any = "deuces-wild", *, game: str | Game | None = None,
              tie_break: str = "fewer-drawn") -> HoldAnalysis:
    """Every hold of a dealt five-card hand, best first, with exact EVs and
    row counts under a pay table (see :func:`analyse` for ``pays`` and
    ``tie_break``; equal EVs go, with the default, to fewer cards drawn, then
    to the lower discard mask, position ``i`` of the hand counting ``2**i``).
    The joker of a 53-card game is ``Jk`` (card 52)."""
    table = _table_arg(pays, game)
    tie = _tie_arg(tie_break)
    cards = parse_hand(hand, table.wilds)
    deck = deck_tables(table.wilds)
    row5, _ = table.hand_values()
    nrows = len(table.rows) + 1
    counts = _vp.hold_counts(row5, nrows, deck.cards, cards)
    unseen = deck.cards - 5
    holds = []
    for disc in range(32):
        held = tuple(c for i, c in enumerate(cards) if not disc >> i & 1)
        gone = tuple(c for i, c in enumerate(cards) if disc >> i & 1)
        holds.append(Hold(held, gone, table, counts[disc].tolist(), unseen))
    if tie == 1:   # the lowest hold mask over the cards sorted low to high
        order = sorted(cards)
        holds.sort(key=lambda h: (-h.value, sum(1 << order.index(c) for c in h.held)))
    elif tie == 2:
        holds.sort(key=lambda h: (-h.value, h.second_moment, len(h.discard)))
    else:
        holds.sort(key=lambda h: (-h.value, len(h.discard)))  # stable: mask order on full ties
    return HoldAnalysis(holds)

