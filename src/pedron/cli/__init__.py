"""The ``pedron`` command (also ``python -m pedron``).

Subcommands: ``eval``, ``odds``, ``draw``, ``bench``, ``play``, ``deal``,
``simulate``, ``match``, ``solve``. Nothing prints a traceback. Exit status:

* 0: done;
* 1: pedron itself failed (one line saying so; set ``PEDRON_TRACEBACK=1`` for
  the traceback to report), or it cannot write its output (standard output
  closed, a full disk: one line, ``pedron CMD: cannot write the output: ...``, naming
  the file instead when a file it writes fails);
* 2: a mistake in the command or its input (one line on stderr naming the
  option as typed; ``play`` with its standard input closed);
* 130: interrupted (Ctrl-C); 143: terminated (SIGTERM); work in progress is
  stopped either way (a study's worker processes included);
* 141: the reader of the output went away (``pedron ... | head -1``): the rest
  of the output is dropped silently, as other command-line tools do.

Where the output's encoding cannot show a symbol (``±``, ``—``...), its ASCII
fallback is printed (:mod:`pedron.cli.output`); with stderr closed or full, the
messages above are dropped and only the status tells.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import shutil
import signal
import sys
import textwrap
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

import pedron
from pedron.cli import commands, output, play
from pedron.cli import match as match_cmd
from pedron.cli import simulate as simulate_cmd
from pedron.cli import solve as solve_cmd
from pedron.cli import videopoker as videopoker_cmd
from pedron.errors import PedronError
from pedron.text import WIDTH

__all__ = ["EXIT_BROKEN_PIPE", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_TERMINATED", "EXIT_USAGE",
           "Terminated", "main"]

EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, the status of a tool killed by a closed pipe
EXIT_TERMINATED = 143  # 128 + SIGTERM

EPILOG = (
    "exit status: 0 done, 1 pedron failed or cannot write its output (closed, disk full), "
    "2 a mistake in the command or its input (play: its input closed), 130 interrupted, "
    "141 the output's reader went away (e.g. | head), 143 terminated"
)


BENCH_EPILOG = (
    "exit status: 0 done, every evaluator checked in pedron's order; 1 an evaluator "
    "checked (a peer or yours) is not in pedron's order, or one of yours failed, or the "
    "output cannot be written; 2 a mistake in the command or its input; 130 interrupted, "
    "141 the output's reader went away, 143 terminated"
)


class Terminated(BaseException):
    """SIGTERM, raised where the command is, so that what it started is stopped
    (``finally`` clauses run) before it exits with :data:`EXIT_TERMINATED`."""

    def __init__(self, *args: object) -> None:  # (a signature for inspect and help())
        super().__init__(*args)


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated


class _Formatter(argparse.HelpFormatter):
    """Help that shows every option's default, and wraps between words only, within the
    terminal's width and at most 100 columns."""

    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("width") is None:
            kwargs["width"] = min(shutil.get_terminal_size().columns - 2, WIDTH)
        super().__init__(prog, *args, **kwargs)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            action.option_strings
            and default not in (None, False, [], argparse.SUPPRESS)
            and "default" not in text
            and "%(default)" not in text
            and not (isinstance(default, int) and f"({default:,})" in text)
        ):
            shown = f"{default:,}" if type(default) is int else "%(default)s"
            text += f" (default: {shown})"
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        # (argparse's own wrapping cuts a long token such as a bot spec mid-word)
        text = self._whitespace_matcher.sub(" ", text).strip()  # type: ignore[attr-defined, unused-ignore]
        return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line, not usage plus message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs.setdefault("epilog", EPILOG)  # (every subcommand's help ends with it)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pedron",
        description="Fast, exact tools for the card games Diablo and Diamondback.",
    )
    parser.add_argument("--version", action="version", version=f"pedron {pedron.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("eval", help="evaluate one hand", description="Evaluate one hand.")
    p.add_argument("hand", nargs="+", help='the cards, e.g. "9h 9d 2c 2s Kd" or "Magician Queen"')
    evaluated = commands.evaluated_games()
    p.add_argument("--game", choices=evaluated, default=evaluated[0],
                   help="the game whose hand it is")
    p.add_argument("--natural", action="store_true",
                   help="Diablo: deuces are not wild (Diamondback has no wild cards)")
    _add_common(p)
    p.set_defaults(run=commands.cmd_eval)

    p = sub.add_parser(
        "odds",
        help="Diamondback dealing odds, or a player's odds in play",
        description="Without --hand: the exact chance of being dealt each hand. With --hand: "
        "the exact chances of winning, sharing, carrying over and losing.",
    )
    with_odds = commands.odds_games()
    p.add_argument("game", choices=[info.name for info in with_odds],
                   help=f"the game ({' or '.join(info.title for info in with_odds)} only)")
    p.add_argument(
        "--players", type=int, default=None,
        help="players dealt in, 2, 3 or 4, which fixes the deck (default: one more than the "
        "opponents given by --revealed, else "
        + " or ".join(str(info.game.default_players) for info in with_odds) + ")",
    )
    p.add_argument("--hand", help='your two cards, e.g. "Magician Queen"')
    p.add_argument(
        "--revealed",
        nargs="*",
        default=None,
        metavar="CARD",
        help="the card each opponent still in has revealed: one word each, '-' (or a quoted "
        "'?') for one who has not revealed yet (default: every opponent has not)",
    )
    p.add_argument("--dead", default="", help="other cards known to be out of play "
                   "(default: none)")
    _add_common(p)
    p.set_defaults(run=commands.cmd_odds)

    p = sub.add_parser(
        "draw",
        help="Diablo draw advisor: every choice of discards, best first",
        description="Every legal choice of cards to exchange, with exact odds, best first.",
    )
    p.add_argument("hand", nargs="+", help='five cards, e.g. "Ah Kh 2c 7d 7s"')
    p.add_argument("--max-draw", type=int, default=2,
                   help="most cards exchanged, 0..5, as Rules(max_draw=...) (4: any four)")
    p.add_argument("--more-draw", action="store_true",
                   help="the More draw variant: up to three cards, or four keeping an ace "
                   "(overrides --max-draw)")
    p.add_argument("--natural", action="store_true", help="deuces are not wild")
    p.add_argument("--dead", default="", help="cards known to be out of the stock "
                   "(default: none)")
    p.add_argument("--top", type=int, default=10, help="how many choices to show")
    _add_common(p)
    p.set_defaults(run=commands.cmd_draw)

    p = sub.add_parser(
        "bench",
        help="throughput of pedron's evaluators, its reference and installed peers",
        description="Evaluate the same random hands with pedron's compiled core (batch and "
        "scalar), its pure-Python reference and every installed peer evaluator.",
        epilog=BENCH_EPILOG,
    )
    p.add_argument("--hands", type=int, default=2_000_000, help="hands for the batch API")
    p.add_argument(
        "--scalar-hands", type=int, default=200_000, help="hands for per-call evaluators"
    )
    p.add_argument(
        "--reference-hands", type=int, default=5_000, help="hands for the pure-Python reference"
    )
    p.add_argument("--repeat", type=int, default=5,
                   help="rounds: each evaluator is timed once per round, round-robin "
                   "(median and range)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the random hands")
    p.add_argument("--no-peers", action="store_true", help="skip peer evaluators")
    p.add_argument("--no-diamondback", action="store_true",
                   help="skip Diamondback's evaluators")
    p.add_argument(
        "--evaluator", action="append", default=[], metavar="MODULE:FUNCTION[:FORM][:wild]",
        help="your evaluator, timed beside the others and checked against pedron (may be "
        "repeated); FORM is how it takes a hand: ids (a tuple of card ids, 2c=0..As=51; "
        "the default), args, text, cards, treys or batch; wild if it ranks deuces wild",
    )
    p.add_argument(
        "--check", choices=("all", "bench"), default="all",
        help="check your evaluators' order on all 2,598,960 hands (all, the default) or "
        "only on the hands timed (bench)",
    )
    p.add_argument(
        "--evaluator-timeout", type=float, default=60.0, metavar="SECONDS",
        help="your evaluators run each in a child process; one that takes longer than this "
        "for one step (a timed run, a block of the check) is stopped and left out",
    )
    p.add_argument("--in-process", action="store_true",
                   help="run your evaluators in this process (to profile them): a crash or "
                   "a hang of theirs is then pedron's")
    p.add_argument("--wide", action="store_true",
                   help="every column (vs reference, vs plain C loop, on a CPU...), every "
                   "warning and what each peer is timed through")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    _add_common(p)
    p.set_defaults(run=commands.cmd_bench)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal against built-in bots",
        description="Play Diamondback or Diablo against bots; you see only what your seat may. "
        "In a terminal the table is redrawn at each of your decisions; otherwise it is "
        "printed as plain lines.",
    )
    playable = play.playable()
    p.add_argument("game", choices=[info.name for info in playable], help="the game to play")
    p.add_argument(
        "--players", type=int, default=None,
        help="table size, you and the bots (default: "
        + ", ".join(f"{info.name} {info.game.default_players}" for info in playable) + ")",
    )
    p.add_argument("--stacks", type=int, default=50, help="chips each")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for a reproducible game (default: a fresh one each time)")
    p.add_argument("--plain", action="store_true",
                   help="plain lines even in a terminal (no redrawn table)")
    p.add_argument("--rule", action="append", metavar="OPTION=VALUE",
                   help="a rules option, as simulate takes it, e.g. cap=20, more_draw=true, "
                   "variant=dealers (repeat)")
    p.set_defaults(run=play.cmd_play, json=False)

    p = sub.add_parser(
        "deal", help="deal and show seeded hands of both games", description="Seeded deals.",
    )
    p.add_argument("--seed", type=int, default=2026, help="seed of the shuffles")
    _add_common(p)
    p.set_defaults(run=commands.cmd_deal)

    simulate_cmd.register(sub)
    match_cmd.register(sub)
    solve_cmd.register(sub)
    videopoker_cmd.register(sub)
    return parser


