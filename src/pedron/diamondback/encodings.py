"""Diamondback's encodings: the actions (:class:`DiamondbackActions`) and the
observation tensor (:class:`DiamondbackObservation`); what every game's share is
:mod:`pedron.encodings`.

**The actions** (:class:`DiamondbackActions`)

=========  ===============================================================
index      move
=========  ===============================================================
0          fold (or, in Dealer's Diamondback, decline the ante)
1          match (the dealer's bet or the ante; all-in when short)
2          stop (the dealer ends the betting: showdown)
3          reveal the lower-ranked of the two cards held
4          reveal the higher-ranked card (offered only when the two ranks
           differ: two cards of one rank are the same choice)
5 + j      bet (or, as the dealer of Dealer's Diamondback, set the ante)
           ``sizes[j]`` chips, capped at the most allowed now
=========  ===============================================================

``sizes`` defaults to every amount 1..the largest bet the table allows
(``Rules.max_bet``, or the chips at the table): the full legal range. A
given set of sizes plays ``min(size, most allowed)``; a size below the least
allowed is masked, and of several sizes capped to the same amount only the
first is offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pedron._exact import exact_int
from pedron.diamondback.cards import RANK_OF_ID, format_id
from pedron.diamondback.rules import Rules as DiamondbackRules
from pedron.encodings import Observation, action_index, bet_sizes, check_actions, view_text
from pedron.engine.moves import Ante, Bet, Fold, Match, Reveal, Stop
from pedron.errors import PedronTypeError, PedronValueError
from pedron.rules import MAX_CHIPS
from pedron.text import shown

__all__ = ["DiamondbackActions", "DiamondbackObservation", "actions"]

_FOLD, _MATCH, _STOP, _LOW, _HIGH = 0, 1, 2, 3, 4
_BETS_SEEN = 15  # "bets so far" saturates here


class DiamondbackActions:
    """The Diamondback encoding (see the module docstring) for ``rules`` at a table
    of ``total`` chips, with the given bet ``sizes`` (``None``: the full range)."""

    def __init__(self, rules: Any, total: int, sizes: Any = None) -> None:
        if not isinstance(rules, DiamondbackRules):
            raise PedronTypeError(f"rules must be Diamondback's Rules, not {type(rules).__name__}")
        total = exact_int(total, "total (the chips at the table)")
        if not 1 <= total <= MAX_CHIPS:
            raise PedronValueError(f"total must be 1..{MAX_CHIPS:,} chips, not {shown(total)}")
        most = total if rules.max_bet is None else min(rules.max_bet, total)
        if rules.has_ante:
            most = max(most, total if rules.ante_max is None else min(rules.ante_max, total))
        if sizes is None:
            check_actions(5 + most, f"every bet 1..{most:,} chips (a table of {total:,})",
                           "give bet_sizes, or a smaller max_bet or stacks")
        self.sizes = bet_sizes(sizes, most)
        check_actions(5 + len(self.sizes), f"{len(self.sizes):,} bet_sizes", "give fewer")
        need = max(rules.min_bet, rules.ante_min if rules.has_ante else 1)
        if self.sizes[-1] < need:
            raise PedronValueError(
                f"bet_sizes {self.sizes} offer no bet of the least allowed ({need} chips)")
        self.n = 5 + len(self.sizes)
        self._full = self.sizes == tuple(range(1, len(self.sizes) + 1))  # (every amount)

    def mask(self, view: Any) -> np.ndarray:
        """1 for each legal action of the player to act in ``view`` (all 0 otherwise)."""
        # (set in a bytearray, then viewed as a new array: numpy's item assignment costs
        # more than the rest of the mask)
        mask = bytearray(self.n)
        for legal in view.legal:
            kind = legal.kind
            if kind == "match":
                mask[_MATCH] = 1
            elif kind == "fold":
                mask[_FOLD] = 1
            elif kind == "stop":
                mask[_STOP] = 1
            elif kind == "reveal":
                a, b = legal.cards
                mask[_LOW] = 1
                if RANK_OF_ID[a] != RANK_OF_ID[b]:
                    mask[_HIGH] = 1
            else:  # bet or ante: the sizes in range, each capped amount once
                lo, hi = legal.min, legal.max
                if self._full:  # (every amount 1..most: exactly lo..hi)
                    top = min(hi, len(self.sizes))
                    if top >= lo:
                        mask[4 + lo:5 + top] = b"\x01" * (top - lo + 1)
                    continue
                for j, size in enumerate(self.sizes):
                    if size >= lo:
                        mask[5 + j] = 1
                        if size >= hi:
                            break
        return np.frombuffer(mask, dtype=np.int8)

    def move(self, index: int, view: Any) -> Any:
        """The engine move that ``index`` plays in ``view`` (checked by the deal)."""
        if index == _FOLD:
            return Fold()
        if index == _MATCH:
            return Match()
        if index == _STOP:
            return Stop()
        if index in (_LOW, _HIGH):
            a, b = view.my_cards
            low, high = (a, b) if RANK_OF_ID[a] <= RANK_OF_ID[b] else (b, a)
            return Reveal(low if index == _LOW else high)
        size = self.sizes[index - 5]
        for legal in view.legal:
            if legal.kind in ("bet", "ante"):
                amount = min(size, legal.max)
                return Bet(amount) if legal.kind == "bet" else Ante(amount)
        return Bet(size)  # (refused by the deal: no bet is open now)

    def describe(self, index: int) -> str:
        """The action's name, e.g. ``"bet 3"``."""
        index = action_index(index, self.n)
        names = ("fold", "match", "stop", "reveal lower", "reveal higher")
        if 0 <= index < 5:
            return names[index]
        return f"bet {self.sizes[index - 5]}"


