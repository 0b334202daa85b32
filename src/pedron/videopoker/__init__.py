"""Video poker solved exactly: every popular game, as data.

:func:`analyse` plays a pay table perfectly over every deal and gives the
exact return, the weighted count of every pay row and the variance;
:func:`best_hold` ranks the 32 holds of one dealt hand by exact expected
payout. A pay table is a list of rows (:class:`PayRow`: a final hand and
what refines it, such as the rank and kicker of a four of a kind); the
named games (:data:`GAMES`) carry their usual full-pay tables, and
:func:`pay_table` gives any of them by name or with other payouts. See
docs/videopoker.md.
"""

from pedron.drawpoker import HANDS, WILDS, Outcome, PayRow, PayTable, outcome_classes
from pedron.videopoker.analysis import (
    COMBINATIONS,
    DEALS,
    JOKER,
    MAX_THREADS,
    TIE_BREAKS,
    WEIGHT,
    Analysis,
    Hold,
    HoldAnalysis,
    analyse,
    best_hold,
)
from pedron.videopoker.strategy import ChartLine, StrategyChart, strategy_chart
from pedron.videopoker.tables import GAMES, PAY_TABLES, Game, pay_table

__all__ = [
    "COMBINATIONS",
    "DEALS",
    "GAMES",
    "HANDS",
    "JOKER",
    "MAX_THREADS",
    "PAY_TABLES",
    "TIE_BREAKS",
    "WEIGHT",
    "WILDS",
    "Analysis",
    "ChartLine",
    "Game",
    "Hold",
    "HoldAnalysis",
    "Outcome",
    "PayRow",
    "PayTable",
    "StrategyChart",
    "analyse",
    "best_hold",
    "outcome_classes",
    "pay_table",
    "strategy_chart",
]
