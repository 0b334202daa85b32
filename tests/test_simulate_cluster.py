"""pedron.simulate on a real Dask cluster, and stopping a local pool with Ctrl-C.

The cluster is real: a ``dask scheduler`` and two ``dask worker`` processes
started here with subprocess, bound to 127.0.0.1 on free ports, and stopped by
their own process ids. Run these alone with ``python -m pytest -m dask_cluster``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import pedron
from pedron.errors import ClusterError, PedronError
from pedron.simulation import derive_seed

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

pytestmark = pytest.mark.dask_cluster

SRC = Path(pedron.__file__).resolve().parents[1]
DIABLO = {"players": 4, "games": 1_234, "seed": 7, "session_games": 50,
          "bots": ["rule", "random", "rule:open=one_pair", "rule:call=two_pair"]}
DIAMONDBACK = {"players": 3, "games": 830, "seed": 5, "session_games": 40}

# A bot module the workers import: slow (5 ms a decision), and failing in one session
# only, the one whose seat-0 bot gets the seed named in fail_seed.txt beside it.
FLAKY = '''
import time
from pathlib import Path
from pedron.bots import RandomBot

FAIL = int((Path(__file__).parent / "fail_seed.txt").read_text())

class Flaky:
    def __init__(self, seed=None):
        self.inner = RandomBot(seed)
        self.bad = seed == FAIL

    def __call__(self, view, legal):
        if self.bad:
            raise RuntimeError("flaky bot gave up")
        time.sleep(0.005)
        return self.inner(view, legal)
'''

# Which frames are in a pedron work unit, on a worker (for "nothing left running").
def _units_running() -> int:
    import traceback

    return sum(any(f.name == "run_chunk" for f in traceback.extract_stack(frame))
               for frame in sys._current_frames().values())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A scheduler and ``workers`` worker processes on 127.0.0.1."""

    def __init__(self, tmp: Path, workers: int) -> None:
        self.tmp = tmp
        (tmp / "flaky.py").write_text(FLAKY)
        # seed 3, block 5, session 0, seat 0 (see pedron.simulation.core)
        (tmp / "fail_seed.txt").write_text(str(derive_seed(3, 5, 0, 1)))
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), str(tmp)]),
                        DASK_DISTRIBUTED__WORKER__DAEMON="False")
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        port = self.address.rsplit(":", 1)[1]
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port", port,
                                     "--no-dashboard")
        self.workers = [self._worker(i) for i in range(workers)]
        self.client = distributed.Client(self.address, timeout=30)
        if workers:
            self.client.wait_for_workers(workers, timeout=60)

    def _start(self, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.tmp / f"{args[0]}-{time.monotonic_ns()}.log", "wb")  # noqa: SIM115
        return subprocess.Popen([sys.executable, "-m", "dask", *args], env=self.env,
                                cwd=self.tmp, stdout=log, stderr=subprocess.STDOUT)

    def _worker(self, i: int) -> subprocess.Popen[bytes]:
        return self._start("worker", self.address, "--host", "127.0.0.1", "--nthreads", "1",
                           "--no-nanny", "--no-dashboard", "--name", f"w{i}-{time.time_ns()}",
                           "--local-directory", str(self.tmp / f"w{i}"))

    def replace_worker(self, i: int) -> None:
        """Kill worker ``i`` (if alive) and start a fresh one in its place."""
        self.kill(self.workers[i])
        self.workers[i] = self._worker(i)
        self.client.wait_for_workers(len(self.workers), timeout=60)

    @staticmethod
    def kill(proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGCONT)
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

    def tasks(self) -> list[str]:
        """The keys the scheduler still holds (every client's), after up to 5 s to settle."""
        deadline = time.monotonic() + 5
        while True:
            keys = self.client.run_on_scheduler(
                lambda dask_scheduler: [str(k) for k in dask_scheduler.tasks])
            if not keys or time.monotonic() > deadline:
                return list(keys)
            time.sleep(0.1)

    def stop(self) -> None:
        with contextlib.suppress(Exception):  # a test killed the scheduler: nothing to close
            self.client.close(timeout=2)
        for proc in [*self.workers, self.scheduler]:
            self.kill(proc)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    import cloudpickle

    # The workers cannot import this test module: its helpers travel by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    c = Cluster(tmp_path_factory.mktemp("cluster"), workers=2)
    sys.path.insert(0, str(c.tmp))  # the client checks the bot specs it sends
    yield c
    sys.path.remove(str(c.tmp))
    c.stop()


@pytest.fixture
def small_cluster(tmp_path):
    c = Cluster(tmp_path, workers=1)
    yield c
    c.stop()


@pytest.fixture(scope="module")
def diablo_local():
    return pedron.simulate("diablo", **DIABLO)


@pytest.fixture(scope="module")
def diamondback_local():
    return pedron.simulate("diamondback", **DIAMONDBACK)


# -- the same results as in-process, through either door ----------------------------------


