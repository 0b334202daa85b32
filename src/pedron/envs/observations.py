"""Observation tensors and texts built from a player's view, never from the deal.

Every observation is made from ``deal.view(seat)`` alone: the engine's
censored per-player view (own cards, shown cards, pot, stacks, bets,
position), read by its fields' names. A hidden card of another player is not
in the view, so it cannot reach an observation. The writer every game's tensor
is (:class:`~pedron.encodings.Observation`) and each game's
(:class:`~pedron.diamondback.encodings.DiamondbackObservation`,
:class:`~pedron.diablo.encodings.DiabloObservation`) live with the action
encodings in the game's package, named by the game's descriptor; their old
names here warn until 0.3.0. The layouts are documented in ``docs/rl.md``.
"""

from __future__ import annotations

from pedron._deprecate import Moved, moved_names
from pedron.encodings import Observation, view_text

__all__ = ["Observation", "view_text"]

# (each game's own moved to its package in 0.2.0)
__getattr__ = moved_names(__name__, {
    "DiabloObservation": Moved("pedron.diablo", "DiabloObservation", since="0.2.0",
                               until="0.3.0"),
    "DiamondbackObservation": Moved("pedron.diamondback.encodings", "DiamondbackObservation",
                                    since="0.2.0", until="0.3.0"),
})
