"""Rule-based Diablo bots: thresholds by hand category, draws by the advisor.

:class:`RuleBot` plays one set of thresholds in both betting rounds;
:class:`ThresholdBot` plays a :class:`Thresholds` record, a threshold per round and
action, a bet size, a draw limit and a bluffing rate: the family of simple players
``scripts/exploit_strong_bot.py`` searches for exploiters of the strong bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pedron.bots import Bot
from pedron.diablo.hand import Category, evaluate
from pedron.diablo.rules import VARIANTS
from pedron.drawpoker import DrawLimit, best_exchange
from pedron.engine import LegalAction
from pedron.engine.moves import Bet, Call, Check, Choose, Declare, Draw, Fold, RaiseTo
from pedron.games.botspec import BotParam

__all__ = ["RuleBot", "ThresholdBot", "Thresholds"]


class _ByCategory(Bot):
    """What :class:`RuleBot` and :class:`ThresholdBot` share: Dealer's Choice (the
    first variant offered), a truthful declaration and the advisor's best draw within
    :meth:`_most_drawn`; a betting move is :meth:`_bet`'s, by the hand's category."""

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
            return Draw(best_exchange(tuple(view.my_cards),
                                      _draw_limit(kinds["draw"], self._most_drawn()), wild))
        return self._bet(view, kinds, value.category)

    def _most_drawn(self) -> int | None:  # pragma: no cover - each bot says
        """The most cards the bot exchanges (``None``: the table's limit)."""
        raise NotImplementedError

    def _bet(self, view: Any, kinds: dict[str, LegalAction], cat: Category) -> Any:
        """The bot's move in a betting round, holding a hand of category ``cat``."""
        raise NotImplementedError  # pragma: no cover - each bot says


class RuleBot(_ByCategory):
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
        from pedron.games.diablo_bots import category as _category  # (one check for specs too)

        self.open_at = _category("open", open_at)
        self.call_at = _category("call", call_at)
        self.raise_at = _category("raise", raise_at)
        self.bet_big_at = _category("big", bet_big_at)
        self.max_draw = max_draw

    def _most_drawn(self) -> int | None:
        return self.max_draw

    def _bet(self, view: Any, kinds: dict[str, LegalAction], cat: Category) -> Any:
        if "bet" in kinds and cat >= self.open_at:
            return _amount("bet", kinds["bet"], cat >= self.bet_big_at)
        return _answer(kinds, cat, self.raise_at, self.call_at, self.bet_big_at)

    def __repr__(self) -> str:
        draw = "" if self.max_draw is None else f", max_draw={self.max_draw}"
        return (f"RuleBot(open_at={self.open_at.name}, call_at={self.call_at.name}, "
                f"raise_at={self.raise_at.name}, bet_big_at={self.bet_big_at.name}{draw})")


#: How finely a bluffing rate is drawn (parts of one).
_BLUFF_SCALE = 1 << 20


@dataclass(frozen=True)
class Thresholds:
    """The settings of a :class:`ThresholdBot` (each threshold a hand category: the
    worst hand that takes the action; ``FIVE_OF_A_KIND`` is the tightest).

    * ``open_at``: bet first in the round before the draw; ``call_before``: call a bet
      there; ``raise_before``: raise one;
    * ``bet_after``, ``call_after``, ``raise_after``: the same after the draw;
    * ``bet_big_at``: from this category on its bets and raises are the most allowed,
      below it the least (``HIGH_CARD``: every bet the most);
    * ``max_draw``: the most cards it exchanges (``None``: the table's limit), taking
      the advisor's best exchange among those;
    * ``bluff``: the chance (0..1) that a hand too weak to bet, where it may check,
      bets the most instead.

    The defaults are :class:`RuleBot`'s (three of a kind to open and call, a full
    house to raise, four of a kind to bet big, the same after the draw); a
    :class:`ThresholdBot` with ``bluff=0`` plays the same moves as the :class:`RuleBot`
    whose thresholds it repeats in both rounds. Values are checked and converted as a
    bot spec's are (categories by name or number); :meth:`spec` is the bot spec.
    """

    open_at: Category = Category.THREE_OF_A_KIND
    call_before: Category = Category.THREE_OF_A_KIND
    raise_before: Category = Category.FULL_HOUSE
    bet_after: Category = Category.THREE_OF_A_KIND
    call_after: Category = Category.THREE_OF_A_KIND
    raise_after: Category = Category.FULL_HOUSE
    bet_big_at: Category = Category.FOUR_OF_A_KIND
    max_draw: int | None = None
    bluff: float = 0.0

    def __post_init__(self) -> None:
        # (each checked as the same parameter of a bot spec: one rule for both)
        for short, param in _threshold_params().items():
            value = getattr(self, param.keyword)
            if value is not None or param.keyword != "max_draw":
                object.__setattr__(self, param.keyword, param.check(short, value))

    def spec(self) -> str:
        """The bot spec that plays these settings (``"threshold:..."``, only the
        settings that differ from the defaults)."""
        from pedron.bots import parse_bot

        default = Thresholds()
        params = {short: getattr(self, p.keyword) for short, p in _threshold_params().items()
                  if getattr(self, p.keyword) != getattr(default, p.keyword)}
        return str(parse_bot({"name": "threshold", **params}))


def _threshold_params() -> Mapping[str, BotParam]:
    """The threshold bot's spec parameters (short name -> keyword and check)."""
    from pedron.games.diablo_bots import BOT_PARAMS

    return BOT_PARAMS["threshold"].params


def _threshold_bot(*, seed: Any = None, **settings: Any) -> ThresholdBot:
    """A :class:`ThresholdBot` from its settings as keywords (what a bot spec names)."""
    return ThresholdBot(Thresholds(**settings), seed)


class ThresholdBot(_ByCategory):
    """Bets, calls and raises by the category of its hand, with a threshold per
    betting round (:class:`Thresholds`); draws what the draw advisor ranks best.

    Where it may check and its hand reaches the round's betting threshold it bets
    (else checks, or bluffs: :attr:`Thresholds.bluff`); facing a bet it raises from
    the round's raising threshold (when a raise is legal), calls from the calling
    threshold and folds below. ``seed`` drives the bluffs only (a bot that never
    bluffs draws nothing from it). Like :class:`RuleBot` it plays from its own view,
    declares truthfully and in Dealer's Choice calls the first game offered.
    """

    def __init__(self, settings: Thresholds | None = None, seed: Any = None) -> None:
        from pedron._kernels.rng import as_generator

        if settings is None:
            settings = Thresholds()
        if not isinstance(settings, Thresholds):
            from pedron.errors import PedronTypeError

            raise PedronTypeError(f"ThresholdBot's settings are a Thresholds record, not "
                                  f"{type(settings).__name__}")
        self.settings = settings
        self.rng = as_generator(seed)

    def _most_drawn(self) -> int | None:
        return self.settings.max_draw

    def _bet(self, view: Any, kinds: dict[str, LegalAction], cat: Category) -> Any:
        t = self.settings
        before = view.phase == "first_round"
        bet_at, raise_at, call_at = ((t.open_at, t.raise_before, t.call_before) if before
                                     else (t.bet_after, t.raise_after, t.call_after))
        if "bet" in kinds:
            if cat >= bet_at:
                return _amount("bet", kinds["bet"], cat >= t.bet_big_at)
            if t.bluff > 0.0 and self.rng.integers(_BLUFF_SCALE) < t.bluff * _BLUFF_SCALE:
                return _amount("bet", kinds["bet"], True)
        return _answer(kinds, cat, raise_at, call_at, t.bet_big_at)

    def __repr__(self) -> str:
        return f"ThresholdBot({self.settings.spec()!r}, seed={self.rng.seed})"


def _draw_limit(option: LegalAction, max_draw: int | None) -> DrawLimit:
    """The table's draw limit as the legal draw states it, capped at ``max_draw``."""
    most = option.max or 0
    rule = option.limit  # the ace rule, when the largest exchange needs a kept ace
    ace = bool(rule is not None and rule.ace_for_most and rule.most == most)
    if max_draw is not None and max_draw < most:
        return DrawLimit(max_draw)
    return DrawLimit(most, ace)


def _answer(kinds: dict[str, LegalAction], cat: Category, raise_at: Category,
            call_at: Category, big_at: Category) -> Any:
    """Facing a bet, or where none was made: raise from ``raise_at`` (the most from
    ``big_at``), call from ``call_at``, else check, or fold."""
    if "raise" in kinds and cat >= raise_at:
        return _amount("raise", kinds["raise"], cat >= big_at)
    if "call" in kinds and cat >= call_at:
        return Call()
    if "check" in kinds:
        return Check()
    if "fold" in kinds:
        return Fold()
    return Call()  # (a betting round always offers one of these)


def _amount(kind: str, option: LegalAction, big: bool) -> Any:
    """A bet (or a raise, as the total it raises to): the most when ``big``."""
    low, high = option.min or 1, option.max or option.min or 1
    amount = high if big else low
    return Bet(amount) if kind == "bet" else RaiseTo(amount)
