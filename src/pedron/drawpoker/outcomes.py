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

Pay rows (:class:`PayRow`) generalise the classes: a final hand with
whatever refines it (the rank of the four or five of a kind, the pair's
rank, the kicker, natural or wild), so that a pay table is a list of rows
and every video-poker game is data. :func:`outcome_rows` gives the rows
equal to the classes above.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from pedron._exact import check_iterable, exact_flag, exact_int, exact_rational
from pedron._kernels import diablo_eval as _ev
from pedron._kernels import draw_kernel as _dk
from pedron.drawpoker.categories import Category
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = [
    "DEUCES_WILD_OUTCOMES",
    "HANDS",
    "NATURAL_OUTCOMES",
    "Outcome",
    "PayRow",
    "outcome_classes",
    "outcome_of",
    "outcome_rows",
    "parse_ranks",
]


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
    return DEUCES_WILD_OUTCOMES if exact_flag(wild, "wild") else NATURAL_OUTCOMES


def outcome_of(hand: Any, *, wild: bool = True) -> Outcome:
    """The outcome class of a five-card hand (any form :func:`~pedron.diablo.evaluate` takes)."""
    mask = _ev.hand_mask_checked(hand)
    s = _ev.strength(mask, wild=wild)
    deuces = (mask & 0xF).bit_count()  # cards 0..3 are the four 2s
    return outcome_classes(wild)[_dk.class_of(s, deuces, exact_flag(wild, "wild"))]


# ---------------------------------------------------------------------------
# Pay rows

HANDS: dict[str, int] = {
    "royal flush": 9, "five of a kind": 10, "four deuces": 10, "straight flush": 9,
    "four of a kind": 8, "full house": 7, "flush": 6, "straight": 5, "three of a kind": 4,
    "two pair": 3, "pair": 2, "high card": 1,
}
"""The final hands a pay row can name, and the evaluator's category of each
(a royal flush is the ace-high straight flush; four deuces, any hand with the
four deuces, plays as five of a kind of its fifth card)."""

_RANKED = {"four deuces", "five of a kind", "four of a kind", "full house", "three of a kind",
           "two pair", "pair"}
_RANK_CHARS = "23456789TJQKA"
_RANK_WORDS = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens",
               "kings", "aces")
_SHORT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def parse_ranks(spec: Any, what: str = "ranks") -> frozenset[int]:
    """A set of ranks (0 is a 2, 12 an ace) from text (``"A"``, ``"2-4"``,
    ``"5-K"``, ``"JQKA"``, ``"10"``), an iterable of such text or of rank
    ints, or a rank int."""
    if isinstance(spec, str):
        text = spec.upper().replace("10", "T").replace(" ", "").replace(",", "")
        if not text or len(text) > 40:
            raise PedronValueError(f"{what}: not a rank set: {spec!r}")
        out: set[int] = set()
        for part in re.findall(r".-.|.", text):
            if len(part) == 3:
                lo, hi = (_rank_char(c, what, spec) for c in (part[0], part[2]))
                if lo == 12 and hi < 12:   # "A-4": the ace low, then 2..4
                    out.add(12)
                    lo = 0
                if lo > hi:
                    raise PedronValueError(f"{what}: {part} runs downwards in {spec!r}")
                out.update(range(lo, hi + 1))
            else:
                out.add(_rank_char(part, what, spec))
        return frozenset(out)
    if isinstance(spec, Iterable) and not isinstance(spec, (bytes, bytearray)):
        check_iterable(spec, what)
        items = list(itertools.islice(spec, 14))   # (an endless iterable stops here)
        if not items or len(items) > 13:
            raise PedronValueError(f"{what}: 1..13 ranks, not {len(items)}")
        out = set()
        for x in items:
            out |= parse_ranks(x, what)
        return frozenset(out)
    r = exact_int(spec, f"{what} (rank text or a rank int 0..12)", PedronTypeError)
    if not 0 <= r <= 12:
        raise PedronValueError(f"{what}: a rank int is 0 (a 2) .. 12 (an ace), not {shown(r)}")
    return frozenset((r,))


