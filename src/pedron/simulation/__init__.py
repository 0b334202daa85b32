"""Simulation at scale: many games with bots, on one core, a process pool or a cluster.

``pedron.simulate("diablo", players=5, games=100_000, bots="rule", seed=1,
workers=2)`` plays the games and returns a :class:`SimulationResult` (per
seat: chips won, games won; and what the game's descriptor keeps of it
(``GameInfo.study``): Diablo's openings, how often the opener won, his result by
opening hand, the Diablo rule's payments and series; Diamondback's dealer results,
carry-overs). The same seed gives the same result however the work is split (see
:mod:`pedron.simulation.units` and ``docs/study.md``).
"""

import warnings
from typing import Any

from pedron._deprecate import Moved
from pedron._kernels.seeds import derive_seed
from pedron.simulation.results import SimulationResult, Tally
from pedron.simulation.study import simulate
from pedron.simulation.units import Study, UnitResult, WorkUnit, plan_chunks, run_chunk

__all__ = [
    "SimulationResult",
    "Study",
    "Tally",
    "UnitResult",
    "WorkUnit",
    "derive_seed",
    "plan_chunks",
    "run_chunk",
    "simulate",
]

_CATEGORY_NAMES = Moved("pedron.games.diablo_study", "CATEGORY_NAMES", since="0.2.0",
                        until="0.3.0")


def __getattr__(name: str) -> Any:
    # Old names (0.1): the games the simulator plays and Diablo's hand categories are
    # the registry's now (pedron.games; GameInfo.players, GameInfo.study).
    if name == "GAMES":
        warnings.warn(f"{__name__}.GAMES is deprecated since pedron 0.2.0 and will be removed "
                      f"in 0.3.0: use pedron.games (games.get(name).players)",
                      DeprecationWarning, stacklevel=2)
        from pedron import games

        return {g: games.get(g).players for g in games.names()}
    if name == "CATEGORY_NAMES":
        warnings.warn(_CATEGORY_NAMES.message(f"{__name__}.{name}"), DeprecationWarning,
                      stacklevel=2)
        from pedron.games.diablo_study import CATEGORY_NAMES

        return CATEGORY_NAMES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
