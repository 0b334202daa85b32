"""Betting-round bookkeeping for check / bet / call / raise / fold games (Diablo).

A :class:`BettingRound` works on a :class:`~pedron.engine.ledger.Ledger` and
knows, for one round: what each seat has put in during the round, the current
bet, the number of raises, the seats still to act, and the **opener** (the
first seat to bet in the round). Limits: a bet is ``min_bet..max_bet`` chips,
a raise adds ``min_raise..max_raise`` chips on top of the call (``raise``
amounts say the total the bet is raised *to*), at most ``max_raises`` raises a
round (``None``: no cap). Table stakes: a player who cannot cover may call,
bet or raise all-in for what he has; an all-in raise for less than
``min_raise`` still counts as a raise and reopens the betting (pedron's
simplification for fixed-limit games).

The round never decides what happens when one player is left: the game checks
:attr:`BettingRound.live_count` after a fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython

from pedron._copying import deep_copy, shallow_copy
from pedron._signature import ClassSignature
from pedron.engine.actions import LegalAction, Record
from pedron.engine.ledger import Ledger

__all__ = ["BettingRound", "collect_antes", "draw_replacements"]


# The order legal actions are listed in, facing no bet and facing one.
_UNBET = ("check", "bet", "fold")
_BET = ("call", "raise", "fold")
_CHECK = LegalAction("check")
_FOLD = LegalAction("fold")


@cython.final
@cython.cclass
class BettingRound:
    """One betting round over ``order`` (the seats in acting order, first to act first).

    ``all_in=False`` takes table stakes away: a player who cannot call in full
    may only fold, and bets and raises must be of at least the full minimum.
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    ledger: Ledger
    order: tuple[int, ...]
    min_bet: int
    max_bet: int
    min_raise: int
    max_raise: int
    max_raises: int | None
    all_in: bool
    bets: list[int]
    current: int
    raises: int
    opener: int | None
    pending: list[int]

    def __init__(
        self,
        ledger: Ledger,
        order: Sequence[int],
        *,
        min_bet: int,
        max_bet: int,
        min_raise: int | None = None,
        max_raise: int | None = None,
        max_raises: int | None = 4,
        all_in: bool = True,
    ) -> None:
        self.ledger = ledger
        self.order = tuple(order)
        self.min_bet = min_bet
        self.max_bet = max_bet
        self.min_raise = min_bet if min_raise is None else min_raise
        self.max_raise = max_bet if max_raise is None else max_raise
        self.max_raises = max_raises
        self.all_in = all_in
        self.bets = [0] * len(ledger.stacks)
        self.current = 0
        self.raises = 0
        self.opener = None
        self.pending = [s for s in self.order if ledger.live[s] and ledger.stacks[s] > 0]
        self._prune()

    # -- queries ----------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the round is over."""
        return self.pending[0] if self.pending else None

    @property
    def done(self) -> bool:
        """True when nobody is left to act in this round."""
        return not self.pending

    @property
    def live_count(self) -> int:
        """Seats still in the hand."""
        return sum(self.ledger.live)

    @cython.ccall
    def to_call(self, seat: int) -> int:
        """Chips ``seat`` needs to match the current bet (before table stakes)."""
        return self.current - self.bets[seat]

    @cython.ccall
    def _others_can_respond(self, seat: int) -> bool:
        """Whether a seat other than ``seat`` is still in with chips to answer a bet."""
        live, stacks = self.ledger.live, self.ledger.stacks
        return any([s != seat and live[s] and stacks[s] > 0 for s in self.order])

    @cython.ccall
    def option(self, kind: str) -> LegalAction | str:
        """The moves of ``kind`` the seat to act may make, or why he may make none.

        The one rule of the round: :meth:`legal_actions` lists these and a move
        is checked against them. A raise is described by the totals the bet
        may be raised **to**.
        """
        seat = self.to_act
        if seat is None:
            return "the betting round is over"
        return self._option(kind, seat, self.ledger.stacks[seat], self.current - self.bets[seat],
                            self._others_can_respond(seat))

    def options(self) -> dict[str, LegalAction]:
        """Every kind of move the seat to act may make, by kind (:meth:`option` for all)."""
        return {legal.kind: legal for legal in self.legal()}

    @cython.ccall
    def legal(self) -> tuple[LegalAction, ...]:
        """The descriptor of every kind of move the seat to act may make, in order
        (:meth:`option` for every kind, computed together: what a deal lists)."""
        pending = self.pending
        if not pending:
            return ()
        seat = pending[0]
        stack = self.ledger.stacks[seat]
        need = self.current - self.bets[seat]
        others = self._others_can_respond(seat)
        out = []
        # Facing no bet, a call and a raise are always refused, and facing one a
        # check and a bet (see _option): only the other three need asking.
        for kind in _UNBET if need == 0 else _BET:
            legal = self._option(kind, seat, stack, need, others)
            if not isinstance(legal, str):
                out.append(legal)
        return tuple(out)

    @cython.ccall
    def _option(
        self, kind: str, seat: int, stack: int, need: int, others: bool
    ) -> LegalAction | str:
        if kind == "fold":
            return _FOLD
        if kind == "check":
            return _CHECK if need == 0 else "cannot check facing a bet"
        if kind == "call":
            if need == 0:
                return "there is no bet to call: check or bet"
            if stack < need and not self.all_in:
                return f"seat {seat} cannot call {need} in full and all-in actions are off"
            pay = min(need, stack)
            return LegalAction("call", pay, pay)
        if kind == "bet":
            if need:
                return "there is a bet already: call, raise or fold"
            if not others:
                return "nobody is left to call a bet"
            if stack < self.min_bet and not self.all_in:
                return f"seat {seat} cannot bet {self.min_bet} in full and all-in actions are off"
            return LegalAction("bet", min(self.min_bet, stack), min(self.max_bet, stack))
        if kind == "raise":
            if need == 0:
                return "there is no bet to raise: bet instead"
            if self.max_raises is not None and self.raises >= self.max_raises:
                return f"no more than {self.max_raises} raises in a round"
            spare = stack - need
            if spare <= 0:
                return f"seat {seat} cannot raise: calling takes all his chips"
            if not others:
                return "nobody is left to call a raise"
            if spare < self.min_raise and not self.all_in:
                return (f"seat {seat} cannot raise by {self.min_raise} in full and all-in "
                        "actions are off")
            top = self.current
            return LegalAction("raise", top + min(self.min_raise, spare),
                               top + min(self.max_raise, spare))
        return f"{kind!r} is not a betting action"

    def legal_actions(self) -> list[LegalAction]:
        """What the seat to act may do, with amounts (a raise: the totals it may reach)."""
        return list(self.legal())

    # -- applying ---------------------------------------------------------------------
    @cython.ccall
    def play(self, kind: str, amount: int) -> Record:
        """Apply a move already checked against :meth:`option`; returns its record.

        ``amount``: a bet's chips, a raise's total; ignored for other kinds.
        """
        actor = self.pending.pop(0)
        led = self.ledger
        if kind == "check":
            rec = Record("check", actor)
        elif kind == "fold":
            led.fold(actor)
            rec = Record("fold", actor)
        elif kind == "call":
            value = min(self.current - self.bets[actor], led.stacks[actor])
            led.pay(actor, value)
            self.bets[actor] += value
            rec = Record("call", actor, value, note="" if led.stacks[actor] else "all-in")
        else:
            pay = amount if kind == "bet" else amount - self.bets[actor]
            led.pay(actor, pay)
            self.bets[actor] += pay
            self.current = self.bets[actor]
            if kind == "bet":
                if self.opener is None:
                    self.opener = actor
            else:
                self.raises += 1
            note = f"to {self.current}" if led.stacks[actor] else "all-in"
            rec = Record(kind, actor, pay, note=note)
            i = self.order.index(actor)
            rest = self.order[i + 1 :] + self.order[:i]
            self.pending = [s for s in rest if led.live[s] and led.stacks[s] > 0]
        self._prune()
        if kind != "check" and kind != "fold":  # (the chips moved: the total checked)
            led.check()
        return rec

    @cython.ccall
    def _prune(self) -> None:
        """End the round when nobody is left to respond: one player in, or a player
        with nothing to call and nobody else with chips to bet against him."""
        led = self.ledger
        if sum(led.live) <= 1:
            self.pending = []
            return
        pending = self.pending
        if pending and self.current - self.bets[pending[0]] <= 0:
            live, stacks = led.live, led.stacks
            if len([s for s in self.order if live[s] and stacks[s] > 0]) <= 1:
                self.pending = []

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    @cython.ccall
    def copy(self, ledger: Ledger) -> BettingRound:
        """A copy working on ``ledger`` (the copy of this round's ledger)."""
        other: BettingRound = shallow_copy(self)
        other.ledger = ledger
        other.bets = self.bets[:]
        other.pending = self.pending[:]
        return other

    def getstate(self) -> dict[str, Any]:
        """Plain data of the round (the ledger is saved separately)."""
        return {
            "order": list(self.order),
            "bets": list(self.bets),
            "current": self.current,
            "raises": self.raises,
            "opener": self.opener,
            "pending": list(self.pending),
        }

    def __repr__(self) -> str:
        return (
            f"<BettingRound to_act={self.to_act} current={self.current} "
            f"raises={self.raises} opener={self.opener}>"
        )


def collect_antes(ledger: Ledger, seats: Sequence[int], ante: int) -> list[Record]:
    """Each seat pays ``ante`` (all he has if less, under table stakes); records."""
    out = []
    stacks = ledger.stacks
    for s in seats:
        pay = min(ante, stacks[s])
        ledger.pay(s, pay)
        out.append(Record("ante", s, pay, note="" if stacks[s] else "all-in"))
    ledger.check()
    return out


def draw_replacements(deck: Any, count: int, discards: list[int]) -> tuple[int, ...]:
    """Deal ``count`` replacement cards; if the stock runs short, first shuffle
    ``discards`` (the discards made so far, *not* those of the player being
    served) into the stock and empty that list. The caller adds the served
    player's discards to ``discards`` afterwards.
    """
    if len(deck) < count and discards:
        deck.restock(discards)
        discards.clear()
    cards: tuple[int, ...] = deck.deal(count)
    return cards
