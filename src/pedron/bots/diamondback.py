"""Deprecated: Diamondback's odds bot moved to :mod:`pedron.diamondback.bots` (0.2.0); the old
names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("OddsBot",)

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.bots", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
