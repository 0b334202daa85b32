"""Saving a table (save format version 2, ``docs/histories.md``): :func:`dump`.

The save's parts are what the table's journal keeps
(:mod:`pedron.engine.journal`); :mod:`pedron.engine.restore` reads them back
and proves them, :mod:`pedron.engine.signing` signs them, and
:mod:`pedron.engine.savediff` says where a file differs from what pedron writes.
(The names this module held before those were split from it are still
importable from it.)
"""

from __future__ import annotations

import json
from typing import Any

from pedron.engine.journal import OPS, SAVE_VERSION, Journal, LastDeal, TableState, getstate
from pedron.engine.restore import (
    check_chips,
    check_turn,
    check_unique_cards,
    collection_paused,
    load,
)
from pedron.engine.savediff import json_difference, require_json, short
from pedron.engine.signing import SIGNATURE_ALGORITHM, sign

__all__ = [
    "OPS",
    "SAVE_VERSION",
    "SIGNATURE_ALGORITHM",
    "Journal",
    "LastDeal",
    "TableState",
    "check_chips",
    "check_turn",
    "check_unique_cards",
    "collection_paused",
    "dump",
    "getstate",
    "json_difference",
    "load",
    "require_json",
    "short",
]


def dump(table: Any, key: bytes | str | None = None) -> str:
    """``table`` as the JSON text of a save (signed with ``key``, if given)."""
    journal = table.journal
    if table.in_progress:
        assert journal.start is not None
        start = journal.start.to_json()
        ops = [journal.op_json(o) for o in journal.ops]
    else:
        start, ops = TableState.of(table).to_json(table.ledger.getstate()), []
    setup = journal.setup
    if setup["rules"] is None:
        setup["rules"] = table.rules.to_json()
    data: dict[str, Any] = {
        "format": table.GAME.save_format,
        "version": SAVE_VERSION,
        "setup": setup,
        "start": start,
        "ops": ops,
        # Each kept history as its own JSON text: a restore reads it when needed.
        "history": [h if isinstance(h, str) else h.compact_text() for h in journal.kept],
        "log": journal.log_text() if journal.keep else "[]",
        "last": _last_text(table),
        "state": getstate(table),
    }
    if key is not None:
        data = sign(data, key)
    return json.dumps(data, separators=(",", ":"))


def _last_text(table: Any) -> str | None:
    """The last finished deal's history (JSON text), when no history is kept."""
    last = table.journal.last
    if last is None or table.in_progress or table.journal.keep:
        return None
    return str(table.GAME.history.of(last.deal, table.names, last.stacks, last.carry,
                                     last.context).compact_text())
