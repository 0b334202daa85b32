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

__all__ = [
    "COPIES",
    "DECK_SIZES",
    "RANK_CODES",
    "RANK_NAMES",
    "CardSet",
    "Deck",
    "card_id",
    "deck_mask",
    "format_id",
    "parse_ids",
    "parse_ranks",
    "rank_of",
]
