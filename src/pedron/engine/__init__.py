"""The table engine shared by pedron's games (Diamondback now, Diablo next).

One place for each rule:

* :class:`Ledger` (``ledger``): every chip is in a stack, in the current hand
  (``committed``) or in the carry-over (``carry``); their sum is ``total`` and
  :meth:`Ledger.check` raises :class:`InvariantError` if it ever is not (never
  repaired). ``begin(seats)`` starts a hand; ``pay(seat, chips[, units,
  unit_chips])`` moves chips in (``units`` differ from chips only when a game
  prices a unit per seat, as Dealer's Diamondback does); ``fold``; ``pots()``;
  ``settle(payouts, carry)`` ends the hand; ``forfeit`` (stack to carry),
  ``withdraw`` (a player leaves), ``share_carry`` (end of a session).
* :func:`build_pots` / :class:`Pot` (``pots``): main and side pots under table
  stakes, carry-over in the main pot, uncalled chips as a one-seat pot;
  :func:`split_amount`: division among tied winners, odd chips to the first
  winners in the order given (pass them clockwise from the dealer's left);
  :func:`clockwise`.
* :class:`BettingRound` (``betting``): check / bet / call / raise / fold over
  a seat order with bet and raise limits, a raise cap, table stakes (all-in
  calls, bets and raises), and the round's ``opener`` (first bettor);
  ``legal_actions()``, ``check_action()`` and ``apply()`` like a game's.
  :func:`collect_antes`; :func:`draw_replacements` (deal replacements,
  shuffling the earlier discards into the stock when it runs short).
* :class:`Action` (what a player asks), :class:`LegalAction` (what he may do,
  with ``min``/``max`` amounts or ``cards``), :class:`Record` (a frozen
  history event; ``private`` cards are censored in other players' views by
  :func:`censor`); :func:`check_amount` (whole positive chips) and
  :func:`check_seat`.
* ``save``: the versioned JSON envelope (``dump``/``load``), snapshot checks
  (``check_chips``, ``check_unique_cards``) and ``require_same`` for the
  replay-verified restore; ``views.is_plain``: a view is plain frozen data.
* ``errors``: :class:`IllegalActionError` (and :class:`NotYourTurnError`,
  :class:`GameOverError`, :class:`AmountError`), :class:`ActionTypeError`,
  :class:`RulesError`, :class:`SaveError`, :class:`InvariantError`.

A game built on it (see :mod:`pedron.diamondback.game`) keeps its own phase
machine and: validates an action completely before changing anything; applies
it, appends its record, logs ``("act", kind, value)``, checks the ledger;
builds per-seat views of plain data; saves ``setup + log + snapshot`` and
restores by replaying the log from the setup (so restore and replay are exact
by construction, and a tampered save is refused).
"""

from pedron.engine.actions import Action, LegalAction, Record, check_amount, check_seat
from pedron.engine.betting import BettingRound, collect_antes, draw_replacements
from pedron.engine.errors import (
    ActionTypeError,
    AmountError,
    GameOverError,
    IllegalActionError,
    InvariantError,
    NotYourTurnError,
    RulesError,
    SaveError,
)
from pedron.engine.ledger import Ledger
from pedron.engine.pots import Pot, build_pots, clockwise, split_amount
from pedron.engine.views import censor, is_plain

__all__ = [
    "Action",
    "ActionTypeError",
    "AmountError",
    "BettingRound",
    "GameOverError",
    "IllegalActionError",
    "InvariantError",
    "Ledger",
    "LegalAction",
    "NotYourTurnError",
    "Pot",
    "Record",
    "RulesError",
    "SaveError",
    "build_pots",
    "censor",
    "check_amount",
    "check_seat",
    "clockwise",
    "collect_antes",
    "draw_replacements",
    "is_plain",
    "split_amount",
]
