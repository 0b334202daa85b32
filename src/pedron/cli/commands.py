"""What each ``pedron`` subcommand does; parsing lives in ``pedron.cli``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pedron
from pedron import diablo, diamondback
from pedron.cards import format_cards
from pedron.cli.progress import ProgressBar
from pedron.errors import PedronValueError
from pedron.text import plural, table

#: The Diamondback table size every command assumes when nothing fixes it: the
#: library's own (``pedron.diamondback.Table()`` seats this many).
DIAMONDBACK_PLAYERS: int = diamondback.Table.GAME.default_players


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, default=str) if args.json else text)


def fraction_text(p: Any) -> str:
    """An exact probability as text: ``1/26``, and ``0`` and ``1`` as themselves."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _positive(name: str, value: int) -> int:
    if value < 1:
        raise PedronValueError(f"{name} must be at least 1, got {value}")
    return value


class Progress:
    """A command's steps on stderr, numbered (``[2/5] timing ...``), and the count of a
    long step as it goes (a bar on a terminal, a line now and then otherwise, with the
    time left: :class:`~pedron.cli.progress.ProgressBar`)."""

    def __init__(self, total: int, stream: Any = None, tty: bool | None = None) -> None:
        self.total = total
        self.step = 0
        self.bar = ProgressBar("runs", stream=stream, tty=tty)
        self._unit: str | None = None

    def __call__(self, message: str) -> None:
        self.step += 1
        self._unit = None
        self.bar.say(f"[{self.step}/{self.total}] {message}")

    def count(self, unit: str, done: int, total: int) -> None:
        if unit != self._unit:
            self.bar.step(_STEP_WORDS.get(unit, unit), unit)
            self._unit = unit
        self.bar(done, total)

    def close(self) -> None:
        self.bar.close()


_STEP_WORDS = {"hands": "checked", "runs": "timed"}


# ---------------------------------------------------------------------------


def cmd_eval(args: argparse.Namespace) -> int:
    text = " ".join(args.hand)
    if args.game == "diamondback":
        if args.natural:
            raise PedronValueError("--natural is for Diablo: Diamondback has no wild cards")
        db_value = diamondback.evaluate(text)
        data = {
            "game": "diamondback",
            "hand": db_value.name,
            "strength": db_value.strength,
            "position": db_value.position,
            "points": db_value.points,
        }
        _emit(
            args,
            data,
            f"{db_value.name}: position {db_value.position} of 14 (points {db_value.points}), "
            f"strength {db_value.strength}",
        )
        return 0
    value = diablo.evaluate(text, wild=not args.natural)
    data = {
        "game": "diablo",
        "wild": not args.natural,
        "strength": value.strength,
        "category": value.category.name.lower(),
        "description": value.description,
    }
    _emit(
        args,
        data,
        f"{value.description} (category {value.category.name.lower().replace('_', ' ')}, "
        f"strength {value.strength}{', natural' if args.natural else ', deuces wild'})",
    )
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    if args.hand is None:
        if args.revealed is not None or args.dead:
            raise PedronValueError("--revealed and --dead need --hand")
        players = DIAMONDBACK_PLAYERS if args.players is None else args.players
        odds = diamondback.dealing_odds(players)
        rows = []
        data = []
        for value, p in odds.items():
            rows.append((value.name, value.points, fraction_text(p), f"{float(p):.4%}"))
            data.append({"hand": value.name, "points": value.points,
                         "probability": fraction_text(p), "float": float(p)})
        _emit(
            args,
            {"players": players, "dealing_odds": data},
            f"Chance of being dealt each hand, {players} players "
            f"({diamondback.DECK_SIZES[players]}-card deck)\n"
            + table(("hand", "points", "exact", "percent"), rows, right=(1, 2, 3)),
        )
        return 0
    revealed = None
    if args.revealed is not None:
        if not args.revealed:
            raise PedronValueError("--revealed needs one word per opponent still in "
                                   "(a card, or '-' if he has not revealed yet)")
        revealed = [None if r in ("?", "-", "none") else r for r in args.revealed]
    result = diamondback.odds(args.hand, revealed=revealed, dead=args.dead or (),
                              players=args.players)
    hand = diamondback.evaluate(args.hand)
    opponents = len(revealed) if revealed is not None else result_opponents(args.players)
    players = args.players if args.players is not None else opponents + 1
    shown = ("" if revealed is None else "; revealed: " + ", ".join(
        "not yet" if r is None else r for r in revealed))
    header = (
        f"{hand.name} against {plural(opponents, 'opponent')} still in, "
        f"{players}-player deck ({diamondback.DECK_SIZES[players]} cards){shown}"
        + (f"; dead: {args.dead}" if args.dead else "")
    )
    outcomes = [("win", result.win), ("share", result.share), ("carry over", result.carry),
                ("lose", result.lose)]
    chances = [(name, fraction_text(p), f"{float(p):.4%}") for name, p in outcomes]
    by_outcome = {name: {"exact": fraction_text(p), "float": float(p)}
                  for name, p in outcomes}
    _emit(args, by_outcome,
          header + "\n" + table(("outcome", "exact", "percent"), chances, right=(1, 2)))
    return 0


