"""The pedron command, run through its real entry points."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys

import pytest

import pedron
from pedron import cli


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "pedron", *args], capture_output=True, text=True, timeout=300
    )
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_version_and_help():
    assert run("--version").stdout.strip() == f"pedron {pedron.__version__}"
    out = run("--help").stdout
    for command in ("eval", "odds", "draw", "bench", "deal"):
        assert command in out
        assert "usage: pedron " + command in run(command, "--help").stdout


def test_no_command_prints_help():
    assert "usage: pedron" in run().stdout


@pytest.mark.parametrize(
    "args",
    [
        ("bogus",),
        ("eval",),
        ("eval", "--game", "diamondback", "Magician", "Magician"),
        ("eval", "--game", "diamondback", "Jester", "King"),
        ("odds", "diamondback", "--players", "5"),
        ("bench", "--hands", "0"),
        ("deal", "--seed", "x"),
    ],
)
def test_mistakes_are_one_line(args):
    proc = run(*args, check=False)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "error" in lines[0]
    assert "Traceback" not in proc.stderr


def test_eval_diamondback():
    out = run("eval", "--game", "diamondback", "Magician", "Priestess").stdout
    assert "Magician-Priestess" in out and "position 1 of 14" in out
    data = json.loads(run("eval", "--game", "diamondback", "K", "P", "--json").stdout)
    assert data["hand"] == "King-Priest" and data["position"] == 13


def test_dealing_odds_table():
    data = json.loads(run("odds", "diamondback", "--players", "2", "--json").stdout)
    rows = data["dealing_odds"]
    assert len(rows) == 14
    assert abs(sum(r["float"] for r in rows) - 1) < 1e-12
    by_hand = {r["hand"]: r["probability"] for r in rows}
    assert by_hand["Priestess-Priestess"] == "1/105"  # docs/rules.md: 1 way in 105
    assert by_hand["Magician-Priestess"] == "2/105"


def test_eval_diablo_worked_example():
    out = run("eval", "9h", "9d", "2c", "2s", "Kd").stdout
    assert "four of a kind, nines, king kicker" in out
    data = json.loads(run("eval", "9h 9d 2c 2s Kd", "--natural", "--json").stdout)
    assert data["category"] == "two_pair" and data["wild"] is False


@pytest.mark.parametrize(
    "args",
    [
        ("eval", "9h", "9d", "2c", "2s"),
        ("eval", "9h 9h 2c 2s Kd"),
        ("eval", "Xx Ah Kd Qs Jc"),
        ("draw", "9h 9d 2c 2s Kd", "--max-draw", "6"),
        ("draw", "9h 9d 2c 2s Kd", "--top", "0"),
        ("draw", "9h 9d 2c 2s Kd", "--dead", "9h"),
        ("odds", "diamondback", "--hand", "M M"),
        ("odds", "diamondback", "--revealed", "K"),
    ],
)
def test_more_mistakes_are_one_line(args):
    proc = run(*args, check=False)
    assert proc.returncode == 2, proc.stdout
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "Traceback" not in proc.stderr


def test_draw_table_best_first():
    data = json.loads(run("draw", "9c 9d 2h 7s Kd", "--json", "--top", "16").stdout)
    assert len(data) == 16  # 1 + 5 + 10 ways to discard up to two cards
    expected = [d["expected_strength"] for d in data]
    assert expected == sorted(expected, reverse=True)
    assert data[0]["discard"] == "7s Kd"
    text = run("draw", "9c 9d 2h 7s Kd").stdout
    assert "16 choices" in text and "three of a kind" in text


def test_odds_header_names_the_hand_and_the_table():
    out = run("odds", "diamondback", "--players", "4", "--hand", "Magician Queen",
              "--revealed", "K", "-", "S").stdout
    first = out.splitlines()[0]
    assert "Magician-Queen" in first and "3 opponents" in first and "43 cards" in first
    assert "not yet" in first
    # Priest-Priest cannot win or share against one opponent in the 15-card deck:
    # the opponent holds Priest-Priest too (a carry-over: C(3,2) = 3 of C(13,2) = 78
    # hands, 1/26) or better.
    rows = {line.split("  ")[0].strip(): line.split()[-2]
            for line in run("odds", "diamondback", "--hand", "P P").stdout.splitlines()[3:]}
    assert rows == {"win": "0", "share": "0", "carry over": "1/26", "lose": "25/26"}


def test_odds_players_inferred_from_the_revealed_cards():
    # Three opponents still in: a four-player deck, as the library infers it.
    inferred = run("odds", "diamondback", "--hand", "M Q", "--revealed", "K", "-", "S",
                   "--json").stdout
    stated = run("odds", "diamondback", "--hand", "M Q", "--revealed", "K", "-", "S",
                 "--players", "4", "--json").stdout
    assert inferred == stated
    table = run("odds", "diamondback").stdout.splitlines()[0]
    assert "2 players" in table  # the library's Table() default, as simulate and play


def test_every_option_has_help_and_its_default():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, p in sub.choices.items():
        if name == "simulate":  # (its own tests, tests/test_simulate.py, cover it)
            continue
        text = p.format_help()
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"pedron {name} {action.dest} has no help"
            if action.option_strings and action.default not in (None, False, []):
                default = action.default
                shown = (str(default), f"{default:,}" if isinstance(default, int) else "")
                line = " ".join(text.split())
                assert "default" in action.help or any(
                    f"(default: {d})" in line for d in shown if d
                ) or f"({default:,})" in action.help, f"pedron {name} {action.option_strings}"


def test_help_wraps_between_words(monkeypatch):
    p = cli._Parser(prog="x")
    spec = "rule[:open=two_pair,call=trips,raise=full_house,big=quads,draw=2]"
    p.add_argument("--bots", help=f"a bot spec such as {spec}, or odds[:margin=0.1]")
    monkeypatch.setenv("COLUMNS", "60")
    text = p.format_help()
    assert spec in text  # on one line, however long


def test_a_closed_pipe_ends_quietly():
    # The reader is gone before pedron writes: the first write fails.
    for args in (("odds", "diamondback", "--players", "4"),
                 ("draw", "9h 9d 2c 2s Kd", "--json")):
        r, w = os.pipe()
        os.close(r)
        proc = subprocess.run([sys.executable, "-m", "pedron", *args], stdout=w,
                              stderr=subprocess.PIPE, text=True, timeout=120)
        os.close(w)
        assert proc.returncode == cli.EXIT_BROKEN_PIPE, proc.stderr
        assert proc.stderr == ""


def test_a_broken_pipe_in_process(monkeypatch):
    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Gone())
    assert cli.main(["deal", "--seed", "1"]) == cli.EXIT_BROKEN_PIPE


def test_an_internal_error_is_one_line(monkeypatch, capsys):
    def broken(args):
        raise KeyError("oops")

    monkeypatch.setattr(cli.commands, "cmd_deal", broken)
    monkeypatch.delenv("PEDRON_TRACEBACK", raising=False)
    assert cli.main(["deal"]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "internal error" in err
    assert "PEDRON_TRACEBACK" in err
    monkeypatch.setenv("PEDRON_TRACEBACK", "1")
    with pytest.raises(KeyError):
        cli.main(["deal"])


def test_errors_name_the_options_as_typed():
    err = run("draw", "9h 9d 2c 2s Kd", "--max-draw", "7", check=False).stderr
    assert "--max-draw must be" in err and "max_draw" not in err.replace("--max-draw", "")
    err = run("draw", "9h 9d 2c 2s Kd", "--max-d", "7", check=False).stderr
    assert "--max-d must be" in err


def test_eval_natural_is_refused_for_diamondback():
    proc = run("eval", "--game", "diamondback", "--natural", "M", "Q", check=False)
    assert proc.returncode == 2 and "--natural is for Diablo" in proc.stderr


def test_one_choice_is_singular():
    out = run("draw", "9h 9d 2c 2s Kd", "--max-draw", "0").stdout
    assert out.startswith("1 choice for") and "(deuces wild, no exchange)" in out
    assert "up to 1 card)" in run("draw", "9h 9d 2c 2s Kd", "--max-draw", "1").stdout


def test_draw_max_draw_4_is_any_four_and_more_draw_needs_the_ace():
    four = run("draw", "Kh 7c 8d 9s 3h", "--max-draw", "4", "--top", "1").stdout
    assert four.startswith("31 choices for") and "(deuces wild, up to 4 cards)" in four
    more = run("draw", "Kh 7c 8d 9s 3h", "--more-draw").stdout
    assert more.startswith("26 choices for") and "up to 3 cards, or 4 keeping an ace" in more


def test_odds_in_play():
    data = json.loads(
        run("odds", "diamondback", "--players", "4", "--hand", "Magician Queen",
            "--revealed", "K", "-", "S", "--json").stdout
    )
    total = sum(v["float"] for v in data.values())
    assert abs(total - 1) < 1e-12
    assert data["win"]["float"] > 0.5


def test_deal_is_reproducible():
    a = run("deal", "--seed", "5", "--json").stdout
    assert a == run("deal", "--seed", "5", "--json").stdout
    assert a != run("deal", "--seed", "6", "--json").stdout
    data = json.loads(a)
    assert len(data["diablo"]) == 5 and len(data["diamondback"]) == 4


def test_bench_small_json():
    proc = run("bench", "--hands", "2000", "--scalar-hands", "500", "--reference-hands", "20",
               "--repeat", "1", "--json")
    data = json.loads(proc.stdout)
    kinds = {(r["name"], r["mode"]) for r in data["results"]}
    assert ("pedron batch", "wild") in kinds and ("pedron.reference", "natural") in kinds
    assert all(r["rate"] > 0 for r in data["results"])
    assert all(r["agrees"] is not False for r in data["results"])


def test_bench_progress_on_stderr():
    proc = run("bench", "--hands", "1000", "--scalar-hands", "100", "--reference-hands", "10",
               "--repeat", "1", "--no-peers")
    assert "[1/" in proc.stderr
    assert "vs reference" in proc.stdout


@pytest.mark.slow
def test_every_subcommand_help_ends_with_the_exit_statuses():
    # Issue 30: simulate, solve and videopoker had no exit-status footer.
    commands = ("eval", "odds", "draw", "bench", "play", "deal", "simulate", "solve",
                "videopoker")
    for command in commands:
        text = " ".join(run(command, "--help").stdout.split())
        assert "exit status: 0 done" in text, command
        assert "2 a mistake in the command or its input" in text, command
        assert "130 interrupted" in text and "143 terminated" in text, command
