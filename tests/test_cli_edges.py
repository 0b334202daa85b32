"""Smaller edges of the command line (issue 40): each fixed with its test."""

from __future__ import annotations

import io
import math
from itertools import pairwise

import pytest

from pedron.cli.progress import TimeLeft
from pedron.cli.solve import SolveProgress


def _shown(readings):
    eta = TimeLeft()
    return [eta.update(now, raw) for now, raw in readings]


def _never_up_faster_than_time(times, values):
    for (t0, v0), (t1, v1) in pairwise(zip(times, values, strict=True)):
        assert v1 <= v0 + (t1 - t0) + 1e-9, (t0, v0, t1, v1)


def test_the_time_left_does_not_jump_with_one_wild_estimate():
    # the raw estimates `pedron solve --stacks 12` showed, one a second
    raw = [344, 32, 150, 11_861, 15, 2]
    times = list(range(1, len(raw) + 1))
    shown = _shown(zip(times, raw, strict=True))
    _never_up_faster_than_time(times, shown)
    assert shown[0] == 344 and max(shown) == 344  # (the spike to 11,861 is not shown)
    assert shown[-1] < shown[-2] < shown[-3]  # (but the fall at the end is)


def test_the_time_left_counts_down_with_a_steady_estimate():
    times = [10.0 * k for k in range(1, 20)]
    shown = _shown((t, 500 - t) for t in times)
    assert shown == pytest.approx([500 - t for t in times])


def test_the_time_left_rises_only_by_a_clear_margin_and_no_faster_than_time():
    times = [float(k) for k in range(1, 40)]
    # 10% more than the last value, counted down: not shown as a rise
    shown = _shown((t, 100 - t + (0 if t == 1 else 10)) for t in times)
    _never_up_faster_than_time(times, shown)
    assert all(b < a for a, b in pairwise(shown))
    # ten times more and staying there: it does rise, a second a second at most
    shown = _shown((t, 100.0 if t < 5 else 1000.0) for t in times)
    _never_up_faster_than_time(times, shown)
    assert shown[-1] > shown[4]


def test_the_solve_progress_shows_a_steady_time_left():
    out = io.StringIO()
    bar = SolveProgress(target=0.001, iterations=10**9, stream=out, every=0.0, tty=False)
    shown = []
    times = []
    for k in range(1, 30):
        iteration = 1000 * k
        wobble = 1.3 if k % 3 == 0 else 1.0  # (a NashConv that falls unevenly)
        bar(iteration, wobble * 10.0 / math.sqrt(iteration), 0.01 * iteration)
        if bar.left() is not None:
            shown.append(bar.left())
            times.append(0.01 * iteration)
    assert len(shown) == 28 and "left" in out.getvalue().splitlines()[-1]
    _never_up_faster_than_time(times, shown)


def _main(capsys, monkeypatch, *args, stdin=""):
    from pedron import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = cli.main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_no_help_shows_an_escaped_percent_sign():
    import argparse

    from pedron import cli

    parser = cli.build_parser()
    helps = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps += [sub.format_help() for sub in action.choices.values()]
    assert len(helps) > 10
    assert [h for h in helps if "%%" in h] == []
    assert "95% confidence interval" in " ".join(cli._subparser(parser, "match").format_help()
                                                 .split())


def test_an_unknown_rule_lists_the_rules_options(capsys, monkeypatch):
    status, _, err = _main(capsys, monkeypatch, "simulate", "diablo", "--rule", "nosuch=1",
                           "--games", "1")
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "'nosuch'" in err and "more_draw" in err and "cap" in err
    status, _, err = _main(capsys, monkeypatch, "simulate", "diamondback", "--rule",
                           "nosuch=1", "--games", "1")
    assert status == 2 and "tie_rule" in err and "more_draw" not in err