def _rank_char(c: str, what: str, spec: str) -> int:
    i = _RANK_CHARS.find(c)
    if i < 0:
        raise PedronValueError(f"{what}: {c!r} is not a rank (2-9, T or 10, J, Q, K, A) "
                               f"in {spec!r}")
    return i


def _ranks_text(ranks: frozenset[int], plural: bool) -> str:
    """``aces``, ``2s-4s``, ``5s-Ks``, ``jacks or better`` style words."""
    rs = sorted(ranks)
    if len(rs) == 1:
        return (_RANK_WORDS if plural else _SHORT)[rs[0]]
    names = tuple(f"{n}s" for n in _SHORT) if plural else _SHORT
    if rs == list(range(rs[0], rs[-1] + 1)):
        return f"{names[rs[0]]}-{names[rs[-1]]}"
    if rs[-1] == 12 and rs[:-1] == list(range(0, len(rs) - 1)):   # the ace low: A-4
        return f"{names[12]}-{names[rs[-2]]}"
    return ",".join(names[r] for r in rs)


@dataclass(frozen=True, slots=True)
class PayRow:
    """One line of a pay table: a final hand, what refines it, and its payout.

    Attributes:
        hand: the final hand, one of :data:`HANDS` (``"four of a kind"``,
            ``"royal flush"``, ``"pair"``, ...).
        pays: the payout per unit bet, the amount returned including the bet
            (a Fraction; :class:`~pedron.drawpoker.PayTable` reads it
            exactly from ints, Fractions, Decimals and numeric text).
        ranks: the ranks the hand plays as, or None for any: the pair's rank
            (``"J-A"``: jacks or better), the rank of the three, four or five
            of a kind, the trips of a full house, the top pair of two pair; for
            four deuces the fifth card.
        kicker: the fifth card of a four of a kind (``"2-4"``), or None.
        wild: True for hands made with a wild card, False for natural ones,
            None for either (only in wild games).
        label: the row in words (made from the rest when not given).

    A hand is paid by the first row of its table it matches, so rows are
    listed best first and a general row may follow special ones (``"four
    aces + 2-4"`` before ``"four aces"`` before ``"four of a kind"``).
    """

    hand: str
    pays: Fraction = Fraction(0)
    ranks: frozenset[int] | None = None
    kicker: frozenset[int] | None = None
    wild: bool | None = None
    label: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.hand, str) or self.hand not in HANDS:
            raise PedronValueError(f"a pay row's hand is one of {', '.join(HANDS)}; "
                                   f"not {shown(self.hand)}")
        if type(self.hand) is not str:
            object.__setattr__(self, "hand", str.__str__(self.hand))
        if type(self.pays) is not Fraction:   # read exactly, as a pay table reads payouts
            object.__setattr__(self, "pays", exact_rational(self.pays, f"{self.hand}: pays"))
        if max(self.pays.numerator.bit_length(), self.pays.denominator.bit_length()) > 1000:
            # (a pay table refuses far less, naming its row; a row alone cannot be written)
            raise PedronValueError(f"{self.hand}: pays {shown(self.pays)}: too long a number")
        for name in ("ranks", "kicker"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, frozenset):
                object.__setattr__(self, name, parse_ranks(v, f"{self.hand}: {name}"))
        if self.ranks is not None and self.hand not in _RANKED:
            raise PedronValueError(f"a {self.hand} row cannot name ranks")
        if self.kicker is not None and self.hand != "four of a kind":
            raise PedronValueError("only a four of a kind row names a kicker")
        if self.wild is not None and self.wild is not True and self.wild is not False:
            raise PedronTypeError(f"PayRow.wild is True, False or None, not {self.wild!r}")
        if not isinstance(self.label, str):
            raise PedronTypeError("PayRow.label is text")
        if not self.label:
            object.__setattr__(self, "label", self.describe())

    def describe(self) -> str:
        """The row in words: ``"four aces + 2-4"``, ``"jacks or better"``,
        ``"wild royal flush"``."""
        hand = self.hand
        ranks, kicker = self.ranks, self.kicker
        if hand == "pair" and ranks is not None and max(ranks) == 12 \
                and ranks == frozenset(range(min(ranks), 13)) and len(ranks) > 1:
            words = f"{_RANK_WORDS[min(ranks)]} or better"
        elif ranks is not None and hand in ("four of a kind", "five of a kind",
                                            "three of a kind"):
            count = {"four of a kind": "four", "five of a kind": "five",
                     "three of a kind": "three"}[hand]
            words = f"{count} {_ranks_text(ranks, True)}"
        elif ranks is not None and hand == "four deuces":
            words = f"four deuces + {_ranks_text(ranks, False)}"
        elif ranks is not None:
            words = f"{hand} ({_ranks_text(ranks, False)})"
        else:
            words = hand
        if kicker is not None:
            words += f" + {_ranks_text(kicker, False)}"
        if self.wild is True:
            words = f"wild {words}"
        elif self.wild is False:
            words = f"natural {words}"
        return words

    def with_pays(self, pays: Fraction) -> PayRow:
        """The same row paying ``pays``."""
        return PayRow(self.hand, pays, self.ranks, self.kicker, self.wild, self.label)

    def same_hands(self, other: PayRow) -> bool:
        """Whether the two rows name the same hands (payouts and labels aside)."""
        return (self.hand, self.ranks, self.kicker, self.wild) == \
            (other.hand, other.ranks, other.kicker, other.wild)

    def as_dict(self) -> dict[str, Any]:
        """Plain data (ranks as text, the payout as exact text)."""
        out: dict[str, Any] = {"label": self.label, "hand": self.hand, "pays": str(self.pays)}
        if self.ranks is not None:
            out["ranks"] = "".join(_RANK_CHARS[r] for r in sorted(self.ranks))
        if self.kicker is not None:
            out["kicker"] = "".join(_RANK_CHARS[r] for r in sorted(self.kicker))
        if self.wild is not None:
            out["wild"] = self.wild
        return out


