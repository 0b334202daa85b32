"""The Diablo deck: the standard 52 cards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pedron._kernels.cardset import FULL_MASK, CardSet
from pedron._kernels.deck import Deck as _Deck

__all__ = ["Deck"]


class Deck(_Deck):
    """A 52-card deck with its own seeded generator, shuffled when made.

    ``Deck(seed)`` takes an int seed, ``None`` for OS entropy, or a generator;
    ``order`` gives a prearranged stock (top card first) instead of a shuffle.
    """

    card_set_type = CardSet

    def __init__(
        self,
        seed: Any = None,
        *,
        order: Iterable[int] | None = None,
        shuffle: bool = True,
    ) -> None:
        super().__init__(CardSet.from_mask(FULL_MASK), seed, order=order, shuffle=shuffle)
