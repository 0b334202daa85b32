"""One hand of Diamondback (:class:`Hand`): a deal of the engine, as a table plays it.

A hand goes

    [ante, ante matches]  deal  opening bet, matches  reveals  (bet, matches)*  stop  showdown

and every step is a move of the player to act (the dealer bets or stops, the
others match or fold, everyone reveals a card). The deal itself happens by
itself, from the cards the table hands the hand (shuffled, or prearranged).

A hand is a :class:`~pedron.engine.deal.Deal`: ``legal_actions()``,
``verify(action)``, ``apply(action)`` (and the named moves
:meth:`Hand.bet`, :meth:`Hand.stop`, :meth:`Hand.match`, :meth:`Hand.fold`,
:meth:`Hand.reveal`, :meth:`Hand.set_ante`); an illegal action raises a
pedron error and changes nothing.
"""

from __future__ import annotations

from typing import Any

import cython

from pedron.diamondback.cards import RANK_OF_ID, format_id, parse_ids
from pedron.diamondback.hand import STRENGTH, hand_by_strength
from pedron.diamondback.views import HandResult, HandView
from pedron.engine.actions import LegalAction, Record
from pedron.engine.deal import DONE, Deal, DealContext
from pedron.engine.moves import Ante, Bet, Fold, Match, MoveArgs, Reveal, Stop, card_reader
from pedron.engine.settle import Settlement, settle, void
from pedron.errors import IllegalActionError

__all__ = ["ANTE", "ANTE_MATCH", "BET", "DONE", "MATCH", "REVEAL", "Hand"]

# Phases of a hand.
ANTE = "ante"  # the dealer sets the ante (Dealer's Diamondback)
ANTE_MATCH = "ante_match"  # the others match it or decline
BET = "bet"  # the dealer bets (or, after the opening, stops)
MATCH = "match"  # the others match the dealer's bet or fold
REVEAL = "reveal"  # each player still in exposes one card

# Records and descriptors that recur hand after hand are built once (they are immutable).
_DEAL = [[Record("deal", s, 0, (c,), True) for c in range(43)] for s in range(4)]
_REVEAL = [[Record("reveal", s, 0, (c,)) for c in range(43)] for s in range(4)]
_FOLD = [Record("fold", s) for s in range(4)]
_STOP = [Record("stop", s) for s in range(4)]
_LEGAL_FOLD = LegalAction("fold")
_LEGAL_STOP = LegalAction("stop")
_HAND_NAMES: tuple[str, ...] = ("", *(hand_by_strength(v).name for v in range(1, 15)))
_KINDS = {
    ANTE: ("ante",), ANTE_MATCH: ("match", "fold"), MATCH: ("match", "fold"),
    BET: ("bet", "stop"), REVEAL: ("reveal",), DONE: (),
}


class _DiamondbackArgs(MoveArgs):
    """Diamondback's move arguments: card ids, or text such as ``"Q4"``."""

    cards = staticmethod(card_reader(parse_ids))  # type: ignore[assignment]


