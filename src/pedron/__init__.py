"""pedron: fast, exact engines for the tavern card games Diamondback and Diablo."""

from typing import TYPE_CHECKING

from pedron._kernels.rng import Generator
from pedron.cards import CardSet, deal_batch, format_card, format_cards, parse_card, parse_cards
from pedron.errors import PedronError

if TYPE_CHECKING:  # imported lazily at run time (see __getattr__), typed for checkers
    from pedron.simulation import SimulationResult, simulate

__version__ = "0.2.0.dev0"


def __getattr__(name: str) -> object:
    # pedron.simulate / pedron.SimulationResult, imported on first use (issue 9)
    if name in ("simulate", "SimulationResult"):
        from pedron import simulation

        return getattr(simulation, name)
    raise AttributeError(f"module 'pedron' has no attribute {name!r}")


__all__ = [
    "CardSet",
    "Generator",
    "PedronError",
    "SimulationResult",
    "__version__",
    "deal_batch",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "simulate",
]
