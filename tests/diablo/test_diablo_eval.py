"""Diablo hand values: the rules' worked example, every wild-card subtlety, the API."""

from __future__ import annotations

import pickle

import pytest

from pedron.cards import CardSet, mask_of, parse_cards
from pedron.diablo import (
    Category,
    HandValue,
    category_of,
    describe,
    evaluate,
    strength,
    strength_count,
)
from pedron.errors import (
    CardError,
    DuplicateCardError,
    PedronError,
    PedronTypeError,
    PedronValueError,
)
from pedron.reference import diablo as ref

C = Category


def ev(text: str, wild: bool = True) -> HandValue:
    return evaluate(text, wild=wild)


# --- The worked example from docs/rules.md -------------------------------------------


def test_worked_example_four_nines_beats_a_flush():
    ben = ev("9c 9d 2h 2s Kd")
    assert ben.category is C.FOUR_OF_A_KIND
    assert ben.ranks == (7, 7, 7, 7, 11)
    assert ben.description == "four of a kind, nines, king kicker"
    anna = ev("Ah Jh 8h 6h 3h")
    assert anna.category is C.FLUSH
    assert ben > anna
    # The best flush there is, made with a wild, still loses.
    assert ev("Ah Kh Qh 9h 2c").ranks == (12, 11, 10, 9, 7)
    assert ben > ev("Ah Kh Qh 9h 2c")


# --- One test per wild-card subtlety ---------------------------------------------


def test_wild_in_flush_next_to_real_ace_is_the_king():
    v = ev("Ah 9h 7h 5h 2c")
    assert v.category is C.FLUSH
    assert v.ranks == (12, 11, 7, 5, 3)  # A K 9 7 5: the wild cannot be a second Ah
    assert v == ev("Ah Kh 9h 7h 5h")
    assert v < ev("Ah Kh Qh 7h 5h")


def test_wild_in_flush_without_ace_is_the_ace():
    v = ev("Kh 9h 7h 5h 2s")
    assert v.ranks == (12, 11, 7, 5, 3)
    assert v == ev("Ah Kh 9h 7h 5h")


def test_two_wilds_in_flush_take_the_two_highest_cards_not_held():
    v = ev("Ah Qh 7h 2c 2d")
    # Two wilds with three suited cards: the flush (A K Q J 7) beats trips.
    assert v.category is C.FLUSH
    assert v.ranks == (12, 11, 10, 9, 5)


def test_flush_with_wild_ties_the_natural_flush_suits_never_rank():
    assert ev("Ah 9h 7h 5h 2c") == ev("As Ks 9s 7s 5s")
    assert ev("Ah Kh 9h 7h 5h") == ev("Ad Kd 9d 7d 5d")


def test_wheel_made_with_a_wild():
    v = ev("As 3h 4d 5c 2c")
    assert v.category is C.STRAIGHT
    assert v.ranks == (3, 2, 1, 0, 12)  # the wild plays as the 2, the ace low
    assert v.description == "straight, five high"
    natural = ev("As 3h 4d 5c 2c", wild=False)  # the same cards as a natural wheel
    assert (natural.category, natural.ranks) == (v.category, v.ranks)
    assert v < ev("6s 3h 4d 5c 2c")  # 3-4-5-6 and a wild: seven high


def test_wild_completes_the_higher_straight_not_the_wheel():
    assert ev("3h 4d 5c 6s 2c").ranks == (5, 4, 3, 2, 1)  # wild is the 7
    assert ev("Ah 3h 4h 5h 2c").category is C.STRAIGHT_FLUSH
    assert ev("Ah 3h 4h 5h 2c").ranks == (3, 2, 1, 0, 12)  # steel wheel


def test_wild_fills_an_inside_straight():
    v = ev("9c Td Qh Ks 2c")
    assert v.category is C.STRAIGHT
    assert v.ranks[0] == 11  # 9 T J Q K


