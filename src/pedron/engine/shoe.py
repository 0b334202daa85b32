"""Where a deal's cards come from: a :class:`Shoe` of decks shuffled by one generator.

A table hands each deal its shoe; the deal asks it once for the deck to deal
from (``shoe(players, receivers)``: the players dealt in, and the seat that
gets each card dealt, in order). The shoe shuffles a fresh deck with the
table's generator, or arranges one for a prearranged deal
(:class:`~pedron.engine.plans.DealPlan`): the named cards go to the named
seats, the rest come shuffled from the rest of the deck. :meth:`Shoe.copy`
gives an independent shoe (a clone's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import cython

from pedron._kernels.rng import Generator

__all__ = ["DeckFactory", "Shoe"]

#: ``make(players, rng, order)``: the game's deck for ``players`` players on ``rng``,
#: unshuffled when ``order`` is ``None``, else holding exactly ``order`` (top first).
DeckFactory = Callable[[int, Generator, "Sequence[int] | None"], Any]


@cython.final
@cython.cclass
class Shoe:
    """Decks for the deals of one table (see the module docstring).

    ``make`` builds the game's deck, ``size(players)`` is its number of cards;
    ``plan`` is the prearranged deal for the next deck, if any.
    """

    make: DeckFactory
    size: Callable[[int], int]
    rng: Generator
    plan: Any
    _decks: dict[int, Any]

    def __init__(self, make: DeckFactory, size: Callable[[int], int], rng: Generator) -> None:
        self.make = make
        self.size = size
        self.rng = rng
        self.plan = None
        self._decks = {}

    @cython.ccall
    def fresh(self, players: int) -> Any:
        """A full deck for ``players`` players, shuffled (the deck object is reused)."""
        deck = self._decks.get(players)
        if deck is None:
            deck = self._decks[players] = self.make(players, self.rng, None)
        deck.collect()
        return deck

    @cython.ccall
    def ordered(self, players: int, order: Sequence[int]) -> Any:
        """A deck holding ``order`` (top first), on this shoe's generator."""
        return self.make(players, self.rng, order)

    def __call__(self, players: int, receivers: Sequence[int] = ()) -> Any:
        plan = self.plan
        if plan is None:
            return self.fresh(players)
        size = self.size(players)
        if plan.order is not None:  # the top of the deck, the rest in card order
            top = [c for c in plan.order if c < size]
            seen = set(top)
            return self.ordered(players, top + [c for c in range(size) if c not in seen])
        return self.ordered(players, plan.arrange(self.fresh(players).stock, receivers))

    def copy(self, rng: Generator | None = None) -> Shoe:
        """An independent shoe on ``rng`` (default: a copy of this one's generator)."""
        other = Shoe(self.make, self.size, self.rng.copy() if rng is None else rng)
        other.plan = self.plan
        return other
