"""Scripted Diamondback games: every rule and decision of docs/rules.md, step by step."""

from __future__ import annotations

import json

import pytest

from pedron.diamondback import Table, replay
from pedron.diamondback.cards import parse_ids
from pedron.diamondback.rules import Rules
from pedron.engine import Bet, LegalAction, Record, saving
from pedron.engine.moves import Reveal
from pedron.errors import GameOverError, IllegalActionError, RulesError
from tests.refusals import refusal


def session_ops(table):
    """The session's operations as a save holds them (its log: docs/histories.md)."""
    return json.loads(json.loads(table.to_json())["log"])


def deal(n: int, dealer: int, hands: dict[int, str]) -> list[int]:
    """A deck order giving each seat its two cards (one at a time, dealer last)."""
    order = [(dealer + k) % n for k in range(1, n + 1)]
    ids = {s: parse_ids(text) for s, text in hands.items()}
    return [ids[s][r] for r in range(2) for s in order if s in ids]


def kinds(hand):
    return [(a.kind, a.min, a.max) for a in hand.legal_actions()]


def play_to_showdown(hand, bet=1):
    """Opening bet, everyone matches, everyone reveals his first card, stop."""
    hand.bet(bet)
    while hand.phase == "match":
        hand.match()
    while hand.phase == "reveal":
        hand.reveal(hand.cards[hand.to_act][0])
    if not hand.done:
        hand.stop()


# -- the first dealer ---------------------------------------------------------------


def test_first_dealer_is_highest_draw():
    t = Table(3, 10, seed=0, order=parse_ids("K1 M1 Q1"))
    assert t.dealer == 1
    draws = [(r.seat, r.note) for r in t.events if r.kind == "draw"]
    assert draws == [(0, "K1"), (1, "M1"), (2, "Q1")]
    assert t.events[-1] == Record("dealer", 1)


def test_first_dealer_ties_draw_again_from_a_fresh_shuffle():
    t = Table(3, 10, seed=0, orders=[parse_ids("S1 S2 Q1"), parse_ids("K1 Q1")])
    draws = [(r.seat, r.note) for r in t.events if r.kind == "draw"]
    # Seats 0 and 1 tie with Priestesses; only they draw again, from a new deck.
    assert draws == [(0, "S1"), (1, "S2"), (2, "Q1"), (0, "K1"), (1, "Q1")]
    assert t.dealer == 1


def test_first_dealer_ties_can_draw_on_from_the_same_deck():
    rules = Rules(draw_ties="same")
    t = Table(3, 10, rules, seed=0, order=parse_ids("S1 S2 Q1 K1 Q2"))
    draws = [(r.seat, r.note) for r in t.events if r.kind == "draw"]
    assert draws == [(0, "S1"), (1, "S2"), (2, "Q1"), (0, "K1"), (1, "Q2")]
    assert t.dealer == 1


def test_seeded_draw_is_reproducible():
    a, b = Table(4, 10, seed=99), Table(4, 10, seed=99)
    assert a.events == b.events and a.dealer == b.dealer


# -- the deal -----------------------------------------------------------------------


def test_deal_one_at_a_time_from_dealers_left_dealer_last():
    t = Table(3, 10, seed=0, dealer=1, order=parse_ids("P1 P2 P3 K1 K2 K3"))
    h = t.next_deal()
    assert h.order == (2, 0, 1)
    assert h.cards[2] == tuple(parse_ids("P1 K1"))
    assert h.cards[0] == tuple(parse_ids("P2 K2"))
    assert h.cards[1] == tuple(parse_ids("P3 K3"))
    assert [r.seat for r in h.history if r.kind == "deal"] == [2, 0, 1, 2, 0, 1]


def test_deal_two_at_a_time_option():
    rules = Rules(deal_order="two_at_a_time")
    t = Table(3, 10, rules, seed=0, dealer=1, order=parse_ids("P1 P2 P3 K1 K2 K3"))
    h = t.next_deal()
    assert h.cards[2] == tuple(parse_ids("P1 P2"))
    assert h.cards[1] == tuple(parse_ids("K2 K3"))
    assert [r.seat for r in h.history if r.kind == "deal"] == [2, 2, 0, 0, 1, 1]


