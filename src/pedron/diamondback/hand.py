"""Diamondback hands: the value of two cards, one at a time or in bulk.

A hand is two cards; only their ranks matter. There are 14 hands (the 15th
pair of ranks, Magician-Magician, cannot be dealt since every table keeps a
single Magician). Each hand has

* ``strength``: 14 for the best hand (Magician-Priestess) down to 1 for the
  worst (Priest-Priest); a larger strength beats a smaller one;
* ``position``: its line in the table of hands (docs/rules.md), 1 (best) to 14 (worst),
  i.e. ``15 - strength``;
* ``points``: the label of the original rules, 70 down to 5 (never used in
  play: ``75 - 5 * position``).

:func:`evaluate_batch` gives the strengths of many hands at once from an
(n, 2) uint8 buffer (compiled, GIL released); its arguments are those of
:func:`pedron.diablo.evaluate_batch`.

Hands given as integers are **ranks** by default (Priest 0, King 1, Queen 2,
Priestess 3, Magician 4); pass ``ids=True`` to give Diamondback card ids
(0..42) instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pedron._exact import check_iterable, exact_flag, exact_int
from pedron._kernels.diamondback_eval import evaluate_batch, evaluate_batch_unchecked
from pedron.diamondback.cards import (
    MAGICIAN,
    MAX_ID,
    PRIEST,
    RANK_CODES,
    RANK_NAMES,
    RANK_OF_ID,
    CardSet,
    format_id,
    parse_ids,
    parse_ranks,
)
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = [
    "HANDS",
    "STRENGTH",
    "HandLike",
    "HandValue",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "hand_by_strength",
    "hand_ranks",
    "strength_of_ids",
    "strength_of_ranks",
]

# The table of hands of the rules, best first, as (high rank, low rank).
_M, _S, _Q, _K, _P = 4, 3, 2, 1, 0
_TABLE: tuple[tuple[int, int], ...] = (
    (_M, _S),
    (_S, _S),
    (_M, _Q),
    (_M, _K),
    (_S, _K),
    (_S, _Q),
    (_S, _P),
    (_Q, _K),
    (_M, _P),
    (_Q, _Q),
    (_K, _K),
    (_Q, _P),
    (_K, _P),
    (_P, _P),
)
NUM_HANDS = 14


def _fields(strength: int) -> dict[str, Any]:
    """Every field of the hand of a strength (1..14), from the table of hands."""
    position = NUM_HANDS + 1 - strength
    hi, lo = _TABLE[position - 1]
    return {
        "strength": strength,
        "position": position,
        "name": f"{RANK_NAMES[hi]}-{RANK_NAMES[lo]}",
        "points": 75 - 5 * position,
        "ranks": (hi, lo),
    }


@dataclass(frozen=True, order=True, slots=True)
class HandValue:
    """The value of a two-card Diamondback hand: immutable, hashable, totally ordered.

    Attributes:
        strength: 14 for the best hand (Magician-Priestess) down to 1 for the
            worst (Priest-Priest); a greater strength is a better hand.
        position: the hand's line in the table of hands, 1 (best) to 14 (worst),
            ``15 - strength``.
        name: the hand in words, high rank first: ``"Magician-Priestess"``.
        points: the label of the original rules, 70 down to 5 (never used in play).
        ranks: the two ranks, high first (Priest 0, King 1, Queen 2, Priestess 3,
            Magician 4).

    Values are equal when their strength is and order by strength. There is one
    value per strength, 14 in all (:data:`HANDS`): :func:`evaluate` and
    :meth:`from_strength` return it (a pickled value comes back as it). Made
    directly, a value is checked against the table of hands: its fields must agree.
    """

    strength: int
    position: int = field(compare=False)
    name: str = field(compare=False)
    points: int = field(compare=False)
    ranks: tuple[int, int] = field(compare=False)

    def __post_init__(self) -> None:
        if type(self.strength) is not int or not 1 <= self.strength <= NUM_HANDS:
            raise CardError(
                f"a HandValue's strength is an int 1..14, not {self.strength!r} "
                "(HandValue.from_strength takes any exact int)"
            )
        given = {name: getattr(self, name) for name in ("position", "name", "points", "ranks")}
        expected = _fields(self.strength)
        del expected["strength"]
        if given != expected:
            raise PedronValueError(
                f"strength {self.strength} is {expected}, not {given}: "
                "use HandValue.from_strength"
            )

    @classmethod
    def from_strength(cls, strength: int) -> HandValue:
        """The hand of a strength, 1 (Priest-Priest) to 14 (Magician-Priestess)."""
        return hand_by_strength(strength)

    @property
    def description(self) -> str:
        """The hand in words (its :attr:`name`): ``"Magician-Priestess"``."""
        return self.name

    @property
    def code(self) -> str:
        """Short code, high rank first, e.g. ``"MS"``."""
        return RANK_CODES[self.ranks[0]] + RANK_CODES[self.ranks[1]]

    @property
    def is_pair(self) -> bool:
        """True for two cards of the same rank."""
        return self.ranks[0] == self.ranks[1]

    def __reduce__(self) -> tuple[Any, ...]:
        return (hand_by_strength, (self.strength,))

    def __repr__(self) -> str:
        return f"HandValue({self.description!r}, strength={self.strength})"

    def __str__(self) -> str:
        return self.description


def _make_hands() -> tuple[HandValue, ...]:
    return tuple(HandValue(**_fields(strength)) for strength in range(NUM_HANDS, 0, -1))


#: The 14 hands, best first (``HANDS[0]`` is Magician-Priestess, position 1).
HANDS: tuple[HandValue, ...] = _make_hands()
_BY_STRENGTH: tuple[HandValue | None, ...] = (None, *reversed(HANDS))


def _strength_table() -> tuple[tuple[int, ...], ...]:
    table = [[0] * 5 for _ in range(5)]
    for hand in HANDS:
        hi, lo = hand.ranks
        table[hi][lo] = table[lo][hi] = hand.strength
    return tuple(tuple(row) for row in table)


#: ``STRENGTH[a][b]``: strength (1..14) of ranks ``a`` and ``b`` in either order;
#: 0 for Magician-Magician, which cannot be dealt.
STRENGTH: tuple[tuple[int, ...], ...] = _strength_table()

_STRENGTH_OF_PAIR: dict[tuple[int, int], int] = {
    (a, b): STRENGTH[a][b] for a in range(5) for b in range(5) if STRENGTH[a][b]
}
_STRENGTH_OF_IDS: dict[tuple[int, int], int] = {
    (a, b): STRENGTH[RANK_OF_ID[a]][RANK_OF_ID[b]]
    for a in range(MAX_ID + 1)
    for b in range(MAX_ID + 1)
    if a != b
}
_HAND_OF_NAME: dict[str, HandValue] = {}
for _hand in HANDS:
    _hi_name, _lo_name = (RANK_NAMES[r].lower() for r in _hand.ranks)
    _HAND_OF_NAME[f"{_hi_name}-{_lo_name}"] = _hand
    _HAND_OF_NAME[f"{_lo_name}-{_hi_name}"] = _hand

HandLike = str | CardSet | HandValue | Iterable[Any]


def hand_by_strength(strength: int) -> HandValue:
    """The hand of the given strength, 1 (Priest-Priest) to 14 (Magician-Priestess)."""
    strength = exact_int(strength, "a Diamondback hand strength")
    if not 1 <= strength <= 14:
        raise CardError(f"Diamondback hand strength must be 1..14, not {shown(strength)}")
    hand = _BY_STRENGTH[strength]
    assert hand is not None
    return hand


def _exact_pair(a: Any, b: Any, what: str) -> tuple[int, int]:
    return exact_int(a, what), exact_int(b, what)


def strength_of_ranks(a: int, b: int) -> int:
    """Strength (1..14) of two rank ints (0 Priest .. 4 Magician), in either order.

    Meant for hot loops: a single dict lookup. Raises :class:`CardError` for a
    rank outside 0..4 or for Magician-Magician.
    """
    if type(a) is not int or type(b) is not int:  # numpy ints, int subclasses...
        a, b = _exact_pair(a, b, "a Diamondback rank")
    found = _STRENGTH_OF_PAIR.get((a, b))
    if found is not None:
        return found
    for x in (a, b):
        if not 0 <= x <= 4:
            raise CardError(f"Diamondback rank out of range 0..4: {shown(x)}")
    raise CardError("Magician-Magician cannot be dealt: every table has one Magician")


def strength_of_ids(a: int, b: int) -> int:
    """Strength (1..14) of two distinct Diamondback card ids (0..42)."""
    if type(a) is not int or type(b) is not int:
        a, b = _exact_pair(a, b, "a Diamondback card id")
    found = _STRENGTH_OF_IDS.get((a, b))
    if found is not None:
        return found
    for x in (a, b):
        if not 0 <= x <= MAX_ID:
            raise CardError(f"Diamondback card id out of range 0..{MAX_ID}: {shown(x)}")
    raise DuplicateCardError(f"the same card id twice in a hand: {a!r}")


_HAS_DIGIT = re.compile(r"\d")


def _ranks_of_text(text: str) -> tuple[int, ...]:
    # (ASCII only: str.lower() maps the Kelvin sign to "k", so "\u212aing" would be a King)
    name = _HAND_OF_NAME.get(text.strip().lower()) if text.isascii() else None
    if name is not None:
        return name.ranks
    if _HAS_DIGIT.search(text):
        ids = parse_ids(text)
        if len(ids) == 2 and ids[0] == ids[1]:
            raise DuplicateCardError(f"the same card twice in a hand: {text!r}")
        return tuple(RANK_OF_ID[i] for i in ids)
    return tuple(parse_ranks(text))


def _element_rank(x: Any) -> int:
    if isinstance(x, str):
        ranks = parse_ranks(x)
        if len(ranks) != 1:
            raise CardError(f"expected one Diamondback card, got {x!r}")
        return ranks[0]
    v = exact_int(x, "a Diamondback rank (an int or text)")
    if not 0 <= v <= 4:
        raise CardError(
            f"Diamondback rank out of range 0..4: {shown(x)} (pass ids=True for card ids)")
    return v


def _element_id(x: Any) -> int:
    if isinstance(x, str):
        found = parse_ids(x)
        if len(found) != 1:
            raise CardError(f"expected one specific Diamondback card, got {x!r}")
        return found[0]
    v = exact_int(x, "a Diamondback card id (an int or text)")
    if not 0 <= v <= MAX_ID:
        raise CardError(f"Diamondback card id out of range 0..{MAX_ID}: {x!r}")
    return v


def hand_ranks(hand: HandLike, *, ids: bool = False) -> tuple[int, int]:
    """The two ranks of a hand given in any accepted form (see :func:`evaluate`)."""
    ids = exact_flag(ids, "ids")
    if isinstance(hand, HandValue):
        return hand.ranks
    if isinstance(hand, str):
        ranks: tuple[int, ...] = _ranks_of_text(hand)
    elif isinstance(hand, CardSet):
        ranks = hand.ranks()
    else:
        try:
            check_iterable(hand, "a hand")
            items = list(hand)
        except (TypeError, NotImplementedError):  # (a 2-D memoryview cannot be listed)
            raise PedronTypeError(
                f"a Diamondback hand must be text, a CardSet or two cards, "
                f"not {type(hand).__name__}"
            ) from None
        if len(items) != 2:
            raise CardError(f"a Diamondback hand is two cards, got {len(items)}: {hand!r}")
        if ids:
            i, j = _element_id(items[0]), _element_id(items[1])
            if i == j:
                raise DuplicateCardError(f"the same card twice in a hand: {format_id(i)}")
            ranks = (RANK_OF_ID[i], RANK_OF_ID[j])
        else:
            ranks = (_element_rank(items[0]), _element_rank(items[1]))
    if len(ranks) != 2:
        raise CardError(f"a Diamondback hand is two cards, got {len(ranks)}: {hand!r}")
    a, b = ranks
    if a == MAGICIAN and b == MAGICIAN:
        raise CardError(
            "Magician-Magician cannot be dealt: every Diamondback table has one Magician"
        )
    return (a, b) if a >= b else (b, a)


def evaluate(hand: HandLike, *, ids: bool = False) -> HandValue:
    """The value of a two-card Diamondback hand.

    ``hand`` may be

    * text: full names or codes, any order and case, e.g. ``"Magician Priestess"``,
      ``"Magician-Priestess"``, ``"M S"``, ``"ms"``, or specific cards with copy
      numbers, ``"M1 S2"`` (two identical cards are an error);
    * a :class:`~pedron.diamondback.CardSet` of two card ids;
    * a sequence of two ints: **ranks** 0..4 by default (Priest 0, King 1,
      Queen 2, Priestess 3, Magician 4), or card ids 0..42 with ``ids=True``
      (the same id twice is an error); elements may also be card texts;
    * a :class:`HandValue` (returned as is).

    Magician-Magician cannot be dealt and raises :class:`~pedron.errors.CardError`.
    """
    if ids is not True and ids is not False:
        ids = exact_flag(ids, "ids")  # (an array's truth is not a flag)
    if isinstance(hand, tuple | list):
        if len(hand) == 2:  # fast path: two plain ints (not bools, not numpy ints)
            x, y = hand
            if type(x) is int and type(y) is int:
                found = (_HAND_OF_IDS if ids else _HAND_OF_RANKS).get((x, y))
                if found is not None:
                    return found
    elif isinstance(hand, str):
        if len(hand) > 64:  # long text is not cached: the cache would keep it alive
            return _evaluate_text.__wrapped__(hand)
        return _evaluate_text(hand)
    elif isinstance(hand, HandValue):
        return hand
    a, b = hand_ranks(hand, ids=ids)
    hv = _BY_STRENGTH[STRENGTH[a][b]]
    assert hv is not None
    return hv


@lru_cache(maxsize=1024)
def _evaluate_text(text: str) -> HandValue:
    a, b = hand_ranks(text)
    hv = _BY_STRENGTH[STRENGTH[a][b]]
    assert hv is not None
    return hv


_HAND_OF_RANKS: dict[tuple[int, int], HandValue] = {
    pair: hand_by_strength(s) for pair, s in _STRENGTH_OF_PAIR.items()
}
_HAND_OF_IDS: dict[tuple[int, int], HandValue] = {
    pair: hand_by_strength(s) for pair, s in _STRENGTH_OF_IDS.items()
}
assert HANDS[-1].ranks == (PRIEST, PRIEST)
