"""What each ``pedron`` subcommand does; parsing lives in ``pedron.cli``.

The commands that show a game's hands (``eval``, ``odds``, ``draw``, ``deal``) ask the
game's :class:`~pedron.games.screen.Screen` (``GameInfo.screen``) for them.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import pedron
from pedron import games
from pedron.cli.progress import ProgressBar
from pedron.errors import PedronValueError
from pedron.games import GameInfo
from pedron.games.screen import Screen, fraction_text

__all__ = ["Progress", "advised_games", "cmd_bench", "cmd_deal", "cmd_draw", "cmd_eval",
           "cmd_odds", "evaluated_games", "fraction_text", "odds_games"]


def _screens() -> list[tuple[GameInfo, Screen]]:
    """Every registered game that has a screen, with it, in the order of their names."""
    found = []
    for name in games.names():
        info = games.get(name)
        if info.screen is not None:
            found.append((info, info.screen))
    return found


def evaluated_games() -> tuple[str, ...]:
    """The games whose screens evaluate a hand (``pedron eval --game``)."""
    return tuple(info.name for info, screen in _screens() if screen.evaluates)


def odds_games() -> tuple[GameInfo, ...]:
    """The games whose screens give odds (``pedron odds``)."""
    return tuple(info for info, screen in _screens() if screen.has_odds)


def advised_games() -> tuple[GameInfo, ...]:
    """The games whose screens advise on a draw (``pedron draw`` takes the first)."""
    return tuple(info for info, screen in _screens() if screen.advises_draws)


def _screen(info: GameInfo) -> Screen:
    assert info.screen is not None  # (the parser's choices are games with screens)
    return info.screen


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, default=str) if args.json else text)


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
    shown = _screen(games.get(args.game)).evaluate(" ".join(args.hand), args.natural)
    _emit(args, shown.data, shown.text)
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    screen = _screen(games.get(args.game))
    if args.hand is None:
        if args.revealed is not None or args.dead:
            raise PedronValueError("--revealed and --dead need --hand")
        players = screen.game.default_players if args.players is None else args.players
        shown = screen.dealing_odds(players)
        _emit(args, shown.data, shown.text)
        return 0
    revealed = None
    if args.revealed is not None:
        if not args.revealed:
            raise PedronValueError("--revealed needs one word per opponent still in "
                                   "(a card, or '-' if he has not revealed yet)")
        revealed = [None if r in ("?", "-", "none") else r for r in args.revealed]
    shown = screen.odds(args.hand, revealed, args.dead, args.players)
    _emit(args, shown.data, shown.text)
    return 0


def cmd_draw(args: argparse.Namespace) -> int:
    _positive("--top", args.top)
    advised = advised_games()
    if not advised:
        raise PedronValueError("no game has a draw advisor")
    shown = _screen(advised[0]).draw_advice(
        " ".join(args.hand), max_draw=args.max_draw, more_draw=args.more_draw,
        natural=args.natural, dead=args.dead, top=args.top)
    _emit(args, shown.data, shown.text)
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
    for info, screen in _screens():
        shown = screen.seeded_deal(args.seed)
        if shown is not None:
            out.append(shown.text)
            data[info.name] = shown.data
    _emit(args, data, "\n".join(out))
    return 0
