"""Diamondback's descriptor: two cards of five ranks, matched or folded against the dealer."""

from __future__ import annotations

from pedron.diamondback.table import Table
from pedron.games import GameInfo
from pedron.games.bench import BenchFacet, BenchTable
from pedron.games.diamondback_bots import BOT_PARAMS
from pedron.games.diamondback_study import STUDY

INFO = GameInfo(
    name="diamondback",
    title="Diamondback",
    summary="two cards of five ranks: each player matches the dealer's bet or folds",
    table=Table,
    study_players=2,
    default_bot="odds",
    bots={"odds": "pedron.bots.diamondback:OddsBot",
          "equilibrium": "pedron.bots.equilibrium:EquilibriumBot"},
    module=__name__,
    # -- simulation, match, bots, bench
    study=STUDY,
    bot_params=BOT_PARAMS,
    bench=BenchFacet(title="Diamondback (two cards)",
                     tables=(BenchTable("-", "Diamondback (two cards)"),),
                     entries="pedron.bench.diamondback"),
)
