"""A Diamondback session: the :class:`Table` of 2-4 players, played hand by hand.

A :class:`Table` seats 2-4 players with stacks, draws for the first dealer,
and plays :class:`~pedron.diamondback.deal.Hand` after hand with the
carry-over pot and the dealer rotation of its
:class:`~pedron.diamondback.rules.Rules`; Match Diamondback's votes and
players leaving happen between hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID, Deck, format_id, parse_ids
from pedron.diamondback.deal import DONE, Hand
from pedron.diamondback.history import HandHistory
from pedron.diamondback.rules import Rules
from pedron.diamondback.views import TableView
from pedron.engine import save
from pedron.engine.actions import Record, check_seat
from pedron.engine.deal import DealContext
from pedron.engine.errors import ActionTypeError, IllegalActionError, InvariantError, SaveError
from pedron.engine.pots import from_left, next_clockwise
from pedron.engine.table import TableBase

__all__ = ["FORMAT", "SAVE_VERSION", "Table", "replay"]

FORMAT = "pedron.diamondback.table"
SAVE_VERSION = 2


class Table(TableBase[Hand]):
    """A Diamondback session of 2-4 players.

    ``Table(players=2, stacks=100, rules=Rules(), seed=None, *, dealer=None,
    orders=None, keep_history=False)``: ``players`` is a count or a list of
    names; ``stacks`` one stack for all or one per player (the buy-ins);
    ``seed`` an int, a :class:`~pedron.Generator` or ``None`` (OS entropy);
    ``dealer`` the first dealer (``None``, the default: every player draws a
    card and the highest rank deals: rule 1). ``next_deal(hands=...,
    stock=...)`` prearranges a hand; ``orders`` queues pedron 0.1's
    prearranged decks (the first one serves the draw for the dealer, unless
    ``dealer`` is given). ``keep_history=True`` keeps every finished hand's
    history (:attr:`history`) and result (``results``).

    **Threads**: a table is not locked; see :class:`~pedron.engine.TableBase`.
    """

    FORMAT = FORMAT
    GAME = "diamondback"
    _RULES = Rules
    _HISTORY = HandHistory
    _PLAYERS = (2, 4)
    _HAND_SIZE = 2
    _CARDS = (parse_ids, format_id, RANK_OF_ID.__getitem__, 43)
    _DEFAULT_PLAYERS = 2
    _LEAVING = True
    _OLD = "hand"

    rules: Rules

    # -- the game's own parts ---------------------------------------------------------------
    def _init_game(self) -> None:
        self.votes: set[int] = set()
        self._cands: list[int] = []

    def _after_setup(self) -> None:
        self._cands = self._candidates()

    @staticmethod
    def _make_deck(players: int, rng: Any, order: Sequence[int] | None) -> Deck:
        if order is None:
            return Deck(players, rng, shuffle=False)
        return Deck(players, rng, order=order)

    @staticmethod
    def _deck_size(players: int) -> int:
        return DECK_SIZES[players]

    def _plan_seats(self) -> Sequence[int]:
        return self._cands  # (in Dealer's Diamondback, those who match the ante)

    def _draw_deck(self) -> Deck:
        # The first dealer's draw takes a prearranged order too (pedron 0.1's orders=).
        if self._plans and self._plans[0][2] is not None:
            self._shoe.plan = self._plans.pop(0)
            deck = self._shoe(self.n)
            self._shoe.plan = None
            return deck
        return self._shoe.fresh(self.n)

    def _draw_ties_fresh(self) -> bool:
        return self.rules.draw_ties == "fresh"

    # -- who plays ----------------------------------------------------------------------------
    def _candidates(self) -> list[int]:
        """Seats that would be dealt in now (with a carry-over, players without chips too)."""
        stacks = self.ledger.stacks
        if self.ledger.carry:
            return [s for s in range(self.n) if self.seated[s]]
        return [s for s in range(self.n) if self.seated[s] and stacks[s] > 0]

    def _make_deal(self, number: int) -> Hand:
        candidates = self._cands
        dealer = self.dealer
        if dealer not in candidates:  # pragma: no cover - kept valid
            raise InvariantError("no valid dealer for the next hand")
        self.votes.clear()
        seats = tuple([s for s in from_left(dealer, self.n) if s in candidates])
        return Hand(DealContext(self.rules, number, dealer, seats, self.n, self.ledger,
                                self._shoe))

    def _deal_over(self, hand: Any) -> None:
        """After a hand: busted players, the next dealer, the end."""
        result = hand.result
        led = self.ledger
        if not led.carry:
            stacks = led.stacks
            seated = self.seated
            for s in range(self.n):
                if seated[s] and not stacks[s]:
                    seated[s] = False
                    self._events.append(Record("out", s, 0, (), False, "no chips left"))
        rules = self.rules
        dealer = hand.dealer
        nxt = (dealer + 1) % self.n
        if rules.winner_deals:
            if result.main_winner is not None:
                nxt = result.main_winner
            elif rules.carry_dealer == "keep":
                nxt = dealer
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
        if self._end_if_closing():
            return
        if nxt is None or nxt not in candidates:
            start = self.dealer if nxt is None else nxt
            allowed = [s in candidates for s in range(self.n)]
            first = start if allowed[start] else next_clockwise(start, self.n, allowed)
            assert first is not None
            nxt = first
        self._set_dealer(nxt)
        self._cands = candidates

    # -- between hands ------------------------------------------------------------------------
    def _close_refused(self) -> str | None:
        if self.rules.variant == "match":
            return "a Match Diamondback ends by agreement (vote_end)"
        return None

    def leave(self, seat: int) -> int:
        """Seat ``seat`` leaves between hands; returns the chips he takes.

        In Match Diamondback he first forfeits his winnings (chips above his
        buy-in) into the pot for the next hand.
        """
        seat = check_seat(seat, self.n)
        self._between_deals("leave")
        if not self.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        led = self.ledger
        winnings = self._forfeit(seat, led.stacks[seat])
        if winnings:
            led.forfeit(seat, winnings)
            self._events.append(Record("forfeit", seat, winnings, note="winnings into the pot"))
        taken = led.withdraw(seat)
        self.seated[seat] = False
        self.votes.discard(seat)
        self._events.append(Record("leave", seat, taken))
        self._record_op(["leave", seat])
        self._check_over(self.dealer if self.dealer != seat else (seat + 1) % self.n)
        return taken

    def _forfeit(self, seat: int, chips: int) -> int:
        """What a player leaving with ``chips`` forfeits into the pot for the next hand:
        in Match Diamondback his winnings (the chips above his buy-in)."""
        if self.rules.variant != "match":
            return 0
        return max(0, chips - self.buy_in[seat])

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
        self._between_deals("vote")
        if not self.seated[seat]:
            raise IllegalActionError(f"seat {seat} is not at the table")
        if agree:
            self.votes.add(seat)
        else:
            self.votes.discard(seat)
        self._events.append(Record("vote", seat, int(agree)))
        self._record_op(["vote", seat, agree])
        if 2 * len(self.votes) > sum(self.seated):
            self._end("a majority agreed to end the match")
        return self.over

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` (``None``: a spectator) may know of the table."""
        return TableView(*self._view_head(seat), tuple(sorted(self.votes)))

    # -- saving -------------------------------------------------------------------------------
    @staticmethod
    def _check_deal_snapshot(n: int, ledger: dict[str, Any], hand: dict[str, Any]) -> None:
        size = DECK_SIZES[max(len(hand["dealt_in"]), 2)]
        save.check_unique_cards(hand["cards"], size, format_id)
        for s, shown in enumerate(hand["shown"]):
            if not set(shown) <= set(hand["cards"][s]):
                raise SaveError(f"seat {s} shows a card he does not hold")
        if hand["phase"] == DONE:
            if hand["queue"]:
                raise SaveError("a finished hand has a player to act")
        else:
            TableBase._check_turn(n, ledger, hand["queue"])

    def _game_state(self) -> dict[str, Any]:
        return {"votes": sorted(self.votes)}

    def _restore_game_state(self, data: dict[str, Any]) -> None:
        votes = data["votes"]
        if not isinstance(votes, list) or any(
            type(s) is not int or not 0 <= s < self.n or not self.seated[s] for s in votes
        ):
            raise SaveError("votes must be seated seats")
        self.votes = set(votes)
        self._cands = self._candidates()
        if not self.over and self.dealer not in self._cands:
            raise SaveError("the dealer cannot play")

    def _clone_game(self, original: Any) -> None:
        self.votes = set(original.votes)
        self._cands = original._cands[:]

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        state = "over" if self.over else f"dealer={self.dealer}"
        return (
            f"<Diamondback Table ({self.rules.variant}) {stacks}; carry={self.ledger.carry}; "
            f"hands={self.deals_played}; {state}>"
        )


#: Play a session again: ``replay(actions, players=..., stacks=..., rules=..., seed=0,
#: dealer=..., orders=..., keep_history=...)`` (see :meth:`TableBase.replay`).
replay = Table.replay
