"""pedron: fast, exact engines for the tavern card games Diamondback and Diablo."""

from pedron._kernels.rng import Generator
from pedron.cards import CardSet, deal_batch, format_card, format_cards, parse_card, parse_cards
from pedron.errors import PedronError

__version__ = "0.1.0.dev0"

__all__ = [
    "CardSet",
    "Generator",
    "PedronError",
    "__version__",
    "deal_batch",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
]
