"""Draw poker analysed exactly: what a final hand is worth and which cards to exchange.

The layer both Diablo (:mod:`pedron.diablo`) and video poker
(:mod:`pedron.videopoker`) stand on, knowing neither: the hand categories
(:class:`Category`), the named outcome classes and pay rows a pay table pays on
(:class:`Outcome`, :class:`PayRow`), the objectives an exchange is ranked by
(:class:`ExpectedStrength`, :class:`PayTable`, :class:`Beat`, any function), how
many cards may be exchanged (:class:`DrawLimit`) and the draw advisor
(:func:`draw_odds`, :func:`best_draw`, :func:`analyse_batch`). See
docs/draw_analysis.md.
"""

from pedron.drawpoker.advisor import (
    BatchDraws,
    DrawOdds,
    DrawOption,
    analyse_batch,
    best_draw,
    best_exchange,
    draw_odds,
    prepare,
)
from pedron.drawpoker.categories import Category
from pedron.drawpoker.limit import DrawLimit, HasDrawLimit
from pedron.drawpoker.objectives import (
    MAX_ROWS,
    MAX_SCALED_PAY,
    WILDS,
    Beat,
    Custom,
    DeckTables,
    Distribution,
    ExpectedStrength,
    KernelObjective,
    Objective,
    ObjectiveKind,
    PayTable,
    deck_tables,
)
from pedron.drawpoker.outcomes import (
    DEUCES_WILD_OUTCOMES,
    HANDS,
    NATURAL_OUTCOMES,
    Outcome,
    PayRow,
    outcome_classes,
    outcome_of,
    outcome_rows,
    parse_ranks,
)

__all__ = [
    "DEUCES_WILD_OUTCOMES",
    "HANDS",
    "MAX_ROWS",
    "MAX_SCALED_PAY",
    "NATURAL_OUTCOMES",
    "WILDS",
    "BatchDraws",
    "Beat",
    "Category",
    "Custom",
    "DeckTables",
    "Distribution",
    "DrawLimit",
    "DrawOdds",
    "DrawOption",
    "ExpectedStrength",
    "HasDrawLimit",
    "KernelObjective",
    "Objective",
    "ObjectiveKind",
    "Outcome",
    "PayRow",
    "PayTable",
    "analyse_batch",
    "best_draw",
    "best_exchange",
    "deck_tables",
    "draw_odds",
    "outcome_classes",
    "outcome_of",
    "outcome_rows",
    "parse_ranks",
    "prepare",
]
