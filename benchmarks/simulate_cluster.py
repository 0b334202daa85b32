"""``pedron.simulate`` on a real Dask cluster: the cost per work unit, and 1 worker against 2.

Starts a ``dask scheduler`` and worker processes (one thread each, no nanny) on
127.0.0.1, then plays the same Diablo study (4 rule bots, default unit size)
with one worker and with two, alternately (a second worker started for each
two-worker study and stopped after it), in one run::

    PYTHONPATH=src python benchmarks/simulate_cluster.py [--games 80000] [--rounds 3]

*Overhead per unit*: with one worker the units run one after another, so the
study's wall time less the time the worker spent computing the units (Dask's
task stream) is what the machinery cost: submitting, scheduling, sending the
results back, merging, the version check at the start. It is divided by the
units played and compared with a unit's compute time. *Speed-up*: the wall
time with one worker over the wall time with two.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import distributed

import pedron

SRC = Path(pedron.__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(tmp: str, *args: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    return subprocess.Popen([sys.executable, "-m", "dask", *args], env=env, cwd=tmp,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def study(client: distributed.Client, games: int) -> tuple[float, float, int]:
    """(wall seconds, seconds the workers computed units, units) of one study."""
    with distributed.get_task_stream(client) as stream:
        result = pedron.simulate("diablo", players=4, games=games, seed=1, executor=client)
    compute = sum(s["stop"] - s["start"] for t in stream.data for s in t["startstops"]
                  if s["action"] == "compute")
    return result.elapsed, compute, result.chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=80_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    procs: list[subprocess.Popen[bytes]] = []
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        address = f"tcp://127.0.0.1:{_free_port()}"
        try:
            procs.append(_start(tmp, "scheduler", "--host", "127.0.0.1", "--port",
                                address.rsplit(":", 1)[1], "--no-dashboard"))
            worker = ("worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                      "--no-dashboard", "--local-directory", tmp)
            procs.append(_start(tmp, *worker))
            client = distributed.Client(address, timeout=30)
            client.wait_for_workers(1, timeout=60)
            pedron.simulate("diablo", players=4, games=200, executor=client)  # warm imports
            one, two = [], []
            for _ in range(args.rounds):  # alternately, so the machine's noise hits both
                one.append(study(client, args.games))
                second = _start(tmp, *worker)
                procs.append(second)
                client.wait_for_workers(2, timeout=60)
                pedron.simulate("diablo", players=4, games=400, executor=client)  # warm
                two.append(study(client, args.games))
                os.kill(second.pid, signal.SIGKILL)
                second.wait()
                procs.remove(second)
                while len(client.scheduler_info()["workers"]) > 1:
                    time.sleep(0.1)
            client.close()
        finally:
            for p in procs:
                os.kill(p.pid, signal.SIGKILL)
                p.wait()
    wall1 = statistics.median(w for w, _, _ in one)
    wall2 = statistics.median(w for w, _, _ in two)
    w, compute, units = sorted(one)[len(one) // 2]  # the median one-worker study
    per_unit = compute / units
    overhead = (w - compute) / units
    print(f"{args.games:,} Diablo games, 4 rule bots, {args.rounds} round(s), "
          f"pedron {pedron.__version__}, distributed {distributed.__version__}")
    print(f"1 worker: {wall1:.2f} s, {units} units of {args.games // units:,} games, "
          f"{per_unit:.2f} s compute a unit, overhead {overhead * 1000:.1f} ms a unit "
          f"({overhead / per_unit:.2%} of compute)")
    busy = statistics.median(c / w for w, c, _ in two)
    ratios = [a[0] / b[0] for a, b in zip(one, two, strict=True)]
    print(f"2 workers: {wall2:.2f} s, {two[0][2]} units, workers computing {busy:.2f} of "
          f"the wall time on average; speed-up {wall1 / wall2:.2f}x (medians; round by "
          f"round: {', '.join(f'{r:.2f}x' for r in ratios)})")
    print(f"load average before: {load[0]:.2f} (the machine has {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
