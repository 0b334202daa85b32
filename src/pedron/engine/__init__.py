"""The table engine: the one place where a deal is run, for every pedron game.

Each game states only its own rules; everything else is here, once:

* **Moves** (``moves``): one small immutable class per kind -- :class:`Check`,
  :class:`Bet`, :class:`Call`, :class:`RaiseTo` (a raise names the total;
  :class:`RaiseBy` the amount over the bet), :class:`Fold`, :class:`Ante`,
  :class:`Match`, :class:`Stop`, :class:`Reveal`, :class:`Draw`,
  :class:`Declare`, :class:`Choose`, :class:`Vote`, :class:`Leave`.
  :func:`to_move` is the boundary: moves, text (``"raise 8"``), tuples
  (``("raise", 8)``) and the generic :class:`Action` become moves of exact
  built-in values before anything looks at them.
* **Deals** (``deal``): :class:`Deal`, the state machine a Diamondback hand and
  a Diablo game both are -- ``legal_actions()``, ``verify(action)`` (from the
  same rule code), ``apply(action)`` (the records it produced), ``view(seat)``
  (incremental, censored, immutable), ``clone()``; built from a
  :class:`DealContext` and knowing nothing of its table.
* **Chips** (``ledger``, ``pots``, ``settle``): :class:`Ledger` (every chip in
  a stack, the current deal or the carry-over; the chip-total invariant,
  never repaired), main and side pots (:class:`Pot`, :func:`build_pots`), and
  **one settlement** (:func:`settle`): every pot divided among the hands
  eligible for it, the odd-chip rule, ties, carry-over, dead hands, uncalled
  chips returned.
* **Betting** (``betting``): :class:`BettingRound` (check, bet, call, raise,
  fold with limits, a raise cap and table stakes), :func:`collect_antes`,
  :func:`draw_replacements`.
* **Seats** (``pots``): :func:`from_left` -- clockwise from the dealer's left,
  dealer last: the order of dealing, acting and the odd chip.
* **Tables** (``table``): :class:`TableBase`, what both games' ``Table`` are:
  ``next_deal()`` (prearranged hands with ``hands=``/``stock=``),
  ``current``, ``deals_played``, ``history``, ``events``, ``close()``,
  saving (format 2) and restoring.
* **Histories** (``history``): :class:`DealHistory`, a finished deal as a
  self-contained, replayable, versioned JSON record, exportable for one seat.
* **Records** (``actions``): :class:`Record` (an event of a deal),
  :class:`LegalAction` (what may be done now). Records, legal actions, pots,
  moves, views and results are immutable tuples, shared safely.
* **Errors** (``errors``): :class:`IllegalActionError` (and
  :class:`NotYourTurnError`, :class:`GameOverError`, :class:`AmountError`,
  :class:`CardActionError`), :class:`ActionTypeError`, :class:`RulesError`,
  :class:`SaveError`, :class:`InvariantError`.
"""

from typing import TYPE_CHECKING

from pedron._lazy import lazy_attributes

if TYPE_CHECKING:  # each name is imported on first use: importing one engine module
    # (say pedron.engine.errors) does not load the whole engine
    from pedron.engine.actions import (
        Action,
        LegalAction,
        Record,
        check_amount,
        check_seat,
    )
    from pedron.engine.betting import (
        BettingRound,
        collect_antes,
        draw_replacements,
    )
    from pedron.engine.deal import (
        Deal,
        DealContext,
    )
    from pedron.engine.errors import (
        ActionTypeError,
        AmountError,
        CardActionError,
        GameOverError,
        IllegalActionError,
        InvariantError,
        NotYourTurnError,
        RulesError,
        SaveError,
    )
    from pedron.engine.history import (
        DealHistory,
        HistoryError,
    )
    from pedron.engine.ledger import (
        Ledger,
    )
    from pedron.engine.moves import (
        Ante,
        Bet,
        Call,
        Check,
        Choose,
        Declare,
        Draw,
        Fold,
        Leave,
        Match,
        Move,
        RaiseBy,
        RaiseTo,
        Reveal,
        Stop,
        Vote,
        to_move,
    )
    from pedron.engine.pots import (
        Pot,
        build_pots,
        clockwise,
        from_left,
        split_amount,
    )
    from pedron.engine.settle import (
        Settlement,
        settle,
    )
    from pedron.engine.table import (
        DealPlan,
        TableBase,
    )
    from pedron.engine.views import (
        DealResult,
        DealView,
        censor,
        is_plain,
    )

