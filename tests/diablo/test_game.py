"""Scripted Diablo games: every rule, decision and variant of docs/rules.md, step by step."""

from __future__ import annotations

import json

import pytest

from pedron.cards import parse_cards
from pedron.diablo import VARIANTS, Category, DrawLimit, Rules, Table, evaluate, replay
from pedron.diablo.game import Choices, DrawRule
from pedron.engine import LegalAction, Record
from pedron.errors import GameOverError, IllegalActionError, RulesError
from tests.refusals import refusal


def stacked(n: int, dealer: int, hands: list[str], draws: str = "") -> list[int]:
    """A deck order dealing ``hands[s]`` to seat ``s`` (one card at a time from
    the dealer's left), then the cards for the draw, top first."""
    seats = [(dealer + k) % n for k in range(1, n + 1)]
    held = [parse_cards(h) for h in hands]
    order = [held[seats[i % n]][i // n] for i in range(5 * n)] + list(parse_cards(draws))
    assert len(set(order)) == len(order), "a card is used twice"
    return order


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


ANNA, BEN, CARLA, DAN = range(4)
EXAMPLE = ["Ah Kh 9h 6h 3c", "9c 9d Kc 5s 7d", "Qs Qd 8c 4d 3s", "7c 6d 5d 4s Jh"]
EXAMPLE_DRAWS = "4h 2c 2d Jd Td"
NEXT = ["3h 5h 6h 7s 8d", "As Ks Qs Js 9d", "Kc Kd 7h 5c 3d", "4c 4d 6c 7c 8c"]
NEXT_DRAWS = "Ts 8s 6s"


def example_table() -> Table:
    return Table(
        ["Anna", "Ben", "Carla", "Dan"], 100, seed=1, dealer=DAN,
        orders=[stacked(4, DAN, EXAMPLE, EXAMPLE_DRAWS), stacked(4, ANNA, NEXT, NEXT_DRAWS)],
    )


# -- the worked example of docs/rules.md -------------------------------------------------
def test_worked_example_exact_chips_at_every_step():
    t = example_table()
    g = t.next_deal()
    # Everyone antes 1: pot 4. Dan deals; Anna, at his left, acts first.
    assert g.variant == "diablo" and g.dealer == DAN and g.order == (ANNA, BEN, CARLA, DAN)
    assert t.stacks == (99, 99, 99, 99) and g.pot == 4
    assert [r.kind for r in g.history[:4]] == ["ante"] * 4
    assert g.cards[BEN] == cards(EXAMPLE[BEN]) and g.cards[ANNA] == cards(EXAMPLE[ANNA])
    assert g.to_act == ANNA and g.phase == "first_round"
    assert g.legal_actions() == [LegalAction("check"), LegalAction("bet", 1, 5),
                                 LegalAction("fold")]
    # Anna opens with 2: she is the opener.
    assert g.bet(2) == Record("bet", ANNA, 2, note="to 2")
    assert g.opener == ANNA and t.stacks == (97, 99, 99, 99) and g.pot == 6
    g.call()
    g.call()
    g.fold()
    assert t.stacks == (97, 97, 97, 99) and g.pot == 10
    # The draw, from the dealer's left: Anna 1, Ben 2, Carla 2.
    assert g.phase == "draw" and g.to_act == ANNA
    assert g.legal_actions() == [LegalAction("draw", 0, 2, cards(EXAMPLE[ANNA]))]
    g.draw("3c")
    g.draw("5s 7d")
    g.draw(cards("8c 4d"))
    assert g.cards[ANNA] == cards("Ah Kh 9h 6h 4h")
    assert g.cards[BEN] == cards("9c 9d Kc 2c 2d")
    # After the draw the opener starts; limits 2-10.
    assert g.phase == "second_round" and g.to_act == ANNA
    assert g.legal_actions()[1] == LegalAction("bet", 2, 10)
    g.bet(4)
    assert t.stacks == (93, 97, 97, 99) and g.pot == 14
    assert g.raise_to(8) == Record("raise", BEN, 8, note="to 8")
    assert t.stacks == (93, 89, 97, 99) and g.pot == 22
    g.fold()  # Carla
    assert g.legal_actions()[0] == LegalAction("call", 4, 4)
    g.call()  # Anna
    # Pot 4 + 6 + 8 + 8 = 26; Ben's four nines beat Anna's flush.
    r = g.result
    assert g.done and r.showdown and r.pots[0].amount == 26
    assert r.hands[BEN] == "four of a kind, nines, king kicker"
    assert r.hands[ANNA].startswith("flush")
    assert r.payouts == (0, 26, 0, 0) and r.winners == (BEN,)
    # Ben takes 26 and Anna pays 26 into a new pot.
    assert r.opener == ANNA and r.opener_won is False and r.diablo_paid == 26
    assert r.net == (-37, 15, -3, -1) and r.carry == 26
    assert t.stacks == (63, 115, 97, 99) and t.carry == 26 and t.total == 400
    assert t.series and t.dealer == ANNA
    assert Record("diablo", ANNA, 26, note="the opener pays a new pot of 26") in g.history
    # The next game is played for it, without ante.
    g2 = t.next_deal()
    assert g2.diablo_pot and g2.pot == 26 and t.stacks == (63, 115, 97, 99)
    assert not any(x.kind == "ante" for x in g2.history)
    assert g2.to_act == BEN
    g2.check()
    g2.bet(3)  # Carla opens: she is bound by the rule
    assert g2.opener == CARLA and t.stacks == (63, 115, 94, 99)
    g2.fold()  # Dan
    g2.fold()  # Anna
    g2.call()  # Ben
    assert g2.pot == 32
    g2.draw("9d")  # Ben: a royal flush
    g2.draw("5c 3d")  # Carla: kings
    assert g2.to_act == CARLA  # the opener starts the second round
    g2.check()
    g2.bet(10)
    g2.call()
    r2 = g2.result
    assert r2.payouts == (0, 52, 0, 0) and r2.opener == CARLA and not r2.opener_won
    # Carla did not win: she pays the next pot, as large as the one Ben won.
    assert r2.diablo_paid == 52 and t.carry == 52 and t.series
    assert t.stacks == (63, 154, 32, 99) and t.total == 400


# -- the game step by step -----------------------------------------------------------
def test_deal_one_card_at_a_time_from_the_dealers_left():
    order = list(range(15))  # cards 0..14 on top
    t = Table(3, 10, seed=0, dealer=1, order=order)
    g = t.next_deal()
    assert g.order == (2, 0, 1)
    assert g.cards[2] == (0, 3, 6, 9, 12) and g.cards[0] == (1, 4, 7, 10, 13)
    assert g.cards[1] == (2, 5, 8, 11, 14)
    deals = [(r.seat, r.cards[0]) for r in g.history if r.kind == "deal"]
    assert deals[:4] == [(2, 0), (0, 1), (1, 2), (2, 3)]
    assert all(r.private for r in g.history if r.kind == "deal")


def test_everyone_checks_the_pot_stays_and_everyone_antes_again():
    t = Table(3, 10, seed=4, dealer=0)
    g = t.next_deal()
    assert g.pot == 3
    for _ in range(3):
        g.check()
    r = g.result
    assert g.done and r.passed and not r.showdown and r.carry == 3
    assert g.history[-1] == Record("passed", None, 3, note="everyone checked: the pot stays")
    assert t.carry == 3 and t.stacks == (9, 9, 9) and not t.series
    assert t.dealer == 1  # the deal passes
    g2 = t.next_deal()
    assert g2.pot == 6 and t.stacks == (8, 8, 8)  # everyone antes again


def test_passed_diablo_pot_is_not_anted_again():
    t = example_table()
    g = t.next_deal()
    g.bet(2), g.call(), g.call(), g.fold()
    g.draw("3c"), g.draw("5s 7d"), g.draw("8c 4d")
    g.bet(4), g.raise_to(8), g.fold(), g.call()
    assert t.series and t.carry == 26
    g2 = t.next_deal()
    for _ in range(4):
        g2.check()
    assert g2.result.passed and t.series and t.carry == 26
    assert t.stacks == (63, 115, 97, 99)
    g3 = t.next_deal()
    assert g3.diablo_pot and g3.pot == 26 and t.stacks == (63, 115, 97, 99)


def test_last_player_wins_without_showing_opener_wins_no_diablo():
    t = Table(4, 20, seed=2, dealer=0)
    g = t.next_deal()
    g.bet(5)  # seat 1 opens
    g.fold(), g.fold(), g.fold()
    r = g.result
    assert g.done and not r.showdown and r.payouts[1] == 9 and r.opener_won
    assert r.diablo_paid == 0 and not t.series and t.carry == 0
    assert g.history[-1] == Record("win", 1, 9, note="pot 0, uncontested")
    assert r.hands == (None,) * 4 and g.shown == [()] * 4


def test_opener_folds_and_pays_all_he_has_then_drops_out():
    t2 = Table(3, [10, 30, 30], seed=5, dealer=2,
               order=stacked(3, 2, ["3c 5d 7h 9s Jc", "Ac Ad Ah 4s 6s", "8c 8d Th Qs Kd"]))
    g = t2.next_deal()
    g.bet(2)  # seat 0 opens
    g.call()
    g.call()
    g.draw(), g.draw(), g.draw()
    g.bet(2)  # the opener
    g.raise_by(3)
    g.call()
    g.fold()  # the opener folds
    r = g.result
    assert r.winners == (1,) and r.opener == 0 and not r.opener_won
    # The pot just won is 3 + 6 + 2 + 5 + 5 = 21; seat 0 has 10 - 1 - 2 - 2 = 5: all he has.
    assert r.pots[0].amount == 21 and r.diablo_paid == 5
    assert t2.carry == 5 and not t2.seated[0] and t2.series
    assert Record("out", 0, 0, (), False, "no chips left") in t2.events
    g2 = t2.next_deal()
    assert g2.order == (1, 2) or g2.order == (2, 1)
    assert 0 not in g2.order


def test_cap_limits_the_new_pot():
    t = Table(["Anna", "Ben", "Carla", "Dan"], 100, Rules(cap=10), seed=1, dealer=DAN,
              order=stacked(4, DAN, EXAMPLE, EXAMPLE_DRAWS))
    g = t.next_deal()
    g.bet(2), g.call(), g.call(), g.fold()
    g.draw("3c"), g.draw("5s 7d"), g.draw("8c 4d")
    g.bet(4), g.raise_to(8), g.fold(), g.call()
    assert g.result.diablo_paid == 10 and t.carry == 10 and t.stacks[ANNA] == 79


def test_opener_sharing_a_tie_counts_as_winning_odd_chip_first_left():
    # Seats 0 and 2 hold the same straight; seat 1 folds. Dealer 2: seat 0 is first left.
    hands = ["5c 6d 7h 8s 9c", "Kc Kd 3h 4s Jc", "5d 6h 7s 8c 9d"]
    t = Table(3, 20, seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.check()  # seat 0
    g.bet(2)  # seat 1 opens
    g.call()  # seat 2
    g.call()  # seat 0
    g.draw(), g.draw(), g.draw()
    assert g.to_act == 1  # the opener starts the second round
    g.fold()  # ... and folds: the opener cannot win now
    g.bet(2), g.call()
    r = g.result
    # Pot 3 + 6 + 4 = 13: split 7/6, the odd chip to seat 0 (first left of the dealer).
    assert r.payouts == (7, 0, 6) and r.winners == (0, 2)
    assert r.opener == 1 and not r.opener_won and r.diablo_paid == 13
    # Now the opener shares a tie.
    t = Table(3, 20, seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1)  # seat 0 opens
    g.fold(), g.call()
    g.draw(), g.draw()
    g.check(), g.check()
    r = g.result
    assert r.winners == (0, 2) and r.opener_won and r.diablo_paid == 0 and not t.series
    assert r.payouts == (3, 0, 2)


def test_odd_chip_carry_option():
    hands = ["5c 6d 7h 8s 9c", "Kc Kd 3h 4s Jc", "5d 6h 7s 8c 9d"]
    t = Table(3, 20, Rules(variant="deuces_wild", odd_chip="carry"), seed=1, dealer=2,
              order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1), g.fold(), g.call()
    g.draw(), g.draw()
    g.check(), g.check()
    r = g.result
    assert r.payouts == (2, 0, 2) and r.carry == 1 and t.carry == 1
    assert Record("carry", None, 1, note="pot 0: odd chips") in g.history


def test_deuces_wild_has_no_diablo_rule_and_draw_has_no_wild_cards():
    hands = ["2c 2d 5h 5s Jc", "Kc Kd Kh 4s 6c", "3c 7d 9h Ts Qd"]
    for game, winner in (("deuces_wild", 0), ("draw", 1)):
        t = Table(3, 20, Rules(variant=game), seed=1, dealer=2, order=stacked(3, 2, hands))
        g = t.next_deal()
        assert g.wild == (game != "draw")
        g.check()
        g.bet(1)  # seat 1 opens
        g.fold(), g.call()
        g.draw(), g.draw()
        g.check(), g.check()
        r = g.result
        assert r.winners == (winner,)
        assert r.diablo_paid == 0 and not t.series and t.carry == 0
    assert evaluate(cards("2c 2d 5h 5s Jc"), wild=False).category == Category.TWO_PAIR


def test_second_round_starts_with_the_next_player_left_of_a_folded_opener():
    t = Table(5, 50, seed=3, dealer=0)
    g = t.next_deal()
    g.bet(1)  # seat 1 opens
    g.call(), g.call(), g.call(), g.call()
    for _ in range(5):
        g.draw()
    assert g.to_act == 1
    t2 = Table(5, 50, seed=3, dealer=0)
    g = t2.next_deal()
    g.bet(1)  # seat 1 opens
    g.call()  # seat 2
    g.raise_by(1)  # seat 3
    g.fold(), g.call()  # seats 4, 0
    g.fold()  # seat 1, the opener, folds
    g.fold()  # seat 2
    assert g.opener == 1
    assert g.phase == "draw" and g.to_act == 3
    g.draw(), g.draw()
    # The next player still in to the opener's left starts: seat 3 (seat 2 folded).
    assert g.phase == "second_round" and g.to_act == 3


def test_showdown_between_all_in_players_when_no_betting_is_possible():
    # Stacks of 1: the antes put everyone all-in; no round can be bet.
    t = Table(3, 1, seed=9, dealer=0)
    g = t.next_deal()
    assert g.phase == "draw" and g.opener is None
    g.draw(), g.draw(), g.draw()
    r = g.result
    assert r.showdown and not r.passed and r.opener is None and sum(r.payouts) == 3
    assert r.winners == (1,) and r.diablo_paid == 0
    assert t.over and t.end_reason == "fewer than two players have chips"
    assert t.seated == [False, True, False] and t.stacks == (0, 3, 0)


def test_side_pots_for_a_short_stack():
    hands = ["Ac Ad Ah 4s 6c", "Kc Kd 3h 8s Jc", "5d 6h 9s Tc Qd"]
    t = Table(3, [3, 50, 50], seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(2)  # seat 0 all-in (3 - 1 ante)
    g.raise_by(5)  # seat 1: to 7
    g.call()  # seat 2
    g.draw(), g.draw(), g.draw()
    g.bet(10), g.call()
    r = g.result
    # Main pot 3 * 3 = 9 for seat 0's trips; the side pot 2 * 15 = 30 for kings.
    assert [(p.amount, p.eligible) for p in r.pots] == [(9, (0, 1, 2)), (30, (1, 2))]
    # The opener (seat 0) won the main pot: that is winning, though the side pot went on.
    assert r.payouts == (9, 30, 0) and r.opener == 0 and r.opener_won
    assert r.diablo_paid == 0 and not t.series


def test_no_all_in_option_short_player_must_fold():
    t = Table(3, [4, 50, 50], Rules(all_in=False), seed=1, dealer=2)
    g = t.next_deal()
    # Seat 0 has 3 chips after the ante: he may bet 1..3 but not all-in beyond.
    assert g.legal_actions()[1] == LegalAction("bet", 1, 3)
    g.check()
    g.bet(5)
    g.fold()
    assert g.to_act == 0 and g.legal_actions() == [LegalAction("fold")]
    with pytest.raises(IllegalActionError, match="all-in actions are off"):
        g.call()
    assert "all-in actions are off" in refusal(g, ("call",))
    g.fold()
    # With table stakes (the default) he could call all-in for 3.
    t = Table(3, [4, 50, 50], seed=1, dealer=2)
    g = t.next_deal()
    g.check(), g.bet(5), g.fold()
    assert g.legal_actions()[0] == LegalAction("call", 3, 3)


def test_stock_runs_out_earlier_discards_reshuffled():
    t = Table(7, 50, Rules(more_draw=True), seed=5, dealer=0)
    g = t.next_deal()
    g.bet(1)
    for _ in range(6):
        g.call()
    discarded = []
    for i in range(7):
        held = g.legal_actions()[0].cards
        if i == 5:
            assert len(g.deck) == 2 and sorted(g.pile) == sorted(discarded)
        g.draw(held[:3])
        if i < 5:
            discarded += held[:3]
        if i == 5:
            # Earlier discards only: none of seat 6's (the current player's) own.
            assert not set(held[:3]) & set(g.cards[g.order[5]])
    assert Record("reshuffle", None, 15, note="discards into a new stock") in g.history
    assert g.phase == "second_round"


def test_stock_runs_out_reshuffle_all_includes_own_discards():
    t = Table(7, 50, Rules(more_draw=True, reshuffle="all"), seed=5, dealer=0)
    g = t.next_deal()
    g.bet(1)
    for _ in range(6):
        g.call()
    for _ in range(7):
        held = g.legal_actions()[0].cards
        g.draw(held[:3])
    assert Record("reshuffle", None, 18, note="discards into a new stock") in g.history


def test_more_draw_three_or_four_keeping_an_ace():
    hands = ["Ac 3d 5h 7s 9c", "Kc Kd 3h 8s Jc", "4d 6h 9s Tc Qd"]
    t = Table(3, 20, Rules(more_draw=True), seed=1, dealer=2,
              order=stacked(3, 2, hands, "2c 2d 2h 2s Jd Qs Qh"))
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    # Four cards only keeping an ace: the count says 0..4, the rule says which four.
    assert g.legal_actions() == [LegalAction("draw", 0, 4, cards(hands[0]), DrawRule(4, True))]
    g.draw("3d 5h 7s 9c")  # keeps the ace
    assert g.cards[0] == cards("Ac 2c 2d 2h 2s")
    assert g.legal_actions()[0].max == 3
    with pytest.raises(IllegalActionError, match="ace"):
        g.draw("Kc Kd 3h 8s")
    g.draw("3h 8s Jc")
    assert g.drawn[:2] == [4, 3]


def test_more_draw_a_kept_deuce_is_not_an_ace():
    hands = ["2c 3d 5h 7s 9c", "Kc Kd 3h 8s Jc", "4d 6h 9s Tc Qd"]
    t = Table(3, 20, Rules(more_draw=True), seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    assert g.legal_actions()[0].max == 3
    with pytest.raises(IllegalActionError, match="ace"):
        g.draw("3d 5h 7s 9c")


def test_a_player_without_chips_after_a_passed_game_stays_in():
    t = Table(3, [1, 10, 10], seed=1, dealer=0)
    g = t.next_deal()
    assert t.stacks == (0, 9, 9)  # seat 0 antes his last chip
    assert g.round.pending == [1, 2]  # all-in: he does not act
    g.check(), g.check()
    assert g.result.passed and t.seated == [True, True, True] and t.carry == 3
    g = t.next_deal()
    assert g.order == (2, 0, 1) and g.pot == 5  # dealt in, all-in for the pot he built
    assert Record("ante", 0, 0, note="all-in") in g.history


# -- variants -------------------------------------------------------------------------
def test_jacks_or_better_to_open():
    hands = ["Tc Td 5h 7s 9c", "Jc 2d 4h 8s Kc", "Qc Qd 3h 6s Ad"]
    rules = Rules(jacks_or_better=True)
    t = Table(3, 20, rules, seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    assert [a.kind for a in g.legal_actions()] == ["check", "fold"]  # tens
    with pytest.raises(IllegalActionError, match="jacks or better"):
        g.bet(1)
    g.check()
    assert [a.kind for a in g.legal_actions()] == ["check", "bet", "fold"]  # J + wild
    g.bet(1)
    assert g.opener == 1
    g.call()
    assert g.to_act == 0
    g.raise_by(1)  # once opened, anybody may raise
    # In plain draw a deuce is not wild: J-2 cannot open.
    t = Table(3, 20, Rules(jacks_or_better=True, variant="draw"), seed=1, dealer=2,
              order=stacked(3, 2, hands))
    g = t.next_deal()
    g.check()
    assert [a.kind for a in g.legal_actions()] == ["check", "fold"]


def test_jacks_or_better_nobody_can_open_is_a_passed_game():
    hands = ["Tc Td 5h 7s 9c", "3c 4d 6h 8s Kc", "5c 7d 9h 6s Ad"]
    t = Table(3, 20, Rules(jacks_or_better=True), seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    for _ in range(3):
        assert "bet" not in [a.kind for a in g.legal_actions()]
        g.check()
    assert g.result.passed and t.carry == 3


def declare_table(declared_high: bool = False) -> Table:
    hands = ["9c 9d 2h 2s Kc", "Qc Qd Qh 5s 4c", "3c 3d 7h 8s Jd"]
    t = Table(3, 20, Rules(declare=True), seed=1, dealer=2, order=stacked(3, 2, hands))
    g = t.next_deal()
    g.bet(1), g.call(), g.call()
    g.draw(), g.draw(), g.draw()
    g.check(), g.check(), g.check()
    (legal,) = g.legal_actions()
    assert g.phase == "declare" and legal.kind == "declare"
    held = g.hand_value(g.to_act)  # the truthful declaration is offered to bots
    assert legal.limit.choices() == ((int(held.category), held.ranks),)
    return t


def test_declare_named_lower_plays_as_named_named_higher_is_dead():
    t = declare_table()
    g = t.last
    # Seat 0 holds four nines but names three nines: it plays as three nines.
    rec = g.declare("three of a kind", "999KQ")
    assert rec == Record("declare", 0, 4, (), False, "three of a kind, nines, king-queen kickers")
    g.declare(Category.THREE_OF_A_KIND, (10, 10, 10, 3, 2))  # seat 1: true
    g.declare("one pair", "33J87")
    r = g.result
    assert r.winners == (1,) and r.dead == ()
    assert r.hands[0] == "three of a kind, nines, king-queen kickers"


def test_declare_wrong_forms_are_rejected():
    t = declare_table()
    g = t.last
    before = t.to_json()
    for category, ranks in [
        ("two pair", "33JJ"),  # four ranks
        ("five of a kind", "99998"),  # not a five of a kind
        ("flush of a kind", "AKQJ9"),  # no such category
        (11, "AKQJ9"),
        ("one pair", None),  # ranks missing
        ("one pair", "XXYY3"),
        ("one pair", (1, 2, 3, 4, 13)),
    ]:
        with pytest.raises(IllegalActionError):
            g.declare(category, ranks)
    for category, ranks in [(1.5, "AKQJ9"), ("one pair", 5), ("one pair", [1, 2, "3", 4, 5])]:
        with pytest.raises(TypeError):
            g.declare(category, ranks)
    assert t.to_json() == before


def test_declare_higher_is_dead_all_dead_pot_stays():
    t = declare_table()
    g = t.last
    g.declare("five of a kind", "99999")  # seat 0: dead
    g.declare("four of a kind", "QQQQ5")  # seat 1: dead
    g.declare("one pair", "33J87")  # seat 2: true
    r = g.result
    assert r.dead == (0, 1) and r.winners == (2,)
    t = declare_table()
    g = t.last
    g.declare("five of a kind", "99999")
    g.declare("four of a kind", "QQQQ5")
    g.declare("straight", "76543")
    r = g.result
    assert r.dead == (0, 1, 2) and r.winners == () and r.carry == 6 and t.carry == 6
    assert Record("carry", None, 6, note="pot 0: every hand dead") in g.history
    assert not t.series  # nobody won: no Diablo payment


def test_dealers_choice_diablo_runs_until_an_opener_wins():
    rules = Rules(dealers_choice=True)
    t = Table(4, 50, rules, seed=3, dealer=1)
    g = t.next_deal()
    assert g.phase == "choose" and g.to_act == 1 and g.variant is None
    assert g.legal_actions() == [LegalAction("choose", None, None, (0, 1, 2), Choices(VARIANTS))]
    with pytest.raises(IllegalActionError):
        g.choose("poker")
    g.choose("diablo")
    assert g.variant == "diablo" and t.diablo_caller == 1 and g.pot == 4
    # Everyone checks: Diablo goes on (no opener has won yet).
    for _ in range(4):
        g.check()
    g = t.next_deal()
    assert g.phase == "first_round" and g.variant == "diablo" and g.dealer == 2
    assert g.history[0] == Record("variant", 2, 0, (), False, "diablo")
    g.bet(1)  # seat 3 opens and everybody folds: an opener wins
    g.fold(), g.fold(), g.fold()
    assert g.result.opener_won and t.diablo_caller is None
    # The left neighbour of the player who called Diablo (seat 1) picks: seat 2.
    assert t.dealer == 2
    g = t.next_deal()
    assert g.phase == "choose" and g.to_act == 2
    g.apply(("choose", VARIANTS.index("deuces_wild")))
    assert g.variant == "deuces_wild" and t.diablo_caller is None
    assert "dealer's choice" in repr(t)


def test_dealers_choice_after_diablo_left_option_and_choices():
    rules = Rules(dealers_choice=True, after_diablo="left", choices=("draw", "diablo"))
    t = Table(4, 50, rules, seed=3, dealer=1)
    g = t.next_deal()
    assert g.legal_actions()[0].cards == (2, 0)
    with pytest.raises(IllegalActionError):
        g.choose("deuces_wild")
    g.choose("diablo")
    g.bet(1), g.fold(), g.fold(), g.fold()
    assert t.dealer == 2 and t.diablo_caller is None
    t.next_deal().choose("draw")
    assert t.last.variant == "draw"


def test_dealers_choice_a_series_forces_diablo():
    hands = ["Ac Ad Ah 4s 6c", "Kc Kd 3h 8s Jc", "5d 6h 9s Tc Qd", "3c 4d 7h 9c Js"]
    t = Table(4, 50, Rules(dealers_choice=True), seed=1, dealer=3,
              order=stacked(4, 3, hands))
    g = t.next_deal()
    g.choose(0)
    g.check()
    g.bet(1)  # seat 1 opens with kings
    g.fold(), g.fold(), g.call()
    for _ in range(2):
        g.draw()
    g.check(), g.check()
    assert g.result.winners == (0,) and t.series
    g = t.next_deal()
    assert g.variant == "diablo" and g.diablo_pot and g.phase == "first_round"


# -- limits ----------------------------------------------------------------------------
def test_limits_and_raise_cap():
    rules = Rules(min_bet_before=2, max_bet_before=4, min_bet_after=3, max_bet_after=6,
                  max_raises=2, ante=2)
    t = Table(3, 100, rules, seed=1, dealer=0)
    g = t.next_deal()
    assert g.pot == 6 and g.legal_actions()[1] == LegalAction("bet", 2, 4)
    g.bet(4)
    # A raise is stated as the total it raises to: 4 + 2 .. 4 + 4.
    assert g.legal_actions() == [LegalAction("call", 4, 4), LegalAction("raise", 6, 8),
                                 LegalAction("fold")]
    g.raise_by(2), g.raise_to(10)
    assert [a.kind for a in g.legal_actions()] == ["call", "fold"]
    with pytest.raises(IllegalActionError, match="no more than 2 raises"):
        g.raise_by(2)
    g.call(), g.call()
    for _ in range(3):
        g.draw()
    assert g.legal_actions()[1] == LegalAction("bet", 3, 6)


def test_close_waits_for_the_series():
    t = example_table()
    g = t.next_deal()
    assert t.close() is False and t.closing  # asked during a game
    g.bet(2), g.call(), g.call(), g.fold()
    g.draw("3c"), g.draw("5s 7d"), g.draw("8c 4d")
    g.bet(4), g.raise_to(8), g.fold(), g.call()
    assert not t.over and t.series  # the series is played to its end
    g = t.next_deal()
    g.check()
    g.bet(3)  # Carla opens; everyone folds: the opener wins
    g.fold(), g.fold(), g.fold()
    assert t.over and t.end_reason == "closed" and t.carry == 0
    assert t.stacks == (63, 115, 123, 99)
    with pytest.raises(GameOverError):
        t.next_deal()
    assert t.close() is True  # (over: asking again changes nothing)


def test_close_between_games_ends_at_once():
    t = Table(3, 10, seed=1, dealer=0)
    assert t.close() is True and t.over and t.events[-1] == Record("end", None, note="closed")


def test_session_ends_when_one_player_has_all_chips():
    t = Table(3, 2, seed=7, dealer=0)
    while not t.over:
        g = t.next_deal()
        while not g.done:
            a = g.legal_actions()
            kinds = [x.kind for x in a]
            if "bet" in kinds:
                g.bet(a[kinds.index("bet")].max)
            elif "call" in kinds:
                g.call()
            elif "draw" in kinds:
                g.draw()
            else:
                g.check()
    assert t.end_reason == "fewer than two players have chips"
    assert sorted(t.stacks) == [0, 0, 6] and sum(t.seated) == 1


# -- rules, setup, repr ---------------------------------------------------------------
def test_rules_defaults_json_and_validation():
    r = Rules()
    assert (r.ante, r.stacks, r.min_bet_before, r.max_bet_before, r.min_bet_after,
            r.max_bet_after, r.max_raises, r.max_draw, r.cap) == (1, 100, 1, 5, 2, 10, 4, 2, None)
    assert r.variant == "diablo" and not (r.more_draw or r.jacks_or_better or r.declare)
    assert r.draw_limit == DrawLimit(2) and Rules(more_draw=True).draw_limit == DrawLimit(4, True)
    full = Rules(variant="deuces_wild", dealers_choice=True, choices=["draw", "diablo"], cap=5)
    assert full.choices == ("draw", "diablo")
    assert Rules.from_json(json.loads(json.dumps(full.to_json()))) == full
    assert r.replace(cap=3).cap == 3
    for bad in [dict(variant="poker"), dict(ante=-1), dict(min_bet_before=0),
                dict(min_bet_after=5, max_bet_after=4), dict(max_bet_before=0),
                dict(max_raises=-1), dict(max_draw=6), dict(cap=0), dict(more_draw=1),
                dict(choices=()), dict(choices=("diablo", "diablo")), dict(odd_chip="x"),
                dict(reshuffle="never"), dict(stacks=True), dict(after_diablo=None)]:
        with pytest.raises(RulesError):
            Rules(**bad)
    with pytest.raises(RulesError):
        Rules.from_json({"antes": 2})
    with pytest.raises(RulesError):
        Rules.from_json([])


def test_table_setup_validation_and_reprs():
    for players in (2, 8):
        with pytest.raises(RulesError):
            Table(players, dealer=0)
    with pytest.raises(RulesError):
        Table(["a", "a", "b"], dealer=0)
    with pytest.raises(RulesError):
        Table(3, [1, 2], dealer=0)
    with pytest.raises(TypeError):
        Table(3, "many", dealer=0)
    with pytest.raises(TypeError):
        Table(3, rules={}, dealer=0)
    with pytest.raises(IllegalActionError):
        Table(3, dealer=5)
    t = Table(["A", "B", "C"], seed=1, dealer=0)
    assert t.stacks == (100, 100, 100) and t.players_left == (0, 1, 2)
    assert repr(t) == "<Diablo Table (diablo) A=100, B=100, C=100; carry=0; games=0; dealer=0>"
    g = t.next_deal()
    assert repr(g) == (
        "<Diablo Game 1 (diablo): dealer=0 phase=first_round to_act=1 pot=3 opener=None>"
    )
    with pytest.raises(IllegalActionError):
        t.next_deal()


def test_seed_none_uses_os_entropy_and_the_log_replays_it():
    t = Table(3, 20, seed=None, dealer=0)
    other = Table(3, 20, seed=None, dealer=0)
    g = t.next_deal()
    assert other.next_deal().cards != g.cards
    g.bet(1), g.call(), g.call()
    again = Table.from_json(t.to_json())
    assert again.to_json() == t.to_json() and again.last.cards == g.cards


def test_replay_actions_reproduces_event_for_event():
    t = Table(5, 30, Rules(more_draw=True), seed=11, keep_history=True, dealer=0)
    import random

    rnd = random.Random(1)
    for _ in range(8):
        g = t.next_deal()
        while not g.done:
            a = rnd.choice(g.legal_actions())
            if a.kind in ("bet", "raise"):
                g.apply((a.kind, a.min))
            elif a.kind == "draw":
                g.draw(a.cards[:2])
            else:
                g.apply((a.kind,))
    moves = [m for h in t.history for m in h.moves]
    again = replay(moves, players=5, stacks=30, rules=Rules(more_draw=True), seed=11,
                   keep_history=True, dealer=0)
    assert again.history == t.history and again.results == t.results
    assert again.to_json() == t.to_json()
