"""Restoring a table from its save, proven consistent (``docs/histories.md``).

A restore checks the start state, plays the operations since it again and
requires the snapshot; with kept histories it also plays the session's log
again from the setup, which must deal exactly the kept histories and reach
the same state (``defer_proof=True`` skips that: each kept history is then
replayed alone when first read, and the log, which the table never reads, is
written back as it was, for the next default restore to prove). With a key, a
restore requires the save's signature (:mod:`pedron.engine.signing`).
Anything wrong is a :class:`SaveError`.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from pedron._kernels.rng import Generator
from pedron.engine.actions import Record
from pedron.engine.journal import PARTS, SAVE_VERSION, LastDeal, SavedLog, TableState, getstate
from pedron.engine.ledger import Ledger
from pedron.engine.savediff import require_json, short
from pedron.engine.seats import seat_names, stack_list
from pedron.engine.signing import check_signature
from pedron.errors import PedronError, SaveError

__all__ = ["check_chips", "check_turn", "check_unique_cards", "collection_paused",
           "histories", "load", "proven_log"]

# Errors a malformed save can raise in the code that reads it: each becomes a SaveError.
_MALFORMED = (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError)


def load(cls: Any, text: str | bytes | dict[str, Any], *, prove_now: bool = True,
         key: bytes | str | None = None) -> Any:
    """A table of class ``cls`` restored from a save, proven consistent (see the
    module docstring); anything wrong is a :class:`SaveError`."""
    with collection_paused():
        return _restore(cls, text, prove_now, key)


def _restore(cls: Any, text: str | bytes | dict[str, Any], prove_now: bool,
             key: bytes | str | None) -> Any:
    data = _read_envelope(text, cls.GAME.save_format)
    if key is not None:
        check_signature(data, key)
    _check_snapshot(cls, data["setup"], data["state"])
    try:
        table = _table_from_setup(cls, data["setup"])
        _restore_start(table, data["start"])
        for op in data["ops"]:
            table.journal.replay_op(table, op)
        # the operations as pedron writes them ("BET" is read as "bet": refused here)
        ops = [table.journal.op_json(o) for o in table.journal.ops] if table.in_progress else []
        require_json(ops, data["ops"], "ops")
        _require_same(getstate(table), data["state"])
        history = data["history"]
        if not all(type(h) is str for h in history):
            raise SaveError("kept histories are saved as JSON texts")
        log = data["log"]
        if type(log) is not str or not (log.startswith("[") and log.endswith("]")):
            raise SaveError("the saved log must be the JSON text of a list")
    except SaveError:
        raise
    except PedronError as exc:
        raise SaveError(f"the saved table does not replay: {exc}") from None
    except _MALFORMED as exc:
        raise SaveError(f"malformed saved table: {exc!r}") from None
    journal = table.journal
    finished = table.deals_played - (1 if table.in_progress else 0)
    if journal.keep and len(history) != finished:
        raise SaveError(
            f"{len(history)} histories kept for {finished} finished deals (tampered?)"
        )
    if not journal.keep and history:
        raise SaveError("histories are kept only with keep_history")
    if not journal.keep and log != "[]":
        raise SaveError("a log is saved only with keep_history")
    journal.kept = list(history)
    # (the replay of the deal in progress logged what the saved log holds; the deal
    # keeps appending to this very list)
    journal.log.clear()
    if journal.keep:  # (the snapshot proves the log when it is read: now, by default)
        journal.saved_log = SavedLog(log, table.deals_played, finished, data["state"])
        if prove_now:  # (the replay deals the kept histories: they are its own now)
            proven_log(table)
    _restore_last(table, data["last"], history)
    return table


def _restore_last(table: Any, saved_last: Any, history: list[Any]) -> None:
    """The last deal, for views between deals: the last kept history, or the saved
    last deal (without kept histories)."""
    journal = table.journal
    if saved_last is not None and (journal.keep or table.in_progress):
        raise SaveError("a last deal is saved only between deals, without kept histories")
    last = history[-1] if history else saved_last
    if last is None and table._deal is None and table.deals_played and not journal.keep:
        raise SaveError("the last deal this table played is missing from the save")
    if last is None or table._deal is not None:
        return
    if type(last) is not str:
        raise SaveError("the last deal is saved as JSON text")
    kept = journal.kept
    read = kept[-1] if kept and not isinstance(kept[-1], str) else _read_history(table, last)
    if read.number != table.deals_played or not _follows(
        table, read.stacks_after(), read.result.carry, *_chips_between_deals(table),
        table.over,
    ):
        raise SaveError("the saved last deal is not the one this table played")
    try:
        table._deal = read.replay()
    except PedronError as exc:
        raise SaveError(f"the last deal does not replay: {exc}") from None
    if not journal.keep:
        journal.last = LastDeal(table._deal, read.stacks, read.carry, dict(read.context))


def _table_from_setup(cls: Any, setup: Any) -> Any:
    """A table of class ``cls`` as ``setup`` says, before its first dealer."""
    game = cls.GAME
    if not isinstance(setup, dict):
        raise SaveError("the setup must be a dict")
    keys = {"names", "stacks", "rules", "seed", "rng", "keep_history", "dealer", "plans"}
    if set(setup) != keys:
        raise SaveError(f"the setup holds {sorted(set(setup))}, not {sorted(keys)}")
    try:
        names = seat_names(setup["names"], game.players.start, game.players.stop - 1,
                           game.name.capitalize())
        stacks = stack_list(setup["stacks"], len(names))
        rules = game.rules.from_json(setup["rules"], complete=True)
        seed = setup["seed"]
        if seed is not None and type(seed) is not int:
            raise SaveError(f"the seed must be an int or null, not {short(seed)}")
        keep = setup["keep_history"]
        if type(keep) is not bool:
            raise SaveError("keep_history must be a bool")
        dealer = setup["dealer"]
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(names)):
            raise SaveError(f"the first dealer must be a seat or null, not {short(dealer)}")
        if not isinstance(setup["plans"], list):
            raise SaveError("the setup's plans must be a list")
        rng = Generator(0)
        rng.setstate(setup["rng"])
    except SaveError:
        raise
    except PedronError as exc:
        raise SaveError(f"bad setup: {exc}") from None
    table = cls.__new__(cls)
    # (the generator's state comes with the start state; its seed is the table's)
    table._seat(names, stacks, rules, Generator(0 if seed is None else seed), keep)
    try:
        plans = [table._plan(p, dealt_only=False) for p in setup["plans"]]
    except PedronError as exc:
        raise SaveError(f"bad setup: the plans: {exc}") from None
    if [p.to_json() for p in plans] != setup["plans"]:
        raise SaveError("bad setup: the plans are not in their saved form")
    # every part as pedron writes it (a rule left out is not read as its default)
    written = {"names": list(names), "stacks": list(stacks), "rules": rules.to_json(),
               "seed": seed, "rng": rng.getstate(), "keep_history": keep, "dealer": dealer,
               "plans": [p.to_json() for p in plans]}
    require_json(written, setup, "setup", prefix="bad setup: ")
    table.journal.setup = dict(setup)
    return table


def _restore_start(table: Any, data: Any) -> None:
    """Set ``table`` to a saved state between deals, checking it."""
    if not isinstance(data, dict):
        raise SaveError("the saved start state must be a dict")
    n = table.n
    seated = data["seated"]
    if not isinstance(seated, list) or len(seated) != n or any(
        type(x) is not bool for x in seated
    ):
        raise SaveError("seated must be one bool per seat")
    led = data["ledger"]
    if len(led["stacks"]) != n or len(led["committed"]) != n:
        raise SaveError("chip lists do not match the number of seats")
    check_chips(led["stacks"], led["committed"], led["carry"], led["total"],
                sum(table.buy_in))
    if any(led["committed"]):
        raise SaveError("chips are committed between deals")
    ledger = Ledger(led["stacks"], led["carry"])
    if ledger.total != led["total"]:
        raise SaveError("the chip total does not add up")
    dealer = data["dealer"]
    if type(dealer) is not int or not 0 <= dealer < n:
        raise SaveError(f"bad dealer {short(dealer)}")
    for name in ("closing", "over"):
        if type(data[name]) is not bool:
            raise SaveError(f"{name} must be a bool")
    if data["end_reason"] is not None and type(data["end_reason"]) is not str:
        raise SaveError("end_reason must be text or null")
    played = data["deals_played"]
    if type(played) is not int or played < 0:
        raise SaveError("deals_played must be a whole number")
    try:
        table.rng.setstate(data["rng"])
    except PedronError as exc:
        raise SaveError(f"bad generator state: {exc}") from None
    table.ledger = ledger
    table.seated = list(seated)
    table.dealer = dealer
    table.closing = data["closing"]
    table.over = data["over"]
    table.end_reason = data["end_reason"]
    table.deals_played = played
    table._set_events([_event(r) for r in data["events"]])
    mark = data["events_mark"]
    if type(mark) is not int or not 0 <= mark <= len(table._events):
        raise SaveError("bad events_mark")
    table._events_mark = mark
    table.plans = [table._plan(p, dealt_only=False) for p in data["plans"]]
    queued = table.journal.setup["plans"]  # the deals queued at setup, some of them used
    if [p.to_json() for p in table.plans] != queued[len(queued) - len(table.plans):]:
        raise SaveError("the deals still queued are not the last of those set up")
    table.GAME.saving.restore(table.session, table, data)
    state = TableState.of(table).to_json(table.ledger.getstate(), events=False)
    state["events"] = [r.to_json() for r in table._events]
    require_json(state, data, "start",
                 prefix="the saved start state is not one this game can be in: ")


def _event(data: Any) -> Record:
    """A table event read from a save: a record of plain values, checked."""
    if not isinstance(data, list) or len(data) != 6:
        raise SaveError(f"bad saved event {short(data)}")
    kind, seat, amount, cards, private, note = data
    if (type(kind) is not str or (seat is not None and type(seat) is not int)
            or type(amount) is not int or not isinstance(cards, list)
            or not all(type(c) is int for c in cards) or type(private) is not bool
            or type(note) is not str):
        raise SaveError(f"bad saved event {short(data)}")
    return Record(kind, seat, amount, tuple(cards), private, note)


def _read_history(table: Any, text: str) -> Any:
    """A kept history from its saved text, replayed: it must agree with itself."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"a kept history is not JSON: {exc}") from None
    try:
        history = table.GAME.history.from_json(data, rules=table.rules, names=table.names)
    except PedronError as exc:
        raise SaveError(f"a kept history is damaged: {exc}") from None
    if history.cards is None:
        raise SaveError("a kept history is a player's censored copy, not the deal")
    return history


