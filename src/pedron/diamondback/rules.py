"""The options of a Diamondback table: every [decision] of the rules, with its default.

``Rules()`` is plain Diamondback as the rules specify it (docs/rules.md). ``Rules.dealers()``
and ``Rules.match()`` give the two variations; every field can be overridden
(``Rules(variant="dealers", ante_max=5)``). See ``docs/diamondback_game.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from pedron.errors import RulesError
from pedron.rules import RulesBase, flags, whole

__all__ = ["Rules"]

_CHOICES = {
    "variant": ("normal", "dealers", "match"),
    "tie_rule": ("showdown", "seated", "split"),
    "odd_chip": ("first_left", "carry"),
    "deal_order": ("one_at_a_time", "two_at_a_time"),
    "next_dealer": ("left", "winner"),
    "carry_dealer": ("keep", "left"),
    "draw_ties": ("fresh", "same"),
}


@dataclass(frozen=True)
class Rules(RulesBase):
    """How a Diamondback table plays. All fields are keyword options.

    variant
        ``"normal"`` (the rules' Play), ``"dealers"`` (Dealer's Diamondback: an
        ante set by the dealer, players double his bets, the winner deals) or
        ``"match"`` (Match Diamondback: ends by majority agreement or when one
        player holds every coin; leaving early forfeits winnings).
    min_bet
        Smallest dealer bet in whole chips (default 1). A dealer who may not
        bet that much (short stacks) may bet what can be matched.
    max_bet
        Largest dealer bet (``None``: only table stakes limit it).
    cap_to_stacks
        The dealer cannot bet more than the largest stack still able to match
        it (default ``True``; ``False``: up to his own stack, the unmatched
        part coming back to him as an uncalled bet).
    all_in
        A player who cannot match in full may match all-in for what he has,
        with side pots (default ``True``; ``False``: he must fold).
    tie_rule
        ``"showdown"`` (default): a pot carries over when every hand competing
        for it is equal, for any number of players; otherwise the tied best
        hands divide it. ``"seated"``: the fan-page reading -- with two players
        dealt in a tie carries over; with three or four it carries over only if
        all of them reach the showdown tied; otherwise split. ``"split"``:
        ties always divide, nothing carries over.
    odd_chip
        ``"first_left"`` (default): the odd chip of a division goes to the tied
        winner first clockwise from the dealer's left; ``"carry"``: it stays
        in the pot for the next hand.
    deal_order
        ``"one_at_a_time"`` (default): one card each, clockwise from the
        dealer's left, dealer last, two rounds; ``"two_at_a_time"``: both cards
        to each player in the same order.
    next_dealer
        ``"left"``: the deal passes clockwise; ``"winner"``: the winner deals
        next. ``None`` (default): ``"winner"`` in Dealer's Diamondback,
        ``"left"`` otherwise.
    carry_dealer
        When the winner deals next and the pot carries over (or nobody is dealt
        in): ``"keep"`` (default) the dealer keeps the deal, ``"left"`` it passes.
    multiplier
        Chips a player puts in per chip the dealer bets (``None``: 2 in
        Dealer's Diamondback, 1 otherwise).
    ante_min, ante_max
        Bounds of the ante the dealer sets in Dealer's Diamondback (default
        1 and ``None`` = table stakes).
    draw_ties
        First-dealer draw: players tied for highest draw again from a
        ``"fresh"`` shuffle (default) or from the ``"same"`` deck.
    """

    variant: str = "normal"
    min_bet: int = 1
    max_bet: int | None = None
    cap_to_stacks: bool = True
    all_in: bool = True
    tie_rule: str = "showdown"
    odd_chip: str = "first_left"
    deal_order: str = "one_at_a_time"
    next_dealer: str | None = None
    carry_dealer: str = "keep"
    multiplier: int | None = None
    ante_min: int = 1
    ante_max: int | None = None
    draw_ties: str = "fresh"

    _CHOICES: ClassVar[dict[str, tuple[str, ...]]] = _CHOICES
    _UNSET: ClassVar[frozenset[str]] = frozenset(("next_dealer",))

    def __post_init__(self) -> None:
        self._check_choices()
        for name in ("min_bet", "ante_min"):
            whole(name, getattr(self, name), 1)
        for name in ("max_bet", "ante_max", "multiplier"):
            value = getattr(self, name)
            if value is not None:
                whole(name, value, 1)
        flags(self, ("cap_to_stacks", "all_in"))
        if self.max_bet is not None and self.max_bet < self.min_bet:
            raise RulesError("Rules.max_bet is below min_bet")
        if self.ante_max is not None and self.ante_max < self.ante_min:
            raise RulesError("Rules.ante_max is below ante_min")

    # -- variants ---------------------------------------------------------------
    @classmethod
    def dealers(cls, **options: Any) -> Rules:
        """Dealer's Diamondback."""
        return cls(variant="dealers", **options)

    @classmethod
    def match(cls, **options: Any) -> Rules:
        """Match Diamondback."""
        return cls(variant="match", **options)

    # -- derived ----------------------------------------------------------------
    @cached_property  # (read at every hand; Rules are frozen: it never changes)
    def rate(self) -> int:
        """Chips a player puts in per chip the dealer bets."""
        if self.multiplier is not None:
            return self.multiplier
        return 2 if self.variant == "dealers" else 1

    @cached_property
    def winner_deals(self) -> bool:
        """True when the winner of a hand deals the next one."""
        if self.next_dealer is not None:
            return self.next_dealer == "winner"
        return self.variant == "dealers"

    @cached_property
    def has_ante(self) -> bool:
        """True in Dealer's Diamondback (the only variation with an ante)."""
        return self.variant == "dealers"

