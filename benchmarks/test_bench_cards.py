"""Shuffling and dealing: one deal through the Python API, and batch dealing."""

from __future__ import annotations

import pytest

from pedron import CardSet, Generator, deal_batch, diablo, diamondback

np = pytest.importorskip("numpy")

BATCH = 1_000_000


def test_shuffle_52(benchmark):
    deck = diablo.Deck(1)
    benchmark(deck.shuffle)


def test_shuffle_and_deal_5(benchmark):
    deck = diablo.Deck(1)
    shuffle, deal, collect = deck.shuffle, deck.deal, deck.collect

    def one_deal():
        collect(False)
        shuffle()
        return deal(5)

    assert len(benchmark(one_deal)) == 5


def test_diamondback_shuffle_and_deal_8(benchmark):
    deck = diamondback.Deck(4, seed=1)

    def one_deal():
        deck.collect()
        return deck.deal(8)

    assert len(benchmark(one_deal)) == 8


@pytest.mark.parametrize("k", [2, 5, 7])
def test_deal_batch(benchmark, k):
    out = np.empty((BATCH, k), dtype=np.uint8)
    gen = Generator(1)
    benchmark.extra_info["hands"] = BATCH
    benchmark(deal_batch, BATCH, k, seed=gen, out=out)


def test_cardset_union(benchmark):
    a, b = CardSet("Ah Kh"), CardSet("2c 3d")
    benchmark(a.__or__, b)
