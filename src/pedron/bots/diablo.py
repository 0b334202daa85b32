"""A rule-based Diablo bot: thresholds by hand category, draws by the advisor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.bots import Bot
from pedron.diablo.hand import Category, evaluate
from pedron.diablo.rules import VARIANTS
from pedron.drawpoker import DrawLimit, best_exchange
from pedron.engine import LegalAction
from pedron.engine.moves import Bet, Call, Check, Choose, Declare, Draw, Fold, RaiseTo

__all__ = ["RuleBot"]


class RuleBot(Bot):
    """Opens, calls and raises by the category of its hand; draws what the
    draw advisor ranks best.

    * ``open_at``: the category needed to open (the beginners' tip in the
      original rules: three of a kind); ``call_at`` to call a bet;
      ``raise_at`` to raise.
    * ``bet_big_at``: from this category on it bets and raises the most allowed.
    * ``max_draw``: the most cards it will exchange (``None``: as many as the
      table's draw limit allows); among those choices it takes the advisor's
      best (the exchange with the highest expected strength).

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
        from pedron.bots import _category  # (one check for the constructor and specs)

        self.open_at = _category("open", open_at)
        self.call_at = _category("call", call_at)
        self.raise_at = _category("raise", raise_at)
        self.bet_big_at = _category("big", bet_big_at)
        self.max_draw = max_draw

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        kinds = {a.kind: a for a in legal}
        if "choose" in kinds:  # Dealer's Choice: the first variant offered
            offered = kinds["choose"].cards
            return Choose(VARIANTS[offered[0]] if offered else VARIANTS[0])
        wild = view.variant != "draw" if view.variant is not None else True
        value = evaluate(view.my_cards, wild=wild)
        if "declare" in kinds:
            return Declare(int(value.category), tuple(value.ranks))
        if "draw" in kinds:
            return Draw(best_exchange(tuple(view.my_cards), self._limit(kinds["draw"]), wild))
        cat = value.category
        if "bet" in kinds and cat >= self.open_at:
            return self._amount("bet", kinds["bet"], cat)
        if "raise" in kinds and cat >= self.raise_at:
            return self._amount("raise", kinds["raise"], cat)
        if "call" in kinds and cat >= self.call_at:
            return Call()
        if "check" in kinds:
            return Check()
        if "fold" in kinds:
            return Fold()
        return Call()  # (a betting round always offers one of these)

    def _limit(self, option: LegalAction) -> DrawLimit:
        """The table's draw limit as the legal draw states it, capped at ``max_draw``."""
        most = option.max or 0
        rule = option.limit  # the ace rule, when the largest exchange needs a kept ace
        ace = bool(rule is not None and rule.ace_for_most and rule.most == most)
        if self.max_draw is not None and self.max_draw < most:
            return DrawLimit(self.max_draw)
        return DrawLimit(most, ace)

    def _amount(self, kind: str, option: LegalAction, cat: Category) -> Any:
        """A bet (or a raise, as the total it raises to): the most from ``bet_big_at``."""
        low, high = option.min or 1, option.max or option.min or 1
        amount = high if cat >= self.bet_big_at else low
        return Bet(amount) if kind == "bet" else RaiseTo(amount)

    def __repr__(self) -> str:
        draw = "" if self.max_draw is None else f", max_draw={self.max_draw}"
        return (f"RuleBot(open_at={self.open_at.name}, call_at={self.call_at.name}, "
                f"raise_at={self.raise_at.name}, bet_big_at={self.bet_big_at.name}{draw})")
