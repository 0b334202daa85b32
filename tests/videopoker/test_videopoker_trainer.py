"""``pedron videopoker play``, the trainer, driven by text (issue 39): what it deals
is pedron's Generator dealing, what it pays is the pay table's payout of the final
hand, what it says of a hold is the exact analysis', and its tally adds up."""

from __future__ import annotations

import builtins
import io
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import pedron
from pedron import Generator, cli
from pedron import videopoker as vp
from pedron.cards import format_card, parse_cards
from pedron.cli import vptrain
from pedron.errors import PedronValueError
from pedron.videopoker import strategy

SRC = Path(pedron.__file__).resolve().parent


def session(game, seed, answers, *, hands=None, chart=None):
    """Play ``answers`` (typed lines; the input ends after them): the lines written,
    the hands played and the tally."""
    pending = list(answers)
    out: list[str] = []
    played: list[vptrain.HandResult] = []

    def read(prompt):
        out.append(prompt)
        if not pending:
            raise EOFError
        return pending.pop(0)

    tally = vptrain.train(vp.pay_table(game), seed=seed, hands=hands, chart=chart, read=read,
                          write=out.append, on_hand=played.append)
    text = "\n".join(out)
    return text, played, tally


def flat(text):
    """``text`` with its line breaks and runs of spaces as one space (lines are wrapped
    within 100 columns)."""
    return " ".join(text.split())


def generator_deals(seed, count, cards=52):
    """Each hand's shuffled deck, as pedron's Generator deals it: one shuffle a hand."""
    rng = Generator(seed)
    decks = []
    for _ in range(count):
        deck = list(range(cards))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def shown(cards):
    return " ".join(format_card(c) for c in cards)


ANSWERS = ["1 2", "none", "all", "135", "2 4 5", "3", "keep 1,5", "hold 2345", "-", "12"]


def test_the_deals_are_the_generators_and_the_draws_come_from_the_same_deck():
    text, played, tally = session("jacks-or-better", 2026, ANSWERS)
    decks = generator_deals(2026, len(ANSWERS))
    assert tally.hands == len(played) == len(ANSWERS)
    for hand, deck, answer in zip(played, decks, ANSWERS, strict=True):
        assert hand.dealt == tuple(deck[:5])
        line = f"Hand {hand.number}:  " + "  ".join(
            f"[{i}] {format_card(c)}" for i, c in enumerate(deck[:5], 1))
        assert line in text
        # the discards replaced in place, by the cards after the deal, in order
        fresh = iter(deck[5:])
        assert hand.final == tuple(c if c in hand.held else next(fresh) for c in deck[:5])
        assert len(hand.held) == {"none": 0, "-": 0, "all": 5}.get(
            answer, len(re.sub(r"\D", "", answer)))
    # positions name the dealt cards
    assert played[0].held == tuple(decks[0][:2])
    assert played[3].held == (decks[3][0], decks[3][2], decks[3][4])


def test_a_seed_replays_the_session():
    first, *_ = session("deuces-wild", 99, ANSWERS[:3])
    again, *_ = session("deuces-wild", 99, ANSWERS[:3])
    other, *_ = session("deuces-wild", 100, ANSWERS[:1])
    assert first == again and first != other


@pytest.mark.parametrize("game", ["double-double-bonus", "deuces-wild", "joker-poker"])
def test_the_payout_is_the_pay_tables_for_the_final_hand(game):
    table = vp.pay_table(game)
    text, played, _ = session(game, 7, ["all", "all", "1 2", "none", "135", "2 4 5"])
    for hand in played:
        # (standing pat on the final hand: its one outcome is what the table pays it)
        pat = next(h for h in vp.best_hold(hand.final, table) if not h.discard)
        assert hand.pays == pat.value
        (row,) = [c if isinstance(c, str) else table.rows[table.classes.index(c)].label
                  for c, n in pat.class_counts if n]
        assert hand.row == row
        credits = hand.pays * vptrain.BET
        won = f"pays {credits} credits" if credits else "pays nothing"
        assert f"{shown(hand.final)} -- {hand.row}, {won}" in flat(text)


