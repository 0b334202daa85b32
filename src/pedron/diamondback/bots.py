"""A Diamondback bot that bets and matches by exact odds."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pedron.bots import Bot
from pedron.diamondback.cards import RANK_OF_ID
from pedron.diamondback.odds import equity
from pedron.diamondback.rules import Rules
from pedron.engine import LegalAction
from pedron.engine.moves import Ante, Bet, Fold, Match, Reveal, Stop
from pedron.games.diamondback_bots import BOT_PARAMS

__all__ = ["OddsBot"]

_CHECK = BOT_PARAMS["odds"].params  # (its spec parameters: GameInfo.bot_params)


@lru_cache(maxsize=1 << 16)
def _equity_of(
    hand: tuple[int, ...], revealed: tuple[int, ...], dealt: int, tie_rule: str
) -> float:
    """Exact equity from ranks only (hand, revealed cards with -1 for none, players dealt
    in, the tie rule: all it depends on): a pure function of a few thousand
    situations, so each is computed once."""
    return equity(hand, revealed=[None if r < 0 else r for r in revealed], players=dealt,
                  rules=Rules(tie_rule=tie_rule), dealt_in=dealt)


class OddsBot(Bot):
    """Matches when its exact equity beats the price; as dealer, bets its edge.

    * ``margin``: equity it wants above the pot odds before matching (0.0 is
      break-even against the chips already in the pot).
    * ``aggression``: fraction of the pot the dealer bets per unit of equity
      above one half (0 bets the minimum and stops as soon as allowed).
    * ``stop_below``: after the reveal the dealer stops betting once his
      equity is at or below this (0.5: as soon as he has no edge).

    It reveals its lower card and reads the others' revealed cards; it takes
    nothing from how they play, and it never sees a hidden card. ``rules`` are
    its table's (the tie rule decides whether equal hands carry the pot over
    or divide it); ``None``: the standard rules.
    """

    def __init__(
        self,
        margin: float = 0.0,
        aggression: float = 1.0,
        stop_below: float = 0.5,
        rules: Rules | None = None,
    ) -> None:
        self.margin = _CHECK["margin"].check("margin", margin)  # (one check: its specs' too)
        self.aggression = _CHECK["aggression"].check("aggression", aggression)
        self.stop_below = _CHECK["stop"].check("stop_below", stop_below)
        self.rules = rules
        self._tie_rule = "showdown" if rules is None else rules.tie_rule
        self._cards: tuple[int, ...] = ()
        self._mine: tuple[int, ...] = ()

    def _equity(self, view: Any) -> float:
        me = view.seat
        shown = view.shown
        live = view.live
        revealed = []
        for s in view.dealt_in:
            if s != me and live[s]:
                card = shown[s]
                revealed.append(RANK_OF_ID[card[0]] if card else -1)
        if not revealed:
            return 1.0
        revealed.sort()
        cards = view.my_cards
        if cards != self._cards:  # (a new hand: its ranks, once)
            self._cards = cards
            self._mine = tuple(sorted([RANK_OF_ID[c] for c in cards]))
        return _equity_of(self._mine, tuple(revealed), len(view.dealt_in), self._tie_rule)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        kinds = {a.kind: a for a in legal}
        if "reveal" in kinds:
            cards = kinds["reveal"].cards
            return Reveal(min(cards, key=lambda c: RANK_OF_ID[c]))
        if "ante" in kinds:
            return Ante(kinds["ante"].min or 1)
        equity = self._equity(view)
        if "match" in kinds:
            price = kinds["match"].min or 0
            pot_after = view.pot + price
            if "fold" not in kinds or equity >= price / max(pot_after, 1) + self.margin:
                return Match()
            return Fold()
        if "bet" in kinds:
            bet = kinds["bet"]
            low, high = bet.min or 1, bet.max or 1
            edge = equity - 0.5
            if "stop" in kinds and equity <= self.stop_below:
                return Stop()
            want = round(self.aggression * edge * 2 * max(view.pot, low))
            return Bet(max(low, min(high, want)))
        if "stop" in kinds:
            return Stop()
        return Fold()  # (every other phase offers one of the moves above)

    def __repr__(self) -> str:
        rules = "" if self.rules is None else f", rules={self.rules!r}"
        return (f"OddsBot(margin={self.margin}, aggression={self.aggression}, "
                f"stop_below={self.stop_below}{rules})")