def _prove_log(table: Any, ops: Any, saved: SavedLog) -> tuple[list[Any], list[Any]]:
    """Play the saved log ``ops`` again on a new table set up as ``table`` was: it
    must deal exactly the kept histories and reach the saved snapshot. Returns
    the operations as the new table logged them, and the histories it dealt."""
    if not isinstance(ops, list):
        raise SaveError("the saved log must be a list of operations")
    setup = table.journal.setup
    rng = Generator(0)
    rng.setstate(setup["rng"])
    try:
        other = type(table)(
            list(setup["names"]), list(setup["stacks"]), table.rules, seed=rng,
            dealer=setup["dealer"], orders=setup["plans"], keep_history=True,
        )
        for op in ops:
            other.journal.replay_op(other, op)
    except SaveError:
        raise
    except PedronError as exc:
        raise SaveError(f"the saved log does not replay: {exc}") from None
    except _MALFORMED as exc:
        raise SaveError(f"malformed saved log: {exc!r}") from None
    journal = other.journal
    require_json([journal.op_json(o) for o in journal.log], ops, "log",
                 prefix="the saved log is not in the form pedron writes (tampered?): ")
    kept = table.journal.kept[:saved.finished]
    if len(journal.kept) != len(kept):
        raise SaveError("the saved log does not deal the kept histories (tampered?)")
    for number, (dealt, h) in enumerate(zip(journal.kept, kept, strict=True), 1):
        text = dealt.compact_text()
        if text == h:  # (the usual case: the text pedron wrote, unread)
            continue
        if isinstance(h, str):  # (read, it may still be the same deal written otherwise)
            h = _read_history(table, h)
        if text != h.compact_text():
            raise SaveError(f"kept deal {number} is not the deal the saved log deals "
                            "(tampered?)")
    require_json(getstate(other), saved.state, "state",
                 prefix="the saved log does not lead to the saved table (tampered?): ")
    return journal.log, journal.kept


