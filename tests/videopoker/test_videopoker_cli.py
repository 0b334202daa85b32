"""The ``pedron videopoker`` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pedron", "videopoker", *args],
                          capture_output=True, text=True, timeout=300)


def test_pay_table_analysis_json():
    proc = run("--game", "deuces-wild", "--pays", "800,200,25,15,9,5,3,2,2,1", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert round(data["return_float"] * 100, 4) == 100.7620
    assert data["combinations"] == 19_933_230_517_200
    assert sum(data["counts"].values()) == 19_933_230_517_200


def test_pay_table_analysis_text_names_the_return():
    proc = run("--pays", "9/6")
    assert proc.returncode == 0, proc.stderr
    assert "return 99.5439" in proc.stdout and "jacks or better" in proc.stdout


def test_hold():
    proc = run("--hold", "As 2d 2h Ts 5s", "--json")
    assert proc.returncode == 0, proc.stderr
    holds = json.loads(proc.stdout)["holds"]
    assert len(holds) == 32
    assert holds[0]["discard"] == "5s" and holds[0]["ev"] == "206/47"
    text = run("--hold", "As 2d 2h Ts 5s", "--top", "3").stdout
    assert text.splitlines()[3].split()[:5] == ["As", "2d", "2h", "Ts", "5s"]


def test_mistakes_are_one_line():
    for args in (("--pays", "1,2,x"), ("--pays", "bogus"), ("--hold", "As As 2h Ts 5s"),
                 ("--game", "jacks-or-better", "--pays", "full-pay-deuces-wild"),
                 ("--hold", "As 2d", "--top", "0")):
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stdout)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "Traceback" not in proc.stderr


def test_every_game_by_name():
    proc = run("--game", "double-double-bonus", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert round(data["return_float"] * 100, 2) == 98.98
    assert data["counts"]["four aces + 2-4"] > 0
    proc = run("--game", "joker-poker", "--hold", "Jk As Ks Qs 3d", "--top", "2")
    assert proc.returncode == 0, proc.stderr
    assert "Jk" in proc.stdout


def test_rows_and_pays_override():
    rows = run("--game", "bonus-poker", "--rows")
    assert rows.returncode == 0 and "four 2s-4s" in rows.stdout
    proc = run("--game", "bonus-poker", "--pays", "800,50,80,40,25,7,5,4,3,2,1", "--json")
    assert proc.returncode == 0, proc.stderr
    # 7/5 Bonus Poker: published 98.01% (Casino City Times, "Bonus Poker Quiz", 2022)
    assert round(json.loads(proc.stdout)["return_float"] * 100, 2) == 98.01


def test_published_tie_break_on_the_command_line():
    proc = run("--game", "deuces-wild", "--tie-break", "published", "--json")
    assert json.loads(proc.stdout)["counts"]["straight flush"] == 83_087_969_280


@pytest.mark.slow
def test_strategy_chart_text_and_json():
    proc = run("--game", "jacks-or-better", "--strategy")
    assert proc.returncode == 0, proc.stderr
    assert "4 to a royal flush" in proc.stdout and "percentage points" in proc.stdout
    data = json.loads(run("--game", "jacks-or-better", "--strategy", "--json").stdout)
    assert data["lines"][0]["pattern"] == "royal flush"
    assert data["cost_percentage_points"] < 0.02


def test_more_mistakes_are_one_line():
    for args in (("--game", "nope"), ("--threads", "1099511627776"), ("--pays", "1e999999999"),
                 ("--game", "joker-poker", "--pays", "1,2,-3"), ("--hold", "Jk As Ks Qs 3d")):
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stdout)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "Traceback" not in proc.stderr
