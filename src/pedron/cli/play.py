"""``pedron play``: a game in the terminal against built-in bots.

The human sits in seat 0 and sees only what his per-player view shows: his
own cards, exposed cards, chips, pots and the public history. Everything
printed comes from that view (:mod:`pedron.cli.tableview`), so nothing
hidden can leak to the screen. In a terminal the table is redrawn at each of
his decisions (:class:`~pedron.cli.screen.TableScreen`); otherwise, or with
``--plain``, it is printed as plain lines. What he types is read by
:mod:`pedron.cli.playinput` and checked by the deal itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pedron import games
from pedron.cli.playinput import help_text, parse, require_input, word_of
from pedron.cli.screen import make_screen
from pedron.cli.simulate import rules_arg
from pedron.cli.tableview import scene
from pedron.cli.words import ME, descriptor, legal_text, screen_of, table_event_lines
from pedron.engine import LegalAction
from pedron.errors import PedronError, PedronValueError
from pedron.games import GameInfo

__all__ = ["DEFAULT_PLAYERS", "Quit", "cmd_play", "play_session", "playable"]


def playable() -> list[GameInfo]:
    """The games ``pedron play`` offers (every registered game), the one dealt the fewest
    cards first."""
    return sorted((games.get(name) for name in games.names()),
                  key=lambda info: (info.game.hand_size, info.name))


#: Table sizes when --players is not given, by game (those registered when this module
#: was imported): the library's own defaults, which ``pedron odds`` assumes too.
DEFAULT_PLAYERS = {info.name: info.game.default_players for info in playable()}

Bot = Callable[[Any, Sequence[LegalAction]], Any]


class Quit(Exception):
    """The human asked to stop (or input ended)."""


def _names(players: int) -> list[str]:
    return [ME] + [f"Bot {i}" for i in range(1, players)]


def _ask(read: Callable[[str], str], prompt: str) -> str:
    try:
        return read(prompt).strip()
    except EOFError:
        raise Quit from None


def play_session(
    game: str | GameInfo,
    table: Any,
    bots: Sequence[Bot | None],
    helper: Bot,
    screen: Any,
    read: Callable[[str], str],
) -> None:
    """Play deal after deal until the table is over or the human quits (:class:`Quit`);
    ``game`` is the game's name or its descriptor."""
    game = descriptor(game)
    names = list(table.names)
    word = game.deal_word
    for line in table_event_lines(game, names, table.view(0).events):
        screen.message(line)
    watching = False
    while not table.over:
        deal = table.next_deal()
        start = table.view(0)
        shown_events = len(start.events)
        carried_in = start.deal.carry  # (the view's carry, once over, is what it leaves)
        screen.start(scene(game, start, carried_in=carried_in))
        while not deal.done:
            seat = deal.to_act
            legal = deal.legal_actions()
            if seat != 0:
                bot = bots[seat]
                assert bot is not None
                deal.apply(bot(deal.view(seat), legal))
                continue
            view = table.view(0)
            screen.decision(scene(game, view, carried_in=carried_in))
            _decide(game, deal, view.deal, legal, helper, screen, read)
        view = table.view(0)
        screen.over(scene(game, view, carried_in=carried_in))
        for line in table_event_lines(game, names, view.events[shown_events:]):
            screen.message(line)
        if table.over:
            break
        if not watching and not view.seated[0]:
            answer = _between(read, screen, "You are out of chips. Type w to watch the bots "
                              "play on, or Enter to leave: ", ("w", "q"), word)
            if answer != "w":
                raise Quit
            watching = True
        prompt = (f"Watching: Enter for the next {word}, q to leave: " if watching else
                  f"You have {view.stacks[0]} chips. Enter for the next {word}, q to quit: ")
        if _between(read, screen, prompt, ("q",), word) == "q":
            raise Quit


def _between(read: Callable[[str], str], screen: Any, prompt: str, letters: Sequence[str],
             word: str) -> str:
    """Ask between deals until the answer is Enter ("") or one of ``letters`` (their first
    letter); anything else typed there is said to be unused, never silently dropped."""
    while True:
        answer = _ask(read, prompt)
        first = answer[:1].lower()
        if not answer or first in letters:
            return first
        screen.refuse(f"Not used: {answer!r} (the {word} is over; this asks only what "
                      "comes next)")


def _decide(game: GameInfo, deal: Any, view: Any, legal: Sequence[LegalAction], helper: Bot,
            screen: Any, read: Callable[[str], str]) -> None:
    """Ask the human until a move of his is accepted, and apply it."""
    you_may = legal_text(game, legal)
    while True:
        line = _ask(read, f"You ({view.stacks[0]} chips) > ")
        verb = word_of(game, line)
        if verb == "quit":
            raise Quit
        if verb == "help":
            screen.message(help_text(game))
            continue
        try:
            move = helper(view, legal) if verb == "auto" else parse(
                game, line, legal, view.my_cards, you_may, view.bet)
            deal.verify(move)  # the deal's own reason if it cannot apply
        except PedronError as exc:
            screen.refuse(f"Not accepted: {exc}")
            continue
        deal.apply(move)
        return


def _setup(game: str | GameInfo, players: int, stacks: int, seed: int | None,
           rules: Any = None) -> tuple[Any, list[Any], Any]:
    """The table (with ``rules``, else the game's own), a bot for each seat but the
    human's, and the helper of 'auto' (seat 0's bot): each the one the game's screen
    names for its seat (:meth:`~pedron.games.screen.Screen.opponent`)."""
    from pedron._kernels.seeds import derive_seed
    from pedron.bots import make_bot

    info = descriptor(game)
    screen = screen_of(info)
    table: Any = info.table(_names(players), stacks, rules=rules, seed=seed)

    def bot(i: int) -> Any:  # (each one's seed reproducible with --seed)
        return make_bot(screen.opponent(i, info.default_bot), info.name,
                        None if seed is None else derive_seed(seed, 7, i), rules=table.rules)

    return table, [None] + [bot(i) for i in range(1, players)], bot(0)


def cmd_play(args: argparse.Namespace) -> int:
    game = games.get(args.game)
    players = game.game.default_players if args.players is None else args.players
    low, high = game.players.start, game.players.stop - 1
    if not low <= players <= high:
        raise PedronValueError(f"{game.title} is for {low} to {high} players, not "
                               f"{players} (--players)")
    if args.stacks < 1:
        raise PedronValueError(f"--stacks must be at least 1 chip, not {args.stacks}")
    require_input("play", "moves")
    rules = rules_arg(game, args.rule) if args.rule else None
    table, bots, helper = _setup(game, players, args.stacks, args.seed, rules)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    screen, note = make_screen(args.plain or not terminal, print)
    bots_word = "a bot" if players == 2 else f"{players - 1} bots"
    screen.message(
        f"pedron play {game.name}: you and {bots_word}, {args.stacks} chips each"
        + (f", seed {args.seed}" if args.seed is not None else "")
        + ". Type 'help' for the commands." + (f" {note}" if note else "")
    )
    try:
        play_session(game, table, bots, helper, screen, input)
    except Quit:
        print(f"\nYou leave with {table.stacks[0]} chips.")
        return 0
    except KeyboardInterrupt:  # (Ctrl-C: the player leaves; the status says how)
        print(f"\nYou leave with {table.stacks[0]} chips.")
        return 130
    print(f"\nYou finish with {table.stacks[0]} chips.")
    return 0
