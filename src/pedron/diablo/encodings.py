"""Diablo's encodings: the actions (:class:`DiabloActions`) and the observation
tensor (:class:`DiabloObservation`); what every game's share is
:mod:`pedron.encodings`.

**The actions** (:class:`DiabloActions`), ``B`` the largest bet of either round:

=============  ===========================================================
index          move
=============  ===========================================================
0              fold
1              check
2              call (all-in when short)
3              declare the hand as it plays (Declare variant)
4, 5, 6        choose ``diablo``, ``deuces_wild``, ``draw`` (Dealer's Choice)
7 + (x-1)      bet ``x`` chips, ``x`` in 1..B
7 + B + (x-1)  raise by ``x`` chips over the round's bet (to ``bet + x``)
7 + 2B + k     draw: exchange the ``k``-th subset of the five card positions
               (:data:`DRAW_SUBSETS`: the empty one first, then by size and in
               lexicographic order), positions in the order of the view's
               ``my_cards``
=============  ===========================================================

Declaring is one action because the truthful declaration is never worse
than another: a hand named lower plays as named, one named higher is dead.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from pedron.cards import format_cards
from pedron.diablo.rules import VARIANTS
from pedron.diablo.rules import Rules as DiabloRules
from pedron.encodings import Observation, action_index, check_actions, view_text
from pedron.engine.moves import Bet, Call, Check, Choose, Declare, Draw, Fold, RaiseTo
from pedron.errors import PedronTypeError

__all__ = ["DRAW_SUBSETS", "DiabloActions", "DiabloObservation", "actions"]

#: Every subset of the five card positions, the empty one first, then by size.
DRAW_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    c for k in range(5) for c in combinations(range(5), k)
)
_RAISES_SEEN = 10  # "raises this round" saturates here


class DiabloActions:
    """The Diablo encoding (see the module docstring) for ``rules``."""

    def __init__(self, rules: Any) -> None:
        if not isinstance(rules, DiabloRules):
            raise PedronTypeError(f"rules must be Diablo's Rules, not {type(rules).__name__}")
        self.most = max(rules.max_bet_before, rules.max_bet_after)
        check_actions(7 + 2 * self.most + len(DRAW_SUBSETS),
                       f"every bet and raise 1..{self.most:,} chips",
                       "give a smaller max_bet_before and max_bet_after")
        self.raise_at = 7 + self.most
        self.draw_at = 7 + 2 * self.most
        self.n = self.draw_at + len(DRAW_SUBSETS)

    def mask(self, view: Any) -> np.ndarray:
        """1 for each legal action of the player to act in ``view`` (all 0 otherwise)."""
        mask = np.zeros(self.n, dtype=np.int8)
        most = self.most
        for legal in view.legal:
            kind = legal.kind
            if kind == "fold":
                mask[0] = 1
            elif kind == "check":
                mask[1] = 1
            elif kind == "call":
                mask[2] = 1
            elif kind == "bet":
                lo, hi = legal.min, min(legal.max, most)
                mask[7 + lo - 1:7 + hi] = 1
            elif kind == "raise":
                current = view.bet
                lo, hi = legal.min - current, min(legal.max - current, most)
                if lo <= hi:
                    mask[self.raise_at + lo - 1:self.raise_at + hi] = 1
            elif kind == "draw":
                held, rule, top = legal.cards, legal.limit, legal.max
                for k, subset in enumerate(DRAW_SUBSETS):
                    size = len(subset)
                    if size > top:
                        break
                    if size == top and rule is not None and rule.why_not(
                            Draw(tuple(held[p] for p in subset)), legal) is not None:
                        continue
                    mask[self.draw_at + k] = 1
            elif kind == "declare":
                mask[3] = 1
            elif kind == "choose":
                for index in legal.cards:
                    mask[4 + index] = 1
        return mask

    def move(self, index: int, view: Any) -> Any:
        """The engine move that ``index`` plays in ``view`` (checked by the deal)."""
        if index == 0:
            return Fold()
        if index == 1:
            return Check()
        if index == 2:
            return Call()
        if index == 3:
            for legal in view.legal:
                if legal.kind == "declare":
                    category, ranks = legal.limit.choices()[0]
                    return Declare(category, ranks)
            return Declare(1, (12, 11, 10, 9, 7))  # (refused: nothing to declare now)
        if index < 7:
            return Choose(index - 4)
        if index < self.raise_at:
            return Bet(index - 6)
        if index < self.draw_at:
            return RaiseTo(view.bet + index - self.raise_at + 1)
        cards = view.my_cards
        return Draw(tuple(cards[p] for p in DRAW_SUBSETS[index - self.draw_at]))

    def describe(self, index: int) -> str:
        """The action's name, e.g. ``"raise by 2"`` or ``"draw positions (0, 3)"``."""
        index = action_index(index, self.n)
        if index < 4:
            return ("fold", "check", "call", "declare")[index]
        if index < 7:
            return f"choose {VARIANTS[index - 4]}"
        if index < self.raise_at:
            return f"bet {index - 6}"
        if index < self.draw_at:
            return f"raise by {index - self.raise_at + 1}"
        return f"draw positions {DRAW_SUBSETS[index - self.draw_at]}"


