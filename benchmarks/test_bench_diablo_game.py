"""Random legal play of complete Diablo games through the public Python API.

Each round plays ``GAMES`` complete games at one table (a new table when a
session ends): at every step a uniformly random entry of
``Game.legal_actions()`` is taken (a bet or raise uniform between its minimum
and maximum, a draw of a random number of random cards within its limits) and
applied with the public methods. Throughput is ``GAMES / median``; see
docs/perf/diablo_game.md.

    python -m pytest benchmarks/test_bench_diablo_game.py --benchmark-enable
"""

from __future__ import annotations

import random

import pytest
from engine_workloads import play_random_diablo_game

from pedron.diablo.rules import Rules
from pedron.diablo.table import Table

GAMES = 2000


def play_random_games(games: int, players: int, rules: Rules | None, seed: int) -> int:
    """Play ``games`` complete games with uniformly random legal actions."""
    rnd = random.Random(seed)
    table = Table(players, 200, rules, seed=seed)
    for _ in range(games):
        if table.over:
            table = Table(players, 200, rules, seed=rnd.randint(0, 1 << 30))
        play_random_diablo_game(table.next_deal(), rnd)
    return games


@pytest.mark.parametrize(
    "players,options",
    [
        (3, {}),
        (4, {}),
        (7, {}),
        (5, {"more_draw": True, "cap": 20}),
        (5, {"jacks_or_better": True}),
        (5, {"declare": True}),
        (5, {"dealers_choice": True}),
    ],
    ids=["3p", "4p", "7p", "5p-more-draw-cap", "5p-jacks", "5p-declare", "5p-dealers-choice"],
)
def test_random_games(benchmark, players, options):
    rules = Rules(**options)
    seeds = iter(range(10**6))
    result = benchmark(lambda: play_random_games(GAMES, players, rules, next(seeds)))
    assert result == GAMES
    benchmark.extra_info["games_per_round"] = GAMES


def play_showdown_games(games: int, players: int, rules: Rules | None, seed: int) -> int:
    """Long games: an opening, everyone calls, everyone exchanges two cards, a bet
    after the draw that everyone calls, showdown (and the Diablo rule)."""
    table = Table(players, 10**6, rules, seed=seed)
    for _ in range(games):
        game = table.next_deal()
        game.bet(1)
        for _ in range(players - 1):
            game.call()
        for _ in range(players):
            game.draw(game.legal_actions()[0].cards[:2])
        game.bet(2)
        for _ in range(players - 1):
            game.call()
    return games


@pytest.mark.parametrize("players", [3, 7])
def test_showdown_games(benchmark, players):
    seeds = iter(range(10**6))
    benchmark.extra_info["games_per_round"] = GAMES
    result = benchmark(lambda: play_showdown_games(GAMES, players, None, next(seeds)))
    assert result == GAMES
