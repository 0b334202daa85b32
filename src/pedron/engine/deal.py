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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar

import cython

from pedron._copying import deep_copy, shallow_copy
from pedron._deprecate import deprecated
from pedron._signature import ClassSignature
from pedron.engine.actions import LegalAction, Record, check_seat, fields_repr
from pedron.engine.ledger import Ledger
from pedron.engine.moves import MoveArgs, to_move
from pedron.engine.pots import Pot
from pedron.engine.settle import Settlement
from pedron.errors import (
    AmountError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    PedronError,
)
from pedron.text import shown

__all__ = ["DONE", "Deal", "DealContext", "check_against"]

DONE = "done"

#: Kinds whose move carries an amount the descriptor bounds.
_AMOUNT_KINDS = frozenset(("bet", "raise", "ante"))
#: Kinds whose move costs what the descriptor says (an amount, if given, must be it).
_COST_KINDS = frozenset(("call", "match"))


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class DealContext:
    """What a table hands a new deal.

    ``rules``; ``number``: the deal's number at the table (1, 2, ...);
    ``dealer``; ``seats``: the seats taking part, clockwise from the dealer's
    left, dealer last; ``n``: seats at the table; ``ledger``: the table's chips
    (the deal pays into it and settles it); ``deck``: the shoe, called as
    ``deck(players, receivers)`` for the deck to deal from (``receivers``: the
    seat that gets each card dealt, in order), with ``copy()``; ``extra``:
    what a game's session decides for this deal (Diablo: the variant to play,
    whether it is played for a Diablo pot), kept in the deal's history.
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    rules: Any
    number: int
    dealer: int
    seats: tuple[int, ...]
    n: int
    ledger: Ledger
    deck: Any
    extra: Mapping[str, Any]

    def __repr__(self) -> str:
        return fields_repr(self)


def check_against(legal: LegalAction, move: Any, actor: int) -> None:
    """Raise the pedron error saying why ``move`` is not one that ``legal`` allows.

    Amounts are checked against ``min``..``max``, costs against their price,
    cards against ``cards`` by value; a descriptor's ``limit`` checks what the
    bounds cannot say.
    """
    kind = legal.kind
    if kind in _AMOUNT_KINDS:
        amount = move.amount
        lo, hi = legal.min, legal.max
        assert lo is not None and hi is not None
        if amount < 1:
            raise AmountError(f"the {kind} must be at least 1 chip, not {amount}")
        if not lo <= amount <= hi:
            if kind == "raise":
                raise AmountError(f"a raise must be to {lo}..{hi} chips in all, not {amount}")
            what = "the ante" if kind == "ante" else "a bet"
            raise AmountError(f"{what} must be {lo}..{hi} chips, not {shown(amount)}")
    elif kind in _COST_KINDS:
        amount = move.amount
        if amount is not None and amount != legal.min:
            chips = "chip" if legal.min == 1 else "chips"
            raise AmountError(f"{kind}ing costs {legal.min} {chips}, not {amount}")
    limit = legal.limit
    if limit is not None:
        reason = limit.why_not(move, legal)
        if reason is not None:
            raise getattr(limit, "error", IllegalActionError)(reason)


@cython.cclass
class Deal:
    """Base of a game's deal: the protocol machinery (see the module docstring).

    A game's deal defines ``_kinds()`` (the kinds of move its current phase
    knows), ``_option(kind)`` (a descriptor or the reason a kind is refused),
    ``_play(move)`` (change the state and emit the records of a verified
    move), ``_actor()`` (the seat to act) and ``view``; it may refine
    ``_normalise`` (a move made exact against its descriptor). ``ARGS`` reads
    the game's cards and other arguments; ``NAME`` names the deal in messages.

    What every deal holds: ``rules``, ``number``, ``dealer``, ``n`` (seats at
    the table), ``order`` (the seats taking part, clockwise from the dealer's
    left, dealer last), ``ledger``, ``cards[s]`` (seat ``s``'s cards: the deal
    sees everything, give players :meth:`view`), ``shown[s]`` (the cards seat
    ``s`` has shown), ``history`` (the records), ``phase``, ``to_act``,
    ``done``, ``result`` and ``settlement`` (once settled), ``extra`` (what the
    session decided for it), ``deck`` (once dealt).
    """

    __signature__ = ClassSignature()  # (its parameters for inspect and help())

    rules: Any
    extra: Mapping[str, Any]
    ledger: Ledger
    number: int
    dealer: int
    n: int
    order: tuple[int, ...]
    cards: list[tuple[int, ...]]
    shown: list[tuple[int, ...]]
    history: list[Record]
    result: Any
    settlement: Settlement | None
    phase: str
    done: bool
    to_act: int | None
    deck: Any
    _moves: list[Any]  # the moves as verified (a seat may be missing) ...
    _seats: list[int]  # ... and the seat that made each
    _shoe: Any
    _legal: tuple[LegalAction, ...] | None  # the descriptors, once asked
    _pots: tuple[Pot, ...] | None  # the pots as they stand, once asked
    _seen: _Censored | None  # the views' histories, made at the first view
    # The table's hook (listen): the lists it keeps the moves in, and what it calls once
    # the deal is over.
    _listener: Callable[[Deal], None] | None
    _ops_to: list[Any] | None
    _log_to: list[Any] | None

    ARGS: ClassVar[MoveArgs] = MoveArgs()
    NAME: ClassVar[str] = "deal"
    #: Kinds of move :meth:`_normalise` makes exact against their descriptor.
    _NORMALISE: ClassVar[frozenset[str]] = frozenset()
    #: Kinds of move that move no chip unless they end the deal (the pots stay as they are).
    _CHIPLESS: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, ctx: DealContext) -> None:
        """Set up the state every deal has (a game's ``__init__`` calls it first)."""
        self.rules = ctx.rules
        self.extra = ctx.extra  # what the session decided for this deal (never changed)
        self.ledger = ctx.ledger
        self.number = ctx.number
        self.dealer = ctx.dealer
        self.n = ctx.n
        self.order = ctx.seats
        self.cards = [()] * ctx.n
        self.shown = [()] * ctx.n
        self.history = []
        self._moves = []
        self._seats = []
        self.result = None
        self.settlement = None
        self.phase = ""
        self.done = False  # True once settled (set with the phase "done")
        self.to_act = None  # the seat to act (the game's _actor(), kept current)
        self._shoe = ctx.deck
        self.deck = None  # the deck dealt from, once dealt
        self._legal = None
        self._pots = None
        self._seen = None
        self._listener = None
        self._ops_to = None
        self._log_to = None

    # -- what a game defines ------------------------------------------------------------
    @cython.ccall
    def _kinds(self) -> tuple[str, ...]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    @cython.ccall
    def _option(self, kind: str) -> LegalAction | str:  # pragma: no cover
        raise NotImplementedError

    @cython.ccall
    def _play(self, move: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    @cython.ccall
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
        done = self.settlement
        return {
            "history": [r.to_json() for r in self.history],
            "moves": [[seat, *m.to_json()] for m, seat in zip(self._moves, self._seats,
                                                                strict=True)],
            "result": None if self.result is None else self.result.to_json(),
            "final": None if done is None else [list(done.live), list(done.committed)],
        }

    @cython.ccall
    def _normalise(self, move: Any, legal: LegalAction | None) -> Any:
        """A move made exact before it is checked (Diablo turns a raise-by into a raise-to)."""
        return move

    def _refusal(self, kind: str) -> str:
        """Why a kind the phase does not know is refused."""
        actor = self.to_act
        kinds = self._kinds()
        choices = " or ".join(k for k in kinds if not isinstance(self._option(k), str))
        return f"seat {actor} may {choices or 'do nothing'} now, not {kind!r}"

    @cython.ccall
    def _finish(self, settlement: Settlement, result: Any) -> None:
        """Enter the phase ``"done"`` with the ``result`` of ``settlement`` (a game
        calls it once, when the deal is settled)."""
        self.settlement = settlement
        self.result = result
        self.phase = DONE
        self.done = True

    # -- queries ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the deal is settled (the same as :attr:`done`)."""
        return self.done

    def pots(self) -> list[Pot]:
        """The main pot and side pots as they stand (empty once settled)."""
        return list(self.current_pots())

    @cython.ccall
    def current_pots(self) -> tuple[Pot, ...]:
        """:meth:`pots` as a tuple, computed once per state."""
        pots = self._pots
        if pots is None:
            pots = self._pots = () if self.done else tuple(self.ledger.pots())
        return pots

    def options(self) -> dict[str, LegalAction]:
        """The legal actions by kind."""
        return {legal.kind: legal for legal in self._legal_now()}

    @cython.ccall
    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do now, with amounts (empty when over)."""
        return list(self._legal_now())

    @cython.ccall
    def _legal_now(self) -> tuple[LegalAction, ...]:
        """The descriptor of every kind of move open now, computed once per state."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.done else self._all_legal()
        return legal

    @cython.ccall
    def _all_legal(self) -> tuple[LegalAction, ...]:
        """Every kind's descriptor: :meth:`_option` for each kind of the phase, in the
        phase's order (a game may compute them together, from the same rule code)."""
        options = [self._option(kind) for kind in self._kinds()]
        return tuple([legal for legal in options if not isinstance(legal, str)])

    @cython.ccall
    def _legal_of(self, kind: str) -> LegalAction | None:
        """The descriptor of ``kind`` among those open now, or ``None``."""
        for legal in self._legal_now():
            if legal.kind == kind:
                return legal
        return None

    @property
    def moves(self) -> tuple[Any, ...]:
        """Every move applied so far, in order, each naming its seat."""
        return tuple(
            m if m.seat is not None else m.with_seat(s)
            for m, s in zip(self._moves, self._seats, strict=True)
        )

    def verify(self, action: Any) -> Any:
        """``action`` as the normalised move it stands for (naming its seat), or the
        pedron error saying why it is refused. Nothing changes either way."""
        move, actor = self._verified(action)
        return move if move.seat is not None else move.with_seat(actor)

    @cython.ccall
    def _verified(self, action: Any) -> tuple[Any, int]:
        """The normalised move and the seat making it, or the pedron error."""
        move = to_move(action, self.ARGS)
        if self.done:
            raise GameOverError(f"{self.NAME} {self.number} is over")
        actor = self.to_act
        seat = move.seat
        if seat is not None and seat != actor:
            check_seat(seat, self.n)  # a seat not at the table says so
            raise NotYourTurnError(f"seat {seat} acted but seat {actor} is to act")
        kind = move.kind
        if kind in self._NORMALISE:
            move = self._normalise(move, self._legal_of("raise" if kind == "raise_by" else kind))
            kind = move.kind
        legal = self._legal_of(kind)
        if legal is None:  # the rule of its kind says why (or the phase knows no such kind)
            reason = self._option(kind)
            raise IllegalActionError(reason if isinstance(reason, str) else self._refusal(kind))
        assert actor is not None  # (a deal not over has a seat to act)
        if legal.min is not None or legal.limit is not None:  # (else nothing to check)
            check_against(legal, move, actor)
        return move, actor

    def check_action(self, action: Any) -> str | None:
        """Deprecated (``verify``, which raises the reason): ``None`` if ``action`` is
        legal now, else the reason it is not."""
        deprecated("Deal.check_action", "Deal.verify (its error is the reason)")
        try:
            self.verify(action)
        except PedronError as exc:
            return str(exc)
        return None

    def apply(self, action: Any) -> tuple[Record, ...]:
        """Verify ``action``, apply it, and return the records it produced (the
        move's own first)."""
        start = self._apply(action)
        return tuple(self.history[start:])

    def act(self, action: Any) -> Record:
        """Deprecated (``apply(action)[0]``): apply ``action``; returns the record of
        the move itself."""
        deprecated("Deal.act", "Deal.apply (its first record)")
        return self.history[self._apply(action)]

    def _move(self, move: Any) -> Record:
        """Apply ``move`` (a named move's method); returns the record of the move itself."""
        return self.history[self._apply(move)]

    @cython.ccall
    def _apply(self, action: Any) -> int:
        """Verify ``action`` and apply it; returns where its records begin in the history."""
        move, actor = self._verified(action)
        start = len(self.history)
        self._moves.append(move)
        self._seats.append(actor)
        self._legal = None
        self._play(move)
        if self.done or move.kind not in self._CHIPLESS:
            self._pots = None  # (the chips changed: the pots are asked for again)
        self.to_act = self._actor()
        if self._ops_to is not None:  # (kept by the table for its save: the move once)
            op = (actor, move)
            self._ops_to.append(op)
            if self._log_to is not None:
                self._log_to.append(op)
        if self.done and self._listener is not None:
            self._listener(self)
        return start

    # -- views ----------------------------------------------------------------------------
    @cython.ccall
    def seen_by(self, viewer: int | None) -> tuple[Record, ...]:
        """The history as ``viewer`` (``None``: a spectator) may see it.

        The spectator's history (every private card censored) is extended once
        per record, as records come; a player's is the spectator's with his own
        private records put back. Nothing already seen is looked at again, so
        the cost of a view does not grow with the history before it.
        """
        seen = self._seen
        if seen is None:  # the first view of this deal
            seen = self._seen = _Censored(self.n)
        return seen.history_for(viewer, self.history)

    @cython.ccall
    def _view_fields(self, seat: int | None, dealt_in: tuple[int, ...], bet: int
                     ) -> dict[str, Any]:
        """The fields of :class:`~pedron.engine.views.DealView` as ``seat`` (checked)
        sees them, by name: a game's view adds its own."""
        if seat is not None:
            seat = check_seat(seat, self.n)
        led = self.ledger
        done = self.settlement
        if done is not None:
            live, committed = done.live, done.committed
        else:
            live, committed = tuple(led.live), tuple(led.committed)
        if self.done:
            pot, pots = 0, self.result.pots
        else:
            pot, pots = sum(committed) + led.carry, self.current_pots()
        to_act = self.to_act
        return {
            "seat": seat, "number": self.number, "dealer": self.dealer, "phase": self.phase,
            "to_act": to_act, "dealt_in": dealt_in,
            "my_cards": self.cards[seat] if seat is not None else (),
            "shown": tuple(self.shown), "live": live, "committed": committed,
            "stacks": tuple(led.stacks), "pot": pot, "pots": pots, "carry": led.carry,
            "bet": bet,
            "legal": self._legal_now() if seat is not None and seat == to_act else (),
            "history": self.seen_by(seat), "result": self.result,
        }

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
    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    def copy(self, ledger: Ledger, shoe: Any, deck: Any) -> Any:
        """An independent copy working on ``ledger``, ``shoe`` and ``deck`` (a table's
        clone hands it its own), listened to by nobody."""
        other = shallow_copy(self)  # (every attribute shared, then the mutable ones copied)
        other.ledger = ledger
        other._shoe = shoe
        other.deck = deck
        other.cards = self.cards[:]
        other.shown = self.shown[:]
        other.history = self.history[:]
        other._moves = self._moves[:]
        other._seats = self._seats[:]
        other._seen = None if self._seen is None else self._seen.copy()
        other._listener = other._ops_to = other._log_to = None
        other._legal = None
        other._pots = None
        self._copy_state(other)
        return other

    @cython.ccall
    def _copy_state(self, other: Any) -> None:
        """Copy the game's own mutable state into ``other`` (a shallow copy so far)."""

    def clone(self) -> Any:
        """An independent copy of this deal alone: its own chips, deck and generator,
        no table (for search: play it on, the original does not change)."""
        deck = self.deck
        return self.copy(self.ledger.copy(), self._shoe.copy(),
                         None if deck is None else deck.copy())


@cython.final
@cython.cclass
class _Censored:
    """The history as each viewer may see it, extended as records come.

    ``public`` is the spectator's copy (every private card censored);
    ``own[s]`` is seat ``s``'s copy: the spectator's with his own private
    records put back (``mine[s]``: their positions; ``restored[s]``: how many
    of them his copy has).
    """

    public: list[Record]
    own: list[list[Record]]
    mine: list[list[int]]
    restored: list[int]

    def __init__(self, n: int) -> None:
        self.public = []
        self.own = [[] for _ in range(n)]
        self.mine = [[] for _ in range(n)]
        self.restored = [0] * n

    @cython.ccall
    def history_for(self, viewer: int | None, history: list[Record]) -> tuple[Record, ...]:
        """``history`` as ``viewer`` may see it (only the records new since the last
        call are looked at)."""
        public = self.public
        k = len(public)
        for i, r in enumerate(islice(history, k, None), k):
            if r.hides_cards:
                if r.seat is not None:
                    self.mine[r.seat].append(i)
                r = r.censored(None)
            public.append(r)
        if viewer is None:
            return tuple(public)
        own = self.own[viewer]
        if len(own) < len(public):
            own.extend(islice(public, len(own), None))
            positions = self.mine[viewer]
            for i in islice(positions, self.restored[viewer], None):
                own[i] = history[i]
            self.restored[viewer] = len(positions)
        return tuple(own)

    def copy(self) -> _Censored:
        other = _Censored(0)
        other.public = self.public[:]
        other.own = [o[:] for o in self.own]
        other.mine = [m[:] for m in self.mine]
        other.restored = self.restored[:]
        return other