def result_opponents(players: int | None) -> int:
    """Opponents still in when --revealed is not given: everyone else at the table
    (the library's default)."""
    return (DIAMONDBACK_PLAYERS if players is None else players) - 1


def cmd_draw(args: argparse.Namespace) -> int:
    _positive("--top", args.top)
    # The one mapping Rules uses: --max-draw 4 is any four cards, --more-draw the
    # More draw variant (four only keeping an ace).
    limit = diablo.DrawLimit.from_max_draw(args.max_draw, args.more_draw)
    choices = diablo.best_draw(
        " ".join(args.hand), max_draw=limit, wild=not args.natural, dead=args.dead or ()
    )
    cat = diablo.Category
    rows = []
    for choice in choices[: args.top]:
        likeliest = max(choice.distribution().items(), key=lambda item: item[1])[0]
        rows.append((
            format_cards(choice.keep) or "-",
            format_cards(choice.discard) or "(stand pat)",
            f"{choice.expected_strength:,.1f}",
            f"{choice.probability_at_least(cat.THREE_OF_A_KIND):.1%}",
            f"{choice.probability_at_least(cat.FULL_HOUSE):.1%}",
            f"{choice.probability_at_least(cat.FOUR_OF_A_KIND):.1%}",
            likeliest.name.lower().replace("_", " "),
        ))
    _emit(
        args,
        [c.as_dict() for c in choices[: args.top]],
        f"{plural(len(choices), 'choice')} for "
        f"{format_cards(choices[0].keep + choices[0].discard)} "
        f"({'natural' if args.natural else 'deuces wild'}, {limit}), "
        "best first by expected strength\n"
        + table(
            ("keep", "discard", "E[strength]", ">= trips", ">= full house", ">= quads",
             "likeliest"),
            rows,
            right=(2, 3, 4, 5),
        ),
    )
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from pedron.bench import parse_spec, run_bench
    from pedron.bench.isolate import check_time_limit
    from pedron.bench.render import render

    for name in ("hands", "scalar_hands", "reference_hands", "repeat"):
        _positive("--" + name.replace("_", "-"), getattr(args, name))
    if args.scalar_hands > args.hands or args.reference_hands > args.scalar_hands:
        raise PedronValueError("need --hands >= --scalar-hands >= --reference-hands")
    try:
        check_time_limit(args.evaluator_timeout)
    except PedronValueError:
        raise PedronValueError(f"--evaluator-timeout must be a positive number of seconds, "
                               f"not {args.evaluator_timeout}") from None
    evaluators = [parse_spec(spec) for spec in args.evaluator]
    checks = len(evaluators) if args.check == "all" else 0
    # (one step per check, dealing, timing, the fixed cost of a batch call; the checks
    # and the timing counted as they go)
    progress = Progress(total=checks + 3)
    report = run_bench(
        hands=args.hands,
        scalar_hands=args.scalar_hands,
        reference_hands=args.reference_hands,
        repeat=args.repeat,
        seed=args.seed,
        peers=not args.no_peers,
        evaluators=evaluators,
        check=args.check,
        diamondback=not args.no_diamondback,
        progress=None if args.quiet else progress,
        count=None if args.quiet else progress.count,
        isolate=not args.in_process,
        time_limit=args.evaluator_timeout,
    )
    progress.close()
    _emit(args, {"version": pedron.__version__, **report.as_dict()},
          render(report, pedron.__version__, wide=args.wide))
    # (a CI can use it as a check: 1 when an evaluator checked is not in pedron's order)
    return 0 if report.agrees else 1


def cmd_deal(args: argparse.Namespace) -> int:
    out: list[str] = []
    data: dict[str, Any] = {"seed": args.seed}
    deck = diablo.Deck(args.seed)
    out.append(f"Diablo, seed {args.seed}: five hands from one shuffled deck")
    data["diablo"] = []
    for seat in range(5):
        hand = deck.deal(5)
        value = diablo.evaluate(hand)
        out.append(f"  seat {seat + 1}: {format_cards(hand)}   {value.description}")
        data["diablo"].append({"cards": format_cards(hand), "hand": value.description})
    deck4 = diamondback.Deck(4, args.seed)
    out.append(f"Diamondback, 4 players, seed {args.seed}")
    out.append("  cards: " + ", ".join(f"{code} {name}" for code, name in
                                       zip(diamondback.RANK_CODES, diamondback.RANK_NAMES,
                                           strict=True))
               + "; the number tells copies apart")
    data["diamondback"] = []
    for seat in range(4):
        cards = deck4.deal(2)
        db_value = diamondback.evaluate(cards, ids=True)
        ids = " ".join(diamondback.format_id(c) for c in cards)
        out.append(f"  seat {seat + 1}: {ids}   {db_value.name} ({db_value.points} points)")
        data["diamondback"].append({"cards": ids, "hand": db_value.name})
    _emit(args, data, "\n".join(out))
    return 0
