"""A Diamondback bot that bets and matches by exact odds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.diamondback.cards import RANK_OF_ID
from pedron.diamondback.odds import odds
from pedron.engine import Action, LegalAction

__all__ = ["OddsBot"]


class OddsBot:
    """Matches when its exact equity beats the price; as dealer, bets its edge.

    * ``margin``: equity it wants above the pot odds before matching (0.0 is
      break-even against the chips already in the pot).
    * ``aggression``: fraction of the pot the dealer bets per unit of equity
      above one half (0 bets the minimum and stops as soon as allowed).
    * ``stop_below``: after the reveal the dealer stops betting once his
      equity is at or below this (0.5: as soon as he has no edge).

    It reveals its lower card and reads the others' revealed cards; it takes
    nothing from how they play, and it never sees a hidden card.
    """

    def __init__(
        self, margin: float = 0.0, aggression: float = 1.0, stop_below: float = 0.5
    ) -> None:
        self.margin = margin
        self.aggression = aggression
        self.stop_below = stop_below

    def _equity(self, view: Any) -> float:
        me = view.seat
        opponents = [s for s in view.dealt_in if s != me and view.live[s]]
        if not opponents:
            return 1.0
        revealed = [view.exposed[s][0] if view.exposed[s] else None for s in opponents]
        result = odds(view.my_cards, revealed=revealed, players=len(view.dealt_in), ids=True)
        return float(result.equity)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        kinds = {a.kind: a for a in legal}
        if "reveal" in kinds:
            cards = kinds["reveal"].cards
            return Action("reveal", cards=(min(cards, key=lambda c: RANK_OF_ID[c]),))
        if "set_ante" in kinds or "ante" in kinds:
            option = kinds.get("ante") or kinds["set_ante"]
            return Action(option.kind, option.min)
        equity = self._equity(view)
        if "match" in kinds:
            price = kinds["match"].min or 0
            pot_after = view.pot + price
            if "fold" not in kinds or equity >= price / max(pot_after, 1) + self.margin:
                return Action("match", price)
            return Action("fold")
        if "bet" in kinds:
            bet = kinds["bet"]
            low, high = bet.min or 1, bet.max or 1
            edge = equity - 0.5
            if "stop" in kinds and equity <= self.stop_below:
                return Action("stop")
            want = round(self.aggression * edge * 2 * max(view.pot, low))
            return Action("bet", max(low, min(high, want)))
        if "stop" in kinds:
            return Action("stop")
        first = legal[0]
        return Action(first.kind, first.min)

    def __repr__(self) -> str:
        return (f"OddsBot(margin={self.margin}, aggression={self.aggression}, "
                f"stop_below={self.stop_below})")
