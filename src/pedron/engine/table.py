"""The session both games' ``Table`` classes share: one vocabulary, one life cycle.

:class:`TableBase` holds what lasts from deal to deal (seats, names, the chip
ledger, the generator, the dealer, the table's events, prearranged deals, the
deals kept) and runs every deal the same way:

``next_deal()`` builds the game's deal from a context (the seats in order,
the dealer, the ledger, where its cards come from) and listens to it; every
move applied to the deal reaches the table as records (kept for saving); when
the deal reports that it is over, the table keeps its history
(``keep_history``) and reacts with the game's session rule (rotation, Diablo
series, carry-over, players out).

Saving (format version 2) is proportional to what is kept, never to the whole
session: the setup, the table's state at the start of the deal in progress
(or now, between deals), the moves since, the kept histories, and a snapshot
of the state now. Restoring validates the start state, plays the moves since
it again, requires the snapshot, and replays every kept history alone.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pedron._kernels.rng import Generator, as_generator
from pedron.engine.actions import LegalAction, Record, check_seat
from pedron.engine.deal import Deal
from pedron.engine.errors import (
    ActionTypeError,
    GameOverError,
    IllegalActionError,
)
from pedron.engine.ledger import Ledger
from pedron.engine.moves import Leave, Vote, to_move
from pedron.engine.pots import from_left
from pedron.engine.saving import TableSaving
from pedron.engine.setup import DealPlan, check_order, seat_names, stack_list
from pedron.engine.shoe import Shoe
from pedron.engine.views import deprecated, deprecated_property
from pedron.errors import CardError, DuplicateCardError, PedronError, PedronTypeError

__all__ = [
    "SAVE_VERSION",
    "DealPlan",
    "TableBase",
    "check_order",
    "seat_names",
    "stack_list",
]

SAVE_VERSION = 2


D = TypeVar("D", bound=Deal)  # the game's deal: a Diamondback Hand, a Diablo Game
T = TypeVar("T", bound="TableBase[Any]")


class TableBase(TableSaving, Generic[D]):
    """What a Diamondback and a Diablo ``Table`` share (see the module docstring).

    **Threads**: a table (with its deals) is not locked and must not be used
    by two threads at once: concurrent actions can corrupt it (chips, turn, a
    save that no longer restores). Give each thread its own table, or make
    every call on a shared table, queries and views included, under one lock
    of your own. Views, records and legal actions are immutable and may be
    shared freely. A :class:`~pedron.Generator` passed as ``seed`` is used,
    not copied: give tables in different threads different generators (e.g.
    ``Generator(parent)``) or seeds.


    A game's Table sets the class attributes below and supplies: the deal
    (``_make_deal``), the reaction to a finished deal (``_deal_over``), its
    own session state (``_game_state`` / ``_restore_game_state``), its view
    (``view``), decks (``_make_deck``, ``_deck_size``) and its cards (``_CARDS``).
    """

    FORMAT: ClassVar[str]
    SAVE_VERSION: ClassVar[int] = SAVE_VERSION
    GAME: ClassVar[str]
    _RULES: ClassVar[Any]
    _HISTORY: ClassVar[Any]
    _PLAYERS: ClassVar[tuple[int, int]]
    _DEFAULT_PLAYERS: ClassVar[int]
    _HAND_SIZE: ClassVar[int]
    _OLD: ClassVar[str]  # pedron 0.1's name of a deal: "hand" or "game"
    # The game's cards: (parse text, format one, its rank, how many card ids there are)
    _CARDS: ClassVar[tuple[Callable[[str], Any], Callable[[int], str], Callable[[int], int], int]]
    # (The instance attributes, rules to deals_played, are declared on TableSaving.)

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
        **legacy_keep: Any,
    ) -> None:
        keep = self._keep_arg(keep_history, legacy_keep)
        if players is None:
            players = self._DEFAULT_PLAYERS
        names = seat_names(players, *self._PLAYERS, self.GAME.capitalize())
        n = len(names)
        if rules is None:
            rules = self._RULES()
        if not isinstance(rules, self._RULES):
            raise PedronTypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if stacks is None:
            stacks = self._default_stacks(rules)
        stack_values = stack_list(stacks, n)
        if dealer is not None:
            dealer = check_seat(dealer, n)
        rng = as_generator(seed)
        self._base(names, stack_values, rules, rng, keep)
        plans = [] if order is None else [self._order_plan(order, dealt_only=False)]
        if orders is None:
            orders = ()
        elif not isinstance(orders, (list, tuple)):  # (an array's truth is ambiguous)
            raise PedronTypeError(
                f"orders must be a list of planned deals, not {type(orders).__name__}"
            )
        plans.extend(self._order_plan(o, dealt_only=False) for o in tuple(orders))
        self._plans.extend(plans)
        self._setup["seed"] = rng.seed
        self._setup["rng"] = rng.getstate()  # (before the draw for dealer: a log replays from it)
        self._setup["dealer"] = dealer
        self._setup["plans"] = [p.to_json() for p in plans]
        self._init_game()
        if dealer is None:
            dealer = self._draw_for_dealer()
        self.dealer = dealer
        self._events.append(Record("dealer", dealer))
        self._after_setup()

    def _base(
        self, names: tuple[str, ...], stacks: list[int], rules: Any, rng: Generator, keep: bool
    ) -> None:
        """The state every table starts from (arguments checked)."""
        self.rules = rules
        self.names = names
        self.n = len(names)
        self.buy_in = tuple(stacks)
        self.ledger = Ledger(stacks)
        self.seated = [True] * self.n
        self.rng = rng
        self.keep_history = keep
        self.dealer = 0
        self.over = False
        self.end_reason = None
        self.closing = False
        self.deals_played = 0
        self._history: list[Any] = []  # DealHistory, or its JSON text until first read
        self._events: list[Record] = []  # (appended to; views share _events_now())
        self._events_seen: tuple[Record, ...] | None = None
        self._events_mark = 0
        self._plans: list[DealPlan] = []
        self._shoe = Shoe(self._make_deck, self._deck_size, rng)
        self._deal: Any = None
        self._last: tuple[Any, ...] | None = None  # (deal, stacks, carry, context) to save
        self._start: tuple[Any, ...] | None = None
        self._ops: list[Any] = []  # since the deal in progress began: (seat, move) or a list
        self._log: list[Any] = []  # every one, with keep_history (since the restore, if any)
        # After a restore with kept histories, until the saved log is read: the saved ops
        # (text), (deals dealt, deals finished) when saved, and the restored snapshot (the
        # log, played again from the setup, must lead to it). One attribute: a table's
        # attributes stay few enough for the interpreter's fast attribute reads.
        self._saved_log: tuple[str, tuple[int, int], dict[str, Any]] | None = None
        self._setup: dict[str, Any] = {
            "names": list(names), "stacks": list(stacks), "rules": None,  # (made when saved)
            "seed": None, "keep_history": keep,
        }

    @classmethod
    def _keep_arg(cls, keep_history: Any, legacy: dict[str, Any]) -> bool:
        old = f"keep_{cls._OLD}s"
        for key, value in legacy.items():
            if key != old:
                raise PedronTypeError(f"unexpected keyword argument {key!r}")
            warnings.warn(f"{old}= is deprecated: use keep_history=", DeprecationWarning,
                          stacklevel=4)
            keep_history = value
        if not isinstance(keep_history, bool):
            raise PedronTypeError("keep_history must be a bool")
        return keep_history

    # -- what each game defines ---------------------------------------------------------
    def _default_stacks(self, rules: Any) -> int:
        return 100

    def _init_game(self) -> None:
        """The game's own session state, before the first dealer is known."""

    def _after_setup(self) -> None:
        """Once the first dealer is known."""

    def _make_deal(self, number: int) -> Any:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _deal_over(self, deal: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def _game_state(self) -> dict[str, Any]:
        return {}

    def _restore_game_state(self, data: dict[str, Any]) -> None:
        pass

    @staticmethod
    def _make_deck(players: int, rng: Generator, order: Sequence[int] | None) -> Any:
        raise NotImplementedError  # pragma: no cover - every game defines it

    @staticmethod
    def _deck_size(players: int) -> int:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _draw_deck(self) -> Any:
        """The deck the players draw from for the first dealer."""
        return self._shoe.fresh(self.n)

    def _parse_cards(self, text: str) -> list[int]:
        return list(self._CARDS[0](text))

    def _check_card(self, card: int) -> None:
        count = self._CARDS[3]
        if not 0 <= card < count:
            raise CardError(f"card number out of range 0..{count - 1}: {card}")

    def _card_rank(self, card: int) -> int:
        return int(self._CARDS[2](card))

    def _card_text(self, card: int) -> str:
        return str(self._CARDS[1](card))

    def _plan_seats(self) -> Sequence[int]:
        """The seats the next deal deals to (the seats a prearranged hand may name)."""
        return [s for s in range(self.n) if self.seated[s]]

    def _draw_ties_fresh(self) -> bool:
        return True

    def view(self, seat: int | None) -> Any:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _view_head(self, seat: int | None) -> tuple[Any, ...]:
        """The fields of :class:`~pedron.engine.views.TableViewBase`, as ``seat`` sees them."""
        if seat is not None:
            seat = check_seat(seat, self.n)
        deal = self._deal
        return (
            seat, self.names, tuple(self.ledger.stacks), tuple(self.seated), self.dealer,
            self.ledger.carry, self.deals_played, self.closing, self.over, self.end_reason,
            self._events_now(), None if deal is None else deal.view(seat),
        )

    # -- queries --------------------------------------------------------------------------
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
        kept = self._history
        if any(isinstance(item, str) for item in kept):
            # (read into a new list: refused, they stay unread and are refused again)
            read = [self._read_history(h) if isinstance(h, str) else h for h in kept]
            self._check_chain(read)
            self._history = kept = read
        return tuple(kept)

    @property
    def results(self) -> list[Any]:
        """The results of the finished deals kept (``keep_history=True``), in order."""
        return [h.result for h in self.history]

    @property
    def events(self) -> tuple[Record, ...]:
        """The table's own events (dealer changes, players out, leaving, votes, the end):
        every one with ``keep_history``, else those since the deal before the current
        (or last) one began: a bounded list, whatever the length of the session."""
        return self._events_now()

    def _events_now(self) -> tuple[Record, ...]:
        """The table's events as one tuple, made again only after they change (every
        view shares it: a view's cost does not grow with a kept session's events).

        Events are only appended, or replaced by a new list (``_reset_events``: a
        restore, a new episode, or the front dropped as a deal begins): a tuple of
        the list's length is the list."""
        seen = self._events_seen
        if seen is None or len(seen) != len(self._events):
            seen = self._events_seen = tuple(self._events)
        return seen

    def _reset_events(self, events: list[Record]) -> None:
        """Replace the table's events (a restore, a new episode)."""
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

    # -- the first dealer ---------------------------------------------------------------------
    def _draw_for_dealer(self) -> int:
        """Every seated player draws a card; the highest rank deals; those tied for
        highest draw again (from a fresh shuffle, or on from the same deck)."""
        drawing = [s for s in range(self.n) if self.seated[s]]
        deck = self._draw_deck()
        while True:
            ranks = {}
            for s in drawing:
                if not len(deck):
                    deck = self._draw_deck()
                c = deck.deal_one()
                ranks[s] = self._card_rank(c)
                self._events.append(Record("draw", s, 0, (c,), note=self._card_text(c)))
            top = max(ranks.values())
            drawing = [s for s in drawing if ranks[s] == top]
            if len(drawing) == 1:
                return drawing[0]
            if self._draw_ties_fresh():
                deck = self._draw_deck()

    # -- prearranged deals --------------------------------------------------------------------
    def _order_plan(self, order: Any, dealt_only: bool = True) -> DealPlan:
        """A queued plan: pedron 0.1's deck order, or a dict ``{"hands", "stock"}``
        (``dealt_only``: its seats must be dealt in at the next deal)."""
        if isinstance(order, DealPlan):
            return order
        if isinstance(order, dict):
            if not set(order) <= {"hands", "stock", "order"}:
                raise ActionTypeError(f"a planned deal has hands, stock or order, not {order!r}")
            return self._hands_plan(order.get("hands"), order.get("stock"), order.get("order"),
                                    dealt_only)
        return DealPlan(order=tuple(check_order(order, self._parse_cards, self._check_card)))

    def _hands_plan(
        self, hands: Any, stock: Any, order: Any = None, dealt_only: bool = True
    ) -> DealPlan:
        """A plan from ``hands`` (``{seat: cards}``) and ``stock`` (cards), checked
        (``dealt_only``: the seats named must be dealt in at the next deal)."""
        if order is not None:
            if hands is not None or stock is not None:
                raise ActionTypeError("give either order= or hands=/stock=, not both")
            return self._order_plan(order)
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
                if dealt_only and seat not in self._plan_seats():
                    raise IllegalActionError(f"seat {seat} is not dealt in at the next deal")
                if any(s == seat for s, _ in pairs):
                    raise IllegalActionError(f"seat {seat} is given two hands")
                cards = tuple(check_order(item[1], self._parse_cards, self._check_card))
                if len(cards) != self._HAND_SIZE:
                    raise IllegalActionError(
                        f"a {self.GAME} hand has {self._HAND_SIZE} cards, not {len(cards)} "
                        f"(seat {seat})"
                    )
                pairs.append((seat, cards))
        stock_cards = () if stock is None else tuple(
            check_order(stock, self._parse_cards, self._check_card)
        )
        every = [c for _, cards in pairs for c in cards] + list(stock_cards)
        if len(set(every)) != len(every):
            raise DuplicateCardError("a card is given twice in the prearranged deal")
        size = self._deck_size(len(self._plan_seats()) if dealt_only else self.n)
        missing = [c for c in every if c >= size]
        if missing:
            raise CardError(
                f"card {self._card_text(missing[0])} is not in the {size}-card deck of the next "
                "deal"
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
        comes shuffled from the rest of the deck. ``order`` is pedron 0.1's
        prearranged deck (the top of the deck, the rest in card order).
        Without them, the next deal queued with ``orders=`` is used, if any.
        """
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError(f"the current {self._OLD} is not finished")
        plan = None
        if hands is not None or stock is not None or order is not None:
            plan = self._hands_plan(hands, stock, order)
        self._begin_deal(plan)
        deal = self._make_deal(self.deals_played)
        self._listen(deal)
        self._deal = deal
        if deal.done:  # (no deal happens when nobody matches an ante at once)
            self._finish_deal(deal)
        return deal  # type: ignore[no-any-return]

    def _begin_deal(self, plan: DealPlan | None) -> None:
        self._start = self._capture()  # the state a save of this deal replays from
        if not self.keep_history and self._events_mark:
            # (a new list, not trimmed in place: a captured start holds the old one)
            self._reset_events(self._events[self._events_mark:])
        self._events_mark = len(self._events)
        op = ["deal"] if plan is None else ["deal", plan.to_json()]
        self._ops = [op]
        if self.keep_history:
            self._log.append(op)
        if plan is None and self._plans:
            plan = self._plans.pop(0)
        self._shoe.plan = plan
        self.deals_played += 1

    def _context_seats(self, dealer: int, allowed: Sequence[bool]) -> tuple[int, ...]:
        """Seats taking part, clockwise from the dealer's left, dealer last."""
        return tuple([s for s in from_left(dealer, self.n) if allowed[s]])

    def _listen(self, deal: Any) -> None:
        """Keep every move of ``deal`` (as ``(seat, move)``, turned into JSON only when
        saved) and hear when it is over."""
        deal.listen(self._finish_deal, self._ops, self._log if self.keep_history else None)

    def _finish_deal(self, deal: Any) -> None:
        self._shoe.plan = None
        assert self._start is not None
        stacks, carry, _ = self._start[9]
        if self.keep_history:
            self._history.append(
                self._HISTORY.of(deal, self.names, stacks, carry, self._deal_context(deal))
            )
        else:  # kept only to be saved: a restored table shows the last deal too
            self._last = (deal, stacks, carry, self._deal_context(deal))
        self._deal_over(deal)

    def _deal_context(self, deal: Any) -> dict[str, Any]:
        """What the session decided for ``deal`` (kept in its history)."""
        return {}

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
                    f"no {self._OLD} has been dealt: call next_deal()"
                ) from None
            raise
        if type(move) is Vote or type(move) is Leave:
            before = len(self._events)
            seat = move[-1]
            if type(move) is Leave:
                self.leave(seat)
            else:
                self.vote_end(seat, move[0])
            return tuple(self._events[before:])
        if deal is None:
            raise IllegalActionError(f"no {self._OLD} has been dealt: call next_deal()")
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        return deal.apply(move)  # type: ignore[no-any-return]

    def act(self, action: Any) -> Record:
        """Apply ``action`` to the current deal; returns the record of the move itself."""
        records = self.apply(action)
        return records[0] if records else Record("none")

    def verify(self, action: Any) -> Any:
        """The normalised move ``action`` stands for in the current deal, or the error."""
        deal = self._deal
        if deal is None:
            raise IllegalActionError(f"no {self._OLD} has been dealt: call next_deal()")
        return deal.verify(action)

    # -- between deals ------------------------------------------------------------------------
    def _between_deals(self, what: str) -> None:
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError(f"cannot {what} during a {self._OLD}")

    def leave(self, seat: int) -> int:  # pragma: no cover - overridden where allowed
        raise IllegalActionError(f"players do not leave a {self.GAME} table between deals")

    def vote_end(self, seat: int, agree: bool = True) -> bool:
        raise IllegalActionError("only a Match Diamondback ends by agreement")

    def _close_refused(self) -> str | None:
        """Why this table cannot be closed (Match Diamondback), or ``None``."""
        return None

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
        reason = self._close_refused()
        if reason is not None:
            raise IllegalActionError(reason)
        self._record_op(["close"])
        self.closing = True
        self._events.append(Record("close", None, note="end asked for"))
        if not self.in_progress and not self.ledger.carry:
            self._end("closed")
        return self.over

    def _record_op(self, op: list[Any]) -> None:
        if self.in_progress:
            self._ops.append(op)
        if self.keep_history:
            self._log.append(op)

    def _end(self, reason: str) -> None:
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

    def _set_dealer(self, dealer: int) -> None:
        if dealer != self.dealer:
            self._events.append(Record("dealer", dealer))
        self.dealer = dealer

    def _end_if_closing(self) -> bool:
        """After a deal: end the session if its end was asked for and no pot is left."""
        if self.closing and not self.ledger.carry:
            self._end("closed")
            return True
        return False

    # -- copies ---------------------------------------------------------------------------
    def clone(self: T) -> T:
        """An independent copy in the same state (generator included)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        other.ledger = self.ledger.copy()
        other.seated = self.seated[:]
        other.rng = self.rng.copy()
        other._history = self._history[:]
        other._events = self._events[:]
        other._plans = self._plans[:]
        other._ops = self._ops[:]  # (their items are never changed)
        other._log = self._log[:]
        other._setup = dict(self._setup)
        other._shoe = self._shoe.copy(other.rng)
        other._clone_game(self)
        deal = self._deal
        if deal is not None:
            deck = deal.deck
            # The copy's deck draws on the copy's generator, as the original's on the original's.
            copy = None if deck is None else other._shoe.ordered(len(deal.order), deck.stock)
            other._deal = deal.copy(other.ledger, other._shoe, copy)
            if not deal.done:
                other._listen(other._deal)
        return other

    def _clone_game(self, original: Any) -> None:
        """Copy the game's own mutable session state from ``original``."""

    def _stacks_text(self) -> str:
        """``name=chips`` for every seat, ``(out)`` for those who left (for ``repr``)."""
        return ", ".join(
            f"{name}={chips}" + ("" if seated else " (out)")
            for name, chips, seated in zip(self.names, self.ledger.stacks, self.seated, strict=True)
        )

    @classmethod
    def replay(cls: type[T], actions: Any, *, seed: Any = 0, **setup: Any) -> T:
        """Play a session again: a table set up as ``setup`` says (``players``,
        ``stacks``, ``rules``, ``dealer``, ``orders``, ``keep_history``), with
        ``seed`` (default 0), then ``actions`` in order: moves (a new deal is dealt
        whenever one is needed) or the operations of :attr:`log`."""
        return replay_session(cls(seed=seed, **setup), actions)  # type: ignore[no-any-return]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = cls.__dict__.get("_OLD")
        if old is None:
            return
        # pedron 0.1's names of a game's deal ("hand", "game"), as deprecated aliases.
        cls_name = "Table"
        for name, new, get in (
            (old, "current (or last)", lambda self: self._deal),
            (f"{old}s_played", "deals_played", lambda self: self.deals_played),
            (f"keep_{old}s", "keep_history", lambda self: self.keep_history),
            (f"past_{old}s", "history", lambda self: [h.records for h in self.history]),
        ):
            setattr(cls, name, deprecated_property(f"{cls_name}.{name}", f"{cls_name}.{new}", get))

        def next_old(self: Any, order: Sequence[int] | None = None) -> Any:
            deprecated(f"{cls_name}.next_{old}()", f"{cls_name}.next_deal()")
            return self.next_deal(order=order)

        next_old.__doc__ = "Deprecated name of :meth:`next_deal`."
        next_old.__name__ = f"next_{old}"
        setattr(cls, f"next_{old}", next_old)

    # -- pedron 0.1's names (deprecated) ----------------------------------------------------
    @property
    def log(self) -> list[list[Any]]:
        """Deprecated: the operations kept (every one with ``keep_history``, else
        those of the deal in progress). Use :attr:`history`."""
        _deprecated("table.log", "table.history (keep_history=True)")
        return [self._op_json(op) for op in (self._log_ops() if self.keep_history else self._ops)]

    @property
    def actions(self) -> list[Any]:
        """Deprecated: the moves kept (see :attr:`log`), each naming its seat."""
        _deprecated("table.actions", "table.history (keep_history=True)")
        ops = self._log_ops() if self.keep_history else self._ops
        out = []
        for op in ops:
            if isinstance(op, tuple):
                out.append(op[1].with_seat(op[0]))
            elif op[0] == "move":  # (read back from a save)
                deal = self._deal
                args = deal.ARGS if deal is not None else None
                out.append(to_move(op[2:], args).with_seat(op[1]) if args else op)
        return out


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=3)


def replay_session(table: Any, actions: Any) -> Any:
    """Apply ``actions`` (moves, naming their seats or not, or saved operations) to
    ``table``, dealing a new deal whenever one is needed; returns the table."""
    for entry in actions:
        if isinstance(entry, list) and entry and entry[0] in ("deal", "move", "close", "leave",
                                                              "vote"):
            table._replay_op(entry)
            continue
        if not table.in_progress:  # a move of the next deal
            table.next_deal()
        table.apply(entry)
    return table
