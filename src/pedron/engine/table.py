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

import itertools
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pedron._kernels.rng import Generator, as_generator
from pedron.engine import save
from pedron.engine.actions import LegalAction, Record, check_seat
from pedron.engine.deal import Deal
from pedron.engine.errors import (
    ActionTypeError,
    GameOverError,
    IllegalActionError,
    RulesError,
    SaveError,
)
from pedron.engine.frozen import Frozen, fields
from pedron.engine.ledger import Ledger
from pedron.engine.moves import Leave, Vote, exact_int, to_move
from pedron.engine.pots import from_left
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
_OPS = frozenset(("deal", "move", "close", "leave", "vote"))  # the operations a save holds


def seat_names(players: Any, low: int, high: int, game: str) -> tuple[str, ...]:
    """Names for ``players`` (a count, or a list of distinct names), ``low..high`` of them."""
    if isinstance(players, bool):
        raise PedronTypeError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"P{i}" for i in range(int.__index__(players)))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(str.__str__(p) for p in players)
    else:
        raise PedronTypeError("players must be a count or a list of names")
    if not low <= len(names) <= high:
        raise RulesError(f"{game} is for {low} to {high} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("player names must differ")
    return names


def stack_list(stacks: Any, n: int) -> list[int]:
    """Starting stacks: one int for everyone, or one whole number (>= 1) per seat."""
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [int.__index__(stacks)] * n
    elif isinstance(stacks, (list, tuple)):
        out = [int.__index__(s) if isinstance(s, int) and not isinstance(s, bool) else s
               for s in stacks]
    else:
        raise PedronTypeError("stacks must be an int or a list of ints")
    if len(out) != n or not all(type(s) is int and s >= 1 for s in out):
        raise RulesError(f"stacks must be {n} whole numbers of at least 1 chip")
    return out


def check_order(
    order: Any, parse_text: Callable[[str], list[int]], check_card: Callable[[int], Any]
) -> list[int]:
    """A list of distinct cards (card ids or text), each checked by ``check_card``."""
    if isinstance(order, str):
        order = list(parse_text(str.__str__(order)))
    if not isinstance(order, (list, tuple)):
        raise ActionTypeError("cards must be text or a list of card ids")
    out = []
    for c in order:
        if isinstance(c, bool) or not isinstance(c, int):
            raise ActionTypeError(f"a card id must be an int, not {type(c).__name__}")
        c = int.__index__(c)
        check_card(c)  # raises a CardError when out of range
        out.append(c)
    if len(set(out)) != len(out):
        raise DuplicateCardError("a card appears twice")
    return out


@fields
class DealPlan(Frozen):
    """Prearranged cards for one deal.

    ``hands``: ``(seat, cards)`` pairs, the cards each named seat is dealt;
    ``stock``: the cards on top of the stock after the deal (top first, for a
    draw); every other card comes shuffled from the rest of the deck. Or
    ``order`` (pedron 0.1's prearranged deck): the top of the whole deck, top
    first, the rest following in card order.
    """

    __slots__ = ()
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    stock: tuple[int, ...]
    order: tuple[int, ...] | None

    def __new__(
        cls,
        hands: tuple[tuple[int, tuple[int, ...]], ...] = (),
        stock: tuple[int, ...] = (),
        order: tuple[int, ...] | None = None,
    ) -> DealPlan:
        return tuple.__new__(cls, (hands, stock, order))

    def to_json(self) -> dict[str, Any]:
        if self[2] is not None:
            return {"order": list(self[2])}
        return {"hands": [[s, list(c)] for s, c in self[0]], "stock": list(self[1])}

    def arrange(self, shuffled: Sequence[int], receivers: Sequence[int]) -> list[int]:
        """A deck order (top first) dealing this plan to ``receivers`` (the seat that
        gets each card dealt, in order), the rest of ``shuffled`` (the deck, shuffled)
        filling in. A named card the deck lacks, or one of a seat not dealt in,
        is left out (a smaller deck in Dealer's Diamondback)."""
        deck = set(shuffled)
        planned = {s: [c for c in cards if c in deck] for s, cards in self[0] if s in receivers}
        stock = [c for c in self[1] if c in deck]
        used = {c for cards in planned.values() for c in cards} | set(stock)
        rest = [c for c in shuffled if c not in used]
        rest.reverse()  # popped from the end: keeps the shuffled order
        out = []
        for s in receivers:
            mine = planned.get(s)
            out.append(mine.pop(0) if mine else rest.pop())
        # Cards planned for a seat that was not dealt in go back to the rest.
        leftover = [c for cards in planned.values() for c in cards]
        rest.reverse()
        return out + stock + leftover + rest


D = TypeVar("D", bound=Deal)  # the game's deal: a Diamondback Hand, a Diablo Game
T = TypeVar("T", bound="TableBase[Any]")


class TableBase(Generic[D]):
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

    rules: Any
    names: tuple[str, ...]
    n: int
    buy_in: tuple[int, ...]
    ledger: Ledger
    seated: list[bool]
    rng: Generator
    dealer: int
    over: bool
    end_reason: str | None
    closing: bool
    keep_history: bool
    deals_played: int

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
        plans = [] if order is None else [self._order_plan(order)]
        plans.extend(self._order_plan(o) for o in orders or ())
        rng = as_generator(seed)
        self._base(names, stack_values, rules, rng, keep)
        self._plans.extend(plans)
        self._setup["seed"] = rng.seed
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
        self._events: list[Record] = []
        self._events_mark = 0
        self._plans: list[DealPlan] = []
        self._shoe = Shoe(self._make_deck, self._deck_size, rng)
        self._deal: Any = None
        self._last: tuple[Any, ...] | None = None  # (deal, stacks, carry, context) to save
        self._start: tuple[Any, ...] | None = None
        self._ops: list[Any] = []  # since the deal in progress began: (seat, move) or a list
        self._log: list[Any] = []  # every one, with keep_history
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
            tuple(self._events), None if deal is None else deal.view(seat),
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

        (A restored table reads each kept history when it is first asked for,
        checking its form and chips; :meth:`DealHistory.verify` replays one.)
        """
        kept = self._history
        for i, item in enumerate(kept):
            if isinstance(item, str):
                kept[i] = self._read_history(item)
        return tuple(kept)

    def _read_history(self, text: str) -> Any:
        import json

        try:
            data = json.loads(text)
        except ValueError as exc:
            raise SaveError(f"a kept history is not JSON: {exc}") from None
        try:
            return self._HISTORY.from_json(data, replay=False, rules=self.rules,
                                           names=self.names)
        except PedronError as exc:
            raise SaveError(f"a kept history is damaged: {exc}") from None

    @property
    def results(self) -> list[Any]:
        """The results of the finished deals kept (``keep_history=True``), in order."""
        return [h.result for h in self.history]

    @property
    def events(self) -> tuple[Record, ...]:
        """The table's own events (dealer changes, players out, leaving, votes, the end):
        every one with ``keep_history``, else those since the deal before the current
        (or last) one began: a bounded list, whatever the length of the session."""
        return tuple(self._events)

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
    def _order_plan(self, order: Any) -> DealPlan:
        if isinstance(order, DealPlan):
            return order
        if isinstance(order, dict):
            return self._hands_plan(order.get("hands"), order.get("stock"), order.get("order"))
        return DealPlan(order=tuple(check_order(order, self._parse_cards, self._check_card)))

    def _hands_plan(self, hands: Any, stock: Any, order: Any = None) -> DealPlan:
        """A plan from ``hands`` (``{seat: cards}``) and ``stock`` (cards), checked."""
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
                if seat not in self._plan_seats():
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
        size = self._deck_size(len(self._plan_seats()))
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
        deal.listen(self._on_move)
        self._deal = deal
        if deal.done:  # (no deal happens when nobody matches an ante at once)
            self._finish_deal(deal)
        return deal  # type: ignore[no-any-return]

    def _begin_deal(self, plan: DealPlan | None) -> None:
        self._start = self._capture()  # the state a save of this deal replays from
        if not self.keep_history:
            del self._events[: self._events_mark]
        self._events_mark = len(self._events)
        op = ["deal"] if plan is None else ["deal", plan.to_json()]
        self._ops = [op]
        if self.keep_history:
            self._log_ops().append(op)
        if plan is None and self._plans:
            plan = self._plans.pop(0)
        self._shoe.plan = plan
        self.deals_played += 1

    def _context_seats(self, dealer: int, allowed: Sequence[bool]) -> tuple[int, ...]:
        """Seats taking part, clockwise from the dealer's left, dealer last."""
        return tuple([s for s in from_left(dealer, self.n) if allowed[s]])

    def _on_move(self, deal: Any, move: Any, seat: int) -> None:
        op = (seat, move)  # turned into JSON only when saved
        self._ops.append(op)
        if self.keep_history:
            self._log_ops().append(op)
        if deal.done:
            self._finish_deal(deal)

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

    def _last_text(self) -> str | None:
        """The last finished deal's history (JSON text), when no history is kept."""
        last = self._last
        if last is None or self.in_progress or self.keep_history:
            return None
        deal, stacks, carry, context = last
        return str(self._HISTORY.of(deal, self.names, stacks, carry, context).compact_text())

    def _deal_context(self, deal: Any) -> dict[str, Any]:
        """What the session decided for ``deal`` (kept in its history)."""
        return {}

    def apply(self, action: Any) -> tuple[Record, ...]:
        """Apply ``action``: a move of the deal in progress, or between deals a
        :class:`~pedron.engine.moves.Vote` or :class:`~pedron.engine.moves.Leave`.
        Returns the records it produced."""
        if isinstance(action, (Vote, Leave)) or (
            isinstance(action, (tuple, list)) and action and action[0] in ("vote", "leave")
        ) or (isinstance(action, str) and action.split()[:1] in (["vote"], ["leave"])):
            move = to_move(action)
            before = len(self._events)
            if move.kind == "leave":
                self.leave(move.seat)
            else:
                self.vote_end(move.seat, move.agree)
            return tuple(self._events[before:])
        deal = self._deal
        if deal is None:
            raise IllegalActionError(f"no {self._OLD} has been dealt: call next_deal()")
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        return deal.apply(action)  # type: ignore[no-any-return]

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
        ends the session at once.
        """
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        reason = self._close_refused()
        if reason is not None:
            raise IllegalActionError(reason)
        if self.closing:
            raise IllegalActionError("the end of the session is already asked for")
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
            self._log_ops().append(op)

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

    # -- saving --------------------------------------------------------------------------------
    def _capture(self) -> tuple[Any, ...]:
        """The table's state between deals, cheaply (immutable values and copies):
        taken at every deal's start, turned into JSON only if the table is saved."""
        led = self.ledger
        return (
            tuple(self.seated), self.dealer, self.deals_played, self.closing, self.over,
            self.end_reason, tuple(self._events), self._events_mark, tuple(self._plans),
            (tuple(led.stacks), led.carry, led.total), self.rng.copy(), self._game_state(),
        )

    @staticmethod
    def _capture_json(c: tuple[Any, ...], ledger: dict[str, Any] | None = None) -> dict[str, Any]:
        """The JSON of a :meth:`_capture` (``ledger``: the ledger's own, during a deal)."""
        stacks, carry, total = c[9]
        n = len(stacks)
        if ledger is None:  # between deals nothing is committed and nobody is live
            ledger = {"stacks": list(stacks), "committed": [0] * n, "levels": [0] * n,
                      "marks": {}, "live": [False] * n, "carry": carry, "total": total}
        return {
            "seated": list(c[0]),
            "dealer": c[1],
            "deals_played": c[2],
            "closing": c[3],
            "over": c[4],
            "end_reason": c[5],
            "events": [r.to_json() for r in c[6]],
            "events_mark": c[7],
            "plans": [p.to_json() for p in c[8]],
            "ledger": ledger,
            "rng": c[10].getstate(),
            **c[11],
        }

    def _session_state(self) -> dict[str, Any]:
        """The table's state as plain data (the deal in progress apart)."""
        return self._capture_json(self._capture(), self.ledger.getstate())

    @staticmethod
    def _op_json(op: Any) -> list[Any]:
        if isinstance(op, tuple):  # (seat, move)
            return ["move", op[0], *op[1].to_json()]
        return list(op)

    def getstate(self) -> dict[str, Any]:
        """The whole state as plain data (hidden information included; the deal in
        progress, not a finished one)."""
        deal = self.current
        return {
            "table": self._session_state(),
            "deal": None if deal is None else deal.getstate(),
        }

    def to_json(self) -> str:
        """The table as versioned JSON (see the module docstring; ``docs/histories.md``)."""
        if self.in_progress:
            assert self._start is not None
            start, ops = self._capture_json(self._start), [self._op_json(o) for o in self._ops]
        else:
            start, ops = self._session_state(), []
        import json

        return json.dumps(
            {
                "format": self.FORMAT,
                "version": self.SAVE_VERSION,
                "setup": self._setup_json(),
                "start": start,
                "ops": ops,
                # Each kept history as its own JSON text: a restore reads it when needed.
                "history": [h if isinstance(h, str) else h.compact_text() for h in self._history],
                "log": self._log_text() if self.keep_history else "[]",
                "last": self._last_text(),
                "state": self.getstate(),
            },
            separators=(",", ":"),
        )

    def _setup_json(self) -> dict[str, Any]:
        setup = self._setup
        if setup["rules"] is None:
            setup["rules"] = self.rules.to_json()
        return setup

    @classmethod
    def from_json(
        cls: type[T], text: str | bytes | dict[str, Any], *, replay_history: bool = False
    ) -> T:
        """Restore a table saved by :meth:`to_json`, validating it thoroughly.

        The start state is checked (version, chips, seats, dealer), the moves
        since it are played again and must give the saved snapshot exactly.
        Every kept history is checked for form and chips (each one's own, and
        that they follow each other); ``replay_history=True`` also replays each
        one alone (:meth:`DealHistory.verify`, which any history offers later).
        Anything wrong raises :class:`SaveError`.
        """
        data = save.load_v2(text, cls.FORMAT, cls.SAVE_VERSION)
        cls._check_snapshot(data["setup"], data["state"])
        try:
            table = cls._from_setup(data["setup"])
            table._restore_session(data["start"])
            for op in data["ops"]:
                table._replay_op(op)
            save.require_same(table.getstate(), data["state"])
            history = data["history"]
            if not all(type(h) is str for h in history):
                raise SaveError("kept histories are saved as JSON texts")
            log = data.get("log", "[]")
            if type(log) is not str:
                raise SaveError("the saved log must be JSON text")
        except SaveError:
            raise
        except PedronError as exc:
            raise SaveError(f"the saved table does not replay: {exc}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError(f"malformed saved table: {exc!r}") from None
        finished = table.deals_played - (1 if table.in_progress else 0)
        if table.keep_history and len(history) != finished:
            raise SaveError(
                f"{len(history)} histories kept for {finished} finished deals (tampered?)"
            )
        if not table.keep_history and history:
            raise SaveError("histories are kept only with keep_history")
        table._history = list(history)
        table._log = log if table.keep_history else []
        if replay_history:
            kept = table.history
            cls._check_chain(list(kept))
            for h in kept:
                h.verify()
        last = history[-1] if history else data.get("last")
        if last is not None and table._deal is None:  # the last deal, for views between deals
            if type(last) is not str:
                raise SaveError("the last deal is saved as JSON text")
            history_of_last = table._read_history(last)
            try:
                table._deal = history_of_last.replay()
            except PedronError as exc:
                raise SaveError(f"the last deal does not replay: {exc}") from None
            if not table.keep_history:
                table._last = (table._deal, history_of_last.stacks, history_of_last.carry,
                               dict(history_of_last.context))
        return table

    def _log_text(self) -> str:
        import json

        log = self._log
        if isinstance(log, str):
            return log
        return json.dumps([self._op_json(o) for o in log], separators=(",", ":"))

    def _log_ops(self) -> list[Any]:
        """The session's operations (every one with ``keep_history``), read if saved."""
        import json

        log = self._log
        if isinstance(log, str):
            try:
                ops = json.loads(log)
            except (ValueError, RecursionError) as exc:
                raise SaveError(f"the saved log is not JSON: {exc}") from None
            if not isinstance(ops, list) or not all(
                isinstance(op, list) and op and op[0] in _OPS for op in ops
            ):
                raise SaveError("the saved log holds something that is not an operation")
            log = self._log = ops
        return log

    @staticmethod
    def _check_chain(history: list[Any]) -> None:
        """Kept histories follow each other: deal numbers one by one, and never more
        chips after a deal than the next one starts with (players may leave)."""
        for before, after in itertools.pairwise(history):
            if after.number != before.number + 1:
                raise SaveError(f"kept deal {after.number} follows deal {before.number}")
            if sum(after.stacks) + after.carry > sum(before.stacks_after()) + before.result.carry:
                raise SaveError(f"deal {after.number} starts with chips deal {before.number} "
                                "did not leave")

    @classmethod
    def _check_snapshot(cls, setup: dict[str, Any], state: dict[str, Any]) -> None:
        """Clear errors for the usual kinds of damage to the saved snapshot, before the
        replay that proves it (chips here, cards and turn in the game's
        ``_check_deal_snapshot``)."""
        try:
            n = len(setup["names"])
            ledger = state["table"]["ledger"]
            if len(ledger["stacks"]) != n or len(ledger["committed"]) != n:
                raise SaveError("chip lists do not match the number of seats")
            save.check_chips(ledger["stacks"], ledger["committed"], ledger["carry"],
                             ledger["total"], sum(setup["stacks"]))
            deal = state["deal"]
            if deal is not None:
                cls._check_deal_snapshot(n, ledger, deal)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError,
                RecursionError) as exc:
            raise SaveError(f"malformed saved state: {exc!r}") from None

    @staticmethod
    def _check_deal_snapshot(n: int, ledger: dict[str, Any], deal: dict[str, Any]) -> None:
        """The game's checks of a saved deal in progress (cards, whose turn)."""

    @staticmethod
    def _check_turn(n: int, ledger: dict[str, Any], pending: Any) -> None:
        if not pending or not all(
            type(s) is int and 0 <= s < n and ledger["live"][s] for s in pending
        ):
            raise SaveError("the player to act is not a live seat of this deal")

    @classmethod
    def _from_setup(cls, setup: Any) -> Any:
        if not isinstance(setup, dict):
            raise SaveError("the setup must be a dict")
        try:
            names = seat_names(setup["names"], *cls._PLAYERS, cls.GAME.capitalize())
            stacks = stack_list(setup["stacks"], len(names))
            rules = cls._RULES.from_json(setup["rules"])
            seed = setup["seed"]
            if seed is not None and type(seed) is not int:
                raise SaveError(f"the seed must be an int or null, not {save.short(seed)}")
            keep = setup["keep_history"]
            if type(keep) is not bool:
                raise SaveError("keep_history must be a bool")
        except SaveError:
            raise
        except PedronError as exc:
            raise SaveError(f"bad setup: {exc}") from None
        table = cls.__new__(cls)
        table._base(names, stacks, rules, Generator(0), keep)
        table._setup = dict(setup)
        table._init_game()
        return table

    def _restore_session(self, data: Any) -> None:
        """Set the table to a saved state between deals, checking it."""
        if not isinstance(data, dict):
            raise SaveError("the saved start state must be a dict")
        n = self.n
        seated = data["seated"]
        if not isinstance(seated, list) or len(seated) != n or any(
            type(x) is not bool for x in seated
        ):
            raise SaveError("seated must be one bool per seat")
        led = data["ledger"]
        if len(led["stacks"]) != n or len(led["committed"]) != n:
            raise SaveError("chip lists do not match the number of seats")
        save.check_chips(led["stacks"], led["committed"], led["carry"], led["total"],
                         sum(self.buy_in))
        if any(led["committed"]):
            raise SaveError("chips are committed between deals")
        ledger = Ledger(led["stacks"], led["carry"])
        if ledger.total != led["total"]:
            raise SaveError("the chip total does not add up")
        dealer = data["dealer"]
        if type(dealer) is not int or not 0 <= dealer < n:
            raise SaveError(f"bad dealer {save.short(dealer)}")
        for name in ("closing", "over"):
            if type(data[name]) is not bool:
                raise SaveError(f"{name} must be a bool")
        if data["end_reason"] is not None and type(data["end_reason"]) is not str:
            raise SaveError("end_reason must be text or null")
        played = data["deals_played"]
        if type(played) is not int or played < 0:
            raise SaveError("deals_played must be a whole number")
        try:
            self.rng.setstate(data["rng"])
        except PedronError as exc:
            raise SaveError(f"bad generator state: {exc}") from None
        self.ledger = ledger
        self.seated = list(seated)
        self.dealer = dealer
        self.closing = data["closing"]
        self.over = data["over"]
        self.end_reason = data["end_reason"]
        self.deals_played = played
        self._events = [Record.from_json(r) for r in data["events"]]
        mark = data["events_mark"]
        if type(mark) is not int or not 0 <= mark <= len(self._events):
            raise SaveError("bad events_mark")
        self._events_mark = mark
        self._plans = [self._order_plan(p) for p in data["plans"]]
        self._restore_game_state(data)
        if self._session_state() != data:
            raise SaveError("the saved start state is not one this game can be in")

    def _replay_op(self, op: Any) -> None:
        if not isinstance(op, list) or not op:
            raise SaveError(f"bad saved operation {save.short(op)}")
        kind = op[0]
        if kind == "deal":
            plan = op[1] if len(op) > 1 else None
            if plan is None:
                self.next_deal()
            elif isinstance(plan, dict):
                self.next_deal(**{k: plan[k] for k in ("hands", "stock", "order") if k in plan})
            else:
                raise SaveError(f"bad saved deal {save.short(plan)}")
        elif kind == "move":
            deal = self.current
            if deal is None:
                raise SaveError("a saved move with no deal in progress")
            seat = exact_int(op[1], "a seat")
            deal.apply(to_move(op[2:], deal.ARGS).with_seat(seat))
        elif kind == "close":
            self.close()
        elif kind == "leave":
            self.leave(op[1])
        elif kind == "vote":
            self.vote_end(op[1], op[2])
        else:
            raise SaveError(f"unknown saved operation {save.short(kind)}")

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
        other._log = self._log if isinstance(self._log, str) else self._log[:]
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
                other._deal.listen(other._on_move)
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
