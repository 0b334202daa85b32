"""The PettingZoo environments against PettingZoo's own tests, and against the engine."""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

from pedron.diablo.table import Table as DiabloTable
from pedron.diamondback import Table as DiamondbackTable
from pedron.envs import diablo_v0, diamondback_v0
from pedron.errors import IllegalActionError, PedronError

CONFIGS = [
    (diamondback_v0, {}),
    (diamondback_v0, {"players": 3, "variant": "dealers", "stacks": 10}),
    (diamondback_v0, {"players": 4, "tie_rule": "split", "bet_sizes": (1, 2, 5, 10)}),
    (diamondback_v0, {"reward": "session", "max_deals": 30, "stacks": [5, 8]}),
    (diamondback_v0, {"variant": "match", "reward": "session", "max_deals": 20}),
    (diablo_v0, {}),
    (diablo_v0, {"players": 5, "more_draw": True, "declare": True}),
    (diablo_v0, {"players": 4, "dealers_choice": True, "jacks_or_better": True}),
    (diablo_v0, {"reward": "session", "max_deals": 15, "stacks": 20}),
]
IDS = [f"{m.__name__.rsplit('.', 1)[1]}-{kw}" for m, kw in CONFIGS]


@pytest.mark.parametrize(("module", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(module, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (PettingZoo warns that a Dict observation is one)
        api_test(module.env(**options), num_cycles=200)


@pytest.mark.parametrize(("module", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(module, options):
    seed_test(lambda: module.env(**options), num_cycles=200)


def random_episode(env, rng, seed, check=None):
    """Play one episode with random legal actions; ``check(env, agent)`` before each."""
    env.reset(seed=seed)
    for agent in env.agent_iter(10_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if check is not None:
            check(env, agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))


@pytest.mark.parametrize(("module", "options"), CONFIGS, ids=IDS)
def test_mask_is_exactly_what_the_engine_accepts(module, options):
    """Every index the mask offers is a move the deal accepts; every other index is
    refused by step() with the state unchanged."""
    raw = module.raw_env(**options)
    rng = np.random.default_rng(1)

    def check(env, agent):
        seat = env.agent_name_mapping[agent]
        view = env.deal.view(seat)
        mask = env.actions.mask(view)
        assert mask.any()
        before = env.deal.getstate()
        for index in range(env.actions.n):
            if mask[index]:
                env.deal.clone().apply(env.actions.move(index, view))
            else:
                with pytest.raises(IllegalActionError):
                    env.step(index)
                assert env.deal.getstate() == before
        # distinct legal indexes are distinct moves
        moves = [env.actions.move(i, view) for i in np.flatnonzero(mask)]
        assert len(set(moves)) == len(moves)

    for seed in range(6):
        random_episode(raw, rng, seed, check)


@pytest.mark.parametrize(("module", "options"), CONFIGS, ids=IDS)
def test_rewards_are_chips_and_conserved(module, options):
    raw = module.raw_env(**options)
    rng = np.random.default_rng(2)
    for seed in range(25):
        raw.reset(seed=seed)
        totals = dict.fromkeys(raw.possible_agents, 0)
        start = raw.table.total
        buy_in = raw.table.buy_in
        for agent in raw.agent_iter(20_000):
            obs, reward, term, trunc, _ = raw.last()
            totals[agent] += reward
            if term or trunc:
                raw.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            raw.step(int(legal[rng.integers(len(legal))]))
        table = raw.table
        assert table.total == start
        won = [totals[a] for a in raw.possible_agents]
        assert won == [a - b for a, b in zip(table.stacks, buy_in, strict=True)]
        if raw.reward_mode == "deal":
            assert won == list(raw.deal.result.net)
        # chips are conserved: what the players won is what left the pot on the table
        assert sum(won) + table.carry == 0


@pytest.mark.parametrize(("module", "table"), [(diamondback_v0, DiamondbackTable),
                                                (diablo_v0, DiabloTable)])
def test_a_seed_deals_what_the_table_deals(module, table):
    """reset(seed=s) reproduces a deal exactly, and it is the deal of a pedron table."""
    raw = module.raw_env()
    seen = set()
    for seed in range(20):
        raw.reset(seed=seed)
        first = (raw.deal.dealer, tuple(map(tuple, raw.deal.cards)))
        raw.reset(seed=seed + 1000)
        raw.reset(seed=seed)
        assert (raw.deal.dealer, tuple(map(tuple, raw.deal.cards))) == first
        seen.add(first)
        # the table the environment plays is a pedron Table on the same generator
        from pedron import Generator

        rng = Generator(seed)
        t = table(raw._players, raw._stacks, raw.rules,
                  Generator(rng.next_u32() << 32 | rng.next_u32()))
        deal = t.next_deal()
        assert (deal.dealer, tuple(map(tuple, deal.cards))) == first
    assert len(seen) == 20  # different seeds, different deals


def test_reset_without_seed_continues_the_sequence():
    a, b = diamondback_v0.raw_env(), diamondback_v0.raw_env()
    a.reset(seed=7)
    b.reset(seed=7)
    for _ in range(5):
        a.reset()
        b.reset()
        assert a.deal.cards == b.deal.cards


def swapped_views(env, seat):
    """Copies of the deal in which one card another player holds hidden is replaced
    by a card ``seat`` cannot see, with the deal's records changed to match."""
    deal = env.deal
    hidden = []
    for s in deal.order:
        if s == seat:
            continue
        for c in deal.cards[s]:
            if c not in deal.shown[s]:
                hidden.append((s, c))
    used = {c for r in deal.history for c in r.cards} | {c for h in deal.cards for c in h}
    size = 43 if env.metadata["name"] == "diamondback_v0" else 52
    spare = [c for c in range(size) if c not in used]
    out = []
    for _, c in hidden:
        for other in ([r for _, r in hidden if r != c][:1] + spare[:1]):
            copy = deal.clone()
            swap = {c: other, other: c}
            copy.cards = [tuple(swap.get(x, x) for x in cards) for cards in copy.cards]
            copy.history = [
                r if not r.private else dataclasses.replace(
                    r, cards=tuple(swap.get(x, x) for x in r.cards))
                for r in copy.history
            ]
            copy._seen = None  # (views are rebuilt from the changed records)
            out.append(copy)
    return out


@pytest.mark.parametrize(("module", "options"), [
    pytest.param(*c, marks=pytest.mark.slow) if c[1].get("players") == 5 else c for c in CONFIGS
], ids=IDS)
def test_observations_never_show_a_hidden_card(module, options):
    """Swapping another player's hidden card for an unseen one leaves every player's
    observation (tensor and text) the same."""
    raw = module.raw_env(**options)
    rng = np.random.default_rng(3)
    checked = 0

    def check(env, agent):
        nonlocal checked
        for seat in range(len(env.possible_agents)):
            view = env.deal.view(seat)
            tensor, text = env.encoder.encode(view), env.encoder.text(view)
            for copy in swapped_views(env, seat):
                other = copy.view(seat)
                assert np.array_equal(env.encoder.encode(other), tensor)
                assert env.encoder.text(other) == text
                assert np.array_equal(env.actions.mask(other), env.actions.mask(view))
                checked += 1

    for seed in range(4):
        random_episode(raw, rng, seed, check)
    assert checked > 50


def test_observation_shows_own_cards_and_nothing_else_before_a_reveal():
    raw = diamondback_v0.raw_env(dealer=0)
    raw.reset(seed=3)
    obs = raw.observe("player_1")["observation"]
    cards = sorted(raw.deal.cards[1], key=lambda c: __import__(
        "pedron.diamondback.cards", fromlist=["RANK_OF_ID"]).RANK_OF_ID[c])
    from pedron.diamondback.cards import RANK_OF_ID

    assert obs[RANK_OF_ID[cards[0]]] == 1 and obs[5 + RANK_OF_ID[cards[1]]] == 1
    assert obs[:10].sum() == 2
    text = raw.observation_text("player_1")
    from pedron.diamondback.cards import format_id

    for c in raw.deal.cards[0]:  # the dealer's cards are in no text of seat 1
        assert format_id(c) not in text.split("|")[0].split("cards ")[1].split(" shown")[0]


def test_bad_options_and_actions_are_clear_errors():
    with pytest.raises(PedronError):
        diamondback_v0.env(tie_rule="sometimes")
    with pytest.raises(PedronError):
        diamondback_v0.env(reward="forever")
    with pytest.raises(PedronError):
        diamondback_v0.env(bet_sizes=(3, 2))
    with pytest.raises(PedronError):
        diablo_v0.env(players=9)
    with pytest.raises(TypeError):
        diamondback_v0.env(no_such_option=1)
    raw = diamondback_v0.raw_env()
    raw.reset(seed=0)
    before = raw.deal.getstate()
    for bad in (-1, raw.actions.n, 1.5, "bet", True):
        with pytest.raises(PedronError):
            raw.step(bad)
    assert raw.deal.getstate() == before


@pytest.mark.parametrize(("module", "players", "stacks"), [
    (diamondback_v0, 2, 20),  # (the environment's own default, not the table's 100)
    (diablo_v0, 3, None),  # (Rules.stacks)
])
def test_stacks_none_is_the_documented_default_and_the_signature_says_so(module, players,
                                                                           stacks):
    import inspect

    from pedron.diablo import Rules

    chips = Rules().stacks if stacks is None else stacks
    for made in (module.env, module.raw_env):
        parameters = inspect.signature(made).parameters
        assert parameters["players"].default is None and parameters["stacks"].default is None
        for given in ({}, {"stacks": None}):
            env = made(**given)
            env.reset(seed=1)
            assert env.unwrapped.total == chips * players  # (chips at play: a Diablo ante
            assert len(env.unwrapped.table.stacks) == players  # is out of the stacks now)
    assert "stacks=None" in module.__doc__ and "``stacks`` None (the default) is" in " ".join(
        module.__doc__.split())


def test_import_pedron_does_not_import_the_rl_packages():
    import subprocess
    import sys

    code = ("import sys, pedron, pedron.diamondback, pedron.diablo, pedron.bots; "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize(("module", "options"), CONFIGS, ids=IDS)
def test_the_tensor_says_what_the_view_says(module, options):
    """Read back the documented layout: own cards, pot, and each seat's stack and chips in."""
    raw = module.raw_env(**options)
    rng = np.random.default_rng(4)
    diablo = module is diablo_v0

    def check(env, agent):
        n = len(env.possible_agents)
        for seat in range(n):
            view = env.deal.view(seat)
            t = env.encoder.encode(view)
            total = env.total
            if diablo:
                for p, c in enumerate(view.my_cards):
                    assert t[17 * p + (c >> 2)] == 1 and t[17 * p + 13 + (c & 3)] == 1
                assert t[:85].sum() == 2 * len(view.my_cards)
                base = 85 + 6 + 3
                assert t[base + 1] == pytest.approx(view.pot / total)
                per, first = 65, base + 7
            else:
                from pedron.diamondback.cards import RANK_OF_ID

                ranks = sorted(RANK_OF_ID[c] for c in view.my_cards)
                if ranks:  # (Dealer's Diamondback: none before the deal)
                    assert t[ranks[0]] == 1 and t[5 + ranks[1]] == 1
                assert t[:10].sum() == len(ranks)
                base = 16
                assert t[base] == pytest.approx(view.pot / total)
                per, first = 16, base + 4
            stack_at = 5 if diablo else 4
            for i in range(n):
                s = (seat + i) % n
                at = first + i * per
                assert t[at + stack_at] == pytest.approx(view.stacks[s] / total)
                assert t[at + stack_at + 1] == pytest.approx(view.committed[s] / total)
                assert t[at + 2] == (s == view.dealer)

    for seed in range(3):
        random_episode(raw, rng, seed, check)


@pytest.mark.parametrize("module", [diamondback_v0, diablo_v0])
def test_an_action_outside_the_mask_is_refused_not_replaced(module):
    # Every action index the mask refuses, at every turn of a few deals: a pedron error,
    # the deal unchanged, never another action played in its place.
    env = module.raw_env()
    rng = np.random.default_rng(4)
    refused = 0
    for seed in range(4):
        env.reset(seed=seed)
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            before = env.deal.getstate()
            for bad in [*np.flatnonzero(mask == 0)[::5], env.actions.n, 10**9, -1, True]:
                with pytest.raises(PedronError):
                    env.step(bad)
                assert env.deal.getstate() == before
                refused += 1
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert refused > 20
