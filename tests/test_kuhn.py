"""A third game in one module (tests/kuhn.py: Kuhn poker, registered through pedron.games)
runs through every layer that asks the registry: the conformance suite, the PettingZoo
and Gymnasium environments, the OpenSpiel adapter, simulate, match and ``pedron play``;
and it plays the game Kuhn described (facts from the game, not from this code)."""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from pedron import games
from pedron.engine.moves import Bet, Call, Check, Fold
from pedron.errors import PedronValueError


@pytest.fixture(scope="module")
def kuhn() -> Iterator[Any]:
    """The module, its game registered for this module's tests only (the other tests
    see the built-in games alone)."""
    module = importlib.import_module("tests.kuhn")
    games.register(module.INFO, replace=True)
    try:
        yield module
    finally:
        games.unregister("kuhn")


def test_registered_through_the_public_api(kuhn):
    info = games.get("kuhn")
    assert info is kuhn.INFO and "kuhn" in games.names()
    assert info.table is kuhn.KuhnTable and info.players == range(2, 3)
    assert info.deal_word == "hand"


# -- the conformance suite ------------------------------------------------------------------
def _cards(deal: Any) -> list[list[int]]:
    return [list(c) for c in deal.cards] + [list(deal.deck.stock)]


def _hidden(deal: Any, viewer: int | None) -> set[int]:
    hidden = set(deal.deck.stock)
    for s, held in enumerate(deal.cards):
        if s != viewer:
            hidden |= set(held) - set(deal.shown[s])
    return hidden


def _conformance_game(kuhn: Any) -> Any:
    from tests.test_conformance import Game

    def table(seed: int, rnd: random.Random) -> Any:
        return kuhn.KuhnTable(2, [rnd.randint(2, 12), rnd.randint(2, 12)], seed=seed,
                              keep_history=True)

    return Game("kuhn", table, _cards, _hidden)


def test_conformance_deep(kuhn):
    from tests.test_conformance import play

    game = _conformance_game(kuhn)
    assert sum(play(game, seed, 4, deep=True) for seed in range(8)) > 40


def test_conformance_long(kuhn):
    from tests.test_conformance import play

    game = _conformance_game(kuhn)
    assert sum(play(game, 1000 + seed, 60, deep=False) for seed in range(8)) > 150


# -- the game Kuhn described --------------------------------------------------------------
J, Q, K = 0, 1, 2
DEALS = [(a, b) for a in (J, Q, K) for b in (J, Q, K) if a != b]  # (first player, dealer)


def _deal(kuhn: Any, first: int, dealer_card: int) -> Any:
    """A deal with seat 0 dealing: seat 1 (the dealer's left) acts first and is dealt
    the deck's first card."""
    rest = [c for c in (J, Q, K) if c not in (first, dealer_card)]
    table = kuhn.KuhnTable(2, 10, seed=0, dealer=0, order=[first, dealer_card, *rest])
    deal = table.next_deal()
    assert deal.to_act == 1 and deal.cards[1] == (first,) and deal.cards[0] == (dealer_card,)
    return deal


def test_antes_bets_and_showdowns_as_the_rules_say(kuhn):
    deal = _deal(kuhn, K, J)
    assert deal.pot == 2  # (one ante each)
    assert {a.kind for a in deal.legal_actions()} == {"check", "bet"}
    deal.apply(Check())
    deal.apply(Check())  # check, check: the higher card takes the antes
    assert deal.result.net == (-1, 1)
    deal = _deal(kuhn, J, Q)
    deal.apply(Bet(1))
    assert {a.kind for a in deal.legal_actions()} == {"call", "fold"}
    deal.apply(Fold())  # a bet folded to: the bettor takes the antes, cards unseen
    assert deal.result.net == (-1, 1) and not deal.result.showdown
    deal = _deal(kuhn, J, Q)
    deal.apply(Check())
    deal.apply(Bet(1))
    deal.apply(Call())  # check, bet, call: two chips each, the higher card wins
    assert deal.result.net == (2, -2)
    deal = _deal(kuhn, Q, K)
    with pytest.raises(Exception, match="bet"):
        deal.apply(Bet(2))  # (one bet of one chip)


