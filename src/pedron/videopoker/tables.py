"""Named video-poker games and pay tables: every game is data.

A game (:class:`Game`) is a deck (no wild card, deuces wild, or 53 cards
with a joker) and a list of pay rows (:class:`~pedron.drawpoker.PayRow`)
with its usual full-pay payouts. :func:`pay_table` gives a game's table by
name, with other payouts in the game's row order on request; :data:`GAMES`
lists the games. Payouts are per coin for the five-coin (maximum) bet, the
amount returned including the bet.

The rows of each game, in the order ``--pays`` and :meth:`Game.table` take
payouts, are in :data:`GAMES` (``pedron videopoker --game NAME --rows``
prints them); ``docs/videopoker.md`` has every game's table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pedron._exact import exact_str
from pedron.drawpoker import PayRow, PayTable, outcome_rows
from pedron.errors import PedronTypeError, PedronValueError

__all__ = ["GAMES", "PAY_TABLES", "Game", "pay_table"]


@dataclass(frozen=True, slots=True)
class Game:
    """A video-poker game: its deck, its pay rows and its full-pay table.

    Attributes: ``key`` (the name ``--game`` takes), ``title``, ``wilds``
    (``"none"``, ``"deuces"`` or ``"joker"``), ``rows`` (the pay rows, best
    first, with the full-pay payouts) and ``short`` (the usual name of the
    full-pay table: ``"9/6"``).
    """

    key: str
    title: str
    wilds: str
    rows: tuple[PayRow, ...]
    short: str

    def table(self, pays: Iterable[Any] | None = None, *, name: str | None = None) -> PayTable:
        """The game's pay table: the full-pay one, or ``pays`` in row order (a
        shorter list pays 0 on the rows left over)."""
        full = PayTable(self.rows, wilds=self.wilds, name=f"{self.short} {self.title}")
        if pays is None:
            return full
        return full.with_pays(pays, name=name)

    @property
    def labels(self) -> tuple[str, ...]:
        """The rows in words, in order."""
        return tuple(r.label for r in self.rows)


def _rows(*spec: tuple[Any, ...]) -> tuple[PayRow, ...]:
    """Rows from ``(hand, pays, ranks, kicker, wild, label)`` prefixes."""
    out = []
    for item in spec:
        hand, pays, *rest = item
        ranks = rest[0] if len(rest) > 0 else None
        kicker = rest[1] if len(rest) > 1 else None
        wild = rest[2] if len(rest) > 2 else None
        label = rest[3] if len(rest) > 3 else ""
        out.append(PayRow(hand, Fraction(pays), ranks, kicker, wild, label))
    return tuple(out)


def _from_classes(wild: bool, pays: tuple[int, ...]) -> tuple[PayRow, ...]:
    base = outcome_rows(wild)
    values = list(pays) + [0] * (len(base) - len(pays))
    return tuple(r.with_pays(Fraction(v)) for r, v in zip(base, values, strict=True))


def _jacks_family(full: int, flush: int, quads: tuple[tuple[Any, ...], ...], two_pair: int,
                  trips: int = 3, straight: int = 4, pair_from: str = "J") -> tuple[PayRow, ...]:
    return _rows(
        ("royal flush", 800), ("straight flush", 50), *quads, ("full house", full),
        ("flush", flush), ("straight", straight), ("three of a kind", trips),
        ("two pair", two_pair), ("pair", 1, f"{pair_from}-A"),
    )


_GAMES = (
    Game("jacks-or-better", "Jacks or Better", "none",
         _from_classes(False, (800, 50, 25, 9, 6, 4, 3, 2, 1)), "9/6"),
    Game("tens-or-better", "Tens or Better", "none",
         _jacks_family(6, 5, (("four of a kind", 25),), 2, pair_from="T"), "6/5"),
    Game("bonus-poker", "Bonus Poker", "none",
         _jacks_family(8, 5, (("four of a kind", 80, "A"), ("four of a kind", 40, "2-4"),
                              ("four of a kind", 25)), 2), "8/5"),
    Game("bonus-poker-deluxe", "Bonus Poker Deluxe", "none",
         _jacks_family(9, 6, (("four of a kind", 80),), 1), "9/6"),
    Game("double-bonus", "Double Bonus", "none",
         _jacks_family(10, 7, (("four of a kind", 160, "A"), ("four of a kind", 80, "2-4"),
                               ("four of a kind", 50)), 1, straight=5), "10/7"),
    Game("double-double-bonus", "Double Double Bonus", "none",
         _jacks_family(9, 6, (("four of a kind", 400, "A", "2-4"),
                              ("four of a kind", 160, "2-4", "A-4"),
                              ("four of a kind", 160, "A"), ("four of a kind", 80, "2-4"),
                              ("four of a kind", 50)), 1), "9/6"),
    Game("triple-double-bonus", "Triple Double Bonus", "none",
         _jacks_family(9, 7, (("four of a kind", 800, "A", "2-4"),
                              ("four of a kind", 400, "2-4", "A-4"),
                              ("four of a kind", 160, "A"), ("four of a kind", 80, "2-4"),
                              ("four of a kind", 50)), 1, trips=2), "9/7"),
    Game("aces-and-faces", "Aces and Faces", "none",
         _jacks_family(8, 5, (("four of a kind", 80, "A"), ("four of a kind", 40, "J-K"),
                              ("four of a kind", 25)), 2), "8/5"),
    Game("deuces-wild", "Deuces Wild", "deuces",
         _from_classes(True, (800, 200, 25, 15, 9, 5, 3, 2, 2, 1)), "Full Pay"),
    Game("deuces-wild-bonus", "Deuces Wild Bonus", "deuces", _rows(
        ("royal flush", 800, None, None, False, "natural royal flush"),
        ("four deuces", 400, "A", None, None, "four deuces + ace"),
        ("four deuces", 200),
        ("royal flush", 25, None, None, True, "wild royal flush"),
        ("five of a kind", 80, "A"), ("five of a kind", 40, "3-5"), ("five of a kind", 20),
        ("straight flush", 10), ("four of a kind", 4), ("full house", 4), ("flush", 3),
        ("straight", 1), ("three of a kind", 1),
    ), "10/4/4/3"),
    Game("joker-poker", "Joker Poker (Kings or Better)", "joker", _rows(
        ("royal flush", 800, None, None, False, "natural royal flush"),
        ("five of a kind", 200),
        ("royal flush", 100, None, None, True, "wild royal flush"),
        ("straight flush", 50), ("four of a kind", 20), ("full house", 7), ("flush", 5),
        ("straight", 3), ("three of a kind", 2), ("two pair", 1), ("pair", 1, "K-A"),
    ), "20/7/5"),
)

GAMES: dict[str, Game] = {g.key: g for g in _GAMES}
"""The named games (``--game``), each with its full-pay table as default."""

_EXTRA: dict[str, tuple[str, str, tuple[int, ...]]] = {
    # other well-known tables of the two oldest games (payouts in class order)
    "not-so-ugly-ducks": ("Not So Ugly Ducks", "deuces-wild",
                          (800, 200, 25, 16, 10, 4, 4, 3, 2, 1)),
    "jacks-or-better-8-5": ("8/5 Jacks or Better", "jacks-or-better",
                            (800, 50, 25, 8, 5, 4, 3, 2, 1)),
}
_ALIASES = {"fpdw": "deuces-wild", "full-pay-deuces-wild": "deuces-wild",
            "nsud": "not-so-ugly-ducks", "9/6": "jacks-or-better",
            "jacks-or-better-9-6": "jacks-or-better", "8/5": "jacks-or-better-8-5"}

PAY_TABLES: dict[str, PayTable] = {
    **{key: g.table() for key, g in GAMES.items()},
    **{key: GAMES[game].table(pays, name=title) for key, (title, game, pays) in _EXTRA.items()},
}
"""Every named pay table (the games' full-pay tables and a few others)."""
PAY_TABLES["full-pay-deuces-wild"] = PAY_TABLES["deuces-wild"]
PAY_TABLES["jacks-or-better-9-6"] = PAY_TABLES["jacks-or-better"]


def game_arg(game: Any) -> Game:
    """The :class:`Game` a caller named."""
    if isinstance(game, Game):
        return game
    key = exact_str(game, "game").strip().lower()
    found = GAMES.get(key)
    if found is None:
        raise PedronValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return found


def pay_table(name_or_pays: str | PayTable | Iterable[Any] = "deuces-wild", *,
              game: str | Game | None = None) -> PayTable:
    """A pay table: by name (a game, ``"9/6"``, ``"not-so-ugly-ducks"``, ...),
    from payouts in a game's row order (``game``; the default is
    ``"deuces-wild"``: its rows are the deuces-wild outcome classes), or as
    given.

    A comma-separated string of numbers (``"800,200,25,15,9,5,3,2,2,1"``) is
    a list of payouts.
    """
    if isinstance(name_or_pays, PayTable):
        if game is not None:
            g = game_arg(game)
            if not _same_game(name_or_pays, g):
                raise PedronValueError(f"the pay table is not a {g.key} table")
        return name_or_pays
    if isinstance(name_or_pays, str):
        text = name_or_pays.strip()
        if len(text) > 2000:
            raise PedronValueError("a pay table name or list is at most 2,000 characters")
        if text and (text[0].isdigit() or text[0] in "-+.") and "," in text:
            return game_arg("deuces-wild" if game is None else game).table(
                [p.strip() for p in text.split(",")])
        key = _ALIASES.get(text.lower(), text.lower())
        table = PAY_TABLES.get(key)
        if table is None:
            known = ", ".join(sorted(PAY_TABLES))
            raise PedronValueError(f"unknown pay table {name_or_pays[:60]!r}; known: {known}")
        if game is not None and not _same_game(table, game_arg(game)):
            raise PedronValueError(f"{table.name} is not a {game_arg(game).key} table")
        return table
    if isinstance(name_or_pays, Iterable) and not isinstance(name_or_pays, (bytes, bytearray)):
        return game_arg("deuces-wild" if game is None else game).table(name_or_pays)
    raise PedronTypeError(
        f"a pay table is a name, a list of payouts or a PayTable, not {type(name_or_pays).__name__}"
    )


def _same_game(table: PayTable, game: Game) -> bool:
    return table.wilds == game.wilds and len(table.rows) == len(game.rows) and all(
        a.same_hands(b) for a, b in zip(table.rows, game.rows, strict=True))
