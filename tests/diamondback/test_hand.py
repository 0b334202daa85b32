"""Diamondback hand values: the 14-hand table, every input form, batch == scalar."""

from __future__ import annotations

import array
import itertools
import pickle
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedron.diamondback import (
    HANDS,
    STRENGTH,
    CardSet,
    HandValue,
    evaluate,
    evaluate_batch,
    evaluate_batch_unchecked,
    hand_by_strength,
    hand_ranks,
    strength_of_ids,
    strength_of_ranks,
)
from pedron.diamondback.cards import RANK_OF_ID
from pedron.errors import (
    ArrayError,
    CardError,
    DuplicateCardError,
    PedronError,
    PedronTypeError,
)
from pedron.reference import diamondback as ref

# The hands as printed by the two seed texts (the original rules texts), best first.
CEREBUS_FAN_PAGE = [
    ("Magician-Priestess", 70),
    ("Priestess-Priestess", 65),
    ("Magician-Queen", 60),
    ("Magician-King", 55),
    ("Priestess-King", 50),
    ("Priestess-Queen", 45),
    ("Priestess-Priest", 40),
    ("Queen-King", 35),
    ("Magician-Priest", 30),
    ("Queen-Queen", 25),
    ("King-King", 20),
    ("Queen-Priest", 15),
    ("King-Priest", 10),
    ("Priest-Priest", 5),
]
WIKIPEDIA = list(CEREBUS_FAN_PAGE)  # identical list in the Wikipedia article

RULES_DIR = Path("/work/shared/rules")
MAGICIAN_MAGICIAN = (4, 4)
VALID_RANK_PAIRS = [(a, b) for a in range(5) for b in range(5) if (a, b) != MAGICIAN_MAGICIAN]


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("seed_table", [CEREBUS_FAN_PAGE, WIKIPEDIA], ids=["fan-page", "wiki"])
def test_all_14_hands_in_order(seed_table):
    assert len(HANDS) == 14
    assert [(h.name, h.points) for h in HANDS] == seed_table
    assert [h.position for h in HANDS] == list(range(1, 15))
    assert [h.strength for h in HANDS] == list(range(14, 0, -1))
    assert sorted(HANDS, reverse=True) == list(HANDS)
    for better, worse in itertools.pairwise(HANDS):
        assert better > worse and worse < better and better != worse


@pytest.mark.parametrize(
    "filename, pattern",
    [
        ("diamondback-cerebus-fan-page.txt", r"([A-Z][a-z]+-[A-Z][a-z]+): (\d+)"),
        ("diamondback-wikipedia.txt", r"([A-Z][a-z]+-[A-Z][a-z]+) - (\d+) points"),
    ],
)
def test_seed_texts_on_disk(filename, pattern):
    path = RULES_DIR / filename
    if not path.exists():
        pytest.skip("seed rule texts not available")
    found = [(m.group(1), int(m.group(2))) for m in re.finditer(pattern, path.read_text())]
    assert [(h.name, h.points) for h in HANDS] == found


def test_table_against_reference():
    assert [(h.name, h.points) for h in HANDS] == list(ref.TABLE)
    for a, b in VALID_RANK_PAIRS:
        hv = evaluate([a, b])
        assert hv.position == ref.position(a, b)
        assert hv.strength == ref.strength(a, b) == STRENGTH[a][b] == STRENGTH[b][a]
        assert strength_of_ranks(a, b) == hv.strength
    assert STRENGTH[4][4] == 0


def test_hand_value_record():
    ms = HANDS[0]
    assert ms.name == "Magician-Priestess" and ms.code == "MS" and ms.ranks == (4, 3)
    assert ms.points == 70 and ms.position == 1 and ms.strength == 14
    assert not ms.is_pair and HANDS[1].is_pair
    assert repr(ms) == "HandValue('Magician-Priestess', strength=14)"
    assert str(ms) == ms.description == "Magician-Priestess"
    assert HandValue.from_strength(14) is ms and HandValue(**_fields(ms)) == ms
    assert len({evaluate("ms"), evaluate("sm"), evaluate([3, 4])}) == 1
    assert pickle.loads(pickle.dumps(ms)) is ms
    with pytest.raises(AttributeError):
        ms.strength = 3  # type: ignore[misc]
    assert hand_by_strength(1).name == "Priest-Priest"
    for bad in (0, 15, True, "3"):
        with pytest.raises(PedronError):
            hand_by_strength(bad)  # type: ignore[arg-type]