def test_deck_size_follows_players_dealt_in():
    t = Table(4, 10, seed=5, dealer=0)
    h = t.next_deal()
    cards = [c for s in range(4) for c in h.cards[s]]
    assert len(set(cards)) == 8 and max(cards) <= 42


# -- betting --------------------------------------------------------------------------


def test_opening_bet_is_required_and_bounded():
    t = Table(2, [30, 12], seed=0, dealer=0)
    h = t.next_deal()
    assert h.to_act == 0
    # The dealer cannot bet more than the largest stack able to match it.
    assert kinds(h) == [("bet", 1, 12)]
    with pytest.raises(IllegalActionError, match="opening bet"):
        h.stop()
    with pytest.raises(IllegalActionError):
        h.match()


def test_min_bet_max_bet_and_uncapped_options():
    t = Table(2, [30, 12], Rules(min_bet=2, max_bet=5), seed=0, dealer=0)
    assert kinds(t.next_deal()) == [("bet", 2, 5)]
    t = Table(2, [30, 12], Rules(cap_to_stacks=False), seed=0, dealer=0)
    assert kinds(t.next_deal()) == [("bet", 1, 30)]
    # A short table: the dealer may bet what can be matched even below min_bet.
    t = Table(2, [30, 3], Rules(min_bet=5), seed=0, dealer=0)
    assert kinds(t.next_deal()) == [("bet", 3, 3)]


def test_match_or_fold_clockwise_then_reveal_dealer_last():
    order = deal(3, 0, {1: "M1 S1", 2: "S2 Q1", 0: "P1 P2"})
    t = Table(3, 20, seed=0, dealer=0, order=order)
    h = t.next_deal()
    h.bet(2)
    assert h.phase == "match" and h.to_act == 1
    assert kinds(h) == [("match", 2, 2), ("fold", None, None)]
    h.match()
    assert h.to_act == 2
    h.match()
    assert h.phase == "reveal" and h.queue == [1, 2, 0]
    assert h.legal_actions() == [LegalAction("reveal", cards=h.cards[1])]
    h.reveal("S1")
    h.reveal(parse_ids("Q1")[0])
    h.reveal("P1")
    assert h.phase == "bet" and kinds(h) == [("bet", 1, 18), ("stop", None, None)]
    h.bet(3)
    h.match()
    h.fold()
    h.bet(4)
    h.match()
    h.stop()
    assert h.done and h.result.showdown
    # 3 * 2 + 3 * 2 + 4 * 2 = 20, all to seat 1 (Magician-Priestess).
    assert h.result.payouts == (0, 20, 0)
    assert t.stacks == (11, 31, 18)
    assert [(r.seat, r.note) for r in h.history if r.kind == "show"] == [
        (1, "Magician-Priestess"),
        (0, "Priest-Priest"),
    ]
    assert h.shown[2] == tuple(parse_ids("Q1"))  # folded: only his revealed card


def test_everyone_folds_to_the_dealer_who_wins_without_showing():
    order = deal(3, 0, {1: "M1 S1", 2: "S2 Q1", 0: "P1 P2"})
    t = Table(3, 20, seed=0, dealer=0, order=order)
    h = t.next_deal()
    h.bet(5)
    h.fold()
    h.fold()
    assert h.done and not h.result.showdown
    assert t.stacks == (20, 20, 20)
    assert not any(r.kind == "show" for r in h.history)
    assert h.result.main_winner is None  # his own bet back: nobody else paid
    for seat in (1, 2):
        v = h.view(seat)
        assert all(r.cards == () for r in v.history if r.kind == "deal" and r.seat == 0)
        assert v.shown[0] == ()


def test_everyone_folds_with_a_carry_over_the_dealer_takes_it():
    # Hand 1: both players King-King: the pot carries over.
    o1 = deal(2, 0, {1: "K1 K2", 0: "K3 K4"})
    o2 = deal(2, 1, {0: "M1 S1", 1: "P1 P2"})
    t = Table(2, 20, seed=0, dealer=0, orders=[o1, o2])
    h = t.next_deal()
    play_to_showdown(h, 3)
    assert h.result.carry == 6 and t.carry == 6 and t.stacks == (17, 17)
    assert [r.kind for r in h.history[-1:]] == ["carry"]
    h = t.next_deal()
    assert h.dealer == 1 and h.pot == 6
    h.bet(1)
    h.fold()
    assert t.stacks == (17, 23) and t.carry == 0
    assert h.result.main_winner == 1 and not h.result.showdown