def test_five_of_a_kind_with_four_wilds():
    v = ev("2c 2d 2h 2s Kd")
    assert v.category is C.FIVE_OF_A_KIND
    assert v.ranks == (11,) * 5
    assert v.description == "five of a kind, kings"
    assert v > ev("Ah Kh Qh Jh Th")  # beats a natural royal
    assert ev("2c 2d 2h 2s Ad") == ev("Ac Ad Ah As 2s")


def test_five_of_a_kind_from_natural_quads_and_a_wild():
    # The wild may stand for a fifth nine although all four are held.
    assert ev("9c 9d 9h 9s 2c").category is C.FIVE_OF_A_KIND


def test_five_aces_is_the_best_hand():
    best = ev("Ac Ad 2h 2s 2c")
    assert best.strength == strength_count()
    assert best.description == "five of a kind, aces"


def test_four_wilds_with_an_ace_could_be_a_royal_but_five_aces_is_better():
    assert ev("2c 2d 2h 2s Ah").category is C.FIVE_OF_A_KIND


def test_royal_with_wilds_ties_natural_royal():
    natural = ev("As Ks Qs Js Ts")
    assert natural.description == "royal flush"
    for hand in ("As Ks Qs Js 2h", "2s Kd Qd 2c Td", "Ah 2c 2d 2h Th", "Kc Qc Jc Tc 2d"):
        assert ev(hand) == natural, hand
    assert natural.strength == strength_count() - 12  # only the 12 five-of-a-kinds above


def test_straight_flush_beats_quads_and_flush_with_three_wilds():
    # Three wilds and two suited cards within a window: straight flush,
    # better than the four of a kind the wilds could also make.
    assert ev("9h 7h 2c 2d 2s").category is C.STRAIGHT_FLUSH
    assert ev("9h 7h 2c 2d 2s").ranks == (9, 8, 7, 6, 5)  # J T 9 8 7, highest possible
    # Too far apart for a straight flush: four of a kind beats the flush.
    v = ev("Ah 7h 2c 2d 2s")
    assert v.category is C.FOUR_OF_A_KIND
    assert v.ranks == (12, 12, 12, 12, 5)


def test_pair_plus_wild_is_trips_not_two_pair():
    v = ev("Kc Kd 7h 4s 2c")
    assert v.category is C.THREE_OF_A_KIND
    assert v.ranks == (11, 11, 11, 5, 2)


def test_two_pair_plus_wild_is_full_house_on_the_higher_pair():
    v = ev("Kc Kd 7h 7s 2c")
    assert v.category is C.FULL_HOUSE
    assert v.ranks == (11, 11, 11, 5, 5)
    assert v.description == "full house, kings over sevens"


def test_single_wild_no_pattern_pairs_the_highest_card():
    v = ev("Ac Jd 8h 6s 2c")
    assert v.category is C.ONE_PAIR
    assert v.ranks == (12, 12, 9, 6, 4)


def test_categories_that_cannot_occur_in_wild_mode():
    # No two pair and no high card with a wild; no five deuces; no 2s among
    # the played ranks of a high-card hand.
    for s in range(1, strength_count() + 1):
        v = HandValue.from_strength(s)
        if v.category in (C.HIGH_CARD, C.TWO_PAIR, C.FLUSH):
            assert 0 not in v.ranks
        if v.category is C.FIVE_OF_A_KIND:
            assert v.ranks[0] != 0  # five twos cannot be made
    assert not any(HandValue.from_strength(s).ranks == (0,) * 5
                   for s in range(1, strength_count() + 1))


def test_natural_mode_is_plain_poker():
    assert ev("9c 9d 2h 2s Kd", wild=False).category is C.TWO_PAIR
    assert ev("9c 9d 2h 2s Kd", wild=False).description == "two pair, nines and twos, king kicker"
    assert ev("2c 2d 2h 2s Kd", wild=False).category is C.FOUR_OF_A_KIND
    assert ev("5c 4d 3h 2s Ad", wild=False).ranks == (3, 2, 1, 0, 12)
    assert ev("7c 5d 4h 3s 2d", wild=False).strength == 1
    assert ev("As Ks Qs Js Ts", wild=False).strength == 7462
    assert strength_count(wild=False) == 7462


