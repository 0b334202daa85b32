"""Heads-up Diamondback solved with OpenSpiel's CFR+: exploitability, values checked
against the exact odds, the strategy file and the bot that plays it."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pedron.cli import main  # noqa: E402
from pedron.diamondback.equilibrium import EquilibriumBot  # noqa: E402
from pedron.diamondback.odds import dealing_odds, odds  # noqa: E402
from pedron.diamondback.spiel import solve, write_strategy  # noqa: E402
from pedron.diamondback.strategyfile import info_key, read_strategy_file  # noqa: E402
from pedron.errors import PedronError  # noqa: E402


@pytest.fixture(scope="module")
def one_chip():
    """Stacks of 1: the dealer's bet is forced (1 chip) and nothing is bet after it."""
    return solve({"stacks": 1}, iterations=200, target=1e-6, check_every=50)


def test_exploitability_is_measured_and_tiny(one_chip):
    assert one_chip.exploitability <= 0.001 * 1  # at most 0.1% of the stack
    assert one_chip.values[0] == pytest.approx(-one_chip.values[1])


def test_one_chip_equilibrium_is_what_the_exact_odds_say(one_chip):
    """With one chip each the non-dealer matches exactly when he wins more often than he
    loses (a carry gives both their chip back): the game's value follows from the odds."""
    value = Fraction(0)
    for hand, p in dealing_odds(2).items():
        o = odds(hand.name, players=2)
        edge = o.win - o.lose
        if edge > 0:
            value += p * edge
        ranks = "".join(sorted("PKQSM"[r] for r in hand.ranks))
        key = f"N0 {ranks} D:bet1"
        probs = dict((int(a), q) for a, q in one_chip.strategy[key])
        match = probs.get(1, 0.0)
        if edge > 0.01:
            assert match > 0.99, (hand, o)
        elif edge < -0.01:
            assert match < 0.01, (hand, o)
    assert one_chip.values[1] == pytest.approx(float(value), abs=1e-4)


def test_small_solve_meets_the_target_and_the_file_round_trips(tmp_path):
    solution = solve({"stacks": 2}, iterations=400, target=0.0005 * 2, check_every=25)
    assert solution.exploitability <= 0.001 * 2
    path = write_strategy(solution, tmp_path / "s.json")
    data = read_strategy_file(path)
    assert data["exploitability"] == solution.exploitability
    for probs in data["strategy"].values():
        assert sum(p for _, p in probs) == pytest.approx(1.0, abs=1e-4)
    bot = EquilibriumBot(path, seed=1)
    assert bot.stacks == (2, 2)


def test_the_bot_plays_every_decision_from_the_file(tmp_path):
    from pedron.diamondback import Table

    solution = solve({"stacks": 2}, iterations=100, check_every=100)
    path = write_strategy(solution, tmp_path / "s.json")
    bots = [EquilibriumBot(path, seed=s) for s in (1, 2)]
    table = Table(2, 2, seed=5, dealer=0)
    hand = table.next_deal()
    while not hand.done:
        view = hand.view(hand.to_act)
        assert info_key(view) in solution.strategy
        hand.apply(bots[hand.to_act](view, view.legal))
    assert bots[0].fallbacks == bots[1].fallbacks == 0


def test_cli_writes_a_strategy_file(tmp_path, capsys):
    out = tmp_path / "strategy.json"
    assert main(["solve", "diamondback", "--stacks", "1", "-o", str(out), "--json",
                 "--solver", "openspiel"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["solver"] == "openspiel" and summary["nash_conv"] <= 0.001
    assert read_strategy_file(out)["settings"]["stacks"] == [1, 1]


def test_bad_requests_are_clear_errors(tmp_path):
    with pytest.raises(PedronError):
        solve({"players": 3})
    with pytest.raises(PedronError):
        solve({"stacks": 1}, iterations=0)
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(PedronError):
        EquilibriumBot(bad)
    with pytest.raises(SystemExit) as stop:  # (argparse refuses it: one line, status 2)
        main(["solve", "diamondback", "--stacks", "0", "-o", str(tmp_path / "x")])
    assert stop.value.code == 2


@pytest.fixture(scope="module")
def two_chips(tmp_path_factory):
    solution = solve({"stacks": 2}, iterations=400, target=0.0005 * 2, check_every=25)
    return solution, write_strategy(solution, tmp_path_factory.mktemp("s") / "s.json")


def test_simulated_self_play_matches_the_solved_value(two_chips):
    from pedron.diamondback.spiel import play_hands

    solution, path = two_chips
    played = play_hands(path, ["equilibrium", "equilibrium"], 4000, seed=11)
    assert abs(played.mean[0] - solution.values[0]) <= played.ci95[0]


@pytest.mark.parametrize("opponent", ["odds", "random"])
def test_against_the_built_in_bots_the_equilibrium_keeps_its_value(two_chips, opponent):
    """An equilibrium of a zero-sum game earns at least the game's value against any
    opponent, in either seat (within the simulation's 95% interval)."""
    from pedron.diamondback.spiel import play_hands

    solution, path = two_chips
    as_dealer = play_hands(path, ["equilibrium", opponent], 3000, seed=12)
    assert as_dealer.mean[0] >= solution.values[0] - as_dealer.ci95[0]
    as_other = play_hands(path, [opponent, "equilibrium"], 3000, seed=13)
    assert as_other.mean[1] >= solution.values[1] - as_other.ci95[1]


def test_dealers_diamondback_is_played_from_the_ante_on(tmp_path):
    from pedron.diamondback import Rules, Table

    solution = solve({"stacks": 2, "variant": "dealers"}, iterations=200, target=1e-5)
    assert "D -" in solution.strategy  # the ante is chosen before any card is dealt
    path = write_strategy(solution, tmp_path / "d.json")
    bots = [EquilibriumBot(path, seed=s, rules=Rules.dealers()) for s in (3, 4)]
    for seed in range(20):
        hand = Table(2, 2, Rules.dealers(), seed=seed, dealer=0).next_deal()
        while not hand.done:
            view = hand.view(hand.to_act)
            hand.apply(bots[hand.to_act](view, view.legal))
    assert bots[0].plays and bots[0].fallbacks == bots[1].fallbacks == 0


def test_the_bot_is_a_simulation_bot_spec(two_chips):
    import pedron

    _, path = two_chips
    spec = f"pedron.diamondback.equilibrium.EquilibriumBot:file={path}"
    result = pedron.simulate("diamondback", players=2, games=40, bots=[spec, "odds"],
                             stacks=2, session_games=1, seed=3)
    assert result.games >= 40
    with pytest.raises(PedronError):
        EquilibriumBot(path, rules=__import__("pedron.diamondback", fromlist=["Rules"]).Rules(
            tie_rule="split"))


@pytest.mark.parametrize("name", ["HandsPlayed", "Solution", "play_hands", "solve",
                                  "strategy_key", "write_strategy"])
def test_the_old_names_of_the_openspiel_solver_warn(name):
    import pedron.diamondback.spiel
    import pedron.spiel.solve

    with pytest.warns(DeprecationWarning, match=rf"pedron\.spiel\.solve\.{name} is deprecated "
                                                rf".* use pedron\.diamondback\.spiel\.{name}$"):
        got = getattr(pedron.spiel.solve, name)
    assert got is getattr(pedron.diamondback.spiel, name)


def test_the_cli_finds_the_openspiel_solver_through_the_descriptor():
    from pedron import games

    assert games.get("diamondback").spiel.solver == "pedron.diamondback.spiel"
    assert games.get("diablo").spiel.solver is None

