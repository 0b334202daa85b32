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


def play_diablo(bots, rules=None, seed=0, games=150):
    from pedron.diablo import Table as DiabloTable

    table = DiabloTable(len(bots), 40, rules, seed=seed)
    total = table.total
    kinds = set()
    for _ in range(games):
        if table.over:
            break
        game = table.next_game()
        while not game.done:
            seat = game.to_act
            action = bots[seat](game.view(seat), game.legal_actions())
            assert game.check_action(action) is None, (action, game.legal_actions())
            game.act(action)
            kinds.add(action.kind)
        assert table.total == total
    return table, kinds


@pytest.mark.parametrize(
    "options",
    [{}, {"more_draw": True}, {"jacks_or_better": True}, {"declare": True},
     {"game": "deuces_wild"}, {"dealers_choice": True}, {"cap": 10}],
)
def test_diablo_rule_bot_only_legal_actions(options):
    from pedron.bots.diablo import RuleBot
    from pedron.diablo import Rules as DiabloRules
    from pedron.diablo.hand import Category

    bots = [RuleBot(), RandomBot(3), RuleBot(open_at=Category.TWO_PAIR), RandomBot(4), RuleBot()]
    _, kinds = play_diablo(bots, DiabloRules(**options), seed=len(options))
    assert {"draw", "fold"} <= kinds
    if options.get("declare"):
        assert "declare" in kinds


def test_rule_bot_draws_the_advisors_choice():
    from pedron.bots.diablo import RuleBot
    from pedron.diablo import Table as DiabloTable
    from pedron.diablo import best_draw

    table = DiabloTable(3, 40, seed=5)
    game = table.next_game()
    bot = RuleBot(open_at=1, call_at=1)  # opens and calls anything
    while game.legal_actions()[0].kind != "draw":
        game.act(bot(game.view(game.to_act), game.legal_actions()))
    seat = game.to_act
    view = game.view(seat)
    action = bot(view, game.legal_actions())
    assert action.cards == best_draw(view.my_cards)[0].discard
