"""Diamondback at the table: a session (:class:`Table`) played hand by hand (:class:`Hand`).

A :class:`Table` seats 2-4 players with stacks, draws for the first dealer,
and plays :class:`Hand` after :class:`Hand` with the carry-over pot and the
dealer rotation of its :class:`~pedron.diamondback.rules.Rules`. A hand goes

    [ante, ante matches]  deal  opening bet, matches  reveals  (bet, matches)*  stop  showdown

and every step is an action of the player to act (the dealer bets or stops,
the others match or fold, everyone reveals a card). Chance steps (the draw for
the first dealer, the deal) happen by themselves from the table's generator or
from a prearranged deck order.

Each operation comes with a query: :meth:`Hand.legal_actions` lists what the
player to act may do (with amounts), :meth:`Hand.check_action` tells why an
action is illegal, and :meth:`Hand.act` applies a legal action, returning the
frozen :class:`~pedron.engine.actions.Record` appended to the history. An
illegal action raises a pedron error and changes nothing.

:meth:`Table.view` is what one player may know; :meth:`Table.to_json` /
:meth:`Table.from_json` save and restore exactly; :func:`replay` plays a
recorded session again from its seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID, Deck, format_id, parse_ids
from pedron.diamondback.hand import STRENGTH, hand_by_strength
from pedron.diamondback.rules import Rules
from pedron.engine import save
from pedron.engine import table as engine_table
from pedron.engine.actions import Action, LegalAction, Record, check_amount, check_seat
from pedron.engine.errors import (
    ActionTypeError,
    AmountError,
    GameOverError,
    IllegalActionError,
    InvariantError,
    NotYourTurnError,
    SaveError,
)
from pedron.engine.pots import Pot, split_amount
from pedron.engine.table import TableBase, seat_names
from pedron.engine.views import censor, json_of, view_json
from pedron.errors import PedronError, PedronTypeError

__all__ = [
    "FORMAT",
    "SAVE_VERSION",
    "Hand",
    "HandResult",
    "HandView",
    "Table",
    "TableView",
    "replay",
]

FORMAT = "pedron.diamondback.table"
SAVE_VERSION = 1

# Records that recur hand after hand are built once (they are immutable).
_DEAL = [[Record("deal", s, 0, (c,), True) for c in range(43)] for s in range(4)]
_REVEAL = [[Record("reveal", s, 0, (c,)) for c in range(43)] for s in range(4)]
_FOLD = [Record("fold", s) for s in range(4)]
_STOP = [Record("stop", s) for s in range(4)]
_LEGAL_FOLD = LegalAction("fold")
_LEGAL_STOP = LegalAction("stop")
# _LEFT_OF[n][d]: the seats of a table of n clockwise from d's left, d last.
_LEFT_OF = {n: [tuple((d + k) % n for k in range(1, n + 1)) for d in range(n)] for n in (2, 3, 4)}
_POT = [f"pot {i}" for i in range(8)]
_HAND_NAMES: tuple[str, ...] = ("", *(hand_by_strength(v).name for v in range(1, 15)))

# Phases of a hand.
ANTE = "ante"  # the dealer sets the ante (Dealer's Diamondback)
ANTE_MATCH = "ante_match"  # the others match it or decline
BET = "bet"  # the dealer bets (or, after the opening, stops)
MATCH = "match"  # the others match the dealer's bet or fold
REVEAL = "reveal"  # each player still in exposes one card
DONE = "done"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended.

    ``payouts[s]``: chips seat ``s`` received from the pots (his own uncalled
    chips included); ``net[s]``: his gain or loss over the hand; ``carry``: the
    chips carried over to the next hand; ``winners``: seats that won chips from
    other players, clockwise from the dealer's left; ``main_winner``: the first
    winner of the main pot clockwise from the dealer's left (``None`` if it
    carried over, held only the dealer's own chips, or nobody was dealt in);
    ``pots``: the pots as they were settled, main pot first; ``showdown``:
    whether hands were shown; ``hands[s]``: the name of the hand seat ``s``
    showed (``None`` if he did not show).
    """

    number: int
    dealer: int
    showdown: bool
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]
    net: tuple[int, ...]
    carry: int
    winners: tuple[int, ...]
    main_winner: int | None
    hands: tuple[str | None, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return view_json(self)


@dataclass(frozen=True)
class HandView:
    """One hand as seen by ``seat`` (``None``: a spectator).

    Only public facts and the viewer's own cards, as plain frozen data: nothing
    here leads to hidden cards, the deck or the generator. ``my_cards``: the
    viewer's two cards; ``exposed[s]``: the cards seat ``s`` has shown (his
    revealed card, both after a showdown); ``live[s]``: still in (at the end:
    as the hand ended); ``committed[s]``: chips he put in this hand;
    ``stacks``, ``pot`` (carry-over included), ``pots`` (main and side pots;
    at the end: as settled) and ``carry``; ``bet``: the
    dealer's current bet; ``legal_actions``: what the viewer may do, if it is
    his turn; ``history``: the records, other players' dealt cards censored;
    ``result``: the :class:`HandResult` once the hand is over.
    """

    seat: int | None
    number: int
    dealer: int
    phase: str
    to_act: int | None
    dealt_in: tuple[int, ...]
    my_cards: tuple[int, ...]
    exposed: tuple[tuple[int, ...], ...]
    live: tuple[bool, ...]
    committed: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[Pot, ...]
    carry: int
    bet: int
    legal_actions: tuple[LegalAction, ...]
    history: tuple[Record, ...]
    result: HandResult | None

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self)


