"""``pedron solve diamondback``: solve one hand (2 to 4 players) and write the strategy file that
``EquilibriumBot`` plays: with pedron's compiled CFR (the default, no extra needed) or
OpenSpiel's CFR+ (``--solver openspiel``, needs ``pip install 'pedron[rl]'``).

Every option is checked before any work starts (the output path too); the tree's size
and the memory it needs are stated first, and a hand that will not fit is refused.
Progress goes to stderr: a line redrawn in place on a terminal, a plain line every
``--every`` seconds otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pedron import games
from pedron.cli.progress import TimeLeft, _duration
from pedron.cli.simulate import _whole
from pedron.errors import PedronValueError
from pedron.text import wrap

__all__ = ["SolveProgress", "cmd_solve", "register"]


def _chips(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of chips is needed, not {text!r}") from None
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"must be a NashConv of at least 0 chips, got {text}")
    return value


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of players is needed, not {text!r}") \
            from None
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError(
            f"Diamondback is played by 2, 3 or 4 players, not {value}")
    return value


def register(sub: Any) -> None:
    """Add the ``solve`` subcommand to the ``pedron`` parser."""
    from pedron.cli import EPILOG

    p = sub.add_parser(
        "solve",
        help="solve Diamondback (compiled CFR heads-up; 3-4 players) and write a strategy "
        "file",
        description="Compute an equilibrium of one Diamondback hand (heads-up, or 3-4 "
        "players: CFR, which need not converge there), report its "
        "NashConv and the value of the deal, and write the strategy file that the "
        "equilibrium bot plays ('equilibrium:file=...'). The tree's size and the memory it "
        "needs are stated before the solve starts; a hand that will not fit is refused.",
        epilog=EPILOG,
    )
    solvable = tuple(name for name in games.names() if games.get(name).solver is not None)
    p.add_argument("game", choices=solvable, help="the game to solve: " + ", ".join(solvable))
    p.add_argument("--stacks", type=_whole(1), default=4, help="chips each (default 4)")
    p.add_argument("--players", type=_players, default=2,
                   help="players seated, 2 to 4 (default 2: heads-up, the compiled solver; "
                   "3 and 4: CFR over every player's hands, which need not converge)")
    p.add_argument("--variant", choices=("normal", "dealers"), default="normal",
                   help="plain Diamondback, or Dealer's Diamondback (default normal)")
    p.add_argument("--bet-sizes", default="",
                   help="the dealer's bet sizes, e.g. '1;2;4' (default: every amount)")
    p.add_argument("--carry", choices=("split", "refund", "lost"), default="split",
                   help="how a carried-over pot is valued (default split)")
    p.add_argument("--tie-rule", choices=("showdown", "split"), default="showdown",
                   help="the table's tie rule (default showdown)")
    p.add_argument("--iterations", type=_whole(1), default=100_000,
                   help="most iterations (default 100,000)")
    p.add_argument("--target", type=_chips, default=None,
                   help="stop once the NashConv is at most this many chips "
                   "(default 0.1%% of the stack)")
    p.add_argument("--solver", choices=("pedron", "openspiel"), default="pedron",
                   help="pedron's compiled CFR (default), or OpenSpiel's CFR+ (pedron[rl])")
    p.add_argument("--max-memory", type=_whole(1), default=None, metavar="MIB",
                   help="refuse a hand needing more than this many MiB (default: four "
                   "fifths of the memory available)")
    p.add_argument("--every", type=_chips, default=10.0, metavar="SECONDS",
                   help="seconds between progress lines when stderr is not a terminal")
    p.add_argument("--quiet", action="store_true", help="no size or progress on stderr")
    p.add_argument("-o", "--output", default="diamondback-strategy.json",
                   help="the strategy file to write (default diamondback-strategy.json)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_solve)


def check_output(path: str) -> Path:
    """The output path, refused now (a one-line usage error) if it cannot be written."""
    out = Path(path)
    folder = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        raise PedronValueError(f"--output {path}: is a directory")
    if not folder.is_dir():
        raise PedronValueError(f"--output {path}: no directory {str(folder)!r}")
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise PedronValueError(f"--output {path}: not writable")
    return out


class SolveProgress:
    """The solve's progress on ``stream`` (stderr): iterations, NashConv against the
    target, elapsed seconds and an estimate of the time left, from the rate the NashConv
    has been falling (a power law through the last two measures) and capped by the time
    the remaining iterations take, smoothed (:class:`~pedron.cli.progress.TimeLeft`: it
    counts down, and never goes up faster than time passes). On a terminal a bar
    (:meth:`fraction`) and the line, redrawn in place; a plain line every ``every``
    seconds otherwise."""

    def __init__(self, target: float, iterations: int, stream: TextIO | None = None,
                 every: float = 10.0, tty: bool | None = None) -> None:
        self.target = target
        self.iterations = iterations
        self.stream = stream if stream is not None else sys.stderr
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty()) if callable(isatty) else False
        self.tty = tty
        self.every = every
        self.last = -math.inf
        self.points: list[tuple[int, float, float]] = []
        self.shown = False
        self._eta = TimeLeft()
        self._left = 0.0

    def left(self) -> float | None:
        """Seconds to the target as shown: the raw estimate of the last two readings
        (:meth:`raw_left`) smoothed by a :class:`~pedron.cli.progress.TimeLeft` (None:
        not yet known)."""
        if len(self.points) < 2:
            return None
        return self._left

    def raw_left(self) -> tuple[float, float] | None:
        """Seconds to the target from the last two readings alone, and the bound it
        cannot pass (the remaining iterations at the rate so far); None before two."""
        if len(self.points) < 2:
            return None
        (i0, n0, _), (i1, n1, t1) = self.points[-2], self.points[-1]
        rate = t1 / i1 if i1 > 0 else 0.0
        cap = (self.iterations - i1) * rate
        if n1 <= self.target:
            return 0.0, cap
        if n0 <= n1 or n1 <= 0 or i1 <= i0 or i0 <= 0:
            return cap, cap
        slope = math.log(n0 / n1) / math.log(i1 / i0)
        need = i1 * (n1 / max(self.target, 1e-300)) ** (1 / slope) if slope > 0 else math.inf
        return min((need - i1) * rate, cap), cap

    def fraction(self) -> float:
        """How far the solve is, 0..1: the NashConv's fall from its first measure to the
        target on a log scale (it falls about as a power of the iterations), or the
        iterations done of the most, whichever is further."""
        done, nash_conv, _ = self.points[-1]
        first = self.points[0][1]
        part = done / self.iterations
        if nash_conv <= self.target:
            return 1.0
        if first > nash_conv > 0 and first > self.target > 0:
            part = max(part, math.log(first / nash_conv) / math.log(first / self.target))
        return min(max(part, 0.0), 1.0)

    def __call__(self, done: int, nash_conv: float, seconds: float) -> None:
        self.points.append((done, nash_conv, seconds))
        raw = self.raw_left()
        if raw is not None:  # (every reading counts, shown or not)
            self._left = self._eta.update(seconds, *raw)
        now = time.monotonic()
        if not self.tty and now - self.last < self.every and done < self.iterations:
            return
        self.last = now
        left = self.left()
        eta = "" if left is None else f", about {_duration(left)} left"
        text = (f"iteration {done:,}/{self.iterations:,}: NashConv {nash_conv:.6f} "
                f"(target {self.target:g}), {seconds:,.1f} s{eta}")
        if self.tty:
            filled = round(self.fraction() * 20)
            self.stream.write(f"\r[{'#' * filled}{'.' * (20 - filled)}] {text}\x1b[K")
            self.shown = True
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def _solver(game: str) -> Any:
    """The game's solver module (its descriptor's ``solver``: the parser offers only the
    games that have one)."""
    module = games.get(game).solver
    if module is None:
        raise PedronValueError(f"{game} has no solver")
    return importlib.import_module(module)


def cmd_solve(args: argparse.Namespace) -> int:
    solver = _solver(args.game)
    spec = solver.game_spec(args.stacks, args.variant, args.bet_sizes or None, args.carry,
                     args.tie_rule, args.players)
    out = check_output(args.output)
    target = args.target if args.target is not None else 0.001 * args.stacks
    say: Callable[[str], None] = (lambda text: None) if args.quiet else (
        lambda text: print(wrap(text, indent="  "), file=sys.stderr, flush=True))
    if args.solver == "openspiel":
        if args.players != 2:
            raise PedronValueError(f"--solver openspiel solves heads-up hands only, not "
                                   f"--players {args.players}: use --solver pedron")
        return _openspiel(args, spec, out, target, say)
    game = "heads-up Diamondback" if args.players == 2 else \
        f"{args.players}-player Diamondback"
    limit = args.max_memory * 2**20 if args.max_memory is not None else solver.memory_limit()
    found = solver.estimate(spec)
    size = f"{found}" if args.players == 2 else f"{found} (information sets: at most)"
    say(f"{game} ({args.variant}, stacks {args.stacks}): {size}")
    if found.bytes > limit:
        raise PedronValueError(
            f"--stacks {args.stacks}: the tree has {found.size.nodes:,} nodes and needs about "
            f"{found.bytes / 2**20:,.0f} MiB, more than the {limit / 2**20:,.0f} MiB allowed "
            "(--max-memory); solve smaller stacks or fewer --bet-sizes")
    bar = SolveProgress(target, args.iterations, every=args.every)
    try:
        solution = solver.solve(spec, iterations=args.iterations, target=target,
                                max_memory=limit, progress=None if args.quiet else bar,
                                estimated=found)
    finally:
        bar.close()
    path = solver.write_strategy(solution, out)
    bounds = solution.bounds
    summary = {
        "file": str(path), "params": spec.params(), "solver": "pedron",
        "iterations": solution.iterations, "nash_conv": solution.nash_conv,
        "target": target, "exploitability": solution.exploitability,
        "values": solution.values, "dealer_value": solution.values[0],
        "dealer_value_bounds": None if bounds is None else list(bounds),
        "best_response_gains": [b - v for b, v in zip(solution.best, solution.values,
                                                       strict=True)],
        "nodes": solution.nodes, "infosets": solution.infosets,
        "memory_predicted": found.bytes, "seconds": solution.seconds,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"{game} ({args.variant}, stacks {args.stacks}, carry {args.carry}): "
          f"{solution.nodes:,} nodes, {solution.infosets:,} information sets")
    print(f"{solution.iterations:,} iterations: NashConv {solution.nash_conv:.6f} chips "
          f"({100 * solution.nash_conv / args.stacks:.4f}% of the stack)")
    if args.players != 2:
        seats = ", ".join(f"seat {s} {v:+.6f} (best response {b - v:+.6f})" for s, (v, b) in
                          enumerate(zip(solution.values, solution.best, strict=True)))
        print(wrap(f"value of the deal to the dealer: {solution.values[0]:+.6f} chips per "
                   f"hand; each seat's value and best-response gain (seat 0 deals, the "
                   f"others from his left): {seats}", indent="  "))
    elif bounds is not None:
        print(f"value of the deal to the dealer: {solution.values[0]:+.6f} chips per hand\n"
              f"  (the equilibrium value lies in [{bounds[0]:+.6f}, {bounds[1]:+.6f}])")
    else:
        print(f"value of the deal to the dealer: {solution.values[0]:+.6f} chips per hand "
              "(carry lost: not zero-sum, no bound)")
    print(f"time: {solution.seconds['total']:.1f} s; strategy written to {path}")
    return 0


def _openspiel(args: argparse.Namespace, spec: Any, out: Path, target: float,
               say: Any) -> int:
    spiel = games.get(args.game).spiel
    module = spiel.solver if spiel is not None else None
    if module is None:
        raise PedronValueError(f"{args.game} has no solver on OpenSpiel: use --solver pedron")
    try:
        openspiel = importlib.import_module(module)
    except ImportError as exc:
        raise PedronValueError(f"--solver openspiel needs OpenSpiel: pip install "
                               f"'pedron[rl]' ({exc})") from None
    solve, write_strategy = openspiel.solve, openspiel.write_strategy
    solver = _solver(args.game)
    # OpenSpiel's tree has chance nodes: about 80 of its nodes for one of pedron's, each
    # about 1.5 kB while the EFG text is loaded (measured at 4 and 8 chips)
    found = solver.estimate(spec)
    need = found.size.nodes * 80 * 1500
    limit = args.max_memory * 2**20 if args.max_memory is not None else solver.memory_limit()
    say(f"heads-up Diamondback ({args.variant}, stacks {args.stacks}), OpenSpiel's CFR+: "
        f"{found.size.infosets:,} information sets; about {need / 2**20:,.0f} MiB")
    if need > limit:
        raise PedronValueError(
            f"--stacks {args.stacks}: OpenSpiel's tree needs about {need / 2**20:,.0f} MiB, "
            f"more than the {limit / 2**20:,.0f} MiB allowed (--max-memory); use --solver "
            "pedron")
    bar = SolveProgress(target, args.iterations, every=args.every)
    start = time.perf_counter()

    def progress(iteration: int, exploitability: float) -> None:
        bar(iteration, 2 * exploitability, time.perf_counter() - start)

    try:
        solution = solve(spec.params(), iterations=args.iterations, target=target / 2,
                         progress=None if args.quiet else progress, check_every=25)
    finally:
        bar.close()
    path = write_strategy(solution, out)
    summary = {
        "file": str(path), "params": spec.params(), "solver": "openspiel",
        "iterations": solution.iterations, "nash_conv": 2 * solution.exploitability,
        "target": target, "exploitability": solution.exploitability,
        "values": solution.values, "dealer_value": solution.values[0],
        "nodes": solution.nodes, "infosets": solution.infosets, "seconds": solution.seconds,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"heads-up Diamondback ({args.variant}, stacks {args.stacks}, carry {args.carry}), "
          f"OpenSpiel's CFR+: {solution.nodes:,} nodes, {solution.infosets:,} information sets")
    print(f"{solution.iterations:,} iterations: NashConv {2 * solution.exploitability:.6f} "
          "chips")
    print(f"value of the deal to the dealer: {solution.values[0]:+.6f} chips per hand")
    print(f"time: {solution.seconds['total']:.1f} s; strategy written to {path}")
    return 0
