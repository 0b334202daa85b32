"""Client memory of ``pedron.simulate`` does not grow with the study: 10**6 to 10**8 games.

A stub executor stands in for a cluster of 100 workers: it "plays" each unit
at once, returning an empty tally of the right shape, so the study's own
machinery (planning units, keeping a bounded number in flight, merging results
as they arrive, booking finished blocks) is all that runs and all that
``tracemalloc`` sees. Default unit size (at most 20,000 games): 50 units for
10**6 games, 5,000 for 10**8.

    python benchmarks/test_bench_simulate_memory.py           # the table
    python -m pytest benchmarks/test_bench_simulate_memory.py # the same, checked flat
"""

from __future__ import annotations

import tracemalloc
from concurrent.futures import Executor, Future
from typing import Any

import pedron
from pedron.simulation.results import Counters

GAMES = (10**6, 10**7, 10**8)


class StubExecutor(Executor):
    """Reports 100 workers; every unit comes back at once, empty."""

    _max_workers = 100

    def __init__(self) -> None:
        self.units = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = args[0]
        part: dict[str, Any] = Counters(task["game"], task["players"]).to_json()
        part.update(cpu_seconds=0.0, worker="stub")
        future: Future[Any] = Future()
        future.set_result(part)
        self.units += 1
        return future


def peak_bytes(games: int) -> tuple[int, int]:
    """(peak traced bytes during the study, units played)."""
    pedron.simulate("diablo", players=4, games=1000, executor=StubExecutor())  # imports done
    stub = StubExecutor()
    tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    result = pedron.simulate("diablo", players=4, games=games, executor=stub)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert result.chunks == stub.units
    return peak - base, stub.units


def test_client_memory_is_flat_from_a_million_to_a_hundred_million_games():
    peaks = {g: peak_bytes(g) for g in GAMES}
    smallest = peaks[GAMES[0]][0]
    for games, (peak, units) in peaks.items():
        print(f"{games:>11,} games  {units:>5,} units  peak {peak / 1024:7.1f} KiB")
        assert peak < 1.5 * smallest + 64 * 1024, (games, peak, smallest)


if __name__ == "__main__":
    print("| games | units | client peak (tracemalloc) |")
    print("|---:|---:|---:|")
    for g in GAMES:
        peak, units = peak_bytes(g)
        print(f"| {g:,} | {units:,} | {peak / 1024:.1f} KiB |")
