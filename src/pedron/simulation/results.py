"""The simulator's counters (:class:`Tally`) and its results table (:class:`SimulationResult`).

Every counter is a whole number (chips, games, sums of squares), so partial
tallies from any number of work units merge exactly, in any grouping: the
results for a seed do not depend on how the work was split.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pedron import games
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.games.study import mean_se as _mean_se
from pedron.games.study import ratio as _ratio
from pedron.games.study import shown_number as _fmt
from pedron.text import shown

__all__ = ["SimulationResult", "Tally"]

# The counters every game has: scalars, per-seat lists (the games' own come from their
# descriptors' study facets: GameInfo.study).
_SCALARS = (
    "games", "sessions", "showdowns", "pots", "pot_chips", "pot_max", "carry_games",
    "carry_chips", "settled_chips", "blocks", "block_games_sq",
)
_MAXIMA = frozenset({"pot_max"})
_SEATS = ("net", "net_sq", "won", "settled", "block_net_sq", "block_net_games")


@dataclass(frozen=True)
class _Shape:
    """The counters of one game's tally: the common ones and the game's own."""

    scalars: tuple[str, ...]
    maxima: frozenset[str]
    seats: tuple[str, ...]
    categories: tuple[str, ...]
    category_count: int
    histograms: tuple[str, ...]


_shapes: dict[str, tuple[GameInfo, _Shape]] = {}


def _shape(info: GameInfo) -> _Shape:
    known = _shapes.get(info.name)
    if known is not None and known[0] is info:
        return known[1]
    f = info.study
    shape = _Shape(_SCALARS, _MAXIMA, _SEATS, (), 0, ()) if f is None else _Shape(
        _SCALARS + f.scalars, _MAXIMA | f.maxima, _SEATS + f.seats, f.categories,
        len(f.category_names), f.histograms)
    _shapes[info.name] = (info, shape)  # (a game registered again: its new shape)
    return shape


def game_info(game: Any) -> GameInfo:
    """The descriptor of ``game``: a registered game's name (or its descriptor), or a
    pedron error naming the games."""
    if isinstance(game, GameInfo):
        return game
    if type(game) is not str or game not in games.names():
        raise PedronValueError(f"game must be {' or '.join(map(repr, games.names()))}, "
                               f"not {shown(game)}")
    return games.get(game)


def check_game(game: Any, players: Any) -> tuple[GameInfo, int]:
    """``(game, players)`` checked: a registered game (its name or descriptor) and a
    whole number of players its tables seat, or a pedron error."""
    game = game_info(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise PedronTypeError(f"players must be a whole number, not {players!r}")
    players = int.__index__(players)  # (the plain value, whatever a subclass says)
    span = game.players
    if players not in span:
        raise PedronValueError(f"{game.name} is for {span[0]} to {span[-1]} players, "
                               f"not {players if players.bit_length() <= 64 else 'more'}")
    return game, players


class Counters:
    """The counters of a study or part of one, as a work unit adds to them (mutable:
    the fast path). What a study hands out is a :class:`Tally`, its read-only face
    (:meth:`freeze`)."""

    __slots__ = ("categories", "game", "histograms", "info", "players", "scalars", "seats",
                 "shape")

    def __init__(self, game: str | GameInfo, players: int) -> None:
        # (checked before the per-seat lists are made: a tally of 2**40 seats asked for them)
        self.info, self.players = check_game(game, players)
        self.game = self.info.name
        shape = self.shape = _shape(self.info)
        self.scalars: dict[str, int] = dict.fromkeys(shape.scalars, 0)
        self.seats: dict[str, list[int]] = {k: [0] * players for k in shape.seats}
        self.categories: dict[str, list[int]] = {
            k: [0] * shape.category_count for k in shape.categories}
        self.histograms: dict[str, dict[int, int]] = {k: {} for k in shape.histograms}

    def add(self, other: Counters | Tally) -> Counters:
        """Add another tally of the same game and table size into these counters."""
        if isinstance(other, Tally):
            other = other._counts
        if (other.game, other.players) != (self.game, self.players):
            raise PedronValueError("cannot merge tallies of different games or table sizes")
        self._add(other.scalars, other.seats, other.categories, other.histograms)
        return self

    def add_json(self, data: Mapping[str, Any]) -> Counters:
        """Add a tally's plain data (:meth:`Tally.to_json`'s form). Counters it does not
        name are 0; a counter this game does not keep must be 0 (a tally written before
        each game kept only its own counters held the other game's, all 0)."""
        if (data["game"], data["players"]) != (self.game, self.players):
            raise PedronValueError("cannot merge tallies of different games or table sizes")
        parts = {}
        for part in ("scalars", "seats", "categories", "histograms"):
            values = dict(data.get(part, {}))
            mine = getattr(self, part)
            for k in [k for k in values if k not in mine]:
                v = values.pop(k)
                if any(v.values()) if isinstance(v, Mapping) else \
                        (any(v) if isinstance(v, (list, tuple)) else v):
                    raise PedronValueError(f"a {self.game} tally keeps no counter {k!r}")
            parts[part] = values
        self._add(parts["scalars"], parts["seats"], parts["categories"], parts["histograms"])
        return self

    def _add(self, scalars: Mapping[str, int], seats: Mapping[str, Any],
             categories: Mapping[str, Any], histograms: Mapping[str, Any]) -> None:
        maxima = self.shape.maxima
        mine_sc = self.scalars
        for k, v in scalars.items():
            mine_sc[k] = max(mine_sc[k], int(v)) if k in maxima else mine_sc[k] + int(v)
        for k, seat_values in seats.items():
            row = self.seats[k]
            for s, v in enumerate(seat_values):
                row[s] += int(v)
        for k, cat_values in categories.items():
            row = self.categories[k]
            for c, v in enumerate(cat_values):
                row[c] += int(v)
        for k, hist in histograms.items():
            target = self.histograms[k]
            for length, count in hist.items():
                n = int(length)
                target[n] = target.get(n, 0) + int(count)

    def to_json(self) -> dict[str, Any]:
        """Plain data (histogram keys as text, for JSON)."""
        return {
            "game": self.game,
            "players": self.players,
            "scalars": dict(self.scalars),
            "seats": {k: list(v) for k, v in self.seats.items()},
            "categories": {k: list(v) for k, v in self.categories.items()},
            "histograms": {
                k: {str(n): c for n, c in sorted(h.items())} for k, h in self.histograms.items()
            },
        }

    def freeze(self) -> Tally:
        """An immutable :class:`Tally` holding these counts (a copy: these may go on)."""
        return Tally._of(Counters(self.info, self.players).add(self))


class Tally:
    """Whole-number counters of a simulation (or part of one); immutable.

    ``scalars[name]``: game-wide counts and chip sums; ``seats[name][s]``: per
    seat; the game's own counters (its descriptor's study facet, ``GameInfo.study``)
    too, and ``categories[name][c]``, ``histograms[name]`` where it keeps them
    (Diablo: openings by the opener's hand category ``c`` (1-10) when he opened;
    ``histograms["series_length"]``, how many Diablo series lasted each number of
    games). The mappings are read-only and the per-seat and per-category rows are
    tuples: a tally, like the :class:`SimulationResult` holding it, cannot be changed
    after the fact. :meth:`merge` returns a new tally.
    """

    __slots__ = ("_counts", "categories", "game", "histograms", "players", "scalars", "seats")

    _counts: Counters
    game: str
    players: int
    scalars: Mapping[str, int]
    seats: Mapping[str, tuple[int, ...]]
    categories: Mapping[str, tuple[int, ...]]
    histograms: Mapping[str, Mapping[int, int]]

    def __init__(self, game: str | GameInfo, players: int) -> None:
        """An empty tally (every counter 0) for ``players`` seats of ``game``."""
        self._fill(Counters(game, players))

    @classmethod
    def _of(cls, counts: Counters) -> Tally:
        tally = cls.__new__(cls)
        tally._fill(counts)
        return tally

    def _fill(self, counts: Counters) -> None:
        put = object.__setattr__
        put(self, "_counts", counts)  # (never changed again: the views below are its)
        put(self, "game", counts.game)
        put(self, "players", counts.players)
        put(self, "scalars", MappingProxyType(counts.scalars))
        put(self, "seats", MappingProxyType({k: tuple(v) for k, v in counts.seats.items()}))
        put(self, "categories", MappingProxyType(
            {k: tuple(v) for k, v in counts.categories.items()}))
        put(self, "histograms", MappingProxyType({
            k: MappingProxyType(dict(sorted(h.items()))) for k, h in counts.histograms.items()
        }))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Tally is immutable (merge() returns a new one); "
                             f"cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Tally is immutable; cannot delete {name!r}")

    def merge(self, other: Tally) -> Tally:
        """A new tally: this one plus ``other`` (maxima take the larger). Neither changes."""
        if not isinstance(other, Tally):
            raise PedronTypeError(f"can only merge a Tally, not {type(other).__name__}")
        return Tally._of(Counters(self._counts.info, self.players).add(self).add(other))

    def to_json(self) -> dict[str, Any]:
        """Plain data (histogram keys as text, for JSON)."""
        return self._counts.to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """Inverse of :meth:`to_json` (counters it does not name are 0)."""
        return cls._of(Counters(data["game"], data["players"]).add_json(data))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tally.from_json, (self.to_json(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Tally {self.game} players={self.players} games={self.scalars['games']} "
                f"sessions={self.scalars['sessions']}>")


def _block_se(total: int, games: int, blocks: int, x2: int, xn: int, n2: int) -> float:
    """Standard error of ``total / games`` from independent blocks (a ratio estimator):
    block totals ``x_b`` over ``n_b`` games, given sums of ``x_b**2``, ``x_b*n_b``, ``n_b**2``."""
    if blocks < 2 or games <= 0:
        return math.nan
    m = total / games
    ss = max(x2 - 2 * m * xn + m * m * n2, 0.0)
    return math.sqrt(ss * blocks / (blocks - 1)) / games


@dataclass(frozen=True, eq=True)
class SimulationResult:
    """What :func:`pedron.simulate` returns: the experiment, its tally and derived tables.

    Two results are equal when the experiment and every counter are equal; the
    run's circumstances (``workers``, ``chunks``, ``executor``, ``elapsed``) are
    recorded but not compared (``workers``: how many worker processes or
    threads really played a work unit; ``chunks``: the work units this run
    played; ``cpu_seconds``: processor time spent in the work units, summed
    over workers).

    A result is immutable: its fields cannot be set, ``rules`` is a read-only
    mapping and ``tally`` an immutable :class:`Tally` (``result.tally.merge(x)``
    returns a new tally and leaves the result as it was).

    * ``net[s]``: chips seat ``s`` won over all games (negative: lost);
      ``won[s]``: games in which he won chips.
    * Standard errors of a seat's result per game (``net_se``) come from the
      spread of the independent blocks' totals (games within a session are
      not independent: a Diablo pot paid in one game is won in the next);
      with a single block they are ``nan``. Per-opening figures use the
      spread over openings.
    * :meth:`to_rows` (one dict per seat), :meth:`to_json`, :meth:`to_csv`,
      :meth:`category_rows` (Diablo openings by hand category), ``str()``: the
      summary tables.
    """

    game: str
    players: int
    requested: int
    seed: int
    rules: Mapping[str, Any]
    bots: tuple[str, ...]
    stacks: int
    session_games: int
    tally: Tally
    workers: int = field(default=1, compare=False)
    chunks: int = field(default=1, compare=False)
    executor: str = field(default="in-process", compare=False)
    elapsed: float = field(default=0.0, compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)

    @property
    def info(self) -> GameInfo:
        """The game's descriptor (:func:`pedron.games.get`)."""
        return games.get(self.game)

    def __post_init__(self) -> None:
        # A private read-only copy: the caller's dict may change, the result may not.
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "bots", tuple(self.bots))
        if not isinstance(self.tally, Tally):
            raise PedronTypeError(f"tally must be a Tally, not {type(self.tally).__name__}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (SimulationResult.from_json, (self.to_json(),))

    # -- the headline numbers ------------------------------------------------------------
    @property
    def games(self) -> int:
        """Games (Diamondback: hands) played: at least ``requested`` (pots are played out)."""
        return self.tally.scalars["games"]

    @property
    def sessions(self) -> int:
        """Tables (fresh stacks) used."""
        return self.tally.scalars["sessions"]

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won per seat over all games."""
        return tuple(self.tally.seats["net"])

    @property
    def won(self) -> tuple[int, ...]:
        """Games in which each seat won chips."""
        return tuple(self.tally.seats["won"])

    @property
    def games_per_second(self) -> float:
        """Throughput of the run (not compared)."""
        return self.games / self.elapsed if self.elapsed > 0 else math.nan

    def check(self) -> None:
        """The invariant: no chip created or lost, so the seats' results sum to zero.

        Raises :class:`AssertionError` otherwise (the simulator checks every
        session as it runs, and this again on the merged table).
        """
        t = self.tally
        assert sum(t.seats["net"]) == 0, f"chips not conserved: net sums to {sum(t.seats['net'])}"
        # A pot left when a table breaks up is shared out: chips come from the pot only.
        assert sum(t.seats["settled"]) >= 0
        assert all(w >= 0 for w in t.seats["won"])

    # -- tables ----------------------------------------------------------------------------
    def to_rows(self) -> list[dict[str, Any]]:
        """One row per seat: bot, chips won (total, per game, standard error), games won,
        and for Diablo his openings (how often he won them, his result as opener,
        what the Diablo rule cost him), for Diamondback his deals as dealer."""
        t = self.tally
        n = self.games
        facet = self.info.study
        rows = []
        blocks, n2 = t.scalars["blocks"], t.scalars["block_games_sq"]
        for s in range(self.players):
            mean, _ = _mean_se(t.seats["net"][s], t.seats["net_sq"][s], n)
            se = _block_se(t.seats["net"][s], n, blocks, t.seats["block_net_sq"][s],
                           t.seats["block_net_games"][s], n2)
            row: dict[str, Any] = {
                "seat": s,
                "bot": self.bots[s],
                "games": n,
                "net": t.seats["net"][s],
                "net_per_game": mean,
                "net_se": se,
                "won": t.seats["won"][s],
                "win_rate": _ratio(t.seats["won"][s], n),
            }
            if facet is not None and facet.seat_row is not None:
                row.update(facet.seat_row(t, s))
            rows.append(row)
        return rows

    def category_rows(self) -> list[dict[str, Any]]:
        """Diablo: one row per hand category an opener opened with (his five cards
        when he opened): openings, how often he won, his mean result per opening
        (the Diablo payment included), how often and how much the rule made him pay."""
        facet = self.info.study
        if facet is None or facet.category_rows is None:
            return []
        return facet.category_rows(self.tally)

    def summary(self) -> dict[str, Any]:
        """Game-wide figures: pots, carry-overs, and for Diablo passed games and the
        Diablo series (how many, their lengths, the largest pot paid), for
        Diamondback the dealer's result."""
        sc = self.tally.scalars
        n = self.games
        out: dict[str, Any] = {
            "games": n,
            "sessions": sc["sessions"],
            "showdowns": sc["showdowns"],
            "mean_pot": _ratio(sc["pot_chips"], sc["pots"]),
            "largest_pot": sc["pot_max"],
            "carry_games": sc["carry_games"],
            "carried_chips": sc["carry_chips"],
            "settled_at_session_end": sc["settled_chips"],
        }
        facet = self.info.study
        if facet is not None and facet.summary is not None:
            out.update(facet.summary(self.tally, n))
        return out

    # -- output ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Plain data: the experiment, the summary, per-seat rows, openings by category
        (Diablo), the raw tally (exact, for :meth:`from_json`) and the run."""
        summary = {k: ({str(n): c for n, c in v.items()} if isinstance(v, dict) else v)
                   for k, v in self.summary().items()}  # (a histogram's keys as text)
        data = {
            "game": self.game,
            "players": self.players,
            "requested": self.requested,
            "seed": self.seed,
            "rules": dict(self.rules),
            "bots": list(self.bots),
            "stacks": self.stacks,
            "session_games": self.session_games,
            "summary": summary,
            "seats": self.to_rows(),
            "categories": self.category_rows(),
            "tally": self.tally.to_json(),
            "run": {"workers": self.workers, "chunks": self.chunks, "executor": self.executor,
                    "elapsed": self.elapsed, "cpu_seconds": self.cpu_seconds},
        }
        out: dict[str, Any] = _finite(data)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> SimulationResult:
        """Rebuild a result from :meth:`to_json` (a dict or JSON text)."""
        if isinstance(data, str):
            data = json.loads(data)
        assert isinstance(data, Mapping)
        run = data.get("run", {})
        return cls(
            game=data["game"], players=data["players"], requested=data["requested"],
            seed=data["seed"], rules=dict(data["rules"]), bots=tuple(data["bots"]),
            stacks=data["stacks"], session_games=data["session_games"],
            tally=Tally.from_json(data["tally"]), workers=run.get("workers", 1),
            chunks=run.get("chunks", 1), executor=run.get("executor", "in-process"),
            elapsed=run.get("elapsed", 0.0), cpu_seconds=run.get("cpu_seconds", 0.0),
        )

    def to_csv(self) -> str:
        """The per-seat table (:meth:`to_rows`) as CSV text with a header line."""
        rows = self.to_rows()
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _csv(v) for k, v in row.items()})
        return out.getvalue()

    def __str__(self) -> str:
        from pedron.text import fields, table, wrap

        s = self.summary()
        info = self.info
        facet = info.study
        unit = info.deals_word
        lines = [wrap(
            f"{info.title}, {self.players} players, {count_text(self.games, unit)} "
            f"({self.requested:,} requested; {count_text(self.sessions, 'sessions')} of at most "
            f"{count_text(self.session_games, unit)}, stacks {self.stacks}), seed {self.seed}",
            indent="  ")]
        rows = self.to_rows()
        columns = () if facet is None else facet.columns
        headers = ("seat", "bot", "net", f"per {info.deal_word}", "± se", "won",
                   *(c.header for c in columns))
        body = [
            (r["seat"], r["bot"], f"{r['net']:+,}", _fmt(r["net_per_game"], "+.3f"),
             _fmt(r["net_se"]), f"{r['won']:,}", *(c.cell(r) for c in columns))
            for r in rows
        ]
        lines.append(table(headers, body, right=tuple(range(2, len(headers)))))
        if facet is not None and facet.text is not None:
            lines.extend(facet.text(s, self.category_rows()))
        else:
            lines.append("")
            lines.append(fields((
                f"showdowns {s['showdowns']:,}",
                f"carry-overs {s['carry_games']:,} ({s['carried_chips']:,} chips)",
                f"mean pot {_fmt(s['mean_pot'], '.1f')}", f"largest pot {s['largest_pot']:,}",
            )))
        lines.append(f"chips conserved: seats' net sums to {sum(self.net)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<SimulationResult {self.game} players={self.players} games={self.games} "
                f"seed={self.seed} bots={list(self.bots)} net={list(self.net)}>")


def count_text(n: int, plural: str) -> str:
    """``"1 hand"``, ``"2 hands"``, ``"1,000 games"``: a count with its noun."""
    return f"{n:,} {plural[:-1] if n == 1 else plural}"


def _csv(value: Any) -> Any:
    if isinstance(value, float):
        return "" if math.isnan(value) else repr(value)
    return value


def _finite(data: Any) -> Any:
    """NaN (no sample) becomes ``None`` so the JSON is standard."""
    if isinstance(data, float) and math.isnan(data):
        return None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(v) for v in data]
    return data