def test_ace_never_wraps_around():
    assert ev("Qc Kd Ah 3s 4d", wild=False).category is C.HIGH_CARD
    assert ev("Kc Ad 3h 4s 2d").category is C.ONE_PAIR


def test_kickers_decide_from_the_top():
    assert ev("Ac Ad Kh 9s 3d") > ev("Ac Ad Qh Js Td")
    assert ev("Ac Ad Kh 9s 4d") > ev("Ah As Kc 9d 3c")
    assert ev("Ac Ad Kh 9s 4d") == ev("Ah As Kc 9d 4c")


# --- HandValue API ---------------------------------------------------------------


def test_hand_value_is_frozen_hashable_and_ordered():
    v = ev("9c 9d 2h 2s Kd")
    with pytest.raises(AttributeError):
        v.strength = 3  # type: ignore[misc]
    assert hash(v) == hash(ev("9h 9s 2c 2d Kc"))
    assert len({v, ev("9h 9s 2c 2d Kc"), ev("Ah 9h 7h 5h 2c")}) == 2
    assert sorted([ev("Ah 9h 7h 5h 2c"), v]) == [ev("Ah 9h 7h 5h 2c"), v]
    assert v >= v and v <= v and not v < v
    assert pickle.loads(pickle.dumps(v)) is v
    assert "four of a kind, nines, king kicker" in repr(v)
    assert str(v) == v.description
    assert v.wild is True
    assert v.rank_text == "9999K"


def test_wild_and_natural_values_do_not_mix():
    w, n = ev("Ac Kd 9h 7s 5d"), ev("Ac Kd 9h 7s 5d", wild=False)
    assert w != n
    with pytest.raises(TypeError):
        _ = w < n


def test_cached_value_per_strength():
    assert ev("9c 9d 2h 2s Kd") is ev("9h 9s 2c 2d Kc")


def test_describe_and_from_strength_decode_without_evaluating():
    for text in ("9c 9d 2h 2s Kd", "Ah 9h 7h 5h 2c", "As 3h 4d 5c 2c", "Kc Kd 7h 7s 2c"):
        for wild in (True, False):
            v = ev(text, wild)
            assert HandValue.from_strength(v.strength, wild=wild) is v
            assert describe(v.strength, wild=wild) == v.description
            assert category_of(v.strength, wild=wild) is v.category


def test_every_strength_decodes_in_order():
    for wild in (True, False):
        prev = None
        for s in range(1, strength_count(wild=wild) + 1):
            v = HandValue.from_strength(s, wild=wild)
            key = (v.category, v.ranks if v.category not in (C.STRAIGHT, C.STRAIGHT_FLUSH)
                   else (v.ranks[0],))
            if prev is not None:
                assert key > prev, (s, v)
            prev = key


def test_descriptions_of_each_category():
    assert ev("Ac Ad Kh 9s 3d").description == "one pair, aces, king-nine-three kickers"
    assert ev("Ac Ad Ah 9s 3d", wild=False).description == (
        "three of a kind, aces, nine-three kickers"
    )
    assert ev("Ac Jd 8h 6s 4d").description == "high card, ace-jack-eight-six-four"
    assert ev("9h Th Jh Qh Kh").description == "straight flush, king high"
    assert ev("Ah Jh 8h 6h 3h").description == "flush, ace-jack-eight-six-three"


def test_input_forms_agree():
    text = "9c 9d 2h 2s Kd"
    cards = parse_cards(text)
    forms = [text, cards, tuple(cards), CardSet(text), mask_of(text),
             [str(c) for c in text.split()], iter(cards)]
    assert {strength(f) for f in forms} == {ev(text).strength}
    assert evaluate(CardSet(text)) is ev(text)


