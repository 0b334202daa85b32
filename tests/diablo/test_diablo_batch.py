"""Batch evaluation: equals the scalar path, accepts buffers, names bad rows."""

from __future__ import annotations

import array
import random

import pytest

from pedron._kernels.diablo_eval import _evaluate_batch_plain
from pedron.cards import deal_batch
from pedron.diablo import evaluate_batch, evaluate_batch_unchecked, strength
from pedron.errors import ArrayError, PedronTypeError, PedronValueError

np = pytest.importorskip("numpy")


def _hands(n: int, seed: int = 7):
    return np.asarray(deal_batch(n, 5, seed=seed))


def _masks(rows):
    m = np.zeros(len(rows), dtype=np.uint64)
    for j in range(5):
        m |= np.uint64(1) << rows[:, j].astype(np.uint64)
    return m


@pytest.mark.parametrize("wild", [True, False])
def test_batch_equals_scalar_on_random_hands(wild):
    rows = _hands(20_000)
    got = evaluate_batch(rows, wild=wild)
    assert isinstance(got, np.ndarray) and got.dtype == np.uint16 and got.shape == (20_000,)
    want = [strength([int(c) for c in r], wild=wild) for r in rows]
    assert got.tolist() == want
    assert evaluate_batch(_masks(rows), wild=wild).tolist() == want
    assert evaluate_batch_unchecked(rows, wild=wild).tolist() == want
    assert evaluate_batch_unchecked(_masks(rows), wild=wild).tolist() == want


@pytest.mark.parametrize("wild", [True, False])
def test_threads_give_the_same_result(wild):
    rows = _hands(300_000, seed=3)
    one = evaluate_batch(rows, wild=wild)
    assert (evaluate_batch(rows, wild=wild, threads=2) == one).all()
    assert (evaluate_batch(rows, wild=wild, threads=None) == one).all()
    assert (evaluate_batch_unchecked(_masks(rows), wild=wild, threads=3) == one).all()


def test_out_argument_is_filled_and_returned():
    rows = _hands(100)
    out = np.zeros(100, dtype=np.uint16)
    assert evaluate_batch(rows, out=out) is out
    assert (out == evaluate_batch(rows)).all()
    buf = array.array("H", bytes(200))
    assert evaluate_batch(rows, out=buf) is buf
    assert list(buf) == out.tolist()


def test_without_numpy_types_returns_array_array():
    rows = _hands(10)
    plain = memoryview(bytearray(rows.tobytes())).cast("B", (10, 5))
    got = evaluate_batch(plain)
    assert isinstance(got, array.array) and got.typecode == "H"
    assert list(got) == evaluate_batch(rows).tolist()
    masks = array.array("Q", [int(m) for m in _masks(rows)])
    assert list(evaluate_batch(masks)) == list(got)


def test_zero_copy_on_read_only_input():
    rows = _hands(50)
    rows.setflags(write=False)
    assert evaluate_batch(rows).tolist() == [strength([int(c) for c in r]) for r in rows]


def test_empty_batch():
    assert evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert len(evaluate_batch(array.array("Q"))) == 0


@pytest.mark.parametrize("checked", [evaluate_batch])
def test_bad_rows_are_named(checked):
    rows = _hands(10)
    bad = rows.copy()
    bad[6, 2] = 52
    with pytest.raises(ArrayError, match=r"row 6: card number out of range 0\.\.51: 52"):
        checked(bad)
    bad = rows.copy()
    bad[4, 1] = 200
    bad[7, 1] = 60
    with pytest.raises(ArrayError, match="row 4"):
        checked(bad)
    bad = rows.copy()
    bad[3, 4] = bad[3, 0]
    with pytest.raises(ArrayError, match="row 3: duplicate card"):
        checked(bad)
    masks = _masks(rows)
    masks[5] |= np.uint64(1) << np.uint64(60)
    with pytest.raises(ArrayError, match="row 5: mask has bits outside"):
        checked(masks)
    masks = _masks(rows)
    masks[2] = np.uint64(0b1111)
    with pytest.raises(ArrayError, match="row 2: mask has 4 cards"):
        checked(masks)
    masks[2] = np.uint64(0b111111)
    with pytest.raises(ArrayError, match="row 2: mask has 6 cards"):
        checked(masks)
    masks[2] = np.uint64(0)
    with pytest.raises(ArrayError, match="row 2: mask has 0 cards"):
        checked(masks)