def _check_chain(table: Any, history: list[Any]) -> None:
    """Kept histories follow each other and the table: deal numbers 1, 2, ...; each
    deal starts with the chips the one before left (or the buy-ins), and the table
    (the deal in progress at its start) with what the last one left."""
    stacks: tuple[int, ...] = table.buy_in
    carry = 0
    for number, h in enumerate(history, 1):
        if h.number != number:
            raise SaveError(f"kept deal {h.number} is where deal {number} should be")
        if not _follows(table, stacks, carry, h.stacks, h.carry):
            raise SaveError(f"deal {h.number} does not start with the chips the table had")
        stacks, carry = h.stacks_after(), h.result.carry
    if not _follows(table, stacks, carry, *_chips_between_deals(table), table.over):
        raise SaveError("the table does not have the chips the last kept deal left")


def _follows(table: Any, before: tuple[int, ...], carry: int, stacks: Sequence[int],
             now_carry: int, ended: bool = False) -> bool:
    """Whether chips ``stacks``/``now_carry`` can follow ``before``/``carry`` between
    two deals: the same, except that a player who left (where the game lets
    players leave) has none, what he forfeited going into the carried pot; and,
    once the session has ``ended``, the carried pot shared out. The chips before
    cannot be more than were bought in (a player who left took chips that had
    been at the table)."""
    if sum(before) + carry > sum(table.buy_in):
        return False
    gone = [s for s, (a, b) in enumerate(zip(before, stacks, strict=True)) if b < a]
    if gone and (not table.GAME.players_leave or any(stacks[s] for s in gone)):
        return False
    shared = sum(b - a for a, b in zip(before, stacks, strict=True) if b > a)
    if shared and (not ended or now_carry):
        return False
    forfeited: int = sum(table.session.forfeit(table, s, before[s]) for s in gone)
    return now_carry + shared == carry + forfeited


