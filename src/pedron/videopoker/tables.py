"""Pay tables by name: the common deuces-wild and jacks-or-better games.

Payouts are per coin bet, for the five-coin (maximum) bet, the amount
returned including the bet, best class first (see
:func:`pedron.diablo.outcomes.outcome_classes`):

* deuces wild: natural royal, four deuces, wild royal, five of a kind,
  straight flush, four of a kind, full house, flush, straight, three of a kind;
* jacks or better: royal flush, straight flush, four of a kind, full house,
  flush, straight, three of a kind, two pair, jacks or better.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pedron.diablo.objectives import PayTable
from pedron.errors import PedronTypeError, PedronValueError

__all__ = ["GAMES", "PAY_TABLES", "pay_table"]

GAMES = {"deuces-wild": True, "jacks-or-better": False}
"""The game names and whether deuces are wild in them."""

_TABLES: dict[str, tuple[str, bool, tuple[int, ...]]] = {
    "full-pay-deuces-wild": ("Full Pay Deuces Wild", True, (800, 200, 25, 15, 9, 5, 3, 2, 2, 1)),
    "not-so-ugly-ducks": ("Not So Ugly Ducks", True, (800, 200, 25, 16, 10, 4, 4, 3, 2, 1)),
    "jacks-or-better-9-6": ("9/6 Jacks or Better", False, (800, 50, 25, 9, 6, 4, 3, 2, 1)),
    "jacks-or-better-8-5": ("8/5 Jacks or Better", False, (800, 50, 25, 8, 5, 4, 3, 2, 1)),
}
_ALIASES = {"fpdw": "full-pay-deuces-wild", "nsud": "not-so-ugly-ducks",
            "9/6": "jacks-or-better-9-6", "8/5": "jacks-or-better-8-5",
            "deuces-wild": "full-pay-deuces-wild", "jacks-or-better": "jacks-or-better-9-6"}

PAY_TABLES: dict[str, PayTable] = {
    key: PayTable(pays, wild=wild, name=title) for key, (title, wild, pays) in _TABLES.items()
}
"""The named pay tables (keys as :func:`pay_table` takes them)."""


def pay_table(name_or_pays: str | PayTable | Iterable[Any], *, game: str | None = None,
              ) -> PayTable:
    """A pay table from its name (``"full-pay-deuces-wild"``, ``"9/6"``, ...),
    from a list of payouts (best class first; ``game`` says which classes:
    ``"deuces-wild"``, the default, or ``"jacks-or-better"``), or as given.

    A comma-separated string of numbers (``"800,200,25,15,9,5,3,2,2,1"``) is
    a list of payouts.
    """
    if isinstance(name_or_pays, PayTable):
        if game is not None and GAMES[_game_arg(game)] != name_or_pays.wild:
            raise PedronValueError(f"the pay table is not a {game} table")
        return name_or_pays
    if isinstance(name_or_pays, str):
        text = name_or_pays.strip()
        if text and (text[0].isdigit() or text[0] == "-") and "," in text:
            return PayTable([p.strip() for p in text.split(",")],
                            wild=GAMES[_game_arg(game or "deuces-wild")])
        key = _ALIASES.get(text.lower(), text.lower())
        table = PAY_TABLES.get(key)
        if table is None:
            known = ", ".join(sorted(PAY_TABLES))
            raise PedronValueError(f"unknown pay table {name_or_pays!r}; known: {known}")
        if game is not None and GAMES[_game_arg(game)] != table.wild:
            raise PedronValueError(f"{table.name} is not a {game} table")
        return table
    if isinstance(name_or_pays, Iterable):
        return PayTable(list(name_or_pays), wild=GAMES[_game_arg(game or "deuces-wild")])
    raise PedronTypeError(
        f"a pay table is a name, a list of payouts or a PayTable, not {type(name_or_pays).__name__}"
    )


def _game_arg(game: str) -> str:
    if not isinstance(game, str):
        raise PedronTypeError(f"game must be a str, not {type(game).__name__}")
    g = game.lower()
    if g not in GAMES:
        raise PedronValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return g
