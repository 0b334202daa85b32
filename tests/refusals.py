"""Why a deal refuses a move, as text: what its one query, ``verify``, raises."""

from __future__ import annotations

from typing import Any

from pedron.errors import PedronError


def refusal(deal: Any, action: Any) -> str | None:
    """The reason ``deal`` refuses ``action`` (its ``verify``'s error), or ``None``."""
    try:
        deal.verify(action)
    except PedronError as exc:
        return str(exc)
    return None
