"""Duplicate matches: which bot is better, with a confidence interval.

``pedron.match("diablo", {"mine": MyBot, "rule": "rule"}, players=5, sets=2_000,
seed=1)`` plays *duplicate sets*: the same card orders replayed once for every
rotation of the seats (``rotations="all"``: every distinct permutation), so a
bot that was dealt good cards in one rotation sees another bot dealt them in the
next. Luck in the cards cancels within a set, which is why the set, not the
game, is the independent unit: each bot's result per set is one observation,
and its mean chips per game carries a 95% confidence interval over the sets.

Terms:

* the **lineup** is the bot name at each seat (default: each bot once when
  there are as many bots as seats; otherwise the first bot at seat 0 and the
  others in turn at the remaining seats: one candidate against a field);
* a **session** is one fresh table (every player with ``stacks`` chips,
  seat 0 dealing first) that plays ``deals`` deals and then closes, playing
  out a pot still on the table (a Diablo series, a Diamondback carry-over);
  it also closes early once a player has lost every chip. Each bot's result is
  the chips it ends the session with, less its buy-in;
* a **set** plays one session per seating (rotation or permutation of the
  lineup), the ``k``-th deal of every session dealt from the same card order
  (``Table.next_deal(order=...)``), drawn from ``derive_seed(seed, set, 0, k)``;
  bots are seeded per set, seating and seat. ``duplicate=False`` deals every
  session its own cards instead: a plain match of the same size, for comparison;
* a bot's **chips per game** is its chips won over the sets divided by its
  games, one game being one scheduled deal at one seat it holds (a pot played
  out after the last deal counts with the deal it came from).

Work units are ranges of sets, run by the simulator's engines (this process,
``workers`` local processes, any ``concurrent.futures`` executor, or a Dask
``distributed.Client``); results are sums of whole chips, so they are
identical whatever runs them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from pedron._exact import bounded_int, check_iterable, exact_int
from pedron._kernels.rng import Generator
from pedron._kernels.seeds import SEED_MAX, derive_seed
from pedron._machine import MAX_COUNT
from pedron.bots import BotSpec, make_bot, parse_bot
from pedron.errors import ClusterError, PedronError, PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.rules import MAX_CHIPS
from pedron.simulation.engines import (
    check_executor,
    check_portable,
    check_workers,
    make_engine,
    run_units,
    worker_versions,
)
from pedron.simulation.results import check_game, game_info
from pedron.simulation.study import check_timeout, rules_object
from pedron.simulation.units import UnitCancelled
from pedron.text import WIDTH, shown, wrap

__all__ = ["BotScore", "MatchResult", "MatchUnit", "SetsResult", "match", "run_sets", "t95"]

#: Sets per work unit when ``chunk_size`` is not given (at most; fewer for small matches).
MAX_UNIT_SETS = 500

BotFactory = Callable[..., Any]


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (the
    normal's 1.96 for large ``df``; Hill's expansion, within 0.001 from ``df`` 3 on)."""
    df = exact_int(df, "df (degrees of freedom)")
    if df > 10**9:  # (the normal's quantile to 9 digits; df**4 would overflow a float)
        return 1.959964
    if df < 1:
        return math.inf
    if df == 1:
        return 12.706
    if df == 2:
        return 4.303
    z = 1.959964
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


@dataclass(frozen=True)
class BotScore:
    """One bot's result: ``mean`` chips per game, the 95% interval ``low``..``high``
    (``mean`` ± ``ci95``, Student's t over the ``sets``), its ``games`` (deals at its
    seats) and ``chips`` (its total)."""

    name: str
    mean: float
    ci95: float
    games: int
    chips: int
    sets: int

    @property
    def low(self) -> float:
        return self.mean - self.ci95

    @property
    def high(self) -> float:
        return self.mean + self.ci95

    def __str__(self) -> str:
        return f"{self.name}: {self.mean:+.4f} ± {self.ci95:.4f} chips per game"