def test_first_bad_row_is_reported_across_threads():
    rows = _hands(400_000, seed=5)
    rows[350_000, 0] = 99
    rows[200_001, 3] = rows[200_001, 1]
    with pytest.raises(ArrayError, match="row 200001"):
        evaluate_batch(rows, threads=4)


def test_unchecked_never_crashes_on_garbage():
    rng = np.random.default_rng(0)
    rows = rng.integers(0, 256, size=(10_000, 5), dtype=np.uint8)
    out = evaluate_batch_unchecked(rows)
    assert out.shape == (10_000,)
    masks = rng.integers(0, 2**63, size=10_000, dtype=np.uint64)
    masks[:10] = 0
    assert evaluate_batch_unchecked(masks).shape == (10_000,)


@pytest.mark.parametrize(
    "cards",
    [
        np.zeros((3, 4), dtype=np.uint8),
        np.zeros((3, 6), dtype=np.uint8),
        np.zeros((3, 5), dtype=np.int64),
        np.zeros((3, 5), dtype=np.int8),
        np.zeros(3, dtype=np.int64),
        np.zeros(3, dtype=np.uint32),
        np.zeros((3, 5, 1), dtype=np.uint8),
        np.zeros(14, dtype=np.uint8),  # (flat: a length that is no whole number of rows)
        np.zeros((5, 3), dtype=np.uint8).T,
    ],
)
def test_wrong_shape_or_dtype(cards):
    with pytest.raises(ArrayError):
        evaluate_batch(cards)
    with pytest.raises(ArrayError):
        evaluate_batch_unchecked(cards)


def test_flat_rows_and_lists_are_read_like_arrays():
    rows = _hands(30, seed=2)
    want = evaluate_batch(rows).tolist()
    assert evaluate_batch(rows.reshape(-1)).tolist() == want  # flat, 5n bytes
    assert list(evaluate_batch(rows.tobytes())) == want
    got = evaluate_batch(rows.tolist())  # a list of rows, copied
    assert isinstance(got, array.array) and list(got) == want
    assert list(evaluate_batch([tuple(r) for r in rows.tolist()])) == want
    assert list(evaluate_batch([int(m) for m in _masks(rows)])) == want  # a list of masks
    with pytest.raises(ArrayError, match="row 1 has 4 cards"):
        evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3]])
    with pytest.raises(ArrayError, match="row 0: card number out of range"):
        evaluate_batch([[0, 1, 2, 3, 99]])
    with pytest.raises(ArrayError, match=r"0\.\.255"):
        evaluate_batch([[0, 1, 2, 3, 256]])
    with pytest.raises(PedronTypeError):
        evaluate_batch([[0, 1, 2, 3, 4.0]])


def test_not_a_buffer_and_bad_out_and_threads():
    with pytest.raises(PedronTypeError, match="str"):
        evaluate_batch("9c 9d 2h 2s Kd")
    rows = _hands(4)
    with pytest.raises(ArrayError, match="length 4"):
        evaluate_batch(rows, out=np.zeros(3, dtype=np.uint16))
    with pytest.raises(ArrayError):
        evaluate_batch(rows, out=np.zeros(4, dtype=np.int32))
    ro = np.zeros(4, dtype=np.uint16)
    ro.setflags(write=False)
    with pytest.raises(ArrayError, match="writable"):
        evaluate_batch(rows, out=ro)
    with pytest.raises(PedronTypeError):
        evaluate_batch(rows, out=[0, 0, 0, 0])
    with pytest.raises(PedronValueError):
        evaluate_batch(rows, threads=0)
    with pytest.raises(PedronTypeError):
        evaluate_batch(rows, threads=1.5)  # type: ignore[arg-type]
    with pytest.raises(PedronValueError, match=r"1\.\.1024"):
        evaluate_batch(rows, threads=2**40)


def test_batch_of_every_category_matches_reference_sample():
    from pedron.reference import diablo as ref

    rng = random.Random(11)
    hands = [rng.sample(range(52), 5) for _ in range(300)]
    # Force wild-heavy hands too.
    hands += [[0, 1, 2, *rng.sample(range(4, 52), 2)] for _ in range(50)]
    hands += [[0, 1, 2, 3, rng.randrange(4, 52)] for _ in range(10)]
    rows = np.array(hands, dtype=np.uint8)
    for wild in (True, False):
        got = evaluate_batch(rows, wild=wild).tolist()
        assert got == [ref.strength(h, wild) for h in hands]


