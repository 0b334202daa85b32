"""Diablo's descriptor: five-card draw with all deuces wild, where the opener must win."""

from __future__ import annotations

from pedron.diablo.table import Table
from pedron.games import GameInfo
from pedron.games.bench import BenchFacet, BenchTable
from pedron.games.diablo_bots import BOT_PARAMS
from pedron.games.diablo_study import STUDY

INFO = GameInfo(
    name="diablo",
    title="Diablo",
    summary="five-card draw poker, deuces wild: whoever opens must win the pot or pay one",
    table=Table,
    study_players=4,
    default_bot="rule",
    bots={"rule": "pedron.bots.diablo:RuleBot", "strong": "pedron.bots.strong:StrongBot"},
    module=__name__,
    # -- simulation, match, bots, bench
    study=STUDY,
    bot_params=BOT_PARAMS,
    bench=BenchFacet(
        title="Diablo (five cards; peers rank natural hands only)",
        tables=(BenchTable("wild", "Diablo, deuces wild"),
                BenchTable("natural", "Diablo, natural hands (the peers rank these only)")),
        entries="pedron.bench.diablo", peers=True),
)