def _fields(hand: HandValue) -> dict[str, object]:
    return {"strength": hand.strength, "position": hand.position, "name": hand.name,
            "points": hand.points, "ranks": hand.ranks}


def test_hand_values_are_checked_when_made():
    fields = _fields(HANDS[2])
    for name, bad in [("position", 4), ("name", "Queen-Magician"), ("points", 61),
                      ("ranks", (2, 4))]:
        with pytest.raises(PedronError, match="from_strength"):
            HandValue(**{**fields, name: bad})  # type: ignore[arg-type]
    for bad_strength in (0, 15, True, 3.0):
        with pytest.raises(PedronError):
            HandValue(**{**fields, "strength": bad_strength})  # type: ignore[arg-type]


# ---------------------------------------------------------------- input forms


@pytest.mark.parametrize(
    "text",
    [
        "Magician Priestess",
        "Magician-Priestess",
        "priestess magician",
        "M S",
        "ms",
        "SM",
        "m-s",
        "M1 S2",
        "S6, M1",
    ],
)
def test_text_forms(text):
    assert evaluate(text) is HANDS[0]


def test_int_forms():
    assert evaluate([4, 3]) is HANDS[0]
    assert evaluate((3, 4)) is HANDS[0]
    assert evaluate([np.uint8(0), np.int64(0)]).name == "Priest-Priest"
    assert evaluate([0, 13], ids=True) is HANDS[0]  # M1 and S1
    assert evaluate([13, 14], ids=True).name == "Priestess-Priestess"
    assert evaluate(["M1", "S2"], ids=True) is HANDS[0]
    assert evaluate(["M", "S"]) is HANDS[0]
    assert evaluate(CardSet("M1 S2")) is HANDS[0]
    assert evaluate(HANDS[5]) is HANDS[5]
    assert hand_ranks("Queen King") == (2, 1)


def test_every_id_pair_matches_ranks():
    for a, b in itertools.permutations(range(43), 2):
        ra, rb = RANK_OF_ID[a], RANK_OF_ID[b]
        expected = ref.strength(ra, rb)
        assert evaluate([a, b], ids=True).strength == expected
        assert strength_of_ids(a, b) == expected
        assert ref.rank_of_id(a) == ra


@pytest.mark.parametrize(
    "hand, kwargs, error, words",
    [
        ("M M", {}, CardError, "Magician-Magician"),
        ("Magician Magician", {}, CardError, "Magician-Magician"),
        ([4, 4], {}, CardError, "Magician-Magician"),
        ("M1 M1", {}, DuplicateCardError, "twice"),
        ("S1 S1", {}, DuplicateCardError, "twice"),
        ([5, 5], {"ids": True}, DuplicateCardError, "twice"),
        ("X Q", {}, CardError, "not a Diamondback card"),
        ("Jack Queen", {}, CardError, "not a Diamondback card"),
        ("M S Q", {}, CardError, "two cards"),
        ("M", {}, CardError, "two cards"),
        ([1, 2, 3], {}, CardError, "two cards"),
        ([], {}, CardError, "two cards"),
        ([5, 0], {}, CardError, "out of range 0..4"),
        ([-1, 0], {}, CardError, "out of range"),
        ([43, 0], {"ids": True}, CardError, "out of range 0..42"),
        ([True, 1], {}, PedronTypeError, "bool"),
        ([1.0, 2], {}, PedronTypeError, "float"),
        (12, {}, PedronTypeError, "int"),
        (None, {}, PedronTypeError, "NoneType"),
        ("M S2", {}, CardError, "copy number"),
        (["M", "S"], {"ids": True}, CardError, "copy number"),
        ("S7 Q1", {}, CardError, "Priestess.* number 7"),
        (CardSet("M1 S1 S2"), {}, CardError, "two cards"),
    ],
)
def test_bad_hands(hand, kwargs, error, words):
    with pytest.raises(error, match=words):
        evaluate(hand, **kwargs)


@pytest.mark.parametrize(
    "a, b, error",
    [(4, 4, CardError), (5, 0, CardError), (-1, 0, CardError), ("a", 1, PedronTypeError)],
)
def test_strength_of_ranks_errors(a, b, error):
    with pytest.raises(error):
        strength_of_ranks(a, b)


