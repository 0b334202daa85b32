"""``pedron videopoker play``: a video-poker trainer in the terminal.

Each hand is one shuffle of the deck by pedron's :class:`~pedron.Generator`
(seeded: ``--seed`` replays a session): the five cards on top are dealt, and
the cards that replace the discards come from the rest of that deck, in order,
each taking the place of the card it replaces. The player types the cards to
hold (:func:`parse_hold`); the final hand is paid by the pay table, 5 credits
a hand (the tables pay per credit of the five-credit bet). Then the verdict:
the exact analysis of the deal (:func:`pedron.videopoker.best_hold`) names the
best hold and its expected value, and a worse hold is a mistake whose cost is
the difference of the two; the game's strategy chart says which of its lines
the deal falls under and what that line keeps. A running tally sets the return
so far (luck included) beside the expected return of the holds played and of
the best holds of the same deals (luck removed).
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pedron.errors import CardError, PedronValueError
from pedron.text import plural, wrap

__all__ = ["BET", "HELP", "HandResult", "Tally", "cmd_train", "parse_hold", "register",
           "summary_text", "tally_text", "train"]

BET = 5
"""Credits bet on each hand: the pay tables pay per credit of the five-credit bet."""

#: What the trainer takes at its prompt, besides the cards to hold.
_QUIT = frozenset({"q", "quit", "exit"})
_HELP = frozenset({"?", "h", "help"})
_NONE = frozenset({"none", "nothing", "-", "draw all", "discard all"})
_ALL = frozenset({"all", "stand", "pat", "stand pat"})

HELP = """\
Type the cards to keep, then Enter; the others are replaced from the deck.
  1 3 5   or 135   keep the cards at those positions (1 is the leftmost)
  Jh Js   or JhJs  keep those cards (a rank, 2-9 T J Q K A, and a suit, c d h s; Jk the joker)
  hold 1 2, keep Jh Js  the same, said in a word
  none    (also: nothing, -, draw all, discard all)  keep nothing: five new cards
  all     (also: stand, pat, 12345)  keep all five
  chart   print the strategy chart
  help    this list (also ?)
  quit    end the session and see the tally (also q; the end of the input does the same)
