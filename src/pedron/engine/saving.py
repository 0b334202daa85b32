"""Saving and restoring a table (format version 2): the part of :class:`TableBase`
that turns a session into JSON and back.

A save is proportional to what the table keeps, never to the whole session:
the setup, the table's state at the start of the deal in progress (or now,
between deals; taken cheaply at every deal's start by :meth:`_capture` and
turned into JSON only here), the operations since, the kept histories (each
as its own JSON text) and the session's operations (``keep_history``), the
last deal when no history is kept, and a snapshot of the state now. A
restore checks the start state, plays the operations since it again and
requires the snapshot; with kept histories it also plays the session's
operations again from the setup, which must deal exactly the kept histories
and reach the same state (``defer_proof=True`` leaves that to the first time
the histories or the log are read).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pedron._kernels.rng import Generator
from pedron.engine import save
from pedron.engine.actions import Record
from pedron.engine.errors import SaveError
from pedron.engine.ledger import Ledger
from pedron.engine.moves import exact_int, to_move
from pedron.engine.setup import seat_names, stack_list
from pedron.errors import PedronError, PedronTypeError

__all__ = ["OPS", "TableSaving"]

#: The operations a save holds.
OPS = frozenset(("deal", "move", "close", "leave", "vote"))

S = TypeVar("S", bound="TableSaving")


class TableSaving:
    """Mixin of :class:`~pedron.engine.table.TableBase`: saving and restoring."""

    # (What it reads of the table; TableBase defines them.)
    FORMAT: ClassVar[str]
    SAVE_VERSION: ClassVar[int]
    GAME: ClassVar[str]
    _RULES: ClassVar[Any]
    _HISTORY: ClassVar[Any]
    _PLAYERS: ClassVar[tuple[int, int]]
    _LEAVING: ClassVar[bool] = False  # players may leave between deals (Diamondback)
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
    _history: list[Any]
    _events: list[Record]
    _events_seen: tuple[Record, ...] | None
    _events_mark: int
    _plans: list[Any]
    _deal: Any
    _shoe: Any
    _last: tuple[Any, ...] | None
    _start: tuple[Any, ...] | None
    _ops: list[Any]
    _log: list[Any]
    _saved_log: tuple[str, tuple[int, int], dict[str, Any]] | None
    _setup: dict[str, Any]

    if TYPE_CHECKING:  # TableBase defines them
        def _game_state(self) -> dict[str, Any]: ...
        def _restore_game_state(self, data: dict[str, Any]) -> None: ...
        def _order_plan(self, order: Any, dealt_only: bool = True) -> Any: ...
        def _init_game(self) -> None: ...
        def _base(self, names: Any, stacks: Any, rules: Any, rng: Any, keep: bool) -> None: ...
        def next_deal(self, *, hands: Any = None, stock: Any = None,
                      order: Any = None) -> Any: ...
        def close(self) -> bool: ...
        def leave(self, seat: int) -> int: ...
        def vote_end(self, seat: int, agree: bool = True) -> bool: ...
        def _events_now(self) -> tuple[Record, ...]: ...
        def _reset_events(self, events: list[Record]) -> None: ...
        @property
        def in_progress(self) -> bool: ...
        @property
        def current(self) -> Any: ...
        @property
        def history(self) -> tuple[Any, ...]: ...

    def _read_history(self, text: str) -> Any:
        """A kept history from its saved text, replayed: it must agree with itself."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"a kept history is not JSON: {exc}") from None
        try:
            history = self._HISTORY.from_json(data, rules=self.rules, names=self.names)
        except PedronError as exc:
            raise SaveError(f"a kept history is damaged: {exc}") from None
        if history.cards is None:
            raise SaveError("a kept history is a player's censored copy, not the deal")
        return history

    def _last_text(self) -> str | None:
        """The last finished deal's history (JSON text), when no history is kept."""
        last = self._last
        if last is None or self.in_progress or self.keep_history:
            return None
        deal, stacks, carry, context = last
        return str(self._HISTORY.of(deal, self.names, stacks, carry, context).compact_text())

    def _capture(self) -> tuple[Any, ...]:
        """The table's state between deals, cheaply (immutable values and copies):
        taken at every deal's start, turned into JSON only if the table is saved."""
        led = self.ledger
        return (
            tuple(self.seated), self.dealer, self.deals_played, self.closing, self.over,
            # (the events as the list and its length: it is only appended to, or replaced,
            # so its first n items stay these; a copy made the sessions that keep every
            # event quadratic)
            self.end_reason, (self._events, len(self._events)), self._events_mark,
            tuple(self._plans),
            (tuple(led.stacks), led.carry, led.total), self.rng.copy(), self._game_state(),
        )

    @staticmethod
    def _capture_json(
        c: tuple[Any, ...], ledger: dict[str, Any] | None = None, events: bool = True
    ) -> dict[str, Any]:
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
            "events": [r.to_json() for r in c[6][0][:c[6][1]]] if events else None,
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
        plan = self._shoe.plan  # (a deal's plan may wait for its cards: prove it too)
        return {
            "table": self._session_state(),
            "deal": None if deal is None else deal.getstate(),
            "plan": None if plan is None or deal is None else plan.to_json(),
        }

    def to_json(self, *, key: bytes | str | None = None) -> str:
        """The table as versioned JSON (see the module docstring; ``docs/histories.md``).

        With ``key`` (bytes, or text taken as UTF-8) the save carries an
        HMAC-SHA256 signature over its canonical form, which
        :meth:`from_json` with the same key requires: a signed save cannot be
        changed, even into another consistent one, without the key.
        """
        if self.in_progress:
            assert self._start is not None
            start, ops = self._capture_json(self._start), [self._op_json(o) for o in self._ops]
        else:
            start, ops = self._session_state(), []
        data: dict[str, Any] = {
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
        }
        if key is not None:
            data = save.sign(data, key)
        return json.dumps(data, separators=(",", ":"))

    def _setup_json(self) -> dict[str, Any]:
        setup = self._setup
        if setup["rules"] is None:
            setup["rules"] = self.rules.to_json()
        return setup

    @classmethod
    def from_json(
        cls: type[S],
        text: str | bytes | dict[str, Any],
        *,
        defer_proof: bool = False,
        replay_history: bool = False,
        key: bytes | str | None = None,
    ) -> S:
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
        histories and its log when they are first read: :attr:`history` and
        :attr:`results` replay each history alone and check that they follow
        each other and the table; :attr:`log` plays the session again, which
        also proves that they are the deals it dealt. Play goes on without
        them, and a damaged one is refused when read. ``replay_history=True``
        (from before the proof was made at once) proves them now, as the
        default does.
        Anything wrong raises :class:`SaveError`.

        With ``key``, the save must carry a signature made with that key by
        :meth:`to_json` (checked before anything else). Without one, a
        signature is not checked, and a save proves only that it is consistent
        with its own moves: see ``docs/histories.md``, "What a save proves".
        """
        if not isinstance(defer_proof, bool) or not isinstance(replay_history, bool):
            raise PedronTypeError("defer_proof and replay_history must be bools")
        with save.collection_paused():
            return cls._restore(text, replay_history or not defer_proof, key)

    @classmethod
    def _restore(
        cls: type[S], text: str | bytes | dict[str, Any], prove_now: bool,
        key: bytes | str | None,
    ) -> S:
        """:meth:`from_json`, the collector's pauses aside."""
        data = save.load_v2(text, cls.FORMAT, cls.SAVE_VERSION)
        if key is not None:
            save.check_signature(data, key)
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
            if type(log) is not str or not (log.startswith("[") and log.endswith("]")):
                raise SaveError("the saved log must be the JSON text of a list")
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
        if not table.keep_history and log != "[]":
            raise SaveError("a log is saved only with keep_history")
        table._history = list(history)
        # (the replay of the deal in progress logged what the saved log holds; the deal
        # keeps appending to this very list)
        table._log.clear()
        if table.keep_history:  # (the snapshot proves the log when it is read: now, by default)
            table._saved_log = (log, (table.deals_played, finished), data["state"])
            if prove_now:  # (the replay deals the kept histories: they are its own now)
                table._log_ops()
        saved_last = data.get("last")
        if saved_last is not None and (table.keep_history or table.in_progress):
            raise SaveError("a last deal is saved only between deals, without kept histories")
        last = history[-1] if history else saved_last
        if last is None and table._deal is None and table.deals_played and not table.keep_history:
            raise SaveError("the last deal this table played is missing from the save")
        if last is not None and table._deal is None:  # the last deal, for views between deals
            if type(last) is not str:
                raise SaveError("the last deal is saved as JSON text")
            kept = table._history
            history_of_last = kept[-1] if kept and not isinstance(kept[-1], str) else \
                table._read_history(last)
            if history_of_last.number != table.deals_played or not table._follows(
                history_of_last.stacks_after(), history_of_last.result.carry,
                *table._chips_between_deals(), table.over,
            ):
                raise SaveError("the saved last deal is not the one this table played")
            try:
                table._deal = history_of_last.replay()
            except PedronError as exc:
                raise SaveError(f"the last deal does not replay: {exc}") from None
            if not table.keep_history:
                table._last = (table._deal, history_of_last.stacks, history_of_last.carry,
                               dict(history_of_last.context))
        return table

    def _log_text(self) -> str:
        """The session's operations as JSON text (the saved part is not read again)."""
        new = json.dumps([self._op_json(o) for o in self._log], separators=(",", ":"))
        saved = None if self._saved_log is None else self._saved_log[0]
        if saved is None or saved == "[]":
            return new
        return saved if new == "[]" else saved[:-1] + "," + new[1:]

    def _log_ops(self) -> list[Any]:
        """The session's operations (every one with ``keep_history``). The saved part is
        proven when it is read: played again from the setup, it must deal the kept
        histories and lead to the saved table. A default restore reads it at once;
        with ``defer_proof=True`` only when asked for (play never needs it: a new
        operation is kept apart)."""
        saved = self._saved_log
        if saved is not None:
            try:
                ops = json.loads(saved[0])
            except (ValueError, RecursionError) as exc:
                raise SaveError(f"the saved log is not JSON: {exc}") from None
            log, dealt = self._prove_log(ops, *saved[1:])
            self._log[:0] = log  # (canonical: as replayed)
            self._history[:len(dealt)] = dealt  # (proven equal to those kept)
            self._saved_log = None
        return self._log

    def _prove_log(
        self, ops: Any, saved_at: tuple[int, int], saved_state: dict[str, Any]
    ) -> tuple[list[Any], list[Any]]:
        """Play the saved log ``ops`` again on a new table set up as this one was: it
        must deal exactly the kept histories (``saved_at``: deals dealt and finished
        when it was saved) and reach the saved snapshot. Returns the operations as
        the new table logged them, and the histories it dealt."""
        if not isinstance(ops, list):
            raise SaveError("the saved log must be a list of operations")
        setup = self._setup
        rng = Generator(0)
        rng.setstate(setup["rng"])
        try:
            make: Any = type(self)  # (TableBase's constructor)
            other = make(
                list(setup["names"]), list(setup["stacks"]), self.rules, seed=rng,
                dealer=setup["dealer"], orders=setup["plans"], keep_history=True,
            )
            for op in ops:
                other._replay_op(op)
        except SaveError:
            raise
        except PedronError as exc:
            raise SaveError(f"the saved log does not replay: {exc}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError,
                RecursionError) as exc:
            raise SaveError(f"malformed saved log: {exc!r}") from None
        if [other._op_json(o) for o in other._log] != ops:
            raise SaveError("the saved log is not in the form pedron writes (tampered?)")
        _, finished = saved_at
        kept = self._history[:finished]
        if len(other._history) != len(kept):
            raise SaveError("the saved log does not deal the kept histories (tampered?)")
        for number, (dealt, h) in enumerate(zip(other._history, kept, strict=True), 1):
            text = dealt.compact_text()
            if text == h:  # (the usual case: the text pedron wrote, unread)
                continue
            if isinstance(h, str):  # (read, it may still be the same deal written otherwise)
                h = self._read_history(h)
            if text != h.compact_text():
                raise SaveError(f"kept deal {number} is not the deal the saved log deals "
                                "(tampered?)")
        try:
            same = other.getstate() == saved_state
        except RecursionError:
            same = False
        if not same:
            raise SaveError("the saved log does not lead to the saved table (tampered?)")
        return other._log, other._history

    def _check_chain(self, history: list[Any]) -> None:
        """Kept histories follow each other and the table: deal numbers 1, 2, ...; each
        deal starts with the chips the one before left (or the buy-ins), and the table
        (the deal in progress at its start) with what the last one left."""
        stacks: tuple[int, ...] = self.buy_in
        carry = 0
        for number, h in enumerate(history, 1):
            if h.number != number:
                raise SaveError(f"kept deal {h.number} is where deal {number} should be")
            if not self._follows(stacks, carry, h.stacks, h.carry):
                raise SaveError(f"deal {h.number} does not start with the chips the table had")
            stacks, carry = h.stacks_after(), h.result.carry
        if not self._follows(stacks, carry, *self._chips_between_deals(), self.over):
            raise SaveError("the table does not have the chips the last kept deal left")

    def _follows(self, before: tuple[int, ...], carry: int, stacks: Sequence[int],
                 now_carry: int, ended: bool = False) -> bool:
        """Whether chips ``stacks``/``now_carry`` can follow ``before``/``carry`` between
        two deals: the same, except that a player who left (``_LEAVING`` games) has
        none, what he forfeited (:meth:`_forfeit`) going into the carried pot; and,
        once the session has ``ended``, the carried pot shared out. The chips before
        cannot be more than were bought in (a player who left took chips that had been
        at the table)."""
        if sum(before) + carry > sum(self.buy_in):
            return False
        gone = [s for s, (a, b) in enumerate(zip(before, stacks, strict=True)) if b < a]
        if gone and (not self._LEAVING or any(stacks[s] for s in gone)):
            return False
        shared = sum(b - a for a, b in zip(before, stacks, strict=True) if b > a)
        if shared and (not ended or now_carry):
            return False
        return now_carry + shared == carry + sum(self._forfeit(s, before[s]) for s in gone)

    def _forfeit(self, seat: int, chips: int) -> int:
        """What a player leaving with ``chips`` forfeits into the pot (none here)."""
        return 0

    def _chips_between_deals(self) -> tuple[tuple[int, ...], int]:
        """The stacks and carried pot before the deal in progress (now, between deals)."""
        if self.in_progress:
            assert self._start is not None
            stacks, carry, _ = self._start[9]
            return stacks, carry
        return tuple(self.ledger.stacks), self.ledger.carry

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
        keys = {"names", "stacks", "rules", "seed", "rng", "keep_history", "dealer", "plans"}
        if set(setup) != keys:
            raise SaveError(f"the setup holds {sorted(set(setup))}, not {sorted(keys)}")
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
            dealer = setup["dealer"]
            if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(names)):
                raise SaveError(f"the first dealer must be a seat or null, not "
                                f"{save.short(dealer)}")
            if not isinstance(setup["plans"], list):
                raise SaveError("the setup's plans must be a list")
            Generator(0).setstate(setup["rng"])
        except SaveError:
            raise
        except PedronError as exc:
            raise SaveError(f"bad setup: {exc}") from None
        table = cls.__new__(cls)
        # (the generator's state comes with the start state; its seed is the table's)
        table._base(names, stacks, rules, Generator(0 if seed is None else seed), keep)
        try:
            plans = [table._order_plan(p, dealt_only=False) for p in setup["plans"]]
        except PedronError as exc:
            raise SaveError(f"bad setup: the plans: {exc}") from None
        if [p.to_json() for p in plans] != setup["plans"]:
            raise SaveError("bad setup: the plans are not in their saved form")
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
        self._reset_events([_event(r) for r in data["events"]])
        mark = data["events_mark"]
        if type(mark) is not int or not 0 <= mark <= len(self._events):
            raise SaveError("bad events_mark")
        self._events_mark = mark
        self._plans = [self._order_plan(p, dealt_only=False) for p in data["plans"]]
        queued = self._setup["plans"]  # the deals queued at setup, some of them used
        if [p.to_json() for p in self._plans] != queued[len(queued) - len(self._plans):]:
            raise SaveError("the deals still queued are not the last of those set up")
        self._restore_game_state(data)
        state = self._capture_json(self._capture(), self.ledger.getstate(), events=False)
        if {**state, "events": data["events"]} != data:
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
            if self.closing or self.over:  # (close() asked again records nothing)
                raise SaveError("a saved close after the end was asked for (tampered?)")
            self.close()
        elif kind == "leave":
            self.leave(op[1])
        elif kind == "vote":
            self.vote_end(op[1], op[2])
        else:
            raise SaveError(f"unknown saved operation {save.short(kind)}")


def _event(data: Any) -> Record:
    """A table event read from a save: a record of plain values, checked."""
    if not isinstance(data, list) or len(data) != 6:
        raise SaveError(f"bad saved event {save.short(data)}")
    kind, seat, amount, cards, private, note = data
    if (type(kind) is not str or (seat is not None and type(seat) is not int)
            or type(amount) is not int or not isinstance(cards, list)
            or not all(type(c) is int for c in cards) or type(private) is not bool
            or type(note) is not str):
        raise SaveError(f"bad saved event {save.short(data)}")
    return Record(kind, seat, amount, tuple(cards), private, note)