def test_the_verdict_is_the_analysis():
    table = vp.pay_table("jacks-or-better")
    text, played, _ = session("jacks-or-better", 31, ANSWERS)
    mistakes = 0
    for hand in played:
        holds = vp.best_hold(hand.dealt, table)
        assert hand.best.value == holds.best.value
        assert set(hand.best.held) == set(holds.best.held)
        mine = next(h for h in holds if set(h.held) == set(hand.held))
        assert hand.chosen.value == mine.value
        assert hand.cost == holds.best.value - mine.value >= 0
        best = (f"Best hold: {shown(holds.best.held) or 'nothing (five new cards)'}, "
                f"EV {float(holds.best.value):.6f} per credit bet.")
        assert best in flat(text)
        if hand.cost:
            mistakes += 1
            assert (f"EV {float(mine.value):.6f}: a mistake costing "
                    f"{float(holds.best.value - mine.value):.6f} per credit bet") in flat(text)
    assert 0 < mistakes < len(played)   # (these answers: some best holds, some mistakes)


def test_the_tally_adds_up():
    text, played, tally = session("bonus-poker", 5, ANSWERS)
    assert tally.hands == len(played)
    assert tally.bet == vptrain.BET * len(played)
    assert tally.won == sum(h.pays for h in played)
    assert tally.expected == sum(h.chosen.value for h in played)
    assert tally.best == sum(h.best.value for h in played)
    assert tally.mistakes == sum(1 for h in played if h.chosen.value < h.best.value)
    assert tally.cost == sum(h.best.value - h.chosen.value for h in played)
    n = len(played)
    summary = flat(text[text.index("Session over"):])
    assert f"Session over: {n} hands." in summary
    won = tally.won * vptrain.BET
    assert f"Credits bet {vptrain.BET * n}, won {won}: a return of " \
           f"{float(tally.won / n):.2%}" in summary
    assert f"Expected return of your holds {float(tally.expected / n):.4%}" in summary
    assert f"of the same deals {float(tally.best / n):.4%}" in summary
    assert f"Mistakes: {tally.mistakes} of {n} hands, costing {float(tally.cost):.6f}" in summary
    # the running tally after each hand counts the hands so far
    counts = [int(m) for m in re.findall(r"Tally: (\d+) hands?,", text)]
    assert counts == list(range(1, n + 1))


def test_bad_input_asks_again_and_changes_nothing():
    bad = ["", "   ", "xyz", "6", "0", "hold", "draw 1 2", "discard 3", "1 1", "Ah Ah",
           "10h 1", "keep"]
    text, played, _ = session("jacks-or-better", 11, [*bad, "1 2"], hands=1)
    deck = generator_deals(11, 1)[0]
    assert len(played) == 1 and played[0].held == tuple(deck[:2])
    assert text.count("Keep? ") == len(bad) + 1
    assert text.count("Not a hold: ") == len(bad)
    assert "Traceback" not in text
    for words in ("no position 6", "no position 0", "'xyz' is neither a position",
                  "not which to draw", "not which to discard", "is named twice",
                  "hold which cards?", "type the cards to keep"):
        assert words in flat(text), words
    # a card not dealt is named, with the hand
    other = next(c for c in range(52) if c not in deck[:5])
    text, played, _ = session("jacks-or-better", 11, [format_card(other)], hands=1)
    assert f"{format_card(other)} was not dealt: the hand is {shown(deck[:5])}" in flat(text)
    assert played == []


def test_the_grammar_of_a_hold():
    dealt = tuple(parse_cards("Jh Js 7c 4d 2s"))
    cases = {
        "1 2": "Jh Js", "12": "Jh Js", "1,2": "Jh Js", "hold 1 2": "Jh Js",
        "keep 21": "Jh Js", "Jh Js": "Jh Js", "js jh": "Jh Js", "JhJs": "Jh Js",
        "1 Js": "Jh Js", "HOLD jh 2": "Jh Js", "5": "2s", "none": "", "nothing": "",
        "-": "", "draw all": "", "discard all": "", "all": "Jh Js 7c 4d 2s",
        "stand": "Jh Js 7c 4d 2s", "pat": "Jh Js 7c 4d 2s", "12345": "Jh Js 7c 4d 2s",
        " 3  4 ": "7c 4d",
    }
    for line, kept in cases.items():
        assert vptrain.parse_hold(line, dealt) == tuple(parse_cards(kept)), line
    for line in ("", "hold", "6", "1 6", "22", "Qs", "Jh Jh", "1 Jh", "draw 3", "fold",
                 "Jk"):
        with pytest.raises(PedronValueError):
            vptrain.parse_hold(line, dealt)
    joker = (52, *parse_cards("Ks Qs 7d 3c"))
    assert vptrain.parse_hold("Jk Ks", joker) == (52, parse_cards("Ks")[0])
    assert vptrain.parse_hold("joker", joker) == (52,)


