"""Diamondback with three and four players solved (pedron.diamondback.solver.multi): every claim on
small cases, the NashConv checked by an independent best response that walks pedron's
engine hand by hand (real cards, the strategy file's keys read off the engine's views)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from pedron._kernels.rng import Generator
from pedron.diamondback import Rules, Table
from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID
from pedron.diamondback.encodings import DiamondbackActions
from pedron.diamondback.solver import game_spec, solve
from pedron.diamondback.strategyfile import info_key
from pedron.errors import PedronTypeError, PedronValueError

# -- the independent computation: the engine, one hand of real cards per deal ------------


def _deals(players: int, seats: list[int]) -> list[tuple[dict[int, list[int]], Fraction]]:
    """Every deal of ``seats`` from the deck for that many players, by ranks, with its
    exact probability (every ordered sequence of ranks: copies left over cards left),
    each as real card ids."""
    size = DECK_SIZES[len(seats)]
    ranks = [RANK_OF_ID[c] for c in range(size)]
    copies = [ranks.count(r) for r in range(5)]
    found: dict[tuple[tuple[int, int], ...], Fraction] = defaultdict(Fraction)
    for seq in product(range(5), repeat=2 * len(seats)):
        left = list(copies)
        p = Fraction(1)
        for i, r in enumerate(seq):
            if not left[r]:
                p = Fraction(0)
                break
            p *= Fraction(left[r], size - i)
            left[r] -= 1
        if p:
            found[tuple(tuple(sorted(seq[2 * i:2 * i + 2])) for i in range(len(seats)))] += p
    out = []
    for hands, p in found.items():
        taken: set[int] = set()
        cards = {}
        for s, pair in zip(seats, hands, strict=True):
            ids = []
            for r in pair:
                c = next(i for i in range(size) if ranks[i] == r and i not in taken)
                taken.add(c)
                ids.append(c)
            cards[s] = ids
        out.append((cards, p))
    return out


def _worth(hand, carry_split=True):
    """Chips each seat won, a carried-over pot given back in equal shares to the players
    dealt in (the solver's ``carry="split"``)."""
    net = [float(x) for x in hand.result.net]
    if hand.result.carry:
        for s in hand.dealt_in:
            net[s] += hand.result.carry / len(hand.dealt_in)
    return net


def independent_nash_conv(strategy, players, stacks, rules, every=1):
    """Each seat's value under ``strategy`` and his best response's, walking the engine:
    one hand per deal (real cards), every legal move tried; each player's best response
    chooses per information set (his key, read off his view), summing over the deals
    his key cannot tell apart. ``every``: only every so many deals (a sample)."""
    actions = DiamondbackActions(rules, players * stacks)
    n = players

    def fresh(cards):
        table = Table(n, [stacks] * n, rules, Generator(0), dealer=0)
        return table.next_deal(hands=cards) if cards else table.next_deal()

    def label(records, seat):
        r = next(r for r in records if r.seat == seat and r.kind != "deal")
        return (r.kind, r.amount, RANK_OF_ID[r.cards[0]] if r.kind == "reveal" else None)

    def walk(items, path):
        # items: (deal, weights): weights[p] the chance and every other player's
        # probabilities (p's best response), weights[n] everyone's (the values).
        # Returns each item's part: [best response of each seat..., value of each seat...]
        out = [[0.0] * (2 * n) for _ in items]
        live = [i for i, it in enumerate(items) if any(it[1])]
        if not live:
            return out
        first = items[live[0]][0]
        if first.done:
            for i in live:
                deal, w = items[i]
                worth = _worth(deal)
                out[i] = [w[p] * worth[p] for p in range(n)] + [w[n] * x for x in worth]
            return out
        seat = first.to_act
        # every member's children, grouped by the public move (merged across the
        # acting player's information sets: the others' must not be split by them)
        children = defaultdict(list)
        tried = {}
        keys = {}
        for i in live:
            deal, w = items[i]
            view = deal.view(seat)
            keys[i] = info_key(view)
            probs = {int(a): p for a, p in strategy[keys[i]]}  # (every key is in the file)
            codes = [int(c) for c in actions.mask(view).nonzero()[0]]
            assert set(probs) == set(codes), keys[i]
            tried[i] = codes
            for code in codes:
                c = deal.clone()
                records = c.apply(actions.move(code, c.view(seat)))
                x = probs[code]
                nw = [w[p] * (1.0 if p == seat else x) for p in range(n)] + [w[n] * x]
                children[label(records, seat)].append((i, code, c, nw))
        got = defaultdict(dict)  # item -> code -> its child's part
        for members in children.values():
            kids = [(c, nw) for _, _, c, nw in members]
            fresh_deal = kids[0][0].dealt_in and not kids[0][0].done and not first.dealt_in
            if fresh_deal:
                code = members[0][1]
                parts = [_sum(walk(_deal_now([k], [*path, code]), [*path, code]))
                         for k in kids]
            else:
                parts = walk(kids, [*path, members[0][1]])
            for (i, code, _, _), part in zip(members, parts, strict=True):
                got[i][code] = part
        # the acting player's best response: one move per information set
        best: dict[str, int] = {}
        for key in set(keys.values()):
            mine = [i for i in live if keys[i] == key]
            codes = tried[mine[0]]
            best[key] = max(codes, key=lambda c: sum(got[i][c][seat] for i in mine))
        for i in live:
            row = [sum(got[i][c][p] for c in tried[i]) for p in range(2 * n)]
            row[seat] = got[i][best[keys[i]]][seat]
            out[i] = row
        return out

    def _sum(parts):
        return [sum(col) for col in zip(*parts, strict=True)]

    def _deal_now(kids, path):
        # Dealer's Diamondback: the deal happens now; one hand per deal of those dealt in
        (deal, w), = kids
        seats = list(deal.dealt_in)
        out = []
        for cards, p in _deals(n, seats)[::every]:
            d = fresh(cards)
            for code in path:
                d.apply(actions.move(code, d.view(d.to_act)))
            out.append((d, [x * float(p) for x in w]))
        return out

    start = fresh(None)
    if start.dealt_in:
        items = [(fresh(cards), [float(p)] * (n + 1))
                 for cards, p in _deals(n, list(start.dealt_in))[::every]]
    else:
        items = [(start, [1.0] * (n + 1))]
    out = _sum(walk(items, []))
    return out[n:], out[:n]


@pytest.mark.slow  # (about 20 s: the engine walked for each of 2,200 deals)
def test_three_players_at_one_chip_the_nash_conv_and_values_agree_with_the_engine():
    spec = game_spec(1, players=3)
    sol = solve(spec, target=0.0, iterations=30)
    values, best = independent_nash_conv(sol.strategy, 3, 1, Rules())
    assert values == pytest.approx(sol.values, abs=2e-5)
    assert best == pytest.approx(sol.best, abs=2e-5)
    nash_conv = sum(best) - sum(values)
    assert nash_conv == pytest.approx(sol.nash_conv, abs=5e-5)
    assert sum(values) == pytest.approx(0.0, abs=1e-9)  # (carry split: zero-sum)
    assert sol.iterations == 30 and len(sol.values) == 3


@pytest.mark.slow  # (about 10 s)
def test_dealers_diamondback_three_players_one_chip_agrees_with_the_engine():
    # the players who decline the ante are not dealt in, and the deck is theirs
    sol = solve(game_spec(1, "dealers", players=3), target=0.0, iterations=20)
    values, best = independent_nash_conv(sol.strategy, 3, 1, Rules(variant="dealers"))
    assert values == pytest.approx(sol.values, abs=2e-5)
    assert best == pytest.approx(sol.best, abs=2e-5)


def test_the_multi_player_solver_heads_up_agrees_with_the_engine_and_the_exact_value():
    # the n-player machinery itself, run on two players (solve() uses the compiled
    # heads-up kernel there): the dealer's value is -29/105 at one chip
    from pedron.diamondback.solver.multi import MultiTree, build_multi, expand_multi

    tree = MultiTree(expand_multi(build_multi(game_spec(1))))
    tree.run(60)
    measured = tree.values()
    assert measured.nash_conv < 1e-4 and len(measured.best) == 2
    assert measured.values[0] == pytest.approx(-29 / 105, abs=1e-4)
    strategy = tree.strategy()
    v, b = independent_nash_conv(strategy, 2, 1, Rules())
    assert v == pytest.approx(list(measured.values), abs=1e-5)
    assert b == pytest.approx(list(measured.best), abs=1e-5)


@pytest.mark.parametrize("players, stacks, variant", [
    (3, 2, "normal"), (3, 2, "dealers"),
    pytest.param(4, 1, "normal", marks=pytest.mark.slow),  # (about 18 s: the 43-card deals)
])
def test_every_line_the_engine_plays_is_in_the_solved_tree(players, stacks, variant):
    # a sample of the deals, every line of each hand played on the engine: every
    # information set reached is in the strategy file, with the engine's legal moves
    # (asserted in the walk), and the values are finite
    sol = solve(game_spec(stacks, variant, players=players), target=0.0, iterations=2)
    values, best = independent_nash_conv(sol.strategy, players, stacks,
                                         Rules(variant=variant), every=997)
    assert all(abs(x) < 10 for x in values + best)
    assert len(sol.values) == players and sol.bounds is None


@pytest.mark.parametrize("players, error", [(1, PedronValueError), (5, PedronValueError),
                                            ("3", PedronTypeError), (2.0, PedronTypeError),
                                            (True, PedronTypeError)])
def test_players_out_of_range_are_refused(players, error):
    with pytest.raises(error, match="players"):
        game_spec(2, players=players)


# -- the command ------------------------------------------------------------------------


@pytest.mark.parametrize("args, text", [
    (["--players", "1"], "--players"),
    (["--players", "5"], "--players"),
    (["--players", "three"], "--players"),
    (["--players", "3", "--solver", "openspiel"], "heads-up hands only"),
])
def test_cli_players_out_of_range_is_one_line_exit_2(args, text, capsys, tmp_path):
    from pedron.cli import main

    code = main(["solve", "diamondback", *args, "-o", str(tmp_path / "s.json")]) \
        if "openspiel" in args else None
    if code is None:
        with pytest.raises(SystemExit) as exit_:
            main(["solve", "diamondback", *args, "-o", str(tmp_path / "s.json")])
        code = exit_.value.code
    err = capsys.readouterr().err
    errors = [ln for ln in err.splitlines() if "error" in ln]
    assert code == 2 and len(errors) == 1 and text in errors[0], err
    assert not (tmp_path / "s.json").exists()


def test_cli_three_players_reports_every_seat_and_writes_the_file(tmp_path, capsys):
    import json

    from pedron.cli import main
    from pedron.diamondback.strategyfile import read_strategy_file

    out = tmp_path / "s.json"
    assert main(["solve", "diamondback", "--players", "3", "--stacks", "1", "--target",
                 "0.001", "-o", str(out), "--json", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["nash_conv"] <= 0.001 and summary["dealer_value_bounds"] is None
    assert len(summary["values"]) == 3 and len(summary["best_response_gains"]) == 3
    assert sum(summary["best_response_gains"]) == pytest.approx(summary["nash_conv"])
    data = read_strategy_file(out)
    assert data["settings"]["players"] == 3 and data["settings"]["stacks"] == [1, 1, 1]


def test_the_equilibrium_bot_plays_a_three_player_file_without_falling_back(tmp_path):
    from pedron.diamondback.equilibrium import EquilibriumBot
    from pedron.diamondback.solver import write_strategy

    sol = solve(game_spec(2, players=3), target=0.0, iterations=5)
    path = write_strategy(sol, tmp_path / "s.json")
    bots = [EquilibriumBot(path, seed=s) for s in range(3)]
    source = Generator(3)
    for _ in range(60):
        hand = Table(3, [2, 2, 2], Rules(), Generator(source.next_u32()), dealer=0).next_deal()
        while not hand.done:
            view = hand.view(hand.to_act)
            hand.apply(bots[hand.to_act](view, view.legal))
    assert sum(b.plays for b in bots) > 60 * 3 and sum(b.fallbacks for b in bots) == 0


@pytest.mark.parametrize("bad", [0, -1.0, "5", True, float("nan")])
def test_max_seconds_must_be_a_positive_number(bad):
    with pytest.raises(PedronValueError, match="max_seconds"):
        solve(game_spec(1, players=3), max_seconds=bad)


def test_max_seconds_stops_at_the_first_measure_and_says_how_far_it_got():
    # (a bound on work, not a timing: any positive budget ends the solve after the first
    # measure, which comes after 10 iterations)
    sol = solve(game_spec(2, players=3), target=0.0, max_seconds=1e-9)
    assert sol.iterations == 10 and sol.nash_conv > 0


def test_a_tree_past_the_ceilings_is_refused_before_it_is_laid_out(monkeypatch):
    import pedron.diamondback.solver.multi as multi

    monkeypatch.setattr(multi, "MAX_TREE_NODES", 1000)
    with pytest.raises(PedronValueError, match="more than 1,000 nodes"):
        multi.build_multi(game_spec(2, players=3))  # (1,645 nodes)
    monkeypatch.setattr(multi, "MAX_ENTRIES", 1000)
    with pytest.raises(PedronValueError, match="pairs"):
        multi.multi_size(multi.build_multi(game_spec(1, players=3)))
    with pytest.raises(PedronValueError, match="moves"):  # (arithmetic, before any walk)
        game_spec(100_000, players=3) and multi.build_multi(game_spec(100_000, players=3))


def test_the_documented_answer_with_three_players_at_one_chip():
    # docs/is-it-better-to-deal.md: the dealer loses (about 0.42), what he loses the
    # others win, and the later a player answers the dealer the more he wins
    sol = solve(game_spec(1, players=3), target=0.0005)
    dealer, first, second = sol.values
    assert sol.nash_conv <= 0.0005
    assert dealer < -0.4 and 0 < first < second
    assert dealer + first + second == pytest.approx(0.0, abs=1e-9)


@pytest.mark.slow  # (about 8 s: the 43-card deals)
def test_four_players_dealers_one_chip_the_odd_chip_costs_the_dealer():
    # with one chip each nobody bets after the ante: the seats differ only by the odd
    # chip of a divided pot, never the dealer's when he ties with another
    sol = solve(game_spec(1, "dealers", players=4), target=0.0001)
    assert sol.nash_conv <= 0.0001 and sol.values[0] < -0.01


def test_the_equilibrium_bot_plays_dealers_diamondback_when_some_decline_the_ante(tmp_path):
    from pedron.diamondback.equilibrium import EquilibriumBot
    from pedron.diamondback.solver import write_strategy

    sol = solve(game_spec(2, "dealers", players=3), target=0.0, iterations=3)
    path = write_strategy(sol, tmp_path / "s.json")
    bots = [EquilibriumBot(path, seed=s) for s in range(3)]
    source = Generator(5)
    short = 0
    for _ in range(80):
        table = Table(3, [2, 2, 2], Rules(variant="dealers"), Generator(source.next_u32()),
                      dealer=0)
        hand = table.next_deal()
        while not hand.done:
            view = hand.view(hand.to_act)
            hand.apply(bots[hand.to_act](view, view.legal))
        short += 0 < len(hand.dealt_in) < 3
    assert short > 0 and sum(b.fallbacks for b in bots) == 0
