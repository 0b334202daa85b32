"""The single-agent Gymnasium wrapper: Gymnasium's own checker, bots, rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from pedron.envs import SingleAgentEnv
from pedron.errors import IllegalActionError, PedronError

SETTINGS = [
    ("diamondback", {}),
    ("diamondback", {"seat": 1, "opponents": "random"}),
    ("diamondback", {"reward": "session", "max_deals": 10, "opponents": "odds:margin=0.05"}),
    ("diamondback", {"variant": "dealers", "players": 3}),
    ("diablo", {}),
    ("diablo", {"players": 4, "seat": 2, "opponents": ["rule", "random", "rule"]}),
    # every keyword goes to the environment, the Diablo rules' variant= included (issue 30)
    ("diablo", {"variant": "deuces_wild"}),
    ("diablo", {"variant": "draw", "players": 5, "opponents": "random"}),
]
IDS = [f"{name}-{options}" for name, options in SETTINGS]


@pytest.mark.parametrize(("name", "options"), SETTINGS, ids=IDS)
def test_gymnasium_check_env(name, options):
    check_env(SingleAgentEnv(name, **options), skip_render_check=True)


@pytest.mark.parametrize(("name", "options"), SETTINGS, ids=IDS)
def test_episodes_pay_the_learner_his_chips(name, options):
    env = SingleAgentEnv(name, **options)
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
        SingleAgentEnv("chess")
    with pytest.raises(PedronError):
        SingleAgentEnv(seat=2)
    with pytest.raises(PedronError):
        SingleAgentEnv(opponents="rule")  # a Diablo bot at a Diamondback table
    with pytest.raises(PedronError):
        SingleAgentEnv("diablo", players=3, opponents=["rule"])


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


@pytest.mark.parametrize("variant", ["deuces_wild", "draw"])
def test_the_diablo_variants_play_single_agent(variant):
    # Issue 30: the wrapper's own first parameter was called game, as Diablo's option
    # was, so Deuces Wild could not be played single-agent (a TypeError). The option
    # is Diablo's variant now, and the wrapper takes every keyword of the environment.
    env = SingleAgentEnv("diablo", variant=variant, opponents="random")
    assert env.aec.rules.variant == variant
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = term or trunc
    assert env.aec.deal.view(None).variant == variant


@pytest.mark.parametrize(("env_id", "options"), [
    ("pedron/Diamondback-v0", {}),
    ("pedron/Diamondback-v0", {"stacks": 20, "opponents": "random", "seat": 1}),
    ("pedron/Diablo-v0", {}),
    ("pedron/Diablo-v0", {"variant": "deuces_wild", "players": 4}),
])
def test_registered_with_gymnasium(env_id, options):
    import gymnasium

    import pedron.envs  # noqa: F401  (registers the ids)

    env = gymnasium.make(env_id, **options)
    assert isinstance(env.unwrapped, SingleAgentEnv)
    assert env.unwrapped.game == env_id.split("/")[1].split("-")[0].lower()
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    obs, reward, _, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert isinstance(reward, float)
    ansi = gymnasium.make(env_id, render_mode="ansi")
    ansi.reset(seed=2)
    assert "seat" in ansi.render()


def test_gymnasium_finds_the_ids_without_an_import_first():
    import subprocess
    import sys

    code = ("import gymnasium; e = gymnasium.make('pedron.envs:pedron/Diablo-v0', "
            "variant='draw'); print(e.unwrapped.aec.rules.variant)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.stdout.strip() == "draw", out.stderr
