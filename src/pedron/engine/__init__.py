"""The table engine: the one place where a deal is run, for every pedron game.

Each game states only its own rules; everything else is here, once:

* **Moves** (``moves``): one small immutable class per kind -- :class:`Check`,
  :class:`Bet`, :class:`Call`, :class:`RaiseTo` (a raise names the total;
  :class:`RaiseBy` the amount over the bet), :class:`Fold`, :class:`Ante`,
  :class:`Match`, :class:`Stop`, :class:`Reveal`, :class:`Draw`,
  :class:`Declare`, :class:`Choose`, :class:`Vote`, :class:`Leave`.
  :func:`to_move` is the boundary: moves, text (``"raise 8"``) and tuples
  (``("raise", 8)``) become moves of exact built-in values before anything
  looks at them.
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
* **Seats** (``seats``): :func:`from_left` -- clockwise from the dealer's left,
  dealer last: the order of dealing, acting and the odd chip.
* **Tables** (``table``): :class:`Table`, what both games' ``Table`` are:
  ``next_deal()`` (prearranged hands with ``hands=``/``stock=``: a
  :class:`DealPlan`), ``current``, ``deals_played``, ``history``,
  ``events``, ``close()``; made of parts: the game's :class:`CardGame` and
  :class:`Session` (a base class: a game overrides only the rules it changes;
  what saving needs of it is the game's :class:`SessionSaving`, its state a
  :class:`SessionState`), and a journal for saving (``saving``: format 2) and
  restoring.
* **Histories** (``history``): :class:`DealHistory`, a finished deal as a
  self-contained, replayable, versioned JSON record, exportable for one seat.
* **Records** (``actions``): :class:`Record` (an event of a deal),
  :class:`LegalAction` (what may be done now). Records, legal actions, pots,
  moves, views and results are frozen dataclasses, shared safely.

The errors a table raises (:class:`~pedron.errors.IllegalActionError` and
its kinds, :class:`~pedron.errors.SaveError`, ...) are in :mod:`pedron.errors`.
"""

from pedron import _compiled
from pedron.engine.actions import LegalAction, Record, check_amount, check_seat
from pedron.engine.betting import BettingRound, collect_antes, draw_replacements
from pedron.engine.deal import Deal, DealContext
from pedron.engine.history import DealHistory, HistoryError
from pedron.engine.ledger import Ledger
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
from pedron.engine.plans import DealPlan
from pedron.engine.pots import Pot, build_pots, split_amount
from pedron.engine.seats import clockwise, from_left
from pedron.engine.settle import Settlement, settle
from pedron.engine.table import (
    CardGame,
    CardText,
    Session,
    SessionSaving,
    SessionState,
    Table,
)
from pedron.engine.views import DealResult, DealView, TableViewBase, is_plain

# (refused here, not run: a compiled module older than its source beside it)
_compiled.check("engine")

__all__ = [
    "Ante",
    "Bet",
    "BettingRound",
    "Call",
    "CardGame",
    "CardText",
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
    "HistoryError",
    "Leave",
    "Ledger",
    "LegalAction",
    "Match",
    "Move",
    "Pot",
    "RaiseBy",
    "RaiseTo",
    "Record",
    "Reveal",
    "Session",
    "SessionSaving",
    "SessionState",
    "Settlement",
    "Stop",
    "Table",
    "TableViewBase",
    "Vote",
    "build_pots",
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
