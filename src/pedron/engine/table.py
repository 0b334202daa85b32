"""The session both games' ``Table`` classes are: one vocabulary, one life cycle.

A :class:`Table` holds what lasts from deal to deal (seats, names, the chip
ledger, the generator, the dealer, the table's events, prearranged deals) and
the parts it is made of:

* ``GAME``, a :class:`CardGame`: what the table must know of the game it
  seats (its rules, its cards and decks, its views and histories, how many
  players, its own session rules);
* ``session``: the game's session rules (:class:`Session`), one small object
  per table holding the game's own state between deals (the Diablo series,
  Match Diamondback's votes) and deciding what the table cannot (the next
  deal's seats and variant, the next dealer, who leaves, when it ends);
* ``journal``: what a save needs (:class:`~pedron.engine.journal.Journal`).

Every deal runs the same way: ``next_deal()`` asks the session for the deal
(built from a :class:`~pedron.engine.deal.DealContext`: the seats in order,
the dealer, the ledger, where its cards come from) and listens to it; every
move applied to the deal reaches the journal; when the deal reports that it
is over, the journal keeps its history and the session applies the game's
rule after a deal (rotation, Diablo series, carry-over, players out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pedron._copying import deep_copy
from pedron._deprecate import deprecated
from pedron._exact import check_iterable
from pedron._kernels.rng import Generator, as_generator
from pedron.engine import restore, saving
from pedron.engine.actions import LegalAction, Record, check_seat
from pedron.engine.deal import Deal, DealContext
from pedron.engine.history import DealHistory
from pedron.engine.journal import Journal
from pedron.engine.ledger import Ledger
from pedron.engine.moves import Leave, Vote, to_move
from pedron.engine.plans import DealPlan, check_order
from pedron.engine.seats import from_left, seat_names, stack_list
from pedron.engine.shoe import DeckFactory, Shoe
from pedron.engine.views import TableViewBase
from pedron.errors import (
    ActionTypeError,
    CardError,
    DuplicateCardError,
    GameOverError,
    IllegalActionError,
    PedronError,
    PedronTypeError,
)

__all__ = ["CardGame", "CardText", "Session", "SessionSaving", "SessionState", "Table",
           "replay_session"]

D = TypeVar("D", bound=Deal)  # the game's deal: a Diamondback Hand, a Diablo Game
T = TypeVar("T", bound="Table[Any]")


@dataclass(frozen=True, slots=True)
class CardText:
    """A game's cards as text and ranks: ``parse`` (text to card ids), ``name`` (a
    card id as text), ``rank`` (the rank that decides the draw for the first
    dealer) and ``count`` (card ids are ``0..count-1``)."""

    parse: Callable[[str], Sequence[int]]
    name: Callable[[int], str]
    rank: Callable[[int], int]
    count: int


class Session:
    """A game's session rules: what a :class:`Table` asks its game between deals.

    One object per table (``table.session``), holding the game's own state
    between deals; each method is given the table it serves. This base class
    holds the defaults, so a game overrides only what it changes: it must say
    how the next deal is made (:meth:`next_deal`) and what follows a deal
    (:meth:`deal_over`); by default the session keeps no state of its own,
    every seated player is dealt in, ties for the first deal draw again from a
    fresh deck, players do not leave between deals nor vote to end, the table
    may always be closed and its view has no fields of the game's own. What
    only saving needs of the session is the game's :class:`SessionSaving`
    (``CardGame.saving``).
    """

    __slots__ = ()

    def start(self, table: Table[Any]) -> None:
        """The session (re)starts: the first dealer is known."""

    def next_deal(self, table: Table[Any], number: int) -> Deal:  # pragma: no cover
        """The next deal (its seats, variant, ...), number ``number``."""
        raise NotImplementedError

    def deal_over(self, table: Table[Any], deal: Deal) -> None:  # pragma: no cover
        """After ``deal``: players out, the next dealer, the end."""
        raise NotImplementedError

    def deal_seats(self, table: Table[Any]) -> Sequence[int]:
        """The seats the next deal will deal to (those a prearranged hand may name):
        every seated player."""
        return [s for s in range(table.n) if table.seated[s]]

    def dealer_deck(self, table: Table[Any]) -> Any:
        """The deck the players draw from for the first dealer: a fresh shuffle."""
        return table.shoe.fresh(table.n)

    def draw_ties_fresh(self, table: Table[Any]) -> bool:
        """Whether players tied for the first deal draw again from a fresh deck."""
        return True

    def leave(self, table: Table[Any], seat: int) -> int:
        """``seat`` leaves between deals; returns the chips he takes."""
        raise IllegalActionError(
            f"players do not leave a {table.GAME.name} table between deals"
        )

    def vote(self, table: Table[Any], seat: int, agree: bool) -> bool:
        """``seat`` votes to end the session; returns whether it is over."""
        raise IllegalActionError(f"a {table.GAME.name} session does not end by agreement")

    def close_refused(self, table: Table[Any]) -> str | None:
        """Why the table cannot be closed, or ``None``."""
        return None

    def forfeit(self, table: Table[Any], seat: int, chips: int) -> int:
        """What a player leaving with ``chips`` forfeits into the pot."""
        return 0

    def view_fields(self, table: Table[Any]) -> dict[str, Any]:
        """The game's own fields of the table's view."""
        return {}

    def copy(self) -> Session:
        """An independent copy (a table's clone; the base keeps no state)."""
        return type(self)()


class SessionState(Protocol):
    """A session's own state as saved with its table: a game's frozen record, its
    fields read by name (``DiabloSessionState``, ``DiamondbackSessionState``)."""

    def to_json(self) -> dict[str, Any]:
        """The fields as plain data (a key each in the saved table's state)."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class _NoState:
    """The state of a session that keeps none of its own."""

    def to_json(self) -> dict[str, Any]:
        return {}


S = TypeVar("S", bound=Session)


@dataclass(frozen=True)
class SessionSaving(Generic[S]):
    """What saving a table asks of its game's session rules (``CardGame.saving``),
    apart from the rules themselves: the session's own state as a
    :class:`SessionState`, that state read back from a save and checked, and
    clear errors for damage to a saved deal in progress. The base: a session
    with no state of its own, a deal whose damage its replay finds.
    """

    def state(self, session: S) -> SessionState:
        """``session``'s own state now."""
        return _NO_STATE

    def restore(self, session: S, table: Table[Any], data: Mapping[str, Any]) -> None:
        """Set ``session`` (of ``table``, whose own state is restored) from the saved
        table state ``data``, checking the game's fields (a :class:`SaveError`)."""

    def check_saved_deal(self, n: int, ledger: Mapping[str, Any],
                         deal: Mapping[str, Any]) -> None:
        """Clear errors for damage to a saved deal in progress (cards, whose turn),
        before the replay that proves it: ``n`` seats, the saved ``ledger`` and
        ``deal`` as read from the file."""


_NO_STATE = _NoState()
R = TypeVar("R")  # the game's Rules


@dataclass(frozen=True, slots=True)
class CardGame(Generic[R]):
    """What a :class:`Table` must know of the game it seats.

    ``name`` (``"diablo"``, ``"diamondback"``); ``deal_word``: what the game's
    rules call one deal (``"game"``, ``"hand"``: used in messages);
    ``save_format``: the save's format name; ``rules``, ``history``, ``view``:
    its ``Rules``, history and table-view classes; ``players``: how many may
    sit, ``default_players``; ``default_stacks(rules)``; ``hand_size``: cards
    a player is dealt; ``cards``; ``deck(players, rng, order)`` its deck
    (:data:`~pedron.engine.shoe.DeckFactory`) and ``deck_size(players)``;
    ``session``: makes a table's :class:`Session`; ``players_leave``:
    whether players may leave between deals (a save's chips allow for it);
    ``saving``: what saving asks of the session (:class:`SessionSaving`).
    """

    name: str
    deal_word: str
    save_format: str
    rules: type[R]
    history: type[DealHistory]
    view: type[TableViewBase]
    players: range
    default_players: int
    default_stacks: Callable[[R], int]
    hand_size: int
    cards: CardText
    deck: DeckFactory
    deck_size: Callable[[int], int]
    session: Callable[[], Session]
    players_leave: bool = False
    saving: SessionSaving[Any] = SessionSaving()


class Table(Generic[D]):
    """What a Diamondback and a Diablo ``Table`` are (see the module docstring).

    ``Table(players=None, stacks=None, rules=None, seed=None, *, dealer=None,
    order=None, orders=None, keep_history=False)``: ``players`` is a count or
    a list of names (default ``GAME.default_players``); ``stacks`` one stack
    for all or one per player; ``rules`` the game's ``Rules``; ``seed`` an
    int, a :class:`~pedron.Generator` or ``None`` (OS entropy); ``dealer`` the
    first dealer (``None``: every player draws a card and the highest rank
    deals, ties drawing again); ``order`` / ``orders`` prearrange the first /
    the next deals (a deck order, or ``{"hands": ..., "stock": ...}``);
    ``keep_history=True`` keeps every finished deal's history.

    **Threads**: a table (with its deals) is not locked and must not be used
    by two threads at once: concurrent actions can corrupt it (chips, turn, a
    save that no longer restores). Give each thread its own table, or make
    every call on a shared table, queries and views included, under one lock
    of your own. Views, records and legal actions are immutable and may be
    shared freely. A :class:`~pedron.Generator` passed as ``seed`` is used,
    not copied: give tables in different threads different generators (e.g.
    ``Generator(parent)``) or seeds.
    """

    GAME: ClassVar[CardGame[Any]]

    def __init__(
        self,
        players: int | Sequence[str] | None = None,
        stacks: int | Sequence[int] | None = None,
        rules: Any = None,
        seed: Any = None,
        *,
        dealer: int | None = None,
        order: Sequence[int] | None = None,
        orders: Any = None,
        keep_history: bool = False,
    ) -> None:
        game = self.GAME
        if not isinstance(keep_history, bool):
            raise PedronTypeError("keep_history must be a bool")
        names = seat_names(game.default_players if players is None else players,
                           game.players.start, game.players.stop - 1, game.name.capitalize())
        if rules is None:
            rules = game.rules()
        if not isinstance(rules, game.rules):
            raise PedronTypeError(f"rules must be a Rules, not {type(rules).__name__}")
        stack_values = stack_list(game.default_stacks(rules) if stacks is None else stacks,
                                  len(names))
        if dealer is not None:
            dealer = check_seat(dealer, len(names))
        rng = as_generator(seed)
        self._seat(names, stack_values, rules, rng, keep_history)
        plans = [] if order is None else [self._plan(order, dealt_only=False)]
        if orders is None:
            orders = ()
        elif not isinstance(orders, (list, tuple)):  # (an array's truth is ambiguous)
            raise PedronTypeError(
                f"orders must be a list of planned deals, not {type(orders).__name__}"
            )
        plans.extend(self._plan(o, dealt_only=False) for o in tuple(orders))
        self.plans.extend(plans)
        # (the generator's state before the draw for the dealer: a log replays from it)
        self.journal.set_up(seed=rng.seed, rng=rng.getstate(), dealer=dealer,
                            plans=[p.to_json() for p in plans])
        self._start_session(dealer)

    def _seat(
        self, names: tuple[str, ...], stacks: list[int], rules: Any, rng: Generator, keep: bool
    ) -> None:
        """The state every table starts from (arguments checked), before the first dealer."""
        self.rules = rules
        self.names = names
        self.n = len(names)
        self.buy_in = tuple(stacks)
        self.ledger = Ledger(stacks)
        self.seated = [True] * self.n
        self.rng = rng
        self.dealer = 0
        self.over = False
        self.end_reason: str | None = None
        self.closing = False
        self.deals_played = 0
        self._events: list[Record] = []  # (only appended to, or replaced: see events)
        self._events_seen: tuple[Record, ...] | None = None
        self._events_mark = 0  # where the events of the deal before the last one begin
        self.plans: list[DealPlan] = []  # prearranged deals queued with orders=
        self.shoe = Shoe(self.GAME.deck, self.GAME.deck_size, rng)
        self._deal: Any = None
        self.session: Session = self.GAME.session()
        self.journal = Journal(names, stacks, keep)

    def _start_session(self, dealer: int | None) -> None:
        """Draw for the first dealer (unless agreed) and let the session start."""
        if dealer is None:
            dealer = self._draw_for_dealer()
        self.dealer = dealer
        self._events.append(Record("dealer", dealer))
        self.session.start(self)

    def reset(self, seed: Any, *, dealer: int | None = None) -> None:
        """Start the session again as this table was set up, on the generator ``seed``
        gives: the buy-ins, everyone seated, a new first dealer, nothing kept."""
        rng = as_generator(seed)
        self._seat(self.names, list(self.buy_in), self.rules, rng, self.journal.keep)
        self.journal.set_up(seed=rng.seed, rng=rng.getstate(), dealer=dealer, plans=[])
        self._start_session(dealer)

    # -- queries --------------------------------------------------------------------------
    @property
    def keep_history(self) -> bool:
        """Whether every finished deal's history is kept (:attr:`history`)."""
        return self.journal.keep

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips in front of him."""
        return tuple(self.ledger.stacks)

    @property
    def carry(self) -> int:
        """Chips carried to the next deal (a carry-over, a passed or Diablo pot)."""
        return self.ledger.carry

    @property
    def total(self) -> int:
        """Chips at the table (stacks, pots, carried pot)."""
        return self.ledger.total

    @property
    def current(self) -> D | None:
        """The deal in progress, or ``None`` between deals."""
        deal = self._deal
        return deal if deal is not None and not deal.done else None

    @property
    def last(self) -> D | None:
        """The deal in progress or the last one played (``None`` before the first)."""
        return self._deal  # type: ignore[no-any-return]

    @property
    def in_progress(self) -> bool:
        """True while a deal is being played."""
        deal = self._deal
        return deal is not None and not deal.done

    @property
    def last_result(self) -> Any:
        """The result of the last finished deal (``None`` before the first)."""
        deal = self._deal
        return deal.result if deal is not None else None

    @property
    def history(self) -> tuple[Any, ...]:
        """The finished deals kept (``keep_history=True``), as hand histories.

        (A table restored with ``defer_proof=True`` reads its kept histories when
        they are first asked for: each is replayed and must agree with itself,
        and they must follow each other and the table; a damaged one is a
        :class:`SaveError` then. That they are the deals the session's log deals
        is proven when the log is read. A default restore proved all of it.)
        """
        return restore.histories(self)

    @property
    def results(self) -> list[Any]:
        """The results of the finished deals kept (``keep_history=True``), in order."""
        return [h.result for h in self.history]

    @property
    def events(self) -> tuple[Record, ...]:
        """The table's own events (dealer changes, players out, leaving, votes, the end):
        every one with ``keep_history``, else those since the deal before the current
        (or last) one began: a bounded list, whatever the length of the session.

        The tuple is made again only after the events change (every view shares
        it): they are only appended to, or replaced by a new list, so a tuple of
        the list's length is the list."""
        seen = self._events_seen
        if seen is None or len(seen) != len(self._events):
            seen = self._events_seen = tuple(self._events)
        return seen

    def _set_events(self, events: list[Record]) -> None:
        """Replace the table's events (a restore, a new deal dropping old ones)."""
        self._events = events
        self._events_seen = None

    @property
    def players_left(self) -> tuple[int, ...]:
        """Seats still in the session."""
        return tuple([s for s in range(self.n) if self.seated[s]])

    def legal_actions(self) -> list[LegalAction]:
        """Legal actions in the current deal (empty between deals)."""
        deal = self._deal
        return deal.legal_actions() if deal is not None else []

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may know of the table."""
        if seat is not None:
            seat = check_seat(seat, self.n)
        deal = self._deal
        return self.GAME.view(
            seat=seat, names=self.names, stacks=tuple(self.ledger.stacks),
            seated=tuple(self.seated), dealer=self.dealer, carry=self.ledger.carry,
            deals_played=self.deals_played, closing=self.closing, over=self.over,
            end_reason=self.end_reason, events=self.events,
            deal=None if deal is None else deal.view(seat),
            **self.session.view_fields(self),
        )

    # -- the first dealer ---------------------------------------------------------------------
    def _draw_for_dealer(self) -> int:
        """Every seated player draws a card; the highest rank deals; those tied for
        highest draw again (from a fresh shuffle, or on from the same deck)."""
        cards = self.GAME.cards
        drawing = [s for s in range(self.n) if self.seated[s]]
        deck = self.session.dealer_deck(self)
        while True:
            ranks = {}
            for s in drawing:
                if not len(deck):
                    deck = self.session.dealer_deck(self)
                c = deck.deal_one()
                ranks[s] = cards.rank(c)
                self._events.append(Record("draw", s, 0, (c,), note=cards.name(c)))
            top = max(ranks.values())
            drawing = [s for s in drawing if ranks[s] == top]
            if len(drawing) == 1:
                return drawing[0]
            if self.session.draw_ties_fresh(self):
                deck = self.session.dealer_deck(self)

    # -- prearranged deals --------------------------------------------------------------------
    def _cards(self, value: Any) -> list[int]:
        """Distinct cards of this game, from text or card ids."""
        cards = self.GAME.cards

        def check(card: int) -> None:
            if not 0 <= card < cards.count:
                raise CardError(f"card number out of range 0..{cards.count - 1}: {card}")

        return check_order(value, lambda text: list(cards.parse(text)), check)

    def _plan(self, plan: Any, dealt_only: bool = True) -> DealPlan:
        """A queued plan: a deck order, or a dict ``{"hands", "stock"}`` (``dealt_only``:
        its seats must be dealt in at the next deal)."""
        if isinstance(plan, DealPlan):
            return plan
        if isinstance(plan, dict):
            if not set(plan) <= {"hands", "stock", "order"}:
                raise ActionTypeError(f"a planned deal has hands, stock or order, not {plan!r}")
            return self._hands_plan(plan.get("hands"), plan.get("stock"), plan.get("order"),
                                    dealt_only)
        return DealPlan(order=tuple(self._cards(plan)))

    def _hands_plan(
        self, hands: Any, stock: Any, order: Any = None, dealt_only: bool = True
    ) -> DealPlan:
        """A plan from ``hands`` (``{seat: cards}``) and ``stock`` (cards), checked
        (``dealt_only``: the seats named must be dealt in at the next deal)."""
        game = self.GAME
        if order is not None:
            if hands is not None or stock is not None:
                raise ActionTypeError("give either order= or hands=/stock=, not both")
            return self._plan(order)
        pairs: list[tuple[int, tuple[int, ...]]] = []
        if hands is not None:
            if isinstance(hands, dict):
                items = list(hands.items())
            elif isinstance(hands, (list, tuple)) and all(
                isinstance(p, (list, tuple)) and len(p) == 2 for p in hands
            ):
                items = [tuple(p) for p in hands]
            else:
                raise ActionTypeError("hands must map seats to cards, e.g. {0: 'Ah Kd ...'}")
            for item in items:
                seat = check_seat(item[0], self.n)
                if dealt_only and seat not in self.session.deal_seats(self):
                    raise IllegalActionError(f"seat {seat} is not dealt in at the next deal")
                if any(s == seat for s, _ in pairs):
                    raise IllegalActionError(f"seat {seat} is given two hands")
                cards = tuple(self._cards(item[1]))
                if len(cards) != game.hand_size:
                    raise IllegalActionError(
                        f"a {game.name} hand has {game.hand_size} cards, not {len(cards)} "
                        f"(seat {seat})"
                    )
                pairs.append((seat, cards))
        stock_cards = () if stock is None else tuple(self._cards(stock))
        every = [c for _, cards in pairs for c in cards] + list(stock_cards)
        if len(set(every)) != len(every):
            raise DuplicateCardError("a card is given twice in the prearranged deal")
        size = game.deck_size(len(self.session.deal_seats(self)) if dealt_only else self.n)
        missing = [c for c in every if c >= size]
        if missing:
            raise CardError(
                f"card {game.cards.name(missing[0])} is not in the {size}-card deck of the "
                "next deal"
            )
        return DealPlan(tuple(sorted(pairs)), stock_cards)

    # -- the session ------------------------------------------------------------------------
    def next_deal(
        self,
        *,
        hands: Any = None,
        stock: Any = None,
        order: Any = None,
    ) -> D:
        """Deal the next deal and return it.

        ``hands`` (``{seat: cards}``, cards as text or ids) and ``stock`` (cards
        on top of the stock, top first) prearrange it: every card not named
        comes shuffled from the rest of the deck. ``order`` prearranges the
        whole deck (its top, top first; the rest follows in card order).
        Without them, the next deal queued with ``orders=`` is used, if any.
        """
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError(f"the current {self.GAME.deal_word} is not finished")
        plan = None
        if hands is not None or stock is not None or order is not None:
            plan = self._hands_plan(hands, stock, order)
        self.journal.begin_deal(self, plan)
        if not self.journal.keep and self._events_mark:
            # (a new list, not trimmed in place: the journal's start state holds the old one)
            self._set_events(self._events[self._events_mark:])
        self._events_mark = len(self._events)
        if plan is None and self.plans:
            plan = self.plans.pop(0)
        self.shoe.plan = plan
        self.deals_played += 1
        deal: Any = self.session.next_deal(self, self.deals_played)
        self.journal.listen(self, deal)
        self._deal = deal
        if deal.done:  # (no deal happens when nobody matches an ante at once)
            self._deal_finished(deal)
        return deal  # type: ignore[no-any-return]

    def deal_context(self, number: int, seats: Sequence[int],
                     extra: dict[str, Any] | None = None) -> DealContext:
        """What the next deal is built from: this table's rules, dealer, ledger and
        shoe, the ``seats`` dealt in (clockwise from the dealer's left, dealer
        last) and what the session decided for it (``extra``)."""
        return DealContext(self.rules, number, self.dealer, tuple(seats), self.n, self.ledger,
                           self.shoe, {} if extra is None else extra)

    def seats_from_left(self, allowed: Sequence[bool]) -> tuple[int, ...]:
        """The seats with ``allowed[s]``, clockwise from the dealer's left, dealer last."""
        return tuple([s for s in from_left(self.dealer, self.n) if allowed[s]])

    def _deal_finished(self, deal: Any) -> None:
        """The deal is over (the deal calls it): the journal keeps it, then the
        session's rule after a deal."""
        self.shoe.plan = None
        self.journal.deal_finished(self, deal)
        self.session.deal_over(self, deal)

    def apply(self, action: Any) -> tuple[Record, ...]:
        """Apply ``action``: a move of the deal in progress, or between deals a
        :class:`~pedron.engine.moves.Vote` or :class:`~pedron.engine.moves.Leave`.
        Returns the records it produced."""
        deal = self._deal
        try:  # (read once, as exact values: what it is decides where it goes)
            move = to_move(action, deal.ARGS if deal is not None else None)
        except PedronError:
            if deal is None:
                raise IllegalActionError(
                    f"no {self.GAME.deal_word} has been dealt: call next_deal()"
                ) from None
            raise
        if isinstance(move, (Vote, Leave)):
            before = len(self._events)
            if isinstance(move, Leave):
                self.leave(move.seat)
            else:
                self.vote_end(move.seat, move.agree)
            return tuple(self._events[before:])
        if deal is None:
            raise IllegalActionError(f"no {self.GAME.deal_word} has been dealt: call next_deal()")
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        return deal.apply(move)  # type: ignore[no-any-return]

    def act(self, action: Any) -> Record:
        """Deprecated (``apply(action)[0]``): apply ``action`` to the current deal;
        returns the record of the move itself."""
        deprecated("Table.act", "Table.apply (its first record)")
        records = self.apply(action)
        return records[0] if records else Record("none")

    def verify(self, action: Any) -> Any:
        """The normalised move ``action`` stands for in the current deal, or the error."""
        deal = self._deal
        if deal is None:
            raise IllegalActionError(f"no {self.GAME.deal_word} has been dealt: call next_deal()")
        return deal.verify(action)

    # -- between deals ------------------------------------------------------------------------
    def between_deals(self, what: str) -> None:
        """Refuse ``what`` (a leave, a vote) unless the session is on and between deals."""
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError(f"cannot {what} during a {self.GAME.deal_word}")

    def leave(self, seat: int) -> int:
        """Seat ``seat`` leaves between deals; returns the chips he takes (where the
        game allows it)."""
        return self.session.leave(self, check_seat(seat, self.n))

    def vote_end(self, seat: int, agree: bool = True) -> bool:
        """``seat`` agrees (or no longer agrees) to end the session (where the game
        ends so); returns whether it is over."""
        seat = check_seat(seat, self.n)
        if not isinstance(agree, bool):
            raise ActionTypeError("agree must be a bool")
        return self.session.vote(self, seat, agree)

    def close(self) -> bool:
        """Ask to end the session; returns whether it is over now.

        The session ends between deals once no pot is left on the table: a pot
        still there (a carry-over, a passed pot, a running Diablo series) is
        played out first. Called between deals with no pot on the table, it
        ends the session at once. Asking again changes nothing and answers the
        same question (``True`` once the session is over), so
        ``while not table.close(): ...`` plays a session out.
        """
        if self.over:
            return True
        if self.closing:  # (asked already: nothing new to record)
            return False
        reason = self.session.close_refused(self)
        if reason is not None:
            raise IllegalActionError(reason)
        self.journal.record(self, ["close"])
        self.closing = True
        self._events.append(Record("close", None, note="end asked for"))
        if not self.in_progress and not self.ledger.carry:
            self.end("closed")
        return self.over

    def end(self, reason: str) -> None:
        """End the session; a pot still on the table goes to the players left."""
        self.over = True
        self.end_reason = reason
        led = self.ledger
        if led.carry:
            seats = [s for s in from_left(self.dealer, self.n) if self.seated[s]]
            if not seats:
                deal = self._deal
                seats = list(deal.order) if deal is not None else list(range(self.n))
            for s, chips in led.share_carry(seats):
                self._events.append(Record("win", s, chips, note="the pot left at the end"))
        self._events.append(Record("end", None, note=reason))

    def end_if_closing(self) -> bool:
        """After a deal: end the session if its end was asked for and no pot is left."""
        if self.closing and not self.ledger.carry:
            self.end("closed")
            return True
        return False

    def set_dealer(self, dealer: int) -> None:
        """The next deal's dealer (an event when he changes)."""
        if dealer != self.dealer:
            self._events.append(Record("dealer", dealer))
        self.dealer = dealer

    def event(self, record: Record) -> None:
        """Add one of the table's events (a player out, leaving, a vote...)."""
        self._events.append(record)

    def out_of_chips(self) -> None:
        """Every seated player without chips is out of the session (an event each)."""
        stacks = self.ledger.stacks
        for s in range(self.n):
            if self.seated[s] and not stacks[s]:
                self.seated[s] = False
                self._events.append(Record("out", s, note="no chips left"))

    # -- copies ---------------------------------------------------------------------------
    __copy__ = deep_copy  # (pickle and copy.deepcopy keep the object graph: one generator)

    def clone(self: T) -> T:
        """An independent copy in the same state (generator included)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        other.ledger = self.ledger.copy()
        other.seated = self.seated[:]
        other.rng = self.rng.copy()
        other._events = self._events[:]
        other.plans = self.plans[:]
        other.shoe = self.shoe.copy(other.rng)
        other.session = self.session.copy()
        other.journal = self.journal.copy()
        deal = self._deal
        if deal is not None:
            deck = deal.deck
            # The copy's deck draws on the copy's generator, as the original's on the original's.
            copy = None if deck is None else other.shoe.ordered(len(deal.order), deck.stock)
            other._deal = deal.copy(other.ledger, other.shoe, copy)
            if not deal.done:
                other.journal.listen(other, other._deal)
        return other

    def _stacks_text(self) -> str:
        """``name=chips`` for every seat, ``(out)`` for those who left (for ``repr``)."""
        return ", ".join(
            f"{name}={chips}" + ("" if seated else " (out)")
            for name, chips, seated in zip(self.names, self.ledger.stacks, self.seated, strict=True)
        )

    # -- saving ---------------------------------------------------------------------------
    def getstate(self) -> dict[str, Any]:
        """The whole state as plain data (hidden information included; the deal in
        progress, not a finished one)."""
        return saving.getstate(self)

    def to_json(self, *, key: bytes | str | None = None) -> str:
        """The table as versioned JSON (``docs/histories.md``).

        With ``key`` (bytes, or text taken as UTF-8) the save carries an
        HMAC-SHA256 signature over its canonical form, which
        :meth:`from_json` with the same key requires: a signed save cannot be
        changed, even into another consistent one, without the key.
        """
        return saving.dump(self, key)

    @classmethod
    def from_json(
        cls: type[T],
        text: str | bytes | dict[str, Any],
        *,
        defer_proof: bool = False,
        key: bytes | str | None = None,
    ) -> T:
        """Restore a table saved by :meth:`to_json`, proving it consistent.

        The start state of the deal in progress is checked (version, chips,
        seats, dealer), the moves since it are played again and must give the
        saved snapshot exactly. A table that keeps its history
        (``keep_history``) is proven whole: its session is played again from
        the setup, and must deal exactly the kept histories and reach the same
        state; the histories are then the replay's own. This takes time in
        proportion to the deals kept (about the time it took to play them,
        the players' thinking apart).

        ``defer_proof=True`` restores such a table at once and proves its kept
        histories when they are first read: :attr:`history` and
        :attr:`results` replay each history alone and check that they follow
        each other and the table (that they are the deals the session's log
        deals is not proven then: the table never reads its log, which a
        default restore of its save proves). Play goes on without them, a
        damaged one is refused when read, and a save of the table writes them
        and the log back as they were.
        Anything wrong raises :class:`SaveError`.

        With ``key``, the save must carry a signature made with that key by
        :meth:`to_json` (checked before anything else). Without one, a
        signature is not checked, and a save proves only that it is consistent
        with its own moves: see ``docs/histories.md``, "What a save proves".
        """
        if not isinstance(defer_proof, bool):
            raise PedronTypeError("defer_proof must be a bool")
        table: T = saving.load(cls, text, prove_now=not defer_proof, key=key)
        return table

    @classmethod
    def replay(cls: type[T], actions: Any, *, seed: Any = 0, **setup: Any) -> T:
        """Play a session again: a table set up as ``setup`` says (``players``,
        ``stacks``, ``rules``, ``dealer``, ``orders``, ``keep_history``), with
        ``seed`` (default 0), then ``actions`` in order: moves (a new deal is dealt
        whenever one is needed) or the operations a save holds."""
        return replay_session(cls(seed=seed, **setup), actions)  # type: ignore[no-any-return]


def replay_session(table: Any, actions: Any) -> Any:
    """Apply ``actions`` (moves, naming their seats or not, or saved operations) to
    ``table``, dealing a new deal whenever one is needed; returns the table."""
    if isinstance(actions, (str, bytes)) or not hasattr(actions, "__iter__"):
        raise ActionTypeError(f"actions must be a list of moves, not {type(actions).__name__}")
    check_iterable(actions, "actions", ActionTypeError)
    for entry in actions:
        if isinstance(entry, list) and entry and entry[0] in ("deal", "move", "close", "leave",
                                                              "vote"):
            table.journal.replay_op(table, entry)
            continue
        if not table.in_progress:  # a move of the next deal
            table.next_deal()
        table.apply(entry)
    return table