@dataclass(frozen=True)
class TableView:
    """The table as ``seat`` may see it: names, stacks, dealer, carry-over,
    the table's public history and the current hand's :class:`HandView`."""

    seat: int | None
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    seated: tuple[bool, ...]
    dealer: int | None
    carry: int
    hands_played: int
    over: bool
    end_reason: str | None
    history: tuple[Record, ...]
    hand: HandView | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, {"hand": json_of})


def _card_arg(card: Any) -> int:
    """A card id from an int or text such as ``"Q4"``."""
    if isinstance(card, str):
        ids = parse_ids(card)
        if len(ids) != 1:
            raise IllegalActionError(f"name exactly one card, not {card!r}")
        return ids[0]
    if isinstance(card, bool) or not isinstance(card, int):
        raise ActionTypeError(f"a card must be an int id or text, not {type(card).__name__}")
    return card


class Hand:
    """One hand of Diamondback at a :class:`Table` (create it with :meth:`Table.next_hand`).

    Attributes of interest: ``number``, ``dealer``, ``phase``, ``to_act``,
    ``history`` (list of records), ``result`` (a :class:`HandResult` once
    ``done``). The hand object sees everything; give players :meth:`view`.
    """

    __slots__ = (
        "_hi",
        "_lo",
        "ante",
        "bet_size",
        "cards",
        "dealer",
        "dealt_in",
        "final",
        "history",
        "ledger",
        "number",
        "opening",
        "order",
        "phase",
        "queue",
        "rate",
        "result",
        "rules",
        "shown",
        "table",
    )

    def __init__(self, table: Table, number: int, dealer: int, candidates: list[int]) -> None:
        self.table = table
        self.rules = table.rules
        self.rate = table._rate
        self.ledger = table.ledger
        self.number = number
        self.dealer = dealer
        # Seats clockwise from the dealer's left, dealer last.
        n = table.n
        self.order: tuple[int, ...] = tuple(
            [s for s in _LEFT_OF[n][dealer] if s in candidates]
        )
        self.dealt_in: tuple[int, ...] = ()
        self.cards: list[tuple[int, ...]] = [()] * n
        self.shown: list[tuple[int, ...]] = [()] * n
        self.history: list[Record] = []
        self.result: HandResult | None = None
        self.final: tuple[tuple[bool, ...], tuple[int, ...]] | None = None
        self.queue: list[int] = []
        self.bet_size = 0
        self.ante = 0
        self.opening = True
        self._lo = self._hi = 0
        self.phase = ANTE
        self.ledger.begin(self.order)
        if table._has_ante and self._start_ante():
            return
        self._deal()

    # -- public queries -----------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once the hand is settled."""
        return self.phase == DONE

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self.queue[0] if self.queue else None

    @property
    def pot(self) -> int:
        """Chips in the pots now (the carry-over included)."""
        return self.ledger.in_hand + self.ledger.carry if self.phase != DONE else 0

    def pots(self) -> list[Pot]:
        """The main pot and side pots as they stand (empty once settled)."""
        return [] if self.phase == DONE else self.ledger.pots()

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do now, with amounts (empty when over)."""
        phase = self.phase
        if phase in (MATCH, ANTE_MATCH):
            seat = self.queue[0]
            stack = self.ledger.stacks[seat]
            need = self.bet_size * self.rate if phase == MATCH else self.ante
            if stack >= need:
                return [LegalAction("match", need, need), _LEGAL_FOLD]
            if self.rules.all_in:
                return [LegalAction("match", stack, stack), _LEGAL_FOLD]
            return [_LEGAL_FOLD]
        if phase == BET:
            bet = LegalAction("bet", self._lo, self._hi)
            return [bet] if self.opening else [bet, _LEGAL_STOP]
        if phase == REVEAL:
            return [LegalAction("reveal", None, None, self.cards[self.queue[0]])]
        if phase == ANTE:
            return [LegalAction("ante", self._lo, self._hi)]
        return []

    def check_action(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        try:
            self._validate(*self._unpack(action))
        except PedronError as exc:
            return str(exc)
        return None

    # -- acting -------------------------------------------------------------------
    def act(self, action: Action) -> Record:
        """Apply ``action`` for the player to act; returns its history record."""
        kind, value, seat = self._unpack(action)
        return self._apply(kind, value, seat)

    def bet(self, amount: int, seat: int | None = None) -> Record:
        """The dealer bets ``amount`` chips."""
        return self._apply("bet", amount, seat)

    def stop(self, seat: int | None = None) -> Record:
        """The dealer stops betting: showdown."""
        return self._apply("stop", None, seat)

    def match(self, seat: int | None = None) -> Record:
        """Match the dealer's bet (or the ante); all-in if short, as the rules allow."""
        return self._apply("match", None, seat)

    def fold(self, seat: int | None = None) -> Record:
        """Fold (or, in the ante round, decline to be dealt in)."""
        return self._apply("fold", None, seat)

    def reveal(self, card: int | str, seat: int | None = None) -> Record:
        """Expose ``card`` (an id or text such as ``"Q4"``), one of the two held."""
        return self._apply("reveal", card, seat)

    def set_ante(self, amount: int, seat: int | None = None) -> Record:
        """Dealer's Diamondback: the dealer sets (and pays) the ante."""
        return self._apply("ante", amount, seat)

    @staticmethod
    def _unpack(action: Action) -> tuple[str, Any, int | None]:
        if not isinstance(action, Action):
            raise ActionTypeError(f"expected an Action, not {type(action).__name__}")
        cards = action.cards
        if type(cards) is not tuple and not isinstance(cards, (tuple, list)):
            raise ActionTypeError(f"action cards must be a tuple, not {type(cards).__name__}")
        if action.kind == "reveal":
            if len(cards) != 1 or action.amount is not None:
                raise IllegalActionError("a reveal names exactly one card")
            return "reveal", cards[0], action.seat
        if cards:
            raise IllegalActionError(f"a {action.kind!r} names no cards")
        return action.kind, action.amount, action.seat

    def _validate(self, kind: str, value: Any, seat: int | None) -> Any:
        """Check an action without changing anything; returns the normalized value."""
        phase = self.phase
        if phase == DONE:
            raise GameOverError(f"hand {self.number} is over")
        actor = self.queue[0]
        if seat is not None and (type(seat) is not int or seat != actor):
            check_seat(seat, self.table.n)  # a bad type or range says so
            raise NotYourTurnError(f"seat {seat} acted but seat {actor} is to act")
        if phase in (MATCH, ANTE_MATCH):
            if kind == "fold":
                if value is not None:
                    raise AmountError("a fold takes no amount")
                return None
            if kind == "match":
                need = self.bet_size * self.rate if phase == MATCH else self.ante
                stack = self.ledger.stacks[actor]
                if stack < need:
                    if not self.rules.all_in:
                        raise IllegalActionError(
                            f"seat {actor} cannot match {need} in full and all-in "
                            "matches are off: fold"
                        )
                    need = stack
                if value is not None and (type(value) is not int or value != need):
                    raise AmountError(f"matching costs {need} chips, not {value!r}")
                return need
            raise IllegalActionError(f"seat {actor} may match or fold, not {kind!r}")
        if phase == BET:
            if kind == "bet":
                x = check_amount(value, "a bet")
                if x < self._lo or x > self._hi:
                    raise AmountError(f"the dealer may bet {self._lo}..{self._hi} chips, not {x}")
                return x
            if kind == "stop":
                if self.opening:
                    raise IllegalActionError("the dealer must make the opening bet")
                if value is not None:
                    raise AmountError("a stop takes no amount")
                return None
            raise IllegalActionError(
                f"the dealer may {'bet' if self.opening else 'bet or stop'}, not {kind!r}"
            )
        if phase == REVEAL:
            if kind != "reveal":
                raise IllegalActionError(f"seat {actor} must reveal a card, not {kind!r}")
            card = value if type(value) is int else _card_arg(value)
            if card not in self.cards[actor]:
                raise IllegalActionError(f"seat {actor} does not hold card {card!r}")
            return card
        # ANTE
        if kind != "ante":
            raise IllegalActionError(f"the dealer must set the ante, not {kind!r}")
        x = check_amount(value, "the ante")
        if x < self._lo or x > self._hi:
            raise AmountError(f"the ante may be {self._lo}..{self._hi} chips, not {x}")
        return x

    def _apply(self, kind: str, value: Any, seat: int | None) -> Record:
        value = self._validate(kind, value, seat)
        # (A hand replaced by the table's next hand is DONE: _validate refused it.)
        table = self.table
        actor = self.queue[0]
        led = self.ledger
        phase = self.phase
        table._log.append(("act", kind, value))
        if kind == "match":
            if phase == MATCH:
                need = self.bet_size * self.rate
                if value == need:
                    led.pay(actor, value, self.bet_size)
                else:  # all-in for less: whole units only, the odd chip at his top level
                    units = value // self.rate
                    led.pay(actor, value, units, units * self.rate)
                note = "" if led.stacks[actor] else "all-in"
            else:
                led.pay(actor, value)
                note = "ante" if led.stacks[actor] else "ante, all-in"
            rec = Record("match", actor, value, (), False, note)
            self.history.append(rec)
            led.check()
            self.queue.pop(0)
            if not self.queue:
                self._after_matches()
        elif kind == "fold":
            led.fold(actor)
            rec = _FOLD[actor]
            self.history.append(rec)
            self.queue.pop(0)
            if not self.queue:
                self._after_matches()
        elif kind == "reveal":
            self.shown[actor] = (value,)
            rec = _REVEAL[actor][value]
            self.history.append(rec)
            self.queue.pop(0)
            if not self.queue:
                self.opening = False
                self._start_bet()
        elif kind == "bet":
            led.pay(actor, value)
            self.bet_size = value
            rec = Record("bet", actor, value, (), False, "" if led.stacks[actor] else "all-in")
            self.history.append(rec)
            led.check()
            stacks = led.stacks
            live = led.live
            self.queue = [s for s in self.order[:-1] if live[s] and stacks[s]]
            self.phase = MATCH
        elif kind == "stop":
            rec = _STOP[actor]
            self.history.append(rec)
            self._showdown()
        else:  # ante
            led.pay(actor, value)
            self.ante = value
            rec = Record("ante", actor, value, note="all-in" if led.stacks[actor] == 0 else "")
            self.history.append(rec)
            led.check()
            stacks = led.stacks
            self.queue = [s for s in self.order[:-1] if stacks[s]]
            self.phase = ANTE_MATCH
            if not self.queue:  # pragma: no cover - the ante cap prevents it
                self._after_ante()
        return rec

    # -- steps ----------------------------------------------------------------------
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

    def _after_ante(self) -> None:
        led = self.ledger
        live = led.live
        if not any(live[s] for s in self.order[:-1]):
            # Nobody matched the ante: no deal, the dealer takes his ante back.
            self._settle(None, void=True)
            return
        self._deal()

    def _deal(self) -> None:
        table = self.table
        live = self.ledger.live
        order = tuple(s for s in self.order if live[s])
        self.order = order
        self.dealt_in = order
        deck = table._deck_for(len(order))
        k = len(order)
        dealt = deck.deal(2 * k)
        cards = self.cards
        hist = self.history
        if self.rules.deal_order == "one_at_a_time":
            for i, s in enumerate(order):
                cards[s] = (dealt[i], dealt[i + k])
            for i in range(2 * k):
                hist.append(_DEAL[order[i % k]][dealt[i]])
        else:
            for i, s in enumerate(order):
                cards[s] = (dealt[2 * i], dealt[2 * i + 1])
                hist.append(_DEAL[s][dealt[2 * i]])
                hist.append(_DEAL[s][dealt[2 * i + 1]])
        self.opening = True
        self._start_bet()

    def _bet_cap(self) -> int:
        """Largest dealer bet now (0: no bet is possible)."""
        led = self.ledger
        stacks = led.stacks
        live = led.live
        hi = stacks[self.dealer]
        if hi <= 0:
            return 0
        rate = self.rate
        able = [stacks[s] // rate for s in self.order[:-1] if live[s] and stacks[s]]
        if not able:
            return 0
        if self.rules.cap_to_stacks:
            hi = min(hi, max(able))
        if self.rules.max_bet is not None:
            hi = min(hi, self.rules.max_bet)
        return hi

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

    def _after_matches(self) -> None:
        if self.phase == ANTE_MATCH:
            self._after_ante()
            return
        live = self.ledger.live
        if not any(live[s] for s in self.order[:-1]):
            self._settle(None)
        elif self.opening:
            self._start_reveal()
        else:
            self._start_bet()

    def _start_reveal(self) -> None:
        live = self.ledger.live
        self.queue = [s for s in self.order if live[s]]
        self.phase = REVEAL

    def _showdown(self) -> None:
        live = self.ledger.live
        hist = self.history
        cards = self.cards
        shown = self.shown
        strengths = [0] * self.table.n
        names: list[str | None] = [None] * self.table.n
        for s in self.order:
            if live[s]:
                a, b = cards[s]
                v = strengths[s] = STRENGTH[RANK_OF_ID[a]][RANK_OF_ID[b]]
                name = names[s] = _HAND_NAMES[v]
                hist.append(Record("show", s, 0, (a, b), False, name))
                shown[s] = (a, b) if shown[s] == (a,) else (b, a)
        self._settle(strengths, names)

    def _settle(
        self,
        strengths: list[int] | None,
        names: list[str | None] | None = None,
        void: bool = False,
    ) -> None:
        """Divide the pots (``strengths`` is ``None`` when nothing is shown)."""
        led = self.ledger
        rules = self.rules
        n = self.table.n
        dealer = self.dealer
        hist = self.history
        showdown = strengths is not None
        received = [0] * n
        carry = 0
        winners: list[int] = []
        main_winner: int | None = None
        if void:
            # Nobody matched the ante: the dealer takes his ante back, the carry stays.
            pots: list[Pot] = []
            received[dealer] = led.committed[dealer]
            carry = led.carry
            hist.append(Record("return", dealer, received[dealer], note="nobody matched the ante"))
        else:
            pots = led.pots()
        dealt = len(self.dealt_in)
        # Seats in odd-chip order: clockwise from the dealer's left.
        rank = self.order.index
        for index, pot in enumerate(pots):
            amount = pot.amount
            eligible = pot.eligible
            if len(eligible) == 1:
                s = eligible[0]
                received[s] += amount
                if pot.uncalled:
                    hist.append(Record("return", s, amount, (), False, _POT[index]))
                else:
                    note = _POT[index] if showdown else _POT[index] + ", uncontested"
                    hist.append(Record("win", s, amount, (), False, note))
                    if s not in winners:
                        winners.append(s)
                    if index == 0:
                        main_winner = s
                continue
            assert strengths is not None
            best = max(strengths[s] for s in eligible)
            tied = [s for s in eligible if strengths[s] == best]
            if len(tied) > 1:
                tied.sort(key=rank)
            k = len(tied)
            if k == len(eligible) and (
                rules.tie_rule == "showdown"
                or (rules.tie_rule == "seated" and (dealt == 2 or k == dealt))
            ):
                carry += amount
                hist.append(Record("carry", None, amount, note=f"pot {index}: every hand equal"))
                continue
            share = amount
            if k > 1 and rules.odd_chip == "carry" and amount % k:
                odd = amount % k
                share -= odd
                carry += odd
                hist.append(Record("carry", None, odd, note=f"pot {index}: odd chips"))
            note = _POT[index] + ", split" if k > 1 else _POT[index]
            for s, chips in split_amount(share, tied):
                received[s] += chips
                hist.append(Record("win", s, chips, (), False, note))
                if s not in winners:
                    winners.append(s)
            if index == 0:
                main_winner = tied[0]
        committed = led.committed
        self.final = (tuple(led.live), tuple(committed))
        net = tuple([received[s] - committed[s] for s in range(n)])
        led.settle([(s, c) for s, c in enumerate(received) if c], carry)
        if len(winners) > 1:
            winners.sort(key=rank)
        self.result = HandResult(
            self.number,
            dealer,
            showdown,
            tuple(pots),
            tuple(received),
            net,
            carry,
            tuple(winners),
            main_winner,
            tuple(names) if names is not None else (None,) * n,
        )
        self.queue = []
        self.phase = DONE
        self.table._hand_over(self)

    # -- views, state ---------------------------------------------------------------
    def view(self, seat: int | None) -> HandView:
        """What ``seat`` may know of this hand (``None``: a spectator)."""
        if seat is not None:
            check_seat(seat, self.table.n)
        led = self.ledger
        if self.final is not None:
            live, committed = self.final
        else:
            live, committed = tuple(led.live), tuple(led.committed)
        return HandView(
            seat=seat,
            number=self.number,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            dealt_in=self.dealt_in,
            my_cards=self.cards[seat] if seat is not None else (),
            exposed=tuple(self.shown),
            live=live,
            committed=committed,
            stacks=tuple(led.stacks),
            pot=self.pot,
            pots=self.result.pots if self.result is not None else tuple(self.pots()),
            carry=led.carry,
            bet=self.bet_size,
            legal_actions=tuple(self.legal_actions()) if seat == self.to_act else (),
            history=censor(self.history, seat),
            result=self.result,
        )

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
            "history": [r.to_json() for r in self.history],
            "result": json_of(self.result),
            "final": None if self.final is None else [list(x) for x in self.final],
        }

    def _copy(self, table: Table) -> Hand:
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.table = table
        other.ledger = table.ledger
        other.cards = self.cards[:]
        other.shown = self.shown[:]
        other.history = self.history[:]
        other.queue = self.queue[:]
        return other

    def clone(self) -> Hand:
        """An independent copy of the whole table, returned as its current hand."""
        hand = self.table.clone()._hand
        assert hand is not None
        return hand

    def __repr__(self) -> str:
        return (
            f"<Diamondback Hand {self.number}: dealer={self.dealer} phase={self.phase} "
            f"to_act={self.to_act} pot={self.pot}>"
        )