def _first_player_value(kuhn: Any, first_bets: bool, dealer_calls: set[int]) -> Fraction:
    """The first player's mean over the six deals: he always bets; the dealer calls with
    the cards in ``dealer_calls`` and folds the others."""
    total = Fraction(0)
    for first, dealer_card in DEALS:
        deal = _deal(kuhn, first, dealer_card)
        deal.apply(Bet(1) if first_bets else Check())
        deal.apply(Call() if dealer_card in dealer_calls else Fold())
        total += deal.result.net[1]
    return total / len(DEALS)


def test_the_value_of_a_simple_strategy_pair(kuhn):
    # By hand: the first player always bets; the dealer calls with Q or K, folds J.
    # Dealer J (1/3): he folds, +1. Dealer Q (1/3): the first holds K or J alike, +2 or
    # -2, 0. Dealer K (1/3): he calls and wins, -2. Value: 1/3 + 0 - 2/3 = -1/3.
    assert _first_player_value(kuhn, True, {Q, K}) == Fraction(-1, 3)
    # ... and calling only with K: J or Q fold (+1, 2/3), K calls (-2, 1/3): 0.
    assert _first_player_value(kuhn, True, {K}) == 0


# -- the environments ---------------------------------------------------------------------
def test_pettingzoo_api_test(kuhn):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import pedron.envs

    api_test(pedron.envs.env("kuhn"), num_cycles=200)
    api_test(pedron.envs.env("kuhn", reward="session", stacks=6), num_cycles=200)


def test_gymnasium_single_agent(kuhn):
    """Against a bot that always bets or calls, a learner who always bets or calls
    plays every deal to a two-chip showdown."""
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from pedron.envs import SingleAgentEnv

    env = SingleAgentEnv("kuhn", opponents="tests.kuhn.Caller")
    check_env(env, skip_render_check=True)
    assert env.action_space.n == 2
    rewards = []
    for seed in range(40):
        _, info = env.reset(seed=seed)
        assert info["reward_before"] == 0  # (nothing ends a deal before the learner acts)
        done = False
        while not done:
            _, reward, term, trunc, _ = env.step(1)  # bet, or call
            done = term or trunc
        rewards.append(reward)
    assert set(rewards) == {-2.0, 2.0}


def test_gymnasium_default_opponent(kuhn):
    pytest.importorskip("gymnasium")
    from pedron.envs import SingleAgentEnv

    env = SingleAgentEnv("kuhn")  # (the descriptor's default_bot: "random")
    assert env.opponents == ["random"]
    env.reset(seed=1)


# -- the OpenSpiel adapter ----------------------------------------------------------------
def _spiel(kuhn: Any) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import pedron.spiel

    pedron.spiel.register()
    return pyspiel


def test_openspiel_random_sim_test(kuhn):
    pyspiel = _spiel(kuhn)
    game = pyspiel.load_game("python_pedron_kuhn", {})
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    assert game.num_distinct_actions() == 2 and game.max_chance_outcomes() == 3


def test_openspiel_tree_is_kuhns(kuhn):
    """The tree is OpenSpiel's own Kuhn poker's: 6 deals, 30 terminal states, 12
    information sets; and the uniform random policy is worth the same to the first
    player in both (seat 1 here, player 0 there)."""
    pyspiel = _spiel(kuhn)
    ours = pyspiel.load_game("python_pedron_kuhn", {})
    theirs = pyspiel.load_game("kuhn_poker")

    def walk(game: Any, first: int) -> tuple[int, set[str], float]:
        terminals, infosets = 0, set()
        value = 0.0
        stack = [(game.new_initial_state(), 1.0)]
        while stack:
            state, p = stack.pop()
            if state.is_terminal():
                terminals += 1
                value += p * state.returns()[first]
            elif state.is_chance_node():
                stack.extend((state.child(a), p * q) for a, q in state.chance_outcomes())
            else:
                player = state.current_player()
                infosets.add(f"{player}:{state.information_state_string(player)}")
                actions = state.legal_actions()
                stack.extend((state.child(a), p / len(actions)) for a in actions)
        return terminals, infosets, value

    t1, i1, v1 = walk(ours, 1)
    t2, i2, v2 = walk(theirs, 0)
    assert (t1, len(i1)) == (t2, len(i2)) == (30, 12)
    assert v1 == pytest.approx(v2) and v2 == pytest.approx(0.125)