def test_reference_agrees_on_the_examples():
    for text in ("9c 9d 2h 2s Kd", "Ah 9h 7h 5h 2c", "As 3h 4d 5c 2c", "2c 2d 2h 2s Kd",
                 "As Ks Qs Js 2h", "9h 7h 2c 2d 2s", "Ah 7h 2c 2d 2s"):
        for wild in (True, False):
            assert ref.strength(text, wild) == ev(text, wild).strength, (text, wild)


# --- Bad input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "exc", "match"),
    [
        ("9c 9d 2h 2s", PedronValueError, "exactly 5 cards, got 4"),
        ("9c 9d 2h 2s Kd Ks", PedronValueError, "exactly 5 cards, got 6"),
        ([1, 2, 3, 4], PedronValueError, "got 4"),
        ([1, 2, 3, 4, 5, 6], PedronValueError, "got 6"),
        ("9c 9d 2h 2s 9c", DuplicateCardError, "9c"),
        ([1, 2, 3, 4, 1], DuplicateCardError, "2d"),
        ([1, 2, 3, 4, 52], CardError, "52"),
        ([1, 2, 3, -1, 4], CardError, "-1"),
        ([1, 2, 3, 10**30, 4], CardError, str(10**30)),
        ("9c 9d 2h 2s Xx", CardError, "Xx"),
        ("", PedronValueError, "got 0"),
        (CardSet("9c 9d 2h"), PedronValueError, "got 3"),
        ((1 << 52) | 15, CardError, "outside"),
        (0b111, PedronValueError, "got 3"),
        (-5, CardError, "outside"),
        ([1, 2, 3, 4, 5.0], PedronTypeError, "float"),
        ([1, 2, 3, 4, True], PedronTypeError, "bool"),
        (None, PedronTypeError, "NoneType"),
        (3.5, PedronTypeError, "float"),
        (b"abcde", PedronTypeError, "bytes"),
    ],
)
def test_bad_hands_raise_pedron_errors(hand, exc, match):
    with pytest.raises(exc, match=match):
        evaluate(hand)
    with pytest.raises(PedronError):
        strength(hand, wild=False)


def test_bad_strengths():
    with pytest.raises(PedronValueError, match="out of range"):
        HandValue.from_strength(0)
    with pytest.raises(PedronValueError, match="5163"):
        describe(5163)
    assert describe(7462, wild=False) == "royal flush"
    with pytest.raises(PedronTypeError):
        HandValue.from_strength("12")  # type: ignore[arg-type]


def test_rank_keys_give_distinct_sums():
    from itertools import combinations_with_replacement

    from pedron._kernels.diablo_eval import RANK_KEY_VALUES

    sums = [
        sum(RANK_KEY_VALUES[r] for r in combo)
        for combo in combinations_with_replacement(range(13), 5)
        if len(set(combo)) > 1
    ]
    assert len(sums) == 6175 == len(set(sums))
    assert RANK_KEY_VALUES[0] == 0  # a wild adds nothing, like a natural 2


# --- The kernel returns plain data; the values belong to pedron.diablo.hand ---------


def test_kernel_keeps_no_value_state_and_never_imports_the_layer_above():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pedron._kernels import diablo_eval as k\n"
        "made = []\n"
        "table = k.ValueTable(lambda s, w: made.append((s, w)) or ('value', s, w))\n"
        "a = table.evaluate([0, 1, 2, 3, 4])\n"
        "assert a is table.evaluate((0, 1, 2, 3, 4)) and len(made) == 1, made\n"
        "assert table.of_strength(a[1]) is a and table.of_strength(a[1], False) != a\n"
        "assert k.strength([0, 1, 2, 3, 4]) == a[1]\n"
        "assert not any(m.startswith('pedron.diablo') for m in sys.modules), sorted(sys.modules)\n"
        "state = [n for n, v in vars(k).items()\n"
        "         if not n.startswith('__') and n != 'FAST_PATHS'\n"
        "         and isinstance(v, (list, dict, set, bytearray))]\n"
        "assert not state, state\n"
        "assert not hasattr(k, 'evaluate')\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


