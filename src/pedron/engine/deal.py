"""A deal as a state machine: the protocol both games' deals follow.

A Diamondback hand and a Diablo game are each a :class:`Deal`, built from a
:class:`DealContext` that the table hands it (rules, the chip ledger, where
the cards come from, the seats in order, the dealer) and knowing nothing of
the table. Every deal answers the same questions:

* ``to_act``, ``phase``, ``done``; ``legal_actions()``: what the player to act
  may do, with amounts;
* ``verify(action)``: the normalised move (exact built-in values, the seat
  filled in) or the pedron error saying why it is refused; nothing changes;
* ``apply(action)``: verify, then change the state, then return the records
  the move produced (its own record first; cards dealt, the showdown and the
  settlement follow when the move brings them about);
* ``view(seat)``: what one player may know, as immutable data.

``legal_actions()`` and ``verify()`` ask the same question: for each kind of
move the deal has one rule method, ``_option(kind)``, that returns either the
:class:`~pedron.engine.actions.LegalAction` describing the allowed moves of
that kind or the reason none is allowed. Listing the legal actions collects
the descriptors; verifying a move looks its kind up and checks the move
against the descriptor (:func:`check_against`), so the two cannot disagree.

Views are built from histories censored once per viewer, as the records come
(:meth:`Deal.seen_by`): a view costs the same at the first move and the
hundredth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any, ClassVar

from pedron.engine.actions import LegalAction, Record, check_seat, make_record
from pedron.engine.errors import (
    AmountError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
)
from pedron.engine.ledger import Ledger
from pedron.engine.moves import (
    Ante,
    Bet,
    Call,
    Check,
    Fold,
    Match,
    MoveArgs,
    RaiseTo,
    Reveal,
    Stop,
    to_move,
)

__all__ = ["DONE", "Deal", "DealContext", "check_against"]

# Moves of exact values that need no conversion when they name no seat (the fast path
# of the named methods): no arguments, or one int.
_PLAIN_MOVES = frozenset((Check, Fold, Stop, Call, Match))
_INT_MOVES = frozenset((Bet, RaiseTo, Ante, Reveal))

DONE = "done"

#: Kinds whose move carries an amount the descriptor bounds.
_AMOUNT_KINDS = frozenset(("bet", "raise", "ante"))
#: Kinds whose move costs what the descriptor says (an amount, if given, must be it).
_COST_KINDS = frozenset(("call", "match"))


class DealContext:
    """What a table hands a new deal.

    ``rules``; ``number``: the deal's number at the table (1, 2, ...);
    ``dealer``; ``seats``: the seats taking part, clockwise from the dealer's
    left, dealer last; ``n``: seats at the table; ``ledger``: the table's chips
    (the deal pays into it and settles it); ``deck``: the shoe, called as
    ``deck(players, receivers)`` for the deck to deal from (``receivers``: the
    seat that gets each card dealt, in order), with ``copy()``; ``extra``:
    what a game's session decides for this deal (Diablo: the game to play,
    whether it is played for a Diablo pot).
    """

    __slots__ = ("dealer", "deck", "extra", "ledger", "n", "number", "rules", "seats")

    def __init__(
        self,
        rules: Any,
        number: int,
        dealer: int,
        seats: tuple[int, ...],
        n: int,
        ledger: Ledger,
        deck: Any,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.seats = seats
        self.n = n
        self.ledger = ledger
        self.deck = deck
        self.extra = {} if extra is None else extra


def check_against(legal: LegalAction, move: Any, actor: int) -> None:
    """Raise the pedron error saying why ``move`` is not one that ``legal`` allows.

    Amounts are checked against ``min``..``max``, costs against their price,
    cards against ``cards`` by value; a descriptor's ``limit`` checks what the
    bounds cannot say.
    """
    kind = legal[0]
    if kind in _AMOUNT_KINDS:
        amount = move[0]
        lo, hi = legal[1], legal[2]
        assert lo is not None and hi is not None
        if amount < 1:
            raise AmountError(f"the {kind} must be at least 1 chip, not {amount}")
        if not lo <= amount <= hi:
            if kind == "raise":
                raise AmountError(f"a raise must be to {lo}..{hi} chips in all, not {amount}")
            what = "the ante" if kind == "ante" else "a bet"
            raise AmountError(f"{what} must be {lo}..{hi} chips, not {amount}")
    elif kind in _COST_KINDS:
        amount = move[0]
        if amount is not None and amount != legal[1]:
            chips = "chip" if legal[1] == 1 else "chips"
            raise AmountError(f"{kind}ing costs {legal[1]} {chips}, not {amount}")
    limit = legal[4]
    if limit is not None:
        reason = limit.why_not(move, legal)
        if reason is not None:
            raise getattr(limit, "error", IllegalActionError)(reason)


class Deal:
    """Base of a game's deal: the protocol machinery (see the module docstring).

    A game's deal defines ``_kinds()`` (the kinds of move its current phase
    knows), ``_option(kind)`` (a descriptor or the reason a kind is refused),
    ``_play(move)`` (change the state and emit the records of a verified
    move), ``_actor()`` (the seat to act) and ``view``; it may refine
    ``_normalise`` (a move made exact against its descriptor). ``ARGS`` reads
    the game's cards and other arguments; ``NAME`` names the deal in messages.
    """

    __slots__ = (
        "_chipless",
        "_legal",
        "_listener",
        "_log_to",
        "_mine",
        "_moves",
        "_normalised",
        "_ops_to",
        "_patched",
        "_pots",
        "_seats",
        "_seen",
        "_shoe",
        "dealer",
        "deck",
        "done",
        "extra",
        "final",
        "history",
        "ledger",
        "n",
        "number",
        "order",
        "phase",
        "result",
        "rules",
        "to_act",
    )

    ARGS: ClassVar[MoveArgs] = MoveArgs()
    NAME: ClassVar[str] = "deal"
    #: Kinds of move :meth:`_normalise` makes exact against their descriptor.
    _NORMALISE: ClassVar[frozenset[str]] = frozenset()
    #: Kinds of move that move no chip unless they end the deal (the pots stay as they are).
    _CHIPLESS: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, ctx: DealContext) -> None:
        self._begin(ctx)

    def _begin(self, ctx: DealContext) -> None:
        """Set up the state every deal has (a game's ``__init__`` calls it first)."""
        self.rules = ctx.rules
        self.extra = ctx.extra  # what the session decided for this deal (never changed)
        self.ledger = ctx.ledger
        self.number = ctx.number
        self.dealer = ctx.dealer
        self.n = ctx.n
        self.order: tuple[int, ...] = ctx.seats
        self.history: list[Record] = []
        self._moves: list[Any] = []  # the moves as verified (a seat may be missing) ...
        self._seats: list[int] = []  # ... and the seat that made each
        self.result: Any = None
        self.final: tuple[tuple[bool, ...], tuple[int, ...]] | None = None
        self.phase = ""
        self.done = False  # True once settled (set with the phase "done")
        self.to_act: int | None = None  # the seat to act (the game's _actor(), kept current)
        self._shoe = ctx.deck
        self.deck: Any = None  # the deck dealt from, once dealt
        self._legal: tuple[LegalAction, ...] | None = None  # the descriptors, once asked
        self._pots: tuple[Any, ...] | None = None  # the pots as they stand, once asked
        self._seen: list[list[Record]] | None = None  # per viewer, made at the first view
        # The table's hook (listen): the lists it keeps the moves in, and what it
        # calls once the deal is over.
        self._listener: Callable[[Deal], None] | None = None
        self._ops_to: list[Any] | None = None
        self._log_to: list[Any] | None = None
        self._normalised = self._NORMALISE  # (the class's, read once per deal)
        self._chipless = self._CHIPLESS

    # -- what a game defines ------------------------------------------------------------
    def _kinds(self) -> tuple[str, ...]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _option(self, kind: str) -> LegalAction | str:  # pragma: no cover
        raise NotImplementedError

    def _play(self, move: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def _actor(self) -> int | None:  # pragma: no cover
        raise NotImplementedError

    def view(self, seat: int | None) -> Any:  # pragma: no cover - every game defines it
        """What ``seat`` (``None``: a spectator) may know of this deal."""
        raise NotImplementedError

    def getstate(self) -> dict[str, Any]:  # pragma: no cover - every game defines it
        """The whole state as plain data (hidden cards included: for saving)."""
        raise NotImplementedError

    def _common_state(self) -> dict[str, Any]:
        """The part of :meth:`getstate` every deal has: records, moves, result."""
        return {
            "history": [r.to_json() for r in self.history],
            "moves": [[seat, *m.to_json()] for m, seat in zip(self._moves, self._seats,
                                                                strict=True)],
            "result": None if self.result is None else self.result.to_json(),
            "final": None if self.final is None else [list(x) for x in self.final],
        }

    def _normalise(self, move: Any, legal: LegalAction | None) -> Any:
        """A move made exact before it is checked (Diablo turns a raise-by into a raise-to)."""
        return move

    def _refusal(self, kind: str) -> str:
        """Why a kind the phase does not know is refused."""
        actor = self.to_act
        kinds = self._kinds()
        choices = " or ".join(k for k in kinds if not isinstance(self._option(k), str))
        return f"seat {actor} may {choices or 'do nothing'} now, not {kind!r}"

    # -- queries ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the deal is settled (the same as :attr:`done`)."""
        return self.phase == DONE

    def pots(self) -> list[Any]:
        """The main pot and side pots as they stand (empty once settled)."""
        return list(self.current_pots())

    def current_pots(self) -> tuple[Any, ...]:
        """:meth:`pots` as a tuple, computed once per state."""
        pots = self._pots
        if pots is None:
            pots = self._pots = () if self.phase == DONE else tuple(self.ledger.pots())
        return pots

    def options(self) -> dict[str, LegalAction]:
        """The legal actions by kind."""
        return {legal[0]: legal for legal in self._legal_now()}

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do now, with amounts (empty when over)."""
        return list(self._legal_now())

    def _legal_now(self) -> tuple[LegalAction, ...]:
        """The descriptor of every kind of move open now, computed once per state."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.phase == DONE else self._all_legal()
        return legal

    def _all_legal(self) -> tuple[LegalAction, ...]:
        """Every kind's descriptor: :meth:`_option` for each kind of the phase, in the
        phase's order (a game may compute them together, from the same rule code)."""
        out = []
        for kind in self._kinds():
            legal = self._option(kind)
            if not isinstance(legal, str):
                out.append(legal)
        return tuple(out)

    def _legal_of(self, kind: str) -> LegalAction | None:
        """The descriptor of ``kind`` among those open now, or ``None``."""
        for legal in self._legal_now():
            if legal[0] == kind:
                return legal
        return None

    @property
    def moves(self) -> tuple[Any, ...]:
        """Every move applied so far, in order, each naming its seat."""
        return tuple(
            m if m[-1] is not None else m.with_seat(s)
            for m, s in zip(self._moves, self._seats, strict=True)
        )

    def verify(self, action: Any) -> Any:
        """``action`` as the normalised move it stands for (naming its seat), or the
        pedron error saying why it is refused. Nothing changes either way."""
        move, actor = self._verified(action)
        return move if move[-1] is not None else move.with_seat(actor)

    def _verified(self, action: Any) -> tuple[Any, int]:
        """The normalised move and the seat making it, or the pedron error."""
        cls = type(action)
        if (cls in _PLAIN_MOVES and action[0] is None and action[-1] is None) or (
            cls in _INT_MOVES and type(action[0]) is int and action[1] is None
        ):
            move = action  # a move of exact values, made by the engine's callers: as it is
        else:
            move = to_move(action, self.ARGS)
        if self.done:
            raise GameOverError(f"{self.NAME} {self.number} is over")
        actor = self.to_act
        seat = move[-1]
        if seat is not None and seat != actor:
            check_seat(seat, self.n)  # a seat not at the table says so
            raise NotYourTurnError(f"seat {seat} acted but seat {actor} is to act")
        kind = move.kind
        if kind in self._normalised:
            move = self._normalise(move, self._legal_of("raise" if kind == "raise_by" else kind))
            kind = move.kind
        legal: LegalAction | None
        if self._legal is not None:  # (listed already: the usual case, a bot read its view)
            legal = self._legal_of(kind)
        else:
            option = self._option(kind) if kind in self._kinds() else None
            if isinstance(option, str):
                raise IllegalActionError(option)
            legal = option
        if legal is None:
            reason = self._option(kind)
            raise IllegalActionError(reason if isinstance(reason, str) else self._refusal(kind))
        assert actor is not None  # (a deal not over has a seat to act)
        if legal[1] is not None or legal[4] is not None:  # amounts or a rule to check
            check_against(legal, move, actor)
        return move, actor

    def check_action(self, action: Any) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        from pedron.errors import PedronError

        try:
            self.verify(action)
        except PedronError as exc:
            return str(exc)
        return None

    def apply(self, action: Any) -> tuple[Record, ...]:
        """Verify ``action``, apply it, and return the records it produced."""
        start = self._apply(action)
        return tuple(self.history[start:])

    def act(self, action: Any) -> Record:
        """Apply ``action``; returns the record of the move itself."""
        return self.history[self._apply(action)]

    def _apply(self, action: Any) -> int:
        """Verify ``action`` and apply it; returns where its records begin in the history."""
        move, actor = self._verified(action)
        history = self.history
        start = len(history)
        self._moves.append(move)
        self._seats.append(actor)
        self._legal = None
        self._play(move)
        if self.done or move.kind not in self._chipless:
            self._pots = None  # (the chips changed: the pots are asked for again)
        self.to_act = self._actor()
        ops = self._ops_to
        if ops is not None:  # (kept by the table for its save: the move once, not a copy)
            op = (actor, move)
            ops.append(op)
            log = self._log_to
            if log is not None:
                log.append(op)
        if self.done:
            listener = self._listener
            if listener is not None:
                listener(self)
        return start

    def _finished(self) -> None:
        """Enter the phase ``"done"`` (a game calls it once, when the deal is settled)."""
        self.phase = DONE
        self.done = True

    # -- views ----------------------------------------------------------------------------
    def seen_by(self, viewer: int | None) -> tuple[Record, ...]:
        """The history as ``viewer`` (``None``: a spectator) may see it.

        The spectator's history (every private card censored) is extended once
        per record, as records come; a player's is the spectator's with his own
        private records put back. Nothing already seen is looked at again, so
        the cost of a view does not grow with the history before it.
        """
        history = self.history
        seen = self._seen
        if seen is None:  # the first view of this deal
            seen = self._seen = [[] for _ in range(self.n + 1)]
            mine: list[list[int]] = [[] for _ in range(self.n)]
            self._mine = mine
            self._patched = [0] * self.n
        public = seen[self.n]
        k = len(public)
        if k < len(history):
            mine = self._mine
            append = public.append
            for i, r in enumerate(islice(history, k, None), k):
                if r[4] and r[3]:  # private cards: hidden from all but their holder
                    if r[1] is not None:
                        mine[r[1]].append(i)
                    r = make_record((r[0], r[1], r[2], (), True, r[5]))
                append(r)
        if viewer is None:
            return tuple(public)
        own = seen[viewer]
        if len(own) < len(public):
            own.extend(islice(public, len(own), None))
            positions = self._mine[viewer]
            p = self._patched[viewer]
            if p < len(positions):
                for i in islice(positions, p, None):
                    own[i] = history[i]
                self._patched[viewer] = len(positions)
        return tuple(own)

    def _view_head(
        self, seat: int | None, dealt_in: tuple[int, ...], bet: int
    ) -> tuple[Any, ...]:
        """The fields of :class:`~pedron.engine.views.DealView`, in order, as ``seat``
        (checked) sees them: a game's view adds its own after these."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n):
            seat = check_seat(seat, self.n)
        led = self.ledger
        final = self.final
        result = self.result
        to_act = self.to_act
        if final is not None:
            live, committed = final
        else:
            live, committed = tuple(led.live), tuple(led.committed)
        if self.done:
            pot, pots = 0, (result.pots if result is not None else ())
        else:
            pot = sum(committed) + led.carry
            pots = self._pots
            if pots is None:
                pots = self.current_pots()
        legal = self._legal_now() if seat is not None and seat == to_act else ()
        cards: Any = getattr(self, "cards", ())
        return (
            seat, self.number, self.dealer, self.phase, to_act, dealt_in,
            cards[seat] if seat is not None else (), tuple(getattr(self, "shown", ())), live,
            committed, tuple(led.stacks), pot, pots, led.carry, bet, legal,
            self.seen_by(seat), result,
        )

    @property
    def pot(self) -> int:
        """Chips in the pots now (the carried pot included; 0 once over)."""
        led = self.ledger
        return sum(led.committed) + led.carry if not self.done else 0

    def listen(
        self,
        listener: Callable[[Deal], None] | None,
        ops: list[Any] | None = None,
        log: list[Any] | None = None,
    ) -> None:
        """The table's hook: after every applied move append ``(seat, move)`` to
        ``ops`` (and to ``log``), and once the deal is over call ``listener(deal)``."""
        self._listener = listener
        self._ops_to = ops
        self._log_to = log

    # -- copying --------------------------------------------------------------------------
    def copy(self, ledger: Ledger, shoe: Any, deck: Any) -> Any:
        """An independent copy working on ``ledger``, ``shoe`` and ``deck`` (a table's
        clone hands it its own)."""
        other = type(self).__new__(type(self))
        self._copy_into(other, ledger)
        other._shoe = shoe
        other.deck = deck
        self._copy_state(other)
        return other

    def _copy_state(self, other: Any) -> None:
        """Copy the game's own mutable state into ``other`` (a shallow copy so far)."""

    def clone(self) -> Any:
        """An independent copy of this deal alone: its own chips, deck and generator,
        no table (for search: play it on, the original does not change)."""
        deck = self.deck
        return self.copy(self.ledger.copy(), self._shoe.copy(),
                         None if deck is None else deck.copy())

    def _copy_into(self, other: Deal, ledger: Ledger) -> None:
        """Fill ``other`` (a bare instance) with a copy of this deal on ``ledger``."""
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(self, name):
                    setattr(other, name, getattr(self, name))
        other.ledger = ledger
        other.history = self.history[:]
        other._moves = self._moves[:]
        other._seats = self._seats[:]
        if self._seen is not None:
            other._seen = [s[:] for s in self._seen]
            other._mine = [m[:] for m in self._mine]
            other._patched = self._patched[:]
        other._listener = other._ops_to = other._log_to = None
        other._legal = None
        other._pots = None

    def _emit_all(self, records: Sequence[Record]) -> None:
        self.history.extend(records)


def raise_to(move: Any, current: int) -> Any:
    """A :class:`~pedron.engine.moves.RaiseBy` as the :class:`RaiseTo` it stands for."""
    return RaiseTo(current + move[0], seat=move[1])
