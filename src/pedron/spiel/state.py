"""An OpenSpiel state that plays a pedron deal: the engine decides, chance deals the cards.

:class:`EngineState` holds one deal of the engine (a Diamondback ``Hand`` or
a Diablo ``Game``, built from a :class:`~pedron.engine.DealContext` as a
table builds it) and turns every card the engine would take from its deck
into OpenSpiel chance nodes, one card at a time, with the exact probability
of each outcome:

* the engine asks the deal's *shoe* for a deck when it deals. The state
  hands it a shoe that records what is asked; when a move would make the
  deal deal (found on a copy of the deal), the move waits, chance deals the
  cards one by one, in the order the engine deals them, and then the move is
  played on a deck holding exactly those cards;
* a Diablo draw of ``k`` cards waits the same way for ``k`` chance cards,
  put on top of the stock before the engine serves them.

Player actions are the indexes of the environments' encodings
(:mod:`pedron.encodings`); the legal ones come from the deal's
``legal_actions()`` through the same mask. Returns are chips (``result.net``)
with the carried-over chips valued as the game's ``carry`` parameter says.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from pedron._kernels.rng import Generator
from pedron.encodings import action_index
from pedron.engine.deal import DealContext
from pedron.engine.ledger import Ledger
from pedron.engine.seats import from_left
from pedron.errors import IllegalActionError
from pedron.text import shown

__all__ = ["EngineState", "Shoe", "SpielActionError"]


class SpielActionError(pyspiel.SpielError, IllegalActionError):  # type: ignore[misc]
    """An action outside ``legal_actions()`` (or a chance outcome outside
    ``chance_outcomes()``): OpenSpiel's own error, as its API expects, and pedron's
    :class:`~pedron.errors.IllegalActionError`. The state is unchanged."""

    def __init__(self, *args: object) -> None:  # (a signature for inspect and help())
        super().__init__(*args)

#: Kinds of records that are moves (the history tensor encodes them).
MOVE_KINDS = ("ante", "match", "fold", "bet", "stop", "reveal", "check", "call", "raise",
              "draw", "declare", "choose")
_KIND_INDEX = {k: i for i, k in enumerate(MOVE_KINDS)}
_START = "start"  # the pending "move" that builds the deal


class Shoe:
    """The deck source handed to the deal: it notes how many cards the deal asks for,
    and deals ``cards`` (top first) when the state has chosen them."""

    __slots__ = ("asked", "cards", "make", "size")

    def __init__(self, make: Any, size: Any) -> None:
        self.make = make
        self.size = size
        self.cards: list[int] | None = None
        self.asked: tuple[int, ...] | None = None  # the seats to receive the cards, in order

    def __call__(self, players: int, receivers: Any = ()) -> Any:
        self.asked = tuple(receivers)
        size = self.size(players)
        if self.cards is None:  # (a probe: any deck; the deal is thrown away)
            return self.make(players, Generator(0), None)
        chosen = self.cards
        taken = set(chosen)
        return self.make(players, Generator(0), chosen + [c for c in range(size)
                                                           if c not in taken])

    def copy(self) -> Shoe:
        return Shoe(self.make, self.size)

    def __deepcopy__(self, memo: dict[int, Any]) -> Shoe:
        return Shoe(self.make, self.size)


class _Held:
    """The deal a state holds: copied with the engine's ``clone()`` when OpenSpiel copies
    the state (a generic deep copy would copy every record and rule object)."""

    __slots__ = ("deal",)

    def __init__(self, deal: Any) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        deal = self.deal
        return _Held(None if deal is None else deal.clone())


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A pedron deal as an OpenSpiel state (see the module docstring).

    The game object supplies ``settings`` (a :class:`~pedron.spiel.games.Settings`).
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.settings = game.settings
        self._held = _Held(None)
        self._pending: Any = _START  # the move waiting for chance (or the deal's start)
        self._receivers: tuple[int, ...] = ()
        self._chosen: list[int] = []  # chance outcomes so far for the pending move
        self._shoe = Shoe(self.settings.make_deck, self.settings.deck_size)
        self._start()

    @property
    def deal(self) -> Any:
        """The engine's deal (``None`` while chance deals its first cards)."""
        return self._held.deal

    @deal.setter
    def deal(self, deal: Any) -> None:
        self._held.deal = deal

    # -- building and dealing -------------------------------------------------------------
    def _context(self, shoe: Shoe) -> DealContext:
        s = self.settings
        return DealContext(s.rules, 1, s.dealer, from_left(s.dealer, s.players), s.players,
                           Ledger(s.stacks), shoe, s.extra())

    def _start(self) -> None:
        settings = self.settings
        first = settings.first
        if first is None:  # (the game's first deal, made once: does it deal at once?)
            probe = self._shoe.copy()
            deal = settings.deal_class(self._context(probe))
            first = settings.first = (probe.asked, None if probe.asked else deal)
        asked, template = first
        if asked is not None:
            self._wait(_START, asked)
            return
        # Dealer's Diamondback, Dealer's Choice: moves come before the deal
        self.deal = template.clone()
        self._pending = None

    def _wait(self, move: Any, receivers: tuple[int, ...]) -> None:
        self._pending = move
        self._receivers = receivers
        self._chosen = []

    def _dealt_known(self) -> None:
        """Chance has dealt every card the pending move needs: play it."""
        move, cards = self._pending, self._chosen
        self._pending = None
        settings = self.settings
        if move == _START:
            self._shoe.cards = settings.card_ids(cards, len(self._receivers),
                                                 self._receivers)
            self.deal = settings.deal_class(self._context(self._shoe))
            return
        deal = self.deal
        if deal.deck is None:  # the move deals (the last ante matched, the game chosen)
            shoe = Shoe(settings.make_deck, settings.deck_size)
            shoe.cards = settings.card_ids(cards, len(self._receivers), self._receivers)
            deal._shoe = shoe
            deal.apply(move)
            return
        # A draw: the chosen cards go on top of the stock, then the engine serves them.
        deck = deal.deck
        stock = deck.stock
        in_stock = set(stock)
        gone = [c for c in range(settings.deck_size(len(deal.order))) if c not in in_stock]
        taken = set(cards)
        new = settings.make_deck(len(deal.order), Generator(0),
                                 gone + cards + [c for c in stock if c not in taken])
        new.deal(len(gone))
        deal.deck = new
        deal.apply(move)

    # -- the OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        if self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        deal = self.deal
        if deal.done:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(deal.to_act)

    def is_terminal(self) -> bool:
        return self._pending is None and bool(self.deal.done)

    def _legal_actions(self, player: int) -> list[int]:
        view = self.deal.view(player)
        return [int(i) for i in np.flatnonzero(self.settings.actions.mask(view))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes: list[tuple[int, float]] = self.settings.chance_outcomes(self)
        return outcomes

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            if all(o != action for o, _ in self.chance_outcomes()):
                raise self._refusal(action)
            self._chosen.append(int(action))
            if len(self._chosen) == len(self._receivers):
                self._dealt_known()
            return
        deal = self.deal
        legal = self._legal_actions(deal.to_act)
        if action not in legal:  # (never played as another action: refused, as the engine)
            raise self._refusal(action)
        view = deal.view(deal.to_act)
        move = self.settings.actions.move(int(action), view)
        if deal.deck is None:  # would this move deal? (asked on a copy)
            copy = deal.clone()
            copy.apply(move)
            if copy._shoe.asked is not None:
                self._wait(move, copy._shoe.asked)
                return
        elif move.kind == "draw" and move.cards:
            self._wait(move, (deal.to_act,) * len(move.cards))
            return
        deal.apply(move)

    def _refusal(self, action: int) -> SpielActionError:
        """The error for an action (or chance outcome) that is not legal now."""
        if self._pending is not None:
            left = len(self.chance_outcomes())
            return SpielActionError(f"chance outcome {action} is not legal now (legal: "
                                    f"{left} outcomes, the cards not yet dealt)")
        what = (f" ({self.settings.actions.describe(action)})"
                if 0 <= action < self.settings.actions.n else "")
        legal = self._legal_actions(self.deal.to_act)
        return SpielActionError(f"action {shown(action)}{what} is not legal now (legal: {legal})")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.settings.outcome_count
            if not 0 <= action < outcomes:
                raise SpielActionError(f"no chance outcome {action}: outcomes are "
                                       f"0..{outcomes - 1}")
            return f"deal {self.settings.outcome_text(action)}"
        return str(self.settings.actions.describe(action_index(
            action, self.settings.actions.n, SpielActionError)))

    # OpenSpiel's own entry points take any int64 (and refuse -1 with a bare SpielError, a
    # float or 2**63 with pybind11's TypeError): pedron's refusal comes first, naming the
    # legal actions, as for any other action the game refuses.
    def apply_action(self, action: Any) -> None:
        """Play ``action`` (a player's action or a chance outcome): OpenSpiel's
        ``apply_action``; anything outside ``legal_actions()`` raises
        :class:`SpielActionError` and leaves the state unchanged."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise SpielActionError(f"action {action!r} is not legal: an action is an int "
                                   f"(legal now: {self.legal_actions()})")
        if self.is_terminal():
            raise SpielActionError(f"action {action}: the game is over")
        action = int(action)  # (the plain value: an int subclass's comparisons may lie)
        if not 0 <= action < 2**63:
            raise self._refusal(action)
        super().apply_action(action)

    def action_to_string(self, *args: Any) -> str:
        """OpenSpiel's ``action_to_string([player,] action)``: an action outside the
        encoding (or a chance outcome outside the deck) raises :class:`SpielActionError`."""
        if not 1 <= len(args) <= 2 or any(
                isinstance(a, (bool, np.bool_)) or not isinstance(a, (int, np.integer))
                or not -2**63 <= int(a) < 2**63 for a in args):
            raise SpielActionError(f"action_to_string takes ([player,] action) as ints, "
                                   f"not {shown(args)}")
        return str(super().action_to_string(*(int(a) for a in args)))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.settings.players
        values: list[float] = self.settings.value(self.deal)
        return values

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing {self._chosen}"
        head = "" if self._pending is None else f"(waiting for {len(self._receivers)} cards) "
        return head + str(self.settings.text(self.deal.view(None)))

    # -- what a player knows (for the observer) ---------------------------------------------
    def private_chance(self, player: int) -> list[int]:
        """The chance outcomes of the pending move that ``player`` receives."""
        return [c for c, s in zip(self._chosen, self._receivers, strict=False) if s == player]
