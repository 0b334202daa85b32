"""Deprecated: Diablo's encodings moved to :mod:`pedron.diablo.encodings` (0.2.0); the
old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("DRAW_SUBSETS", "DiabloActions", "DiabloObservation", "actions")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diablo.encodings", name, since="0.2.0", until="0.3.0")
    for name in _NAMES
})
