"""Deprecated: Diablo's rule-based bots moved to :mod:`pedron.diablo.bots` (0.2.0); the
old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("RuleBot", "ThresholdBot", "Thresholds")

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diablo.bots", name, since="0.2.0", until="0.3.0") for name in _NAMES
})
