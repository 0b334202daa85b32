"""Diablo's descriptor: five-card draw with all deuces wild, where the opener must win."""

from __future__ import annotations

from pedron.diablo.table import Table
from pedron.games import GameInfo
from pedron.games.diablo_screen import DiabloScreen

INFO = GameInfo(
    name="diablo",
    title="Diablo",
    summary="five-card draw poker, deuces wild: whoever opens must win the pot or pay one",
    table=Table,
    study_players=4,
    default_bot="rule",
    bots={"rule": "pedron.bots.diablo:RuleBot", "strong": "pedron.bots.strong:StrongBot"},
    # the command line
    screen=DiabloScreen(Table.GAME),
    module=__name__,
)