@dataclass(frozen=True)
class MatchResult:
    """What :func:`match` measured. ``scores[name]`` is each bot's :class:`BotScore`;
    :meth:`difference` compares two bots over the same sets (paired). The sums are
    whole chips (``chips``, ``squares``, ``cross``: per bot, over the sets), so equal
    runs compare equal whatever executor played them (``elapsed``, ``executor`` and
    ``workers`` are not compared)."""

    game: str
    players: int
    bots: dict[str, str]
    lineup: tuple[str, ...]
    seatings: int
    sets: int
    deals: int
    seed: int
    duplicate: bool
    rules: dict[str, Any]
    stacks: int
    chips: dict[str, int]
    squares: dict[str, int]
    cross: dict[str, dict[str, int]]
    games_played: int
    elapsed: float = field(default=0.0, compare=False)
    executor: str = field(default="in-process", compare=False)
    workers: int = field(default=1, compare=False)

    def games_per_set(self, name: str) -> int:
        """Games ``name`` plays in one set: deals x its seats x seatings."""
        return self.deals * self.lineup.count(name) * self.seatings

    @property
    def scores(self) -> dict[str, BotScore]:
        return {name: self.score(name) for name in self.bots}

    def score(self, name: str) -> BotScore:
        """The :class:`BotScore` of the bot called ``name``."""
        if name not in self.bots:
            raise PedronValueError(f"no bot {name!r} in this match (bots: {list(self.bots)})")
        per = self.games_per_set(name)
        mean, half = self._interval(self.chips[name], self.squares[name])
        return BotScore(name, mean / per, half / per, per * self.sets, self.chips[name],
                        self.sets)

    def difference(self, a: str, b: str) -> tuple[float, float]:
        """``(mean, ci95)`` of bot ``a``'s chips per game minus bot ``b``'s, paired over
        the sets (the cards are the same for both in each set)."""
        for name in (a, b):
            if name not in self.bots:
                raise PedronValueError(f"no bot {name!r} in this match")
        pa, pb = self.games_per_set(a), self.games_per_set(b)
        n = self.sets
        # d = x_a / pa - x_b / pb per set: its sum and sum of squares from the whole sums
        total = self.chips[a] / pa - self.chips[b] / pb
        sq = (self.squares[a] / pa**2 + self.squares[b] / pb**2
              - 2 * self.cross[a][b] / (pa * pb))
        return self._interval_f(total, sq, n)

    def _interval(self, total: int, squares: int) -> tuple[float, float]:
        return self._interval_f(float(total), float(squares), self.sets)

    @staticmethod
    def _interval_f(total: float, squares: float, n: int) -> tuple[float, float]:
        mean = total / n
        if n < 2:
            return mean, math.inf
        var = max(squares - total * total / n, 0.0) / (n - 1)
        return mean, t95(n - 1) * math.sqrt(var / n)

    def to_json(self) -> dict[str, Any]:
        """The result as plain data (the sums, and each bot's score for the reader)."""
        return {
            "game": self.game, "players": self.players, "bots": self.bots,
            "lineup": list(self.lineup), "seatings": self.seatings, "sets": self.sets,
            "deals": self.deals, "seed": self.seed, "duplicate": self.duplicate,
            "rules": self.rules, "stacks": self.stacks, "chips": self.chips,
            "squares": self.squares, "cross": self.cross, "games_played": self.games_played,
            "elapsed": self.elapsed, "executor": self.executor, "workers": self.workers,
            "scores": {n: {"mean": s.mean, "ci95": s.ci95, "low": s.low, "high": s.high,
                           "games": s.games} for n, s in self.scores.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchResult:
        """A result from :meth:`to_json`'s data."""
        keys = {f for f in cls.__dataclass_fields__}
        values = {k: data[k] for k in keys if k in data}
        values["lineup"] = tuple(values["lineup"])
        return cls(**values)

    def __str__(self) -> str:
        kind = "duplicate" if self.duplicate else "plain (not duplicate)"
        lines = [wrap(f"{self.game}, {self.players} players, {kind} match: {self.sets:,} "
                      f"sets of {self.seatings} seatings x {self.deals} "
                      f"deal{'s' * (self.deals != 1)}, seed {self.seed}", indent="  ")]
        # The bot column as wide as its longest name, up to what leaves the numbers
        # within WIDTH columns; a longer name has a line of its own above its numbers.
        numbers = 5 + 11 + 23 + 10 + 4
        longest = max((len(name) for name in self.scores), default=0)
        width = max(3, min(longest, WIDTH - numbers - 1))
        lines.append(f"{'bot':<{width}} {'seats':>5} {'chips/game':>11} "
                     f"{'95% interval':>23} {'games':>10}")
        for name, s in sorted(self.scores.items(), key=lambda kv: -kv[1].mean):
            label = name
            if len(name) > width:
                lines.append(wrap(name, indent="  "))
                label = ""
            lines.append(f"{label:<{width}} {self.lineup.count(name):>5} {s.mean:>+11.4f} "
                         f"{f'[{s.low:+.4f}, {s.high:+.4f}]':>23} {s.games:>10,}")
        return "\n".join(lines)


# -- the bots -------------------------------------------------------------------------------


#: Most bots in one match (a lineup seats at most the game's largest table).
MAX_BOTS = 1000


def _bot_table(game: GameInfo, bots: Any) -> dict[str, Any]:
    """``name -> spec text or factory``, from a dict, or a list (named by their specs)."""
    if isinstance(bots, Mapping):
        items = list(bots.items())
    elif isinstance(bots, (str, BotSpec)) or callable(bots):
        raise PedronTypeError("bots must be a list or a dict of name -> bot spec or factory, "
                              "with at least two bots")
    elif isinstance(bots, Sequence):
        if len(bots) > MAX_BOTS:  # (a range(10**12) of bots: each parsed before any play)
            raise PedronValueError(f"{len(bots):,} bots: a match takes at most {MAX_BOTS}")
        items = []
        check_iterable(bots, "bots")
        for b in bots:
            name = str(parse_bot(b, game)) if isinstance(b, (str, BotSpec)) else getattr(
                b, "__name__", type(b).__name__)
            items.append((name, b))
    else:
        raise PedronTypeError(f"bots must be a list or a dict, not {type(bots).__name__}")
    out: dict[str, Any] = {}
    for name, b in items:
        if not isinstance(name, str) or not name:
            raise PedronTypeError(f"a bot's name must be non-empty text, not {name!r}")
        if name in out:
            raise PedronValueError(f"two bots are called {name!r}: use a dict to name them")
        if isinstance(b, (str, BotSpec, Mapping)):
            out[name] = str(parse_bot(b, game))
        elif callable(b):
            out[name] = b
        else:
            raise PedronTypeError(f"bot {name!r} must be a bot spec or a factory that makes a "
                                  f"bot, not {type(b).__name__}")
    if len(out) < 2:
        raise PedronValueError("a match needs at least two bots")
    return out


def _build(factory: Any, game: GameInfo, seed: int, rules: Any) -> Any:
    """A bot for one session: a spec through :func:`pedron.bots.make_bot`; a factory is
    called with ``seed`` and ``rules`` when it takes them (as make_bot calls one)."""
    if isinstance(factory, str):
        return make_bot(factory, game, seed, rules=rules)
    import inspect

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    kwargs: dict[str, Any] = {}
    if "seed" in params:
        kwargs["seed"] = seed
    if "rules" in params:
        kwargs["rules"] = rules
    return factory(**kwargs)


def _lineup(names: list[str], players: int, lineup: Any) -> tuple[str, ...]:
    if lineup is None:
        if len(names) == players:
            return tuple(names)
        if len(names) > players:
            raise PedronValueError(f"{len(names)} bots for {players} seats: give a lineup "
                                   f"naming the bot at each seat")
        rest = names[1:]
        return (names[0], *(rest[i % len(rest)] for i in range(players - 1)))
    if isinstance(lineup, str) or not isinstance(lineup, Sequence):
        raise PedronTypeError("lineup must be a list of bot names, one per seat")
    check_iterable(lineup, "lineup")
    out = tuple(lineup)
    if len(out) != players:
        raise PedronValueError(f"lineup names {len(out)} seats for {players} players")
    for name in out:
        if name not in names:
            raise PedronValueError(f"lineup names {name!r}, not one of the bots {names}")
    missing = [n for n in names if n not in out]
    if missing:
        raise PedronValueError(f"bots {missing} have no seat in the lineup")
    return out


def seatings(lineup: Sequence[str], rotations: str) -> list[tuple[str, ...]]:
    """The seatings of a set: every rotation of the lineup (``"rotate"``), or every
    distinct permutation (``"all"``), the lineup itself first."""
    n = len(lineup)
    if not isinstance(rotations, str):  # (an array's == is elementwise)
        raise PedronTypeError(f"rotations must be 'rotate' or 'all', not {shown(rotations)}")
    rotations = str.__str__(rotations)  # (the plain text: a subclass's == may lie)
    if rotations == "rotate":
        seen = [tuple(lineup[(i - r) % n] for i in range(n)) for r in range(n)]
    elif rotations == "all":
        seen = list(permutations(lineup))
    else:
        raise PedronValueError(f"rotations must be 'rotate' or 'all', not {shown(rotations)}")
    return list(dict.fromkeys(seen))


# -- one unit of sets -----------------------------------------------------------------------


def _order(seed: int, path: tuple[int, ...], size: int) -> list[int]:
    cards = list(range(size))
    Generator(derive_seed(seed, *path)).shuffle(cards)
    return cards


def _session(table: Any, bots: Sequence[Any], deals: int, order: Callable[[int], list[int]],
             by_vote: bool) -> int:
    """Play one session (see the module docstring); return the deals dealt. ``by_vote``:
    the game's sessions end by the players' agreement (Match Diamondback), not closing."""
    n = table.n
    k = 0
    while not table.over:
        if k >= deals or sum(table.seated) < n:
            if by_vote:
                if not table.carry:
                    for s in range(n):
                        if table.seated[s] and table.vote_end(s):
                            break
                    if table.over:
                        break
            elif table.close():
                break
        deal = table.next_deal(order=order(k))
        k += 1
        while not deal.done:
            seat = deal.to_act
            view = deal.view(seat)
            action = bots[seat](view, view.legal)
            try:
                deal.apply(action)
            except PedronError as exc:
                raise PedronValueError(f"bot {bots[seat]!r} at seat {seat} chose an illegal "
                                       f"action {action}: {exc}") from exc
    return k


@dataclass(frozen=True)
class MatchUnit:
    """Sets ``first`` .. ``last - 1`` of a match: the work unit an executor runs (plain
    data, except bots given as factories, which must then be picklable for a process
    pool or a cluster)."""

    game: str
    players: int
    bots: dict[str, Any]
    """Each bot's name -> its spec (text) or factory."""
    seatings: tuple[tuple[str, ...], ...]
    """The bot at each seat, for each seating of a set."""
    deals: int
    seed: int
    duplicate: bool
    rules: dict[str, Any]
    """The game's ``Rules`` as plain data."""
    stacks: int
    first: int
    last: int
    pedron: str | None = None
    """The pedron version the match runs (a worker running another refuses it)."""
    stream_version: int | None = None

    @classmethod
    def from_json(cls, task: Mapping[str, Any]) -> MatchUnit:
        """A unit from the plain data of earlier releases (``sets``: ``[first, last]``)."""
        if not isinstance(task, Mapping):
            raise PedronTypeError(f"a match's work unit is a MatchUnit, not "
                                  f"{type(task).__name__}")
        first, last = task["sets"]
        return cls(game=task["game"], players=int(task["players"]), bots=dict(task["bots"]),
                   seatings=tuple(tuple(s) for s in task["seatings"]),
                   deals=int(task["deals"]), seed=int(task["seed"]),
                   duplicate=bool(task["duplicate"]), rules=dict(task["rules"]),
                   stacks=task["stacks"], first=int(first), last=int(last),
                   pedron=task.get("pedron"), stream_version=task.get("stream_version"))


@dataclass(frozen=True)
class SetsResult:
    """What one work unit of a match gives back: whole-chip sums over its sets."""

    chips: dict[str, int]
    """Each bot's chips won."""
    squares: dict[str, int]
    """The sum over the sets of each bot's result squared."""
    cross: dict[str, dict[str, int]]
    """The sum over the sets of bot ``a``'s result times bot ``b``'s."""
    games_played: int
    sets: int


def run_sets(unit: MatchUnit | Mapping[str, Any],
             stop: Callable[[], bool] | None = None) -> SetsResult:
    """Play the sets of ``unit`` (a :class:`MatchUnit`; the plain data of earlier
    releases is read too) and return their sums."""
    if not isinstance(unit, MatchUnit):
        unit = MatchUnit.from_json(unit)
    if unit.pedron is not None:
        mine = worker_versions()
        if {"pedron": unit.pedron, "stream_version": unit.stream_version} != mine:
            raise ClusterError(f"a worker runs pedron {mine['pedron']}, the match "
                               f"{unit.pedron}")
    info, players = check_game(unit.game, unit.players)
    seed, deals, duplicate = unit.seed, unit.deals, unit.duplicate
    bots = unit.bots
    names = list(bots)
    rules_class: Any = info.rules
    rules = rules_class.from_json(dict(unit.rules))
    size = info.game.deck_size(players)
    chips = dict.fromkeys(names, 0)
    squares = dict.fromkeys(names, 0)
    cross = {a: dict.fromkeys(names, 0) for a in names}
    played = 0
    first, last = unit.first, unit.last
    for index in range(first, last):
        if stop is not None and stop():
            raise UnitCancelled(f"sets {first}..{last - 1}: cancelled by the match")
        won = dict.fromkeys(names, 0)
        for r, seating in enumerate(unit.seatings):
            def order(k: int, index: int = index, r: int = r) -> list[int]:
                # (duplicate: the k-th deal of every seating from the same card order)
                path = (index, 0, k) if duplicate else (index, 0, k, r + 1)
                return _order(seed, path, size)

            table = info.table(players, unit.stacks, rules,
                               Generator(derive_seed(seed, index, 1, r)), dealer=0)
            seated = [_build(bots[name], info, derive_seed(seed, index, 2 + r, s), rules)
                      for s, name in enumerate(seating)]
            by_vote = table.session.close_refused(table) is not None
            played += _session(table, seated, deals, order, by_vote)
            if sum(table.stacks) != sum(table.buy_in):
                raise AssertionError(f"chips not conserved: {table.stacks} from "
                                     f"{table.buy_in}")
            for s, name in enumerate(seating):
                won[name] += table.stacks[s] - table.buy_in[s]
        for a in names:
            chips[a] += won[a]
            squares[a] += won[a] * won[a]
            row = cross[a]
            for b in names:
                row[b] += won[a] * won[b]
    return SetsResult(chips=chips, squares=squares, cross=cross, games_played=played,
                      sets=last - first)


# -- the entry point ------------------------------------------------------------------------


def match(
    game: str | GameInfo,
    bots: Mapping[str, str | BotFactory] | Sequence[str | BotFactory],
    *,
    players: int | None = None,
    sets: int = 1_000,
    deals: int = 1,
    lineup: Sequence[str] | None = None,
    rotations: str = "rotate",
    duplicate: bool = True,
    seed: int = 0,
    rules: Any = None,
    stacks: int | None = None,
    executor: Any = None,
    workers: int | None = None,
    oversubscribe: bool = False,
    chunk_size: int | None = None,
    timeout: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play a duplicate match between ``bots`` and return each bot's chips per game with
    its 95% confidence interval (see the module docstring for the terms).

    * ``bots``: a dict of name -> bot spec (``"rule:open=two_pair"``) or factory (a
      bot class or function, called with ``seed=`` and ``rules=`` when it takes them),
      or a list of them (named by their specs, or a factory's ``__name__``).
    * ``players``: the table size (Diablo 3-7, Diamondback 2-4; default: the
      lineup's length, else the number of bots, at least the game's smallest table);
      ``lineup``: the bot at each seat.
    * ``sets``: duplicate sets (the independent units); ``deals``: deals per session;
      ``rotations``: ``"rotate"`` (the lineup's rotations: every bot at every seat) or
      ``"all"`` (every distinct permutation, for seat-order effects);
      ``duplicate=False``: a plain match of the same size (every session its own cards).
    * ``seed``: the master seed: the same seed, the same result, on any executor.
    * ``executor``/``workers``/``oversubscribe``/``chunk_size``/``timeout``: as
      :func:`pedron.simulate` (local workers at most the usable cores, or with
      ``oversubscribe`` four times that; ``chunk_size`` counts sets);
      ``progress(sets_done, sets)`` as units finish. With
      ``workers > 1`` (or a process pool executor) every factory must be importable
      (a module-level class or function): one that cannot be pickled is refused
      before any process starts.
    """
    info = game_info(game)
    table = _bot_table(info, bots)
    names = list(table)
    if players is None:
        if lineup is not None and not isinstance(lineup, str) and isinstance(lineup, Sequence):
            players = len(lineup)
        else:  # (one seat per bot; a smaller field fills the game's smallest table)
            players = max(len(names), info.players[0])
    players = bounded_int(players, "players", 1, MAX_COUNT)
    _, players = check_game(info, players)
    seats = _lineup(names, players, lineup)
    sittings = seatings(seats, rotations)
    sets = bounded_int(sets, "sets", 1, MAX_COUNT)
    deals = bounded_int(deals, "deals", 1, MAX_COUNT)
    seed = bounded_int(seed, "seed", 0, SEED_MAX)
    if workers is not None:
        workers = bounded_int(workers, "workers", 1, MAX_COUNT)
    if chunk_size is not None:
        chunk_size = bounded_int(chunk_size, "chunk_size", 1, MAX_COUNT)
    check_executor(executor)
    check_workers(workers, oversubscribe, executor, "match")
    if not isinstance(duplicate, bool):
        raise PedronTypeError(f"duplicate must be True or False, not {shown(duplicate)}")
    if progress is not None and not callable(progress):
        raise PedronTypeError(f"progress must be a callable, not {type(progress).__name__}")
    rules_obj = rules_object(info, rules)
    if stacks is None:
        stacks = int(getattr(rules_obj, "stacks", 100))
    stacks = bounded_int(stacks, "stacks", 1, MAX_CHIPS // players)  # (the table's chips)
    timeout = check_timeout(timeout)
    check_portable(table, executor, workers)
    # Every bot is built once here, so a bad spec or factory fails before any work.
    for name, factory in table.items():
        bot = _build(factory, info, 0, rules_obj)
        if not callable(bot):
            raise PedronTypeError(f"bot {name!r} made a {type(bot).__name__}, not a "
                                  f"bot(view, legal)")
    versions = worker_versions()

    def task(unit: tuple[int, int]) -> MatchUnit:
        return MatchUnit(game=info.name, players=players, bots=table,
                         seatings=tuple(sittings), deals=deals, seed=seed, duplicate=duplicate,
                         rules=rules_obj.to_json(), stacks=stacks, first=unit[0], last=unit[1],
                         pedron=versions["pedron"], stream_version=versions["stream_version"])

    start = time.perf_counter()
    engine = make_engine(run_sets, executor, workers, timeout)
    chips = dict.fromkeys(names, 0)
    squares = dict.fromkeys(names, 0)
    cross = {a: dict.fromkeys(names, 0) for a in names}
    played = 0
    done = 0

    def plan() -> Iterator[tuple[int, int]]:
        if chunk_size is None:
            units = 4 * engine.capacity() if engine.parallel else 20
            per = min(max(1, math.ceil(sets / units)), MAX_UNIT_SETS)
        else:
            per = chunk_size
        return iter([(a, min(a + per, sets)) for a in range(0, sets, per)])

    for unit, part in run_units(engine, plan, task):
        for a in names:
            chips[a] += part.chips[a]
            squares[a] += part.squares[a]
            for b in names:
                cross[a][b] += part.cross[a][b]
        played += part.games_played
        done += unit[1] - unit[0]
        if progress is not None:
            progress(done, sets)
    return MatchResult(
        game=info.name, players=players,
        bots={n: (f if isinstance(f, str) else _factory_name(f)) for n, f in table.items()},
        lineup=seats, seatings=len(sittings), sets=sets, deals=deals, seed=seed,
        duplicate=duplicate, rules=rules_obj.to_json(), stacks=stacks, chips=chips,
        squares=squares, cross=cross, games_played=played,
        elapsed=time.perf_counter() - start, executor=engine.description,
        workers=engine.capacity() if engine.parallel else 1,
    )


def _factory_name(factory: Any) -> str:
    module = getattr(factory, "__module__", None)
    name = getattr(factory, "__qualname__", None) or type(factory).__name__
    return f"{module}.{name}" if module else str(name)

