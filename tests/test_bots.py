"""Built-in bots choose only legal actions, reproducibly, from their own view."""

from __future__ import annotations

import pytest

from pedron.bots import RandomBot
from pedron.diamondback import Rules, Table
from pedron.diamondback.bots import OddsBot
from tests.refusals import refusal


def play_session(bots, rules=None, seed=0, hands=300, stacks=30):
    table = Table(len(bots), stacks, rules, seed=seed)
    chosen = []
    for _ in range(hands):
        if table.over:
            break
        hand = table.next_deal()
        while not hand.done:
            seat = hand.to_act
            legal = hand.legal_actions()
            action = bots[seat](hand.view(seat), legal)
            assert refusal(hand, action) is None, (action, legal)
            hand.apply(action)
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

    table = DiabloTable(len(bots), 40, rules, seed=seed, dealer=0)
    total = table.total
    kinds = set()
    for _ in range(games):
        if table.over:
            break
        game = table.next_deal()
        while not game.done:
            seat = game.to_act
            action = bots[seat](game.view(seat), game.legal_actions())
            assert refusal(game, action) is None, (action, game.legal_actions())
            game.apply(action)
            kinds.add(action.kind)
        assert table.total == total
    return table, kinds


@pytest.mark.parametrize(
    "options",
    [{}, {"more_draw": True}, {"jacks_or_better": True}, {"declare": True},
     {"variant": "deuces_wild"}, {"dealers_choice": True}, {"cap": 10}],
)
def test_diablo_rule_bot_only_legal_actions(options):
    from pedron.diablo import Rules as DiabloRules
    from pedron.diablo.bots import RuleBot
    from pedron.diablo.hand import Category

    bots = [RuleBot(), RandomBot(3), RuleBot(open_at=Category.TWO_PAIR), RandomBot(4), RuleBot()]
    _, kinds = play_diablo(bots, DiabloRules(**options), seed=len(options))
    assert {"draw", "fold"} <= kinds
    if options.get("declare"):
        assert "declare" in kinds


def test_rule_bot_draws_the_advisors_choice():
    from pedron.diablo import Table as DiabloTable
    from pedron.diablo import best_draw
    from pedron.diablo.bots import RuleBot

    table = DiabloTable(3, 40, seed=5, dealer=0)
    game = table.next_deal()
    bot = RuleBot(open_at=1, call_at=1)  # opens and calls anything
    while game.legal_actions()[0].kind != "draw":
        game.apply(bot(game.view(game.to_act), game.legal_actions()))
    seat = game.to_act
    view = game.view(seat)
    action = bot(view, game.legal_actions())
    assert action.cards == best_draw(view.my_cards)[0].discard


# -- bots named by specs (the simulator's plain-data bots) -------------------------------


def test_bot_specs_parse_and_print_canonically():
    from pedron.bots import BotSpec, parse_bot
    from pedron.diablo.hand import Category

    spec = parse_bot("rule:call=trips, open=pair,draw=1")
    assert spec == BotSpec("rule", (("call", Category.THREE_OF_A_KIND), ("draw", 1),
                                    ("open", Category.ONE_PAIR)))
    assert str(spec) == "rule:call=three_of_a_kind,draw=1,open=one_pair"
    assert parse_bot(str(spec)) == spec == parse_bot(spec)
    assert parse_bot({"name": "rule", "open_at": 3}) == parse_bot("rule:open=two_pair")
    assert str(parse_bot("odds:margin=0,stop=0.6")) == "odds:margin=0.0,stop=0.6"
    assert str(parse_bot(" RANDOM ")) == "random"
    assert repr(spec) == "BotSpec('rule:call=three_of_a_kind,draw=1,open=one_pair')"


@pytest.mark.parametrize(
    ("spec", "game"),
    [("nobody", None), ("rule:foo=1", None), ("rule:open=seven", None), ("rule:open", None),
     ("rule:draw=5", None), ("odds:margin=lots", None), ("odds:aggression=-1", None),
     ("odds", "diablo"), ("rule", "diamondback"), ("no.such.module.Bot", "diablo"),
     (42, None), ({"open": 3}, None), ("rule:open=flu\u017fh", None),
     ("rule:open=\u0131", None)],
)
def test_bad_bot_specs(spec, game):
    from pedron.bots import make_bot, parse_bot
    from pedron.errors import PedronValueError

    with pytest.raises(PedronValueError):
        if game is None:
            parse_bot(spec)
        else:
            make_bot(spec, game)


