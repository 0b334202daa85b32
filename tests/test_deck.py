"""Decks: seeded shuffles, dealing, returning cards, state; and batch dealing."""

from __future__ import annotations

import copy
import pickle
import sys

import pytest

from pedron import CardSet, Generator, deal_batch, diablo, diamondback
from pedron.cards import FULL_MASK, new_uint8_array
from pedron.errors import ArrayError, DeckError, DuplicateCardError, PedronError
from pedron.reference.rng import Xoshiro256StarStar

np = pytest.importorskip("numpy")


def test_same_seed_same_deal():
    a, b = diablo.Deck(17), diablo.Deck(17)
    assert a.deal(5) == b.deal(5)
    assert a.stock == b.stock
    assert diablo.Deck(18).stock != diablo.Deck(17).stock


def test_shuffle_is_the_reference_fisher_yates():
    deck = diablo.Deck(2024)
    ref = Xoshiro256StarStar(2024)
    expected = list(range(52))
    ref.shuffle(expected)
    assert list(deck.stock) == expected
    deck.shuffle()
    ref.shuffle(expected)
    assert list(deck.stock) == expected


def test_dealing_and_len():
    deck = diablo.Deck(1)
    top = deck.stock[:7]
    assert len(deck) == 52
    assert deck.deal(5) == top[:5]
    assert deck.deal_one() == top[5]
    assert deck.deal_set(1) == CardSet([top[6]])
    assert len(deck) == 45
    assert deck.dealt == CardSet(top)
    assert deck.deal(0) == ()
    rest = deck.deal(45)
    assert len(deck) == 0
    assert set(rest) | set(top) == set(range(52))  # nothing dealt twice
    with pytest.raises(DeckError, match="0 left"):
        deck.deal(1)
    with pytest.raises(DeckError):
        deck.deal_one()


@pytest.mark.parametrize("k", [-1, 53])
def test_bad_deal_counts(k):
    deck = diablo.Deck(1)
    before = deck.stock
    with pytest.raises(DeckError):
        deck.deal(k)
    with pytest.raises(DeckError):
        deck.deal_set(k)
    assert deck.stock == before


def test_return_restock_collect():
    deck = diablo.Deck(5)
    hand = deck.deal(5)
    deck.return_cards(hand[:2])
    assert deck.stock[-2:] == hand[:2]
    assert len(deck) == 49
    with pytest.raises(DeckError, match="already in the stock"):
        deck.return_cards([hand[0]])
    with pytest.raises(DuplicateCardError):
        deck.return_cards([hand[2], hand[2]])
    stock_before = deck.stock
    deck.restock(hand[2:])
    assert deck.stock[: len(stock_before)] == stock_before
    assert sorted(deck.stock[len(stock_before):]) == sorted(hand[2:])
    deck.deal(52)
    deck.collect(shuffle=False)
    assert deck.stock == tuple(range(52))
    deck.collect()
    assert sorted(deck.stock) == list(range(52)) and deck.stock != tuple(range(52))


def test_many_returns_compact_the_buffer():
    deck = diablo.Deck(9)
    for _ in range(100):
        cards = deck.deal(7)
        deck.return_cards(cards)
    assert sorted(deck.stock) == list(range(52))


def test_foreign_cards_are_refused():
    deck = diamondback.Deck(2, seed=1)
    deck.deal(3)
    with pytest.raises(DeckError, match="does not belong"):
        deck.return_cards([20])  # a card of the second deck
    with pytest.raises(DeckError):
        diamondback.Deck(2, order=[0, 1, 15])


def test_prearranged_order():
    deck = diablo.Deck(order=[51, 50, 0])
    assert len(deck) == 3
    assert deck.deal(2) == (51, 50)
    assert diablo.Deck(order=range(52)).deal(3) == (0, 1, 2)
    with pytest.raises(DuplicateCardError):
        diablo.Deck(order=[1, 1])
    with pytest.raises(DeckError):
        diablo.Deck(order=[52])
    with pytest.raises(PedronError):
        diablo.Deck(order=["Ah"])


def test_state_copy_pickle():
    deck = diablo.Deck(33)
    deck.deal(4)
    state = deck.getstate()
    clone = deck.copy()
    assert copy.deepcopy(deck).stock == deck.stock
    expected = deck.deal(10)
    assert clone.deal(10) == expected
    other = diablo.Deck(0)
    other.setstate(state)
    assert other.deal(10) == expected
    restored = pickle.loads(pickle.dumps(clone))
    clone.shuffle()
    restored.shuffle()
    assert restored.stock == clone.stock
    db_deck = diamondback.Deck(3, seed=4)
    db_copy = pickle.loads(pickle.dumps(db_deck))
    assert db_copy.players == 3 and db_copy.stock == db_deck.stock


def test_bad_state_changes_nothing():
    deck = diablo.Deck(2)
    before = deck.getstate()
    for bad in (
        {"version": 9},
        dict(before, stock=[1, 1]),
        dict(before, stock=[60]),
        dict(before, rng={"bad": 1}),
        dict(before, stock="1 2"),
    ):
        with pytest.raises(PedronError):
            deck.setstate(bad)
        assert deck.getstate() == before


