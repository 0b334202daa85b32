"""The discrete action encodings: one index per move, a mask per view.

They sit between the games and what numbers moves (the bots that play a
solved strategy, the PettingZoo environments, the OpenSpiel games), so that
each of those imports them from below.

Both games' encodings are plain objects (no PettingZoo or Gymnasium needed):
``n`` actions; ``mask(view)`` marks the legal ones, read from the view's
``legal`` descriptors (the engine's ``legal_actions()``), so the mask and the
engine cannot disagree; ``move(index, view)`` is the engine move an index
plays; ``describe(index)`` names it. The OpenSpiel games use the same
encodings.

**Diamondback** (:class:`DiamondbackActions`)

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

**Diablo** (:class:`DiabloActions`), ``B`` the largest bet of either round:

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
               (:data:`DRAW_SUBSETS`: the empty one first, then by size and
               in lexicographic order), positions in the order of the view's
               ``my_cards``
=============  ===========================================================

Declaring is one action because the truthful declaration is never worse
than another: a hand named lower plays as named, one named higher is dead.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from pedron._exact import check_iterable, exact_int
from pedron.diablo.rules import Rules as DiabloRules
from pedron.diamondback.cards import RANK_OF_ID
from pedron.diamondback.rules import Rules as DiamondbackRules
from pedron.engine.moves import (
    Ante,
    Bet,
    Call,
    Check,
    Choose,
    Declare,
    Draw,
    Fold,
    Match,
    RaiseTo,
    Reveal,
    Stop,
)
from pedron.errors import PedronTypeError, PedronValueError
from pedron.rules import MAX_CHIPS
from pedron.text import shown

__all__ = ["DRAW_SUBSETS", "MAX_ACTIONS", "DiabloActions", "DiamondbackActions",
           "action_index"]

#: Most actions an encoding numbers (a mask of at most 1 MiB a step): a table whose every
#: bet amount would make more (Diamondback's stacks or ``max_bet``, Diablo's
#: ``max_bet_before``/``max_bet_after`` in the hundreds of thousands) is refused
#: before anything is built; Diamondback's ``bet_sizes`` (or a ``max_bet``) keep it small.
MAX_ACTIONS = 1 << 20

#: Every subset of the five card positions, the empty one first, then by size.
DRAW_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    c for k in range(5) for c in combinations(range(5), k)
)

_FOLD, _MATCH, _STOP, _LOW, _HIGH = 0, 1, 2, 3, 4


def action_index(action: Any, n: int, error: type[Exception] | None = None) -> int:
    """``action`` as an index of an encoding of ``n`` actions, or a pedron error (a bool,
    a float, text or an array is not an action; nor is an index out of range).

    ``error``, if given, is raised instead of either (OpenSpiel's adapter raises its
    :class:`~pedron.spiel.SpielActionError`, which its API expects)."""
    n = exact_int(n, "n (the encoding's actions)")
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise (error or PedronTypeError)(f"an action is an index 0..{n - 1}, not {action!r}")
    index = int(action)
    if not 0 <= index < n:
        raise (error or PedronValueError)(f"no action {shown(index)}: actions are 0..{n - 1}")
    return index


def _check_actions(n: int, what: str, fix: str) -> None:
    """Refuse an encoding of more than :data:`MAX_ACTIONS` actions (arithmetic only:
    nothing is built for it)."""
    if n > MAX_ACTIONS:
        raise PedronValueError(f"{what} make {n:,} actions, more than the {MAX_ACTIONS:,} an "
                               f"action encoding holds (pedron.encodings.MAX_ACTIONS); {fix}")


def _sizes(sizes: Any, most: int) -> tuple[int, ...]:
    """The bet sizes as a checked tuple (``None``: every amount 1..most)."""
    if sizes is None:
        return tuple(range(1, most + 1))
    try:
        check_iterable(sizes, "bet_sizes", PedronValueError)
        out = tuple(sizes)
    except TypeError:
        raise PedronValueError(f"bet_sizes must be a sequence of chip amounts, not {shown(sizes)}"
                               ) from None
    if not out or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in out):
        raise PedronValueError(f"bet_sizes must be whole amounts of at least 1, not {sizes!r}")
    if list(out) != sorted(set(out)):
        raise PedronValueError(f"bet_sizes must be increasing, without repeats: {sizes!r}")
    return out


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
            _check_actions(5 + most, f"every bet 1..{most:,} chips (a table of {total:,})",
                           "give bet_sizes, or a smaller max_bet or stacks")
        self.sizes = _sizes(sizes, most)
        _check_actions(5 + len(self.sizes), f"{len(self.sizes):,} bet_sizes", "give fewer")
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


class DiabloActions:
    """The Diablo encoding (see the module docstring) for ``rules``."""

    def __init__(self, rules: Any) -> None:
        if not isinstance(rules, DiabloRules):
            raise PedronTypeError(f"rules must be Diablo's Rules, not {type(rules).__name__}")
        self.most = max(rules.max_bet_before, rules.max_bet_after)
        _check_actions(7 + 2 * self.most + len(DRAW_SUBSETS),
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
            return f"choose {('diablo', 'deuces_wild', 'draw')[index - 4]}"
        if index < self.raise_at:
            return f"bet {index - 6}"
        if index < self.draw_at:
            return f"raise by {index - self.raise_at + 1}"
        return f"draw positions {DRAW_SUBSETS[index - self.draw_at]}"