# -- one thread and the threads' path agree ----------------------------------------------
def _general(cards, **kw):
    # threads=2 on fewer rows than a second thread would take: still one thread
    return evaluate_batch(cards, threads=2, **kw)


@pytest.mark.parametrize("wild", [True, False])
@pytest.mark.parametrize("form", ["rows", "masks", "memoryview", "array"])
def test_the_one_call_path_equals_the_general_path(wild, form):
    rows = _hands(3_000, seed=11)
    cards = {"rows": rows, "masks": _masks(rows), "memoryview": memoryview(rows),
             "array": array.array("Q", _masks(rows).tolist())}[form]
    fast = evaluate_batch(cards, wild=wild)
    assert list(fast) == list(_general(cards, wild=wild))
    assert list(fast)[:200] == [strength(tuple(r), wild=wild) for r in rows[:200].tolist()]
    out = np.zeros(len(rows), dtype=np.uint16)
    assert evaluate_batch(cards, wild=wild, out=out) is out and list(out) == list(fast)
    assert list(evaluate_batch_unchecked(cards, wild=wild)) == list(fast)


def test_the_one_call_path_names_the_same_bad_row():
    rows = _hands(100, seed=3).copy()
    rows[57, 2] = rows[57, 4]
    with pytest.raises(ArrayError) as fast:
        evaluate_batch(rows)
    with pytest.raises(ArrayError) as general:
        _general(rows)
    assert str(fast.value) == str(general.value) and "row 57" in str(fast.value)


def test_unusual_buffers_are_copied_or_refused():
    rows = _hands(50, seed=4)
    # out sharing memory with the cards: a copy of the cards is evaluated
    buf = np.zeros(50 * 5 + 100, dtype=np.uint8)
    buf[:250] = rows.reshape(-1)
    cards = buf[:250].reshape(50, 5)
    out = buf[150:].view(np.uint16)[:50]
    expected = list(_general(rows.copy()))
    assert list(evaluate_batch(cards, out=out)) == expected
    with pytest.raises(ArrayError):
        evaluate_batch(rows, out=np.zeros(50, dtype=np.uint32))
    with pytest.raises(ArrayError):
        evaluate_batch(rows[:, ::-1])  # not C-contiguous
    with pytest.raises(ArrayError):
        evaluate_batch(rows.astype(np.int64))
    out = np.zeros(50, dtype=np.uint16)
    out.flags.writeable = False
    with pytest.raises(ArrayError):
        evaluate_batch(rows, out=out)
    assert len(evaluate_batch(np.zeros((0, 5), dtype=np.uint8))) == 0


# -- the checked card-row kernel validates blocks of rows at once --------------------------
# Rows go by blocks of 64 (a vectorised check of the block, then the unchecked loop); a
# failing block, and the rows after the last whole block, are checked row by row. Every
# kind of bad row at every place in a block (first, middle and last row, the tail, each
# card position and each pair of positions) must give the row-by-row answer: the same row
# named, the same message, and the rows before it written.
_BLOCK = 64


def _reference_error(rows, wild=True):
    """The first bad row and the strengths before it, found by the plain C loop (an
    independent row-by-row check) and the scalar evaluator."""
    from pedron._kernels.c_baseline import plain_c_loop

    out = np.zeros(len(rows), dtype=np.uint16)
    bad = plain_c_loop(rows, out, wild)
    return bad, out[: max(bad, 0)].tolist()