def test_the_end_of_the_input_and_quit_end_with_the_summary():
    text, played, _ = session("jacks-or-better", 3, ["1", "2"])
    assert len(played) == 2 and text.rstrip().endswith(vptrain.summary_text(
        vptrain.Tally().add(played[0]).add(played[1])))
    text, played, _ = session("jacks-or-better", 3, ["1", "quit", "1"])
    assert len(played) == 1 and "Session over: 1 hand." in text
    assert "Hand 2:" in text and "Hand 3:" not in text
    text, played, _ = session("jacks-or-better", 3, ["q"])
    assert played == [] and text.rstrip().endswith("No hands played.")
    text, played, _ = session("jacks-or-better", 3, ["1"] * 5, hands=2)
    assert len(played) == 2 and "Hand 3:" not in text


def chart_of(game, *patterns):
    lines = tuple(vp.ChartLine(p, "", 0, Fraction(0)) for p in (*patterns, "discard everything"))
    return vp.StrategyChart(vp.pay_table(game), lines, Fraction(0), Fraction(0), 0.0)


def test_the_chart_says_its_line_and_its_hold():
    chart = chart_of("jacks-or-better", "royal flush", "high pair", "4 to a flush, 2 high cards",
                     "low pair", "KQ suited", "QJ unsuited", "a king")
    text, played, _ = session("jacks-or-better", 17, ["1 2"] * 12, chart=chart)
    for hand in played:
        assert hand.chart_held == chart.hold(hand.dealt) == strategy._hold_search(chart,
                                                                                  hand.dealt)
        number = next(i for i, (_, lines) in enumerate(chart.groups(), 1)
                      if hand.chart_line.endswith(lines[0].pattern))
        assert hand.chart_line == f"line {number}, {chart.lines[number - 1].pattern}"
        kept = shown(hand.chart_held) or "nothing (five new cards)"
        assert f"Chart, {hand.chart_line}: keep {kept}." in flat(text)
    lines = {h.chart_line for h in played}
    assert len(lines) >= 3   # (these deals fall under several lines)
    # where the chart keeps less than the best, it says what that gives up
    worse = [h for h in played if set(h.chart_held) != set(h.best.held)]
    assert worse
    for hand in worse:
        holds = vp.best_hold(hand.dealt, chart.pay_table)
        value = next(h.value for h in holds if set(h.held) == set(hand.chart_held))
        if value < hand.best.value:
            assert f"the chart gives up {float(hand.best.value - value):.6f}" in flat(text)


def _run(monkeypatch, args, answers):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    pending = list(answers)

    def typed(prompt=""):
        sys.stdout.write(prompt)
        if not pending:
            raise EOFError
        answer = pending.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    monkeypatch.setattr(builtins, "input", typed)
    status = cli.main(list(args))
    return status, out.getvalue()


def test_the_command_plays_and_ends(monkeypatch):
    args = ("videopoker", "play", "--game", "tens-or-better", "--seed", "4", "--no-chart")
    status, text = _run(monkeypatch, args, ["1 2", "all"])
    assert status == 0
    assert "seed 4" in text and "--game tens-or-better --seed 4 deals these hands again" in text
    assert text.count("Hand ") == 3 and "Session over: 2 hands." in text
    # typed lines from a file or a pipe are shown as typed
    assert "Keep? 1 2\n" in text
    for line in text.splitlines():
        assert len(line) <= 100, line


def test_ctrl_c_ends_with_the_tally_and_status_130(monkeypatch):
    args = ("videopoker", "play", "--game", "jacks-or-better", "--seed", "4", "--no-chart")
    status, text = _run(monkeypatch, args, ["1 2", KeyboardInterrupt()])
    assert status == 130 and "Session over: 1 hand." in text