# -- showdown, ties, carry-over, odd chip ---------------------------------------------


def test_carry_over_with_two_players_then_won():
    o1 = deal(2, 0, {1: "K1 P1", 0: "K2 P2"})
    o2 = deal(2, 1, {0: "M1 S1", 1: "P3 P4"})
    t = Table(2, 20, seed=0, dealer=0, orders=[o1, o2])
    play_to_showdown(t.next_deal(), 4)
    assert t.carry == 8 and t.stacks == (16, 16)
    h = t.next_deal()
    play_to_showdown(h, 2)
    assert h.result.payouts == (12, 0) and t.stacks == (26, 14) and t.carry == 0


def test_carry_over_with_four_players_all_equal():
    hands = {s: f"K{s + 1} P{s + 1}" for s in range(4)}
    t = Table(4, 10, seed=0, dealer=0, order=deal(4, 0, hands))
    h = t.next_deal()
    play_to_showdown(h, 2)
    assert h.result.carry == 8 and t.carry == 8 and t.stacks == (8, 8, 8, 8)


def test_split_between_tied_best_odd_chip_first_left_of_dealer():
    # Dealer 0 and seat 2 tie with Queen-King; seat 1 and 3 are worse.
    hands = {0: "Q1 K1", 1: "P1 P2", 2: "Q2 K2", 3: "K3 P3"}
    t = Table(4, 10, seed=0, dealer=0, order=deal(4, 0, hands))
    h = t.next_deal()
    h.bet(1)
    for _ in range(3):
        h.match()
    for _ in range(4):
        h.reveal(h.cards[h.to_act][0])
    h.bet(1)
    h.match()  # seat 1
    h.match()  # seat 2
    h.fold()  # seat 3
    h.stop()
    # Pot 4 + 3 = 7: seat 2 (first clockwise from the dealer's left) gets the odd chip.
    assert h.result.payouts == (3, 0, 4, 0)
    assert h.result.winners == (2, 0) and h.result.main_winner == 2
    assert t.stacks == (11, 8, 12, 9)


