"""Diamondback cards: five ranks, and one id for every physical card.

Ranks, lowest first: Priest 0, King 1, Queen 2, Priestess 3, Magician 4, with
the short codes P, K, Q, S and M (S for prieStess, since P is the Priest).

A single deck holds 5 Priests, 4 Kings, 3 Queens, 2 Priestesses and one
Magician; larger tables join two or three decks and keep only one Magician.
Card ids are laid out so that each table's deck is a prefix of the ids:

* id 0 is the Magician;
* deck ``d`` (0, 1, 2) holds ids ``1 + 14*d`` to ``14 + 14*d``: five Priests,
  four Kings, three Queens, two Priestesses, in that order.

So the 2-player deck is ids 0..14, the 3-player deck 0..28 and the 4-player
deck 0..42. As text a specific card is its code and a copy number counted
over the decks, e.g. ``"Q4"`` is the first Queen of the second deck; the
Magician is ``"M1"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pedron._exact import exact_int, exact_str
from pedron._kernels.cardset import CardSet as _StandardCardSet
from pedron._kernels.deck import Deck as _Deck
from pedron.errors import CardError
from pedron.text import shown

__all__ = [
    "COPIES",
    "DECK_SIZES",
    "RANK_CODES",
    "RANK_NAMES",
    "RANK_OF_ID",
    "CardSet",
    "Deck",
    "card_id",
    "deck_mask",
    "format_id",
    "parse_ids",
    "parse_ranks",
    "rank_of",
]

PRIEST, KING, QUEEN, PRIESTESS, MAGICIAN = range(5)
RANK_NAMES = ("Priest", "King", "Queen", "Priestess", "Magician")
RANK_CODES = ("P", "K", "Q", "S", "M")
COPIES = (5, 4, 3, 2, 1)  # in one single deck
DECK_SIZES = {2: 15, 3: 29, 4: 43}
MAX_ID = 42

_BLOCK = (PRIEST,) * 5 + (KING,) * 4 + (QUEEN,) * 3 + (PRIESTESS,) * 2
RANK_OF_ID: tuple[int, ...] = (MAGICIAN,) + _BLOCK * 3


def _copy_numbers() -> tuple[int, ...]:
    seen = [0] * 5
    numbers = []
    for rank in RANK_OF_ID:
        seen[rank] += 1
        numbers.append(seen[rank])
    return tuple(numbers)


_COPY_OF_ID = _copy_numbers()
_ID_OF_COPY = {(r, n): i for i, (r, n) in enumerate(zip(RANK_OF_ID, _COPY_OF_ID, strict=True))}
_RANK_OF_WORD = {name.lower(): r for r, name in enumerate(RANK_NAMES)}
_RANK_OF_WORD.update({code.lower(): r for r, code in enumerate(RANK_CODES)})
_TOKEN = re.compile(r"(priestess|priest|king|queen|magician|[pkqsm])(\d*)", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;\-]+")


def _tokens(text: str) -> list[tuple[int, str]]:
    text = exact_str(text, "card text")  # a str subclass could lie to strip() or split()
    out = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            # (IGNORECASE also lets 'ſ', 'ı', 'İ' and the Kelvin sign match ASCII letters)
            if m is None or not m.group(1).isascii():
                raise CardError(f"not a Diamondback card: {chunk[pos:]!r} in {text!r}")
            out.append((_RANK_OF_WORD[m.group(1).lower()], m.group(2)))
            pos = m.end()
    return out


def parse_ranks(text: str) -> list[int]:
    """Rank ints from text such as ``"Magician Priestess"``, ``"M-S"`` or ``"ms"``.

    Copy numbers (``"Q4"``) are accepted and ignored.
    """
    return [rank for rank, _ in _tokens(text)]


def card_id(rank: int, copy: int) -> int:
    """The id of the ``copy``-th (1-based) card of ``rank`` over the joined decks."""
    rank = exact_int(rank, "a Diamondback rank")
    copy = exact_int(copy, "a copy number")
    try:
        return _ID_OF_COPY[(rank, copy)]
    except KeyError:
        raise CardError(
            f"there is no {RANK_NAMES[rank] if rank in range(5) else shown(rank)} "
            f"number {shown(copy)} (copies: 1..{COPIES[rank] * 3 if rank in range(4) else 1})"
        ) from None


def parse_ids(text: str) -> list[int]:
    """Card ids from text such as ``"Q4 S1 M1"``; each card needs its copy number."""
    ids = []
    for rank, digits in _tokens(text):
        if not digits:
            raise CardError(
                f"a specific {RANK_NAMES[rank]} needs its copy number, e.g. "
                f"{RANK_CODES[rank]}1"
            )
        if len(digits) > 3:  # no copy number is that long; int() of huge text would fail
            raise CardError(f"there is no {RANK_NAMES[rank]} number {digits[:20]}...")
        ids.append(card_id(rank, int(digits)))
    return ids


def format_id(card: int) -> str:
    """Text of one card id: its rank code and copy number (``"Q4"``)."""
    card = exact_int(card, "a Diamondback card id")
    if not 0 <= card <= MAX_ID:
        raise CardError(f"Diamondback card id out of range 0..{MAX_ID}: {shown(card)}")
    return f"{RANK_CODES[RANK_OF_ID[card]]}{_COPY_OF_ID[card]}"


def rank_of(card: int) -> int:
    """The rank (0 Priest .. 4 Magician) of a card id."""
    card = exact_int(card, "a Diamondback card id")
    format_id(card)  # validates
    return RANK_OF_ID[card]


_PLAYERS_OF_SIZE = {size: players for players, size in DECK_SIZES.items()}


def deck_mask(players: int) -> int:
    """The mask of card ids in the deck for ``players`` (2, 3 or 4)."""
    if type(players) is not int or players not in DECK_SIZES:
        raise CardError(f"Diamondback is for 2 to 4 players, not {shown(players)}")
    return (1 << DECK_SIZES[players]) - 1


class CardSet(_StandardCardSet):
    """An immutable set of Diamondback card ids (0..42), as a 64-bit mask."""

    SIZE = MAX_ID + 1

    @classmethod
    def _parse_text(cls, text: str) -> list[int]:
        return parse_ids(text)

    @classmethod
    def _format_card(cls, card: int) -> str:
        return format_id(card)

    def ranks(self) -> tuple[int, ...]:
        """The ranks of the cards, in ascending id order."""
        return tuple(RANK_OF_ID[c] for c in self)


class Deck(_Deck):
    """The Diamondback deck for 2, 3 or 4 players (15, 29 or 43 cards)."""

    card_set_type = CardSet

    @property
    def players(self) -> int:
        """The number of players the deck is for (2, 3 or 4), told by its size."""
        return _PLAYERS_OF_SIZE[len(self.cards)]

    def __init__(
        self,
        players: int = 2,
        seed: Any = None,
        *,
        order: Iterable[int] | None = None,
        shuffle: bool = True,
    ) -> None:
        mask = deck_mask(players)
        super().__init__(CardSet.from_mask(mask), seed, order=order, shuffle=shuffle)
