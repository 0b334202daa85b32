"""Exact values at every boundary: each defect the probing of issue "hard
boundaries" found, then a hypothesis sweep of hostile objects over the public
entry points (a pedron error or the answer the plain value gives, never
anything else)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pedron import CardSet, Generator, cards, diablo, diamondback
from pedron.bots import amount_between
from pedron.diablo.declare import declarable
from pedron.errors import CardError, DeckError, PedronError, PedronTypeError, SeedError

np = pytest.importorskip("numpy")

# (scripts/fuzz/hostile.py, on the path by conftest.py; after the skip: it imports numpy)
from hostile import REFUSED, Idx, Liar, LyingStr, plain_flag, plain_int  # noqa: E402

# -- the defects, one test each ---------------------------------------------------------


def test_deal_checks_the_exact_count_not_the_object():
    deck = diablo.Deck(1)
    with pytest.raises(DeckError):
        deck.deal(Liar(200))
    with pytest.raises(DeckError):
        deck.deal_set(Liar(55))
    assert len(deck) == 52
    assert len(deck.deal(Liar(3))) == 3
    deck.return_cards(deck.dealt)  # (a negative size here once reached memmove)
    assert len(deck) == 52


def test_an_index_returning_a_float_is_refused_not_truncated():
    deck = diablo.Deck(1)
    with pytest.raises(PedronTypeError):
        deck.deal(Idx(2.7))
    with pytest.raises(PedronTypeError):
        deck.deal(Idx(Liar(2)))  # an int subclass from __index__ is deprecated: refused
    with pytest.raises(PedronTypeError):
        deck.deal(Idx(RuntimeError("boom")))
    assert len(deck) == 52


def test_hand_value_takes_exact_strengths_only():
    from_strength = diablo.HandValue.from_strength
    for bad in (Liar(10**9), Liar(8200), Liar(0), -1, 5163):
        with pytest.raises(PedronError):
            from_strength(bad)
    for bad in (5.5, True, "3", None):
        with pytest.raises(PedronTypeError):
            from_strength(bad)
    value = from_strength(Liar(5))
    assert type(value.strength) is int and value.strength == 5
    assert value is from_strength(5)
    with pytest.raises(PedronTypeError):
        from_strength(5, wild=np.array([True, False]))  # type: ignore[arg-type]
    made = diablo.HandValue(5, True, value.category, value.ranks)  # (made directly: checked)
    assert made == value
    for bad in (Liar(5), np.int64(5)):
        with pytest.raises(PedronTypeError):
            diablo.HandValue(bad, True, value.category, value.ranks)


def test_card_sets_and_strength_read_the_exact_card():
    with pytest.raises(CardError):
        CardSet([Liar(100)])
    with pytest.raises(CardError):
        diablo.strength([Liar(72), 1, 2, 3, 4])
    assert Liar(100) not in CardSet.full()
    assert Liar(51) in CardSet.full()
    assert CardSet([Liar(51)]) == CardSet("As")
    with pytest.raises(CardError):
        CardSet.from_mask(Liar(-1))
    assert CardSet(LyingStr("2c")) == CardSet("2c")  # the text's own value, not its strip()


def test_generator_words_are_never_set_unchecked():
    assert not hasattr(Generator(1), "_set_words")


def test_setstate_checks_everything_before_writing():
    gen = Generator(1)
    before = gen.getstate()
    for words in ([5, 6, 7, 1 << 64], [5, Liar(-1), 7, 8], [5, 6, 7, 8.0], [5, 6, "7", 8]):
        state = dict(before, s=words)
        with pytest.raises(SeedError):
            gen.setstate(state)
        assert gen.getstate() == before
    with pytest.raises(SeedError):
        gen.setstate(dict(before, spare=Liar(1 << 40)))
    assert gen.getstate() == before


def test_public_calls_raise_pedron_errors():
    with pytest.raises(PedronTypeError):
        cards.format_cards(5)
    with pytest.raises(PedronTypeError):
        diablo.Table(3, orders=5)
    with pytest.raises(PedronTypeError):
        diamondback.Table(2, orders=5)
    with pytest.raises(PedronTypeError):
        diamondback.Table(2, orders=np.array([1, 2]))
    with pytest.raises(PedronTypeError):
        diamondback.card_id(type("S", (str,), {})("K"), 1)
    with pytest.raises(PedronTypeError):
        diamondback.card_id(np.array([1]), 1)
    for f in (diamondback.hand_by_strength, diamondback.format_id, diamondback.rank_of):
        with pytest.raises(CardError):
            f(Liar(100))
    two_d = memoryview(bytes(range(5))).cast("B", (1, 5))
    with pytest.raises(PedronTypeError):
        diablo.strength(two_d)
    with pytest.raises(PedronTypeError):
        diamondback.evaluate(memoryview(bytes([4, 3])).cast("B", (1, 2)))
    hands = np.array([[0, 4, 8, 12, 17]], dtype=np.uint8)
    with pytest.raises(PedronTypeError):
        diablo.evaluate_batch(hands, wild=np.array([True]))
    with pytest.raises(PedronTypeError):
        diamondback.evaluate_batch(np.array([[4, 3]], dtype=np.uint8), ids=np.array([1]))
    with pytest.raises(PedronTypeError):
        diablo.Deck(1, shuffle=np.array([1, 0]))
    from pedron._kernels import diablo_eval

    with pytest.raises(PedronTypeError):
        diablo_eval.decode("3")


def test_rows_given_as_iterators_are_read_once():
    got = diamondback.evaluate_batch([iter([4, 3]), (0, 0)])
    assert list(got) == [diamondback.evaluate((4, 3)).strength, 1]
    with pytest.raises(PedronTypeError):
        diamondback.evaluate_batch([(True, 0)])


def test_declarable_keeps_one_table_per_mode():
    assert declarable(True) is declarable(np.bool_(True))
    with pytest.raises(PedronTypeError):
        declarable(2)
    with pytest.raises(TypeError):
        declarable(True)[(1, (0, 0, 0, 0, 0))] = 1  # read-only: shared by every game


def test_random_amounts_beyond_32_bits():
    gen = Generator(7)
    draws = [amount_between(gen, 10, 10 + 2**40) for _ in range(400)]
    assert all(10 <= d <= 10 + 2**40 for d in draws)
    # uniform over the range: about half above the middle, and values beyond 2**32
    assert 150 < sum(d > 10 + 2**39 for d in draws) < 250
    assert sum(d > 2**32 for d in draws) > 350


def test_random_bot_plays_with_huge_stacks():
    from pedron.bots import RandomBot
    from pedron.diamondback import Table

    table = Table(2, stacks=10**15, seed=3)
    bot = RandomBot(4)
    for _ in range(3):
        deal = table.next_deal()
        while not deal.done:
            deal.apply(bot(deal.view(deal.to_act), deal.legal_actions()))
    assert sum(table.stacks) + table.carry == 2 * 10**15


def test_unchecked_masks_of_too_few_cards_stay_in_bounds():
    masks = np.array([0, 1, 3, (1 << 5) - 1], dtype=np.uint64)
    out = diablo.evaluate_batch_unchecked(masks)
    assert len(out) == 4
    assert out[3] == diablo.strength(0b11111)


def test_one_generator_shared_by_threads_deals_whole_batches():
    # With the lock, each batch is dealt from one stretch of the stream: the
    # two batches are the two a single thread would deal, in some order.
    n = 300_000
    gen = Generator(11)
    twin = gen.copy()
    results: list[Any] = [None, None]
    start = threading.Barrier(2)

    def work(i: int) -> None:
        start.wait()
        results[i] = cards.deal_batch(n, 5, seed=gen)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    first = cards.deal_batch(n, 5, seed=twin)
    second = cards.deal_batch(n, 5, seed=twin)
    got = sorted(r.tobytes() for r in results)
    assert got == sorted((first.tobytes(), second.tobytes()))
    assert gen.getstate() == twin.getstate()


# -- hostile objects at every entry point -------------------------------------------------

_INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]

ints = st.one_of(
    st.integers(-3, 60),
    st.sampled_from([-(2**63), 2**63, 2**64, 2**70, 10**9, 5162, 5163, 7462, 14, 15, 42, 43]),
)
hostile = st.one_of(
    ints,
    ints.map(Liar),
    ints.map(Idx),
    st.sampled_from([Idx(2.5), Idx(Liar(3)), Idx(ValueError("no")), Idx(None)]),
    st.tuples(st.integers(0, 60), st.sampled_from(_INT_DTYPES)).map(
        lambda t: np.array(t[0]).astype(t[1])[()]
    ),
    st.integers(0, 60).map(np.array),  # 0-d arrays
    st.sampled_from([
        True, False, np.bool_(True), 2.0, 3.7, float("nan"), "3", b"3", None,
        np.float64(3.0), np.array([1, 2]), np.array([3]), [3], object(),
    ]),
)

_HAND = [12, 25, 38, 51, 3]
_DB_PAIR = np.array([[4, 3], [0, 1]], dtype=np.uint8)
_D_HANDS = np.array([[0, 4, 8, 12, 17], [51, 50, 49, 48, 47]], dtype=np.uint8)

# (name, callable of one argument, how the argument is read)
INT_ENTRY_POINTS: list[tuple[str, Callable[[Any], Any]]] = [
    ("Deck.deal", lambda x: diablo.Deck(1).deal(x)),
    ("Deck.deal_set", lambda x: diablo.Deck(1).deal_set(x)),
    ("CardSet", lambda x: CardSet([x])),
    ("CardSet.from_mask", lambda x: CardSet.from_mask(x)),
    ("in CardSet", lambda x: (x in CardSet.full()) or PedronError),
    ("format_card", cards.format_card),
    ("check_card", cards.check_card),
    ("strength", lambda x: diablo.strength([x, *_HAND[1:]])),
    ("evaluate", lambda x: diablo.evaluate([x, *_HAND[1:]])),
    ("HandValue.from_strength", diablo.HandValue.from_strength),
    ("from_strength", diablo.HandValue.from_strength),
    ("describe", diablo.describe),
    ("best_draw card", lambda x: diablo.best_draw([x, *_HAND[1:]], 2)),
    ("Generator", lambda x: Generator(x).random_raw(2)),
    ("integers", lambda x: Generator(1).integers(x)),
    ("random_raw", lambda x: Generator(1).random_raw(x) if _small(x) else REFUSED),
    ("deal_batch n", lambda x: cards.deal_batch(x, 5, seed=1).tolist() if _small(x) else REFUSED),
    ("deal_batch k", lambda x: cards.deal_batch(3, x, seed=1).tolist()),
    ("evaluate_batch threads", lambda x: diablo.evaluate_batch(_D_HANDS, threads=x).tolist()),
    ("card_id rank", lambda x: diamondback.card_id(x, 1)),
    ("card_id copy", lambda x: diamondback.card_id(1, x)),
    ("format_id", diamondback.format_id),
    ("rank_of", diamondback.rank_of),
    ("hand_by_strength", diamondback.hand_by_strength),
    ("strength_of_ranks", lambda x: diamondback.strength_of_ranks(x, 1)),
    ("strength_of_ids", lambda x: diamondback.strength_of_ids(x, 1)),
    ("db evaluate", lambda x: diamondback.evaluate([x, 1])),
    ("db evaluate ids", lambda x: diamondback.evaluate([x, 1], ids=True)),
    ("db evaluate_batch", lambda x: diamondback.evaluate_batch([(x, 1)]).tolist()),
    ("Table seed", lambda x: diamondback.Table(2, seed=x).stacks),
]

NONE_OK = {"evaluate_batch threads", "Table seed", "Generator", "random_raw"}

FLAG_ENTRY_POINTS: list[tuple[str, Callable[[Any], Any]]] = [
    ("evaluate wild", lambda x: diablo.evaluate(_HAND, wild=x)),
    ("strength wild", lambda x: diablo.strength(_HAND, wild=x)),
    ("HandValue wild", lambda x: diablo.HandValue.from_strength(5, wild=x)),
    ("strength_count wild", lambda x: diablo.strength_count(wild=x)),
    ("evaluate_batch wild", lambda x: diablo.evaluate_batch(_D_HANDS, wild=x).tolist()),
    ("db evaluate_batch ids", lambda x: diamondback.evaluate_batch(_DB_PAIR, ids=x).tolist()),
    ("Deck shuffle", lambda x: diablo.Deck(2, shuffle=x).stock),
    ("declarable", lambda x: len(declarable(x))),
]


def _small(x: Any) -> bool:
    v = plain_int(x)
    return v is REFUSED or v <= 1000


def _outcome(f: Callable[[Any], Any], x: Any) -> Any:
    try:
        return repr(f(x))  # (results compared by their text: some hold floats)
    except PedronError as exc:
        assert isinstance(exc, (ValueError, TypeError))
        return PedronError


@pytest.mark.parametrize("name,f", INT_ENTRY_POINTS, ids=[n for n, _ in INT_ENTRY_POINTS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(x=hostile)
def test_int_slots_read_the_plain_value_or_refuse(name, f, x):
    plain = plain_int(x)
    got = _outcome(f, x)
    if x is None and name in NONE_OK:
        return
    if plain is REFUSED:
        assert got in (PedronError, repr(PedronError), repr(REFUSED)), (name, x, got)
    else:
        assert got == _outcome(f, plain), (name, x)


@pytest.mark.parametrize("name,f", FLAG_ENTRY_POINTS, ids=[n for n, _ in FLAG_ENTRY_POINTS])
@settings(max_examples=40, deadline=None)
@given(x=st.one_of(hostile, st.sampled_from([True, False, np.bool_(False)])))
def test_flag_slots_take_true_or_false_only(name, f, x):
    plain = plain_flag(x)
    got = _outcome(f, x)
    if plain is REFUSED:
        assert got is PedronError, (name, x, got)
    else:
        assert got == _outcome(f, plain), (name, x)


@settings(max_examples=80, deadline=None)
@given(text=st.text(max_size=12))
def test_text_slots_read_a_str_subclass_as_its_plain_text(text):
    sub = type("Sub", (str,), {"strip": lambda self, chars=None: "As", "split": lambda *a: ["As"]})
    for f in (cards.parse_cards, lambda t: CardSet(t), diamondback.parse_ranks,
              lambda t: diamondback.evaluate(t)):
        assert _outcome(f, sub(text)) == _outcome(f, text)


# -- arrays of every kind at the batch entry points -------------------------------------

_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
           "float32", "float64", "bool", "complex64"]


def _batch_outcome(f: Callable[[], Any]) -> Any:
    try:
        return np.asarray(f()).tolist()
    except PedronError as exc:
        assert isinstance(exc, (ValueError, TypeError))
        return PedronError


@settings(max_examples=120, deadline=None)
@given(
    dtype=st.sampled_from(_DTYPES),
    rows=st.integers(0, 6),
    step=st.sampled_from([1, 2]),
    readonly=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_batch_evaluators_take_any_array(dtype, rows, step, readonly, seed):
    hands = cards.deal_batch(rows * step, 5, seed=seed)
    diablo_in = hands.astype(dtype)[::step]
    masks = np.array([sum(1 << int(c) for c in row) for row in hands], dtype=np.uint64)
    mask_in = masks.astype(dtype)[::step] if dtype != "bool" else masks.astype(bool)
    pairs = (hands[:, :2] % 5).astype(dtype)[::step]
    for arr in (diablo_in, mask_in, pairs):
        arr.setflags(write=not readonly)
    want = [diablo.strength(row.tolist()) for row in hands[::step]]
    got = _batch_outcome(lambda: diablo.evaluate_batch(diablo_in))
    if dtype == "uint8" and step == 1:
        assert got == want
    else:
        assert got is PedronError or got == want, (dtype, step)
    got = _batch_outcome(lambda: diablo.evaluate_batch(mask_in))
    if dtype == "uint64" and step == 1:
        assert got == want
    else:
        assert got is PedronError or got == want, (dtype, step)
    plain = (hands[:, :2] % 5).astype(np.uint8)[::step]
    valid = all(not (a == 4 and b == 4) for a, b in plain.tolist())
    got = _batch_outcome(lambda: diamondback.evaluate_batch(pairs))
    if dtype == "uint8" and step == 1 and valid:
        assert got == [diamondback.strength_of_ranks(a, b) for a, b in plain.tolist()]
    else:
        assert got is PedronError or valid, (dtype, step)


@settings(max_examples=60, deadline=None)
@given(dtype=st.sampled_from(_DTYPES), step=st.sampled_from([1, 2]), readonly=st.booleans())
def test_outputs_must_be_writable_contiguous_and_of_their_type(dtype, step, readonly):
    hands = cards.deal_batch(4, 5, seed=1)
    out = np.zeros(4 * step, dtype=dtype)[::step]
    out.setflags(write=not readonly)
    ok = dtype == "uint16" and step == 1 and not readonly
    got = _batch_outcome(lambda: diablo.evaluate_batch(hands, out=out))
    assert (got is not PedronError) == ok, (dtype, step, readonly)
    deal_out = np.zeros((3 * step, 5), dtype=dtype)[::step]
    deal_out.setflags(write=not readonly)
    ok = dtype == "uint8" and step == 1 and not readonly
    got = _batch_outcome(lambda: cards.deal_batch(3, 5, seed=2, out=deal_out))
    assert (got is not PedronError) == ok, (dtype, step, readonly)


class IndexedFloat(float):
    """A float that adds an ``__index__``: still a float, whatever it offers."""

    def __index__(self) -> int:
        return int(self)


@pytest.mark.parametrize("call", [
    lambda f: diablo.DrawLimit(f(2.5)),
    lambda f: diablo.draw_odds("Ah Kh 2c 7d 7s", f(2.5)),
    lambda f: diablo.best_draw("Ah Kh 2c 7d 7s", 2, top=f(1.5)),
    lambda f: diablo.DrawLimit(2).why_not([0, 4, 8, 12, 16], [f(0.5)]),
    lambda f: diablo.draw_odds("Ah Kh 2c 7d 7s", 2, dead=[f(40.0)]),
    lambda f: diamondback.odds([f(3.0), 4]),
], ids=["DrawLimit", "max_draw", "top", "discards", "dead", "diamondback card"])
def test_a_float_with_an_index_is_refused_everywhere(call):
    """Found in review: the draw advisor, DrawLimit and Diamondback's odds read such a
    float through its __index__ (2.5 cards exchanged were 2; a discard of 0.5 was
    card 0)."""
    with pytest.raises(PedronTypeError, match="float"):
        call(IndexedFloat)
    call(int)  # (the same call with a plain int is taken)


def test_a_lying_index_is_refused_without_touching_the_warning_filters():
    """The filters are the process's, shared by every thread: refusing an
    ``__index__`` that returns an int subclass must not change them, even for the
    length of the call (another thread's warnings would follow them meanwhile)."""
    import warnings

    from pedron._exact import exact_int

    outside = list(warnings.filters)
    seen: list[list[Any]] = []

    class Spy:
        def __index__(self) -> int:
            seen.append(list(warnings.filters))
            return Liar(2)

    with pytest.raises(PedronTypeError):
        exact_int(Spy(), "a count")
    assert seen == [outside]
    assert warnings.filters == outside
