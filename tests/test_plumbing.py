"""What other code leans on (issue 37): a study's timeout holds on a local pool and
leaves no worker behind; a bot that cannot reach a worker process, a size past its
ceiling (the solver's stacks and tree, an action encoding) are refused before any work;
an environment used before reset() says so."""

from __future__ import annotations

import os
import sys

import pytest

import pedron
from pedron.errors import ClusterError, PedronTypeError, PedronValueError
from pedron.match import match

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.fixture(autouse=True)
def _helpers_importable(monkeypatch):
    """``plumbing_bots`` (beside this file) importable here and in forked workers."""
    monkeypatch.syspath_prepend(os.path.dirname(os.path.abspath(__file__)))


def _children() -> set[int]:
    """This process's living children (zombies, which have finished, left out)."""
    found = set()
    for task in os.listdir(f"/proc/{os.getpid()}/task"):
        try:
            with open(f"/proc/{os.getpid()}/task/{task}/children") as f:
                found.update(int(p) for p in f.read().split())
        except FileNotFoundError:  # (a thread that has just ended)
            pass
    alive = set()
    for pid in found:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(") ", 1)[1][0] != "Z":
                    alive.add(pid)
        except FileNotFoundError:
            pass
    return alive


def test_a_local_pool_simulation_honours_its_timeout_and_stops_its_workers():
    before = _children()
    with pytest.raises(ClusterError, match=r"no work unit finished in 1 s \(\d+ waiting on "
                                           r"the ProcessPoolExecutor\(2\)\)"):
        pedron.simulate("diablo", players=3, games=40, bots="plumbing_bots.SleepyBot",
                        workers=2, timeout=1, oversubscribe=True)
    assert _children() <= before, "a worker process was left running"


def test_a_local_pool_match_honours_its_timeout_and_stops_its_workers():
    from plumbing_bots import SleepyBot

    before = _children()
    with pytest.raises(ClusterError, match=r"no work unit finished in 1\.5 s"):
        match("diablo", {"sleepy": SleepyBot, "rule": "rule"}, players=3, sets=20,
                     workers=2, timeout=1.5)
    assert _children() <= before, "a worker process was left running"


def _local_factory():
    from plumbing_bots import check

    class Local:
        def __init__(self):
            self.bot = check()

        def __call__(self, view, legal):
            return self.bot(view, legal)

    return Local


@pytest.mark.parametrize("factory", [lambda: __import__("plumbing_bots").check(),
                                     _local_factory],
                         ids=["lambda", "local class"])
def test_a_factory_that_cannot_reach_a_worker_is_refused_before_any_process(factory):
    if factory is _local_factory:
        factory = _local_factory()
    before = _children()
    with pytest.raises(PedronTypeError, match="importable \\(module-level\\)"):
        match("diablo", {"mine": factory, "rule": "rule"}, players=3, sets=4,
                     workers=2)
    assert _children() <= before
    # in this process, or with a module-level factory, the same match plays
    assert match("diablo", {"mine": factory, "rule": "rule"}, players=3, sets=2).sets == 2
    from plumbing_bots import check

    assert match("diablo", {"mine": check, "rule": "rule"}, players=3, sets=4,
                        workers=2).sets == 4


# -- sizes refused before anything is built --------------------------------------------------


def _peak_bytes(call):
    """``call()``'s pedron error, and the most memory Python allocated meanwhile."""
    import tracemalloc

    from pedron.errors import PedronError

    tracemalloc.start()
    try:
        with pytest.raises(PedronError) as info:
            call()
        return info.value, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _estimate(**spec):
    from pedron.diamondback.solver import estimate, game_spec

    return lambda: estimate(game_spec(**spec))


def _solve(**spec):
    from pedron.diamondback.solver import game_spec, solve

    return lambda: solve(game_spec(**spec))


@pytest.mark.parametrize("make", [_estimate(stacks=10**9), _solve(stacks=2**40),
                                  _estimate(stacks=10**7)],
                         ids=["estimate 10**9", "solve 2**40", "estimate 10**7"])
