"""Deprecated: the equilibrium bot moved to :mod:`pedron.diamondback.equilibrium`, the
strategy file's format and keys to :mod:`pedron.diamondback.strategyfile` (0.2.0); the old
names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

__getattr__ = moved_names(__name__, {
    "EquilibriumBot": Moved("pedron.diamondback.equilibrium", "EquilibriumBot", since="0.2.0",
                            until="0.3.0"),
    **{name: Moved("pedron.diamondback.strategyfile", name, since="0.2.0", until="0.3.0")
       for name in ("FORMAT", "info_key", "key_text", "move_text", "roles_of")},
    "load_strategy": Moved("pedron.diamondback.strategyfile", "read_strategy_file",
                           since="0.2.0", until="0.3.0"),
})
