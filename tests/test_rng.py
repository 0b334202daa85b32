"""The generator stream (version 1): known answers, the reference, state handling."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pedron import Generator
from pedron.errors import PedronError, PedronTypeError, SeedError
from pedron.reference import rng as rng_reference
from pedron.reference.rng import Xoshiro256StarStar, splitmix64_words

U64 = (1 << 64) - 1

# Known-answer vectors. They pin stream version 1: a change here is a break of
# the reproducibility promise and needs a new STREAM_VERSION.
KAT_RAW = {
    0: [11091344671253066420, 13793997310169335082, 1900383378846508768, 7684712102626143532],
    42: [1546998764402558742, 6990951692964543102, 12544586762248559009, 17057574109182124193],
    U64: [10328197420357168392, 14156678507024973869, 9357971779955476126, 13791585006304312367],
}
KAT_BOUNDED_2026 = [0, 1, 1, 14, 615, 1131066241, 3838303398]
KAT_SHUFFLE_7 = [
    9, 46, 8, 36, 24, 30, 18, 31, 48, 47, 37, 32, 1, 20, 38, 41, 7, 40, 4, 19, 11, 33, 10, 6,
    22, 34, 25, 49, 43, 17, 51, 26, 45, 0, 14, 28, 3, 12, 2, 23, 50, 29, 42, 21, 44, 5, 39,
    27, 13, 15, 35, 16,
]


def test_splitmix64_published_value():
    # First SplitMix64 output for seed 0, as published with the algorithm.
    assert splitmix64_words(0, 1)[0] == 0xE220A8397B1DCDAF


def test_xoshiro_published_vector():
    # xoshiro256** from the state (1, 2, 3, 4), as in the authors' test data.
    g = Generator(0)
    g.setstate({"algorithm": "xoshiro256**", "version": 1, "s": [1, 2, 3, 4], "spare": None})
    assert g.random_raw(4) == [11520, 0, 1509978240, 1215971899390074240]


@pytest.mark.parametrize("seed", sorted(KAT_RAW))
def test_known_answer_raw(seed):
    assert Generator(seed).random_raw(4) == KAT_RAW[seed]


def test_known_answer_bounded_and_shuffle():
    g = Generator(2026)
    assert [g.integers(n) for n in (1, 2, 3, 52, 1000, 2**31 + 1, 2**32 - 1)] == KAT_BOUNDED_2026
    items = list(range(52))
    Generator(7).shuffle(items)
    assert items == KAT_SHUFFLE_7


@given(st.integers(0, U64), st.lists(st.integers(1, 2**32 - 1), max_size=20))
def test_kernel_matches_reference(seed, bounds):
    g, r = Generator(seed), Xoshiro256StarStar(seed)
    assert [g.integers(n) for n in bounds] == [r.bounded(n) for n in bounds]
    assert g.random_raw() == r.next_u64()
    assert g.next_u32() == r.next_u32()
    items_g, items_r = list(range(30)), list(range(30))
    g.shuffle(items_g)
    r.shuffle(items_r)
    assert items_g == items_r


def test_u32_halves_order():
    g, h = Generator(5), Generator(5)
    x = h.random_raw()
    assert g.next_u32() == x & 0xFFFFFFFF
    assert g.next_u32() == x >> 32


def test_state_roundtrip_and_pickle():
    g = Generator(99)
    g.next_u32()  # leave a buffered half in the state
    state = g.getstate()
    expected = [g.integers(1000) for _ in range(10)]
    h = Generator(1)
    h.setstate(state)
    assert [h.integers(1000) for _ in range(10)] == expected
    g.setstate(state)
    p = pickle.loads(pickle.dumps(g))
    assert [p.integers(1000) for _ in range(10)] == expected
    assert p.seed == 99


def test_copy_is_independent():
    g = Generator(3)
    c = copy.copy(g)
    d = copy.deepcopy(g)
    first = g.random_raw(3)
    assert c.random_raw(3) == first
    assert d.random_raw(3) == first


def test_repr_hides_state():
    g = Generator(12)
    assert repr(g) == "Generator(seed=12)"
    assert repr(Generator()) == "Generator(seed=None)"
    assert str(g.getstate()["s"][0]) not in repr(g)


def test_os_entropy_streams_differ():
    a, b = Generator(), Generator()
    assert a.seed is None
    assert a.random_raw(4) != b.random_raw(4)


def test_spawn_from_generator_and_numpy():
    np = pytest.importorskip("numpy")
    parent = Generator(8)
    child = Generator(parent)
    assert child.random_raw() != Generator(8).random_raw()
    a = Generator(np.random.default_rng(5)).random_raw(3)
    b = Generator(np.random.default_rng(5)).random_raw(3)
    assert a == b


def test_jump_matches_reference():
    g, r = Generator(4), Xoshiro256StarStar(4)
    g.next_u32()  # the buffered half is dropped by a jump
    r.next_u32()
    g.jump()
    rng_reference.jump(r)
    assert g.getstate()["spare"] is None
    assert g.getstate()["s"] == r.s
    assert g.random_raw(3) == [r.next_u64() for _ in range(3)]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", b"7", True, [1]])
def test_bad_seeds(seed):
    with pytest.raises(PedronError) as info:
        Generator(seed)
    assert isinstance(info.value, (ValueError, TypeError))


@pytest.mark.parametrize(
    "state",
    [
        {"algorithm": "pcg64", "version": 1, "s": [1, 2, 3, 4], "spare": None},
        {"algorithm": "xoshiro256**", "version": 2, "s": [1, 2, 3, 4], "spare": None},
        {"algorithm": "xoshiro256**", "version": 1, "s": [0, 0, 0, 0], "spare": None},
        {"algorithm": "xoshiro256**", "version": 1, "s": [1, 2, 3], "spare": None},
        {"algorithm": "xoshiro256**", "version": 1, "s": [1, 2, 3, -4], "spare": None},
        {"algorithm": "xoshiro256**", "version": 1, "s": [1, 2, 3, 4], "spare": 2**32},
        {"algorithm": "xoshiro256**", "version": 1, "s": [1, 2, 3, 4.0], "spare": None},
    ],
)
def test_bad_states_change_nothing(state):
    g = Generator(10)
    before = g.getstate()
    with pytest.raises(SeedError):
        g.setstate(state)
    assert g.getstate() == before


def test_setstate_type_error():
    with pytest.raises(PedronTypeError):
        Generator(1).setstate([1, 2, 3, 4])


@pytest.mark.parametrize("n", [0, 2**32 + 1, -1, 2.0, "3"])
def test_bad_bounds(n):
    with pytest.raises(PedronError):
        Generator(1).integers(n)


def test_bounded_is_uniform():
    scipy_stats = pytest.importorskip("scipy.stats")
    g = Generator(123)
    counts = [0] * 7
    for _ in range(70_000):
        counts[g.integers(7)] += 1
    assert scipy_stats.chisquare(counts).pvalue > 1e-4


def test_setstate_reads_the_version_and_algorithm_exactly():
    # an array where one value is expected: refused, never read for its truth
    np = pytest.importorskip("numpy")
    g = Generator(3)
    state = g.getstate()
    for key, bad in [("version", np.array([1, 1])), ("version", np.array([1])),
                     ("version", 1.0), ("version", True),
                     ("algorithm", np.array(["xoshiro256**"] * 2))]:
        with pytest.raises(SeedError, match="unsupported generator state"):
            g.setstate({**state, key: bad})
    assert g.getstate() == state