def test_a_fresh_seed_is_printed_and_replays(monkeypatch):
    args = ("videopoker", "play", "--game", "jacks-or-better", "--no-chart")
    status, text = _run(monkeypatch, args, ["1"])
    assert status == 0
    seed = int(re.search(r"seed (\d+)", text).group(1))
    again = _run(monkeypatch, (*args, "--seed", str(seed)), ["1"])[1]
    assert again.split("Hand 1:")[1] == text.split("Hand 1:")[1]


@pytest.mark.parametrize("args, words", [
    (("--game", "no-such"), "invalid choice: 'no-such' (choose from 'jacks-or-better', "),
    (("--hands", "0"), "--hands must be at least 1"),
    (("--seed", "-1"), "--seed must be in 0..2**64-1"),
    (("--pays", "800,x"), "pedron videopoker: error:"),
])
def test_bad_options_are_one_line_and_status_2(monkeypatch, capsys, args, words):
    try:
        status = cli.main(["videopoker", "play", "--no-chart", *args])
    except SystemExit as exc:   # (argparse's own refusals)
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_options_of_the_analysis_are_refused_before_play(monkeypatch, capsys):
    status = cli.main(["videopoker", "--hold", "As Ks Qs Js Ts", "play", "--no-chart"])
    assert status == 2 and "--hold is not an option of the trainer" in capsys.readouterr().err
    # --game before play names the game
    status, text = _run(monkeypatch, ("videopoker", "--game", "bonus-poker", "play",
                                      "--no-chart", "--seed", "1"), [])
    assert status == 0 and "8/5 Bonus Poker" in text


@pytest.mark.parametrize("before, after", [
    (("--game", "bonus-poker"), ("--game", "deuces-wild")),
    (("--pays", "9/6"), ("--pays", "8/5")),
])
def test_an_option_given_before_and_after_play_differently_is_refused(monkeypatch, capsys,
                                                                      before, after):
    # Neither value silently wins; the same value twice is one choice.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    game = ("--game", "jacks-or-better") if before[0] == "--pays" else ()
    status = cli.main(["videopoker", *game, *before, "play", "--no-chart", "--seed", "1",
                       *after])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.strip() == (f"pedron videopoker: error: {before[0]} given twice, {before[1]} "
                           f"before play and {after[1]} after it: give it once")
    status, text = _run(monkeypatch, ("videopoker", *before, "play", "--no-chart", "--seed",
                                      "1", *before), [])
    assert status == 0, text


@pytest.mark.parametrize("given", [
    ("--top", "3"), ("--top", "8"), ("--threads", "2"), ("--threads", "1"),
    ("--tie-break", "published"), ("--tie-break", "fewer-drawn"), ("--no-progress",),
    ("--rows",), ("--strategy",), ("--json",),
])
def test_every_option_of_the_analysis_before_play_is_refused(monkeypatch, capsys, given):
    """Each option the trainer does not take, given before ``play`` (even at its default
    value), is refused with status 2 before anything is dealt, never silently ignored."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    status = cli.main(["videopoker", *given, "play", "--no-chart", "--seed", "1"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.strip() == (f"pedron videopoker: error: {given[0]} is not an option of the "
                           "trainer (pedron videopoker play takes --game, --pays, --seed, "
                           "--hands, --no-chart)")


def shell(command):
    environ = dict(os.environ, PYTHONPATH=str(SRC.parent))
    environ.pop("PEDRON_TRACEBACK", None)
    python = f"{sys.executable} -m pedron"
    return subprocess.run(["bash", "-c", command.replace("pedron", python, 1)],
                          capture_output=True, text=True, env=environ, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bash")
def test_piped_holds_and_a_closed_input():
    proc = shell("printf '1 2\\nbogus\\nnone\\n' | pedron videopoker play --game "
                 "jacks-or-better --seed 8 --no-chart")
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Not a hold: 'bogus'" in proc.stdout and "Session over: 2 hands." in proc.stdout
    deck = generator_deals(8, 1)[0]
    assert f"Hand 1:  [1] {format_card(deck[0])}  [2] {format_card(deck[1])}" in proc.stdout
    proc = shell("pedron videopoker play --seed 1 --no-chart <&-")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("pedron videopoker: error: standard input is closed")
