"""Every command's default output fits 100 columns, progress lines included.

Each subcommand runs in this process with quick, typical arguments; its standard
output and error are fake terminals (so the progress a terminal gets is drawn, with no
delay before the first line), and every line, split at ``\\n`` and ``\\r``, is measured.
"""

from __future__ import annotations

import builtins
import io
import sys
from fractions import Fraction

import pytest

from pedron import cli
from pedron.cli import progress

WIDTH = 100


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(monkeypatch, args, answers=()):
    """The lines ``pedron ARGS`` writes, and its exit status; ``answers``: what the
    player types at each prompt, echoed as a terminal would."""
    out, err = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    pending = list(answers)

    def typed(prompt=""):
        if not pending:
            raise EOFError
        answer = pending.pop(0)
        sys.stdout.write(f"{prompt}{answer}\n")
        return answer

    monkeypatch.setattr(builtins, "input", typed)
    monkeypatch.setenv("COLUMNS", "200")  # (a wide terminal: help still keeps to 100)
    try:
        status = cli.main(list(args))
    except SystemExit as exc:  # (--help)
        status = exc.code
    lines = [line for text in (out.getvalue(), err.getvalue())
             for row in text.split("\n") for line in row.split("\r")]
    return status, lines


@pytest.fixture(autouse=True)
def _progress_at_once(monkeypatch):
    """Progress bars drawn from the first report, at every report."""
    init = progress.ProgressBar.__init__

    def quick(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.delay = 0.0
        self.every = 0.0

    monkeypatch.setattr(progress.ProgressBar, "__init__", quick)


LONG_BOT = "rule:open=two_pair,call=trips,raise=full_house,big=quads,draw=2"

COMMANDS = [
    ("--help",),
    *((command, "--help") for command in ("eval", "odds", "draw", "bench", "play", "deal",
                                         "simulate", "match", "solve", "videopoker")),
    ("eval", "9h", "9d", "2c", "2s", "Kd"),
    ("eval", "--game", "diamondback", "Magician", "Queen"),
    ("odds", "diamondback"),
    ("odds", "diamondback", "--hand", "Magician Queen", "--revealed", "-", "King"),
    ("draw", "Ah", "Kh", "2c", "7d", "7s"),
    ("bench", "--hands", "1000", "--scalar-hands", "100", "--reference-hands", "10",
     "--no-peers", "--no-diamondback", "--repeat", "2"),
    ("deal",),
    ("simulate", "diablo", "--games", "100"),
    ("simulate", "diamondback", "--games", "100"),
    ("simulate", "diablo", "--players", "5", "--games", "200", "--workers", "2"),
    ("match", "diamondback", "--bots", "random", "odds:margin=0.1,aggression=1",
     "--sets", "5"),
    ("match", "diablo", "--bots", "random", LONG_BOT, "--players", "4", "--sets", "5"),
    ("videopoker", "--game", "joker-poker"),
    ("videopoker", "--game", "joker-poker", "--rows"),
    ("videopoker", "--hold", "As 2d 2h Ts 5s"),
    ("videopoker", "play", "--help"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_line_fits_100_columns(monkeypatch, args):
    status, lines = _run(monkeypatch, args)
    assert status == 0, lines
    wide = [line for line in lines if len(line) > WIDTH]
    assert not wide, wide


def test_solve_fits_100_columns(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # (the file's name as a user types it: a line names it)
    status, lines = _run(monkeypatch, ("solve", "diamondback", "--stacks", "2",
                                       "--iterations", "200", "-o", "s.json"))
    assert status == 0, lines
    assert any(line.startswith("[") and "iteration" in line for line in lines)  # (progress)
    assert [line for line in lines if len(line) > WIDTH] == []


@pytest.mark.parametrize("game", ["diamondback", "diablo"])
def test_play_fits_100_columns(monkeypatch, game):
    status, lines = _run(monkeypatch, ("play", game, "--seed", "3", "--plain"),
                         ["auto"] * 6 + ["", "auto", "auto", "q"])
    assert status == 0, lines
    assert any("Result" in line for line in lines)
    assert [line for line in lines if len(line) > WIDTH] == []


def test_a_strategy_chart_fits_100_columns(monkeypatch):
    # (a chart of a real game takes seconds to make: one with a real line of deuces wild's,
    # 37 three-card straight-flush draws with a deuce, is printed instead)
    import pedron.videopoker as videopoker
    from pedron.videopoker import pay_table
    from pedron.videopoker.strategy import ChartLine, StrategyChart

    draws = ["543", "654", "754", "764", "865", "875", "976", "986", "J98", "JT8", "QJ9",
             "QT9", "T87", "T97", "643", "653", "743", "753", "763", "854", "864", "874",
             "965", "975", "985", "J87", "J97", "JT7", "KJ9", "KQ9", "KT9", "Q98", "QJ8",
             "QT8", "T76", "T86", "T96"]
    lines = [ChartLine(f"a deuce + 3 to a straight flush ({d})", "", 1, Fraction(0))
             for d in draws]
    lines.append(ChartLine("discard everything", "", 1, Fraction(0)))
    chart = StrategyChart(
        pay_table("deuces-wild"), tuple(lines),
        Fraction(1), Fraction(1), 0.0)
    monkeypatch.setattr(videopoker, "strategy_chart", lambda *a, **k: chart)
    status, lines = _run(monkeypatch, ("videopoker", "--strategy"))
    assert status == 0, lines
    assert any("JT7" in line for line in lines) and any("T96" in line for line in lines)
    assert [line for line in lines if len(line) > WIDTH] == []


@pytest.mark.parametrize("game", ["jacks-or-better", "joker-poker"])
def test_the_video_poker_trainer_fits_100_columns(monkeypatch, game):
    # (with a small chart of the game's lines: a built one takes seconds)
    import pedron.videopoker as videopoker
    from pedron.videopoker import pay_table
    from pedron.videopoker.strategy import ChartLine, StrategyChart

    lines = [ChartLine(p, "", 1, Fraction(0)) for p in (
        "royal flush", "4 to a royal flush", "three of a kind", "two pair", "KQ suited",
        "discard everything")]
    chart = StrategyChart(pay_table(game), tuple(lines), Fraction(1), Fraction(1), 0.0)
    monkeypatch.setattr(videopoker, "strategy_chart", lambda *a, **k: chart)
    answers = ["help", "chart", "", "9", "Qx", "1 2", "none", "all", "135", "draw 2 3", "2 4"]
    status, lines = _run(monkeypatch, ("videopoker", "play", "--game", game, "--seed",
                                       str(2 ** 64 - 1)), answers)
    assert status == 0, lines
    assert any(line.startswith("Chart, line ") for line in lines)
    assert any(line.startswith("Session over: 5 hands") for line in lines)
    assert [line for line in lines if len(line) > WIDTH] == []