def _subparser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(command)
            return found
    return None


def _as_typed(message: str, sub: argparse.ArgumentParser | None, argv: Sequence[str]) -> str:
    """``message`` with the library's parameter names (``max_draw``) replaced by the
    options the user typed (``--max-draw``, or the abbreviation he used)."""
    if sub is None:
        return message
    for action in sub._actions:
        longs = [o for o in action.option_strings if o.startswith("--")]
        if not longs or "_" not in action.dest:  # (only names no sentence uses)
            continue
        option = longs[0]
        for word in argv:
            typed = word.split("=", 1)[0]
            if len(typed) > 2 and typed.startswith("--") and option.startswith(typed):
                option = typed
                break
        message = re.sub(rf"(?<![\w.-]){re.escape(action.dest)}\b", option, message)
    return message


def _drop_output() -> None:
    """The output's reader went away: send what is still buffered nowhere, so the
    interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # (stdout without a file descriptor)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    with output.streams():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    typed = list(sys.argv[1:] if argv is None else argv)
    previous = _on_sigterm(_terminate)
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()
        return status
    except Terminated:
        _tell("pedron: terminated")
        return EXIT_TERMINATED
    except BrokenPipeError:
        _drop_output()
        return EXIT_BROKEN_PIPE
    except PedronError as exc:
        message = _as_typed(str(exc), _subparser(parser, args.command), typed)
        _tell(f"pedron {args.command}: error: {message}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _tell("pedron: interrupted")
        return EXIT_INTERRUPTED
    except OSError as exc:
        if not _output_failed(exc):
            return _internal(args.command, exc)
        _drop_output()
        where = exc.filename if exc.filename is not None else "the output"
        _tell(f"pedron {args.command}: cannot write {where}: {exc.strerror or exc}")
        return EXIT_INTERNAL
    except Exception as exc:  # a bug of pedron's: one line, the traceback on request
        return _internal(args.command, exc)
    finally:
        _on_sigterm(previous)


def _internal(command: str, exc: Exception) -> int:
    """A bug of pedron's: one line, the traceback on request (``PEDRON_TRACEBACK``)."""
    if os.environ.get("PEDRON_TRACEBACK"):
        raise exc
    _tell(f"pedron {command}: internal error: {type(exc).__name__}: {exc} (please "
          "report it; PEDRON_TRACEBACK=1 shows the traceback)")
    return EXIT_INTERNAL


#: The errors of a write that cannot go on: a full disk or quota, a file past its size
#: limit, a lost device (a terminal hung up).
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _output_failed(exc: OSError) -> bool:
    """Whether ``exc`` is the output failing: standard output closed at start, a write
    that cannot go on (a full disk...), or standard output refusing to flush."""
    if isinstance(exc, output.ClosedOutput) or exc.errno in _WRITE_ERRORS:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _tell(message: str) -> None:
    """One line on stderr, if stderr can take it (a full or lost stderr: nothing)."""
    with contextlib.suppress(OSError, ValueError):
        print(message, file=sys.stderr, flush=True)


def _on_sigterm(handler: Any) -> Any:
    """Set the SIGTERM handler (only the main thread may); the one it replaces."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    try:
        return signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError, AttributeError):  # (no SIGTERM to catch here)
        return None
