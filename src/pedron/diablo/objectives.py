"""Deprecated: the objectives moved to :mod:`pedron.drawpoker` (0.2.0); the old
names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("WILDS", "Beat", "Custom", "DeckTables", "ExpectedStrength", "Objective",
          "PayTable", "deck_tables", "MAX_ROWS", "MAX_SCALED_PAY")
_INTERNAL = ("DEFAULT", "objective_arg")  # (not public, but used: from drawpoker.objectives)

__getattr__ = moved_names(__name__, {
    **{name: Moved("pedron.drawpoker", name, since="0.2.0", until="0.3.0") for name in _NAMES},
    **{name: Moved("pedron.drawpoker.objectives", name, since="0.2.0", until="0.3.0")
       for name in _INTERNAL},
})
