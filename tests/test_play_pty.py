"""``pedron play`` driven through a pseudo-terminal (80x24), as a person plays it:
the table redrawn at each decision, read off the screen."""

from __future__ import annotations

import os
import re
import sys

import pytest

# -- through a pseudo-terminal, as a person plays -----------------------------------------

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("rich")
if not hasattr(pexpect, "spawn"):  # (Windows: no pseudo-terminals)
    pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal", allow_module_level=True)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")
PROMPT = r"You \(\d+ chips\) > |Enter for the next \w+, q to quit: |You are out of chips.*: "


class Player:
    """``pedron play`` in a pseudo-terminal of 80x24; ``screen`` is the text of the
    last redraw (escape sequences removed)."""

    def __init__(self, *args):
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "pedron", "play", *args], env=env,
                                   dimensions=(24, 80), encoding="utf-8", timeout=60)
        self.screen = ""
        self.raw = ""

    def wait(self):
        self.child.expect(PROMPT)
        self.raw = self.child.before
        text = _ANSI.sub("", self.raw).replace("\r", "")
        # What is on the screen now: everything since the last clear, its lines joined
        # (a long line wraps at 80 columns).
        if "\x1b[2J" in self.raw:
            text = _ANSI.sub("", self.raw.rsplit("\x1b[2J", 1)[1]).replace("\r", "")
        self.lines = text.splitlines()
        self.screen = " ".join(text.split())
        return self.child.after

    def say(self, line):
        self.child.sendline(line)

    def close(self):
        self.child.sendline("q")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def test_pty_a_whole_diablo_game_for_a_diablo_pot(diablo_pot_seed):
    p = Player("diablo", "--players", "4", "--seed", str(diablo_pot_seed))
    seen_pot = False
    games = 0
    while games < 40:
        prompt = p.wait()
        screen = p.screen
        assert "Traceback" not in screen
        if prompt.startswith("You ("):
            # The table was redrawn for this decision: seats, pot, hand, choices.
            assert re.search(r"Diablo, game \d+", screen)
            assert "seat" in screen and "chips" in screen and "▶" in screen
            assert "Your cards: " in screen and "You may: " in screen
            assert "(hidden)" not in screen and "[to " not in screen
            if "played for a Diablo pot" in screen:
                seen_pot = True
                assert re.search(r"Pot \d+: a Diablo pot: \d+ carried in, no ante", screen)
                assert "Antes" not in screen
            p.say("a")
        else:
            # The game is over: its result in words, the chips that moved.
            games += 1
            assert re.search(r"Diablo, game \d+", screen)
            assert re.search(r"(wins \d+|win \d+|Everyone checked|No chips)", screen)
            if seen_pot and "played for a Diablo pot" in screen:
                assert re.search(r"opened and won the Diablo pot|opened and did not win|"
                                 r"Everyone checked", screen)
                break
            if prompt.startswith("You are out"):
                p.say("")
                break
            p.say("")
    assert seen_pot, "no Diablo pot came up"
    assert p.close() == 0


def test_pty_a_whole_diamondback_hand_with_a_reveal_by_name():
    p = Player("diamondback", "--players", "3", "--seed", "5")
    revealed = None
    checked = False
    for _ in range(200):
        prompt = p.wait()
        screen = p.screen
        assert "Traceback" not in screen
        if revealed is not None and not checked:
            # The first redraw after the reveal shows it, by name.
            assert f"You reveal {revealed}" in screen, screen
            checked = True
        if prompt.startswith("You ("):
            assert re.search(r"Diamondback, hand \d+", screen)
            assert re.search(r"Your cards: .* — \S+, \d+\w\w best of 14 hands; dealt "
                             r"[\d.]+% of the time", screen), screen
            may = next(line for line in p.lines if line.startswith("You may: "))[9:]
            if may.startswith("reveal "):
                revealed = may.split()[1]  # e.g. "reveal Queen or Priest": a name
                p.say(f"reveal {revealed}")
            elif "stop" in may and revealed is not None:
                p.say("stop")
            elif "match" in may:
                p.say("match")
            elif may.startswith("bet"):
                p.say("bet 1")
            else:
                p.say("a")
        elif prompt.startswith("You are out"):
            break
        elif revealed is not None:
            # The hand is over: the showdown and its result in words.
            assert re.search(r"Diamondback, hand \d+", screen)
            assert re.search(r"shows? \w+ \w+: \w+-\w+", screen) or "fold" in screen
            assert re.search(r"(wins? \d+|Nobody wins|No chips changed hands)", screen)
            break
        else:
            p.say("")
    assert revealed is not None and checked, "never came to a reveal"
    assert p.close() == 0


def test_pty_plain_on_request():
    p = Player("diablo", "--seed", "2", "--plain")
    p.wait()
    assert "\x1b[2J" not in p.raw  # never cleared nor redrawn
    assert "== Diablo, game 1 ==" in p.screen and "You may: " in p.screen
    assert p.close() == 0


def test_pty_a_refusal_redraws_the_table_with_the_reason(diablo_opened_scene):
    opened = diablo_opened_scene()  # (a bot opens before you)
    bet = opened.bet
    p = Player("diablo", "--seed", str(opened.seed))
    p.wait()
    p.say("match 5")  # not a Diablo word
    p.wait()
    assert "Not accepted: 'match' is not a Diablo action" in p.screen
    assert "Diablo, game 1" in p.screen and "You may: " in p.screen  # the table, redrawn
    p.say(f"call {bet + 4}")  # calling costs the bet here: refused, not changed
    p.wait()
    chips = "chip" if bet == 1 else "chips"
    assert f"Not accepted: calling costs {bet} {chips}, not {bet + 4}" in p.screen
    assert "You call" not in p.screen
    p.say(f"call {bet}")
    p.wait()
    assert f"You call {bet}" in p.screen
    assert p.close() == 0


def test_pty_a_bare_draw_asks_and_text_between_games_is_answered(diablo_opened_scene):
    p = Player("diablo", "--seed", str(diablo_opened_scene().seed))  # (you call, stand, fold)
    p.wait()
    p.say("call")
    p.wait()
    p.say("draw")  # (it stood pat without a word)
    p.wait()
    assert "Not accepted: draw which cards?" in p.screen and "You stand pat" not in p.screen
    p.say("stand")
    p.wait()
    p.say("fold")
    prompt = p.wait()
    assert "Enter for the next game" in prompt
    p.say("call")  # (typed at the wrong prompt: it was thrown away)
    prompt = p.wait()
    assert "Enter for the next game" in prompt
    assert "Not used: 'call' (the game is over" in " ".join(p.child.before.split())
    assert p.close() == 0
