"""Deprecated: the strong Diablo bot moved to :mod:`pedron.diablo.strong` (0.2.0); the
old names still work, with a ``DeprecationWarning``, until 0.3.0."""

from pedron._deprecate import Moved, moved_names

_NAMES = ("ACTIONS", "FORMAT", "Decision", "Strategy", "StrongBot", "fallback_probs",
          "load_diablo_strategy", "SCALE", "DATA_FILE")

__getattr__ = moved_names(__name__, {
    **{name: Moved("pedron.diablo.strong", name, since="0.2.0", until="0.3.0")
       for name in _NAMES},
    # (renamed in 0.2.0: pedron.diamondback.strategyfile reads the Diamondback strategy files)
    "load_strategy": Moved("pedron.diablo.strong", "load_diablo_strategy", since="0.2.0",
                           until="0.3.0"),
})
