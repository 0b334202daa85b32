"""The facets of a game's descriptor that the environments and the OpenSpiel adapter read.

:class:`Encodings` (:attr:`~pedron.games.GameInfo.encodings`): how a game's moves are
numbered and its views encoded, and the defaults of its PettingZoo environment;
:class:`SpielParameters` (:attr:`~pedron.games.GameInfo.spiel`): its OpenSpiel game's
parameters, how they make the game's rules, its chance model and its sizes. A game
without them has no environment or no OpenSpiel game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pedron.encodings import ActionEncoding, ObservationEncoding

__all__ = ["CardChance", "ChanceModel", "Encodings", "SpielParameters"]


@dataclass(frozen=True)
class Encodings:
    """A game's action and observation encodings (:mod:`pedron.encodings`), and what its
    environment plays when not told."""

    actions: Callable[..., ActionEncoding]
    """``actions(rules, total, **options)``: the action encoding for a table of ``total``
    chips; ``options`` are the environment's keywords named in :attr:`options`."""
    observation: Callable[[int, int], ObservationEncoding]
    """``observation(players, total)``: the observation encoder."""
    options: tuple[str, ...] = ()
    """The environment's keywords that go to :attr:`actions` (the others make the
    ``Rules``): Diamondback's ``bet_sizes``."""
    players: int | None = None
    """How many players an environment seats when not told (``None``: the table's
    ``default_players``)."""
    stacks: int | None = None
    """Every player's chips in an environment when not told (``None``: the table's
    ``default_stacks(rules)``)."""


class ChanceModel(Protocol):
    """How an OpenSpiel game's chance nodes deal a game's cards: ``count`` outcomes at
    most, each dealing one card."""

    @property
    def count(self) -> int:
        """How many outcomes there are at most (OpenSpiel's ``max_chance_outcomes``)."""

    def outcomes(self, players: int, chosen: Sequence[int], stock: Sequence[int] | None
                 ) -> list[tuple[int, float]]:
        """The outcomes of the next card and their probabilities: ``players`` dealt in,
        ``chosen`` the outcomes of this dealing so far, ``stock`` the deck's cards left
        (``None`` before the deal's first cards)."""

    def card_ids(self, outcomes: Sequence[int], players: int) -> list[int]:
        """The card ids the engine deals for ``outcomes``, in order."""

    def text(self, outcome: int) -> str:
        """An outcome as text."""


@dataclass(frozen=True)
class CardChance:
    """The chance model where each outcome is a card, uniform over those not yet dealt
    (a deck of ``deck_size(players)`` cards, ids 0..size-1, named by ``name``)."""

    deck_size: Callable[[int], int]
    name: Callable[[int], str]
    count: int

    def outcomes(self, players: int, chosen: Sequence[int], stock: Sequence[int] | None
                 ) -> list[tuple[int, float]]:
        taken = set(chosen)
        cards = range(self.deck_size(players)) if stock is None else sorted(stock)
        pool = [c for c in cards if c not in taken]
        p = 1.0 / len(pool)
        return [(c, p) for c in pool]

    def card_ids(self, outcomes: Sequence[int], players: int) -> list[int]:
        return list(outcomes)

    def text(self, outcome: int) -> str:
        return self.name(outcome)


@dataclass(frozen=True)
class SpielParameters:
    """A game's OpenSpiel game: its parameters and how the one-deal game is made of them.

    Every parameter has a default in :attr:`defaults` (its type is the default's);
    ``players``, ``stacks``, ``dealer`` and ``carry`` are every game's, the others are
    the game's own."""

    defaults: Mapping[str, Any]
    """Every parameter and its default (OpenSpiel's parameter specification)."""
    rules: Callable[[Mapping[str, Any]], Any]
    """The game's ``Rules`` from the parameters; a pedron error for settings the one-deal
    game cannot play."""
    deal: Callable[[Any], Any]
    """The deal class, built from a :class:`~pedron.engine.deal.DealContext`."""
    chance: ChanceModel
    """How chance deals the cards."""
    card_text: Callable[[int], str]
    """A card id as the OpenSpiel strings show it."""
    history_length: Callable[[Any, int, Sequence[int]], int]
    """``history_length(rules, players, stacks)``: the most moves and chance outcomes of
    one deal (OpenSpiel's ``max_game_length``)."""
    utility: Callable[[Sequence[int]], tuple[float, float]]
    """``utility(stacks)``: the least and the most a player can win in one deal."""
    actions: Callable[[Any, int, Mapping[str, Any]], ActionEncoding] | None = None
    """``actions(rules, total, params)``: the action encoding (``None``: the encodings
    facet's, with no options)."""
    extra: Callable[[Any], Mapping[str, Any]] | None = None
    """What the session decides for a deal (the deal's ``extra``) given the rules
    (``None``: nothing)."""
    solver: str | None = None
    """The module of the game's solver on OpenSpiel (its ``solve`` and ``write_strategy``),
    for ``pedron solve --solver openspiel`` (``None``: none)."""
