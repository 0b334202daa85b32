"""Regression tests for the bugs the hardening work found (see docs/reliability.md)."""

from __future__ import annotations

import array
import subprocess
import sys

import pytest

from pedron import CardSet, Generator, cards, diablo, diamondback
from pedron.errors import (
    ArrayError,
    CardError,
    DeckError,
    DuplicateCardError,
    PedronError,
    PedronTypeError,
    PedronValueError,
)

np = pytest.importorskip("numpy")


def _consistent(deck) -> None:
    stock = deck.stock
    assert len(stock) == len(set(stock)) == len(deck)
    assert set(deck.dealt) == set(deck.cards) - set(stock)


# 1. A failed return_cards could lose a card: the cards before the bad one were
#    marked as in the stock, but never written to it.
def test_return_cards_with_a_bad_item_changes_nothing():
    deck = diablo.Deck(1)
    hand = deck.deal(5)
    before = deck.stock
    with pytest.raises(PedronError):
        deck.return_cards([hand[0], hand[1], "Zz"])
    with pytest.raises(PedronError):
        deck.return_cards([hand[0], object()])
    assert deck.stock == before
    assert set(deck.dealt) == set(hand)
    _consistent(deck)


def test_return_cards_accepts_text_items_and_numpy_ints_in_order():
    deck = diablo.Deck(2)
    hand = deck.deal(5)
    items = [cards.format_card(hand[3]), np.uint8(hand[0]), hand[2]]
    deck.return_cards(items)
    assert deck.stock[-3:] == (hand[3], hand[0], hand[2])
    assert set(deck.dealt) == {hand[1], hand[4]}
    _consistent(deck)


def test_return_cards_index_is_read_once():
    """An object whose __index__ changes its answer cannot slip a foreign card in."""

    class Fickle:
        calls = 0

        def __index__(self):
            Fickle.calls += 1
            return card if Fickle.calls == 1 else 200

    deck = diablo.Deck(3)
    card = deck.deal_one()
    deck.return_cards([Fickle()])
    assert deck.stock[-1] == card and Fickle.calls == 1
    _consistent(deck)


@pytest.mark.parametrize("make", [lambda: diablo.Deck(4), lambda: diamondback.Deck(3, 4)])
@pytest.mark.parametrize("bad", [1.5, "2", None, 2**70, -(2**70), np.array([1, 2]), True])
def test_deal_counts_are_checked(make, bad):
    deck = make()
    before = deck.stock
    with pytest.raises(PedronError):
        deck.deal(bad)
    with pytest.raises(PedronError):
        deck.deal_set(bad)
    assert deck.stock == before


def test_deal_accepts_numpy_counts():
    deck = diablo.Deck(5)
    top = deck.stock[:3]
    assert deck.deal(np.int64(3)) == top


# 3. Deck.__new__ without __init__ left the generator None, which the C methods
#    used without a check.
@pytest.mark.parametrize("cls", [diablo.Deck, diamondback.Deck])
def test_uninitialised_deck_is_safe(cls):
    deck = cls.__new__(cls)
    assert isinstance(deck.rng, Generator)
    deck.shuffle()
    deck.collect()
    assert len(deck) == 0
    with pytest.raises(DeckError):
        deck.deal_one()


@pytest.mark.parametrize("order", [5, None, 1.5])
def test_deck_order_must_be_iterable(order):
    if order is None:
        return  # None means "shuffle"
    with pytest.raises(PedronTypeError):
        diablo.Deck(1, order=order)