def test_a_bot_of_the_other_game_lists_this_games_bots(capsys, monkeypatch):
    status, _, err = _main(capsys, monkeypatch, "simulate", "diablo", "--bots", "odds",
                           "--games", "1")
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "diablo's bots: random, rule, threshold, strong" in err
    status, _, err = _main(capsys, monkeypatch, "match", "diamondback", "--bots", "random",
                           "strong", "--sets", "1")
    assert status == 2 and "diamondback's bots: random, odds, equilibrium" in err
    from pedron import cli

    for command in ("simulate", "match"):
        text = " ".join(cli._subparser(cli.build_parser(), command).format_help().split())
        assert "Diablo: random, rule" in text and "Diamondback: random, odds" in text


def test_equilibrium_is_a_short_bot_spec(capsys, monkeypatch, tmp_path):
    from pedron.bots import BotSpec, make_bot, parse_bot
    from pedron.diamondback.equilibrium import EquilibriumBot
    from pedron.errors import PedronValueError

    path = tmp_path / "s.json"
    status, _, err = _main(capsys, monkeypatch, "solve", "diamondback", "--stacks", "1",
                           "-o", str(path), "--quiet")
    assert status == 0, err
    spec = parse_bot(f"equilibrium:file={path}", "diamondback")
    assert spec == BotSpec("equilibrium", (("file", str(path)),))
    assert isinstance(make_bot(spec, "diamondback", 1), EquilibriumBot)
    with pytest.raises(PedronValueError, match="needs file"):
        parse_bot("equilibrium", "diamondback")
    with pytest.raises(PedronValueError, match="plays diamondback"):
        parse_bot(f"equilibrium:file={path}", "diablo")
    with pytest.raises(PedronValueError, match="unknown bot"):
        parse_bot(f"equilibrium:file={path},fallback=nosuch", "diamondback")
    status, out, err = _main(capsys, monkeypatch, "simulate", "diamondback", "--stacks", "1",
                             "--bots", f"equilibrium:file={path}", "odds", "--games", "20",
                             "--quiet")
    assert status == 0, err
    assert "equilibrium:file=" in out


def test_play_takes_rules_options(capsys, monkeypatch):
    status, out, _ = _main(capsys, monkeypatch, "play", "diamondback", "--seed", "1",
                           "--plain", "--rule", "variant=dealers", stdin="auto\nq\n")
    assert status == 0
    assert "ante" in out  # (Dealer's Diamondback: the dealer sets the ante)
    status, out, _ = _main(capsys, monkeypatch, "play", "diamondback", "--seed", "1",
                           "--plain", stdin="auto\nq\n")
    assert status == 0 and "ante N" not in out
    status, _, err = _main(capsys, monkeypatch, "play", "diablo", "--rule", "cap=-3")
    assert status == 2 and err.startswith("pedron play: error: --rule cap:")


def test_deal_explains_the_diamondback_card_codes_once(capsys, monkeypatch):
    status, out, _ = _main(capsys, monkeypatch, "deal", "--seed", "7")
    assert status == 0
    legend = [line for line in out.splitlines() if "Priestess" in line and "M " in line]
    assert len(legend) == 1
    for code, name in (("P", "Priest"), ("K", "King"), ("Q", "Queen"), ("S", "Priestess"),
                       ("M", "Magician")):
        assert f"{code} {name}" in legend[0]


def test_a_diamondback_result_says_why_the_hand_won(capsys, monkeypatch):
    import re

    from pedron.diamondback import evaluate

    why = []
    for seed in range(1, 9):
        status, out, _ = _main(capsys, monkeypatch, "play", "diamondback", "--plain",
                               "--seed", str(seed), stdin="auto\n" * 4 + "q\n")
        assert status == 0
        why += re.findall(r"wins? \d+ with (\S+) over (\S+): (\d+) points to (\d+)\.", out)
    assert why
    for winner, loser, won, lost in why:
        a, b = evaluate(winner.replace("-", " ")), evaluate(loser.replace("-", " "))
        assert a > b and (a.points, b.points) == (int(won), int(lost))


def test_the_category_numbering_is_documented():
    from pedron.diablo import Category

    doc = Category.__doc__ or ""
    assert f"start at {int(min(Category))}" in doc and f"to {int(max(Category))}" in doc
