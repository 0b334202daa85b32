"""Deprecated: the draw advisor moved to :mod:`pedron.drawpoker` (0.2.0); the old
names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("BatchDraws", "DrawLimit", "DrawOdds", "DrawOption", "analyse_batch", "best_draw",
          "best_exchange", "draw_odds", "prepare")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.drawpoker", name, since="0.2.0", until="0.3.0") for name in _NAMES
})
