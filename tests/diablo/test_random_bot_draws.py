"""RandomBot's draws: a count uniform in what the legal draw allows (standing pat
included), cards uniform among the sets the draw's limit accepts, every draw
legal, and the same play from the same seed."""

from __future__ import annotations

from collections import Counter

import pytest

from pedron.bots import RandomBot
from pedron.cards import parse_cards
from pedron.diablo import DrawLimit, Rules, Table
from pedron.diablo.game import DrawRule
from pedron.engine.actions import LegalAction
from pedron.engine.moves import Draw

ACE = 12


def play(seed: int, rules: Rules, games: int = 300) -> tuple[list[Draw], str]:
    """A session of random bots: the draws they made (each applied, so each
    accepted by the game) and the table's save at the end."""
    bots = [RandomBot(seed * 10 + s) for s in range(4)]
    table = Table(4, 200, rules, seed=seed, dealer=0)
    draws: list[Draw] = []
    for _ in range(games):
        if table.over:
            break
        game = table.next_deal()
        while not game.done:
            seat = game.to_act
            legal = game.legal_actions()
            action = bots[seat](game.view(seat), legal)
            if action.kind == "draw":
                (option,) = legal
                held = game.cards[seat]
                assert len(set(action.cards)) == len(action.cards)
                assert set(action.cards) <= set(held)
                assert rules.draw_limit.why_not(held, action.cards) is None
                assert len(action.cards) <= option.max
                draws.append(action)
            game.apply(action)  # (refuses an illegal move)
    return draws, table.to_json()


@pytest.mark.parametrize("rules", [Rules(max_draw=3), Rules(more_draw=True)],
                         ids=["max_draw=3", "more_draw"])
def test_random_draws_take_every_count_the_draw_allows(rules):
    draws, _ = play(1, rules, games=1000)
    counts = Counter(len(d.cards) for d in draws)
    assert len(draws) >= 200
    assert {0, 1, 2, 3} <= set(counts), counts
    most = rules.draw_limit.most
    assert set(counts) <= set(range(most + 1))
    # Each count allowed is about equally likely (four counts, or five with an ace).
    for k in range(4):
        assert counts[k] > len(draws) / 10, counts


def test_same_seed_same_play():
    rules = Rules(more_draw=True)
    a, save_a = play(3, rules, games=60)
    b, save_b = play(3, rules, games=60)
    assert a == b and save_a == save_b
    c, _ = play(4, rules, games=60)
    assert a != c


def test_the_ace_rule_is_honoured():
    # Holding an ace under More draw the legal draw allows four, only keeping
    # the ace: every four-card draw the bot makes keeps it, and it makes them.
    held = tuple(parse_cards("Ah 7c 8d 9s 3h"))
    limit = DrawLimit(4, True)
    option = LegalAction("draw", 0, 4, held, DrawRule(4, True))
    bot = RandomBot(5)
    counts: Counter[int] = Counter()
    for _ in range(500):
        move = bot(None, [option])
        assert limit.why_not(held, move.cards) is None
        counts[len(move.cards)] += 1
        if len(move.cards) == 4:
            assert move.cards == held[1:]
    assert set(counts) == {0, 1, 2, 3, 4}
    assert min(counts.values()) > 60  # the count uniform, not the set: four is as likely


def test_a_draw_without_a_rule_samples_distinct_cards():
    held = tuple(parse_cards("Kh 7c 8d 9s 3h"))
    option = LegalAction("draw", 0, 2, held)
    bot = RandomBot(8)
    seen = Counter(bot(None, [option]).cards for _ in range(600))
    assert set(seen) == {d for d in seen if len(d) <= 2 and len(set(d)) == len(d)}
    assert len(seen) == 1 + 5 + 10  # every exchange of up to two cards comes up
    assert [RandomBot(8)(None, [option]) for _ in range(5)] == [
        RandomBot(8)(None, [option]) for _ in range(5)]