def test_repr_hides_the_order():
    deck = diablo.Deck(3)
    text = repr(deck)
    assert "52 of 52" in text
    assert str(deck.stock[0]) not in text.split(":")[-1].replace("52", "")


def test_seed_none_and_generators():
    assert diablo.Deck().stock != diablo.Deck().stock
    g = Generator(5)
    deck = diablo.Deck(g)
    assert deck.rng is g
    assert diablo.Deck(np.random.default_rng(1)).stock == diablo.Deck(
        np.random.default_rng(1)
    ).stock


def test_shuffle_fairness_chi_square():
    stats = pytest.importorskip("scipy.stats")
    deck = diablo.Deck(20261130)
    counts = np.zeros((52, 52), dtype=np.int64)  # position x card
    positions = np.arange(52)
    for _ in range(26_000):
        deck.shuffle()
        counts[positions, deck.stock] += 1
    result = stats.chisquare(counts.ravel())
    assert result.pvalue > 1e-3
    # Each position alone, too: no position favours some cards.
    pvalues = [stats.chisquare(row).pvalue for row in counts]
    assert min(pvalues) > 1e-5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_diamondback_deal_fairness(players):
    stats = pytest.importorskip("scipy.stats")
    size = diamondback.DECK_SIZES[players]
    hands = np.asarray(
        deal_batch(40_000, 2, deck=diamondback.deck_mask(players), seed=players)
    )
    counts = np.bincount(hands.ravel(), minlength=size)
    assert len(counts) == size
    assert stats.chisquare(counts).pvalue > 1e-3


# ---------------------------------------------------------------------------
# deal_batch


def test_deal_batch_shape_and_content():
    hands = deal_batch(10_000, 5, seed=11)
    assert hands.shape == (10_000, 5) and hands.dtype == np.uint8
    assert hands.max() < 52
    srt = np.sort(hands, axis=1)
    assert (np.diff(srt, axis=1) > 0).all()  # no card twice in a hand


def test_deal_batch_matches_reference_stream():
    hands = deal_batch(50, 5, seed=1)
    expected = Xoshiro256StarStar(1).deal_rows(list(range(52)), 50, 5)
    assert hands.tolist() == expected
    assert deal_batch(4, 5, seed=1).tolist()[:4] == expected[:4]


def test_deal_batch_from_a_deck():
    deck = CardSet("Ah Kh Qh Jh Th 9h 2c")
    hands = deal_batch(2_000, 7, deck=deck, seed=2)
    assert {int(c) for c in hands.ravel()} == set(deck)
    hands = deal_batch(500, 3, deck="2c 3c 4c 5c", seed=2)
    assert set(hands.ravel().tolist()) <= {0, 4, 8, 12}
    db_hands = deal_batch(1_000, 2, deck=diamondback.CardSet.from_mask(
        diamondback.deck_mask(2)), seed=3)
    assert db_hands.max() < 15


def test_deal_batch_generator_is_advanced():
    g = Generator(3)
    a = deal_batch(5, 5, seed=g)
    b = deal_batch(5, 5, seed=g)
    assert a.tolist() != b.tolist()
    assert np.array_equal(deal_batch(5, 5, seed=3), a)


def test_deal_batch_into_out():
    out = np.zeros((8, 5), dtype=np.uint8)
    result = deal_batch(8, 5, seed=4, out=out)
    assert result is out
    assert np.array_equal(out, deal_batch(8, 5, seed=4))
    for bad in (
        np.zeros((8, 4), dtype=np.uint8),
        np.zeros((8, 5), dtype=np.int64),
        np.zeros((5, 8), dtype=np.uint8).T,
    ):
        with pytest.raises(ArrayError):
            deal_batch(8, 5, seed=4, out=bad)
    readonly = np.zeros((8, 5), dtype=np.uint8)
    readonly.flags.writeable = False
    with pytest.raises(ArrayError):
        deal_batch(8, 5, out=readonly)


@pytest.mark.parametrize(
    ("n", "k", "deck"),
    [(-1, 5, None), (5, -1, None), (5, 53, None), (3, 5, "Ah Kh"), (1, 1, 1 << 60),
     (2.0, 5, None), (5, "5", None)],
)
def test_deal_batch_bad_arguments(n, k, deck):
    with pytest.raises(PedronError) as info:
        deal_batch(n, k, deck=deck, seed=1)
    assert isinstance(info.value, (ValueError, TypeError))


def test_deal_batch_empty_and_full():
    assert deal_batch(0, 5, seed=1).shape == (0, 5)
    full = deal_batch(3, 52, seed=1)
    assert all(sorted(row) == list(range(52)) for row in full.tolist())
    assert CardSet.full().mask == FULL_MASK


def test_without_numpy_a_memoryview(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)
    view = new_uint8_array(3, 5)
    assert isinstance(view, memoryview) and view.shape == (3, 5)
    out = deal_batch(3, 5, seed=1)
    assert isinstance(out, memoryview)
    assert out.tolist() == Xoshiro256StarStar(1).deal_rows(list(range(52)), 3, 5)


