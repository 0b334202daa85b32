"""Deprecated: Diamondback's bench entries moved to :mod:`pedron.diamondback.bench` (0.2.0);
the old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("entries",)

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.bench", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