class DiabloObservation(Observation):
    """The Diablo tensor.

    Layout: the viewer's five cards, position by position in the order of the
    view's ``my_cards`` (the positions the draw actions name), each as a rank
    one-hot (13, 2..A) and a suit one-hot (4); the phase one-hot (choose,
    first_round, draw, second_round, declare, done); the variant one-hot (diablo,
    deuces_wild, draw; none while the dealer chooses); played for a Diablo pot;
    pot, carry, the round's bet and what the viewer needs to call (fractions of
    the chips at the table); raises this round (/ 10, capped); cards left in
    the stock (/ 52); then per seat, viewer first and clockwise: dealt in,
    still in, is the dealer, is to act, is the opener, stack and chips put in
    (fractions), cards exchanged as a one-hot of not-yet, 0, 1, 2, 3, 4, and
    the cards he has shown (52).
    """

    PHASES = ("choose", "first_round", "draw", "second_round", "declare", "done")
    VARIANTS = VARIANTS
    CARDS = 5 * 17
    FIGURES = len(VARIANTS) + 7
    SEAT_FLAGS = 1
    SEAT_EXTRA = 6 + 52

    def _blank(self) -> Any:
        # (about 300 entries, nearly all zero: numpy's zeros, then only the others)
        return np.zeros(self.size, dtype=np.float32)

    def _array(self, out: Any) -> np.ndarray:
        return out  # type: ignore[no-any-return]

    def _cards(self, out: Any, cards: Sequence[int]) -> None:
        for p, c in enumerate(cards):
            out[17 * p + (c >> 2)] = 1.0
            out[17 * p + 13 + (c & 3)] = 1.0

    def _figures(self, out: Any, at: int, view: Any) -> None:
        total = float(self.total)
        if view.variant is not None:
            out[at + self.VARIANTS.index(view.variant)] = 1.0
        at += len(self.VARIANTS)
        if view.diablo_pot:
            out[at] = 1.0
        out[at + 1] = view.pot / total
        out[at + 2] = view.carry / total
        out[at + 3] = view.bet / total
        out[at + 4] = view.to_call / total
        out[at + 5] = min(view.raises, _RAISES_SEEN) / _RAISES_SEEN
        out[at + 6] = view.stock / 52

    def _seat_flags(self, out: Any, at: int, view: Any, seat: int) -> None:
        if seat == view.opener:
            out[at] = 1.0

    def _seat_extra(self, out: Any, at: int, view: Any, seat: int) -> None:
        out[at + 1 + view.drawn[seat]] = 1.0  # (-1, not yet, is the first slot)
        for c in view.shown[seat]:
            out[at + 6 + c] = 1.0

    def text(self, view: Any, public: bool = False) -> str:
        return view_text(view, lambda c: format_cards([c]), public)


def actions(rules: Any, total: int) -> DiabloActions:
    """The encoding an environment plays (every bet and raise the rules allow: ``total``
    is not needed)."""
    return DiabloActions(rules)