def _chips_between_deals(table: Any) -> tuple[tuple[int, ...], int]:
    """The stacks and carried pot before the deal in progress (now, between deals)."""
    start = table.journal.start
    if table.in_progress:
        assert start is not None
        return start.stacks, start.carry
    return tuple(table.ledger.stacks), table.ledger.carry


def _check_snapshot(cls: Any, setup: dict[str, Any], state: dict[str, Any]) -> None:
    """Clear errors for the usual kinds of damage to the saved snapshot, before the
    replay that proves it (chips here, cards and turn in the game's session rules)."""
    try:
        n = len(setup["names"])
        ledger = state["table"]["ledger"]
        if len(ledger["stacks"]) != n or len(ledger["committed"]) != n:
            raise SaveError("chip lists do not match the number of seats")
        check_chips(ledger["stacks"], ledger["committed"], ledger["carry"],
                    ledger["total"], sum(setup["stacks"]))
        deal = state["deal"]
        if deal is not None:
            cls.GAME.saving.check_saved_deal(n, ledger, deal)
    except SaveError:
        raise
    except _MALFORMED as exc:
        raise SaveError(f"malformed saved state: {exc!r}") from None


def histories(table: Any) -> tuple[Any, ...]:
    """``table``'s kept histories (its journal's), each read (replayed alone) when
    first asked for."""
    journal = table.journal
    kept = journal.kept
    if any(isinstance(item, str) for item in kept):
        # (read into a new list: refused, they stay unread and are refused again)
        read = [_read_history(table, h) if isinstance(h, str) else h for h in kept]
        _check_chain(table, read)
        journal.kept = kept = read
    return tuple(kept)

