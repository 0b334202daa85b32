"""``pedron play``: a game in the terminal against built-in bots.

The human sits in seat 0 and sees only what his per-player view shows: his
own cards, exposed cards, chips, pots and the public history. Everything
printed comes from that view, so nothing hidden can leak to the screen.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pedron.diablo import Table as DiabloTableClass
from pedron.diamondback import Table as DiamondbackTableClass
from pedron.engine import LegalAction, Record
from pedron.engine.moves import Draw, Reveal
from pedron.errors import PedronError, PedronValueError

if TYPE_CHECKING:  # the game modules are imported lazily, when a game is chosen
    from pedron.diablo.session import Table as DiabloTable
    from pedron.diamondback.table import Table as DiamondbackTable

#: Table sizes when --players is not given: the library's own defaults (the
#: same as ``pedron simulate`` and ``pedron odds`` assume).
DEFAULT_PLAYERS = {"diamondback": DiamondbackTableClass._DEFAULT_PLAYERS,
                   "diablo": DiabloTableClass._DEFAULT_PLAYERS}

HELP = (
    "type an action: bet N | match | fold | stop | reveal CARD (or 1/2) | check | call | "
    "raise N | draw CARDS | auto (let a bot choose) | quit"
)
ALIASES = {
    "b": "bet", "m": "match", "f": "fold", "s": "stop", "r": "reveal", "c": "call",
    "k": "check", "x": "check", "d": "draw", "a": "auto", "q": "quit", "?": "help",
    "h": "help", "stand": "draw", "raise_by": "raise",
}


class Quit(Exception):
    """The human asked to stop (or input ended)."""


def _names(players: int) -> list[str]:
    return ["You"] + [f"Bot {i}" for i in range(1, players)]


class Terminal:
    """Reads the human's commands and prints what his view shows."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.read = read
        self.write = write

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise Quit from None


def _card_text(game: str, cards: Sequence[int]) -> str:
    if game == "diamondback":
        from pedron.diamondback import format_id

        return " ".join(format_id(c) for c in cards)
    from pedron.cards import format_cards

    return format_cards(cards)


def describe_record(game: str, names: Sequence[str], rec: Record) -> str:
    """One line for a history record, exactly as censored for the viewer."""
    who = names[rec.seat] if rec.seat is not None else "table"
    parts = [who, rec.kind]
    if rec.amount:
        parts.append(str(rec.amount))
    if rec.cards:
        parts.append(_card_text(game, rec.cards))
    elif rec.private and rec.seat != 0:  # the human is seat 0: his own are never hidden
        parts.append("(hidden)")
    if rec.note:
        parts.append(f"[{rec.note}]")
    return "  " + " ".join(parts)


def _parse(game: str, line: str, legal: Sequence[LegalAction], my_cards: Sequence[int]) -> Any:
    words = line.split()
    if not words:
        raise PedronValueError("say what to do (or 'help')")
    kind = ALIASES.get(words[0].lower(), words[0].lower())
    kinds = {a.kind: a for a in legal}
    if kind not in kinds:
        raise PedronValueError(
            f"{kind!r} is not possible now; you may: {', '.join(_legal_text(legal))}"
        )
    option = kinds[kind]
    rest = words[1:]
    if kind == "reveal":
        if not rest:
            raise PedronValueError("reveal which card? (1, 2 or its name)")
        if rest[0] in ("1", "2"):
            return Reveal(my_cards[int(rest[0]) - 1])
        return Reveal(rest[0])
    if kind == "draw":
        return Draw(" ".join(rest))
    if option.min is not None and option.max is not None and option.min != option.max:
        if not rest:
            raise PedronValueError(f"{kind} how much? ({option.min}..{option.max})")
        try:
            amount = int(rest[0])
        except ValueError:
            raise PedronValueError(f"not a whole number of chips: {rest[0]!r}") from None
        return (kind, amount)
    return (kind,) if option.min is None else (kind, option.min)


def _legal_text(legal: Sequence[LegalAction], game: str = "diamondback") -> list[str]:
    out = []
    for a in legal:
        if a.cards and a.kind == "reveal":
            out.append("reveal " + " or ".join(
                f"{i} ({_card_text(game, [c])})" for i, c in enumerate(a.cards, 1)))
        elif a.kind == "draw":
            out.append(f"draw CARDS (0..{a.max} of yours; none to stand pat)")
        elif a.min is not None and a.max is not None and a.min != a.max:
            out.append(f"{a.kind} {a.min}..{a.max}")
        elif a.min:
            out.append(f"{a.kind} ({a.min})")
        else:
            out.append(a.kind)
    return out


