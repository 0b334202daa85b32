"""Simulation throughput: games per second with the built-in bots, 1 and 2 workers.

Each round is one ``pedron.simulate`` call: Diablo with 5 rule-based bots
(``"rule"``) or Diamondback with 3 exact-odds bots (``"odds"``), ``GAMES``
games, seed 1. Throughput is ``games / median``; see docs/perf/simulate.md.

    python -m pytest benchmarks/test_bench_simulate.py --benchmark-enable \
        --benchmark-columns=min,median,max,rounds --benchmark-sort=name

* ``in_process``: ``workers=1``, everything in this process;
* ``pool2_started``: a ``ProcessPoolExecutor(2)`` started before the timing,
  passed as ``executor=`` (the steady state of a long study);
* ``workers2``: ``workers=2``, so the pool is started and shut down inside the
  timed call (what one ``pedron simulate --workers 2`` pays);
* ``overhead_*``: the executor's cost per work unit: the same games as 4 large
  chunks or as 80 chunks of one block each, through a started pool of 1 worker.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import pedron

GAMES = {"diablo": 8000, "diamondback": 4000}
PLAYERS = {"diablo": 5, "diamondback": 3}


LAST: dict[str, float] = {}


def run(game: str, **kw: object) -> int:
    result = pedron.simulate(game, players=PLAYERS[game], games=GAMES[game], seed=1, **kw)
    assert sum(result.net) == 0
    LAST.update(cpu_seconds=result.cpu_seconds, elapsed=result.elapsed, games=result.games)
    return result.games


def record(benchmark) -> None:
    """Processor time in the work units and the games played, from the last round."""
    benchmark.extra_info.update(LAST)


@pytest.fixture(scope="module")
def pool2():
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(abs, range(4)))  # the workers are up and have imported nothing yet
        yield pool


@pytest.fixture(scope="module")
def pool1():
    with ProcessPoolExecutor(1) as pool:
        list(pool.map(abs, range(2)))
        yield pool


@pytest.mark.parametrize("game", ["diablo", "diamondback"])
def test_in_process(benchmark, game):
    benchmark.extra_info["games"] = GAMES[game]
    benchmark.pedantic(run, args=(game,), kwargs={"workers": 1}, rounds=3, iterations=1)
    record(benchmark)


@pytest.mark.parametrize("game", ["diablo", "diamondback"])
def test_pool2_started(benchmark, game, pool2):
    run(game, executor=pool2, chunk_size=GAMES[game] // 2)  # warm: imports in the workers
    benchmark.extra_info["games"] = GAMES[game]
    benchmark.pedantic(run, args=(game,), kwargs={"executor": pool2, "chunk_size":
                                                  GAMES[game] // 2}, rounds=3, iterations=1)
    record(benchmark)


@pytest.mark.parametrize("game", ["diablo", "diamondback"])
def test_workers2(benchmark, game):
    benchmark.extra_info["games"] = GAMES[game]
    benchmark.pedantic(run, args=(game,), kwargs={"workers": 2}, rounds=3, iterations=1)
    record(benchmark)


@pytest.mark.parametrize("chunk_size", [2000, 100])
def test_overhead_pool1(benchmark, chunk_size, pool1):
    run("diablo", executor=pool1, chunk_size=chunk_size)  # warm
    benchmark.extra_info["chunks"] = GAMES["diablo"] // chunk_size
    benchmark.pedantic(run, args=("diablo",), kwargs={"executor": pool1,
                                                      "chunk_size": chunk_size},
                       rounds=3, iterations=1)
    record(benchmark)
