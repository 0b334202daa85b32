"""Simulation at scale: many games with bots, on one core, a process pool or a cluster.

``pedron.simulate("diablo", players=5, games=100_000, bots="rule", seed=1,
workers=2)`` plays the games and returns a :class:`SimulationResult` (per
seat: chips won, games won; Diablo: openings, how often the opener won, his
result by opening hand, the Diablo rule's payments and series; Diamondback:
the dealer's result, carry-overs). The same seed gives the same result
however the work is split (see :mod:`pedron.simulation.core` and
``docs/study.md``).
"""

from pedron.simulation.core import GAMES, derive_seed, plan_chunks, run_chunk, simulate
from pedron.simulation.results import CATEGORY_NAMES, SimulationResult, Tally

__all__ = [
    "CATEGORY_NAMES",
    "GAMES",
    "SimulationResult",
    "Tally",
    "derive_seed",
    "plan_chunks",
    "run_chunk",
    "simulate",
]
