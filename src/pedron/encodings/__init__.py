"""The discrete action encodings: one index per move, a mask per view.

They sit between the games and what numbers moves (the bots that play a
solved strategy, the PettingZoo environments, the OpenSpiel games), so that
each of those imports them from below. This package holds what every game's
encodings share (:func:`action_index`, :class:`Observation`, :func:`view_text`,
the protocols :class:`ActionEncoding` and :class:`ObservationEncoding`); each
game's own are its package's module (:mod:`pedron.diamondback.encodings`,
:mod:`pedron.diablo.encodings`), named by the game's descriptor
(:attr:`pedron.games.GameInfo.encodings`).

Every game's encodings are plain objects (no PettingZoo or Gymnasium needed):
``n`` actions; ``mask(view)`` marks the legal ones, read from the view's
``legal`` descriptors (the engine's ``legal_actions()``), so the mask and the
engine cannot disagree; ``move(index, view)`` is the engine move an index
plays; ``describe(index)`` names it. The OpenSpiel games use the same
encodings.

Each game's table of indices is in its module's docstring:
:mod:`pedron.diamondback.encodings`, :mod:`pedron.diablo.encodings`.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from pedron._deprecate import Moved, moved_names
from pedron._exact import check_iterable, exact_flag, exact_int
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = ["MAX_ACTIONS", "ActionEncoding", "Observation",
           "ObservationEncoding", "action_index", "view_text"]

#: Most actions an encoding numbers (a mask of at most 1 MiB a step): a table whose every
#: bet amount would make more (Diamondback's stacks or ``max_bet``, Diablo's
#: ``max_bet_before``/``max_bet_after`` in the hundreds of thousands) is refused
#: before anything is built; Diamondback's ``bet_sizes`` (or a ``max_bet``) keep it small.
MAX_ACTIONS = 1 << 20


class ActionEncoding(Protocol):
    """What the environments and the OpenSpiel games ask of a game's action encoding:
    ``n`` actions, numbered 0..n-1."""

    n: int

    def mask(self, view: Any) -> np.ndarray:
        """1 (int8) for each legal action of the player to act in ``view``."""

    def move(self, index: int, view: Any) -> Any:
        """The engine move that ``index`` plays in ``view`` (checked by the deal)."""

    def describe(self, index: int) -> str:
        """The action's name (``"bet 3"``)."""


class ObservationEncoding(Protocol):
    """What the environments and the OpenSpiel games ask of a game's observation:
    a float32 tensor of ``size`` entries in 0..1, and a text, of a player's view."""

    size: int

    def encode(self, view: Any, public: bool = False) -> np.ndarray:
        """The tensor of ``view`` (``public``: without the viewer's own cards)."""

    def text(self, view: Any, public: bool = False) -> str:
        """What ``view`` knows, as one line of text."""


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


def check_actions(n: int, what: str, fix: str) -> None:
    """Refuse an encoding of more than :data:`MAX_ACTIONS` actions (arithmetic only:
    nothing is built for it)."""
    if n > MAX_ACTIONS:
        raise PedronValueError(f"{what} make {n:,} actions, more than the {MAX_ACTIONS:,} an "
                               f"action encoding holds (pedron.encodings.MAX_ACTIONS); {fix}")


def bet_sizes(sizes: Any, most: int) -> tuple[int, ...]:
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


# -- observations ------------------------------------------------------------------------------
# Every observation is made from ``deal.view(seat)`` alone: the engine's censored per-player
# view, read by its fields' names. Chip amounts are fractions of the chips at the table
# (``total``); the texts give them exactly. One writer (:class:`Observation`) writes the
# viewer's own cards, the phase, the game's public figures, then one block per seat, the
# viewer first and then clockwise: dealt in, still in, is the dealer, is to act (and the
# game's own flags), his stack and the chips he put in, then the game's own per-seat entries.

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
    """The tensor every game's observation is (layouts: docs/rl.md), for ``players``
    seats at a table of ``total`` chips (see the comment above); a game's subclass
    gives its phases, the size of its own-cards block, its public figures, its
    per-seat flags and entries."""

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


# (each game's own encodings moved to its package in 0.2.0: the old names warn)
__getattr__ = moved_names(__name__, {
    "DiabloActions": Moved("pedron.diablo", "DiabloActions", since="0.2.0", until="0.3.0"),
    "DRAW_SUBSETS": Moved("pedron.diablo.encodings", "DRAW_SUBSETS", since="0.2.0",
                          until="0.3.0"),
    "DiamondbackActions": Moved("pedron.diamondback.encodings", "DiamondbackActions",
                                since="0.2.0", until="0.3.0"),
})
