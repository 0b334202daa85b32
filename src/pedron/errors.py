"""Exceptions raised by pedron.

Every error pedron raises on bad input derives from :class:`PedronError` and
also from the matching built-in class (``ValueError`` or ``TypeError``), so
callers can catch either the specific pedron class or the usual built-in one.

At a table, every rejected action raises an :class:`IllegalActionError` (a
``ValueError``) or an :class:`ActionTypeError` (a ``TypeError``) and leaves
the game exactly as it was. :class:`InvariantError` is different: it signals
a bug inside pedron (chips created or lost), is raised as soon as it is
detected and is never repaired silently.
"""

from __future__ import annotations

__all__ = [
    "ActionTypeError",
    "AmountError",
    "ArrayError",
    "CardActionError",
    "CardError",
    "ClusterError",
    "DeckError",
    "DuplicateCardError",
    "GameOverError",
    "IllegalActionError",
    "InvariantError",
    "NotResetError",
    "NotYourTurnError",
    "PedronError",
    "PedronTypeError",
    "PedronValueError",
    "RulesError",
    "SaveError",
    "SeedError",
]


class PedronError(Exception):
    """Base class of every exception raised by pedron."""

    def __init__(self, *args: object) -> None:  # (a signature for inspect and help())
        super().__init__(*args)


class PedronValueError(PedronError, ValueError):
    """A value of the right type but not acceptable here."""


class PedronTypeError(PedronError, TypeError):
    """An argument of a type pedron does not accept here."""


class CardError(PedronValueError):
    """Card text that does not parse, or a card number out of range."""


class DuplicateCardError(CardError):
    """The same card given twice where cards must be distinct."""


class DeckError(PedronValueError):
    """A deck operation that the deck cannot honour (too few cards, foreign card...)."""


class ArrayError(PedronValueError):
    """An array or buffer of the wrong shape, or holding an invalid row."""


class SeedError(PedronValueError):
    """A seed or generator state that pedron cannot use."""


class ClusterError(PedronError, RuntimeError):
    """The machinery running a simulation failed: the Dask scheduler lost or not
    answering, no worker for the timeout, or workers running another pedron."""


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
    every game, both an :class:`IllegalActionError` and a :class:`CardError`."""


class ActionTypeError(PedronTypeError):
    """An action, amount, seat or card of a type the engine does not accept."""


class NotResetError(PedronValueError):
    """An environment asked to step or observe before its first ``reset()``."""


class RulesError(PedronValueError):
    """A ``Rules`` option or table setup that is not acceptable."""


class SaveError(PedronValueError):
    """A saved game that is malformed, tampered, inconsistent or of an unknown version."""


class InvariantError(PedronError, RuntimeError):
    """Internal error: an engine invariant (e.g. the chip total) does not hold.

    This is a bug in pedron, never the result of bad input; please report it.
    """
