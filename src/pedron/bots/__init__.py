"""Bots: players that choose an action from what they may see.

A bot is any callable ``bot(view, legal) -> Action``: it receives its own
per-player view (never another player's hidden cards) and the list of legal
actions, and returns one of them as an :class:`~pedron.engine.Action`. The
built-in bots are deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pedron._kernels.rng import Generator, as_generator
from pedron.engine import Action, LegalAction

__all__ = ["Bot", "RandomBot", "amount_between"]


class Bot(Protocol):
    """The bot protocol: ``bot(view, legal) -> Action``."""

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Action: ...


def amount_between(rng: Generator, low: int, high: int) -> int:
    """A uniform whole amount in ``low..high``."""
    return low + rng.integers(high - low + 1)


class RandomBot:
    """Plays a uniformly random legal action (amounts and cards uniform too).

    It never stops betting on purpose nor folds by preference: it is a
    stress-tester, not a strategy (where a hand must be named, it names it
    truthfully). ``seed`` makes its choices reproducible.
    """

    def __init__(self, seed: int | Generator | None = None) -> None:
        self.rng = as_generator(seed)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        choice = legal[self.rng.integers(len(legal))]
        if choice.kind == "choose":  # Dealer's Choice: the options are game numbers
            return Action("choose", choice.cards[self.rng.integers(len(choice.cards))])
        if choice.kind == "declare":  # Diablo's declare variant: name the hand truthfully
            from pedron.diablo.hand import evaluate

            value = evaluate(view.my_cards, wild=getattr(view, "game", "diablo") != "draw")
            return Action("declare", int(value.category), tuple(value.ranks))
        if choice.cards:
            return Action(choice.kind, cards=(choice.cards[self.rng.integers(len(choice.cards))],))
        if choice.min is not None and choice.max is not None and choice.min != choice.max:
            return Action(choice.kind, amount_between(self.rng, choice.min, choice.max))
        return Action(choice.kind, choice.min)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.rng.seed})"