def test_a_client_gives_the_in_process_result(cluster, diablo_local, diamondback_local):
    result = pedron.simulate("diablo", executor=cluster.client, timeout=30, **DIABLO)
    assert result == diablo_local
    assert result.executor == f"Dask {cluster.address}"
    assert result.workers == 2  # both workers played units (8 units for 2)
    assert pedron.simulate("diamondback", executor=cluster.client, timeout=30,
                           **DIAMONDBACK) == diamondback_local
    other = pedron.simulate("diablo", executor=cluster.client, timeout=30,
                            **dict(DIABLO, seed=8))
    assert other != diablo_local and other.tally != diablo_local.tally


def test_client_get_executor_gives_the_same_result(cluster, diablo_local):
    result = pedron.simulate("diablo", executor=cluster.client.get_executor(), timeout=30,
                             chunk_size=200, **DIABLO)
    assert result == diablo_local and result.executor == f"Dask {cluster.address}"
    assert result.chunks == 7  # 25 blocks of 50 games, 4 blocks a unit


def test_a_repeat_is_played_again_not_read_from_a_cache(cluster):
    small = dict(DIABLO, games=400)  # 8 blocks of 50 games
    for executor in (cluster.client, cluster.client.get_executor()):
        runs = []
        for _ in range(2):
            with distributed.get_task_stream(cluster.client) as stream:
                runs.append(pedron.simulate("diablo", executor=executor, timeout=30,
                                            chunk_size=100, **small))
            played = [t for t in stream.data if "dask_unit" in str(t.get("key"))]
            assert len(played) == runs[-1].chunks == 4  # every unit ran on a worker
        assert runs[0] == runs[1] and runs[0].cpu_seconds != runs[1].cpu_seconds


def test_anything_else_is_refused_before_work_starts(cluster):
    for bad in (object(), cluster.client.scheduler, "tcp://127.0.0.1:1"):
        with pytest.raises(PedronError, match="executor must be"):
            pedron.simulate("diablo", executor=bad, **DIABLO)
    assert cluster.tasks() == []


def test_workers_running_another_pedron_are_refused(cluster, monkeypatch):
    real = pedron.__version__
    monkeypatch.setattr(pedron, "__version__", "0.0.1-other")
    with pytest.raises(ClusterError, match=re.escape(f"runs pedron {real}")):
        pedron.simulate("diablo", executor=cluster.client, timeout=30, **DIABLO)
    assert cluster.tasks() == []


# -- failures -------------------------------------------------------------------------------


def test_a_unit_that_raises_leaves_nothing_on_the_cluster(cluster):
    # Units of 4 blocks (50 games each, several seconds a unit with the slow bots): block 5
    # fails early in the second unit while the other worker is busy with another unit.
    t0 = time.monotonic()
    with pytest.raises(RuntimeError, match="flaky bot gave up"):
        pedron.simulate("diablo", players=3, games=4_000, session_games=50, chunk_size=200,
                        seed=3, bots="flaky.Flaky",
                        executor=cluster.client, timeout=30)
    assert time.monotonic() - t0 < 30
    assert cluster.tasks() == []
    assert all(not keys for keys in cluster.client.has_what().values())
    assert all(not keys for keys in cluster.client.processing().values())
    # and no worker thread is still playing a cancelled unit (they stop within a session)
    deadline = time.monotonic() + 2
    while any(cluster.client.run(_units_running).values()):
        assert time.monotonic() < deadline, cluster.client.run(_units_running)
        time.sleep(0.1)


def test_a_worker_killed_mid_study_changes_nothing(cluster, diablo_local):
    killed = []

    def kill_one(done, total, workers):
        if not killed:
            killed.append(workers)
            os.kill(cluster.workers[0].pid, signal.SIGKILL)

    try:
        result = pedron.simulate("diablo", executor=cluster.client, timeout=30,
                                 chunk_size=100, progress=kill_one, **DIABLO)
    finally:
        cluster.replace_worker(0)
    assert killed == [2]  # progress reports the active workers
    assert result == diablo_local


def test_checkpoint_resume_on_the_cluster_is_identical(cluster, diablo_local, tmp_path):
    path = tmp_path / "study.ckpt"

    def interrupt(done, total, workers):
        if done >= 300:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        pedron.simulate("diablo", executor=cluster.client, timeout=30, chunk_size=100,
                        checkpoint=path, progress=interrupt, **DIABLO)
    assert cluster.tasks() == []  # the interrupted study's units were cancelled
    saved = json.loads(path.read_text())
    assert 0 < sum(b - a for a, b in saved["done"]) < 25
    resumed = pedron.simulate("diablo", executor=cluster.client, timeout=30, checkpoint=path,
                              **DIABLO)
    assert resumed == diablo_local
    assert resumed.chunks < 25


# -- a scheduler that is lost, frozen or alone ------------------------------------------------


