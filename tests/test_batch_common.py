"""Both games' batch functions: one signature, the same inputs, the same refusals.

Their arguments are checked in one place (pedron._kernels._common); these tests hold
the two games to it side by side, so that an input one accepts the other accepts too
(in its own card numbers), and a mistake gets the same kind of pedron error from both.
"""

from __future__ import annotations

import array
import inspect
import pickle

import pytest

from pedron import diablo, diamondback
from pedron.cards import deal_batch
from pedron.errors import ArrayError, PedronError, PedronTypeError, PedronValueError

np = pytest.importorskip("numpy")

# (function, its mode keyword, valid rows, the strengths' dtype)
DIABLO_ROWS = np.asarray(deal_batch(40, 5, seed=5))
DIAMONDBACK_ROWS = np.array([[4, 3], [0, 1], [3, 2], [1, 2]] * 10, np.uint8)  # (ids too)
GAMES = {
    "diablo": (diablo.evaluate_batch, diablo.evaluate_batch_unchecked, "wild", DIABLO_ROWS,
               np.uint16, "H"),
    "diamondback": (diamondback.evaluate_batch, diamondback.evaluate_batch_unchecked, "ids",
                    DIAMONDBACK_ROWS, np.uint8, "B"),
}


def _masks(rows):
    m = np.zeros(len(rows), np.uint64)
    for j in range(rows.shape[1]):
        m |= np.uint64(1) << rows[:, j].astype(np.uint64)
    return m


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return GAMES[request.param]


