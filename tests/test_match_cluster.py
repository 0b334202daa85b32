"""pedron.match on a real Dask cluster (a scheduler and two workers started as processes on
127.0.0.1, as in test_simulate_cluster): the in-process result, unit for unit.
Run alone with ``python -m pytest -m dask_cluster``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from pedron.match import match

distributed = pytest.importorskip("distributed")
pytest.importorskip("psutil")

# The project's real cluster, as test_simulate_cluster starts it (loaded by path: the suite
# imports test modules without putting tests/ on sys.path)
_spec = importlib.util.spec_from_file_location(
    "pedron_tests_cluster", Path(__file__).with_name("test_simulate_cluster.py"))
assert _spec is not None and _spec.loader is not None
_cluster_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cluster_module)
Cluster = _cluster_module.Cluster

pytestmark = pytest.mark.dask_cluster

MATCH = {"bots": {"rule": "rule", "random": "random", "open2": "rule:open=two_pair"},
         "players": 5, "lineup": ["rule", "random", "open2", "random", "random"], "sets": 60,
         "seed": 9}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("match-cluster"), workers=2)
    sys.path.insert(0, str(c.tmp))
    yield c
    sys.path.remove(str(c.tmp))
    c.stop()


def test_a_dask_cluster_gives_the_in_process_result(cluster):
    local = match("diablo", **MATCH)
    with distributed.get_task_stream(cluster.client) as stream:
        remote = match("diablo", executor=cluster.client, timeout=30, chunk_size=8, **MATCH)
    assert remote == local
    assert remote.executor == f"Dask {cluster.address}"
    units = [t for t in stream.data if "dask_unit" in str(t.get("key"))]
    assert len(units) == 8  # every unit of 8 sets ran on a worker (60 sets)
    assert len({t["worker"] for t in units}) == 2
    assert match("diablo", executor=cluster.client.get_executor(), timeout=30,
                 **MATCH) == local
