"""Deprecated: Diamondback's solver moved to :mod:`pedron.diamondback.solver` (0.2.0); the old
names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names
from pedron._lazy import lazy_attributes

_NAMES = ("Estimate", "GameSpec", "ProgressFn", "SECONDS_PER_NODE_ITERATION", "Solution",
          "estimate", "game_spec", "memory_limit", "solve", "write_strategy")

# (its old modules stay reachable as attributes, as when the package imported them)
__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.solver", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
}, otherwise=lazy_attributes(__name__, {}, submodules=("multi", "tree")))