def test_setstate_reads_the_version_exactly():
    np = pytest.importorskip("numpy")
    deck = diablo.Deck(4)
    state = deck.getstate()
    for bad in (np.array([1, 1]), np.array([1]), 1.0, True, "1"):
        with pytest.raises(DeckError, match="unsupported deck state"):
            deck.setstate({**state, "version": bad})
    assert deck.getstate() == state


def test_deal_batch_checks_everything_before_allocating():
    np = pytest.importorskip("numpy")
    # a bad seed with an enormous batch: the seed is refused, nothing is allocated
    with pytest.raises(PedronError, match="seed"):
        deal_batch(10**12, 1, seed="x")
    for out in (np.zeros((2, 5), "M8[s]"), np.zeros((2, 5), "m8[ns]"), np.zeros((2, 5), object)):
        with pytest.raises(PedronError):
            deal_batch(2, 5, seed=1, out=out)
    with pytest.raises(PedronError):
        deal_batch(2, 5, seed=1, out=[[0] * 5] * 2)


# -- copies of the kernel's deck and of subclasses (a third-party game's deck) --------------
def _copiers() -> list:
    protocols = range(2, pickle.HIGHEST_PROTOCOL + 1)
    return [lambda d: d.copy(), copy.copy, copy.deepcopy] + [
        lambda d, p=p: pickle.loads(pickle.dumps(d, p)) for p in protocols]


def _check_independent(deck, got) -> None:
    assert type(got) is type(deck)
    assert got.stock == deck.stock and got.cards == deck.cards and got.dealt == deck.dealt
    assert got.rng is not deck.rng and got.rng.getstate() == deck.rng.getstate()
    stock = deck.stock
    assert got.deal(2) == stock[:2]  # the copy deals ...
    assert deck.stock == stock and len(deck) == len(stock)  # ... the original does not change
    got.collect()  # (shuffles on the copy's generator)
    assert deck.stock == stock
    assert deck.deal(2) == stock[:2]  # and the original deals as before, from its own stock
    assert len(got) == len(got.cards)


def test_every_copy_of_the_kernels_own_deck_is_independent():
    from pedron._kernels.deck import Deck
    for copier in _copiers():
        deck = Deck(CardSet.from_mask(0b1111_1111), 5)
        deck.deal(1)
        _check_independent(deck, copier(deck))


class _Listed(diablo.Deck):
    """A subclass with a mutable field of its own, one naming its generator, one itself."""

    def __init__(self, seed) -> None:
        super().__init__(seed)
        self.label = ["mine"]
        self.own_rng = self.rng
        self.me = self


class _Slotted(diablo.Deck):
    """A subclass keeping its fields in slots (no ``__dict__``)."""

    __slots__ = ("__hidden", "label")

    def __init__(self, seed) -> None:
        super().__init__(seed)
        self.label = ["mine"]
        self.__hidden = {"n": 1}

    def hidden(self):
        return self.__hidden


def test_a_subclass_copy_shares_no_field_with_its_original():
    for copier in _copiers():
        deck = _Listed(3)
        deck.deal(5)
        got = copier(deck)
        _check_independent(deck, got)
        assert got.label == ["mine"] and got.label is not deck.label
        got.label.append("changed")
        assert deck.label == ["mine"]
        assert got.own_rng is got.rng and got.me is got  # shared inside, shared in the copy

        slotted = _Slotted(4)
        got = copier(slotted)
        _check_independent(slotted, got)
        assert got.label == ["mine"] and got.hidden() == {"n": 1}
        got.label.append("changed")
        got.hidden()["n"] = 2
        assert slotted.label == ["mine"] and slotted.hidden() == {"n": 1}


@pytest.mark.skipif(sys.version_info < (3, 11), reason="object.__getstate__ is Python 3.11's")
def test_the_fields_of_a_deck_on_python_3_10_are_what_python_3_11_takes():
    from pedron._copying import default_fields_state
    for deck in (diablo.Deck(1), _Listed(2), _Slotted(3), diamondback.Deck(3, 4)):
        assert default_fields_state(deck) == object.__getstate__(deck)


def test_every_copy_of_a_replays_scripted_deck_is_independent():
    """The deck a replayed history deals from: ``copy.copy`` shared its stock (dealing
    from the copy took the card from the original too)."""
    from pedron.engine.history import ScriptedDeck, ScriptedShoe

    for copier in _copiers():
        deck = ScriptedDeck(5, [3, 1, 4])
        deck.deal_one()
        got = copier(deck)
        assert type(got) is ScriptedDeck and got.stock == deck.stock == (0, 1, 2, 4)
        assert got.deal(2) == (1, 4)
        assert deck.stock == (0, 1, 2, 4) and deck.unused == 2
        assert deck.deal(2) == (1, 4)
    shoe = ScriptedShoe(lambda players: 5, [3, 1, 4])
    for copier in (copy.copy, copy.deepcopy):
        got = copier(shoe)
        got(2)
        assert shoe.decks == []