An empty line asks again: a stray Enter never draws five new cards."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand played: ``number`` (from 1), ``dealt``, ``held`` and ``final`` (cards,
    hand order), ``row`` (the pay row of the final hand, ``"nothing"`` if none),
    ``pays`` (its payout per credit bet), ``best`` and ``chosen`` (the exact analysis
    of the best hold and of the player's, :class:`~pedron.videopoker.Hold`),
    ``chart_line`` (the chart's line for the deal in words, None without a chart)
    and ``chart_held`` (the cards that line keeps)."""

    number: int
    dealt: tuple[int, ...]
    held: tuple[int, ...]
    final: tuple[int, ...]
    row: str
    pays: Fraction
    best: Any
    chosen: Any
    chart_line: str | None = None
    chart_held: tuple[int, ...] | None = None

    @property
    def cost(self) -> Fraction:
        """What the hold gave up against the best, in expected payout per credit bet."""
        cost: Fraction = self.best.value - self.chosen.value
        return cost

    @property
    def mistake(self) -> bool:
        return self.cost > 0


@dataclass(frozen=True, slots=True)
class Tally:
    """The session so far: ``hands``, ``won`` (payouts summed, per credit bet: the
    credits won are ``won * BET``), ``expected`` (the EVs of the holds played,
    summed), ``best`` (the EVs of the best holds of the same deals, summed),
    ``mistakes`` and ``cost`` (``best - expected``)."""

    hands: int = 0
    won: Fraction = field(default_factory=Fraction)
    expected: Fraction = field(default_factory=Fraction)
    best: Fraction = field(default_factory=Fraction)
    mistakes: int = 0

    @property
    def cost(self) -> Fraction:
        return self.best - self.expected

    @property
    def bet(self) -> int:
        """Credits bet."""
        return self.hands * BET

    def add(self, hand: HandResult) -> Tally:
        return replace(self, hands=self.hands + 1, won=self.won + hand.pays,
                       expected=self.expected + hand.chosen.value,
                       best=self.best + hand.best.value,
                       mistakes=self.mistakes + (1 if hand.mistake else 0))


def table_of(game: str | None, pays: str | None) -> Any:
    """The pay table ``--game`` and ``--pays`` name."""
    from pedron.videopoker import pay_table

    if pays is None:
        return pay_table(game or "deuces-wild")
    return pay_table(pays, game=game)


def _credits(x: Fraction) -> str:
    """Credits as a player reads them: whole, or to two decimals."""
    return f"{x.numerator // x.denominator:,}" if x.denominator == 1 else f"{float(x):,.2f}"


def _cards(cards: tuple[int, ...]) -> str:
    from pedron.videopoker.analysis import format_hand

    return format_hand(cards)


def parse_hold(line: str, dealt: tuple[int, ...]) -> tuple[int, ...]:
    """The cards ``line`` keeps of the ``dealt`` hand (hand order), or a
    :class:`~pedron.errors.PedronValueError` saying why it cannot be read.

    The grammar (case and commas do not matter): positions 1-5 (``1 3 5``,
    ``135``), cards (``Jh Js``, ``JhJs``, ``Jk`` the joker, card 52) or
    both, after an optional ``hold`` or ``keep``; ``none`` (``nothing``, ``-``,
    ``draw all``, ``discard all``) keeps nothing; ``all`` (``stand``, ``pat``)
    keeps the five. A card or position named twice, a position past 5, a card
    not dealt and an empty line are refused."""
    from pedron.cards import parse_cards
    from pedron.videopoker.analysis import JOKER

    words = line.replace(",", " ").lower().split()
    if words and words[0] in ("hold", "keep"):
        words = words[1:]
        if not words:
            raise PedronValueError("hold which cards? Their positions (1 3 5) or names "
                                   f"({_cards(dealt[:2])}), or none, or all")
    text = " ".join(words)
    if not text:
        raise PedronValueError("type the cards to keep: their positions (1 3 5) or names "
                               f"({_cards(dealt[:2])}), none for five new cards, all to keep "
                               "the hand (help lists more)")
    if text in _NONE:
        return ()
    if text in _ALL:
        return tuple(dealt)
    if words[0] in ("draw", "discard"):
        raise PedronValueError(f"this asks which cards to keep, not which to {words[0]}: "
                               "type those you keep (or none, or all)")
    kept: list[int] = []
    for word in words:
        if word.isdigit():
            named = []
            for ch in word:
                if not "1" <= ch <= "5":
                    raise PedronValueError(f"no position {ch}: the positions are 1 to 5, "
                                           "left to right")
                named.append(dealt[int(ch) - 1])
        elif word in ("jk", "joker"):
            named = [JOKER]
        else:
            try:
                named = parse_cards(word)
            except CardError:
                raise PedronValueError(f"{word!r} is neither a position (1-5) nor a card "
                                       "(a rank and a suit, such as Jh or Ts)") from None
        for card in named:
            if card not in dealt:
                raise PedronValueError(f"{_cards((card,))} was not dealt: the hand is "
                                       f"{_cards(dealt)}")
            if card in kept:
                raise PedronValueError(f"{_cards((card,))} is named twice")
            kept.append(card)
    return tuple(c for c in dealt if c in kept)


class _Quit(Exception):
    """The player asked to stop, or the input ended."""


def _ask(read: Callable[[str], str], prompt: str) -> str:
    try:
        return read(prompt)
    except EOFError:
        raise _Quit from None


class _Chart:
    """A strategy chart as the trainer reads it: the chart's play on a deal, with its
    line in words, numbered as the chart's text numbers it."""

    def __init__(self, chart: Any) -> None:
        self.chart = chart
        self.number: list[int] = []
        for i, (_family, lines) in enumerate(chart.groups(), 1):
            self.number.extend([i] * len(lines))

    def play(self, dealt: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        from pedron.videopoker.strategy import _chart_play

        found = _chart_play(self.chart, dealt)
        return (f"line {self.number[found.line]}, {self.chart.lines[found.line].pattern}",
                found.held)


class _Game:
    """What the trainer knows of the game: the pay table, the deck, the row of a final
    hand, and the chart (None: no chart)."""

    def __init__(self, table: Any, chart: Any) -> None:
        from pedron._kernels import videopoker as _vp
        from pedron.drawpoker import WILDS

        self.table = table
        self.cards = 53 if table.wilds == "joker" else 52
        self.mode = WILDS.index(table.wilds)
        self.rows = table.row_lookup()
        self.describe = _vp.describe_hand
        self.chart = None if chart is None else _Chart(chart)

    def pay(self, final: tuple[int, ...]) -> tuple[str, Fraction]:
        """The pay row of a final hand (its label; ``"nothing"``) and its payout."""
        i = int(self.rows[self.describe(sorted(final), self.mode)])
        if i == len(self.table.rows):
            return "nothing", Fraction(0)
        row = self.table.rows[i]
        return row.label, row.pays


def _hold_of(holds: Any, cards: tuple[int, ...]) -> Any:
    """The analysis of the hold keeping ``cards``, of a deal's 32."""
    return next(h for h in holds if set(h.held) == set(cards))


def _play_hand(game: _Game, number: int, deck: list[int], held: tuple[int, ...],
               holds: Any) -> HandResult:
    """Draw and pay a hand (``deck``: its shuffled deck, the deal on top), judged by
    ``holds``, the exact analysis of the deal."""
    dealt = tuple(deck[:5])
    fresh = iter(deck[5:])
    final = tuple(c if c in held else next(fresh) for c in dealt)
    row, pays = game.pay(final)
    chosen = _hold_of(holds, held)
    line = kept = None
    if game.chart is not None:
        line, kept = game.chart.play(dealt)
    return HandResult(number, dealt, held, final, row, pays, holds.best, chosen, line, kept)


def _verdict(hand: HandResult, holds: Any) -> list[str]:
    """The lines said after a hand (``holds``: the deal's analysis): the final hand and
    its pay, the best hold and the player's, the chart's."""

    def named(cards: tuple[int, ...]) -> str:
        return _cards(cards) if cards else "nothing (five new cards)"

    won = (f"pays {_credits(hand.pays * BET)} credits" if hand.pays else "pays nothing")
    drawn = 5 - len(hand.held)
    head = (f"Kept all five: {_cards(hand.final)}" if not drawn else
            f"Kept {named(hand.held)}; drew {drawn}: {_cards(hand.final)}")
    lines = [f"{head} -- {hand.row}, {won}"]
    best = (f"Best hold: {named(hand.best.held)}, EV {float(hand.best.value):.6f} per credit "
            "bet.")
    if not hand.mistake:
        same = set(hand.chosen.held) == set(hand.best.held)
        lines.append(best + (" Yours is the best." if same else
                             f" Yours ({named(hand.held)}) is worth exactly as much."))
    else:
        lines.append(f"{best} Yours, {named(hand.held)}, EV {float(hand.chosen.value):.6f}: "
                     f"a mistake costing {float(hand.cost):.6f} per credit bet "
                     f"({float(hand.cost * BET):.2f} credits).")
    if hand.chart_line is not None and hand.chart_held is not None:
        text = f"Chart, {hand.chart_line}: keep {named(hand.chart_held)}."
        if set(hand.chart_held) != set(hand.best.held):
            value = _hold_of(holds, hand.chart_held).value
            if value < hand.best.value:
                text += (f" (EV {float(value):.6f}: the chart gives up "
                         f"{float(hand.best.value - value):.6f} on this deal)")
        lines.append(text)
    return [wrap(line, indent="  ") for line in lines]


def tally_text(tally: Tally) -> str:
    """The running tally in one sentence (wrapped within 100 columns)."""
    if not tally.hands:
        return "No hands played."
    n = tally.hands
    mistakes = ("no mistakes" if not tally.mistakes else
                f"{plural(tally.mistakes, 'mistake')} costing {float(tally.cost):.6f} per "
                f"credit bet in all ({float(tally.cost * BET):.2f} credits)")
    return wrap(f"Tally: {plural(n, 'hand')}, bet {tally.bet:,} credits, won "
                f"{_credits(tally.won * BET)} ({float(tally.won / n):.2%}); expected return "
                f"of your holds {float(tally.expected / n):.4%}, of the best holds "
                f"{float(tally.best / n):.4%}; {mistakes}.", indent="  ")


def summary_text(tally: Tally) -> str:
    """The tally at the end of a session, luck included and luck removed."""
    if not tally.hands:
        return "No hands played."
    n = tally.hands
    lines = [
        f"Session over: {plural(n, 'hand')}.",
        f"  Credits bet {tally.bet:,}, won {_credits(tally.won * BET)}: a return of "
        f"{float(tally.won / n):.2%} (luck included).",
        f"  Expected return of your holds {float(tally.expected / n):.4%}; of the best holds "
        f"of the same deals {float(tally.best / n):.4%} (luck removed).",
        ("  No mistakes." if not tally.mistakes else
         f"  Mistakes: {tally.mistakes:,} of {plural(n, 'hand')}, costing {float(tally.cost):.6f} "
         f"per credit bet in all ({float(tally.cost * BET):.2f} credits; "
         f"{float(tally.cost / n) * 100:.4f} percentage points of return)."),
    ]
    return "\n".join(wrap(line, indent="  ") for line in lines)


def train(table: Any, *, seed: int, hands: int | None = None, chart: Any = None,
          read: Callable[[str], str] = input, write: Callable[[str], None] = print,
          on_hand: Callable[[HandResult], None] | None = None) -> Tally:
    """Deal, read the holds, draw, pay and judge hand after hand (see the module text)
    until ``hands`` are played, the player quits or the input ends; the tally is
    written at the end and returned. ``chart``: a
    :class:`~pedron.videopoker.StrategyChart` of ``table`` (None: no chart's advice);
    ``on_hand`` is told of each hand played. A Ctrl-C (KeyboardInterrupt) writes the
    tally too, and is raised again."""
    from pedron import Generator
    from pedron.videopoker import best_hold

    game = _Game(table, chart)
    rng = Generator(seed)
    tally = Tally()
    try:
        while hands is None or tally.hands < hands:
            deck = list(range(game.cards))
            rng.shuffle(deck)
            dealt = tuple(deck[:5])
            number = tally.hands + 1
            write(f"\nHand {number}:  " + "  ".join(
                f"[{i}] {_cards((c,))}" for i, c in enumerate(dealt, 1)))
            held = _read_hold(game, dealt, read, write)
            holds = best_hold(dealt, game.table)
            hand = _play_hand(game, number, deck, held, holds)
            tally = tally.add(hand)
            for line in _verdict(hand, holds):
                write(line)
            write(tally_text(tally))
            if on_hand is not None:
                on_hand(hand)
    except _Quit:
        pass
    except KeyboardInterrupt:
        write("")
        write(summary_text(tally))
        raise
    write("")
    write(summary_text(tally))
    return tally


def _read_hold(game: _Game, dealt: tuple[int, ...], read: Callable[[str], str],
               write: Callable[[str], None]) -> tuple[int, ...]:
    """Ask until the line names a hold (help and the chart shown on request)."""
    while True:
        line = _ask(read, "Keep? ").strip()
        word = line.lower()
        if word in _QUIT:
            raise _Quit
        if word in _HELP:
            write(HELP)
            continue
        if word == "chart":
            write(game.chart.chart.text() if game.chart is not None else
                  "No chart in this session (it was started with --no-chart).")
            continue
        try:
            return parse_hold(line, dealt)
        except PedronValueError as exc:
            write(wrap(f"Not a hold: {exc}", indent="  "))


def register(sub: Any, refused: tuple[tuple[str, str], ...] = ()) -> None:
    """Add ``play`` to the ``videopoker`` command's subcommands; ``refused``: the
    options of ``pedron videopoker`` the trainer does not take, as (destination,
    option) pairs, each refused when given before ``play``."""
    from pedron.videopoker import GAMES

    p = sub.add_parser(
        "play",   # (its one line in pedron videopoker --help is the group's help)
        description="A video-poker trainer. Seeded hands are dealt; type the cards to keep "
        "(positions 1-5 or cards; 'help' at the prompt lists the words); the hand is drawn "
        "and paid, then judged against the exact best hold of the deal and the game's "
        "strategy chart, with a running tally of the return against perfect play.")
    p.add_argument("--game", dest="play_game", choices=tuple(GAMES), default=None,
                   metavar="NAME", help="the game (default deuces-wild): " + ", ".join(GAMES))
    p.add_argument("--pays", dest="play_pays", default=None, metavar="PAYS",
                   help="payouts in the game's row order (pedron videopoker --rows lists it), "
                   "or a table name (not-so-ugly-ducks, 9/6, 8/5)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the deals (default: a fresh one, printed so that the "
                   "session can be replayed)")
    p.add_argument("--hands", type=int, default=None,
                   help="stop after this many hands (default: until quit or the input ends)")
    p.add_argument("--no-chart", action="store_true",
                   help="no strategy chart's advice (making the chart takes a few seconds)")
    p.set_defaults(run=cmd_train, not_trainer=refused)


def _echoed(prompt: str) -> str:
    """A line typed from a file or a pipe, shown after the prompt as a terminal would."""
    line = input(prompt)
    print(line)
    return line


def _given_once(option: str, before: str | None, after: str | None) -> str | None:
    """An option the trainer takes before ``play`` or after it: two different values
    are refused (neither silently wins)."""
    if before is not None and after is not None and before != after:
        raise PedronValueError(f"{option} given twice, {before} before play and {after} "
                               "after it: give it once")
    return after if after is not None else before


def cmd_train(args: argparse.Namespace) -> int:
    from pedron.cli.playinput import require_input
    from pedron.errors import SeedError
    from pedron.videopoker import strategy_chart

    for dest, option in args.not_trainer:
        if getattr(args, dest, None) not in (None, False):
            raise PedronValueError(f"{option} is not an option of the trainer (pedron "
                                   "videopoker play takes --game, --pays, --seed, --hands, "
                                   "--no-chart)")
    game = _given_once("--game", args.game, args.play_game)
    pays = _given_once("--pays", args.pays, args.play_pays)
    if args.hands is not None and args.hands < 1:
        raise PedronValueError(f"--hands must be at least 1, not {args.hands}")
    seed = secrets.randbits(32) if args.seed is None else args.seed
    if not 0 <= seed < 1 << 64:
        raise SeedError(f"--seed must be in 0..2**64-1, not {seed}")
    require_input("the trainer", "holds")
    table = table_of(game, pays)
    name = table.name or "/".join(str(p) for p in table.pays if p)
    replay = f"pedron videopoker play --game {game or 'deuces-wild'}" + (
        f" --pays {pays}" if pays is not None else "") + f" --seed {seed}"
    print(wrap(f"pedron videopoker play: {name}, {BET} credits a hand, seed {seed}\n"
               f"({replay} deals these hands again)\n"
               "Type the cards to keep by position (1 3 5) or by name (Jh Js), none for five "
               "new cards, all to keep the hand; help lists more, quit ends.", indent="  "))
    chart = None
    if not args.no_chart:
        started = time.perf_counter()
        print(wrap(f"Making the strategy chart for {name} (a few seconds; --no-chart skips "
                   "it)...", indent="  "), flush=True)
        chart = strategy_chart(table)
        chart.hold(tuple(range(4, 9)))   # (its table of every deal, made now, not mid-game)
        print(wrap(f"The chart: {len(chart.groups())} lines, within "
                   f"{float(chart.cost) * 100:.4f} percentage points of perfect play "
                   f"({time.perf_counter() - started:.1f} s; 'chart' at the prompt prints it).",
                   indent="  "))
    try:
        train(table, seed=seed, hands=args.hands, chart=chart,
              read=input if sys.stdin.isatty() else _echoed)
    except KeyboardInterrupt:   # (Ctrl-C: the session ends; the tally is out, the status says)
        return 130
    return 0
