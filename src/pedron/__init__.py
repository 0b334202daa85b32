"""pedron: fast, exact engines for the tavern card games Diamondback and Diablo.

``import pedron`` loads only the cards, the generator and the errors; every
subpackage (``pedron.diablo``, ``pedron.diamondback``, ``pedron.bots``,
``pedron.videopoker``, ``pedron.engine``, ``pedron.simulation``,
``pedron.bench``, ...) is reachable as an attribute and imported the first
time it is named, so the import stays fast.
"""

from typing import TYPE_CHECKING

from pedron._kernels.rng import Generator
from pedron._lazy import lazy_attributes
from pedron.cards import CardSet, deal_batch, format_card, format_cards, parse_card, parse_cards
from pedron.errors import PedronError

if TYPE_CHECKING:  # imported lazily at run time (see __getattr__), typed for checkers
    from pedron import bench as bench
    from pedron import bots as bots
    from pedron import diablo as diablo
    from pedron import diamondback as diamondback
    from pedron import encodings as encodings
    from pedron import engine as engine
    from pedron import envs as envs
    from pedron import reference as reference
    from pedron import simulation as simulation
    from pedron import spiel as spiel
    from pedron import testing as testing
    from pedron import text as text
    from pedron import videopoker as videopoker
    from pedron.simulation import SimulationResult, simulate

__version__ = "0.2.0.dev0"

#: The subpackages and modules ``pedron.<name>`` imports on first use. ``envs`` and
#: ``spiel`` need the ``rl`` extra, ``testing`` pytest: naming one without it raises
#: the ImportError that says what to install.
SUBMODULES = frozenset({
    "bench", "bots", "cards", "diablo", "diamondback", "encodings", "engine", "envs",
    "errors", "reference", "simulation", "spiel", "testing", "text", "videopoker",
})

__getattr__ = lazy_attributes(
    "pedron", {"simulate": "pedron.simulation", "SimulationResult": "pedron.simulation"},
    submodules=SUBMODULES)


def __dir__() -> list[str]:
    return sorted(set(globals()) | SUBMODULES | {"simulate", "SimulationResult"})


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
