"""One call of every compiled entry point, for the memory tests and the soak script.

``ENTRY_POINTS[name]()`` makes one call (valid input, or bad input that must
raise a PedronError, which is caught). Each returns nothing and keeps nothing:
a growth of the process over repeated calls is a leak.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pedron import CardSet, Generator, cards, diablo, diamondback
from pedron._kernels import cardset as _cardset
from pedron._kernels import diablo_eval as _de
from pedron._kernels import diamondback_eval as _dbe
from pedron.errors import PedronError

_HAND = [51, 47, 43, 39, 35]
_HAND_TEXT = "As Ks Qs Js Ts"
_MASK = sum(1 << c for c in _HAND)
_BATCH = np.asarray(cards.deal_batch(64, 5, seed=1))
_BATCH_MASKS = np.array([sum(1 << int(c) for c in h) for h in _BATCH], np.uint64)
_OUT16 = np.empty(64, np.uint16)
_DB_BATCH = np.asarray(cards.deal_batch(64, 2, deck=diamondback.deck_mask(2), seed=2))
_DB_RANKS = np.array([[4, 3], [0, 0], [2, 1], [3, 3]] * 16, np.uint8)
_OUT8 = np.empty(64, np.uint8)
_BAD_BATCH = _BATCH.copy()
_BAD_BATCH[40, 2] = _BAD_BATCH[40, 3]
_GEN = Generator(3)
_DIABLO_DECK = diablo.Deck(4)
_DB_DECK = diamondback.Deck(4, 5)
_DEAL_OUT = np.empty((16, 5), np.uint8)
_STATE = _GEN.getstate()


def _refused(fn: Callable[[], object]) -> Callable[[], None]:
    def call() -> None:
        try:
            fn()
        except PedronError:
            return
        raise AssertionError("expected a PedronError")

    return call


def _deck_cycle() -> None:
    d = _DIABLO_DECK
    hand = d.deal(5)
    d.return_cards(hand[:2])
    d.restock(hand[2:])
    d.deal_set(3)
    d.collect()


def _db_deck_cycle() -> None:
    d = _DB_DECK
    d.deal(2)
    d.deal_one()
    d.collect(shuffle=False)
    d.shuffle()
    d.setstate(d.getstate())


def _generator() -> None:
    g = _GEN
    g.random_raw()
    g.integers(52)
    g.random_raw(4)
    g.setstate(_STATE)
    g.copy()


def _odds() -> None:
    diamondback.odds("Q K", [None, "S"], ["P"], 3)


ENTRY_POINTS: dict[str, Callable[[], None]] = {
    "parse_cards": lambda: cards.parse_cards("Ah Kd 10c 2s 3♥"),
    "parse_card_error": _refused(lambda: cards.parse_card("Zz")),
    "cardset_ops": lambda: (CardSet(_HAND) | CardSet.from_mask(7)).to_str(),
    "cardset_error": _refused(lambda: CardSet([1, 1])),
    "db_parse": lambda: diamondback.parse_ids("M1 S2 Q4"),
    "diablo_evaluate_list": lambda: diablo.evaluate(_HAND),
    "diablo_evaluate_text": lambda: diablo.evaluate(_HAND_TEXT, wild=False),
    "diablo_strength_mask": lambda: diablo.strength(_MASK),
    "diablo_evaluate_error": _refused(lambda: diablo.evaluate([1, 2, 3, 4, 4])),
    "diablo_describe": lambda: diablo.describe(4000),
    "diablo_batch": lambda: diablo.evaluate_batch(_BATCH, out=_OUT16),
    "diablo_batch_new_out": lambda: diablo.evaluate_batch(_BATCH_MASKS, wild=False),
    "diablo_batch_unchecked": lambda: diablo.evaluate_batch_unchecked(_BATCH, out=_OUT16),
    "diablo_batch_error": _refused(lambda: diablo.evaluate_batch(_BAD_BATCH)),
    "diablo_batch_plain": lambda: _de._evaluate_batch_plain(_BATCH, out=_OUT16),
    "draw_odds_1": lambda: diablo.draw_odds("2c 2d 9h 9s Kd", 1),
    "draw_odds_2": lambda: diablo.draw_odds(_HAND, 2),
    "draw_error": _refused(lambda: diablo.draw_odds(_HAND, 6)),
    "db_evaluate_ints": lambda: diamondback.evaluate([4, 3]),
    "db_evaluate_text": lambda: diamondback.evaluate("Magician Priestess"),
    "db_evaluate_error": _refused(lambda: diamondback.evaluate([4, 4])),
    "db_batch": lambda: diamondback.evaluate_batch(_DB_RANKS, out=_OUT8),
    "db_batch_ids_new_out": lambda: diamondback.evaluate_batch(_DB_BATCH, ids=True),
    "db_batch_unchecked": lambda: diamondback.evaluate_batch_unchecked(_DB_BATCH, out=_OUT8),
    "db_batch_error": _refused(lambda: diamondback.evaluate_batch(_DB_BATCH)),
    "db_odds": _odds,
    "db_odds_kernel": lambda: _dbe.odds_counts(9, [8, 6, 5, 3, 1], [None, 2, -1]),
    "db_odds_error": _refused(lambda: diamondback.odds("M S", ["M"])),
    "dealing_odds": lambda: diamondback.dealing_odds(3),
    "deal_batch": lambda: cards.deal_batch(16, 5, seed=_GEN, out=_DEAL_OUT),
    "deal_batch_new": lambda: cards.deal_batch(8, 2, deck=diamondback.deck_mask(4), seed=7),
    "deal_batch_kernel": lambda: _cardset.deal_batch_into(_GEN, (1 << 52) - 1, _DEAL_OUT),
    "deal_batch_error": _refused(lambda: cards.deal_batch(1, 53, seed=1)),
    "deck_cycle": _deck_cycle,
    "db_deck_cycle": _db_deck_cycle,
    "deck_error": _refused(lambda: _DIABLO_DECK.return_cards([0, 0])),
    "generator": _generator,
    "generator_error": _refused(lambda: _GEN.setstate({"s": [0, 0, 0, 0]})),
}

#: Rough cost of one call in microseconds on the 2-core test machine (measured
#: once; only used to give every entry point a similar time budget).
COST_US = {
    "parse_cards": 3, "parse_card_error": 1, "cardset_ops": 1.5, "cardset_error": 1.1,
    "db_parse": 2.6, "diablo_evaluate_list": 0.1, "diablo_evaluate_text": 2.6,
    "diablo_strength_mask": 0.1, "diablo_evaluate_error": 1, "diablo_describe": 0.3,
    "diablo_batch": 2.1, "diablo_batch_new_out": 2.4, "diablo_batch_unchecked": 2,
    "diablo_batch_error": 5.4, "diablo_batch_plain": 0.5, "draw_odds_1": 60,
    "draw_odds_2": 50, "draw_error": 2.3, "db_evaluate_ints": 0.3, "db_evaluate_text": 0.3,
    "db_evaluate_error": 1.4, "db_batch": 0.8, "db_batch_ids_new_out": 1.1,
    "db_batch_unchecked": 0.8, "db_batch_error": 1.9, "db_odds": 21, "db_odds_kernel": 1.4,
    "db_odds_error": 8.4, "dealing_odds": 8.5, "deal_batch": 1.3, "deal_batch_new": 1.6,
    "deal_batch_kernel": 0.4, "deal_batch_error": 1.1, "deck_cycle": 1.9,
    "db_deck_cycle": 4.1, "deck_error": 1.7, "generator": 0.6, "generator_error": 0.8,
}
assert set(COST_US) == set(ENTRY_POINTS)


def calls_for(name: str, budget_us: float, most: int | None = None) -> int:
    """Calls of ``name`` that take about ``budget_us`` (at least 100, at most ``most``)."""
    n = max(100, int(budget_us / COST_US[name]))
    return n if most is None else min(n, most)