def test_one_signature():
    for name, (checked, unchecked, mode, *_rest) in GAMES.items():
        for f in (checked, unchecked):
            sig = inspect.signature(f)
            assert list(sig.parameters) == ["cards", mode, "out", "threads"], name
            assert sig.parameters["cards"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
            for p in (mode, "out", "threads"):
                assert sig.parameters[p].kind is inspect.Parameter.KEYWORD_ONLY
            assert sig.parameters["out"].default is None
            assert sig.parameters["threads"].default == 1
            assert pickle.loads(pickle.dumps(f)) is f
            with pytest.raises(TypeError):
                f(GAMES[name][3], None)  # out is keyword-only


def test_the_same_inputs(game):
    checked, unchecked, _mode, rows, dtype, code = game
    want = checked(rows).tolist()
    assert checked(rows).dtype == dtype
    width = rows.shape[1]
    same = [
        rows,                                   # (n, k) numpy
        rows.reshape(-1),                       # flat numpy
        memoryview(rows),                       # a 2-D memoryview
        rows.tobytes(),                         # bytes, flat
        bytearray(rows.tobytes()),
        array.array("B", rows.reshape(-1).tolist()),
        rows.tolist(),                          # a list of rows
        [tuple(r) for r in rows.tolist()],      # a list of tuples
        tuple(rows.tolist()),
    ]
    for cards in same:
        got = checked(cards)
        assert list(got) == want, type(cards)
        assert list(unchecked(cards)) == want
        # a numpy result for numpy cards, an array.array of the right type otherwise
        if isinstance(cards, np.ndarray):
            assert isinstance(got, np.ndarray) and got.dtype == dtype
        else:
            assert isinstance(got, array.array) and got.typecode == code
    nbytes = len(rows) * np.dtype(dtype).itemsize
    for out in (np.zeros(len(rows), dtype), array.array(code, bytes(nbytes)),
                memoryview(bytearray(nbytes)).cast(code)):
        assert checked(rows, out=out) is out and list(out) == want
    for threads in (2, None):
        assert checked(rows, threads=threads).tolist() == want
    assert len(checked(np.zeros((0, width), np.uint8))) == 0
    assert len(checked([])) == 0


def test_masks():
    rows = DIABLO_ROWS
    want = diablo.evaluate_batch(rows).tolist()
    assert diablo.evaluate_batch(_masks(rows)).tolist() == want
    assert list(diablo.evaluate_batch([int(m) for m in _masks(rows)])) == want
    # Diamondback masks are card ids (its card sets' masks): with ids=True only
    ids = np.array([[0, 1], [13, 14], [5, 33], [42, 41]], np.uint8)
    want = diamondback.evaluate_batch(ids, ids=True).tolist()
    assert diamondback.evaluate_batch(_masks(ids), ids=True).tolist() == want
    masks = [int(m) for m in _masks(ids)]
    assert [diamondback.CardSet.from_mask(m) for m in masks] == [
        diamondback.CardSet.from_indices(r) for r in ids.tolist()]
    assert list(diamondback.evaluate_batch(masks, ids=True)) == want
    with pytest.raises(ArrayError, match="pass ids=True"):
        diamondback.evaluate_batch(_masks(ids))
    bad = _masks(ids)
    bad[2] |= np.uint64(1) << np.uint64(50)
    with pytest.raises(ArrayError, match="row 2: mask has bits outside the 43 card ids"):
        diamondback.evaluate_batch(bad, ids=True)
    bad[2] = np.uint64(0b111)
    with pytest.raises(ArrayError, match="row 2: mask has 3 cards, expected 2"):
        diamondback.evaluate_batch(bad, ids=True)
    assert diamondback.evaluate_batch_unchecked(bad, ids=True)[2] == 0x80


@pytest.mark.parametrize("dtype", ["M8[s]", "m8[ns]", np.float64, np.int16, object, "U3", "V5"])
def test_foreign_dtypes_get_pedron_errors(game, dtype):
    checked, unchecked, _mode, rows, _out_dtype, _code = game
    cards = np.zeros(rows.shape, dtype)
    for f in (checked, unchecked):
        with pytest.raises(PedronError):
            f(cards)
        with pytest.raises(PedronError):
            f(rows, out=np.zeros(len(rows), dtype))
    with pytest.raises(PedronError):
        deal_batch(3, 5, seed=1, out=np.zeros((3, 5), dtype))


def _row(width, *last):
    return [*range(width - len(last)), *last]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda w: "9c 9d", PedronTypeError),          # text is no batch
        (lambda w: 12, PedronTypeError),
        (lambda w: None, PedronTypeError),
        (lambda w: {1: 2}, PedronTypeError),
        (lambda w: [_row(w), 5], ArrayError),           # a row, then a mask
        (lambda w: [5, _row(w)], ArrayError),           # a mask, then a row
        (lambda w: [_row(w + 1)], ArrayError),
        (lambda w: [_row(w, 300)], ArrayError),
        (lambda w: [_row(w, -1)], ArrayError),
        (lambda w: [_row(w, 1.0)], PedronTypeError),
        (lambda w: [_row(w, True)], PedronTypeError),
        (lambda w: np.zeros((2, 3, w), np.uint8), ArrayError),
        (lambda w: np.zeros(w + 1, np.uint8), ArrayError),
        (lambda w: np.zeros((3, w + 1), np.uint8), ArrayError),
        (lambda w: np.zeros(3, np.uint32), ArrayError),
        (lambda w: np.zeros((4, 2 * w), np.uint8)[:, ::2], ArrayError),  # not C-contiguous
        (lambda w: np.zeros(3, ">u8"), ArrayError),    # another machine's byte order
    ],
)
def test_the_same_refusals(game, make, error):
    checked, unchecked, _mode, rows, *_rest = game
    cards = make(rows.shape[1])
    for f in (checked, unchecked):
        with pytest.raises(error):
            f(cards)


def test_out_and_threads_refusals(game):
    checked, _unchecked, mode, rows, dtype, _code = game
    n = len(rows)
    for out, error in [([0] * n, PedronTypeError), (np.zeros(n - 1, dtype), ArrayError),
                       (np.zeros((n, 1), dtype), ArrayError), (np.zeros(n, np.int32), ArrayError),
                       (bytes(n * np.dtype(dtype).itemsize), ArrayError),
                       (np.zeros(2 * n, dtype)[::2], ArrayError)]:
        with pytest.raises(error):
            checked(rows, out=out)
    for threads, error in [(0, PedronValueError), (-1, PedronValueError),
                           (1025, PedronValueError), (2**100, PedronValueError),
                           (1.5, PedronTypeError), (True, PedronTypeError),
                           ("2", PedronTypeError)]:
        with pytest.raises(error):
            checked(rows, threads=threads)
    for flag in (1, None, "yes", np.array([True, False])):
        with pytest.raises(PedronTypeError, match=f"{mode} must be True or False"):
            checked(rows, **{mode: flag})
    for flag in (False, True):
        assert (checked(rows, **{mode: np.bool_(flag)}).tolist()
                == checked(rows, **{mode: flag}).tolist())