_JACKS_UP = frozenset(range(9, 13))
_TWOS_TO_TENS = frozenset(range(0, 9))
_ACE = frozenset((12,))
_OUTCOME_ROWS: dict[Outcome, PayRow] = {
    Outcome.NATURAL_ROYAL: PayRow("royal flush", ranks=None, wild=False,
                                  label="natural royal flush"),
    Outcome.FOUR_DEUCES: PayRow("four deuces"),
    Outcome.WILD_ROYAL: PayRow("royal flush", wild=True, label="wild royal flush"),
    Outcome.FIVE_OF_A_KIND: PayRow("five of a kind"),
    Outcome.ROYAL_FLUSH: PayRow("royal flush"),
    Outcome.STRAIGHT_FLUSH: PayRow("straight flush"),
    Outcome.FOUR_OF_A_KIND: PayRow("four of a kind"),
    Outcome.FULL_HOUSE: PayRow("full house"),
    Outcome.FLUSH: PayRow("flush"),
    Outcome.STRAIGHT: PayRow("straight"),
    Outcome.THREE_OF_A_KIND: PayRow("three of a kind"),
    Outcome.TWO_PAIR: PayRow("two pair"),
    Outcome.JACKS_OR_BETTER: PayRow("pair", ranks=_JACKS_UP),
    Outcome.LOW_PAIR: PayRow("pair", ranks=_TWOS_TO_TENS, label="low pair"),
    Outcome.ONE_PAIR: PayRow("pair", label="one pair"),
    Outcome.HIGH_CARD: PayRow("high card"),
}


def outcome_rows(wild: bool = True) -> tuple[PayRow, ...]:
    """The pay rows equal to the outcome classes of a mode, best first (paying 0)."""
    return tuple(_OUTCOME_ROWS[c] for c in outcome_classes(wild))