def _check_snapshot(setup: dict[str, Any], state: dict[str, Any]) -> None:
    """Clear errors for the usual kinds of tampering, before the full replay check."""
    try:
        n = len(setup["names"])
        ledger = engine_table.check_ledger_snapshot(setup, state)
        hand = state.get("hand")
        if hand is not None:
            size = DECK_SIZES[max(len(hand["dealt_in"]), 2)]
            save.check_unique_cards(hand["cards"], size, format_id)
            for s, shown in enumerate(hand["shown"]):
                if not set(shown) <= set(hand["cards"][s]):
                    raise SaveError(f"seat {s} shows a card he does not hold")
            queue = hand["queue"]
            if hand["phase"] == DONE:
                if queue:
                    raise SaveError("a finished hand has a player to act")
            elif not queue or not all(
                isinstance(s, int) and 0 <= s < n and ledger["live"][s] for s in queue
            ):
                raise SaveError("the player to act is not a live seat of this hand")
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise SaveError(f"malformed saved state: {exc!r}") from None


class Table(TableBase):
    """A Diamondback session of 2-4 players.

    ``Table(players=2, stacks=100, rules=Rules(), seed=None, *, dealer=None,
    order=None, orders=None)``: ``players`` is a count or a list of names;
    ``stacks`` one stack for all or one per player (the buy-ins); ``seed`` an
    int, a :class:`~pedron.Generator` or ``None`` (OS entropy); ``dealer`` skips
    the draw for the first dealer; ``order``/``orders`` prearrange the next
    shuffle(s): each is a list of card ids put on top of the stock (top first),
    the rest of the deck following in id order. The first shuffle is the draw
    for the first dealer, unless ``dealer`` is given. ``keep_hands=True`` keeps
    every finished hand's history (``past_hands``) and result (``results``);
    off by default, since a long session would hold them all in memory.

    **Threads**: a table (with its hands/games) is not locked and must not be
    used by two threads at once: concurrent actions can corrupt it (chips,
    turn, a save that no longer restores). Give each thread its own table, or
    make every call on a shared table, queries and views included, under one
    lock of your own. Views, records and legal actions are frozen data and may
    be shared freely. A :class:`~pedron.Generator` passed as ``seed`` is used,
    not copied: give tables in different threads different generators (e.g.
    ``Generator(parent)``) or seeds.
    """

    FORMAT = FORMAT
    SAVE_VERSION = SAVE_VERSION
    _RULES = Rules
    _DEAL_OP = "hand"
    _KEEP = "keep_hands"
    _ORDER_CARDS = (parse_ids, format_id)
    _check_snapshot = staticmethod(_check_snapshot)

    rules: Rules
    results: list[HandResult]

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        stacks: int | Sequence[int] = 100,
        rules: Rules | None = None,
        seed: Any = None,
        *,
        dealer: int | None = None,
        order: Sequence[int] | None = None,
        orders: Iterable[Sequence[int]] | None = None,
        keep_hands: bool = False,
    ) -> None:
        if not isinstance(keep_hands, bool):
            raise PedronTypeError("keep_hands must be a bool")
        names = seat_names(players, 2, 4, "Diamondback")
        n = len(names)
        stack_list = engine_table.stack_list(stacks, n)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise PedronTypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if dealer is not None:
            dealer = check_seat(dealer, n)
        self._set_up(names, stack_list, rules, seed, dealer, order, orders, keep_hands)
        self._rate = rules.rate
        self._has_ante = rules.has_ante
        self._winner_deals = rules.winner_deals
        self.keep_hands = keep_hands
        self._decks: dict[int, Deck] = {}
        self._hand: Hand | None = None
        self.hands_played = 0
        self.past_hands: list[tuple[Record, ...]] = []
        self.votes: set[int] = set()
        self.dealer: int | None = dealer
        if dealer is None:
            self.dealer = self._draw_for_dealer()
        self.history.append(Record("dealer", self.dealer))
        self._cands = self._candidates()

    # -- chance -------------------------------------------------------------------------
    def _deck_for(self, players: int) -> Deck:
        """The shuffled (or prearranged) deck for ``players`` players."""
        deck = self._decks.get(players)
        if deck is None:
            deck = self._decks[players] = Deck(players, self.rng, shuffle=False)
        if self._orders:
            prefix = self._orders.pop(0)
            size = DECK_SIZES[players]
            top = [c for c in prefix if c < size]
            seen = set(top)
            # A prearranged order: no shuffle, so no randomness is used.
            deck = self._decks[players] = Deck(
                players, self.rng, order=top + [c for c in range(size) if c not in seen]
            )
        else:
            deck.collect()
        return deck

    def _draw_for_dealer(self) -> int:
        """Every player draws a card; the highest rank deals; ties draw again."""
        drawing = [s for s in range(self.n) if self.seated[s]]
        deck = self._deck_for(self.n)
        while True:
            ranks = {}
            for s in drawing:
                if not len(deck):
                    deck = self._deck_for(self.n)
                c = deck.deal_one()
                ranks[s] = RANK_OF_ID[c]
                self.history.append(Record("draw", s, 0, (c,), note=format_id(c)))
            top = max(ranks.values())
            drawing = [s for s in drawing if ranks[s] == top]
            if len(drawing) == 1:
                return drawing[0]
            if self.rules.draw_ties == "fresh":
                deck = self._deck_for(self.n)

    # -- the session ----------------------------------------------------------------------
    @property
    def hand(self) -> Hand | None:
        """The current (or last finished) hand, ``None`` before the first."""
        return self._hand

    @property
    def last_result(self) -> HandResult | None:
        """The result of the last finished hand (``None`` before the first)."""
        hand = self._hand
        if hand is not None and hand.result is not None:
            return hand.result
        return None

    @property
    def in_progress(self) -> bool:
        """True while a hand is being played."""
        return self._hand is not None and self._hand.phase != DONE

    def _candidates(self) -> list[int]:
        """Seats that would be dealt in now."""
        stacks = self.ledger.stacks
        if self.ledger.carry:
            return [s for s in range(self.n) if self.seated[s]]
        return [s for s in range(self.n) if self.seated[s] and stacks[s] > 0]

    def next_hand(self, order: Sequence[int] | None = None) -> Hand:
        """Start the next hand (``order`` prearranges its deck) and return it."""
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError("the current hand is not finished")
        if order is not None:
            self._push_order(order)
        candidates = self._cands
        dealer = self.dealer
        if dealer is None or dealer not in candidates:  # pragma: no cover - kept valid
            raise InvariantError("no valid dealer for the next hand")
        self.votes.clear()
        self._log.append(["hand"])
        self.hands_played += 1
        hand = self._hand = Hand(self, self.hands_played, dealer, candidates)
        return hand

    def act(self, action: Action) -> Record:
        """Apply ``action`` to the current hand."""
        hand = self._hand
        if hand is None:
            raise IllegalActionError("no hand has been dealt: call next_hand()")
        return hand.act(action)

    def legal_actions(self) -> list[LegalAction]:
        """Legal actions in the current hand (empty between hands)."""
        hand = self._hand
        return hand.legal_actions() if hand is not None else []

    def _hand_over(self, hand: Hand) -> None:
        """Book-keeping after a hand: results, busted players, the next dealer."""
        self._hand = hand
        result = hand.result
        assert result is not None
        if self.keep_hands:
            self.results.append(result)
            self.past_hands.append(tuple(hand.history))
        led = self.ledger
        if not led.carry:
            stacks = led.stacks
            seated = self.seated
            for s in range(self.n):
                if seated[s] and not stacks[s]:
                    seated[s] = False
                    self.history.append(Record("out", s, 0, (), False, "no chips left"))
        rules = self.rules
        dealer = hand.dealer
        if self._winner_deals:
            if result.main_winner is not None:
                nxt = result.main_winner
            elif rules.carry_dealer == "keep":
                nxt = dealer
            else:
                nxt = (dealer + 1) % self.n
        else:
            nxt = (dealer + 1) % self.n
        self._check_over(nxt)

    def _check_over(self, nxt: int | None) -> None:
        """Settle who deals next, and whether the session can go on."""
        candidates = self._candidates()
        if self.rules.variant == "match":
            led = self.ledger
            holders = [s for s in range(self.n) if led.stacks[s]]
            if len(holders) == 1 and led.stacks[holders[0]] == led.total:
                self._end("one player holds all the coins")
                return
        if len(candidates) < 2:
            self._end("fewer than two players can play")
            return
        if nxt is None or nxt not in candidates:
            start = self.dealer if nxt is None else nxt
            assert start is not None
            nxt = next(
                s for s in ((start + k) % self.n for k in range(self.n)) if s in candidates
            )
        if nxt != self.dealer:
            self.history.append(Record("dealer", nxt))
        self.dealer = nxt
        self._cands = candidates

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        led = self.ledger
        if led.carry:
            dealer = self.dealer if self.dealer is not None else 0
            seats = [
                s for s in ((dealer + k) % self.n for k in range(1, self.n + 1)) if self.seated[s]
            ]
            for s, chips in led.share_carry(seats):
                self.history.append(Record("win", s, chips, note="carry-over shared at the end"))
        self.history.append(Record("end", None, note=reason))

    def _between_hands(self, what: str) -> None:
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError(f"cannot {what} during a hand")

    def leave(self, seat: int) -> int:
        """Seat ``seat`` leaves between hands; returns the chips he takes.

        In Match Diamondback he first forfeits his winnings (chips above his
        buy-in) into the pot for the next hand.
        """
        seat = check_seat(seat, self.n)
        self._between_hands("leave")
        if not self.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        led = self.ledger
        if self.rules.variant == "match":
            winnings = max(0, led.stacks[seat] - self.buy_in[seat])
            if winnings:
                led.forfeit(seat, winnings)
                self.history.append(Record("forfeit", seat, winnings, note="winnings into the pot"))
        taken = led.withdraw(seat)
        self.seated[seat] = False
        self.votes.discard(seat)
        self.history.append(Record("leave", seat, taken))
        self._log.append(["leave", seat])
        nxt = self.dealer if self.dealer != seat else (seat + 1) % self.n
        self._check_over(nxt)
        return taken

    def vote_end(self, seat: int, agree: bool = True) -> bool:
        """Match Diamondback: ``seat`` agrees (or no longer agrees) to end the match.

        The match ends when a majority of the seated players agree (with two
        players: both). Returns whether it is over.
        """
        seat = check_seat(seat, self.n)
        if not isinstance(agree, bool):
            raise ActionTypeError("agree must be a bool")
        if self.rules.variant != "match":
            raise IllegalActionError("only a Match Diamondback ends by agreement")
        self._between_hands("vote")
        if not self.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        if agree:
            self.votes.add(seat)
        else:
            self.votes.discard(seat)
        self.history.append(Record("vote", seat, int(agree)))
        self._log.append(["vote", seat, agree])
        seated = sum(self.seated)
        if 2 * len(self.votes) > seated:
            self._end("a majority agreed to end the match")
        return self.over

    def close(self) -> None:
        """End the session between hands (not a Match: that ends by agreement)."""
        if self.rules.variant == "match":
            raise IllegalActionError("a Match Diamondback ends by agreement (vote_end)")
        self._between_hands("close the session")
        self._log.append(["close"])
        self._end("closed")

    # -- views -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` (``None``: a spectator) may know of the table."""
        if seat is not None:
            check_seat(seat, self.n)
        hand = self._hand
        return TableView(
            seat=seat,
            names=self.names,
            stacks=tuple(self.ledger.stacks),
            seated=tuple(self.seated),
            dealer=self.dealer,
            carry=self.ledger.carry,
            hands_played=self.hands_played,
            over=self.over,
            end_reason=self.end_reason,
            history=tuple(self.history),
            hand=None if hand is None else hand.view(seat),
        )

    # -- saving, cloning, replaying ----------------------------------------------------------
    def getstate(self) -> dict[str, Any]:
        """The whole state as plain data (hidden information included)."""
        return {
            "seated": list(self.seated),
            "dealer": self.dealer,
            "hands_played": self.hands_played,
            "over": self.over,
            "end_reason": self.end_reason,
            "votes": sorted(self.votes),
            "history": [r.to_json() for r in self.history],
            "ledger": self.ledger.getstate(),
            "rng": self.rng.getstate(),
            "orders": [list(o) for o in self._orders],
            "hand": None if self._hand is None else self._hand.getstate(),
        }

    # the hooks of TableBase: the deal, and how logged actions read back
    def _next_deal(self) -> Hand:
        return self.next_hand()

    def _current(self) -> Hand | None:
        return self._hand

    def _logged_action(self, kind: str, value: Any) -> Action:
        if kind == "reveal":
            return Action("reveal", cards=(value,))
        return Action(kind, value if kind in ("bet", "ante") else None)

    def _replay_other(self, op: Any, entry: Sequence[Any]) -> None:
        if op == "leave":
            self.leave(entry[1])
        elif op == "vote":
            self.vote_end(entry[1], entry[2])
        else:
            super()._replay_other(op, entry)

    def clone(self) -> Table:
        """An independent copy in the same state (generator included)."""
        other = self._clone_base()
        other._decks = {}
        other.past_hands = self.past_hands[:]
        other.votes = set(self.votes)
        other._hand = None if self._hand is None else self._hand._copy(other)
        return other

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        state = "over" if self.over else f"dealer={self.dealer}"
        return (
            f"<Diamondback Table ({self.rules.variant}) {stacks}; carry={self.ledger.carry}; "
            f"hands={self.hands_played}; {state}>"
        )


def replay(
    actions: Iterable[Action | Sequence[Any]],
    *,
    players: int | Sequence[str] = 2,
    stacks: int | Sequence[int] = 100,
    rules: Rules | None = None,
    seed: Any = 0,
    dealer: int | None = None,
    orders: Iterable[Sequence[int]] | None = None,
    keep_hands: bool = False,
) -> Table:
    """Play a session again: the same setup and seed, then ``actions`` in order.

    ``actions`` are :class:`Action` objects (a new hand is dealt whenever one is
    needed) or entries of :attr:`Table.log`. The result equals the original
    table event for event.
    """
    table = Table(
        players, stacks, rules, seed, dealer=dealer, orders=orders, keep_hands=keep_hands
    )
    for entry in actions:
        table._replay_entry(entry)
    return table