def test_value_table_checks_and_is_independent_per_owner():
    from pedron._kernels.diablo_eval import ValueTable

    with pytest.raises(PedronTypeError, match="callable"):
        ValueTable(3)  # type: ignore[arg-type]
    with pytest.raises(PedronTypeError, match="owner"):
        ValueTable(HandValue, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ValueTable.__new__(ValueTable)  # (no table without its factory)
    from pedron.diablo.hand import _make_value

    other = ValueTable(_make_value)
    v = other.evaluate("9c 9d 2h 2s Kd")
    assert v == ev("9c 9d 2h 2s Kd") and v is not ev("9c 9d 2h 2s Kd")
    assert other.evaluate("9h 9s 2c 2d Kc") is v
    with pytest.raises(PedronValueError, match="out of range"):
        other.of_strength(0)
    with pytest.raises(PedronTypeError, match="without an owner"):
        pickle.dumps(other)


def test_evaluate_pickles_and_copies_by_reference():
    import copy

    f = pickle.loads(pickle.dumps(evaluate))
    assert f("9c 9d 2h 2s Kd") is ev("9c 9d 2h 2s Kd")
    assert copy.deepcopy(evaluate)("Ah 9h 7h 5h 2c") is ev("Ah 9h 7h 5h 2c")
    assert copy.copy(evaluate)("Ah 9h 7h 5h 2c", wild=False) is ev("Ah 9h 7h 5h 2c", False)


def test_evaluate_signature_and_doc():
    import inspect

    assert str(inspect.signature(evaluate)) == "(hand, *, wild=True)"
    assert "HandValue" in (evaluate.__doc__ or "")
    assert str(inspect.signature(strength)) == "(hand, *, wild=True)"


def test_one_value_per_strength_under_threads():
    import sys
    import threading

    from pedron._kernels.diablo_eval import ValueTable
    from pedron.diablo.hand import _make_value

    table = ValueTable(_make_value)  # (empty: every thread races to make the values)
    hands = [[a, a + 4, a + 9, a + 14, a + 30] for a in range(0, 20)]
    seen: list[list[HandValue]] = [[] for _ in range(4)]
    start = threading.Barrier(4)

    def work(i: int) -> None:
        start.wait()
        for _ in range(50):
            seen[i].extend(table.evaluate(h) for h in hands)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # (switch threads as often as the interpreter can)
    try:
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    for h_index in range(len(hands)):
        objs = {id(s[k]) for s in seen for k in range(h_index, len(s), len(hands))}
        assert len(objs) == 1


def test_hand_values_are_checked_when_made():
    v = ev("9c 9d 2h 2s Kd")
    assert HandValue(v.strength, True, v.category, v.ranks) == v
    with pytest.raises(PedronValueError, match="from_strength"):
        HandValue(v.strength, True, C.FLUSH, v.ranks)
    with pytest.raises(PedronValueError, match="from_strength"):
        HandValue(v.strength, True, v.category, (1, 2, 3, 4, 5))
    with pytest.raises(PedronTypeError):
        HandValue(v.strength, 1, v.category, v.ranks)  # type: ignore[arg-type]
    with pytest.raises(PedronValueError):
        HandValue(0, True, v.category, v.ranks)


# --- The per-call entry points: the usual calls in C, every other one as before ------

HAND = (0, 5, 9, 13, 50)  # 2c 3d 4d 5d Ac: the wheel, a straight in both modes


@pytest.mark.parametrize("f", [evaluate, strength], ids=["evaluate", "strength"])
def test_every_call_form_gives_the_usual_calls_answer(f):
    import sys

    import numpy as np

    wild, natural = f(HAND), f(HAND, wild=False)
    assert wild != natural and f(HAND, wild=True) == wild and f(list(HAND)) == wild
    # forms the entry point passes on to the definition Cython made
    assert f(hand=HAND) == wild and f(hand=HAND, wild=False) == natural
    assert f(HAND, wild=np.bool_(False)) == natural
    # an equal keyword name that is not the interned string the interpreter passes
    name = "".join(["wi", "ld"])
    assert name == "wild" and name is not sys.intern("wild")
    assert f(HAND, **{name: False}) == natural


@pytest.mark.parametrize("f", [evaluate, strength], ids=["evaluate", "strength"])
def test_wrong_calls_are_refused_as_before(f):
    name = f.__name__
    for args, kwargs, message in [
        ((), {}, rf"{name}\(\) takes exactly 1 positional argument \(0 given\)"),
        ((), {"wild": False}, rf"{name}\(\) takes exactly 1 positional argument \(0 given\)"),
        ((HAND, True), {}, rf"{name}\(\) takes exactly 1 positional argument \(2 given\)"),
        ((HAND,), {"foo": 1}, rf"{name}\(\) got an unexpected keyword argument 'foo'"),
        ((HAND,), {"wild": False, "foo": 1},
         rf"{name}\(\) got an unexpected keyword argument 'foo'"),
        ((HAND,), {"hand": HAND}, rf"{name}\(\) got multiple values for keyword argument 'hand'"),
    ]:
        with pytest.raises(TypeError, match=message):
            f(*args, **kwargs)
    for wild in (1, None, 0.0):
        with pytest.raises(PedronTypeError, match="wild must be True or False"):
            f(HAND, wild=wild)


@pytest.mark.parametrize("f", [evaluate, strength], ids=["evaluate", "strength"])
@pytest.mark.parametrize("wild", [True, False], ids=["wild", "natural"])
def test_cards_the_fast_path_leaves_to_the_checks(f, wild):
    class Liar(int):  # an int subclass: its plain value counts, not what it claims
        def __index__(self) -> int:
            return 40

    for bad, exc in [(52, CardError), (63, CardError), (64, CardError), (2**30, CardError),
                     (2**62, CardError), (-1, CardError), (1, DuplicateCardError),
                     (True, PedronTypeError), (1.0, PedronTypeError), ("x", CardError)]:
        with pytest.raises(exc):
            f((1, bad, 2, 3, 4), wild=wild)
    same = f((1, 7, 2, 3, 4), wild=wild)
    # a zero that is not the cached small int, a lying subclass, a list
    assert f((1, 7, 2, 3, 2**70 - 2**70 + 4), wild=wild) == same
    assert f((1, Liar(7), 2, 3, 4), wild=wild) == same
    assert f([1, 7, 2, 3, 4], wild=wild) == same


def test_every_rank_pattern_per_call_equals_the_batch():
    # The per-call path finds a hand that is no flush by a perfect hash of its ranks'
    # key sum (built at import), the batch by the key-sum table itself: every one of
    # the 6,175 rank patterns of five different cards, in both modes.
    import itertools

    import numpy as np

    from pedron.diablo import evaluate_batch

    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if len(set(ranks)) == 1:
            continue  # (five of a kind needs five cards of one rank: there are four)
        if len(set(ranks)) == 5:
            hands.append(tuple(4 * r + (i % 4) for i, r in enumerate(ranks)))  # no flush
        else:
            hands.append(tuple(4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)))
    assert len(hands) == 6175
    rows = np.array(hands, dtype=np.uint8)
    for wild in (True, False):
        want = evaluate_batch(rows, wild=wild).tolist()
        assert [strength(h, wild=wild) for h in hands] == want
        assert [evaluate(h, wild=wild).strength for h in hands] == want


def test_entry_points_keep_their_names_docs_and_pickling():
    import inspect

    from pedron._kernels import diablo_eval as k

    assert (evaluate.__name__, strength.__name__) == ("evaluate", "strength")
    assert evaluate.__qualname__ == "ValueTable.evaluate"
    assert strength.__module__ == "pedron._kernels.diablo_eval" and k.strength is strength
    assert str(inspect.signature(k.ValueTable.evaluate)) == "(self, /, hand, *, wild=True)"
    assert "Same input and checks" in (strength.__doc__ or "")
    assert pickle.loads(pickle.dumps(strength)) is strength
    assert pickle.loads(pickle.dumps(evaluate))(HAND, wild=False) is evaluate(HAND, wild=False)
