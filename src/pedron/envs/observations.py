"""Observation tensors and texts built from a player's view, never from the deal.

Every observation is made from ``deal.view(seat)`` alone: the engine's
censored per-player view (own cards, shown cards, pot, stacks, bets,
position). A hidden card of another player is not in the view, so it cannot
reach an observation. Chip amounts are fractions of the chips at the table
(``total``); the texts give them exactly.

Seats are listed relative to the viewer: the viewer first, then clockwise
(to his left). The layouts are documented in ``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pedron.cards import format_cards
from pedron.diamondback.cards import RANK_OF_ID, format_id

__all__ = ["DiabloObservation", "DiamondbackObservation", "view_text"]

_DB_PHASES = ("ante", "ante_match", "bet", "match", "reveal", "done")
_DB_PHASE_INDEX = {p: i for i, p in enumerate(_DB_PHASES)}
_DB_SEAT = 16  # per seat: dealt in, live, dealer, to act, stack, committed, 2 x 5 shown ranks
_BETS_SEEN = 15  # "bets so far" saturates here


def view_text(view: Any, format_card: Any) -> str:
    """A one-line text of ``view`` (what the viewer knows, chips exact): the position,
    his cards, the cards shown, stacks, chips in, pot, the bet, and the censored
    history of the deal."""
    shown = " ".join(f"{s}:{format_card_list(c, format_card)}" for s, c in enumerate(view.shown))
    history = " ".join(_record_text(r, format_card) for r in view.history)
    return (
        f"seat {view.seat} deal {view.number} dealer {view.dealer} phase {view.phase} "
        f"to_act {view.to_act} cards {format_card_list(view.my_cards, format_card)} "
        f"shown {shown} live {''.join('1' if x else '0' for x in view.live)} "
        f"stacks {list(view.stacks)} in {list(view.committed)} pot {view.pot} "
        f"carry {view.carry} bet {view.bet} | {history}"
    )


def format_card_list(cards: Any, format_card: Any) -> str:
    return ",".join(format_card(c) for c in cards) if cards else "-"


def _record_text(record: Any, format_card: Any) -> str:
    kind, seat, amount, cards = record[0], record[1], record[2], record[3]
    text = kind if seat is None else f"{kind}@{seat}"
    if amount:
        text += f"={amount}"
    if cards:
        text += f"[{format_card_list(cards, format_card)}]"
    elif record[4]:
        text += "[?]"
    return text


class DiamondbackObservation:
    """The Diamondback tensor for ``players`` seats at a table of ``total`` chips.

    Layout (float32, every entry in 0..1): the viewer's two ranks as one-hots
    (lower, then higher: 2 x 5); the phase one-hot (ante, ante_match, bet,
    match, reveal, done); pot, carry-over and the dealer's current bet as
    fractions of the chips at the table; the dealer's bets so far this hand
    (count / 15, capped); then per seat, viewer first and clockwise: dealt in,
    still in, is the dealer, is to act, stack and chips put in (fractions),
    the rank of his revealed card and of his second card once shown at the
    showdown (one-hots of 5).
    """

    def __init__(self, players: int, total: int) -> None:
        self.players = players
        self.total = total
        self.size = 10 + len(_DB_PHASES) + 4 + players * _DB_SEAT

    def encode(self, view: Any) -> np.ndarray:
        # (the non-zero entries, written in one indexed assignment: far faster than a
        # dense list or item-by-item writes)
        idx: list[int] = []
        val: list[float] = []
        one = idx.append
        total = float(self.total)
        cards = view.my_cards
        if cards:
            a, b = RANK_OF_ID[cards[0]], RANK_OF_ID[cards[1]]
            low, high = (a, b) if a <= b else (b, a)
            one(low)
            one(5 + high)
        one(10 + _DB_PHASE_INDEX[view.phase])
        val.extend((1.0, 1.0, 1.0) if cards else (1.0,))
        base = 10 + len(_DB_PHASES)
        bets = 0
        for r in view.history:
            if r[0] == "bet":
                bets += 1
        idx.extend((base, base + 1, base + 2, base + 3))
        val.extend((view.pot / total, view.carry / total, view.bet / total,
                    min(bets, _BETS_SEEN) / _BETS_SEEN))
        base += 4
        n = self.players
        me = view.seat
        dealt = view.dealt_in
        live, stacks, committed, shown_all = view.live, view.stacks, view.committed, view.shown
        dealer, to_act = view.dealer, view.to_act
        for i in range(n):
            s = (me + i) % n
            at = base + i * _DB_SEAT
            flags = [at + k for k, on in enumerate(
                (s in dealt, live[s], s == dealer, s == to_act)) if on]
            idx.extend(flags)
            idx.extend((at + 4, at + 5))
            val.extend([1.0] * len(flags))
            val.extend((stacks[s] / total, committed[s] / total))
            shown = shown_all[s]
            if shown:
                one(at + 6 + RANK_OF_ID[shown[0]])
                val.append(1.0)
                if len(shown) > 1:
                    one(at + 11 + RANK_OF_ID[shown[1]])
                    val.append(1.0)
        out = np.zeros(self.size, dtype=np.float32)
        out[idx] = val
        return out

    @staticmethod
    def text(view: Any) -> str:
        return view_text(view, format_id)


_DB_GAMES = ("diablo", "deuces_wild", "draw")
_DL_PHASES = ("choose", "first_round", "draw", "second_round", "declare", "done")
_DL_PHASE_INDEX = {p: i for i, p in enumerate(_DL_PHASES)}
_DL_SEAT = 7 + 6 + 52  # flags, chips, drawn count one-hot (-1..4), cards shown


class DiabloObservation:
    """The Diablo tensor for ``players`` seats at a table of ``total`` chips.

    Layout (float32, every entry in 0..1): the viewer's five cards, position
    by position in the order of the view's ``my_cards`` (the positions the draw
    actions name), each as a rank one-hot (13, 2..A) and a suit one-hot (4);
    the phase one-hot (choose, first_round, draw, second_round, declare, done);
    the game one-hot (diablo, deuces_wild, draw; none while the dealer
    chooses); played for a Diablo pot; pot, carry, the round's bet and what
    the viewer needs to call (fractions of the chips at the table); raises
    this round (/ 10, capped); cards left in the stock (/ 52); then per seat,
    viewer first and clockwise: dealt in, still in, is the dealer, is to act,
    is the opener, stack and chips put in (fractions), cards exchanged as a
    one-hot of not-yet, 0, 1, 2, 3, 4, and the cards he has shown (52).
    """

    def __init__(self, players: int, total: int) -> None:
        self.players = players
        self.total = total
        self.size = 85 + len(_DL_PHASES) + len(_DB_GAMES) + 7 + players * _DL_SEAT

    def encode(self, view: Any) -> np.ndarray:
        # (the non-zero entries, written in one indexed assignment, as for Diamondback)
        idx: list[int] = []
        total = float(self.total)
        for p, c in enumerate(view.my_cards):
            idx.append(17 * p + (c >> 2))
            idx.append(17 * p + 13 + (c & 3))
        base = 85
        idx.append(base + _DL_PHASE_INDEX[view.phase])
        base += len(_DL_PHASES)
        if view.game is not None:
            idx.append(base + _DB_GAMES.index(view.game))
        base += len(_DB_GAMES)
        if view.diablo_pot:
            idx.append(base)
        val = [1.0] * len(idx)
        idx.extend(range(base + 1, base + 7))
        val.extend((view.pot / total, view.carry / total, view.bet / total,
                    view.to_call / total, min(view.raises, 10) / 10, view.stock / 52))
        base += 7
        n = self.players
        me = view.seat
        dealt = view.dealt_in
        live, stacks, committed, shown_all = view.live, view.stacks, view.committed, view.shown
        dealer, to_act, opener, drawn = view.dealer, view.to_act, view.opener, view.drawn
        for i in range(n):
            s = (me + i) % n
            at = base + i * _DL_SEAT
            ones = [at + k for k, on in enumerate(
                (s in dealt, live[s], s == dealer, s == to_act, s == opener)) if on]
            ones.append(at + 8 + drawn[s])  # (-1, not yet, is the first slot)
            ones.extend(at + 13 + c for c in shown_all[s])
            idx.extend(ones)
            val.extend([1.0] * len(ones))
            idx.extend((at + 5, at + 6))
            val.extend((stacks[s] / total, committed[s] / total))
        out = np.zeros(self.size, dtype=np.float32)
        out[idx] = val
        return out

    @staticmethod
    def text(view: Any) -> str:
        return view_text(view, lambda c: format_cards([c]))
