"""Video poker: every named game solved exactly, the joker deck, a strategy chart.

Run: python -m pytest benchmarks/test_bench_videopoker.py --benchmark-enable
Side by side with the starting commit of issue 31 (12d6e4e):
     python benchmarks/videopoker_vs_start.py --start-python <its python>
Figures are recorded in docs/performance.md ("Video poker: every game").
A chart's hold() against issue 39's start (aefd38d), side by side:
     python benchmarks/chart_hold_vs_start.py --start-src <its src folder>
"""

from __future__ import annotations

import random

import pytest

from pedron import videopoker as vp


@pytest.mark.parametrize("game", list(vp.GAMES))
def test_analyse_game(benchmark, game):
    vp.analyse(game)  # the deck's tables are built once per process
    benchmark(vp.analyse, game)
    benchmark.extra_info["items"] = 1


@pytest.mark.parametrize("threads", [1, 2])
def test_analyse_joker_threads(benchmark, threads):
    vp.analyse("joker-poker")
    benchmark(vp.analyse, "joker-poker", threads=threads)


def test_analyse_published_tie_break(benchmark):
    vp.analyse("deuces-wild")
    benchmark(vp.analyse, "deuces-wild", tie_break="published")


@pytest.mark.parametrize("game", ["jacks-or-better", "deuces-wild", "joker-poker"])
def test_strategy_chart(benchmark, game):
    vp.analyse(game)
    benchmark.pedantic(vp.strategy_chart, args=(game,), rounds=1, iterations=1)


def test_best_hold(benchmark):
    vp.best_hold("As Ks Qs Js 3d", "double-double-bonus")
    benchmark(vp.best_hold, "As Ks Qs Js 3d", "double-double-bonus")


@pytest.mark.parametrize("game", ["jacks-or-better", "deuces-wild", "joker-poker"])
def test_chart_hold(benchmark, game):
    # per hand: a lookup in the chart's play on every suit class (made on the first call)
    chart = vp.strategy_chart(game, time_limit=5)
    cards = 53 if chart.pay_table.wilds == "joker" else 52
    rng = random.Random(39)
    hands = [tuple(rng.sample(range(cards), 5)) for _ in range(1000)]
    chart.hold(hands[0])
    benchmark(lambda: [chart.hold(h) for h in hands])
    benchmark.extra_info["items"] = len(hands)
