"""pedron's games as OpenSpiel games (``pip install pedron[rl]``, Python 3.11+).

Importing this package registers ``python_pedron_diamondback`` and
``python_pedron_diablo`` with ``pyspiel``, and ``python_pedron_<name>`` for every
other registered game whose descriptor gives the encodings and OpenSpiel facets
(:func:`register` again for a game registered since; see :mod:`pedron.spiel.games`
and ``docs/rl.md``). ``import pedron`` never imports it.
"""

from __future__ import annotations

try:
    import pyspiel  # type: ignore[import-not-found]  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(f"pedron.spiel needs OpenSpiel ({exc}): pip install 'pedron[rl]'"
                      ) from exc

from pedron.spiel.games import DIABLO, DIAMONDBACK, DiabloSpielGame, DiamondbackSpielGame, register
from pedron.spiel.state import SpielActionError

register()

__all__ = ["DIABLO", "DIAMONDBACK", "DiabloSpielGame", "DiamondbackSpielGame", "SpielActionError",
           "register"]
