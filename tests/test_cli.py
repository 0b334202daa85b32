"""The pedron command, run through its real entry points."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pedron


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
    assert by_hand["Priestess-Priestess"] == "1/105"  # RULES.md: 1 way in 105
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


def test_odds_in_play():
    data = json.loads(
        run("odds", "diamondback", "--players", "4", "--hand", "Magician Queen",
            "--revealed", "K", "?", "S", "--json").stdout
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


def play(args: list[str], script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pedron", "play", *args],
        input=script, capture_output=True, text=True, timeout=300,
    )


def test_play_diamondback_whole_session_by_script():
    # 'a' lets a bot choose for the human; blank lines go on to the next hand.
    proc = play(["diamondback", "--players", "3", "--stacks", "10", "--seed", "4"],
                "a\n\n" * 400)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "== Hand 1:" in out and "Your cards:" in out
    assert "The session is over" in out or "You leave with" in out
    # Bots' dealt cards are never shown; only the human's own deal lines carry cards.
    for line in out.splitlines():
        if " deal " in line and not line.strip().startswith("You"):
            assert line.strip().endswith("(hidden)"), line


def test_play_rejects_bad_commands_and_quits():
    proc = play(["diamondback", "--seed", "3"], "help\nbet 0\nbet x\nfly\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "not accepted" in proc.stdout
    assert "You leave with 50 chips." in proc.stdout
    assert "Traceback" not in proc.stderr


def test_play_same_seed_same_game():
    a = play(["diamondback", "--seed", "9"], "a\n\n" * 30 + "q\n").stdout
    b = play(["diamondback", "--seed", "9"], "a\n\n" * 30 + "q\n").stdout
    assert a == b


def test_play_bad_player_count():
    proc = play(["diamondback", "--players", "5"], "")
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1


def test_play_diablo_whole_session_by_script():
    proc = play(["diablo", "--players", "4", "--stacks", "15", "--seed", "2"], "a\n\n" * 600)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "== Game 1:" in out and "Your cards:" in out
    assert "The session is over" in out or "You leave with" in out
    for line in out.splitlines():
        if " deal " in line and not line.strip().startswith("You"):
            assert line.strip().endswith("(hidden)"), line


def test_play_diablo_human_commands():
    proc = play(["diablo", "--seed", "2"], "call\ndraw\nfold\n\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "You call 1" in proc.stdout
    assert "You draw [stands]" in proc.stdout
    assert "You leave with" in proc.stdout
    proc = play(["diablo", "--players", "8"], "")
    assert proc.returncode == 2 and "3 to 7" in proc.stderr
