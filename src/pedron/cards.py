"""Standard cards, card sets and batch dealing.

A card is the int ``4 * rank + suit``: ranks 0..12 for 2..A, suits 0..3 for
clubs, diamonds, hearts, spades, so ``2c == 0`` and ``As == 51``.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, TypeVar, overload

from pedron._exact import exact_int
from pedron._kernels._common import as_buffer
from pedron._kernels.cardset import (
    FULL_MASK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    CardSet,
    check_card,
    deal_batch_into,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from pedron._kernels.rng import Generator, as_generator
from pedron._machine import memory_bytes
from pedron.errors import ArrayError, DeckError
from pedron.text import shown

if TYPE_CHECKING:  # (these names exist for type checkers only)
    import numpy as np
    import numpy.typing as npt

#: An output buffer, returned as given.
Out = TypeVar("Out")

__all__ = [
    "FULL_MASK",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "CardSet",
    "check_card",
    "deal_batch",
    "format_card",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]


def rank_of(card: int) -> int:
    """Rank 0..12 (2..A) of a standard card int."""
    return check_card(card) >> 2


def suit_of(card: int) -> int:
    """Suit 0..3 (clubs, diamonds, hearts, spades) of a standard card int."""
    return check_card(card) & 3


def new_uint8_array(n: int, k: int) -> Any:
    """An (n, k) uint8 array: numpy when installed, else a 2-D memoryview."""
    try:
        import numpy
    except ImportError:
        return memoryview(bytearray(n * k)).cast("B", (n, k))
    return numpy.empty((n, k), dtype=numpy.uint8)


def _count(name: str, value: Any) -> int:
    v = exact_int(value, name)
    if v < 0:
        raise DeckError(f"{name} must be >= 0, got {v}")
    return v


@overload
def deal_batch(
    n: int, k: int, *, deck: Any = ..., seed: int | Generator | Any | None = ...,
    out: None = ...,
) -> npt.NDArray[np.uint8]: ...
@overload
def deal_batch(
    n: int, k: int, *, deck: Any = ..., seed: int | Generator | Any | None = ..., out: Out
) -> Out: ...
def deal_batch(
    n: int,
    k: int,
    *,
    deck: Any = None,
    seed: int | Generator | Any | None = None,
    out: Any = None,
) -> Any:
    """Deal ``n`` random ``k``-card hands into an (n, k) uint8 array.

    Cards within a row are distinct; rows are independent draws from ``deck``
    (a :class:`CardSet`, a Diamondback ``CardSet``, a mask or card text;
    default all 52 cards). ``seed`` is an int, ``None`` (OS entropy) or a
    :class:`Generator`, which is advanced. The dealing runs without the GIL.
    Returns a numpy array when numpy is installed (so it is typed), otherwise
    a memoryview; ``out`` may be any writable C-contiguous (n, k) uint8
    buffer, and is returned.
    """
    # Every argument is checked before anything is allocated (the array's size is the
    # caller's to choose): counts, deck, generator, out.
    n = _count("n", n)
    k = _count("k", k)
    if deck is None:
        deck_mask = FULL_MASK
    elif isinstance(deck, CardSet):
        deck_mask = deck.mask
    elif isinstance(deck, int) and not isinstance(deck, bool):
        deck_mask = CardSet.from_mask(deck).mask
    else:
        deck_mask = mask_of(deck)
    if n > sys.maxsize or n * k > sys.maxsize:
        raise ArrayError(f"cannot hold {shown(n)} hands of {shown(k)} cards in one array")
    size = bin(deck_mask).count("1")
    if k > size:
        raise DeckError(f"cannot deal {k} distinct cards from a deck of {size}")
    rng = as_generator(seed)
    if out is None:
        if n * k > memory_bytes():  # (the array is ours to make: it must fit)
            raise ArrayError(f"{n:,} hands of {k} cards take {n * k:,} bytes, more than "
                             f"this machine's memory ({memory_bytes():,} bytes)")
        out = new_uint8_array(n, k)
    else:
        view = as_buffer(out, "out")
        if view.format != "B" or view.shape != (n, k) or not view.c_contiguous or view.readonly:
            raise ArrayError(
                f"out must be a writable C-contiguous ({n}, {k}) uint8 array, got shape "
                f"{view.shape}, format {view.format!r}"
            )
    deal_batch_into(rng, deck_mask, out)
    return out