@pytest.mark.parametrize(
    "a, b, error",
    [(4, 4, DuplicateCardError), (43, 0, CardError), (-1, 0, CardError), ("a", 1, PedronTypeError)],
)
def test_strength_of_ids_errors(a, b, error):
    with pytest.raises(error):
        strength_of_ids(a, b)


def test_strength_helpers_accept_numpy_ints():
    assert strength_of_ranks(np.uint8(4), np.int32(3)) == 14
    assert strength_of_ids(np.uint8(0), np.int64(13)) == 14


# ---------------------------------------------------------------- batch


def _all_rank_rows():
    return np.array(VALID_RANK_PAIRS, dtype=np.uint8)


def test_batch_equals_scalar_ranks():
    rows = _all_rank_rows()
    got = evaluate_batch(rows)
    assert isinstance(got, np.ndarray) and got.dtype == np.uint8 and got.shape == (24,)
    assert got.tolist() == [evaluate(list(r)).strength for r in rows.tolist()]


def test_batch_equals_scalar_ids():
    rows = np.array(list(itertools.permutations(range(43), 2)), dtype=np.uint8)
    got = evaluate_batch(rows, ids=True)
    assert got.tolist() == [strength_of_ids(a, b) for a, b in rows.tolist()]
    assert evaluate_batch_unchecked(rows, ids=True).tolist() == got.tolist()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(VALID_RANK_PAIRS), max_size=300))
def test_batch_random_rows(pairs):
    rows = np.array(pairs, dtype=np.uint8).reshape(-1, 2)
    expected = [strength_of_ranks(a, b) for a, b in pairs]
    assert evaluate_batch(rows).tolist() == expected
    assert evaluate_batch_unchecked(rows).tolist() == expected
    out = np.zeros(len(pairs), np.uint8)
    assert evaluate_batch(rows, out=out) is out
    assert out.tolist() == expected


def test_batch_large_numpy():
    rng = np.random.default_rng(7)
    rows = rng.integers(0, 5, size=(100_003, 2), dtype=np.uint8)
    rows[(rows[:, 0] == 4) & (rows[:, 1] == 4)] = (4, 0)
    table = np.array(STRENGTH, dtype=np.uint8)
    assert np.array_equal(evaluate_batch(rows), table[rows[:, 0], rows[:, 1]])


def test_batch_other_buffers():
    assert evaluate_batch(bytes([4, 3, 0, 0])).tolist() == [14, 1]
    assert evaluate_batch(bytearray([4, 3])).tolist() == [14]
    got = evaluate_batch(array.array("B", [2, 1, 3, 3]))
    assert isinstance(got, array.array) and got.tolist() == [7, 13]
    assert evaluate_batch([[4, 3], (1, 1)]).tolist() == [14, 4]
    assert evaluate_batch(memoryview(np.array([[4, 3]], np.uint8))).tolist() == [14]
    out = bytearray(2)
    evaluate_batch(b"\x04\x03\x01\x01", out=out)
    assert list(out) == [14, 4]
    empty = evaluate_batch(np.zeros((0, 2), np.uint8))
    assert empty.shape == (0,)
    assert len(evaluate_batch(b"")) == 0


def test_batch_readonly_input_and_slices():
    rows = np.array([[4, 3], [0, 0], [3, 3], [1, 2]], np.uint8)
    rows.setflags(write=False)
    assert evaluate_batch(rows).tolist() == [14, 1, 13, 7]
    assert evaluate_batch(rows[1:3]).tolist() == [1, 13]


@pytest.mark.parametrize(
    "rows, ids, bad_row, words",
    [
        ([[4, 3], [4, 4], [5, 0]], False, 1, "Magician-Magician"),
        ([[4, 3], [0, 7]], False, 1, "rank 7 out of range"),
        ([[0, 1]] * 20 + [[200, 1]] + [[4, 4]], False, 20, "rank 200"),
        ([[0, 1], [3, 3]], True, 1, "same card id 3 twice"),
        ([[0, 1], [0, 43]], True, 1, "card id 43 out of range"),
        ([[0, 1]] * 9 + [[50, 50]], True, 9, "card id 50"),
    ],
)
def test_batch_bad_rows(rows, ids, bad_row, words):
    arr = np.array(rows, dtype=np.uint8)
    with pytest.raises(ArrayError, match=rf"row {bad_row}: .*{words}"):
        evaluate_batch(arr, ids=ids)
    unchecked = evaluate_batch_unchecked(arr, ids=ids)
    assert unchecked[bad_row] == 0x80


