"""Deprecated: Diamondback's strategy file moved to :mod:`pedron.diamondback.strategyfile`
(0.2.0); the old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("FORMAT", "VERSION", "info_key", "key_text", "move_text", "read_strategy_file",
          "roles_of", "strategy_document", "write_strategy_file")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.strategyfile", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
