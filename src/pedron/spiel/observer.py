"""What one player of a pedron OpenSpiel game may know: strings and tensors from his view.

The observation is made from the engine's censored per-player view
(``deal.view(player)``) and, while chance deals, the cards dealt to him so far:
never from the deal's cards. ``perfect_recall`` (the information state) adds
the history: the view's censored records in the string; in the tensor, every
move so far (kind, seat relative to the player, chips) and the player's own
discards.

The observation type is honoured: ``private_info=SINGLE_PLAYER`` (the default)
shows the player's own cards; ``private_info=NONE`` shows what every player
knows, no private card (not his cards, not the cards chance is dealing him, not
his discards). ``public_info=False`` and ``private_info=ALL_PLAYERS`` are
refused: a seat's public figures are the game itself, and no player may see
another's cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from pedron.errors import PedronValueError
from pedron.spiel.state import _KIND_INDEX, MOVE_KINDS

__all__ = ["Observer"]


class Observer:
    """The PyObserver of pedron's OpenSpiel games (``tensor``, ``dict``, ``set_from``,
    ``string_from``)."""

    def __init__(self, settings: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise PedronValueError(f"observation parameters are not supported: {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise PedronValueError("private_info=ALL_PLAYERS is not offered: the observation "
                                   "of an imperfect-information game shows one player's cards "
                                   "(SINGLE_PLAYER) or none (NONE)")
        if not iig_obs_type.public_info:
            raise PedronValueError("public_info=False is not offered: the observations hold "
                                   "the public figures (pot, stacks, bets) with the cards")
        self.settings = settings
        self.recall = bool(iig_obs_type.perfect_recall)
        #: Only what every player knows: no card of the player's own.
        self.public = private == pyspiel.PrivateInfoType.NONE
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
        self.dict["view"][:] = settings.encoder.encode(view, public=self.public)
        if not self.recall:
            return
        moves = self.dict["moves"]
        n, total, width = settings.players, float(settings.total), self._move
        k = 0
        for record in view.history:
            kind, seat = record.kind, record.seat
            index = _KIND_INDEX.get(kind)
            if index is None or seat is None:
                continue
            if k < settings.history_length:
                at = k * width
                moves[at + index] = 1.0
                moves[at + len(MOVE_KINDS) + (seat - player) % n] = 1.0
                moves[at + width - 1] = min(record.amount / total, 1.0)
            k += 1
            if kind == "draw" and seat == player and not self.public:  # (his own discards)
                for c in record.cards:
                    self.dict["discards"][c] = 1.0

    def string_from(self, state: Any, player: int) -> str:
        settings = self.settings
        deal = state.deal
        waiting = state._pending is not None
        mine = [] if self.public else state.private_chance(player)
        dealing = ""
        if waiting and mine:
            dealing = " dealt " + ",".join(settings.outcome_text(c) for c in mine)
        pending = ""
        if waiting and state._pending != "start":
            # (a pending draw names the player's discards: private)
            pending = " waiting" if self.public else f" waiting {state._pending!r}"
        if deal is None:
            return f"p{player}{dealing}"
        text = settings.text(deal.view(player), public=self.public)
        if not self.recall:
            text = text.split(" | ", 1)[0]
        return f"p{player}{dealing}{pending} {text}"