def test_the_solver_refuses_huge_stacks_by_arithmetic(make):
    error, peak = _peak_bytes(make)
    assert "MAX_MOVES" in str(error) and "256" in str(error)
    assert peak < 5 << 20  # (nothing sized by the stacks was built)


@pytest.mark.parametrize("spec", [{"stacks": 100}, {"stacks": 60, "variant": "dealers"}],
                         ids=["normal 100", "dealers 60"])
def test_the_solver_stops_counting_a_tree_past_its_layout(spec):
    from pedron.diamondback.solver import estimate, game_spec
    from pedron.diamondback.solver.tree import MAX_NODES

    # (counted to its end, a tree of about 10**32 and 10**11 nodes: the walk now stops at
    # the first subtree past the 32-bit layout)
    with pytest.raises(PedronValueError, match="MAX_NODES") as info:
        estimate(game_spec(**spec))
    assert f"{MAX_NODES:,}" in str(info.value)


def test_the_solver_refuses_a_line_of_play_deeper_than_its_walk():
    from pedron.diamondback.solver import estimate, game_spec

    with pytest.raises(PedronValueError, match="MAX_DEPTH"):  # (was a RecursionError)
        estimate(game_spec(stacks=10_000, bet_sizes="10;20"))


def test_a_solvable_tree_is_still_counted():
    from pedron.diamondback.solver import estimate, game_spec

    assert estimate(game_spec(stacks=16)).size.nodes == 5_733_629  # (docs/performance.md)


def _env(module, **options):
    def make():
        import importlib

        return importlib.import_module(f"pedron.envs.{module}").env(**options)

    return make


def _single(**options):
    def make():
        from pedron.envs.single import diamondback

        return diamondback(**options)

    return make


@pytest.mark.parametrize("make", [_env("diamondback_v0", stacks=10**9),
                                  _env("diablo_v0", max_bet_after=10**9),
                                  _single(stacks=10**9)],
                         ids=["diamondback_v0", "diablo_v0 max_bet_after", "single-agent"])
def test_an_environment_too_large_to_encode_is_refused_before_it_is_built(make):
    pytest.importorskip("pettingzoo")
    error, peak = _peak_bytes(make)
    assert isinstance(error, PedronValueError) and "MAX_ACTIONS" in str(error)
    assert peak < 5 << 20


@pytest.mark.parametrize("name,params", [
    ("python_pedron_diamondback", {"players": 2, "stacks": 10**9}),
    ("python_pedron_diablo", {"players": 3, "stacks": 10**9, "max_bet_before": 10**9}),
])
def test_an_openspiel_game_too_large_to_encode_is_refused(name, params):
    pyspiel = pytest.importorskip("pyspiel")
    import pedron.spiel  # noqa: F401  (registers the games)

    error, peak = _peak_bytes(lambda: pyspiel.load_game(name, params))
    assert isinstance(error, PedronValueError) and "MAX_ACTIONS" in str(error)
    assert peak < 5 << 20


def test_a_large_table_with_bet_sizes_still_encodes():
    pytest.importorskip("pettingzoo")
    from pedron.envs import diamondback_v0

    env = diamondback_v0.env(stacks=10**9, bet_sizes=[1, 10, 100])
    env.reset(seed=1)
    assert env.action_space(env.agent_selection).n == 8


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_an_environment_used_before_reset_says_so(wrapped):
    pytest.importorskip("pettingzoo")
    from pedron.envs import diamondback_v0
    from pedron.errors import NotResetError

    env = diamondback_v0.env() if wrapped else diamondback_v0.raw_env()
    calls = {"observe": lambda: env.observe("player_0"), "step": lambda: env.step(0),
             "last": env.last, "view": lambda: env.view("player_0")}
    if wrapped:
        calls["agent_iter"] = lambda: next(iter(env.agent_iter()))
    for call in calls.values():
        with pytest.raises(NotResetError, match=r"reset\(\)"):
            call()
    # the spaces are there before reset (PettingZoo's API), and reset makes it playable
    assert env.observation_space("player_0") is env.observation_space("player_0")
    env.reset(seed=3)
    assert env.last()[0]["action_mask"].any()
