"""A Diamondback session: the :class:`Table` of 2-4 players, played hand by hand.

A :class:`Table` seats 2-4 players with stacks, draws for the first dealer,
and plays :class:`~pedron.diamondback.deal.Hand` after hand with the
carry-over pot and the dealer rotation of its
:class:`~pedron.diamondback.rules.Rules`; Match Diamondback's votes and
players leaving happen between hands. Those rules between hands are
:class:`DiamondbackSession`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cython

from pedron._kernels.rng import Generator
from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID, Deck, format_id, parse_ids
from pedron.diamondback.deal import DONE, Hand
from pedron.diamondback.history import HandHistory
from pedron.diamondback.rules import Rules
from pedron.diamondback.views import TableView
from pedron.engine.actions import Record, fields_repr
from pedron.engine.deal import Deal
from pedron.engine.restore import check_turn, check_unique_cards
from pedron.engine.seats import next_clockwise
from pedron.engine.table import CardGame, CardText, Session, SessionSaving
from pedron.engine.table import Table as _Table
from pedron.errors import IllegalActionError, InvariantError, SaveError

__all__ = ["GAME", "DiamondbackSaving", "DiamondbackSession", "DiamondbackSessionState", "Table",
           "replay"]


class DiamondbackSession(Session):
    """Diamondback's rules between hands (a :class:`Table`'s ``session``).

    ``votes``: Match Diamondback, the seats agreeing to end the match;
    ``candidates``: the seats the next hand would deal in (with a carry-over,
    players without chips too).
    """

    __slots__ = ("candidates", "votes")

    def __init__(self) -> None:
        self.votes: set[int] = set()
        self.candidates: list[int] = []

    def copy(self) -> DiamondbackSession:
        other = DiamondbackSession()
        other.votes = set(self.votes)
        other.candidates = self.candidates[:]
        return other

    @staticmethod
    def dealable(table: _Table[Any]) -> list[int]:
        """Seats that would be dealt in now (with a carry-over, players without chips too)."""
        if table.ledger.carry:
            return [s for s in range(table.n) if table.seated[s]]
        return [s for s in range(table.n) if table.seated[s] and table.ledger.stacks[s] > 0]

    # -- the session's rules --------------------------------------------------------------
    def start(self, table: _Table[Any]) -> None:
        self.votes = set()
        self.candidates = self.dealable(table)

    def next_deal(self, table: _Table[Any], number: int) -> Hand:
        candidates = self.candidates
        if table.dealer not in candidates:  # pragma: no cover - kept valid
            raise InvariantError("no valid dealer for the next hand")
        self.votes.clear()
        allowed = [s in candidates for s in range(table.n)]
        return Hand(table.deal_context(number, table.seats_from_left(allowed)))

    def deal_over(self, table: _Table[Any], hand: Deal) -> None:
        """After a hand: busted players, the next dealer, the end."""
        assert isinstance(hand, Hand)
        if not table.ledger.carry:
            table.out_of_chips()
        rules = table.rules
        dealer = hand.dealer
        nxt = (dealer + 1) % table.n
        if rules.winner_deals:
            if hand.result.main_winner is not None:
                nxt = hand.result.main_winner
            elif rules.carry_dealer == "keep":
                nxt = dealer
        self._next_dealer(table, nxt)

    def _next_dealer(self, table: _Table[Any], nxt: int | None) -> None:
        """Settle who deals next, and whether the session can go on."""
        candidates = self.dealable(table)
        if table.rules.variant == "match":
            led = table.ledger
            holders = [s for s in range(table.n) if led.stacks[s]]
            if len(holders) == 1 and led.stacks[holders[0]] == led.total:
                table.end("one player holds all the coins")
                return
        if len(candidates) < 2:
            table.end("fewer than two players can play")
            return
        if table.end_if_closing():
            return
        if nxt is None or nxt not in candidates:
            start = table.dealer if nxt is None else nxt
            allowed = [s in candidates for s in range(table.n)]
            first = start if allowed[start] else next_clockwise(start, table.n, allowed)
            assert first is not None
            nxt = first
        table.set_dealer(nxt)
        self.candidates = candidates

    def deal_seats(self, table: _Table[Any]) -> Sequence[int]:
        return self.candidates  # (in Dealer's Diamondback, those who match the ante)

    def dealer_deck(self, table: _Table[Any]) -> Deck:
        # The first dealer's draw takes a queued deck order (the order of the deck the
        # players draw from), unless the dealer was agreed.
        plans = table.plans
        if plans and plans[0].order is not None:
            table.shoe.plan = plans.pop(0)
            deck = table.shoe(table.n)
            table.shoe.plan = None
            return deck  # type: ignore[no-any-return]
        return table.shoe.fresh(table.n)  # type: ignore[no-any-return]

    def draw_ties_fresh(self, table: _Table[Any]) -> bool:
        return bool(table.rules.draw_ties == "fresh")

    # -- between hands ------------------------------------------------------------------------
    def close_refused(self, table: _Table[Any]) -> str | None:
        if table.rules.variant == "match":
            return "a Match Diamondback ends by agreement (vote_end)"
        return None

    def leave(self, table: _Table[Any], seat: int) -> int:
        """Seat ``seat`` leaves between hands; returns the chips he takes.

        In Match Diamondback he first forfeits his winnings (chips above his
        buy-in) into the pot for the next hand.
        """
        table.between_deals("leave")
        if not table.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        led = table.ledger
        winnings = self.forfeit(table, seat, led.stacks[seat])
        if winnings:
            led.forfeit(seat, winnings)
            table.event(Record("forfeit", seat, winnings, note="winnings into the pot"))
        taken = led.withdraw(seat)
        table.seated[seat] = False
        self.votes.discard(seat)
        table.event(Record("leave", seat, taken))
        table.journal.record(table, ["leave", seat])
        self._next_dealer(table, table.dealer if table.dealer != seat else (seat + 1) % table.n)
        return taken

    def forfeit(self, table: _Table[Any], seat: int, chips: int) -> int:
        """What a player leaving with ``chips`` forfeits into the pot for the next hand:
        in Match Diamondback his winnings (the chips above his buy-in)."""
        if table.rules.variant != "match":
            return 0
        return max(0, chips - table.buy_in[seat])

    def vote(self, table: _Table[Any], seat: int, agree: bool) -> bool:
        """Match Diamondback: ``seat`` agrees (or no longer agrees) to end the match.

        The match ends when a majority of the seated players agree (with two
        players: both). Returns whether it is over.
        """
        if table.rules.variant != "match":
            raise IllegalActionError("only a Match Diamondback ends by agreement")
        table.between_deals("vote")
        if not table.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        if agree:
            self.votes.add(seat)
        else:
            self.votes.discard(seat)
        table.event(Record("vote", seat, int(agree)))
        table.journal.record(table, ["vote", seat, agree])
        if 2 * len(self.votes) > sum(table.seated):
            table.end("a majority agreed to end the match")
        return bool(table.over)

    def view_fields(self, table: _Table[Any]) -> dict[str, Any]:
        return {"votes": tuple(sorted(self.votes))}


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class DiamondbackSessionState:
    """A Diamondback session's own state as saved: Match Diamondback's ``votes``."""

    votes: tuple[int, ...]

    def __repr__(self) -> str:
        return fields_repr(self)

    def to_json(self) -> dict[str, Any]:
        return {"votes": list(self.votes)}


@dataclass(frozen=True)
class DiamondbackSaving(SessionSaving[DiamondbackSession]):
    """What saving a Diamondback table asks of its session: the votes, and the cards
    and turn of a saved hand in progress."""

    def state(self, session: DiamondbackSession) -> DiamondbackSessionState:
        return DiamondbackSessionState(votes=tuple(sorted(session.votes)))

    def read(self, table: _Table[Any], data: Mapping[str, Any]) -> DiamondbackSessionState:
        """The saved session state in ``data``, checked."""
        votes = data["votes"]
        if not isinstance(votes, list) or any(
            type(s) is not int or not 0 <= s < table.n or not table.seated[s] for s in votes
        ):
            raise SaveError("votes must be seated seats")
        return DiamondbackSessionState(votes=tuple(votes))

    def restore(self, session: DiamondbackSession, table: _Table[Any],
                data: Mapping[str, Any]) -> None:
        state = self.read(table, data)
        session.votes = set(state.votes)
        session.candidates = session.dealable(table)
        if not table.over and table.dealer not in session.candidates:
            raise SaveError("the dealer cannot play")

    def check_saved_deal(self, n: int, ledger: Mapping[str, Any],
                         hand: Mapping[str, Any]) -> None:
        size = DECK_SIZES[max(len(hand["dealt_in"]), 2)]
        check_unique_cards(hand["cards"], size, format_id)
        for s, shown in enumerate(hand["shown"]):
            if not set(shown) <= set(hand["cards"][s]):
                raise SaveError(f"seat {s} shows a card he does not hold")
        if hand["phase"] == DONE:
            if hand["queue"]:
                raise SaveError("a finished hand has a player to act")
        else:
            check_turn(n, ledger, hand["queue"])


def _default_stacks(rules: Rules) -> int:
    return 100


# (module functions, not bound methods of the tables: a pickled CardGame is equal to it)
def _rank(card: int) -> int:
    return int(RANK_OF_ID[card])


def _deck_size(players: int) -> int:
    return int(DECK_SIZES[players])


def _deck(players: int, rng: Generator, order: Sequence[int] | None) -> Deck:
    if order is None:
        return Deck(players, rng, shuffle=False)
    return Deck(players, rng, order=order)


#: What a table must know of Diamondback.
GAME = CardGame(
    name="diamondback",
    deal_word="hand",
    save_format="pedron.diamondback.table",
    rules=Rules,
    history=HandHistory,
    view=TableView,
    players=range(2, 5),
    default_players=2,
    default_stacks=_default_stacks,
    hand_size=2,
    cards=CardText(parse=parse_ids, name=format_id, rank=_rank, count=43),
    deck=_deck,
    deck_size=_deck_size,
    session=DiamondbackSession,
    players_leave=True,
    saving=DiamondbackSaving(),
)


class Table(_Table[Hand]):
    """A Diamondback session of 2-4 players.

    ``Table(players=2, stacks=100, rules=Rules(), seed=None, *, dealer=None,
    order=None, orders=None, keep_history=False)``: ``players`` is a count or
    a list of names; ``stacks`` one stack for all or one per player (the
    buy-ins); ``seed`` an int, a :class:`~pedron.Generator` or ``None`` (OS
    entropy); ``dealer`` the first dealer (``None``, the default: every player
    draws a card and the highest rank deals: rule 1). ``next_deal(hands=...,
    stock=...)`` prearranges a hand; ``orders`` queues prearranged decks (a
    deck order first in the queue serves the draw for the dealer, unless
    ``dealer`` is given). ``keep_history=True`` keeps every finished hand's
    history (:attr:`history`) and result (``results``).

    **Threads**: a table is not locked; see :class:`~pedron.engine.Table`.
    """

    GAME = GAME
    rules: Rules
    session: DiamondbackSession

    @property
    def votes(self) -> set[int]:
        """Match Diamondback: the seats agreeing to end the match."""
        return self.session.votes

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        state = "over" if self.over else f"dealer={self.dealer}"
        return (
            f"<Diamondback Table ({self.rules.variant}) {stacks}; carry={self.ledger.carry}; "
            f"hands={self.deals_played}; {state}>"
        )


#: Play a session again: ``replay(actions, players=..., stacks=..., rules=..., seed=0,
#: dealer=..., orders=..., keep_history=...)`` (see :meth:`Table.replay`).
replay = Table.replay
