"""Built-in bots choose only legal actions, reproducibly, from their own view."""

from __future__ import annotations

import pytest

from pedron.bots import RandomBot
from pedron.bots.diamondback import OddsBot
from pedron.diamondback import Rules, Table


def play_session(bots, rules=None, seed=0, hands=300, stacks=30):
    table = Table(len(bots), stacks, rules, seed=seed)
    chosen = []
    for _ in range(hands):
        if table.over:
            break
        hand = table.next_hand()
        while not hand.done:
            seat = hand.to_act
            legal = hand.legal_actions()
            action = bots[seat](hand.view(seat), legal)
            assert hand.check_action(action) is None, (action, legal)
            hand.act(action)
            chosen.append(action)
        assert sum(table.stacks) + table.carry == stacks * len(bots)
    return table, chosen


@pytest.mark.parametrize("rules", [None, Rules.dealers()])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_choose_legal_actions(players, rules):
    bots = [OddsBot(), RandomBot(1), OddsBot(margin=0.2, aggression=2.0), RandomBot(2)]
    _, chosen = play_session(bots[:players], rules, seed=players)
    assert chosen
    assert {a.kind for a in chosen} >= {"bet", "reveal"}


def test_bots_are_reproducible():
    _, a = play_session([RandomBot(5), OddsBot()], seed=1, hands=50)
    _, b = play_session([RandomBot(5), OddsBot()], seed=1, hands=50)
    assert a == b


def test_odds_bot_beats_random_play():
    table, _ = play_session([OddsBot(), RandomBot(7)], seed=11, hands=400, stacks=40)
    assert table.stacks[0] > table.stacks[1]


def test_random_bot_needs_a_choice():
    with pytest.raises(ValueError):
        RandomBot(1)(None, [])
