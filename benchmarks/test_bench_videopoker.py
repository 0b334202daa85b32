"""Video poker: every named game solved exactly, the joker deck, a strategy chart.

Run: python -m pytest benchmarks/test_bench_videopoker.py --benchmark-enable
Side by side with the starting commit of issue 31 (12d6e4e):
     python benchmarks/videopoker_vs_start.py --start-python <its python>
Figures are recorded in docs/performance.md ("Video poker: every game").
"""

from __future__ import annotations

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
