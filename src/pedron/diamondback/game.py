"""Diamondback at the table, as one module (pedron 0.1's layout).

The parts live in :mod:`pedron.diamondback.deal` (:class:`Hand`),
:mod:`pedron.diamondback.table` (:class:`Table`, :func:`replay`),
:mod:`pedron.diamondback.views` and :mod:`pedron.diamondback.history`; this
module gathers them for code that imports them from here.
"""

from __future__ import annotations

from pedron.diamondback.deal import ANTE, ANTE_MATCH, BET, DONE, MATCH, REVEAL, Hand
from pedron.diamondback.history import HandHistory
from pedron.diamondback.table import FORMAT, SAVE_VERSION, Table, replay
from pedron.diamondback.views import HandResult, HandView, TableView

__all__ = [
    "ANTE",
    "ANTE_MATCH",
    "BET",
    "DONE",
    "FORMAT",
    "MATCH",
    "REVEAL",
    "SAVE_VERSION",
    "Hand",
    "HandHistory",
    "HandResult",
    "HandView",
    "Table",
    "TableView",
    "replay",
]