@cython.cclass
class Hand(Deal):
    """One hand of Diamondback: a deal at a Diamondback table.

    Create it with :meth:`Table.next_deal`. Attributes of interest:
    ``number``, ``dealer``, ``phase``, ``to_act``, ``dealt_in``, ``cards``
    (every hand: the hand object sees everything, give players :meth:`view`),
    ``history`` and ``result`` (a :class:`HandResult`) once ``done``.
    """

    rate: int  # chips a non-dealer pays for each chip the dealer bets
    candidates: tuple[int, ...]  # the seats that could be dealt in
    dealt_in: tuple[int, ...]
    queue: list[int]  # the seats to act in this step, the one to act first
    bet_size: int  # the dealer's current bet
    ante: int
    opening: bool  # the opening bet is still to come
    _lo: int  # the bet or ante the dealer may make now: _lo.._hi
    _hi: int

    ARGS = _DiamondbackArgs()
    _NORMALISE = frozenset(("reveal",))
    _CHIPLESS = frozenset(("reveal",))
    NAME = "hand"

    def __init__(self, ctx: DealContext) -> None:
        super().__init__(ctx)
        rules = self.rules
        self.rate = rules.rate
        self.candidates = ctx.seats
        self.dealt_in = ()
        self.queue = []
        self.bet_size = 0
        self.ante = 0
        self.opening = True
        self._lo = self._hi = 0
        self.phase = ANTE
        self.ledger.begin(self.order)
        if not (rules.has_ante and self._start_ante()):
            self._deal()
        self.to_act = self._actor()

    # -- queries ------------------------------------------------------------------------
    @cython.ccall
    def _actor(self) -> int | None:
        return self.queue[0] if self.queue else None

    # -- the rules of each move -----------------------------------------------------------
    @cython.ccall
    def _kinds(self) -> tuple[str, ...]:
        return _KINDS[self.phase]

    @cython.ccall
    def _option(self, kind: str) -> LegalAction | str:
        phase = self.phase
        if phase in (MATCH, ANTE_MATCH):
            if kind == "fold":
                return _LEGAL_FOLD
            actor = self.queue[0]
            if kind != "match":
                return f"seat {actor} may match or fold, not {kind!r}"
            stack = self.ledger.stacks[actor]
            need = self.bet_size * self.rate if phase == MATCH else self.ante
            if stack >= need:
                return LegalAction("match", need, need)
            if not self.rules.all_in:
                return (f"seat {actor} cannot match {need} in full and all-in matches are "
                        "off: fold")
            return LegalAction("match", stack, stack)
        to_act = self.to_act
        if phase == BET:
            if kind == "bet":
                return LegalAction("bet", self._lo, self._hi)
            if kind == "stop":
                return "the dealer must make the opening bet" if self.opening else _LEGAL_STOP
            if kind == "raise" or kind == "raise_by":
                return "nobody raises in Diamondback: the dealer bets, the others match"
            return f"the dealer may {'bet' if self.opening else 'bet or stop'}, not {kind!r}"
        if phase == REVEAL:
            if kind != "reveal":
                return f"seat {to_act} must reveal a card, not {kind!r}"
            assert to_act is not None
            return LegalAction("reveal", cards=self.cards[to_act])
        if phase == ANTE:
            if kind != "ante":
                return f"the dealer must set the ante, not {kind!r}"
            return LegalAction("ante", self._lo, self._hi)
        return f"hand {self.number} is over"

    def _refusal(self, kind: str) -> str:
        reason = self._option(kind)
        return reason if isinstance(reason, str) else super()._refusal(kind)

    @cython.ccall
    def _normalise(self, move: Any, legal: LegalAction | None) -> Any:
        if type(move) is Reveal and legal is not None and move.card not in legal.cards:
            card = move.card
            name = format_id(card) if 0 <= card < 43 else repr(card)
            raise IllegalActionError(f"seat {self.to_act} does not hold {name}")
        return move

    # -- playing a verified move ------------------------------------------------------------
    @cython.ccall
    def _play(self, move: Any) -> None:
        kind = move.kind
        actor = self.queue[0]
        led = self.ledger
        phase = self.phase
        hist = self.history
        if kind == "match":
            if phase == MATCH:
                need = self.bet_size * self.rate
                value = need if led.stacks[actor] >= need else led.stacks[actor]
                if value == need:
                    led.pay(actor, value, self.bet_size)
                else:  # all-in for less: whole units only, the odd chip at his top level
                    units = value // self.rate
                    led.pay(actor, value, units, units * self.rate)
                note = "" if led.stacks[actor] else "all-in"
            else:
                value = min(self.ante, led.stacks[actor])
                led.pay(actor, value)
                note = "ante" if led.stacks[actor] else "ante, all-in"
            hist.append(Record("match", actor, value, note=note))
            led.check()
            self.queue.pop(0)
            if not self.queue:
                self._after_matches()
        elif kind == "fold":
            led.fold(actor)
            hist.append(_FOLD[actor])
            self.queue.pop(0)
            if not self.queue:
                self._after_matches()
        elif kind == "reveal":
            card = move.card
            self.shown[actor] = (card,)
            hist.append(_REVEAL[actor][card])
            self.queue.pop(0)
            if not self.queue:
                self.opening = False
                self._start_bet()
        elif kind == "bet":
            value = move.amount
            led.pay(actor, value)
            self.bet_size = value
            hist.append(Record("bet", actor, value, note="" if led.stacks[actor] else "all-in"))
            led.check()
            stacks = led.stacks
            live = led.live
            self.queue = [s for s in self.order[:-1] if live[s] and stacks[s]]
            self.phase = MATCH
        elif kind == "stop":
            hist.append(_STOP[actor])
            self._showdown()
        else:  # ante
            value = move.amount
            led.pay(actor, value)
            self.ante = value
            hist.append(Record("ante", actor, value, note="" if led.stacks[actor] else "all-in"))
            led.check()
            stacks = led.stacks
            self.queue = [s for s in self.order[:-1] if stacks[s]]
            self.phase = ANTE_MATCH
            if not self.queue:  # pragma: no cover - the ante cap prevents it
                self._after_ante()

    # -- steps ------------------------------------------------------------------------------
    @cython.ccall
    def _start_ante(self) -> bool:
        """Open the ante round if an ante can be set; False to deal at once."""
        led = self.ledger
        dealer = self.dealer
        others = [led.stacks[s] for s in self.order[:-1]]
        hi = led.stacks[dealer]
        if self.rules.cap_to_stacks:
            hi = min(hi, max(others, default=0))
        if self.rules.ante_max is not None:
            hi = min(hi, self.rules.ante_max)
        if hi <= 0:
            return False
        self._lo, self._hi = min(self.rules.ante_min, hi), hi
        self.phase = ANTE
        self.queue = [dealer]
        return True

    @cython.ccall
    def _after_ante(self) -> None:
        if not self._others_in():
            # Nobody matched the ante: no deal, the dealer takes his ante back.
            done = void(self.ledger, self.history.append, "nobody matched the ante")
            self._end(done, None, (None,) * self.n)
            return
        self._deal()

    @cython.ccall
    def _deal(self) -> None:
        live = self.ledger.live
        order = tuple([s for s in self.order if live[s]])
        self.order = order
        self.dealt_in = order
        k = len(order)
        one_at_a_time = self.rules.deal_order == "one_at_a_time"
        receivers = order * 2 if one_at_a_time else tuple([s for s in order for _ in (0, 1)])
        deck = self.deck = self._shoe(k, receivers)
        dealt = deck.deal(2 * k)
        cards = self.cards
        if one_at_a_time:
            for i, s in enumerate(order):
                cards[s] = (dealt[i], dealt[i + k])
        else:
            for i, s in enumerate(order):
                cards[s] = (dealt[2 * i], dealt[2 * i + 1])
        hist = self.history
        for i in range(2 * k):  # the record of each card dealt, in order (made once)
            hist.append(_DEAL[receivers[i]][dealt[i]])
        self.opening = True
        self._start_bet()

    @cython.ccall
    def _bet_cap(self) -> int:
        """Largest dealer bet now (0: no bet is possible)."""
        led = self.ledger
        stacks = led.stacks
        live = led.live
        hi = stacks[self.dealer]
        if hi <= 0:
            return 0
        most = 0  # the largest stack of a player able to match
        for s in self.order[:-1]:
            if live[s] and stacks[s] > most:
                most = stacks[s]
        if not most:
            return 0
        rules = self.rules
        if rules.cap_to_stacks:
            most //= self.rate
            if most < hi:
                hi = most
        if rules.max_bet is not None and rules.max_bet < hi:
            hi = rules.max_bet
        return hi

    @cython.ccall
    def _start_bet(self) -> None:
        hi = self._bet_cap()
        if hi <= 0:
            # Nobody can bet or match any more: the betting ends by itself.
            if self.opening:
                self._start_reveal()
            else:
                self._showdown()
            return
        self._lo, self._hi = min(self.rules.min_bet, hi), hi
        self.phase = BET
        self.queue = [self.dealer]

    @cython.ccall
    def _after_matches(self) -> None:
        if self.phase == ANTE_MATCH:
            self._after_ante()
            return
        if not self._others_in():
            self._settle(None)
        elif self.opening:
            self._start_reveal()
        else:
            self._start_bet()

    @cython.ccall
    def _others_in(self) -> bool:
        """Whether anyone but the dealer is still in."""
        live = self.ledger.live
        return any([live[s] for s in self.order[:-1]])

    @cython.ccall
    def _start_reveal(self) -> None:
        live = self.ledger.live
        self.queue = [s for s in self.order if live[s]]
        self.phase = REVEAL

    @cython.ccall
    def _showdown(self) -> None:
        live = self.ledger.live
        hist = self.history
        cards = self.cards
        shown = self.shown
        strengths = [0] * self.n
        names: list[str | None] = [None] * self.n
        for s in self.order:
            if live[s]:
                a, b = cards[s]
                v = strengths[s] = STRENGTH[RANK_OF_ID[a]][RANK_OF_ID[b]]
                name = names[s] = _HAND_NAMES[v]
                hist.append(Record("show", s, 0, (a, b), note=name))
                shown[s] = (a, b) if shown[s] == (a,) else (b, a)
        self._settle(strengths, names)

    def _tie_carries(self, tied: int, eligible: int) -> bool:
        """Rule 7 (ties): every hand competing for a pot equal carries it over (the tie rule)."""
        if tied != eligible:
            return False
        rule = self.rules.tie_rule
        dealt = len(self.dealt_in)
        return rule == "showdown" or (rule == "seated" and (dealt == 2 or tied == dealt))

    @cython.ccall
    def _settle(self, strengths: list[int] | None, names: list[str | None] | None = None) -> None:
        """Divide the pots (``strengths`` is ``None`` when nothing is shown)."""
        done = settle(
            self.ledger, self.order, strengths, self.history.append,
            odd_chip_carry=self.rules.odd_chip == "carry", tie_carries=self._tie_carries,
        )
        main = done.main_winners
        self._end(done, main[0] if main else None,
                  tuple(names) if names is not None else (None,) * self.n)

    @cython.ccall
    def _end(
        self, done: Settlement, main_winner: int | None, hands: tuple[str | None, ...]
    ) -> None:
        self.queue = []
        self._finish(done, HandResult(
            number=self.number, dealer=self.dealer, showdown=hands.count(None) < len(hands),
            pots=done.pots, payouts=done.received, net=done.net, carry=done.carry,
            winners=done.winners, hands=hands, main_winner=main_winner,
        ))

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> HandView:
        """What ``seat`` may know of this hand (``None``: a spectator)."""
        return HandView(**self._view_fields(seat, self.dealt_in, self.bet_size))

    # -- the named moves ----------------------------------------------------------------------
    def bet(self, amount: int, seat: int | None = None) -> Record:
        """The dealer bets ``amount`` chips."""
        return self._move(Bet(amount, seat=seat))

    def stop(self, seat: int | None = None) -> Record:
        """The dealer stops betting: showdown."""
        return self._move(Stop(seat=seat))

    def match(self, seat: int | None = None) -> Record:
        """Match the dealer's bet (or the ante); all-in if short, as the rules allow."""
        return self._move(Match(seat=seat))

    def fold(self, seat: int | None = None) -> Record:
        """Fold (or, in the ante round, decline to be dealt in)."""
        return self._move(Fold(seat=seat))

    def reveal(self, card: int | str, seat: int | None = None) -> Record:
        """Expose ``card`` (an id or text such as ``"Q4"``), one of the two held."""
        return self._move(Reveal(card, seat=seat))

    def set_ante(self, amount: int, seat: int | None = None) -> Record:
        """Dealer's Diamondback: the dealer sets (and pays) the ante."""
        return self._move(Ante(amount, seat=seat))

    # -- state, copies --------------------------------------------------------------------------
    def getstate(self) -> dict[str, Any]:
        """Plain data of the hand (hidden cards included: for saving, not for players)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "order": list(self.order),
            "dealt_in": list(self.dealt_in),
            "cards": [list(c) for c in self.cards],
            "shown": [list(c) for c in self.shown],
            "phase": self.phase,
            "queue": list(self.queue),
            "bet": self.bet_size,
            "ante": self.ante,
            "opening": self.opening,
            "range": [self._lo, self._hi],
            **self._common_state(),
        }

    @cython.ccall
    def _copy_state(self, other: Any) -> None:
        other.queue = self.queue[:]

    def __repr__(self) -> str:
        return (
            f"<Diamondback Hand {self.number}: dealer={self.dealer} phase={self.phase} "
            f"to_act={self.to_act} pot={self.pot}>"
        )
