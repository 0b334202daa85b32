"""pedron.diamondback.solver: heads-up Diamondback solved by pedron's compiled CFR, checked
against the exact odds, an independent linear program, OpenSpiel's solver and OpenSpiel's own
NashConv of the strategy it writes; the command's checks and its progress."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
import threading
from fractions import Fraction

import numpy as np
import pytest

from pedron._kernels.cfr import CfrTree, TreeValues
from pedron.bots import RandomBot
from pedron.cli import main
from pedron.diamondback import Rules, Table
from pedron.diamondback.equilibrium import EquilibriumBot
from pedron.diamondback.odds import dealing_odds, odds
from pedron.diamondback.solver import estimate, game_spec, solve, write_strategy
from pedron.diamondback.solver.tree import (
    HANDS,
    build_graph,
    chance_table,
    count,
    expand,
    has_table,
    outcome_table,
)
from pedron.diamondback.strategyfile import info_key, read_strategy_file
from pedron.errors import PedronError, PedronValueError


@pytest.fixture(scope="module")
def one_chip():
    return solve(game_spec(1), target=1e-9, iterations=20_000)


def test_one_chip_value_is_what_the_exact_odds_say(one_chip):
    """With one chip each the other player matches exactly when he wins more often than he
    loses (a carry gives both their chip back): the value follows from the exact odds,
    and it is the -0.276190 an independent LP gives (-29/105)."""
    value = Fraction(0)
    for hand, p in dealing_odds(2).items():
        o = odds(hand.name, players=2)
        value += p * max(o.win - o.lose, 0)
    assert value == Fraction(29, 105)
    low, high = one_chip.bounds
    assert low <= -float(value) + 1e-12 and -float(value) <= high + 1e-12
    assert high - low <= one_chip.nash_conv + 1e-12
    assert one_chip.nash_conv <= 1e-9


def test_the_solve_meets_its_target_and_the_bounds_are_nash_conv_wide():
    s = solve(game_spec(4), target=0.001)
    assert s.nash_conv <= 0.001
    low, high = s.bounds
    assert low <= s.values[0] <= high and high - low <= s.nash_conv + 1e-12
    assert s.values[0] == pytest.approx(-s.values[1])


def test_stacks_8_both_variants_to_the_default_target():
    for variant in ("normal", "dealers"):
        s = solve(game_spec(8, variant))
        assert s.nash_conv <= 0.008
        assert s.nodes == estimate(game_spec(8, variant)).size.nodes


def test_the_same_solve_gives_the_same_strategy():
    a = solve(game_spec(3), iterations=150, target=0)
    b = solve(game_spec(3), iterations=150, target=0)
    assert a.strategy == b.strategy and a.nash_conv == b.nash_conv


# -- the tree --------------------------------------------------------------------------------


def test_the_count_is_the_layout_and_the_chance_table_is_exact():
    for spec in (game_spec(3), game_spec(3, "dealers"), game_spec(5, bet_sizes="1;3")):
        graph = build_graph(spec)
        size = count(graph)
        arrays = expand(graph)  # (asserts the layout matches the count)
        assert len(arrays.kind) == size.nodes and len(arrays.child) == size.edges
    chance = chance_table()
    assert chance.sum() == pytest.approx(1.0, abs=1e-15)
    # the marginal of each seat is the exact dealing odds
    by_name = {h.ranks: float(p) for h, p in dealing_odds(2).items()}
    for i, (lo, hi) in enumerate(HANDS):
        assert chance[i].sum() == pytest.approx(by_name[(hi, lo)], abs=1e-15)
        assert chance[:, i].sum() == pytest.approx(by_name[(hi, lo)], abs=1e-15)


@pytest.mark.parametrize("variant", ["normal", "dealers"])
def test_every_decision_the_engine_offers_is_in_the_file(tmp_path, variant):
    solution = solve(game_spec(3, variant), iterations=100, target=0)
    path = write_strategy(solution, tmp_path / "s.json")
    rules = Rules.dealers() if variant == "dealers" else Rules()
    bots = [EquilibriumBot(path, seed=s, rules=rules) for s in (1, 2)]
    others = [RandomBot(7), RandomBot(8)]
    for seed in range(150):
        hand = Table(2, 3, rules, seed=seed, dealer=0).next_deal()
        while not hand.done:
            seat = hand.to_act
            view = hand.view(seat)
            assert info_key(view) in solution.strategy
            bot = bots[seat] if seed % 2 else [bots[0], others[1]][seat]
            hand.apply(bot(view, view.legal))
    assert bots[0].plays and bots[0].fallbacks == bots[1].fallbacks == 0
    data = read_strategy_file(path)
    assert data["solver"] == "pedron-cfr+" and data["nash_conv"] == solution.nash_conv
    for probs in data["strategy"].values():
        assert sum(p for _, p in probs) == pytest.approx(1.0, abs=1e-5)


def test_bad_specs_are_refused():
    for kwargs, text in [({"stacks": 0}, "stacks"), ({"stacks": 2.0}, "whole"),
                         ({"stacks": 2, "variant": "match"}, "variant"),
                         ({"stacks": 2, "carry": "x"}, "carry"),
                         ({"stacks": 2, "bet_sizes": "2;1"}, "increasing"),
                         ({"stacks": 2, "bet_sizes": "a"}, "whole amounts"),
                         ({"stacks": 2, "tie_rule": "seated"}, "tie_rule")]:
        with pytest.raises(PedronError, match=text):
            game_spec(**kwargs)
    with pytest.raises(PedronError, match="moves"):
        estimate(game_spec(100_000))
    with pytest.raises(PedronError, match="needs about"):
        solve(game_spec(20))  # 92 million nodes: refused before anything is allocated
    with pytest.raises(PedronError, match="needs about"):
        solve(game_spec(4), max_memory=1000)
    with pytest.raises(PedronError, match="target"):
        solve(game_spec(1), target=-1)
    with pytest.raises(PedronError, match="target"):
        solve(game_spec(1), target=float("nan"))


def test_the_kernel_checks_its_arrays():
    graph = build_graph(game_spec(2))
    arrays = expand(graph)
    chance = chance_table()
    good = dict(arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                has=has_table())
    CfrTree(**good)
    bad_child = arrays.child.copy()
    bad_child[0] = 0  # a cycle to the root
    bad_rank = arrays.rank.copy()
    bad_rank[0] = 7
    for change in ({"child": bad_child}, {"rank": bad_rank},
                   {"chance": np.full((14, 14), 1.0)}, {"outcome": np.full((14, 14), 5)},
                   {"term": np.full(len(arrays.term), 10**6)},
                   {"mask": np.full((len(arrays.kind), 2), 1 << 15)},
                   {"kind": arrays.kind[:-1]}):
        with pytest.raises(PedronError):
            CfrTree(**dict(good, **change))
    with pytest.raises(PedronError):
        CfrTree(**good, scheme="cfr")


def test_a_trees_values_are_a_frozen_record_read_by_name():
    arrays = expand(build_graph(game_spec(1)))
    chance = chance_table()
    tree = CfrTree(**arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                   has=has_table())
    tree.run(5)
    got = tree.values()
    assert type(got) is TreeValues and len(got.values) == len(got.best) == 2
    assert got.nash_conv == max(sum(got.best) - sum(got.values), 0.0) > 0  # (5: not yet)
    with pytest.raises(TypeError):
        iter(got)  # (a record, not a pair read by position)
    with pytest.raises(AttributeError):
        got.values = (0.0, 0.0)
    assert pickle.loads(pickle.dumps(got)) == got == copy.deepcopy(got)
    assert hash(got) == hash(TreeValues(list(got.values), list(got.best)))
    # a best response never gains less than nothing: the NashConv is at least 0
    assert TreeValues([0.5, -0.5], [0.5, -0.5 - 1e-12]).nash_conv == 0.0
    with pytest.raises(PedronValueError, match="one entry per seat"):
        TreeValues([0.5, -0.5], [0.5])


def test_cfr_plus_and_dcfr_reach_the_same_value():
    graph = build_graph(game_spec(2))
    arrays = expand(graph)
    chance = chance_table()
    out = []
    for scheme in ("cfr+", "dcfr"):
        tree = CfrTree(**arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                       has=has_table(), scheme=scheme)
        tree.run(3000)
        measured = tree.values()
        assert measured.nash_conv < 1e-4
        assert sum(measured.best) - sum(measured.values) < 1e-4
        out.append(measured.values[0])
    assert out[0] == pytest.approx(out[1], abs=1e-4)


def test_the_kernel_releases_the_gil():
    graph = build_graph(game_spec(6))
    arrays = expand(graph)
    chance = chance_table()
    tree = CfrTree(**arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                   has=has_table())
    ticks = 0
    worker = threading.Thread(target=tree.run, args=(300,))
    worker.start()
    while worker.is_alive():
        ticks += 1  # the main thread runs while the kernel does
        worker.join(0.001)
    assert tree.iterations == 300 and ticks > 5


# -- independent checks: a linear program, OpenSpiel ------------------------------------------


def _sequence_form_value(params: dict) -> float:
    """Seat 0's equilibrium value of the OpenSpiel game (pedron's engine through OpenSpiel,
    not the solver's tree), from the sequence-form linear program solved by scipy."""
    pyspiel = pytest.importorskip("pyspiel")
    sp = pytest.importorskip("scipy.sparse")
    optimize = pytest.importorskip("scipy.optimize")
    import pedron.spiel  # noqa: F401
    from pedron.spiel.games import DIAMONDBACK

    game = pyspiel.load_game(DIAMONDBACK, params)
    seqs: list[dict] = [{(): 0}, {(): 0}]  # per player: sequence -> column
    infos: list[dict] = [{}, {}]  # per player: infoset -> (parent sequence, [sequences])
    payoff: dict = {}

    def seq_id(p, s):
        d = seqs[p]
        if s not in d:
            d[s] = len(d)
        return d[s]

    stack = [(game.new_initial_state(), 1.0, [(), ()])]
    while stack:
        state, chance, last = stack.pop()
        if state.is_terminal():
            key = (seq_id(0, last[0]), seq_id(1, last[1]))
            payoff[key] = payoff.get(key, 0.0) + chance * state.returns()[0]
            continue
        if state.is_chance_node():
            for a, pr in state.chance_outcomes():
                stack.append((state.child(a), chance * pr, last))
            continue
        p = state.current_player()
        info = state.information_state_string(p)
        children = []
        for a in state.legal_actions():
            s = (info, a)
            children.append(seq_id(p, s))
            nxt = list(last)
            nxt[p] = s
            stack.append((state.child(a), chance, nxt))
        infos[p].setdefault(info, (seq_id(p, last[p]), children))
    n0, n1 = len(seqs[0]), len(seqs[1])
    # max_{x, q} q_root  s.t.  E x = e, x >= 0;  F^T q <= A^T x (q free, one per infoset of
    # player 1 plus his root): x is seat 0's realisation plan, q the dual of seat 1's.
    rows = [(0, [0], [1.0])]  # x_root = 1
    for parent, children in infos[0].values():
        rows.append((len(rows), [parent, *children], [-1.0] + [1.0] * len(children)))
    e_mat = sp.lil_matrix((len(rows), n0))
    for r, cols, vals in rows:
        for c, v in zip(cols, vals, strict=True):
            e_mat[r, c] = v
    b_eq = np.zeros(len(rows))
    b_eq[0] = 1.0
    f_rows = [(None, [0], [1.0])] + [(info, [parent, *children],
                                      [-1.0] + [1.0] * len(children))
                                     for info, (parent, children) in infos[1].items()]
    nq = len(f_rows)
    f_mat = sp.lil_matrix((nq, n1))
    for r, (_, cols, vals) in enumerate(f_rows):
        for c, v in zip(cols, vals, strict=True):
            f_mat[r, c] = v
    a_mat = sp.lil_matrix((n0, n1))
    for (i, j), v in payoff.items():
        a_mat[i, j] += v
    # variables [x (n0), q (nq)]; constraint rows per seq of player 1: F^T q - A^T x <= 0
    a_ub = sp.hstack([-a_mat.T.tocsr(), f_mat.T.tocsr()]).tocsr()
    a_eq = sp.hstack([e_mat.tocsr(), sp.csr_matrix((len(rows), nq))]).tocsr()
    c = np.zeros(n0 + nq)
    c[n0] = -1.0  # maximise q_root
    bounds = [(0, None)] * n0 + [(None, None)] * nq
    res = optimize.linprog(c, A_ub=a_ub, b_ub=np.zeros(n1), A_eq=a_eq, b_eq=b_eq,
                           bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return -float(res.fun)


@pytest.mark.parametrize("params", [
    {"stacks": 1},
    pytest.param({"stacks": 2}, marks=pytest.mark.slow),
    {"stacks": 1, "variant": "dealers", "carry": "refund"},
    pytest.param({"stacks": 2, "tie_rule": "split"}, marks=pytest.mark.slow),
])
def test_a_linear_program_gives_the_value_the_solver_brackets(params):
    lp = _sequence_form_value(dict(params, players=2))
    spec = game_spec(**params)
    s = solve(spec, target=1e-7, iterations=50_000)
    low, high = s.bounds
    assert low - 1e-7 <= lp <= high + 1e-7, (lp, s.bounds)
    if params == {"stacks": 1}:
        assert round(lp, 6) == -0.276190  # the figure an independent LP gave (issue 30)


def _openspiel_nash_conv(spec, strategy) -> float:
    """NashConv of the strategy file's policy on the OpenSpiel game, by OpenSpiel."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    import pedron.spiel  # noqa: F401
    from pedron.spiel.games import DIAMONDBACK

    game = pyspiel.load_game(DIAMONDBACK, spec.params())

    class FilePolicy(policy_lib.Policy):
        def action_probabilities(self, state, player_id=None):
            probs = strategy[info_key(state.deal.view(state.current_player()))]
            return {int(a): float(p) for a, p in probs}

    return float(exploitability.nash_conv(game, FilePolicy(game, [0, 1])))


@pytest.mark.parametrize("params", [
    pytest.param({"stacks": 2}, marks=pytest.mark.slow),
    pytest.param({"stacks": 2, "variant": "dealers"}, marks=pytest.mark.slow),
    pytest.param({"stacks": 2, "carry": "lost"}, marks=pytest.mark.slow),
    pytest.param({"stacks": 3, "bet_sizes": "2"}, marks=pytest.mark.slow),
])
def test_openspiel_measures_the_same_nash_conv_and_its_solver_agrees(params):
    pytest.importorskip("pyspiel")
    from pedron.diamondback.spiel import solve as openspiel_solve

    spec = game_spec(**params)
    mine = solve(spec, target=1e-4, iterations=20_000)
    # OpenSpiel's NashConv of the written strategy (rounded to 6 decimals) is the solver's
    theirs = _openspiel_nash_conv(spec, mine.strategy)
    assert theirs == pytest.approx(mine.nash_conv, abs=2e-4)
    other = openspiel_solve(spec.params(), iterations=3000, target=1e-4, check_every=50)
    assert set(other.strategy) == set(mine.strategy)
    for key, probs in other.strategy.items():
        assert [a for a, _ in probs] == [a for a, _ in mine.strategy[key]]
    if spec.zero_sum:  # the same game value, within both NashConvs
        bound = mine.nash_conv + 2 * other.exploitability + 1e-6
        assert abs(other.values[0] - mine.values[0]) <= bound


# -- the command -------------------------------------------------------------------------------


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pedron", "solve", "diamondback", *args],
                          capture_output=True, text=True, timeout=timeout)


def test_cli_states_the_size_shows_progress_and_writes_the_file(tmp_path):
    out = tmp_path / "s.json"
    # (a small solve: the checked build under the sanitizers runs it too, some 30x slower)
    run = _run("--stacks", "3", "--target", "0.001", "--every", "0", "-o", str(out),
               timeout=180)
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    size = " ".join(lines[:2])  # (the size's line wraps within 100 columns)
    assert "nodes" in size and "peak memory about" in size
    progress = [ln for ln in lines if ln.startswith("iteration ")]
    assert len(progress) >= 2 and "\r" not in run.stderr  # plain lines: not a terminal
    assert " left" in progress[-1]
    assert "NashConv" in run.stdout and "lies in" in run.stdout
    assert read_strategy_file(out)["settings"]["stacks"] == [3, 3]


def test_cli_json_and_quiet(tmp_path, capsys):
    out = tmp_path / "s.json"
    assert main(["solve", "diamondback", "--stacks", "1", "-o", str(out), "--json",
                 "--quiet"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["nash_conv"] <= 0.001 and captured.err == ""
    low, high = summary["dealer_value_bounds"]
    assert low - 1e-12 <= -29 / 105 <= high + 1e-12


@pytest.mark.parametrize("args, text", [
    (["--target", "-1"], "--target"),
    (["--stacks", "0"], "--stacks"),
    (["-o", "/nonexistent/dir/x.json"], "--output"),
    (["--stacks", "100000"], "moves"),
    (["--stacks", "20"], "needs about"),
    (["--stacks", "4", "--max-memory", "1"], "--max-memory"),
    (["--bet-sizes", "3;2"], "--bet-sizes"),
])
def test_cli_mistakes_are_one_line_exit_2_before_any_work(args, text):
    run = _run(*args, timeout=20)
    assert run.returncode == 2, (run.returncode, run.stderr)
    errors = [ln for ln in run.stderr.splitlines() if "error" in ln]
    assert len(errors) == 1 and text in errors[0] and "internal" not in run.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="the sanitizers' shadow memory is not the solver's")
def test_the_memory_prediction_covers_the_peak(tmp_path):
    # (VmHWM, the peak of this process's own memory map: ru_maxrss would count the test
    # process the child was forked from)
    code = ("import sys; from pedron.diamondback.solver import *; "
            "s = solve(game_spec(8), iterations=40, target=0); "
            "write_strategy(s, sys.argv[1]); "
            "print([int(ln.split()[1]) * 1024 for ln in open('/proc/self/status') "
            "if ln.startswith('VmHWM')][0])")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s.json")],
                         capture_output=True, text=True, timeout=60, check=True)
    peak = int(run.stdout.strip())
    predicted = estimate(game_spec(8)).bytes
    assert peak <= predicted <= 3 * peak
