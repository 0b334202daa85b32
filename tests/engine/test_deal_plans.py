"""Dealing given cards to given seats: ``next_deal(hands=..., stock=...)``."""

from __future__ import annotations

import pytest

from pedron import diablo, diamondback
from pedron.cards import parse_cards
from pedron.errors import CardError, DuplicateCardError, IllegalActionError, PedronError


def test_diablo_hands_go_to_their_seats_whatever_the_dealing_order():
    t = diablo.Table(4, 50, seed=5, dealer=2)
    hands = {0: "Ah Kh Qh Jh Th", 3: "9c 9d 2h 2s Kc"}
    g = t.next_deal(hands=hands, stock="4h 5h")
    assert g.cards[0] == tuple(parse_cards("Ah Kh Qh Jh Th"))
    assert g.cards[3] == tuple(parse_cards("9c 9d 2h 2s Kc"))
    named = set(parse_cards("Ah Kh Qh Jh Th 9c 9d 2h 2s Kc 4h 5h"))
    assert not named & (set(g.cards[1]) | set(g.cards[2]))
    assert g.deck.stock[:2] == tuple(parse_cards("4h 5h"))  # the next cards to be drawn
    g.bet(1), g.call(), g.call(), g.call()
    seat = g.to_act
    g.draw(g.cards[seat][:2])  # the first replacements are the stock named
    assert set(parse_cards("4h 5h")) <= set(g.cards[seat])


def test_cards_not_named_come_shuffled_not_in_card_order():
    """The issue: unnamed cards followed in id order, so the first replacements of a
    Diablo draw were the four wild deuces."""
    seen_first = set()
    for seed in range(12):
        t = diablo.Table(3, 50, seed=seed, dealer=0)
        g = t.next_deal(hands={1: "Ah Kh Qh Jh Th"})
        seen_first.add(g.deck.stock[0])
        assert not set(parse_cards("2c 2d 2h 2s")) <= set(g.deck.stock[:4])
    assert len(seen_first) > 6  # the rest really is shuffled (and by the table's seed)
    a = diablo.Table(3, 50, seed=3, dealer=0).next_deal(hands={1: "Ah Kh Qh Jh Th"})
    b = diablo.Table(3, 50, seed=3, dealer=0).next_deal(hands={1: "Ah Kh Qh Jh Th"})
    assert a.cards == b.cards and a.deck.stock == b.deck.stock  # reproducible from the seed


def test_diamondback_hands_both_deal_orders_and_replay():
    for order in ("one_at_a_time", "two_at_a_time"):
        rules = diamondback.Rules(deal_order=order)
        t = diamondback.Table(3, 20, rules, seed=2, dealer=1, keep_history=True)
        h = t.next_deal(hands={0: "M1 S1", 2: [17, 18]})
        assert h.cards[0] == tuple(diamondback.parse_ids("M1 S1")) and h.cards[2] == (17, 18)
        h.bet(1), h.match(), h.match()
        for seat in h.order:
            h.reveal(h.cards[seat][0])
        h.stop()
        history = t.history[-1]
        assert history.replay().result == h.result
        restored = diamondback.Table.from_json(t.to_json())
        assert restored.to_json() == t.to_json()


def test_a_plan_is_saved_and_replayed_with_the_deal():
    t = diablo.Table(3, 30, seed=8, dealer=0)
    g = t.next_deal(hands={2: "Ac Ad Ah As Kc"}, stock="Qs")
    g.bet(1)
    restored = diablo.Table.from_json(t.to_json())
    assert restored.to_json() == t.to_json()
    assert restored.current.cards[2] == tuple(parse_cards("Ac Ad Ah As Kc"))


@pytest.mark.parametrize("hands, stock, error", [
    ({0: "Ah Kh Qh Jh"}, None, IllegalActionError),  # four cards
    ({0: "Ah Kh Qh Jh Th 9h"}, None, IllegalActionError),
    ({0: "Ah Kh Qh Jh Th", 1: "Ah 2c 3c 4c 5c"}, None, DuplicateCardError),
    ({0: "Ah Kh Qh Jh Th"}, "Th", DuplicateCardError),
    ({0: "Ah Kh Qh Jh Zz"}, None, CardError),
    ({7: "Ah Kh Qh Jh Th"}, None, IllegalActionError),  # no seat 7
    ({"0": "Ah Kh Qh Jh Th"}, None, PedronError),
    ({0: [1, 2, 3, 4, 60]}, None, CardError),
    ([0, 1], None, PedronError),
    (None, 5, PedronError),
])
def test_bad_plans_are_clear_errors_and_change_nothing(hands, stock, error):
    t = diablo.Table(3, 30, seed=8, dealer=0)
    before = t.to_json()
    with pytest.raises(error):
        t.next_deal(hands=hands, stock=stock)
    assert t.to_json() == before and t.current is None


def test_diamondback_plan_errors():
    t = diamondback.Table(2, 30, seed=8, dealer=0)
    for hands in ({0: "M1"}, {0: "M1 M1"}, {0: "M1 S1", 1: "S1 P1"}, {0: [43, 1]}):
        with pytest.raises(PedronError):
            t.next_deal(hands=hands)
    assert t.deals_played == 0