@pytest.mark.parametrize("row", [0, 1, 31, 63, 64, 65, 127, 128, 191, 192, 200, 209])
@pytest.mark.parametrize("kind", ["range", "duplicate"])
def test_block_check_finds_each_bad_row_like_the_row_by_row_check(row, kind):
    rows = _hands(210, seed=row)
    for pos in range(5):
        for other in range(5):
            if kind == "range" and other != pos:
                continue
            if kind == "duplicate" and other <= pos:
                continue
            bad = rows.copy()
            if kind == "range":
                bad[row, pos] = (52, 53, 127, 200, 255)[other]
            else:
                bad[row, other] = bad[row, pos]
            want_row, before = _reference_error(bad)
            assert want_row == row
            out = np.full(len(bad), 7, dtype=np.uint16)
            with pytest.raises(ArrayError) as fast:
                evaluate_batch(bad, out=out)
            with pytest.raises(ArrayError) as general:
                _general(bad)
            plain_out = np.full(len(bad), 7, dtype=np.uint16)
            with pytest.raises(ArrayError) as plain:  # (the plain build's loop: row by row)
                _evaluate_batch_plain(bad, out=plain_out)
            assert str(fast.value) == str(general.value) == str(plain.value)
            assert str(fast.value).startswith(f"row {row}: ")
            assert out[:row].tolist() == before  # the rows before it are written
            assert out[row:].tolist() == [7] * (len(bad) - row)
            assert plain_out.tolist() == out.tolist()


def test_block_check_sees_no_bad_row_across_row_boundaries():
    # The same card in neighbouring rows is legal: the check compares only within a row.
    rows = np.array([[0, 1, 2, 3, 4], [4, 0, 1, 2, 3], [3, 4, 0, 1, 2], [2, 3, 4, 0, 1],
                     [1, 2, 3, 4, 0]] * 60, dtype=np.uint8)
    assert evaluate_batch(rows).tolist() == evaluate_batch_unchecked(rows).tolist()
    assert _reference_error(rows)[0] == -1


@pytest.mark.parametrize("wild", [True, False])
def test_block_check_on_slices_between_threads(wild):
    # Slices that are no whole number of blocks: each thread's last rows are checked
    # row by row (the block check reads past its block), and the answers agree.
    rows = _hands(3 * (1 << 16) + 37, seed=9)
    want = evaluate_batch_unchecked(rows, wild=wild).tolist()
    assert evaluate_batch(rows, wild=wild, threads=3).tolist() == want
    for threads in (2, 3):  # (every row written, the last slice's last one too)
        out = np.zeros(len(rows), dtype=np.uint16)
        assert evaluate_batch(rows, wild=wild, threads=threads, out=out).tolist() == want
        out[:] = 0
        assert evaluate_batch_unchecked(rows, wild=wild, threads=threads, out=out).tolist() == want
    for n in (1, _BLOCK - 1, _BLOCK, _BLOCK + 1, 2 * _BLOCK, 2 * _BLOCK + 1, 1000):
        assert evaluate_batch(rows[:n], wild=wild).tolist() == want[:n]


@pytest.mark.parametrize("n", [1, 63, 64, 65, 200])
def test_one_call_path_either_side_of_the_gil_threshold(n):
    # Below 64 rows the kernel runs without releasing the GIL, from 64 with it released:
    # both give the scalar answers, into the given out and into a new array, and name
    # the same bad row.
    rows = _hands(n, seed=n)
    want = [strength(tuple(int(c) for c in r)) for r in rows]
    out = np.zeros(n, dtype=np.uint16)
    assert evaluate_batch(rows, out=out) is out
    assert out.tolist() == want
    assert evaluate_batch(rows).tolist() == want
    assert evaluate_batch_unchecked(rows, out=np.zeros(n, np.uint16)).tolist() == want
    bad = rows.copy()
    bad[n - 1, 0] = bad[n - 1, 1]
    with pytest.raises(ArrayError, match=f"row {n - 1}"):
        evaluate_batch(bad, out=out)


def test_batch_functions_pickle_signature_and_docs():
    import inspect
    import pickle

    for f in (evaluate_batch, evaluate_batch_unchecked):
        assert pickle.loads(pickle.dumps(f))(_hands(3)).tolist() == f(_hands(3)).tolist()
        sig = inspect.signature(f)
        assert list(sig.parameters) == ["cards", "wild", "out", "threads"]
        assert sig.parameters["wild"].kind is inspect.Parameter.KEYWORD_ONLY
    assert "Strengths of many hands" in (evaluate_batch.__doc__ or "")
    assert "without the per-row checks" in (evaluate_batch_unchecked.__doc__ or "")
    # keyword arguments are still keyword-only, misspelt ones refused
    with pytest.raises(TypeError):
        evaluate_batch(_hands(1), True)
    with pytest.raises(TypeError):
        evaluate_batch(_hands(1), wlid=True)