def proven_log(table: Any) -> list[Any]:
    """``table``'s session operations (every one with ``keep``). The saved part is
    proven when it is read: played again from the setup, it must deal the
    kept histories and lead to the saved table."""
    journal = table.journal
    saved = journal.saved_log
    if saved is not None:
        try:
            ops = json.loads(saved.text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"the saved log is not JSON: {exc}") from None
        log, dealt = _prove_log(table, ops, saved)
        journal.log[:0] = log  # (canonical: as replayed)
        journal.kept[:len(dealt)] = dealt  # (proven equal to those kept)
        journal.saved_log = None
    return journal.log  # type: ignore[no-any-return]


# -- the checks a restore needs -----------------------------------------------------------------


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a save is read (as it was, after).

    A restore makes tens of thousands of containers (the parsed JSON, the
    records and moves played again), each either kept or freed by its
    reference count: none is garbage that only a collection would find. Their
    number would still trigger collections, and in a process holding many
    objects (a long simulation, a server of many tables) a full one walks all
    of them: 60 ms of an 80 ms restore of 5,000 kept hands, measured in the
    process that had played them. (Another thread's collections wait as well,
    for the few milliseconds of the restore.)
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def check_chips(
    stacks: Sequence[Any], committed: Sequence[Any], carry: Any, total: Any, bought_in: int
) -> None:
    """The chip counts of a snapshot: non-negative ints that add up."""
    for v in [*stacks, *committed, carry, total]:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise SaveError(f"chip counts must be non-negative ints, not {short(v)}")
    if sum(stacks) + sum(committed) + carry != total:
        raise SaveError(f"wrong chip total: {sum(stacks)} + {sum(committed)} + {carry} != {total}")
    if total > bought_in:
        raise SaveError(f"more chips ({total}) than were bought in ({bought_in})")


def check_unique_cards(
    hands: Iterable[Iterable[Any]], size: int, name: Any = str
) -> None:
    """Every card is an int of the deck (``0..size-1``) and appears once."""
    seen: set[int] = set()
    for cards in hands:
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < size:
                raise SaveError(f"card {short(c)} is not in the deck of this game")
            if c in seen:
                raise SaveError(f"card {name(c)} is dealt twice")
            seen.add(c)


def check_turn(n: int, ledger: Mapping[str, Any], pending: Any) -> None:
    """The seats to act in a saved deal are live seats of the table."""
    if not pending or not all(
        type(s) is int and 0 <= s < n and ledger["live"][s] for s in pending
    ):
        raise SaveError("the player to act is not a live seat of this deal")


def _require_same(replayed: Any, saved: Any) -> None:
    """The replayed state must be the saved one, type for type."""
    require_json(replayed, saved, "state", prefix="the saved state does not match its own "
                 "history (tampered?): ")


def _read_envelope(text: str | bytes | dict[str, Any], format: str) -> dict[str, Any]:
    """The parts of a saved table of this version, or :class:`SaveError`."""
    try:
        data: Any = json.loads(json.dumps(text) if isinstance(text, dict) else text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"not a saved game: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != format:
        raise SaveError(f"not a saved {format}")
    found = data.get("version")
    if type(found) is not int or found != SAVE_VERSION:
        raise SaveError(f"unknown save version {short(found)} (this pedron reads version "
                        f"{SAVE_VERSION})")
    parts = {"setup": dict, "start": dict, "ops": list, "history": list, "state": dict}
    for key, kind in parts.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"a saved table needs {key!r} ({kind.__name__})")
    # exactly the parts pedron writes: an unknown one would be dropped when saved again
    unknown = set(data) - PARTS - {"signature"}
    if unknown:
        raise SaveError(f"unknown key {short(sorted(unknown)[0])} at the top of the save")
    missing = PARTS - set(data)
    if missing:
        raise SaveError(f"the save has no {sorted(missing)[0]!r}")
    return data