def test_odd_chip_carry_option():
    hands = {0: "Q1 K1", 1: "P1 P2", 2: "Q2 K2"}
    t = Table(3, 10, Rules(odd_chip="carry"), seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.bet(1)
    h.match()
    h.match()
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.stop()
    assert h.result.payouts == (1, 0, 1) and t.carry == 1


def _two_tied_of_three(rules):
    # Three dealt in, seat 1 folds, seats 2 and 0 tie.
    hands = {0: "Q1 K1", 1: "M1 S1", 2: "Q2 K2"}
    t = Table(3, 10, rules, seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.bet(2)
    h.fold()
    h.match()
    h.reveal(h.cards[2][0])
    h.reveal(h.cards[0][0])
    h.stop()
    return t, h


def test_tie_rule_showdown_every_hand_in_the_showdown_equal_carries():
    t, h = _two_tied_of_three(Rules())
    assert h.result.carry == 4 and t.stacks == (8, 10, 8)


def test_tie_rule_seated_splits_when_not_all_dealt_in_are_tied():
    t, h = _two_tied_of_three(Rules(tie_rule="seated"))
    assert h.result.carry == 0 and t.stacks == (10, 10, 10)
    # ... but with two players dealt in a tie carries over.
    t = Table(2, 10, Rules(tie_rule="seated"), seed=0, dealer=0,
              order=deal(2, 0, {0: "K1 P1", 1: "K2 P2"}))
    play_to_showdown(t.next_deal(), 1)
    assert t.carry == 2


def test_tie_rule_split_never_carries():
    t = Table(2, 10, Rules(tie_rule="split"), seed=0, dealer=0,
              order=deal(2, 0, {0: "K1 P1", 1: "K2 P2"}))
    play_to_showdown(t.next_deal(), 3)
    assert t.carry == 0 and t.stacks == (10, 10)


# -- table stakes, side pots ----------------------------------------------------------------


def test_side_pot_when_the_all_in_player_has_the_best_hand():
    hands = {0: "P1 P2", 1: "M1 S1", 2: "S2 Q1"}
    t = Table(3, [50, 5, 50], seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.bet(10)
    assert kinds(h) == [("match", 5, 5), ("fold", None, None)]
    rec = h.match()
    assert rec == Record("match", 1, 5, note="all-in")
    h.match()
    assert [(p.amount, p.eligible) for p in h.pots()] == [(15, (0, 1, 2)), (10, (0, 2))]
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.stop()
    assert h.result.payouts == (0, 15, 10)
    assert t.stacks == (40, 15, 50)


def test_uncalled_part_of_a_bet_comes_back_to_the_dealer():
    hands = {0: "M1 S1", 1: "P1 P2", 2: "S2 Q1"}
    t = Table(3, [50, 5, 50], seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.bet(20)
    h.match()  # all-in 5
    h.fold()
    assert h.phase == "reveal"
    for _ in range(2):
        h.reveal(h.cards[h.to_act][0])
    assert h.done  # nobody can match another bet: straight to the showdown
    returns = [r for r in h.history if r.kind == "return"]
    assert returns == [Record("return", 0, 15, note="pot 1")]
    assert t.stacks == (55, 0, 50)
    assert t.seated == [True, False, True]


def test_dealer_bet_capped_by_largest_stack_still_able_to_match():
    t = Table(3, [100, 5, 8], seed=0, dealer=0)
    assert kinds(t.next_deal()) == [("bet", 1, 8)]


def test_carry_over_goes_to_the_main_pot_with_side_pots():
    # Hand 1: all three tie -> carry 3. Hand 2: short seat 2 all-in wins main pot + carry.
    o1 = deal(3, 0, {0: "K1 P1", 1: "K2 P2", 2: "K3 P3"})
    o2 = deal(3, 1, {0: "S1 Q1", 1: "K1 P1", 2: "M1 S2"})
    t = Table(3, [40, 40, 5], seed=0, dealer=0, orders=[o1, o2])
    play_to_showdown(t.next_deal(), 1)
    assert t.carry == 3 and t.stacks == (39, 39, 4)
    h = t.next_deal()
    assert h.dealer == 1
    h.bet(10)
    h.match()  # seat 2 all-in 4
    h.match()  # seat 0
    pots = h.pots()
    assert [(p.amount, p.eligible, p.carry) for p in pots] == [(15, (0, 1, 2), 3), (12, (0, 1), 0)]
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.stop()
    assert h.result.payouts == (12, 0, 15)
    assert t.stacks == (41, 29, 15) and t.carry == 0


def test_side_pot_ties_are_decided_pot_by_pot():
    # Main pot: seat 2 (all-in) has the worst hand; seats 0 and 1 tie for both pots.
    o = deal(3, 0, {0: "Q1 K1", 1: "Q2 K2", 2: "P1 P2"})
    t = Table(3, [40, 40, 4], seed=0, dealer=0, order=o)
    h = t.next_deal()
    h.bet(10)
    h.match()
    h.match()
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.stop()
    # Main pot (12) has a best hand shared by 0 and 1: split 6/6.
    # Side pot (12) between the two equal hands: every hand equal -> carries over.
    assert h.result.payouts == (6, 6, 0) and h.result.carry == 12
    assert t.carry == 12


def test_all_in_off_short_player_must_fold():
    t = Table(3, [50, 5, 50], Rules(all_in=False), seed=0, dealer=0)
    h = t.next_deal()
    h.bet(10)
    assert kinds(h) == [("fold", None, None)]
    with pytest.raises(IllegalActionError, match="all-in"):
        h.match()
    h.fold()


def test_players_without_chips_play_for_the_carry_and_busted_players_leave():
    o1 = deal(2, 0, {0: "K1 P1", 1: "K2 P2"})
    o2 = deal(2, 1, {0: "M1 S1", 1: "P3 P4"})
    t = Table(2, 5, seed=0, dealer=0, orders=[o1, o2])
    play_to_showdown(t.next_deal(), 5)
    assert t.stacks == (0, 0) and t.carry == 10 and not t.over
    h = t.next_deal()
    assert h.phase == "reveal"  # nobody can bet
    h.reveal(h.cards[0][0])
    h.reveal(h.cards[1][0])
    assert h.done and t.stacks == (10, 0)
    assert t.over and t.end_reason == "fewer than two players can play"
    with pytest.raises(GameOverError):
        t.next_deal()


def test_deal_passes_to_the_left_skipping_busted_players():
    t = Table(3, [10, 10, 1], seed=4, dealer=0)
    dealers = []
    for _ in range(4):
        h = t.next_deal()
        dealers.append(h.dealer)
        h.bet(h.legal_actions()[0].max)
        while not h.done:
            la = h.legal_actions()
            if la[0].kind == "reveal":
                h.reveal(la[0].cards[0])
            elif la[0].kind == "match":
                h.fold()
            else:
                h.stop()
        if t.over:
            break
    assert dealers[:3] == [0, 1, 2]


# -- Dealer's Diamondback ---------------------------------------------------------------


def test_dealers_ante_match_decline_and_double():
    hands = {1: "M1 S1", 0: "P1 P2"}  # seat 2 declines the ante and is not dealt in
    t = Table(3, 20, Rules.dealers(), seed=0, dealer=0, order=deal(2, 0, hands))
    h = t.next_deal()
    assert h.phase == "ante" and kinds(h) == [("ante", 1, 20)]
    with pytest.raises(IllegalActionError):
        h.bet(1)
    h.set_ante(2)
    assert kinds(h) == [("match", 2, 2), ("fold", None, None)]
    h.match()
    h.fold()  # seat 2 declines
    assert h.dealt_in == (1, 0) and h.cards[2] == ()
    # Players double: the dealer's largest bet is half the largest stack.
    assert kinds(h) == [("bet", 1, 9)]
    h.bet(3)
    assert kinds(h) == [("match", 6, 6), ("fold", None, None)]
    h.match()
    h.reveal("S1")
    h.reveal("P1")
    h.stop()
    assert h.result.payouts == (0, 13, 0)
    assert t.stacks == (15, 25, 20)
    assert t.dealer == 1  # the winner deals next


def test_dealers_all_in_double_side_pot():
    hands = {1: "M1 S1", 2: "P1 P2", 0: "Q1 K1"}
    t = Table(3, [30, 7, 30], Rules.dealers(), seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.set_ante(1)
    h.match()
    h.match()
    h.bet(5)  # seat 1 needs 10 but has 6: all-in for 3 units, an odd chip on top
    assert kinds(h) == [("match", 6, 6), ("fold", None, None)]
    h.match()
    h.match()  # seat 2 pays 10
    pots = h.pots()
    # Level 4 (1 ante + 3 units): dealer 4, seat 1 1+6=7, seat 2 1+6=7 -> 18.
    assert [(p.amount, p.eligible) for p in pots] == [(18, (0, 1, 2)), (6, (0, 2))]
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.stop()
    assert h.result.payouts == (6, 18, 0)
    assert t.stacks == (30, 18, 19)


def test_dealers_carry_keeps_the_deal_and_split_goes_to_first_winner():
    o1 = deal(2, 0, {0: "K1 P1", 1: "K2 P2"})
    t = Table(2, 20, Rules.dealers(), seed=0, dealer=0, order=o1)
    h = t.next_deal()
    h.set_ante(1)
    h.match()
    play_to_showdown(h, 1)
    assert t.carry == 2 + 3 and t.dealer == 0  # carry-over: the dealer keeps the deal
    # A split among three: first winner clockwise from the dealer's left deals.
    hands = {0: "Q1 K1", 1: "P1 P2", 2: "Q2 K2"}
    t = Table(3, 20, Rules.dealers(), seed=0, dealer=0, order=deal(3, 0, hands))
    h = t.next_deal()
    h.set_ante(1)
    h.match()
    h.match()
    play_to_showdown(h, 1)
    assert h.result.winners == (2, 0) and t.dealer == 2


def test_dealers_nobody_matches_the_ante():
    t = Table(3, 20, Rules.dealers(), seed=0, dealer=1)
    h = t.next_deal()
    h.set_ante(4)
    h.fold()
    h.fold()
    assert h.done and t.stacks == (20, 20, 20) and t.dealer == 1
    assert h.history[-1] == Record("return", 1, 4, note="nobody matched the ante")


def test_dealers_next_dealer_options():
    rules = Rules.dealers(next_dealer="left")
    t = Table(2, 20, rules, seed=0, dealer=0, order=deal(2, 0, {1: "M1 S1", 0: "P1 P2"}))
    h = t.next_deal()
    h.set_ante(1)
    h.match()
    play_to_showdown(h)
    assert t.dealer == 1
    rules = Rules.dealers(carry_dealer="left")
    t = Table(2, 20, rules, seed=0, dealer=0, order=deal(2, 0, {0: "K1 P1", 1: "K2 P2"}))
    h = t.next_deal()
    h.set_ante(1)
    h.match()
    play_to_showdown(h)
    assert t.carry and t.dealer == 1
    assert Rules(multiplier=3).rate == 3 and Rules.dealers().rate == 2


# -- Match Diamondback ----------------------------------------------------------------------


def test_match_ends_by_majority_and_two_players_need_both():
    t = Table(3, 10, Rules.match(), seed=0, dealer=0)
    assert not t.vote_end(0)
    assert not t.vote_end(0, agree=False)
    assert not t.vote_end(1)
    assert t.vote_end(0) is True
    assert t.over and t.end_reason == "a majority agreed to end the match"
    t = Table(2, 10, Rules.match(), seed=0, dealer=0)
    assert not t.vote_end(1)
    assert t.vote_end(0)


def test_match_votes_clear_when_a_hand_is_dealt():
    t = Table(3, 10, Rules.match(), seed=0, dealer=0)
    t.vote_end(0)
    h = t.next_deal()
    with pytest.raises(IllegalActionError):
        t.vote_end(1)
    h.bet(1)
    h.fold()
    h.fold()
    assert not t.vote_end(1)  # the earlier vote was cleared


def test_match_leaving_early_forfeits_winnings_into_the_pot():
    o = deal(3, 0, {1: "M1 S1", 2: "P1 P2", 0: "P3 P4"})
    t = Table(3, 20, Rules.match(), seed=0, dealer=0, order=o)
    play_to_showdown(t.next_deal(), 5)
    assert t.stacks == (15, 30, 15)
    assert t.leave(1) == 20
    assert t.carry == 10 and t.total == 40
    assert Record("forfeit", 1, 10, note="winnings into the pot") in t.events
    assert Record("leave", 1, 20) in t.events
    # A loser leaving takes what he has.
    assert t.leave(2) == 15
    # One player left: the session is over and the carry-over is his.
    assert t.over and t.stacks == (25, 0, 0) and t.carry == 0


def test_match_ends_when_one_player_holds_all_the_coins():
    o = deal(2, 0, {1: "M1 S1", 0: "P3 P4"})
    t = Table(2, 10, Rules.match(), seed=0, dealer=0, order=o)
    play_to_showdown(t.next_deal(), 10)
    assert t.over and t.end_reason == "one player holds all the coins"
    assert t.stacks == (0, 20)


def test_only_a_match_ends_by_vote_and_a_match_cannot_be_closed():
    t = Table(2, 10, seed=0, dealer=0)
    with pytest.raises(IllegalActionError):
        t.vote_end(0)
    t.close()
    assert t.over
    with pytest.raises(IllegalActionError):
        Table(2, 10, Rules.match(), seed=0, dealer=0).close()


def test_normal_leave_takes_all_chips():
    o = deal(3, 0, {1: "M1 S1", 2: "P1 P2", 0: "P3 P4"})
    t = Table(3, 20, seed=0, dealer=0, order=o)
    play_to_showdown(t.next_deal(), 5)
    assert t.leave(1) == 30 and t.carry == 0 and not t.over


# -- rules and setup --------------------------------------------------------------------------


def test_rules_validation_and_json():
    for bad in (
        {"variant": "poker"},
        {"min_bet": 0},
        {"min_bet": 1.5},
        {"max_bet": 0},
        {"tie_rule": "x"},
        {"all_in": 1},
        {"min_bet": 5, "max_bet": 2},
        {"ante_min": 3, "ante_max": 2},
    ):
        with pytest.raises(RulesError):
            Rules(**bad)
    r = Rules.dealers(ante_max=5)
    assert Rules.from_json(r.to_json()) == r
    with pytest.raises(RulesError):
        Rules.from_json({"colour": "red"})
    assert r.replace(ante_max=6).ante_max == 6
    assert Rules().winner_deals is False and r.winner_deals is True


def test_table_setup_validation():
    with pytest.raises(RulesError):
        Table(5)
    with pytest.raises(RulesError):
        Table(1)
    with pytest.raises(RulesError):
        Table(2, 0)
    with pytest.raises(RulesError):
        Table(["a", "a"])
    with pytest.raises(TypeError):
        Table(2, 10, rules={"variant": "normal"})
    with pytest.raises(ValueError):
        Table(2, 10, order=[0, 0])
    t = Table(["Anna", "Ben"], [10, 20], seed=1)
    assert t.names == ("Anna", "Ben") and t.buy_in == (10, 20)
    assert "Anna=10" in repr(t)


def test_replay_reproduces_a_scripted_session():
    o = deal(3, 0, {1: "M1 S1", 2: "P1 P2", 0: "P3 P4"})
    t = Table(3, 20, Rules.match(), seed=7, dealer=0, order=o, keep_history=True)
    play_to_showdown(t.next_deal(), 5)
    t.leave(2)
    t.next_deal().bet(1)
    again = replay(session_ops(t), players=3, stacks=20, rules=Rules.match(), seed=7, dealer=0,
                   orders=[o], keep_history=True)
    assert again.to_json() == t.to_json()
    assert saving.SAVE_VERSION == 2


def test_actions_through_act_and_table():
    t = Table(2, 10, seed=3, dealer=0)
    with pytest.raises(IllegalActionError):
        t.apply(("bet", 1))
    t.next_deal()
    rec = t.apply(Bet(2, seat=0))[0]
    assert rec == Record("bet", 0, 2) and t.last.history[-1] is rec
    assert t.legal_actions()[0].kind == "match"
    assert refusal(t.last, ("match",)) is None
    assert "match or fold" in refusal(t.last, ("stop",))
    t.apply(("match",))
    c = t.last.cards[1][1]
    t.apply(("reveal", c))
    assert t.current.moves[-1] == Reveal(c, seat=1)  # the moves kept, each naming its seat
    assert replay(t.current.moves, stacks=10, seed=3, dealer=0).to_json() == t.to_json()


def test_prearranged_order_per_hand_text_and_log():
    t = Table(2, 10, seed=3, dealer=0, keep_history=True)
    h = t.next_deal(order="M1 P1 S1 P2")
    assert h.cards == [tuple(parse_ids("P1 P2")), tuple(parse_ids("M1 S1"))]
    h.bet(1)
    h.fold()
    t.close()
    assert t.over and [e[0] for e in session_ops(t)] == ["deal", "move", "move", "close"]
    again = replay(session_ops(t), stacks=10, seed=3, dealer=0, keep_history=True)
    assert again.to_json() == t.to_json()
    assert Table.from_json(t.to_json()).to_json() == t.to_json()


def test_hand_clone_is_independent():
    t = Table(3, 10, seed=8, dealer=2)
    h = t.next_deal()
    h.bet(2)
    c = h.clone()
    assert c is not h and c.ledger is not h.ledger and c.history == h.history
    c.fold()
    assert h.to_act == 0 and c.to_act == 1
    assert t.ledger.live == [True, True, True]


def test_all_in_dealer_goes_to_showdown_after_the_reveal():
    o = deal(3, 0, {0: "M1 S1", 1: "P1 P2", 2: "K1 K2"})
    t = Table(3, [5, 20, 20], seed=0, dealer=0, order=o)
    h = t.next_deal()
    assert kinds(h) == [("bet", 1, 5)]
    assert h.bet(5).note == "all-in"
    h.match()
    h.match()
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    assert h.done and h.result.showdown  # nobody can bet any more
    assert t.stacks == (15, 15, 15)


def test_all_in_player_is_skipped_in_later_betting_but_stays_in():
    o = deal(3, 0, {0: "P1 P2", 1: "M1 S1", 2: "K1 K2"})
    t = Table(3, [30, 4, 30], seed=0, dealer=0, order=o)
    h = t.next_deal()
    h.bet(4)
    h.match()  # seat 1: all-in
    h.match()
    assert h.queue == [1, 2, 0]  # the all-in player reveals too
    for _ in range(3):
        h.reveal(h.cards[h.to_act][0])
    h.bet(6)
    assert h.to_act == 2  # seat 1 is not asked
    h.match()
    h.stop()
    assert [(p.amount, p.eligible) for p in h.result.pots] == [(12, (0, 1, 2)), (12, (0, 2))]
    assert h.result.payouts == (0, 12, 12)
    assert t.stacks == (20, 12, 32)
