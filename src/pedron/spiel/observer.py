"""What one player of a pedron OpenSpiel game may know: strings and tensors from his view.

The observation is made from the engine's censored per-player view
(``deal.view(player)``) and, while chance deals, the cards dealt to him so far:
never from the deal's cards. ``perfect_recall`` (the information state) adds
the history: the view's censored records in the string; in the tensor, every
move so far (kind, seat relative to the player, chips) and the player's own
discards.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pedron.spiel.state import _KIND_INDEX, MOVE_KINDS

__all__ = ["Observer"]


class Observer:
    """The PyObserver of pedron's OpenSpiel games (``tensor``, ``dict``, ``set_from``,
    ``string_from``)."""

    def __init__(self, settings: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.settings = settings
        self.recall = bool(iig_obs_type.perfect_recall)
        n = settings.players
        pieces = [("player", n), ("view", settings.encoder.size)]
        if self.recall:
            self._move = len(MOVE_KINDS) + n + 1
            pieces.append(("moves", settings.history_length * self._move))
            pieces.append(("discards", 52))
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0.0)
        settings = self.settings
        self.dict["player"][player] = 1.0
        deal = state.deal
        if deal is None:  # chance is dealing the first cards: only the player's own count
            return
        view = deal.view(player)
        self.dict["view"][:] = settings.encoder.encode(view)
        if not self.recall:
            return
        moves = self.dict["moves"]
        n, total, width = settings.players, float(settings.total), self._move
        k = 0
        for record in view.history:
            kind = record.kind
            index = _KIND_INDEX.get(kind)
            if index is None or record.seat is None:
                continue
            if k < settings.history_length:
                at = k * width
                moves[at + index] = 1.0
                moves[at + len(MOVE_KINDS) + (record.seat - player) % n] = 1.0
                moves[at + width - 1] = min(record.amount / total, 1.0)
            k += 1
            if kind == "draw" and record.seat == player:  # (Diablo: his own discards)
                for c in record.cards:
                    self.dict["discards"][c] = 1.0

    def string_from(self, state: Any, player: int) -> str:
        settings = self.settings
        deal = state.deal
        mine = state.private_chance(player)
        dealing = ""
        if state._pending is not None and mine:
            dealing = " dealt " + ",".join(settings.outcome_text(c) for c in mine)
        pending = ""
        if state._pending is not None and state._pending != "start":
            pending = f" waiting {state._pending!r}"
        if deal is None:
            return f"p{player}{dealing}"
        text = settings.text(deal.view(player))
        if not self.recall:
            text = text.split(" | ", 1)[0]
        return f"p{player}{dealing}{pending} {text}"

