"""Diamondback's descriptor: two cards of five ranks, matched or folded against the dealer."""

from __future__ import annotations

from pedron.diamondback.table import Table
from pedron.games import GameInfo
from pedron.games.diamondback_screen import DiamondbackScreen

INFO = GameInfo(
    name="diamondback",
    title="Diamondback",
    summary="two cards of five ranks: each player matches the dealer's bet or folds",
    table=Table,
    study_players=2,
    default_bot="odds",
    bots={"odds": "pedron.bots.diamondback:OddsBot",
          "equilibrium": "pedron.bots.equilibrium:EquilibriumBot"},
    # the command line
    screen=DiamondbackScreen(Table.GAME),
    solver="pedron.solver",
    module=__name__,
)