def test_make_bot_builds_tuned_bots():
    from pedron.bots import make_bot
    from pedron.diablo.bots import RuleBot
    from pedron.diablo.hand import Category

    bot = make_bot("rule:open=two_pair,call=straight,raise=flush,big=quads,draw=1", "diablo")
    assert isinstance(bot, RuleBot)
    assert (bot.open_at, bot.call_at, bot.raise_at, bot.bet_big_at, bot.max_draw) == (
        Category.TWO_PAIR, Category.STRAIGHT, Category.FLUSH, Category.FOUR_OF_A_KIND, 1)
    odds = make_bot("odds:margin=0.1,aggression=2,stop=0.7", "diamondback")
    assert (odds.margin, odds.aggression, odds.stop_below) == (0.1, 2.0, 0.7)
    assert "stop_below=0.7" in repr(odds) and "max_draw=1" in repr(bot)
    assert repr(make_bot("random", "diablo", seed=4)) == "RandomBot(seed=4)"
    assert isinstance(make_bot("pedron.bots.RandomBot", "diamondback", seed=2), RandomBot)


@pytest.mark.parametrize(
    "specs",
    [["random", "rule", "rule:open=pair,call=pair,raise=two_pair,big=trips,draw=1"],
     ["rule:draw=0", "rule:open=high_card,call=high_card", "random", "rule:big=pair"]],
)
@pytest.mark.parametrize("options", [{}, {"more_draw": True}, {"cap": 5}])
def test_spec_built_diablo_bots_only_choose_legal_actions(specs, options):
    from pedron.bots import make_bot
    from pedron.diablo import Rules as DiabloRules

    bots = [make_bot(s, "diablo", seed=i) for i, s in enumerate(specs)]
    _, kinds = play_diablo(bots, DiabloRules(**options), seed=len(specs), games=120)
    assert {"draw", "bet"} <= kinds


def test_rule_bot_draws_at_most_max_draw():
    from pedron.diablo import Rules as DiabloRules
    from pedron.diablo import Table as DiabloTable
    from pedron.diablo.bots import RuleBot

    for limit in (0, 1):
        table = DiabloTable(3, 40, DiabloRules(more_draw=True), seed=9, dealer=0)
        bots = [RuleBot(open_at=1, call_at=1, max_draw=limit) for _ in range(3)]
        drawn = []
        for _ in range(30):
            if table.over:
                break
            game = table.next_deal()
            while not game.done:
                seat = game.to_act
                action = bots[seat](game.view(seat), game.legal_actions())
                assert refusal(game, action) is None
                if action.kind == "draw":
                    drawn.append(len(action.cards))
                game.apply(action)
        assert drawn and max(drawn) <= limit


@pytest.mark.parametrize("rules", [None, Rules.dealers(), Rules.match()])
def test_spec_built_odds_bots_only_choose_legal_actions(rules):
    from pedron.bots import make_bot

    bots = [make_bot(s, "diamondback", seed=3)
            for s in ("odds:stop=0.8,aggression=0", "random", "odds:margin=-0.2,aggression=3")]
    _, chosen = play_session(bots, rules, seed=4, hands=150)
    assert {a.kind for a in chosen} >= {"bet", "reveal"}


def test_cautious_dealer_stops_sooner():
    seen = set()
    for seed in range(40):
        table = Table(2, 50, seed=seed, dealer=0)
        hand = table.next_deal()
        while not hand.done and not any(a.kind == "stop" for a in hand.legal_actions()):
            seat = hand.to_act
            hand.apply(OddsBot()(hand.view(seat), hand.legal_actions()))
        if hand.done:
            continue
        view, legal = hand.view(0), hand.legal_actions()
        assert OddsBot(stop_below=1.0)(view, legal).kind == "stop"
        assert OddsBot(stop_below=-1.0)(view, legal).kind == "bet"
        seen.add(seed)
    assert seen



def test_every_shipped_bot_class_is_a_bot():
    # A list of pedron's bots of several kinds is a list[Bot]: each class derives the base.
    import pedron.bots
    import pedron.diablo
    import pedron.diamondback
    from pedron.bots import Bot

    # (a game's own bots are in its package: pedron.diablo.RuleBot, ...)
    shipped = {getattr(pedron.bots, name) for name in pedron.bots.__all__
               if name.endswith("Bot") and name != "Bot"}
    shipped |= {pedron.diablo.RuleBot, pedron.diablo.ThresholdBot, pedron.diablo.StrongBot,
                pedron.diamondback.OddsBot, pedron.diamondback.EquilibriumBot}
    assert len(shipped) == 6  # random, rule, threshold, strong, odds, equilibrium
    for cls in shipped:
        assert issubclass(cls, Bot), cls