def test_threads_write_every_row(game):
    checked, unchecked, _mode, rows, dtype, _code = game
    per_thread = 1 << 16 if rows.shape[1] == 5 else 1 << 20
    n = 3 * per_thread + 37  # (three slices, none of them a whole number of blocks)
    big = np.resize(rows, (n, rows.shape[1]))
    want = checked(big).tolist()
    for f in (checked, unchecked):
        for threads in (2, 3, None):
            out = np.zeros(n, dtype)
            assert f(big, out=out, threads=threads).tolist() == want


def test_unaligned_and_overlapping_memory(game):
    checked, _unchecked, _mode, rows, dtype, _code = game
    want = checked(rows).tolist()
    n, width = rows.shape
    size = np.dtype(dtype).itemsize
    # out at an odd address (filled through an aligned copy)
    buf = np.zeros(n * size + 1, np.uint8)
    out = buf[1:].view(dtype)
    assert checked(rows, out=out).tolist() == want
    # out inside the cards' own memory (the cards are read from a copy)
    for off in (0, 3, n * width - n * size):
        mem = np.zeros(n * width + n * size, np.uint8)
        mem[: n * width] = rows.reshape(-1)
        cards = mem[: n * width].reshape(n, width)
        target = mem[off: off + n * size].view(dtype)
        assert checked(cards, out=target).tolist() == want


def test_check_order_refuses_before_any_allocation():
    # A wrong mode flag or a bad out is found before a result is made.
    with pytest.raises(PedronTypeError):
        diablo.evaluate_batch(np.zeros((10**6, 5), np.uint8), wild="x")
    with pytest.raises(PedronTypeError):
        diamondback.evaluate_batch(np.zeros((10**6, 2), np.uint8), ids="x")
    # deal_batch checks its seed before it allocates the (huge) array
    with pytest.raises(PedronTypeError, match="seed"):
        deal_batch(10**12, 1, seed="x")
    with pytest.raises(PedronError):
        deal_batch(10**12, 1, seed=1, deck="Ah Ah")


def test_plain_and_fast_paths_agree_on_every_diamondback_row():
    # Every one of the 65,536 two-byte rows, in both modes: the vector loop (where this
    # build and CPU have one) against the plain loop of the plain build.
    from pedron._kernels import diamondback_eval as k

    rows = np.arange(65536, dtype=np.uint16).view(np.uint8).reshape(-1, 2)
    for ids in (False, True):
        fast = diamondback.evaluate_batch_unchecked(rows, ids=ids)
        plain = k._evaluate_batch_plain(rows, ids=ids)
        assert fast.tolist() == plain.tolist()
        for start in range(0, 40):  # every alignment of the 16-row steps, and tails
            assert (diamondback.evaluate_batch_unchecked(rows[start:start + 37], ids=ids)
                    .tolist() == plain[start:start + 37].tolist())
    assert set(k.FAST_PATHS) == {"batch rank rows"}


def test_fast_paths_are_named():
    from pedron._kernels import diablo_eval, diamondback_eval

    assert diablo_eval.FAST_PATHS["batch block check"] in ("avx2", "sse2", "none")
    assert diamondback_eval.FAST_PATHS["batch rank rows"] in ("ssse3", "none")


def test_rows_in_threads_splits_rows_and_raises_what_a_thread_raised():
    from pedron._kernels._common import rows_in_threads, threads_count

    seen = []

    def first_bad(start, stop):
        seen.append((start, stop))
        return next((i for i in range(start, stop) if i % 37 == 36), -1)

    assert rows_in_threads(first_bad, (), 100, 4) == 36
    assert sorted(seen) == [(0, 25), (25, 50), (50, 75), (75, 100)]
    seen.clear()
    assert rows_in_threads(first_bad, (), 101, 3) == 36  # (not a multiple: rounded up)
    assert sorted(seen) == [(0, 34), (34, 68), (68, 101)]

    def boom(start, stop):
        if start:
            raise RuntimeError(f"slice {start} failed")
        return -1

    with pytest.raises(RuntimeError, match="slice"):  # (it was lost in its thread: -1)
        rows_in_threads(boom, (), 100, 4)
    assert threads_count(None) >= 1 and threads_count(3) == 3
    with pytest.raises(PedronValueError):
        threads_count(0)
