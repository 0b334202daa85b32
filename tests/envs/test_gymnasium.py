"""The single-agent Gymnasium wrapper: Gymnasium's own checker, bots, rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from pedron.engine.errors import IllegalActionError
from pedron.envs import SingleAgentEnv
from pedron.errors import PedronError

SETTINGS = [
    {},
    {"seat": 1, "opponents": "random"},
    {"reward": "session", "max_deals": 10, "opponents": "odds:margin=0.05"},
    {"variant": "dealers", "players": 3},
    {"game": "diablo"},
    {"game": "diablo", "players": 4, "seat": 2, "opponents": ["rule", "random", "rule"]},
]


@pytest.mark.parametrize("options", SETTINGS, ids=[str(s) for s in SETTINGS])
def test_gymnasium_check_env(options):
    check_env(SingleAgentEnv(**options), skip_render_check=True)


@pytest.mark.parametrize("options", SETTINGS, ids=[str(s) for s in SETTINGS])
def test_episodes_pay_the_learner_his_chips(options):
    env = SingleAgentEnv(**options)
    rng = np.random.default_rng(0)
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        total = info.get("reward_before", 0.0)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size, "the learner is asked to act only when he may"
            obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
            assert "illegal" not in info
            total += reward
            done = term or trunc
        table = env.aec.table
        assert total == table.stacks[env.seat] - table.buy_in[env.seat]


def test_same_seed_same_episode():
    a, b = SingleAgentEnv(opponents="random"), SingleAgentEnv(opponents="random")
    for seed in range(10):
        oa, _ = a.reset(seed=seed)
        ob, _ = b.reset(seed=seed)
        done = False
        while not done:
            assert np.array_equal(oa["observation"], ob["observation"])
            action = int(np.flatnonzero(oa["action_mask"])[-1])
            oa, ra, ta, tra, _ = a.step(action)
            ob, rb, tb, trb, _ = b.step(action)
            assert (ra, ta, tra) == (rb, tb, trb)
            done = ta or tra


def test_illegal_actions():
    env = SingleAgentEnv(opponents="random")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(bad)
    assert info["illegal"] == bad
    strict = SingleAgentEnv(opponents="random", illegal="raise")
    obs, _ = strict.reset(seed=1)
    before = strict.aec.deal.getstate()
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    assert strict.aec.deal.getstate() == before


def test_bad_settings():
    with pytest.raises(PedronError):
        SingleAgentEnv(game="chess")
    with pytest.raises(PedronError):
        SingleAgentEnv(seat=2)
    with pytest.raises(PedronError):
        SingleAgentEnv(opponents="rule")  # a Diablo bot at a Diamondback table
    with pytest.raises(PedronError):
        SingleAgentEnv(game="diablo", players=3, opponents=["rule"])


@pytest.mark.parametrize("bad", [True, False, np.bool_(True), 1.0, "1", None, [1], -1, 10**9])
def test_an_action_outside_the_space_is_a_pedron_error(bad):
    # Issue 29: step(True) gave numpy's own ValueError. Whatever illegal= says, what is
    # not an action of the space is refused, and the episode is unchanged.
    for illegal in ("replace", "raise"):
        env = SingleAgentEnv(opponents="random", illegal=illegal)
        env.reset(seed=1)
        before = env.aec.deal.getstate()
        with pytest.raises(PedronError):
            env.step(bad)
        assert env.aec.deal.getstate() == before