def actions(rules: Any, total: int, bet_sizes: Sequence[int] | None = None) -> DiamondbackActions:
    """The encoding an environment plays (``bet_sizes``: its keyword)."""
    return DiamondbackActions(rules, total, bet_sizes)


class DiamondbackObservation(Observation):
    """The Diamondback tensor.

    Layout: the viewer's two ranks as one-hots (lower, then higher: 2 x 5); the
    phase one-hot (ante, ante_match, bet, match, reveal, done); pot, carry-over
    and the dealer's current bet as fractions of the chips at the table; the
    dealer's bets so far this hand (count / 15, capped); then per seat, viewer
    first and clockwise: dealt in, still in, is the dealer, is to act, stack and
    chips put in (fractions), the rank of his revealed card and of his second
    card once shown at the showdown (one-hots of 5).
    """

    PHASES = ("ante", "ante_match", "bet", "match", "reveal", "done")
    CARDS = 10
    FIGURES = 4
    SEAT_EXTRA = 10

    def _cards(self, out: Any, cards: Sequence[int]) -> None:
        if cards:
            low, high = sorted((RANK_OF_ID[cards[0]], RANK_OF_ID[cards[1]]))
            out[low] = out[5 + high] = 1.0

    def _figures(self, out: Any, at: int, view: Any) -> None:
        total = float(self.total)
        bets = sum(1 for r in view.history if r.kind == "bet")
        out[at] = view.pot / total
        out[at + 1] = view.carry / total
        out[at + 2] = view.bet / total
        out[at + 3] = min(bets, _BETS_SEEN) / _BETS_SEEN

    def _seat_extra(self, out: Any, at: int, view: Any, seat: int) -> None:
        shown = view.shown[seat]
        if shown:
            out[at + RANK_OF_ID[shown[0]]] = 1.0
            if len(shown) > 1:
                out[at + 5 + RANK_OF_ID[shown[1]]] = 1.0

    def text(self, view: Any, public: bool = False) -> str:
        return view_text(view, format_id, public)
