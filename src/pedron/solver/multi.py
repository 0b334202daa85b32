"""Deprecated: the solver of three and four players moved to
:mod:`pedron.diamondback.solver.multi` (0.2.0); the old names still work, with a
``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("Deals", "MAX_ENTRIES", "MAX_STATES", "MAX_TREE_NODES", "MState", "MultiArrays",
          "MultiGraph", "MultiTree", "NH", "ProgressFn", "SECONDS_PER_ENTRY", "build_multi",
          "expand_multi", "joint_deals", "multi_size", "weak_orders")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.solver.multi", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
