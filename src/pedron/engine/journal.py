"""What a table keeps for its save (the table's ``journal``), as play goes on.

A save (format :data:`SAVE_VERSION`, ``docs/histories.md``) is proportional to
what the table keeps, never to the whole session. Its parts (:data:`PARTS`):

* ``setup``: how the table was set up (names, stacks, rules, seed, the
  generator before the draw for the dealer, the first dealer, queued deals);
* ``start``: the table's state at the start of the deal in progress (or now,
  between deals: taken cheaply at every deal's start as a :class:`TableState`
  and turned into JSON only when saved), and ``ops``: the operations since;
* ``history``: the kept histories (``keep_history``), each as its own JSON
  text, and ``log``: the session's operations from the setup;
* ``last``: the last finished deal when no history is kept (for views
  between deals); ``state``: a snapshot of the table now (:func:`getstate`).

:class:`Journal` keeps them as a table plays (every deal's start, every
operation); :mod:`pedron.engine.saving` writes them, :mod:`pedron.engine.restore`
reads them back and proves them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import cython

from pedron._kernels.rng import Generator
from pedron.engine.actions import Record, fields_repr
from pedron.engine.moves import exact_int, to_move
from pedron.engine.plans import DealPlan
from pedron.engine.savediff import short
from pedron.errors import SaveError

if TYPE_CHECKING:
    from pedron.engine.table import SessionState

__all__ = ["OPS", "PARTS", "SAVE_VERSION", "Journal", "LastDeal", "SavedLog", "TableState",
           "getstate"]

#: The version of the save format this pedron writes and reads.
SAVE_VERSION = 2

#: The operations a save holds.
OPS = frozenset(("deal", "move", "close", "leave", "vote"))

#: The parts of a save (and ``signature`` in a signed one).
PARTS = frozenset(("format", "version", "setup", "start", "ops", "history", "log", "last",
                   "state"))


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class TableState:
    """The table's state between deals, taken cheaply (immutable values and copies)
    at every deal's start and turned into JSON only if the table is saved.

    ``events`` is the table's event list itself with ``events_count`` its
    length then (the list is only appended to, or replaced, so its first
    items stay these: a copy made sessions that keep every event quadratic).
    ``rng`` is a copy of the generator; ``session`` the game's own state
    (its :class:`~pedron.engine.table.SessionState`).
    """

    seated: tuple[bool, ...]
    dealer: int
    deals_played: int
    closing: bool
    over: bool
    end_reason: str | None
    events: list[Record]
    events_count: int
    events_mark: int
    plans: tuple[DealPlan, ...]
    stacks: tuple[int, ...]
    carry: int
    total: int
    rng: Generator
    session: SessionState

    def __repr__(self) -> str:
        return fields_repr(self)

    @staticmethod
    def of(table: Any) -> TableState:
        """``table``'s state now (between deals)."""
        led = table.ledger
        return TableState(
            seated=tuple(table.seated), dealer=table.dealer, deals_played=table.deals_played,
            closing=table.closing, over=table.over, end_reason=table.end_reason,
            events=table._events, events_count=len(table._events),
            events_mark=table._events_mark, plans=tuple(table.plans),
            stacks=tuple(led.stacks), carry=led.carry, total=led.total,
            rng=table.rng.copy(), session=table.GAME.saving.state(table.session),
        )

    def to_json(self, ledger: dict[str, Any] | None = None, events: bool = True
                ) -> dict[str, Any]:
        """Plain data (``ledger``: the ledger's own during a deal; ``events=False``
        leaves the events out)."""
        n = len(self.stacks)
        if ledger is None:  # between deals nothing is committed and nobody is live
            ledger = {"stacks": list(self.stacks), "committed": [0] * n, "levels": [0] * n,
                      "marks": {}, "live": [False] * n, "carry": self.carry,
                      "total": self.total}
        return {
            "seated": list(self.seated),
            "dealer": self.dealer,
            "deals_played": self.deals_played,
            "closing": self.closing,
            "over": self.over,
            "end_reason": self.end_reason,
            "events": ([r.to_json() for r in self.events[:self.events_count]]
                       if events else None),
            "events_mark": self.events_mark,
            "plans": [p.to_json() for p in self.plans],
            "ledger": ledger,
            "rng": self.rng.getstate(),
            **self.session.to_json(),
        }


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class LastDeal:
    """The last finished deal, kept (without ``keep_history``) only to be saved: a
    restored table shows it too. ``stacks``/``carry``: the chips before it;
    ``context``: what the session decided for it."""

    deal: Any
    stacks: tuple[int, ...]
    carry: int
    context: dict[str, Any]

    def __repr__(self) -> str:
        return fields_repr(self)


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class SavedLog:
    """A restored table's saved log, until it is read: its ``text``, the deals
    ``dealt`` and ``finished`` when it was saved, and the saved snapshot (the log,
    played again from the setup, must lead to it)."""

    text: str
    dealt: int
    finished: int
    state: dict[str, Any]

    def __repr__(self) -> str:
        return fields_repr(self)


