"""``dealt_in`` means the same in both games: the seats dealt cards in this deal,
clockwise from the dealer's left, dealer last, as a tuple; ``()`` until the
cards are dealt (Diablo's Dealer's Choice before the game is called,
Diamondback's ante before it is matched); the view's ``dealt_in`` is the deal's."""

from __future__ import annotations

import pytest

from pedron import diablo, diamondback
from pedron.bots import RandomBot


def clockwise_from_left(dealer: int, n: int) -> list[int]:
    return [(dealer + 1 + i) % n for i in range(n)]


def check_dealt_in(deal, n: int) -> None:
    dealt = deal.dealt_in
    assert type(dealt) is tuple and all(type(s) is int for s in dealt)
    assert dealt == tuple(s for s in clockwise_from_left(deal.dealer, n) if deal.cards[s])
    if deal.dealer in dealt:
        assert dealt[-1] == deal.dealer
    for seat in [*range(n), None]:
        assert deal.view(seat).dealt_in == dealt


def play_out(deal, n: int) -> None:
    bot = RandomBot(deal.number)
    check_dealt_in(deal, n)
    while not deal.done:
        deal.apply(bot(deal.view(deal.to_act), deal.legal_actions()))
        check_dealt_in(deal, n)


@pytest.mark.parametrize("deal_type", [diablo.Game, diamondback.Hand])
def test_both_games_name_it_dealt_in(deal_type):
    assert "dealt_in" in vars(deal_type)  # (declared by the class itself)


def test_diablo_dealt_in():
    n = 4
    t = diablo.Table(n, 30, diablo.Rules(dealers_choice=True), seed=3, dealer=1)
    g = t.next_deal()
    assert g.phase == "choose" and g.dealt_in == () and g.view(0).dealt_in == ()
    g.choose("deuces_wild")
    assert g.dealt_in == (2, 3, 0, 1) == g.order  # the dealer last
    play_out(g, n)
    for _ in range(6):
        if t.over:
            break
        play_out(t.next_deal(), n)
    clone = t.clone()
    assert clone.last is None or clone.last.dealt_in == t.last.dealt_in


def test_diablo_a_player_out_is_not_dealt_in():
    for seed in range(20):
        t = diablo.Table(3, [20, 1, 20], diablo.Rules(), seed=seed, dealer=0)
        for _ in range(10):
            if t.over:
                break
            play_out(t.next_deal(), 3)
            if not t.seated[1] and not t.over:
                nxt = t.next_deal()
                check_dealt_in(nxt, 3)
                assert 1 not in nxt.dealt_in and nxt.cards[1] == ()
                return
    pytest.fail("seat 1 never went out")


def test_diamondback_dealt_in():
    n = 3
    t = diamondback.Table(n, 20, diamondback.Rules.dealers(), seed=0, dealer=0)
    h = t.next_deal()
    assert h.phase == "ante" and h.dealt_in == () and h.view(1).dealt_in == ()
    h.set_ante(2)
    h.match()
    h.fold()  # seat 2 declines the ante: not dealt in
    assert h.dealt_in == (1, 0) and h.cards[2] == ()
    play_out(h, n)
    for _ in range(6):
        if t.over:
            break
        play_out(t.next_deal(), n)