@pytest.mark.parametrize(
    "cards, error, words",
    [
        (np.zeros((3, 3), np.uint8), ArrayError, "shape"),
        (np.zeros((2, 2, 2), np.uint8), ArrayError, "shape"),
        (np.zeros(3, np.uint8), ArrayError, "divisible by 2"),
        (np.zeros((3, 2), np.int64), ArrayError, "uint8"),
        (np.zeros((3, 2), np.int8), ArrayError, "uint8"),
        (np.zeros((2, 4), np.uint8)[:, ::2], ArrayError, "C-contiguous"),
        (12, PedronTypeError, "buffer"),
        ("M S", PedronTypeError, "buffer"),
        ([[1, 2, 3]], ArrayError, "3 cards, not 2"),
        ([[1, 256]], ArrayError, "0..255"),
    ],
)
def test_batch_bad_buffers(cards, error, words):
    with pytest.raises(error, match=words):
        evaluate_batch(cards)


@pytest.mark.parametrize(
    "out, error, words",
    [
        (np.zeros(3, np.uint8), ArrayError, r"shape \(2,\)"),
        (np.zeros((2, 1), np.uint8), ArrayError, "shape"),
        (np.zeros(2, np.int16), ArrayError, "uint8"),
        (bytes(2), ArrayError, "writable"),
        ([0, 0], PedronTypeError, "writable uint8 buffer"),
    ],
)
def test_batch_bad_out(out, error, words):
    with pytest.raises(error, match=words):
        evaluate_batch(np.array([[4, 3], [1, 1]], np.uint8), out=out)


def test_batch_releases_gil_threads_agree():
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(3)
    rows = rng.integers(0, 4, size=(50_000, 2), dtype=np.uint8)
    expected = evaluate_batch(rows)
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(evaluate_batch, [rows] * 4))
    for r in results:
        assert np.array_equal(r, expected)


def test_hand_value_type_is_exported():
    assert isinstance(evaluate("qk"), HandValue)


def test_kernel_tables_match_python_tables():
    from pedron._kernels.diamondback_eval import kernel_tables

    assert kernel_tables() == (STRENGTH, RANK_OF_ID)


# Rank rows go sixteen at a time through a vector lookup where the CPU has SSSE3 (the
# byte table for the rest and for ids). Every pair of bytes, at every place of a block
# of sixteen and in the tail, gives the table's answer (the published strengths, INVALID
# for anything else), and the checked call names the first bad row as ever.
@pytest.mark.parametrize("shift", [0, 1, 7, 15, 16, 17])
def test_rank_rows_every_byte_pair_at_every_place(shift):
    pairs = np.array(list(itertools.product(range(256), repeat=2)), dtype=np.uint8)
    rows = np.ascontiguousarray(np.roll(pairs, shift, axis=0))
    a, b = rows[:, 0].astype(int), rows[:, 1].astype(int)
    want = np.full(len(rows), 0x80, dtype=np.uint8)
    for x, y in VALID_RANK_PAIRS:
        want[(a == x) & (b == y)] = STRENGTH[x][y]
    assert evaluate_batch_unchecked(rows).tolist() == want.tolist()
    assert evaluate_batch_unchecked(rows[: 100 + shift]).tolist() == want[: 100 + shift].tolist()


@pytest.mark.parametrize("row", [0, 5, 15, 16, 31, 32, 40])
@pytest.mark.parametrize("bad", [(5, 0), (0, 9), (255, 1), (4, 4)])
def test_rank_rows_first_bad_row_in_a_block(row, bad):
    rows = np.array(VALID_RANK_PAIRS * 2, dtype=np.uint8)[:41].copy()
    rows[row] = bad
    if row + 3 < len(rows):
        rows[row + 3] = (9, 9)  # a later bad row is not the one named
    with pytest.raises(ArrayError, match=rf"^row {row}: "):
        evaluate_batch(rows)


def test_the_ids_flag_is_a_bool():
    for flag in (np.array([True, False]), np.array([True]), 1, "yes", None):
        with pytest.raises(PedronTypeError, match="ids must be True or False"):
            evaluate([4, 3], ids=flag)  # type: ignore[arg-type]
        with pytest.raises(PedronTypeError, match="ids must be True or False"):
            hand_ranks([4, 3], ids=flag)  # type: ignore[arg-type]
    assert evaluate([0, 13], ids=np.bool_(True)) is evaluate([0, 13], ids=True)