def test_openspiel_cfr_finds_the_value(kuhn):
    """OpenSpiel's CFR+ on the adapter's tree finds Kuhn's value, -1/18 to the first
    player (pedron's own solver reads Diamondback's public tree only: docs/design.md)."""
    pyspiel = _spiel(kuhn)
    _cfr_plus_finds_kuhns_value(pyspiel, pyspiel.load_game("python_pedron_kuhn", {}))


def _cfr_plus_finds_kuhns_value(pyspiel: Any, game: Any) -> None:
    """60 iterations of OpenSpiel's CFR+ on ``game`` reach Kuhn's value: -1/18 to the
    first player (seat 1), within the policy's NashConv (a zero-sum game)."""
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(60):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    nash_conv = pyspiel.nash_conv(game, policy)
    assert nash_conv < 0.01
    values = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)
    assert abs(values[1] - Fraction(-1, 18)) <= nash_conv  # (seat 1 acts first)
    assert values[0] == pytest.approx(-values[1])


def test_the_efg_export_names_kuhns_information_sets_as_kuhn_does(kuhn):
    """``export_efg`` is generic: a game's information sets are the game's own
    (OpenSpiel's information states), not Diamondback's strategy-file keys; its EFG
    solved by CFR+ has Kuhn's 12 information sets and value."""
    pyspiel = _spiel(kuhn)
    from pedron.diamondback.spiel import strategy_key
    from pedron.spiel.solve import export_efg

    game = pyspiel.load_game("python_pedron_kuhn", {})
    text, infosets, nodes = export_efg(game)
    assert len(infosets) == 12 and nodes == 58  # (4 chance nodes, 24 decisions, 30 ends)
    assert {p for p, _ in infosets} == {0, 1} and all(a == [0, 1] for a in infosets.values())
    assert text.startswith('EFG 2 R "pedron Kuhn poker"')
    _cfr_plus_finds_kuhns_value(pyspiel, pyspiel.load_efg_game(text))
    # the strategy file's keys are Diamondback's: asked of another game, refused
    with pytest.raises(PedronValueError, match="keys are Diamondback's, not Kuhn poker's"):
        export_efg(game, strategy_key)


# -- simulate, match and the command line (the registry in those layers) --------------------
def test_simulate(kuhn):
    from pedron import simulate

    result = simulate("kuhn", players=2, games=200, bots=["random", "random"], seed=1)
    assert result.game == "kuhn" and result.players == 2
    assert sum(result.net) == 0 and any(result.net)  # (chips change hands, conserved)
    again = simulate("kuhn", players=2, games=200, bots=["random", "random"], seed=1)
    assert again.net == result.net


def test_match(kuhn):
    from pedron.match import match

    result = match("kuhn", {"a": "random", "b": "tests.kuhn.Caller"}, sets=20, seed=1)
    assert result.game == "kuhn" and result.players == 2
    assert sum(result.chips.values()) == 0  # (duplicate seatings: what one wins the other loses)


def test_pedron_play_by_text(kuhn, monkeypatch, capsys):
    from pedron.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("bet\ncall\n\n" * 20 + "q\n"))
    status = main(["play", "kuhn", "--seed", "3"])
    out = capsys.readouterr().out
    assert status == 0 and "Kuhn poker" in out and "Traceback" not in out
