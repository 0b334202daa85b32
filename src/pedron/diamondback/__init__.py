"""Diamondback: the two-card, five-rank gambling game from *Cerebus the Aardvark*."""

from pedron.diamondback.cards import (
    COPIES,
    DECK_SIZES,
    RANK_CODES,
    RANK_NAMES,
    CardSet,
    Deck,
    card_id,
    deck_mask,
    format_id,
    parse_ids,
    parse_ranks,
    rank_of,
)
from pedron.diamondback.hand import (
    HANDS,
    STRENGTH,
    HandValue,
    evaluate,
    hand_by_strength,
    hand_ranks,
    strength_of_ids,
    strength_of_ranks,
)

__all__ = [
    "COPIES",
    "DECK_SIZES",
    "HANDS",
    "RANK_CODES",
    "RANK_NAMES",
    "STRENGTH",
    "CardSet",
    "Deck",
    "HandValue",
    "card_id",
    "deck_mask",
    "evaluate",
    "format_id",
    "hand_by_strength",
    "hand_ranks",
    "parse_ids",
    "parse_ranks",
    "rank_of",
    "strength_of_ids",
    "strength_of_ranks",
]