_WHERE = {
    "Action": "pedron.engine.actions",
    "LegalAction": "pedron.engine.actions",
    "Record": "pedron.engine.actions",
    "check_amount": "pedron.engine.actions",
    "check_seat": "pedron.engine.actions",
    "BettingRound": "pedron.engine.betting",
    "collect_antes": "pedron.engine.betting",
    "draw_replacements": "pedron.engine.betting",
    "Deal": "pedron.engine.deal",
    "DealContext": "pedron.engine.deal",
    "ActionTypeError": "pedron.engine.errors",
    "AmountError": "pedron.engine.errors",
    "CardActionError": "pedron.engine.errors",
    "GameOverError": "pedron.engine.errors",
    "IllegalActionError": "pedron.engine.errors",
    "InvariantError": "pedron.engine.errors",
    "NotYourTurnError": "pedron.engine.errors",
    "RulesError": "pedron.engine.errors",
    "SaveError": "pedron.engine.errors",
    "DealHistory": "pedron.engine.history",
    "HistoryError": "pedron.engine.history",
    "Ledger": "pedron.engine.ledger",
    "Ante": "pedron.engine.moves",
    "Bet": "pedron.engine.moves",
    "Call": "pedron.engine.moves",
    "Check": "pedron.engine.moves",
    "Choose": "pedron.engine.moves",
    "Declare": "pedron.engine.moves",
    "Draw": "pedron.engine.moves",
    "Fold": "pedron.engine.moves",
    "Leave": "pedron.engine.moves",
    "Match": "pedron.engine.moves",
    "Move": "pedron.engine.moves",
    "RaiseBy": "pedron.engine.moves",
    "RaiseTo": "pedron.engine.moves",
    "Reveal": "pedron.engine.moves",
    "Stop": "pedron.engine.moves",
    "Vote": "pedron.engine.moves",
    "to_move": "pedron.engine.moves",
    "Pot": "pedron.engine.pots",
    "build_pots": "pedron.engine.pots",
    "clockwise": "pedron.engine.pots",
    "from_left": "pedron.engine.pots",
    "split_amount": "pedron.engine.pots",
    "Settlement": "pedron.engine.settle",
    "settle": "pedron.engine.settle",
    "DealPlan": "pedron.engine.table",
    "TableBase": "pedron.engine.table",
    "DealResult": "pedron.engine.views",
    "DealView": "pedron.engine.views",
    "censor": "pedron.engine.views",
    "is_plain": "pedron.engine.views",
}

__getattr__ = lazy_attributes(__name__, _WHERE)

__all__ = [
    "Action",
    "ActionTypeError",
    "AmountError",
    "Ante",
    "Bet",
    "BettingRound",
    "Call",
    "CardActionError",
    "Check",
    "Choose",
    "Deal",
    "DealContext",
    "DealHistory",
    "DealPlan",
    "DealResult",
    "DealView",
    "Declare",
    "Draw",
    "Fold",
    "GameOverError",
    "HistoryError",
    "IllegalActionError",
    "InvariantError",
    "Leave",
    "Ledger",
    "LegalAction",
    "Match",
    "Move",
    "NotYourTurnError",
    "Pot",
    "RaiseBy",
    "RaiseTo",
    "Record",
    "Reveal",
    "RulesError",
    "SaveError",
    "Settlement",
    "Stop",
    "TableBase",
    "Vote",
    "build_pots",
    "censor",
    "check_amount",
    "check_seat",
    "clockwise",
    "collect_antes",
    "draw_replacements",
    "from_left",
    "is_plain",
    "settle",
    "split_amount",
    "to_move",
]
