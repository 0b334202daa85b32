"""Exceptions raised by pedron.

Every error pedron raises on bad input derives from :class:`PedronError` and
also from the matching built-in class (``ValueError`` or ``TypeError``), so
callers can catch either the specific pedron class or the usual built-in one.
"""

from __future__ import annotations

__all__ = [
    "ArrayError",
    "CardError",
    "ClusterError",
    "DeckError",
    "DuplicateCardError",
    "PedronError",
    "PedronTypeError",
    "PedronValueError",
    "SeedError",
]


class PedronError(Exception):
    """Base class of every exception raised by pedron."""


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
