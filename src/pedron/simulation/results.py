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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = ["CATEGORY_NAMES", "GAMES", "SimulationResult", "Tally"]

#: The games the simulator plays, with their table sizes.
GAMES: dict[str, range] = {"diablo": range(3, 8), "diamondback": range(2, 5)}

#: Diablo hand categories by number (index 0 unused), for the by-category table.
CATEGORY_NAMES = (
    "-", "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "five of a kind",
)

# Counters: scalars, per-seat lists, per-category lists (Diablo openings), histograms.
_SCALARS = (
    "games", "sessions", "showdowns", "pots", "pot_chips", "pot_max", "carry_games",
    "carry_chips", "settled_chips", "blocks", "block_games_sq",
    # Diablo
    "passed", "no_opener", "openings", "diablo_payments", "diablo_chips", "diablo_max",
    "series", "series_games", "series_max",
    # Diamondback
    "dealer_net_sq",
)
_MAXIMA = frozenset({"pot_max", "diablo_max", "series_max"})
_SEATS = (
    "net", "net_sq", "won", "settled", "block_net_sq", "block_net_games",
    # Diablo
    "opened", "opener_won", "opener_net", "opener_net_sq", "diablo_paid", "diablo_payments",
    # Diamondback
    "dealer", "dealer_won", "dealer_net",
)
_CATEGORIES = ("opened", "won", "net", "net_sq", "paid", "payments")
_HISTOGRAMS = ("series_length",)


def _counts_json(counts: Counters | Tally) -> dict[str, Any]:
    """The plain data of counters or a tally (histogram keys as text, for JSON)."""
    return {
        "game": counts.game,
        "players": counts.players,
        "scalars": dict(counts.scalars),
        "seats": {k: list(v) for k, v in counts.seats.items()},
        "categories": {k: list(v) for k, v in counts.categories.items()},
        "histograms": {
            k: {str(n): c for n, c in sorted(h.items())} for k, h in counts.histograms.items()
        },
    }