@pytest.mark.parametrize("how", ["kill", "freeze"])
def test_a_lost_scheduler_is_a_pedron_error_within_the_timeout(small_cluster, how):
    sig = signal.SIGKILL if how == "kill" else signal.SIGSTOP
    stopped = []

    def stop_scheduler(done, total, workers):
        if not stopped:
            stopped.append(time.monotonic())
            os.kill(small_cluster.scheduler.pid, sig)

    with pytest.raises(ClusterError, match="scheduler") as info:
        pedron.simulate("diablo", executor=small_cluster.client, timeout=3, chunk_size=50,
                        progress=stop_scheduler, **DIABLO)
    assert time.monotonic() - stopped[0] < 3 + 3  # the timeout, the poll and a margin
    assert "\n" not in str(info.value)


def test_the_command_reports_a_killed_scheduler_in_one_line(small_cluster):
    proc = subprocess.Popen(
        [sys.executable, "-m", "pedron", "simulate", "diablo", "--games", "200000",
         "--chunk-size", "200", "--scheduler", small_cluster.address, "--timeout", "5"],
        env=small_cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(small_cluster.client.processing().values()):
        assert time.monotonic() < deadline and proc.poll() is None, proc.stderr
        time.sleep(0.1)
    os.kill(small_cluster.scheduler.pid, signal.SIGKILL)
    t0 = time.monotonic()
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - t0 < 5 + 3
    assert proc.returncode == 2 and out == "", err
    assert len(err.strip().splitlines()) == 1, err
    assert "pedron simulate: error:" in err and "scheduler" in err and "Traceback" not in err


def test_no_worker_for_the_timeout_is_a_pedron_error(tmp_path):
    alone = Cluster(tmp_path, workers=0)
    try:
        t0 = time.monotonic()
        with pytest.raises(ClusterError, match="no Dask worker"):
            pedron.simulate("diablo", executor=alone.client, timeout=2, **DIABLO)
        assert time.monotonic() - t0 < 2 + 3
    finally:
        alone.stop()


# -- Ctrl-C with a local pool -------------------------------------------------------------------

STUDY = textwrap.dedent("""
    import sys
    import pedron

    def report(done, total):
        print("progress", done, flush=True)

    pedron.simulate("diablo", players=4, games=2_000_000, workers=2, chunk_size=300,
                    progress=report)
""")


@pytest.mark.parametrize("how", ["api", "command"])
def test_ctrl_c_stops_a_local_pool_within_two_seconds(tmp_path, how):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    if how == "api":  # SIGINT to the study's process, once units have finished
        script = tmp_path / "study.py"
        script.write_text(STUDY)
        proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        line = proc.stdout.readline()  # the pool is running units
        assert line.startswith("progress"), proc.stderr.read() if proc.stderr else ""
    else:  # Ctrl-C at a terminal: SIGINT to the whole process group, pool included
        proc = subprocess.Popen(
            [sys.executable, "-m", "pedron", "simulate", "diablo", "--games", "2000000",
             "--workers", "2", "--chunk-size", "300"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
            start_new_session=True)
        deadline = time.monotonic() + 30
        while len(psutil.Process(proc.pid).children()) < 2:
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.1)
        time.sleep(1.0)  # the pool is playing units
    children = psutil.Process(proc.pid).children(recursive=True)
    assert len(children) >= 2
    if how == "api":
        proc.send_signal(signal.SIGINT)
    else:
        os.killpg(proc.pid, signal.SIGINT)
    t0 = time.monotonic()
    try:
        proc.wait(timeout=10)
    finally:
        proc.kill()
    took = time.monotonic() - t0
    err = proc.stderr.read() if proc.stderr else ""
    assert took < 2.0, (took, err)
    if how == "api":
        assert proc.returncode != 0 and "KeyboardInterrupt" in err
    else:
        # (a plain progress line may come first: stderr is not a terminal here)
        assert proc.returncode == 130, err
        assert err.strip().splitlines()[-1] == "pedron: interrupted" and "Traceback" not in err
    time.sleep(0.2)
    alive = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    assert alive == [], alive


def test_threads_see_the_cluster_too(cluster, diablo_local):
    # Two studies at once from two threads share one client: units never mix.
    results: list[object] = []
    threads = [threading.Thread(target=lambda: results.append(pedron.simulate(
        "diablo", executor=cluster.client, timeout=30, **DIABLO))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == [diablo_local, diablo_local]


def test_the_command_with_a_scheduler_gives_the_local_table(cluster, tmp_path):
    args = ["diablo", "--games", "400", "--seed", "3", "--json", "--quiet"]

    def run(*more: str) -> dict:
        proc = subprocess.run([sys.executable, "-m", "pedron", "simulate", *args, *more],
                              env=cluster.env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    local = run()
    remote = run("--scheduler", cluster.address, "--timeout", "30",
                 "--checkpoint", str(tmp_path / "ckpt"))
    assert remote["tally"] == local["tally"]
    assert remote["run"]["executor"] == f"Dask {cluster.address}"
    assert remote["run"]["workers"] == 2
