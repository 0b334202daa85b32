"""The options of a Diablo table: every [decision] of the rules, with its default.

``Rules()`` is plain Diablo as the rules specify it (docs/rules.md) (ante 1, stacks of 100,
bets and raises of 1-5 chips before the draw and 2-10 after it, at most four
raises a round, a draw of up to two cards, the Diablo rule without a cap).
Every variant of the rules is an option (``Rules(cap=20, more_draw=True)``);
see ``docs/diablo_game.md`` for the whole list with examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from pedron.drawpoker.limit import DrawLimit
from pedron.errors import RulesError
from pedron.rules import RulesBase, flags, whole
from pedron.text import shown

__all__ = ["VARIANTS", "Rules"]

#: The variants pedron deals at a Diablo table: Diablo (deuces wild, the opener
#: must win), Deuces Wild (the same without the Diablo rule) and plain
#: five-card draw (no wild cards, no Diablo rule).
VARIANTS: tuple[str, ...] = ("diablo", "deuces_wild", "draw")

_CHOICES = {
    "variant": VARIANTS,
    "odd_chip": ("first_left", "carry"),
    "reshuffle": ("earlier", "all"),
    "after_diablo": ("caller_left", "left"),
}


@dataclass(frozen=True)
class Rules(RulesBase):
    """How a Diablo table plays. All fields are keyword options.

    variant
        ``"diablo"`` (default: deuces wild and the Diablo rule),
        ``"deuces_wild"`` (the variant *Deuces Wild*: no Diablo rule) or
        ``"draw"`` (plain five-card draw: no wild cards, no Diablo rule).
    dealers_choice
        The variant *Dealer's Choice*: before each deal the dealer calls one of
        ``choices``. Diablo, once called, runs until an opener wins; then the
        left neighbour of the player who called it picks (see ``after_diablo``).
    choices
        The variants a dealer may call in Dealer's Choice (default all of
        :data:`VARIANTS`).
    after_diablo
        Dealer's Choice, once an opener has won Diablo: ``"caller_left"``
        (default, as the rules say) the deal and the choice go to the left neighbour of
        the player who called Diablo; ``"left"``: the deal simply passes left.
    ante
        Chips each player pays before a game (default 1; 0: no ante). Never in
        a game played for a Diablo pot.
    stacks
        Starting chips of each player when ``Table`` is not given stacks
        (default 100).
    min_bet_before, max_bet_before
        Bets and raises before the draw (default 1-5 chips).
    min_bet_after, max_bet_after
        Bets and raises after the draw (default 2-10 chips).
    max_raises
        Raises allowed in one betting round (default 4; ``None``: no limit).
    max_draw
        Cards a player may exchange, 0..4 (default 2): any exchange of up to
        that many (4: any four cards, the one kept need not be an ace).
    more_draw
        The variant *More draw*: up to three cards, or four when the one card
        kept is an ace (a real ace: a deuce kept does not count). Overrides
        ``max_draw``. :attr:`draw_limit` is the resulting
        :class:`~pedron.drawpoker.DrawLimit`, the rule the game and the
        draw advisor both apply.
    cap
        The variant *Cap*: the largest new pot an opener who did not win must
        pay (``None``, the default: exactly the pot just won).
    jacks_or_better
        The variant *Jacks or better*: only a player whose hand (wild cards
        counted) is at least a pair of jacks may open. When nobody opens, the
        game is passed exactly as when everyone checks.
    declare
        The variant *Declare*: at the showdown each player names his hand
        (a category and its ranks); a hand named lower than it is plays as
        named, a hand named higher is dead.
    all_in
        Table stakes (default ``True``): a player who cannot cover a call, bet
        or raise may make it all-in for what he has, with side pots.
        ``False``: he may only fold when he cannot call in full, and may bet or
        raise only a full minimum. (The ante is always paid as far as a
        player can.)
    odd_chip
        ``"first_left"`` (default): the odd chip of a split goes to the tied
        winner first clockwise from the dealer's left; ``"carry"``: it stays
        in the pot for the next game.
    reshuffle
        When the stock runs out during the draw: ``"earlier"`` (default,
        the rules' decision) the discards made so far, not those of the player being
        served, are shuffled into a new stock; ``"all"``: the player being
        served discards first, and his discards are shuffled in too.
    """

    variant: str = "diablo"
    dealers_choice: bool = False
    choices: tuple[str, ...] = VARIANTS
    after_diablo: str = "caller_left"
    ante: int = 1
    stacks: int = 100
    min_bet_before: int = 1
    max_bet_before: int = 5
    min_bet_after: int = 2
    max_bet_after: int = 10
    max_raises: int | None = 4
    max_draw: int = 2
    more_draw: bool = False
    cap: int | None = None
    jacks_or_better: bool = False
    declare: bool = False
    all_in: bool = True
    odd_chip: str = "first_left"
    reshuffle: str = "earlier"

    _CHOICES: ClassVar[dict[str, tuple[str, ...]]] = _CHOICES

    def __post_init__(self) -> None:
        self._check_choices()
        choices = self.choices
        if isinstance(choices, list):
            choices = tuple(choices)
            object.__setattr__(self, "choices", choices)
        if (
            not isinstance(choices, tuple)
            or not choices
            or any(not isinstance(g, str) or g not in VARIANTS for g in choices)
            or len(set(choices)) != len(choices)
        ):
            raise RulesError(f"Rules.choices must be distinct variants of {VARIANTS}, not "
                             f"{shown(choices)}")
        flags(self, ("dealers_choice", "more_draw", "jacks_or_better", "declare", "all_in"))
        whole("ante", self.ante, 0)
        for name in ("stacks", "min_bet_before", "max_bet_before", "min_bet_after",
                     "max_bet_after"):
            whole(name, getattr(self, name), 1)
        if self.max_bet_before < self.min_bet_before:
            raise RulesError("Rules.max_bet_before is below min_bet_before")
        if self.max_bet_after < self.min_bet_after:
            raise RulesError("Rules.max_bet_after is below min_bet_after")
        if self.max_raises is not None:
            whole("max_raises", self.max_raises, 0)
        whole("max_draw", self.max_draw, 0)
        if self.max_draw > 4:  # (as the rules have it: every draw keeps a card)
            raise RulesError(
                f"Rules.max_draw must be 0..4, not {self.max_draw}: a player keeps at least "
                "one card"
            )
        if self.cap is not None:
            whole("cap", self.cap, 1)

    # -- derived ----------------------------------------------------------------
    @cached_property  # asked at every draw; Rules are frozen, so it never changes
    def draw_limit(self) -> DrawLimit:
        """The exchanges this table allows: ``DrawLimit(4, ace_for_most=True)``
        under *More draw*, else ``DrawLimit(max_draw)``
        (:meth:`DrawLimit.from_max_draw`, the one mapping of the two options,
        which an int ``max_draw`` of ``draw_odds`` and ``pedron draw`` share)."""
        return DrawLimit.from_max_draw(self.max_draw, self.more_draw)

    # -- plain data -------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The options as a plain dict (``choices`` as a list)."""
        out = super().to_json()
        out["choices"] = list(self.choices)
        return out