class Journal:
    """What a table keeps for its save (the table's ``journal``).

    ``keep``: whether every finished deal's history is kept; ``setup``: how the
    table was set up; ``start``: the table's state at the start of the deal in
    progress; ``ops``: the operations since (a move as ``(seat, move)``, turned
    into JSON only when saved); ``log``: with ``keep``, every operation of the
    session; ``kept``: the histories kept (a history, or its JSON text until
    first read); ``last``: the last deal (without ``keep``); ``saved_log``: a
    restored table's log, until read.
    """

    __slots__ = ("keep", "kept", "last", "log", "ops", "saved_log", "setup", "start")

    def __init__(self, names: Sequence[str], stacks: Sequence[int], keep: bool) -> None:
        self.keep = keep
        self.setup: dict[str, Any] = {
            "names": list(names), "stacks": list(stacks), "rules": None,  # (made when saved)
            "seed": None, "keep_history": keep, "rng": None, "dealer": None, "plans": [],
        }
        self.start: TableState | None = None
        self.ops: list[Any] = []
        self.log: list[Any] = []
        self.kept: list[Any] = []
        self.last: LastDeal | None = None
        self.saved_log: SavedLog | None = None

    def set_up(self, *, seed: int | None, rng: Any, dealer: int | None,
               plans: list[Any]) -> None:
        """What the setup holds besides the seats and stacks."""
        self.setup.update(seed=seed, rng=rng, dealer=dealer, plans=plans)

    def copy(self) -> Journal:
        """An independent copy (a table's clone; the items of its lists never change)."""
        other = Journal.__new__(Journal)
        other.keep = self.keep
        other.setup = dict(self.setup)
        other.start = self.start
        other.ops = self.ops[:]
        other.log = self.log[:]
        other.kept = self.kept[:]
        other.last = self.last
        other.saved_log = self.saved_log
        return other

    # -- as play goes on --------------------------------------------------------------------
    def begin_deal(self, table: Any, plan: DealPlan | None) -> None:
        """A deal begins (``plan``: prearranged with ``next_deal``): its start state."""
        self.start = TableState.of(table)
        op = ["deal"] if plan is None else ["deal", plan.to_json()]
        self.ops = [op]
        if self.keep:
            self.log.append(op)

    def listen(self, table: Any, deal: Any) -> None:
        """Keep every move of ``deal`` and tell ``table`` when it is over."""
        deal.listen(table._deal_finished, self.ops, self.log if self.keep else None)

    def record(self, table: Any, op: list[Any]) -> None:
        """An operation of the table itself (a close, a leave, a vote)."""
        if table.in_progress:
            self.ops.append(op)
        if self.keep:
            self.log.append(op)

    def deal_finished(self, table: Any, deal: Any) -> None:
        """Keep the finished ``deal``: its history, or (without ``keep``) the deal."""
        start = self.start
        assert start is not None
        context = dict(deal.extra)
        if self.keep:
            self.kept.append(table.GAME.history.of(deal, table.names, start.stacks, start.carry,
                                                    context))
        else:
            self.last = LastDeal(deal, start.stacks, start.carry, context)

    # -- what is kept, as JSON --------------------------------------------------------------
    def log_text(self) -> str:
        """The session's operations as JSON text (a restored table's saved part as it
        was saved: a deferred proof does not read it to write it back)."""
        new = json.dumps([self.op_json(o) for o in self.log], separators=(",", ":"))
        saved = None if self.saved_log is None else self.saved_log.text
        if saved is None or saved == "[]":
            return new
        return saved if new == "[]" else saved[:-1] + "," + new[1:]

    @staticmethod
    def op_json(op: Any) -> list[Any]:
        """An operation as JSON: a move ``(seat, move)`` as ``["move", seat, ...]``."""
        if isinstance(op, tuple):
            seat, move = op
            return ["move", seat, *move.to_json()]
        return list(op)

    def replay_op(self, table: Any, op: Any) -> None:
        """Apply a saved operation to ``table``."""
        if not isinstance(op, list) or not op:
            raise SaveError(f"bad saved operation {short(op)}")
        kind = op[0]
        if kind == "deal":
            plan = op[1] if len(op) > 1 else None
            if plan is None:
                table.next_deal()
            elif isinstance(plan, dict):
                table.next_deal(**{k: plan[k] for k in ("hands", "stock", "order") if k in plan})
            else:
                raise SaveError(f"bad saved deal {short(plan)}")
        elif kind == "move":
            deal = table.current
            if deal is None:
                raise SaveError("a saved move with no deal in progress")
            seat = exact_int(op[1], "a seat")
            deal.apply(to_move(op[2:], deal.ARGS).with_seat(seat))
        elif kind == "close":
            if table.closing or table.over:  # (close() asked again records nothing)
                raise SaveError("a saved close after the end was asked for (tampered?)")
            table.close()
        elif kind == "leave":
            table.leave(op[1])
        elif kind == "vote":
            table.vote_end(op[1], op[2])
        else:
            raise SaveError(f"unknown saved operation {short(kind)}")


def getstate(table: Any) -> dict[str, Any]:
    """The whole state of ``table`` as plain data (hidden information included; the
    deal in progress, not a finished one)."""
    deal = table.current
    plan = table.shoe.plan  # (a deal's plan may wait for its cards: prove it too)
    return {
        "table": TableState.of(table).to_json(table.ledger.getstate()),
        "deal": None if deal is None else deal.getstate(),
        "plan": None if plan is None or deal is None else plan.to_json(),
    }