def check_game(game: Any, players: Any) -> tuple[str, int]:
    """``(game, players)`` checked: a game of :data:`GAMES` and a whole number of
    players its tables seat, or a pedron error."""
    if type(game) is not str or game not in GAMES:
        raise PedronValueError(f"game must be 'diablo' or 'diamondback', not {shown(game)}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise PedronTypeError(f"players must be a whole number, not {players!r}")
    players = int.__index__(players)  # (the plain value, whatever a subclass says)
    if players not in GAMES[game]:
        span = GAMES[game]
        raise PedronValueError(f"{game} is for {span[0]} to {span[-1]} players, "
                               f"not {players if players.bit_length() <= 64 else 'more'}")
    return game, players


class Counters:
    """The mutable counters a work unit adds to as it plays (internal: the fast path).

    Public code sees :class:`Tally`, which is immutable; :meth:`freeze` makes one.
    """

    __slots__ = ("categories", "game", "histograms", "players", "scalars", "seats")

    def __init__(self, game: str, players: int) -> None:
        # (checked before the per-seat lists are made: a tally of 2**40 seats asked for them)
        self.game, self.players = check_game(game, players)
        self.scalars: dict[str, int] = dict.fromkeys(_SCALARS, 0)
        self.seats: dict[str, list[int]] = {k: [0] * players for k in _SEATS}
        self.categories: dict[str, list[int]] = {k: [0] * len(CATEGORY_NAMES) for k in _CATEGORIES}
        self.histograms: dict[str, dict[int, int]] = {k: {} for k in _HISTOGRAMS}

    def add(self, data: Mapping[str, Any]) -> Counters:
        """Add a tally's plain data (:meth:`Tally.to_json`'s form) into these counters."""
        if (data["game"], data["players"]) != (self.game, self.players):
            raise PedronValueError("cannot merge tallies of different games or table sizes")
        for k, v in data["scalars"].items():
            self.scalars[k] = max(self.scalars[k], v) if k in _MAXIMA else self.scalars[k] + v
        for k, seat_values in data["seats"].items():
            mine = self.seats[k]
            for s, v in enumerate(seat_values):
                mine[s] += v
        for k, cat_values in data["categories"].items():
            cats = self.categories[k]
            for c, v in enumerate(cat_values):
                cats[c] += v
        for k, hist in data["histograms"].items():
            target = self.histograms[k]
            for length, count in hist.items():
                n = int(length)
                target[n] = target.get(n, 0) + count
        return self

    def to_json(self) -> dict[str, Any]:
        """Plain data (histogram keys as text, for JSON)."""
        return _counts_json(self)

    def freeze(self) -> Tally:
        """An immutable :class:`Tally` holding these counts."""
        return Tally.from_json(self.to_json())


class Tally:
    """Whole-number counters of a simulation (or part of one); immutable.

    ``scalars[name]``: game-wide counts and chip sums; ``seats[name][s]``: per
    seat; ``categories[name][c]``: Diablo openings by the opener's hand category
    ``c`` (1-10) when he opened; ``histograms["series_length"]``: how many
    Diablo series lasted each number of games. The mappings are read-only and
    the per-seat and per-category rows are tuples: a tally, like the
    :class:`SimulationResult` holding it, cannot be changed after the fact.
    :meth:`merge` returns a new tally.
    """

    __slots__ = ("categories", "game", "histograms", "players", "scalars", "seats")

    game: str
    players: int
    scalars: Mapping[str, int]
    seats: Mapping[str, tuple[int, ...]]
    categories: Mapping[str, tuple[int, ...]]
    histograms: Mapping[str, Mapping[int, int]]

    def __init__(self, game: str, players: int) -> None:
        """An empty tally (every counter 0) for ``players`` seats of ``game``."""
        self._fill(Counters(game, players).to_json())

    def _fill(self, data: Mapping[str, Any]) -> None:
        put = object.__setattr__
        put(self, "game", str(data["game"]))
        put(self, "players", int(data["players"]))
        put(self, "scalars", MappingProxyType({k: int(v) for k, v in data["scalars"].items()}))
        put(self, "seats", MappingProxyType(
            {k: tuple(int(x) for x in v) for k, v in data["seats"].items()}))
        put(self, "categories", MappingProxyType(
            {k: tuple(int(x) for x in v) for k, v in data["categories"].items()}))
        put(self, "histograms", MappingProxyType({
            k: MappingProxyType({int(n): int(c) for n, c in sorted(h.items(), key=_key)})
            for k, h in data["histograms"].items()
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
        return Counters(self.game, self.players).add(self.to_json()).add(
            other.to_json()).freeze()

    def to_json(self) -> dict[str, Any]:
        """Plain data (histogram keys as text, for JSON)."""
        return _counts_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """Inverse of :meth:`to_json` (counters it does not name are 0)."""
        full = Counters(data["game"], data["players"]).to_json()
        for part in ("scalars", "seats", "categories", "histograms"):
            full[part].update(data.get(part, {}))
        tally = cls.__new__(cls)
        tally._fill(full)
        return tally

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


def _key(item: tuple[Any, int]) -> int:
    return int(item[0])


def _mean_se(total: int, squares: int, n: int) -> tuple[float, float]:
    """Mean and its standard error from a sum and a sum of squares over ``n`` samples."""
    if n <= 0:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return mean, math.sqrt(var / n)


def _block_se(total: int, games: int, blocks: int, x2: int, xn: int, n2: int) -> float:
    """Standard error of ``total / games`` from independent blocks (a ratio estimator):
    block totals ``x_b`` over ``n_b`` games, given sums of ``x_b**2``, ``x_b*n_b``, ``n_b**2``."""
    if blocks < 2 or games <= 0:
        return math.nan
    m = total / games
    ss = max(x2 - 2 * m * xn + m * m * n2, 0.0)
    return math.sqrt(ss * blocks / (blocks - 1)) / games


def _ratio(a: int, b: int) -> float:
    return a / b if b else math.nan


def _fmt(x: float, spec: str = ".3f") -> str:
    return "-" if isinstance(x, float) and math.isnan(x) else format(x, spec)


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
            if self.game == "diablo":
                opened = t.seats["opened"][s]
                omean, ose = _mean_se(t.seats["opener_net"][s], t.seats["opener_net_sq"][s],
                                      opened)
                row.update(
                    opened=opened,
                    open_rate=_ratio(opened, n),
                    opener_won=t.seats["opener_won"][s],
                    opener_win_rate=_ratio(t.seats["opener_won"][s], opened),
                    opener_net_per_open=omean,
                    opener_net_se=ose,
                    diablo_payments=t.seats["diablo_payments"][s],
                    diablo_paid=t.seats["diablo_paid"][s],
                )
            else:
                dealt = t.seats["dealer"][s]
                row.update(
                    dealer_hands=dealt,
                    dealer_won=t.seats["dealer_won"][s],
                    dealer_net=t.seats["dealer_net"][s],
                    dealer_net_per_hand=_ratio(t.seats["dealer_net"][s], dealt),
                    non_dealer_net=t.seats["net"][s] - t.seats["dealer_net"][s],
                )
            rows.append(row)
        return rows

    def category_rows(self) -> list[dict[str, Any]]:
        """Diablo: one row per hand category an opener opened with (his five cards
        when he opened): openings, how often he won, his mean result per opening
        (the Diablo payment included), how often and how much the rule made him pay."""
        c = self.tally.categories
        rows = []
        for cat in range(1, len(CATEGORY_NAMES)):
            opened = c["opened"][cat]
            if not opened:
                continue
            mean, se = _mean_se(c["net"][cat], c["net_sq"][cat], opened)
            rows.append({
                "category": CATEGORY_NAMES[cat],
                "opened": opened,
                "won": c["won"][cat],
                "win_rate": _ratio(c["won"][cat], opened),
                "net_per_open": mean,
                "net_se": se,
                "diablo_payments": c["payments"][cat],
                "payment_rate": _ratio(c["payments"][cat], opened),
                "diablo_paid_per_open": _ratio(c["paid"][cat], opened),
            })
        return rows

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
        if self.game == "diablo":
            out.update(
                passed=sc["passed"],
                no_opener=sc["no_opener"],
                openings=sc["openings"],
                opener_win_rate=_ratio(sum(self.tally.seats["opener_won"]), sc["openings"]),
                diablo_payments=sc["diablo_payments"],
                diablo_chips=sc["diablo_chips"],
                mean_diablo_payment=_ratio(sc["diablo_chips"], sc["diablo_payments"]),
                largest_diablo_payment=sc["diablo_max"],
                series=sc["series"],
                mean_series_length=_ratio(sc["series_games"], sc["series"]),
                longest_series=sc["series_max"],
                series_lengths={
                    k: v for k, v in sorted(self.tally.histograms["series_length"].items())
                },
            )
        else:
            dealer_net = sum(self.tally.seats["dealer_net"])
            mean, se = _mean_se(dealer_net, sc["dealer_net_sq"], n)
            out.update(
                dealer_net=dealer_net,
                dealer_net_per_hand=mean,
                dealer_net_se=se,
                dealer_won=sum(self.tally.seats["dealer_won"]),
            )
        return out

    # -- output ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Plain data: the experiment, the summary, per-seat rows, openings by category
        (Diablo), the raw tally (exact, for :meth:`from_json`) and the run."""
        summary = self.summary()
        if "series_lengths" in summary:
            summary["series_lengths"] = {str(k): v for k, v in summary["series_lengths"].items()}
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
            "categories": self.category_rows() if self.game == "diablo" else [],
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
        name = "Diablo" if self.game == "diablo" else "Diamondback"
        unit = "games" if self.game == "diablo" else "hands"
        lines = [wrap(
            f"{name}, {self.players} players, {count_text(self.games, unit)} "
            f"({self.requested:,} requested; {count_text(self.sessions, 'sessions')} of at most "
            f"{count_text(self.session_games, unit)}, stacks {self.stacks}), seed {self.seed}",
            indent="  ")]
        rows = self.to_rows()
        if self.game == "diablo":
            headers: tuple[str, ...] = ("seat", "bot", "net", "per game", "± se", "won", "opened",
                       "opener won", "net/open", "Diablo paid")
            body: list[tuple[Any, ...]] = [
                (r["seat"], r["bot"], f"{r['net']:+,}", _fmt(r["net_per_game"], "+.3f"),
                 _fmt(r["net_se"]), f"{r['won']:,}", f"{r['opened']:,}",
                 _fmt(r["opener_win_rate"], ".1%"), _fmt(r["opener_net_per_open"], "+.2f"),
                 f"{r['diablo_paid']:,}")
                for r in rows
            ]
            lines.append(table(headers, body, right=tuple(range(2, 10))))
            cats = self.category_rows()
            if cats:
                lines.append("")
                lines.append("Openings by the opener's hand when he opened")
                lines.append(table(
                    ("hand", "opened", "won", "net/open", "± se", "paid Diablo", "paid/open"),
                    [(c["category"], f"{c['opened']:,}", _fmt(c["win_rate"], ".1%"),
                      _fmt(c["net_per_open"], "+.2f"), _fmt(c["net_se"], ".2f"),
                      _fmt(c["payment_rate"], ".1%"), _fmt(c["diablo_paid_per_open"], ".2f"))
                     for c in cats],
                    right=tuple(range(1, 7)),
                ))
            lines.append("")
            lines.append(fields((
                f"passed {s['passed']:,}", f"showdowns {s['showdowns']:,}",
                f"mean pot {_fmt(s['mean_pot'], '.1f')}", f"largest pot {s['largest_pot']:,}",
                f"Diablo payments {s['diablo_payments']:,} "
                f"(mean {_fmt(s['mean_diablo_payment'], '.1f')}, "
                f"largest {s['largest_diablo_payment']:,})",
                f"series {s['series']:,} "
                f"(mean length {_fmt(s['mean_series_length'], '.2f')}, "
                f"longest {s['longest_series']})",
            )))
        else:
            headers = ("seat", "bot", "net", "per hand", "± se", "won", "dealt",
                       "dealer net", "per deal")
            body = [
                (r["seat"], r["bot"], f"{r['net']:+,}", _fmt(r["net_per_game"], "+.3f"),
                 _fmt(r["net_se"]), f"{r['won']:,}", f"{r['dealer_hands']:,}",
                 f"{r['dealer_net']:+,}", _fmt(r["dealer_net_per_hand"], "+.3f"))
                for r in rows
            ]
            lines.append(table(headers, body, right=tuple(range(2, 9))))
            lines.append("")
            lines.append(fields((
                f"dealer net {s['dealer_net']:+,} ({_fmt(s['dealer_net_per_hand'], '+.3f')} "
                f"± {_fmt(s['dealer_net_se'])} a hand)", f"showdowns {s['showdowns']:,}",
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


def merge_tallies(tallies: Iterable[Tally | Mapping[str, Any]], game: str, players: int) -> Tally:
    """Merge partial tallies (or their plain data) into a new one."""
    total = Counters(game, players)
    for t in tallies:
        total.add(t.to_json() if isinstance(t, Tally) else t)
    return total.freeze()
