"""Deprecated: the outcome classes and pay rows moved to :mod:`pedron.drawpoker`
(0.2.0); the old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("DEUCES_WILD_OUTCOMES", "HANDS", "NATURAL_OUTCOMES", "Outcome", "PayRow",
          "outcome_classes", "outcome_of", "outcome_rows", "parse_ranks")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.drawpoker", name, since="0.2.0", until="0.3.0") for name in _NAMES
})