# 4. The low-level batch dealer took ``None`` for its generator and wrote
#    through it (a segmentation fault).
def test_deal_batch_into_refuses_none_generator():
    code = (
        "import numpy as np\n"
        "from pedron._kernels.cardset import deal_batch_into\n"
        "try:\n"
        "    deal_batch_into(None, (1 << 52) - 1, np.zeros((4, 5), np.uint8))\n"
        "except TypeError:\n"
        "    print('refused')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "refused"


# 5. Diamondback batch with ``out`` inside ``cards``: the rescan for the bad
#    row read before the buffer (row -1), or results were wrong.
def test_diamondback_batch_out_aliasing_cards():
    a = np.zeros(30, np.uint8)
    a[15] = 9  # row 7 = (0, 9): rank 9 is out of range
    with pytest.raises(ArrayError, match="row 7: rank 9"):
        diamondback.evaluate_batch(a[:20], out=a[15:25])
    rng = np.random.default_rng(5)
    for off in range(0, 21):
        buf = np.zeros(60, np.uint8)
        hands = rng.integers(0, 4, size=(20, 2), dtype=np.uint8)
        buf[:40] = hands.ravel()
        expected = diamondback.evaluate_batch(hands.copy())
        out = buf[off: off + 20]
        got = diamondback.evaluate_batch(buf[:40].reshape(20, 2), out=out)
        assert np.array_equal(got, expected), off


# 6. Diablo batch with ``out`` inside ``cards``: rows were overwritten before
#    they were read (wrong strengths, or a valid batch refused).
@pytest.mark.parametrize("checked", [True, False])
def test_diablo_batch_out_aliasing_cards(checked):
    rng = np.random.default_rng(6)
    fn = diablo.evaluate_batch if checked else diablo.evaluate_batch_unchecked
    hands = np.array([rng.permutation(52)[:5] for _ in range(100)], np.uint8)
    expected = diablo.evaluate_batch(hands)
    for off in (0, 2, 6, 100, 300):
        buf = np.zeros(5 * 100 + 16, np.uint8)
        buf[:500] = hands.ravel()
        out = buf[off: off + 200].view(np.uint16)
        got = fn(buf[:500].reshape(100, 5), out=out)
        assert np.array_equal(got, expected), off
    masks = np.array([sum(1 << int(c) for c in h) for h in hands], np.uint64)
    for off in (0, 8, 16, 400):
        buf = masks.copy().view(np.uint8)
        got = fn(buf.view(np.uint64), out=buf[off: off + 200].view(np.uint16))
        assert np.array_equal(got, expected), off


# 7. A huge copy number reached int() and its digit limit (a bare ValueError).
def test_huge_copy_number():
    with pytest.raises(CardError):
        diamondback.parse_ids("Q" + "9" * 5000)
    with pytest.raises(CardError):
        diamondback.evaluate("Q" + "9" * 5000 + " K1")
    with pytest.raises(CardError):
        diamondback.CardSet("P" + "1" * 10)


# 8. opponents=<huge> allocated [None] * opponents first.
@pytest.mark.parametrize("opponents", [0, 4, 10**12, 10**30, -1])
def test_odds_opponent_count_checked_first(opponents):
    with pytest.raises(PedronValueError):
        diamondback.odds("M S", opponents=opponents)


# 9. numpy arrays have an __index__ that raises TypeError: it escaped as a bare
#    TypeError from every int check.
@pytest.mark.parametrize(
    "call",
    [
        lambda a: cards.check_card(a),
        lambda a: CardSet([a]),
        lambda a: CardSet.from_mask(a),
        lambda a: diablo.evaluate([a, 1, 2, 3, 4]),
        lambda a: diablo.strength([a] * 5),
        lambda a: diablo.strength(np.array(1.5)),
        lambda a: diablo.describe(a),
        lambda a: diablo.draw_odds("As Ks Qs Js Ts", max_draw=a),
        lambda a: diablo.best_draw("As Ks Qs Js Ts", top=a),
        lambda a: diablo.evaluate_batch(np.zeros((1, 5), np.uint8), threads=a),
        lambda a: cards.deal_batch(a, 5, seed=1),
        lambda a: cards.deal_batch(3, a, seed=1),
    ],
)
def test_numpy_arrays_where_an_int_belongs(call):
    with pytest.raises(PedronTypeError):
        call(np.array([1, 2]))


def test_numpy_array_membership_is_false():
    assert np.array([1, 2]) not in CardSet("Ah Kd")


# 10-13. Other bare TypeErrors and ValueErrors.
@pytest.mark.parametrize("bad", [1.5, None, object()])
def test_cardset_of_a_non_iterable(bad):
    with pytest.raises(PedronTypeError):
        CardSet(bad)
    with pytest.raises(PedronTypeError):
        diamondback.CardSet(bad)


@pytest.mark.parametrize("out", [[0] * 10, 5, "x"])
def test_deal_batch_out_not_a_buffer(out):
    with pytest.raises(PedronTypeError):
        cards.deal_batch(2, 5, seed=1, out=out)


def test_deal_batch_too_many_rows():
    with pytest.raises(ArrayError):
        cards.deal_batch(2**70, 0, seed=1)
    with pytest.raises(ArrayError):
        cards.deal_batch(2**62, 5, seed=1)


@pytest.mark.parametrize("items", [None, (3, 1, 2), "abc", array.array("B", [1, 2])])
def test_generator_shuffle_takes_a_list(items):
    with pytest.raises(PedronTypeError):
        Generator(1).shuffle(items)


def test_long_hand_text_is_not_cached():
    from pedron.diamondback.hand import _evaluate_text

    _evaluate_text.cache_clear()
    text = "Magician" + " " * 100_000 + "Priestess"
    assert diamondback.evaluate(text).name == "Magician-Priestess"
    assert _evaluate_text.cache_info().currsize == 0
    assert diamondback.evaluate("Magician Priestess").name == "Magician-Priestess"
    assert _evaluate_text.cache_info().currsize == 1


def test_errors_are_value_or_type_errors():
    for exc in (CardError, DuplicateCardError, DeckError, ArrayError, PedronValueError):
        assert issubclass(exc, ValueError) and issubclass(exc, PedronError)
    assert issubclass(PedronTypeError, TypeError)


# 14. The unchecked Diablo batch read past the end of its strength table for a
#     row of five aces (e.g. As As As As Ah): rank keys summing to 5 * 79415,
#     beyond the table's 369,111 slots. A segmentation fault here; run in a
#     child process so that a regression cannot take the test run down.
def test_unchecked_batch_five_aces_stays_in_bounds():
    code = (
        "import numpy as np\n"
        "from pedron import diablo\n"
        "rows = np.array([[51, 51, 51, 51, 50], [48, 49, 50, 51, 51], [51] * 5,\n"
        "                 [255, 255, 51, 50, 49]], np.uint8)\n"
        "masks = np.array([0xF << 48, 0x7 << 49, 0, (1 << 64) - 1], np.uint64)\n"
        "for wild in (True, False):\n"
        "    for a in (rows, masks):\n"
        "        s = diablo.evaluate_batch_unchecked(a, wild=wild)\n"
        "        assert int(s.max()) <= diablo.strength_count(wild=wild)\n"
        "print(diablo.evaluate_batch_unchecked(rows[:2]).tolist())\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, (proc.returncode, proc.stderr)
    assert proc.stdout.strip() == "[0, 0]"  # "no hand": outside the table's real slots


# 15. evaluate() on a list read hand[i] without a bounds check after calling an
#     item's __index__, which could empty the list (a segmentation fault).
def test_hand_list_emptied_by_an_item_is_safe():
    code = (
        "from pedron import diablo\n"
        "from pedron._kernels import diamondback_eval\n"
        "class Evil:\n"
        "    def __init__(self, seq): self.seq = seq\n"
        "    def __index__(self):\n"
        "        self.seq.clear()\n"
        "        return 0\n"
        "    __int__ = __index__\n"
        "    __ge__ = __le__ = lambda self, other: self.__index__() == 0\n"
        "for call in (diablo.evaluate, diablo.strength,\n"
        "             lambda h: diablo.draw_odds(h, 1)):\n"
        "    hand = [7, 5, None, 1, 2]\n"
        "    hand[2] = Evil(hand)\n"
        "    call(hand)\n"
        "counts = [3, 3, 3, 1, None]\n"
        "counts[4] = Evil(counts)\n"
        "diamondback_eval.odds_counts(5, counts, [None])\n"
        "from pedron import Generator\n"
        "class EvilInt(int):\n"
        "    def __ge__(self, other):\n"
        "        words[:] = [1]\n"
        "        return True\n"
        "g = Generator(1)\n"
        "state = g.getstate()\n"
        "words = [EvilInt(5), 6, 7, 8]\n"
        "state['s'] = words\n"
        "g.setstate(state)\n"
        "assert g.getstate()['s'] == [5, 6, 7, 8]\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, (proc.returncode, proc.stderr)
    assert proc.stdout.strip().endswith("ok")


# 14. Case-insensitive matching let Unicode look-alikes of s, i and k through:
#     a KeyError for 'ſ', 'ı', 'İ', and the Kelvin sign read as a King.
@pytest.mark.parametrize("text", ["\u017f", "Prie\u017ft", "pr\u0131est", "MAG\u0130CIAN",
                                  "\u212aing", "\u212a", "Q4 \u017f2"])
def test_diamondback_text_with_unicode_lookalikes_is_a_card_error(text):
    for parse in (diamondback.parse_ranks, diamondback.parse_ids, diamondback.CardSet,
                  diamondback.evaluate):
        with pytest.raises(CardError):
            parse(text)
    assert diamondback.parse_ranks("king PRIESTESS s") == [1, 3, 3]


# 14 (continued). The same through a hand's name: "Queen-\u212aing" lower-cases to "queen-king".
@pytest.mark.parametrize("text", ["Queen-\u212aing", "\u212aing-\u212aing", "magician-\u212aing"])
def test_diamondback_hand_name_with_a_kelvin_sign_is_a_card_error(text):
    with pytest.raises(CardError):
        diamondback.evaluate(text)
    assert 1 in diamondback.evaluate(text.replace("\u212a", "K")).ranks  # a King


# 16. Found by the checked build (UBSan, the batch fuzz target's "alias" outputs):
#     an ``out=`` array at an odd byte offset was written through a uint16_t
#     pointer, undefined behaviour in C (numpy allows unaligned arrays); a mask
#     array at an offset not a multiple of 8 was read the same way. Both are
#     now filled or read through an aligned copy, with the same answers.
@pytest.mark.parametrize("threads", [1, 2])
def test_diablo_batch_with_unaligned_buffers(threads):
    import numpy as np

    rng = np.random.default_rng(5)
    rows = np.array([rng.permutation(52)[:5] for _ in range(300)], dtype=np.uint8)
    masks = np.array([sum(1 << int(c) for c in r) for r in rows], dtype=np.uint64)
    expected = diablo.evaluate_batch(rows)
    raw = np.zeros(2 * len(rows) + 1, dtype=np.uint8)
    out = raw[1:].view(np.uint16)
    assert not out.flags.aligned
    assert diablo.evaluate_batch(rows, out=out, threads=threads) is out
    assert out.tolist() == expected.tolist()
    raw_masks = np.zeros(8 * len(rows) + 3, dtype=np.uint8)
    odd = raw_masks[3:].view(np.uint64)
    odd[:] = masks
    assert not odd.flags.aligned
    assert diablo.evaluate_batch(odd, threads=threads).tolist() == expected.tolist()
    out[:] = 0
    assert diablo.evaluate_batch(odd, out=out, threads=threads).tolist() == expected.tolist()
    assert diablo.evaluate_batch_unchecked(odd, out=out).tolist() == expected.tolist()


# 17. draw_odds read a list hand twice: once to check it (its mask), once more for
#     the cards to analyse. An item whose __index__ emptied the list left no cards
#     for the second read (a plain ValueError from the draw kernel, not a pedron
#     error); one answering differently the second time had a hand analysed that
#     was not the hand checked. The list is now copied once, and the cards
#     analysed are the ones checked.
def test_draw_odds_reads_a_list_hand_once():
    class Shifty:
        def __init__(self) -> None:
            self.calls = 0

        def __index__(self) -> int:
            self.calls += 1
            return 9 if self.calls == 1 else 10

    hand = [0, 5, Shifty(), 20, 30]
    odds = diablo.draw_odds(hand, 2)
    analysed = sorted(odds[0].keep + odds[0].discard)
    assert all(sorted(o.keep + o.discard) == analysed for o in odds)
    assert analysed in ([0, 5, 9, 20, 30], [0, 5, 10, 20, 30])
    plain = diablo.draw_odds((0, 5, analysed[2], 20, 30), 2)
    assert [(o.discard, o.total_strength) for o in odds] == [
        (o.discard, o.total_strength) for o in plain]

    # (with the card it answers second among the dead: refused, never analysed)
    from pedron.errors import PedronError

    try:
        shifted = diablo.draw_odds([0, 5, Shifty(), 20, 30], 2, dead=[10])
    except PedronError:
        pass
    else:
        assert 10 not in shifted[0].keep + shifted[0].discard

    class Emptier:
        def __init__(self, seq: list[object]) -> None:
            self.seq = seq

        def __index__(self) -> int:
            self.seq.clear()
            return 9

    again: list[object] = [0, 5, None, 20, 30]
    again[2] = Emptier(again)
    best = diablo.draw_odds(again, 1)[0]
    assert sorted(best.keep + best.discard) == [0, 5, 9, 20, 30]
