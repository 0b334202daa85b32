"""Diamondback ranks, card ids and decks."""

from __future__ import annotations

from collections import Counter

import pytest

from pedron import diamondback as db
from pedron.diamondback.cards import MAX_ID, RANK_OF_ID
from pedron.errors import CardError, PedronError, PedronTypeError

# (Priest, King, Queen, Priestess, Magician) copies per table size, from docs/rules.md.
COMPOSITION = {2: (5, 4, 3, 2, 1), 3: (10, 8, 6, 4, 1), 4: (15, 12, 9, 6, 1)}


@pytest.mark.parametrize("card", range(MAX_ID + 1))
def test_round_trip_every_id(card):
    text = db.format_id(card)
    assert db.parse_ids(text) == [card]
    assert db.parse_ids(text.lower()) == [card]
    assert db.rank_of(card) == db.parse_ranks(text)[0]
    assert db.CardSet(text) == db.CardSet([card])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deck_compositions(players):
    deck = db.Deck(players, seed=1)
    assert len(deck) == db.DECK_SIZES[players] == sum(COMPOSITION[players])
    counts = Counter(RANK_OF_ID[c] for c in deck.stock)
    assert tuple(counts[r] for r in range(5)) == COMPOSITION[players]
    assert deck.cards.mask == db.deck_mask(players)
    # One Magician whatever the table size, so Magician-Magician never occurs.
    assert counts[4] == 1


def test_rank_names_and_codes():
    assert db.parse_ranks("Magician Priestess") == [4, 3]
    assert db.parse_ranks("magician-PRIESTESS") == [4, 3]
    assert db.parse_ranks("M S q k p") == [4, 3, 2, 1, 0]
    assert db.parse_ranks("ms") == [4, 3]
    assert db.parse_ranks("Priest,Priestess") == [0, 3]
    assert db.parse_ranks("Q4") == [2]
    assert [db.RANK_NAMES[r] for r in range(5)] == [
        "Priest", "King", "Queen", "Priestess", "Magician"
    ]


def test_ids_layout_is_a_prefix_per_table():
    assert db.card_id(4, 1) == 0
    assert [db.rank_of(i) for i in range(15)] == [4] + [0] * 5 + [1] * 4 + [2] * 3 + [3] * 2
    assert db.format_id(15) == "P6"  # the first Priest of the second deck
    assert db.card_id(2, 4) == 24


@pytest.mark.parametrize("text", ["X", "Magic", "M2", "Q10", "S7", "P16", "K0", "Q"])
def test_id_parse_errors(text):
    with pytest.raises(CardError):
        db.parse_ids(text)


@pytest.mark.parametrize("text", ["Jester", "Magic", "Priests x", "7"])
def test_rank_parse_errors(text):
    with pytest.raises(CardError, match="not a Diamondback card"):
        db.parse_ranks(text)


@pytest.mark.parametrize("bad", [-1, 43])
def test_bad_ids(bad):
    with pytest.raises(CardError):
        db.format_id(bad)


@pytest.mark.parametrize("bad", [1.0, True, "3", None])
def test_ids_of_the_wrong_type(bad):
    with pytest.raises(PedronTypeError):
        db.format_id(bad)


@pytest.mark.parametrize("players", [0, 1, 5, 2.0, True, "3"])
def test_bad_player_counts(players):
    with pytest.raises(PedronError):
        db.Deck(players)


def test_cardset_of_ids():
    s = db.CardSet("M1 S2 Q9")
    assert len(s) == 3
    assert str(s) == "M1 S2 Q9"  # ascending ids
    assert repr(s) == "CardSet('M1 S2 Q9')"
    assert s.ranks() == (4, 3, 2)
    assert "M1" in s
    with pytest.raises(CardError):
        db.CardSet([43])
    with pytest.raises(TypeError):
        s | db.cards._StandardCardSet("Ah")
