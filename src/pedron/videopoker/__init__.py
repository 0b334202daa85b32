"""Video poker solved exactly: deuces wild and jacks or better.

:func:`analyse` plays a pay table perfectly over all 2,598,960 deals and gives
the exact return, the weighted count and probability of every outcome class
and the variance; :func:`best_hold` ranks the 32 holds of one dealt hand by
exact expected payout. Pay tables come by name (:data:`PAY_TABLES`) or from a
list of payouts (:func:`pay_table`). See docs/videopoker.md.
"""

from pedron.diablo.objectives import PayTable
from pedron.diablo.outcomes import Outcome, outcome_classes
from pedron.videopoker.analysis import (
    COMBINATIONS,
    DEALS,
    WEIGHT,
    Analysis,
    Hold,
    HoldAnalysis,
    analyse,
    best_hold,
)
from pedron.videopoker.tables import GAMES, PAY_TABLES, pay_table

__all__ = [
    "COMBINATIONS",
    "DEALS",
    "GAMES",
    "PAY_TABLES",
    "WEIGHT",
    "Analysis",
    "Hold",
    "HoldAnalysis",
    "Outcome",
    "PayTable",
    "analyse",
    "best_hold",
    "outcome_classes",
    "pay_table",
]
