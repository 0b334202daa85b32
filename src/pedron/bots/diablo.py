"""A rule-based Diablo bot: thresholds by hand category, draws by the advisor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.diablo.draw import draw_odds
from pedron.diablo.hand import Category, evaluate
from pedron.engine import Action, LegalAction

__all__ = ["RuleBot"]


class RuleBot:
    """Opens, calls and raises by the category of its hand; draws what the
    draw advisor ranks best.

    * ``open_at``: the category needed to open (the beginners' tip in the
      original rules: three of a kind); ``call_at`` to call a bet;
      ``raise_at`` to raise.
    * ``bet_big_at``: from this category on it bets and raises the most allowed.
    * ``max_draw``: the most cards it will exchange (``None``: as many as the
      rules allow, up to four); among those choices it takes the advisor's best.

    It plays only from its own view (its cards, the legal actions); it
    declares its hand truthfully where declaring is the rule, and in Dealer's
    Choice calls the first game offered.
    """

    def __init__(
        self,
        open_at: Category = Category.THREE_OF_A_KIND,
        call_at: Category = Category.THREE_OF_A_KIND,
        raise_at: Category = Category.FULL_HOUSE,
        bet_big_at: Category = Category.FOUR_OF_A_KIND,
        max_draw: int | None = None,
    ) -> None:
        self.open_at = Category(open_at)
        self.call_at = Category(call_at)
        self.raise_at = Category(raise_at)
        self.bet_big_at = Category(bet_big_at)
        self.max_draw = max_draw

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Action:
        kinds = {a.kind: a for a in legal}
        if "choose" in kinds:
            return Action("choose", kinds["choose"].cards[0] if kinds["choose"].cards else 0)
        wild = view.game != "draw" if getattr(view, "game", None) else True
        value = evaluate(view.my_cards, wild=wild)
        if "declare" in kinds:
            return Action("declare", int(value.category), tuple(value.ranks))
        if "draw" in kinds:
            most = min(kinds["draw"].max or 0, 4)
            if self.max_draw is not None:
                most = min(most, self.max_draw)
            best = draw_odds(view.my_cards, max_draw=most, wild=wild)[0]
            return Action("draw", cards=tuple(best.discard))
        cat = value.category
        if "bet" in kinds and cat >= self.open_at:
            return self._amount("bet", kinds["bet"], cat)
        if "raise" in kinds and cat >= self.raise_at:
            return self._amount("raise", kinds["raise"], cat)
        if "call" in kinds and cat >= self.call_at:
            return Action("call", kinds["call"].min)
        if "check" in kinds:
            return Action("check")
        if "fold" in kinds:
            return Action("fold")
        first = legal[0]
        return Action(first.kind, first.min)

    def _amount(self, kind: str, option: LegalAction, cat: Category) -> Action:
        low, high = option.min or 1, option.max or option.min or 1
        return Action(kind, high if cat >= self.bet_big_at else low)

    def __repr__(self) -> str:
        draw = "" if self.max_draw is None else f", max_draw={self.max_draw}"
        return (f"RuleBot(open_at={self.open_at.name}, call_at={self.call_at.name}, "
                f"raise_at={self.raise_at.name}, bet_big_at={self.bet_big_at.name}{draw})")
