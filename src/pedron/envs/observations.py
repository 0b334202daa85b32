"""Observation tensors and texts built from a player's view, never from the deal.

Every observation is made from ``deal.view(seat)`` alone: the engine's
censored per-player view (own cards, shown cards, pot, stacks, bets,
position), read by its fields' names. A hidden card of another player is not
in the view, so it cannot reach an observation. Chip amounts are fractions of
the chips at the table (``total``); the texts give them exactly.

Both games' tensors are written by one writer (:class:`Observation`): the
viewer's own cards, the phase, the game's public figures, then one block per
seat, the viewer first and then clockwise (to his left): dealt in, still in,
is the dealer, is to act (and the game's own flags), his stack and the chips
he put in, then the game's own per-seat entries. Each game says only what
differs (:class:`DiamondbackObservation`, :class:`DiabloObservation`). With
``public=True`` the viewer's own cards are left out: what every player and a
spectator know. The layouts are documented in ``docs/rl.md``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pedron._exact import exact_flag
from pedron.cards import format_cards
from pedron.diablo.rules import VARIANTS
from pedron.diamondback.cards import RANK_OF_ID, format_id

__all__ = ["DiabloObservation", "DiamondbackObservation", "Observation", "view_text"]

_BETS_SEEN = 15  # Diamondback: "bets so far" saturates here
_RAISES_SEEN = 10  # Diablo: "raises this round" saturates here


def view_text(view: Any, format_card: Callable[[int], str], public: bool = False) -> str:
    """A one-line text of ``view`` (what the viewer knows, chips exact): the position,
    his cards, the cards shown, stacks, chips in, pot, the bet, and the censored
    history of the deal. ``public``: without his cards (what everyone knows)."""
    public = exact_flag(public, "public")
    shown = " ".join(f"{s}:{format_card_list(c, format_card)}" for s, c in enumerate(view.shown))
    history = " ".join(_record_text(r, format_card, public) for r in view.history)
    cards = "-" if public else format_card_list(view.my_cards, format_card)
    return (
        f"seat {view.seat} deal {view.number} dealer {view.dealer} phase {view.phase} "
        f"to_act {view.to_act} cards {cards} "
        f"shown {shown} live {''.join('1' if x else '0' for x in view.live)} "
        f"stacks {list(view.stacks)} in {list(view.committed)} pot {view.pot} "
        f"carry {view.carry} bet {view.bet} | {history}"
    )


def format_card_list(cards: Sequence[int], format_card: Callable[[int], str]) -> str:
    return ",".join(format_card(c) for c in cards) if cards else "-"


def _record_text(record: Any, format_card: Callable[[int], str], public: bool) -> str:
    text = record.kind if record.seat is None else f"{record.kind}@{record.seat}"
    if record.amount:
        text += f"={record.amount}"
    if record.cards and not (public and record.private):
        text += f"[{format_card_list(record.cards, format_card)}]"
    elif record.private:
        text += "[?]"
    return text


class Observation:
    """The tensor both games share, for ``players`` seats at a table of ``total`` chips
    (see the module docstring); a game's subclass gives its phases, the size of its
    own-cards block, its public figures, its per-seat flags and entries."""

    #: The phases, in the order of the phase one-hot.
    PHASES: tuple[str, ...] = ()
    #: Entries of the viewer's own cards, at the start.
    CARDS = 0
    #: Entries of the game's public figures, after the phase.
    FIGURES = 0
    #: Per seat: the game's flags after the four shared ones, and its own entries
    #: after stack and chips in.
    SEAT_FLAGS = 0
    SEAT_EXTRA = 0

    def __init__(self, players: int, total: int) -> None:
        self.players = players
        self.total = total
        self._seat_size = 4 + self.SEAT_FLAGS + 2 + self.SEAT_EXTRA
        self._seats_at = self.CARDS + len(self.PHASES) + self.FIGURES
        self.size = self._seats_at + players * self._seat_size
        self._phase = {p: i for i, p in enumerate(self.PHASES)}
        self._format = f"={self.size}f"  # (a str, not a Struct: the encoder pickles)

    def encode(self, view: Any, public: bool = False) -> np.ndarray:
        """The tensor of ``view`` (float32, every entry in 0..1; a new array).
        ``public``: without the viewer's own cards."""
        if public is not False and public is not True:  # (the hot path: no call)
            public = exact_flag(public, "public")
        out = self._blank()
        if not public:
            self._cards(out, view.my_cards)
        out[self.CARDS + self._phase[view.phase]] = 1.0
        self._figures(out, self.CARDS + len(self.PHASES), view)
        total = float(self.total)
        n, s = self.players, view.seat
        dealt, live, stacks, committed = view.dealt_in, view.live, view.stacks, view.committed
        dealer, to_act = view.dealer, view.to_act
        at = self._seats_at
        for _ in range(n):
            if s in dealt:
                out[at] = 1.0
            if live[s]:
                out[at + 1] = 1.0
            if s == dealer:
                out[at + 2] = 1.0
            if s == to_act:
                out[at + 3] = 1.0
            self._seat_flags(out, at + 4, view, s)
            chips = at + 4 + self.SEAT_FLAGS
            out[chips] = stacks[s] / total
            out[chips + 1] = committed[s] / total
            self._seat_extra(out, chips + 2, view, s)
            at += self._seat_size
            s = s + 1 if s + 1 < n else 0
        return self._array(out)

    # -- the storage: the fastest for the size (measured) ---------------------------------------
    def _blank(self) -> Any:
        """A zeroed buffer of ``size`` entries: a list, for a short tensor."""
        return [0.0] * self.size

    def _array(self, out: Any) -> np.ndarray:
        # (packed to float32 bytes at C speed, then viewed: a new writable array, in a
        # third fewer instructions than np.array(out) converting item by item)
        return np.frombuffer(bytearray(struct.pack(self._format, *out)), dtype=np.float32)

    # -- what each game says ------------------------------------------------------------------
    def _cards(self, out: Any, cards: Sequence[int]) -> None:
        """The viewer's own cards, from entry 0."""

    def _figures(self, out: Any, at: int, view: Any) -> None:
        """The game's public figures, from ``at``."""

    def _seat_flags(self, out: Any, at: int, view: Any, seat: int) -> None:
        """The game's own flags of ``seat``, from ``at``."""

    def _seat_extra(self, out: Any, at: int, view: Any, seat: int) -> None:
        """The game's own entries of ``seat``, from ``at``."""

    def text(self, view: Any, public: bool = False) -> str:
        """What ``view`` knows, as one line of text (``public``: without own cards)."""
        raise NotImplementedError


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
