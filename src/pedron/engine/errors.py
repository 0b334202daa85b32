"""Exceptions of the table engine (shared by Diamondback and Diablo).

Every rejected action raises an :class:`IllegalActionError` (a ``ValueError``)
or a :class:`ActionTypeError` (a ``TypeError``) and leaves the game exactly as
it was. :class:`InvariantError` is different: it signals a bug inside pedron
(chips created or lost), is raised as soon as it is detected and is never
repaired silently.
"""

from __future__ import annotations

from pedron.errors import CardError, PedronError, PedronTypeError, PedronValueError

__all__ = [
    "ActionTypeError",
    "AmountError",
    "CardActionError",
    "GameOverError",
    "IllegalActionError",
    "InvariantError",
    "NotYourTurnError",
    "RulesError",
    "SaveError",
]


class IllegalActionError(PedronValueError):
    """An action the rules do not allow now; the game is unchanged."""


class NotYourTurnError(IllegalActionError):
    """An action by a seat that is not the one to act."""


class GameOverError(IllegalActionError):
    """An action on a hand (or session) that is already finished."""


class AmountError(IllegalActionError):
    """A chip amount that is negative, zero, fractional, too small or too large."""


class CardActionError(IllegalActionError, CardError):
    """An action naming cards that are not cards (bad card text): the same error in
    every game, both an :class:`IllegalActionError` and a :class:`~pedron.errors.CardError`."""


class ActionTypeError(PedronTypeError):
    """An action, amount, seat or card of a type the engine does not accept."""


class RulesError(PedronValueError):
    """A ``Rules`` option or table setup that is not acceptable."""


class SaveError(PedronValueError):
    """A saved game that is malformed, tampered, inconsistent or of an unknown version."""


class InvariantError(PedronError, RuntimeError):
    """Internal error: an engine invariant (e.g. the chip total) does not hold.

    This is a bug in pedron, never the result of bad input; please report it.
    """
