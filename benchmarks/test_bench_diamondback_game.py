"""Random legal play of complete Diamondback hands through the public Python API.

Each round plays ``HANDS`` complete hands: a random legal action is chosen from
``Hand.legal_actions()`` at every step (a bet or ante uniformly between its
minimum and maximum, a random card to reveal) and applied with the public
methods; a table whose session is over is replaced by a new one. Throughput
is ``HANDS / median``; see docs/perf/diamondback_game.md.

    python -m pytest benchmarks/test_bench_diamondback_game.py --benchmark-enable
"""

from __future__ import annotations

import random

import pytest
from engine_workloads import play_random_diamondback_hand

from pedron.diamondback import Rules, Table

HANDS = 2000


def play_random_hands(hands: int, players: int, rules: Rules | None, seed: int) -> int:
    """Play ``hands`` complete hands with uniformly random legal actions."""
    rnd = random.Random(seed)
    table = Table(players, 200, rules, seed=seed)
    for _ in range(hands):
        if table.over:
            table = Table(players, 200, rules, seed=rnd.randint(0, 1 << 30))
        play_random_diamondback_hand(table.next_deal(), rnd)
    return hands


@pytest.mark.parametrize(
    "players,variant",
    [(2, "normal"), (3, "normal"), (4, "normal"), (3, "dealers"), (4, "dealers")],
)
def test_random_hands(benchmark, players, variant):
    rules = Rules(variant=variant)
    seeds = iter(range(10**6))
    result = benchmark(lambda: play_random_hands(HANDS, players, rules, next(seeds)))
    assert result == HANDS
    benchmark.extra_info["hands_per_round"] = HANDS


def play_showdown_hands(hands: int, players: int, rules: Rules | None, seed: int) -> int:
    """Long hands: the dealer bets the minimum twice, everyone matches, showdown."""
    table = Table(players, 10**6, rules, seed=seed)
    for _ in range(hands):
        hand = table.next_deal()
        if hand.phase == "ante":
            hand.set_ante(1)
            while hand.phase == "ante_match":
                hand.match()
        for _ in range(2):
            hand.bet(1)
            while hand.phase == "match":
                hand.match()
            while hand.phase == "reveal":
                hand.reveal(hand.legal_actions()[0].cards[0])
        hand.stop()
    return hands


@pytest.mark.parametrize("players", [2, 4])
def test_showdown_hands(benchmark, players):
    seeds = iter(range(10**6))
    benchmark.extra_info["hands_per_round"] = HANDS
    result = benchmark(lambda: play_showdown_hands(HANDS, players, None, next(seeds)))
    assert result == HANDS
