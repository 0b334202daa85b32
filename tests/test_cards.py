"""Standard cards, their text, and bit-packed card sets."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pedron import CardSet, format_card, format_cards, parse_card, parse_cards
from pedron.cards import FULL_MASK, RANKS, SUITS, mask_of, rank_of, suit_of
from pedron.errors import CardError, DuplicateCardError, PedronError, PedronTypeError


def test_numbering():
    assert parse_card("2c") == 0
    assert parse_card("As") == 51
    assert parse_card("Ah") == 4 * 12 + 2
    assert [rank_of(c) for c in (0, 51)] == [0, 12]
    assert [suit_of(c) for c in (0, 1, 2, 3)] == [0, 1, 2, 3]


@pytest.mark.parametrize("card", range(52))
def test_round_trip_every_card(card):
    text = format_card(card)
    assert text == RANKS[card // 4] + SUITS[card % 4]
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(text.upper()) == card
    assert CardSet([card]).to_indices() == (card,)
    assert CardSet(text) == CardSet.from_mask(1 << card)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah Kd 2c", ["Ah", "Kd", "2c"]),
        ("AhKd2c", ["Ah", "Kd", "2c"]),
        ("10h Th", ["Th", "Th"]),
        ("ah KD tS", ["Ah", "Kd", "Ts"]),
        ("A♥ K♦ 2♣ 10♠", ["Ah", "Kd", "2c", "Ts"]),
        ("Ah, Kd;2c", ["Ah", "Kd", "2c"]),
        ("  9s  ", ["9s"]),
        ("", []),
    ],
)
def test_parse_forms(text, expected):
    assert [format_card(c) for c in parse_cards(text)] == expected


@pytest.mark.parametrize(
    "text", ["1h", "Ax", "A", "h", "11h", "Ahh", "Ah Xd", "AhK", "0c", "🂡", "Ah-Kd", "A h"]
)
def test_parse_errors_name_the_text(text):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["", "Ah Kd", "1h", "AhKd"])
def test_parse_card_needs_exactly_one(text):
    with pytest.raises(CardError):
        parse_card(text)


@pytest.mark.parametrize("bad", [None, 5, b"Ah", ["Ah"]])
def test_parse_type_errors(bad):
    with pytest.raises(PedronTypeError):
        parse_cards(bad)


@pytest.mark.parametrize("bad", [-1, 52, 1000])
def test_out_of_range_ints(bad):
    with pytest.raises(CardError, match=str(bad)):
        format_card(bad)
    with pytest.raises(CardError, match=str(bad)):
        CardSet([bad])


@pytest.mark.parametrize("bad", [1.0, "x", None, True])
def test_card_type_errors(bad):
    with pytest.raises(PedronError):
        CardSet([bad])


def test_duplicates_are_refused():
    with pytest.raises(DuplicateCardError, match="Ah"):
        CardSet("Ah Kd Ah")
    with pytest.raises(DuplicateCardError, match="2c"):
        CardSet([0, 0])
    with pytest.raises(DuplicateCardError):
        mask_of("10h Th")


def test_cardset_basics():
    s = CardSet("Ah Kd 2c")
    assert len(s) == 3
    assert list(s) == [0, 45, 50]
    assert "Ah" in s and 50 in s and "As" not in s and 99 not in s and None not in s
    assert str(s) == "2c Kd Ah"
    assert repr(s) == "CardSet('2c Kd Ah')"
    assert s.mask == (1 << 0) | (1 << 45) | (1 << 50)
    assert CardSet(s) == s
    assert CardSet.from_indices([50, 45, 0]) == s
    assert s.to_str(",") == "2c,Kd,Ah"
    assert hash(s) == hash(CardSet("2c Kd Ah"))
    assert pickle.loads(pickle.dumps(s)) == s
    assert not CardSet() and bool(s)
    assert CardSet.full().mask == FULL_MASK
    assert len(s.complement()) == 49
    assert s != s.mask  # a set is not its mask


def test_cardset_is_immutable():
    s = CardSet("Ah")
    with pytest.raises(AttributeError):
        s.mask = 3  # type: ignore[misc]


def test_from_mask_errors():
    with pytest.raises(CardError):
        CardSet.from_mask(1 << 52)
    with pytest.raises(CardError):
        CardSet.from_mask(-1)
    with pytest.raises(PedronTypeError):
        CardSet.from_mask("3")
    with pytest.raises(PedronTypeError):
        CardSet(7)  # a bare int is ambiguous: a card or a mask?


masks = st.integers(0, FULL_MASK)


@given(masks, masks)
def test_mask_algebra_matches_python_sets(a, b):
    sa, sb = CardSet.from_mask(a), CardSet.from_mask(b)
    pa, pb = set(sa), set(sb)
    assert set(sa | sb) == pa | pb
    assert set(sa & sb) == pa & pb
    assert set(sa - sb) == pa - pb
    assert set(sa ^ sb) == pa ^ pb
    assert len(sa) == len(pa)
    assert (sa <= sb) == (pa <= pb)
    assert (sa < sb) == (pa < pb)
    assert (sa >= sb) == (pa >= pb)
    assert (sa > sb) == (pa > pb)
    assert sa.isdisjoint(sb) == pa.isdisjoint(pb)
    assert sa.issubset(sb) == pa.issubset(pb)
    assert sa.issuperset(sb) == pa.issuperset(pb)
    assert set(sa.union(list(pb))) == pa | pb
    assert set(sa.intersection(list(pb))) == pa & pb
    assert set(sa.difference(list(pb))) == pa - pb
    assert set(sa.complement()) == set(range(52)) - pa
    assert sa.to_indices() == tuple(sorted(pa))
    assert CardSet(sa.to_str()) == sa
    assert CardSet.from_mask(sa.mask) == sa
    assert (sa == sb) == (pa == pb)


def test_combining_with_other_types_fails():
    with pytest.raises(TypeError):
        CardSet("Ah") | {1}
    with pytest.raises(PedronTypeError):
        CardSet("Ah").isdisjoint({1})


def test_format_cards_keeps_order():
    assert format_cards([51, 0, 45]) == "As 2c Kd"
    assert format_cards(parse_cards("Th 9h"), "") == "Th9h"


# -- pedron errors at every boundary (issue 29) ------------------------------------------


def test_check_card_size_is_checked():
    from pedron.cards import check_card
    from pedron.errors import PedronValueError

    assert check_card(3, size=4) == 3 and check_card(63, size=64) == 63
    for size in (2**31, 2**64, 0, 65, -1):
        with pytest.raises(PedronValueError, match=r"1\.\.64"):
            check_card(3, size=size)
    for size in ("x", 4.0, None, True):
        with pytest.raises(PedronTypeError):
            check_card(3, size=size)  # type: ignore[arg-type]


def test_a_memoryview_of_several_dimensions_is_no_card_list():
    two_d = memoryview(bytes(range(10))).cast("B", (2, 5))
    for f in (mask_of, CardSet, CardSet.from_indices):
        with pytest.raises(PedronTypeError, match="memoryview"):
            f(two_d)
    assert CardSet(memoryview(bytes([1, 2, 3]))) == CardSet.from_indices([1, 2, 3])


def test_from_indices_takes_an_iterable_of_ints():
    assert CardSet.from_indices(iter([51, 0])) == CardSet("As 2c")
    for bad in (5, "Ah", b"\x05", CardSet("Ah")):
        with pytest.raises(PedronTypeError, match="from_indices"):
            CardSet.from_indices(bad)  # type: ignore[arg-type]
