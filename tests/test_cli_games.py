"""The command line asks a game's descriptor (issue 38): a registered game is offered by
the commands that can play it, a game without a screen plays ``pedron play`` in plain
words, and a game's own screen is what the table shows."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import re
from collections.abc import Iterator, Sequence
from types import MappingProxyType

import pytest

from pedron import cli, games
from pedron.cli import play
from pedron.cli.playinput import help_text, parse, word_of
from pedron.cli.screen import PlainScreen
from pedron.cli.tableview import scene
from pedron.errors import PedronValueError
from pedron.games import GameInfo
from pedron.games.screen import PLAIN_VERBS, Screen, Verb


@contextlib.contextmanager
def registered(**changes: object) -> Iterator[GameInfo]:
    """Diamondback's table registered as another game, ``changes`` made to its descriptor
    (no solver; its bot the random one, named by its class: the bots' own table of
    built-in bots knows only the built-in games)."""
    base = games.get("diamondback")
    fields = {"name": "twin", "title": "Twin", "module": "",
              "default_bot": "pedron.bots.RandomBot",
              "bots": {}, "solver": None, **changes}
    info = games.register(dataclasses.replace(base, **fields))  # type: ignore[arg-type]
    try:
        yield info
    finally:
        games.unregister(info.name)


def _choices(command: str) -> list[str]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices[command]._actions:
        if action.dest == "game":
            return list(action.choices or ())
    raise AssertionError(command)


def _session(info: GameInfo, seed: int, deals: int) -> list[str]:
    """``pedron play``'s plain lines of ``deals`` deals where the human lets a bot choose."""
    table, bots, helper = play._setup(info, 3, 20, seed)
    out: list[str] = []
    finished = 0

    def read(prompt: str) -> str:
        nonlocal finished
        if prompt.startswith("You ("):
            return "auto"
        finished += 1
        return "" if finished < deals else "q"

    with contextlib.suppress(play.Quit):
        play.play_session(info, table, bots, helper, PlainScreen(out.append), read)
    return out


def test_a_registered_game_is_offered_where_it_can_be() -> None:
    with registered(screen=None) as info:
        for command in ("play", "simulate", "match"):
            assert info.name in _choices(command), command
        # (no solver, no screen: neither solved nor evaluated)
        assert info.name not in _choices("solve")
        assert "diamondback" in _choices("solve")
        assert _choices("eval") == ["diablo", "diamondback"]
    assert "twin" not in _choices("play")


def test_a_game_without_a_screen_plays_in_plain_words() -> None:
    with registered(screen=None) as info:
        out = _session(info, seed=3, deals=4)
        text = "\n".join(out)
        assert "== Twin, hand 1 ==" in text and "== Twin, hand 4 ==" in text
        # cards as the game's CardText names them (Diamondback's ids: Q1, K12), no hand
        # named (no "best of 14"), no reason a hand won
        hands = [line for line in out if line.startswith("Your cards: ")]
        assert hands
        for line in hands:
            assert re.fullmatch(r"Your cards: [A-Z][0-9]+ [A-Z][0-9]+", line), line
        assert "best of" not in text and "points to" not in text
        assert help_text(info).split("\n")[0].split()[0] == PLAIN_VERBS[0].word
        # a card to reveal is read as the game's CardText reads it
        held = info.game.cards.parse("Q1 K2")
        plain = Screen(info.game)
        assert plain.read_reveal(["K2"], held) == held[1]
        assert plain.read_draw(["K2", "Q1"], held) == (held[1], held[0])
        for wrong in ("K1", "Queen", "Z9"):
            with pytest.raises(PedronValueError, match="not one of your cards: you hold Q1 K2"):
                plain.read_reveal([wrong], held)
        with pytest.raises(PedronValueError, match="named twice"):
            plain.read_draw(["Q1", "Q1"], held)


def test_a_game_without_a_screen_through_the_command(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    with registered(screen=None):
        monkeypatch.setattr("sys.stdin", io.StringIO("auto\nauto\nauto\n\nq\n"))
        assert cli.main(["play", "twin", "--seed", "5", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pedron play twin: you and a bot, 50 chips each, seed 5.")
    assert "== Twin, hand 1 ==" in out and "You leave with" in out


class _Marked(Screen):
    """A screen that marks everything it words, to see the table use it."""

    verbs = (Verb("poke", "poke the pot"), Verb("match", "match the bet"))
    aliases = MappingProxyType({"m": "match", "p": "poke"})

    def cards(self, cards: Sequence[int]) -> str:
        return " ".join(f"<{self.game.cards.name(c)}>" for c in cards)

    def hand(self, cards: Sequence[int], dealt_in: int, wild: bool = True) -> str:
        return f"a hand of {len(cards)} at a table of {dealt_in}"

    def rule(self, names: Sequence[str], deal: object) -> str:
        return "the house rule"

    def title_note(self, deal: object) -> str:
        return " (marked)"


def test_the_table_shows_the_games_screen() -> None:
    base = games.get("diamondback")
    with registered(screen=_Marked(base.game)) as info:
        table, bots, _ = play._setup(info, 2, 20, 1)
        deal = table.next_deal()
        while deal.to_act != 0:
            deal.act(bots[deal.to_act](deal.view(deal.to_act), deal.legal_actions()))
        s = scene(info, table.view(0))
        assert s.title == "Twin, hand 1 (marked)"
        assert s.rule == "the house rule"
        assert re.fullmatch(r"Your cards: <[A-Z][0-9]+> <[A-Z][0-9]+> — a hand of 2 at a "
                            r"table of 2", s.hand), s.hand
        assert s.seats[0].cards.startswith("<")
        assert [line.split()[0] for line in help_text(info).split("\n")][:2] == ["poke",
                                                                                  "match"]
        assert word_of(info, "m 3") == "match" and word_of(info, "p") == "poke"
        # a verb the game does not list is refused in its title's words
        with pytest.raises(PedronValueError, match="'fold' is not a Twin action"):
            parse(info, "fold", deal.legal_actions(), deal.view(0).my_cards, ["x"])