def play_hands(
    game: str,
    table: Any,
    bots: Sequence[Callable[[Any, Sequence[LegalAction]], Any]],
    term: Terminal,
    helper: Callable[[Any, Sequence[LegalAction]], Any],
) -> None:
    """Play hand after hand until the table is over or the human quits."""
    names = list(table.view(0).names)
    for rec in table.view(0).events:
        term.write(describe_record(game, names, rec))
    while not table.over:
        hand = table.next_deal()
        view = hand.view(0)
        stacks = ", ".join(f"{n} {s}" for n, s in zip(names, table.stacks, strict=True))
        dealer = names[view.dealer]
        term.write(
            f"\n== {'Hand' if game == 'diamondback' else 'Game'} {view.number}: {dealer} "
            f"deal{'' if dealer == 'You' else 's'}. Chips: {stacks}"
        )
        seen = 0
        while True:
            view = hand.view(0)
            for rec in view.history[seen:]:
                term.write(describe_record(game, names, rec))
            seen = len(view.history)
            if hand.done:
                break
            seat = hand.to_act
            legal = hand.legal_actions()
            if seat != 0:
                hand.act(bots[seat](hand.view(seat), legal))
                continue
            term.write(
                f"Your cards: {_card_text(game, view.my_cards)}   pot {view.pot}   "
                f"you may: {', '.join(_legal_text(legal, game))}"
            )
            while True:
                line = term.ask("> ")
                word = line.split()[0].lower() if line.split() else ""
                word = ALIASES.get(word, word)
                if word == "quit":
                    raise Quit
                if word == "help":
                    term.write(HELP)
                    continue
                try:
                    action = helper(view, legal) if word == "auto" else _parse(
                        game, line, legal, view.my_cards
                    )
                    hand.act(action)
                    break
                except PedronError as exc:
                    term.write(f"  not accepted: {exc}")
        result = hand.result
        if result is not None:
            nets = ", ".join(
                f"{n} {'+' if d > 0 else ''}{d}" for n, d in zip(names, result.net, strict=True)
                if d
            )
            term.write(f"Result: {nets or 'no chips moved'}; carried over: {result.carry}")
        line = term.ask("Enter for the next hand, q to quit: ")
        if line.lower().startswith("q"):
            raise Quit
    term.write(f"The session is over: {table.end_reason}.")


def cmd_play(args: argparse.Namespace) -> int:
    players = args.players
    table: DiamondbackTable | DiabloTable
    if args.game == "diamondback":
        from pedron.bots.diamondback import OddsBot
        from pedron.diamondback import Table

        if players is None:
            players = 3
        if not 2 <= players <= 4:
            raise PedronValueError(f"Diamondback is for 2 to 4 players, not {players}")
        table = Table(_names(players), args.stacks, seed=args.seed)
        bots: list[Any] = [None] + [OddsBot(margin=0.05 * i, rules=table.rules)
                                    for i in range(1, players)]
        helper: Any = OddsBot(rules=table.rules)
    else:
        from pedron.diablo import session as diablo_game

        if players is None:
            players = 4
        from pedron.bots.diablo import RuleBot
        from pedron.diablo.hand import Category

        if not 3 <= players <= 7:
            raise PedronValueError(f"Diablo is for 3 to 7 players, not {players}")
        table = diablo_game.Table(_names(players), args.stacks, seed=args.seed)
        styles = [Category.THREE_OF_A_KIND, Category.TWO_PAIR, Category.FULL_HOUSE]
        bots = [None] + [RuleBot(open_at=styles[i % 3], call_at=styles[i % 3])
                         for i in range(1, players)]
        helper = RuleBot()
    term = Terminal(input, print)
    stacks = args.stacks
    term.write(
        f"pedron play {args.game}: you and {players - 1} bots, {stacks} chips each"
        + (f", seed {args.seed}" if args.seed is not None else "")
        + ". Type 'help' for the commands."
    )
    try:
        play_hands(args.game, table, bots, term, helper)
    except Quit:
        term.write(f"\nYou leave with {table.stacks[0]} chips.")
    return 0
