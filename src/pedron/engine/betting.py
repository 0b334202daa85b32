"""Betting-round bookkeeping for check / bet / call / raise / fold games (Diablo).

A :class:`BettingRound` works on a :class:`~pedron.engine.ledger.Ledger` and
knows, for one round: what each seat has put in during the round, the current
bet, the number of raises, the seats still to act, and the **opener** (the
first seat to bet in the round). Limits: a bet is ``min_bet..max_bet`` chips,
a raise adds ``min_raise..max_raise`` chips on top of the call (``raise``
amounts are *by* how much, not *to* how much), at most ``max_raises`` raises a
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

from pedron.engine.actions import LegalAction, Record, check_amount
from pedron.engine.errors import AmountError, IllegalActionError
from pedron.engine.ledger import Ledger

__all__ = ["BettingRound", "collect_antes", "draw_replacements"]


class BettingRound:
    """One betting round over ``order`` (the seats in acting order, first to act first)."""

    __slots__ = (
        "bets",
        "current",
        "ledger",
        "max_bet",
        "max_raise",
        "max_raises",
        "min_bet",
        "min_raise",
        "opener",
        "order",
        "pending",
        "raises",
    )

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
    ) -> None:
        self.ledger = ledger
        self.order = tuple(order)
        self.min_bet = min_bet
        self.max_bet = max_bet
        self.min_raise = min_bet if min_raise is None else min_raise
        self.max_raise = max_bet if max_raise is None else max_raise
        self.max_raises = max_raises
        self.bets = [0] * len(ledger.stacks)
        self.current = 0
        self.raises = 0
        self.opener: int | None = None
        self.pending = [s for s in self.order if ledger.live[s] and ledger.stacks[s] > 0]
        self._prune()

    # -- queries ----------------------------------------------------------------
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

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` needs to match the current bet (before table stakes)."""
        return self.current - self.bets[seat]

    def _others_can_respond(self, seat: int) -> bool:
        led = self.ledger
        return any(led.live[s] and led.stacks[s] > 0 for s in self.order if s != seat)

    def legal_actions(self) -> list[LegalAction]:
        """What the seat to act may do, with amounts."""
        seat = self.to_act
        if seat is None:
            return []
        stack = self.ledger.stacks[seat]
        need = self.to_call(seat)
        out = []
        if need == 0:
            out.append(LegalAction("check"))
            if self._others_can_respond(seat):
                out.append(LegalAction("bet", min(self.min_bet, stack), min(self.max_bet, stack)))
        else:
            pay = min(need, stack)
            out.append(LegalAction("call", pay, pay))
            spare = stack - need
            if (
                spare > 0
                and (self.max_raises is None or self.raises < self.max_raises)
                and self._others_can_respond(seat)
            ):
                lo, hi = min(self.min_raise, spare), min(self.max_raise, spare)
                out.append(LegalAction("raise", lo, hi))
        out.append(LegalAction("fold"))
        return out

    def check_action(self, kind: str, amount: Any = None, seat: int | None = None) -> str | None:
        """``None`` if the action is legal now, else the reason it is not."""
        try:
            self._validate(kind, amount, seat)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def _validate(self, kind: str, amount: Any, seat: int | None) -> int:
        actor = self.to_act
        if actor is None:
            raise IllegalActionError("the betting round is over")
        if seat is not None and seat != actor:
            from pedron.engine.errors import NotYourTurnError

            raise NotYourTurnError(f"seat {seat} acted but seat {actor} is to act")
        if amount is None:
            # Fast paths for the commonest actions (the same answers as legal_actions()).
            need = self.current - self.bets[actor]
            if kind == "fold" or (kind == "check" and need == 0):
                return 0
            if kind == "call" and need > 0:
                return min(need, self.ledger.stacks[actor])
        for legal in self.legal_actions():
            if legal.kind != kind:
                continue
            if legal.min is None or legal.max is None:
                if amount is not None:
                    raise AmountError(f"{kind} takes no amount")
                return 0
            if kind == "call":
                if amount is not None and (type(amount) is not int or amount != legal.min):
                    raise AmountError(f"calling costs {legal.min} chips, not {amount!r}")
                return legal.min
            value = check_amount(amount, f"the {kind}")
            if not legal.min <= value <= legal.max:
                raise AmountError(f"a {kind} must be {legal.min}..{legal.max} chips, not {value}")
            return value
        if kind == "check" and self.to_call(actor):
            raise IllegalActionError("cannot check facing a bet")
        if kind == "raise" and self.max_raises is not None and self.raises >= self.max_raises:
            raise IllegalActionError(f"no more than {self.max_raises} raises in a round")
        raise IllegalActionError(f"{kind!r} is not possible now")

    # -- applying -----------------------------------------------------------------
    def apply(self, kind: str, amount: Any = None, seat: int | None = None) -> Record:
        """Apply a legal action (or raise, changing nothing); returns its record."""
        value = self._validate(kind, amount, seat)
        actor = self.pending.pop(0)
        led = self.ledger
        note = ""
        if kind == "check":
            rec = Record("check", actor)
        elif kind == "fold":
            led.fold(actor)
            rec = Record("fold", actor)
        elif kind == "call":
            led.pay(actor, value)
            self.bets[actor] += value
            note = "all-in" if led.stacks[actor] == 0 else ""
            rec = Record("call", actor, value, note=note)
        else:
            pay = value if kind == "bet" else self.to_call(actor) + value
            led.pay(actor, pay)
            self.bets[actor] += pay
            self.current = self.bets[actor]
            if kind == "bet":
                if self.opener is None:
                    self.opener = actor
            else:
                self.raises += 1
            note = "all-in" if led.stacks[actor] == 0 else f"to {self.current}"
            rec = Record(kind, actor, pay, note=note)
            i = self.order.index(actor)
            rest = self.order[i + 1 :] + self.order[:i]
            self.pending = [s for s in rest if led.live[s] and led.stacks[s] > 0]
        self._prune()
        led.check()
        return rec

    def _prune(self) -> None:
        # Nobody left to respond: a lone player with nothing to call stops acting.
        led = self.ledger
        if sum(led.live) <= 1:
            self.pending = []
            return
        able = [s for s in self.order if led.live[s] and led.stacks[s] > 0]
        if len(able) <= 1 and self.pending and self.to_call(self.pending[0]) <= 0:
            self.pending = []

    def copy(self, ledger: Ledger) -> BettingRound:
        """A copy working on ``ledger`` (the copy of this round's ledger)."""
        other = BettingRound.__new__(BettingRound)
        for name in BettingRound.__slots__:
            setattr(other, name, getattr(self, name))
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
    for s in seats:
        pay = min(ante, ledger.stacks[s])
        ledger.pay(s, pay)
        out.append(Record("ante", s, pay, note="all-in" if ledger.stacks[s] == 0 else ""))
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
