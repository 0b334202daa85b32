"""Deprecated: the solver's tree moved to :mod:`pedron.diamondback.solver.tree` (0.2.0); the
old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("BASE_BYTES", "GameSpec", "Graph", "HANDS", "MAX_DEPTH", "MAX_MOVES", "MAX_NODES",
          "MAX_STATES", "Size", "State", "TreeArrays", "build_graph", "chance_table", "check_spec",
          "count", "expand", "hand_masks", "hand_value", "has_table", "infosets", "outcome_table",
          "prefixes")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.solver.tree", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
