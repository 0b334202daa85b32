"""Regressions of issue 29 ("Every input and every thread") fixed on top of the
kernels' boundary work: unsigned saves and hand histories read exactly (never
silently normalised), exact numbers where a number ranks or pays, flags that
are flags, one validation order with documented ceilings. Each test failed on
the code before its fix. (The shared deck's crash and the thread-safety
contract: test_thread_contract.py.)
"""

from __future__ import annotations

import json
import random
from functools import cache

import games_targets as gt
import pytest

from pedron.errors import SaveError

np = pytest.importorskip("numpy")


# -- unsigned saves: refused, never normalised ------------------------------------------------


def _session(game: str, keep: bool, deals: int = 2, seed: int = 7) -> tuple[object, str]:
    """A table of ``game`` after ``deals`` deals and a few moves into the next, and its save."""
    g = gt.GAMES[game]
    rnd = random.Random(seed)
    table = g.Table(3, 1000, seed=seed, keep_history=keep)
    while table.deals_played < deals + 1 and not table.over:
        gt.step_legal(g, table, rnd)
    while not (table.in_progress and len(table.current.moves) >= 2):
        assert gt.step_legal(g, table, rnd)
    return g.Table, table.to_json()


GAMES = ["diamondback", "diablo"]


@cache
def kept_save(game: str) -> tuple[object, str]:
    """A save of ``game`` with kept histories, mid-deal."""
    return _session(game, keep=True)


@cache
def between_save(game: str) -> tuple[object, str]:
    """A save of ``game`` without kept histories, between deals (its last deal saved)."""
    g = gt.GAMES[game]
    rnd = random.Random(11)
    table = g.Table(3, 1000, seed=11, keep_history=False)
    while table.deals_played < 3 or table.in_progress:
        gt.step_legal(g, table, rnd)
    return g.Table, table.to_json()


def _refused(Table, data, *names: str) -> str:
    """``data`` (a save as parsed JSON) is refused with a SaveError naming each of ``names``."""
    with pytest.raises(SaveError) as caught:
        Table.from_json(json.dumps(data))
    message = str(caught.value)
    for name in names:
        assert name in message, message
    return message


def _edit_history(data: dict, key: str, edit) -> None:
    """Apply ``edit`` to the parsed JSON of a kept history (``key`` "history") or of
    the last deal ("last"), written back as its text."""
    if key == "history":
        h = json.loads(data["history"][0])
        edit(h)
        data["history"][0] = json.dumps(h)
    else:
        h = json.loads(data["last"])
        edit(h)
        data["last"] = json.dumps(h)


@pytest.mark.parametrize("game", GAMES)
def test_an_int_where_a_bool_is_saved_is_refused(game):
    """1 == True, so the snapshot, compared with ==, took 1 for true (and 0 for false)
    and was written back as true: the state was silently repaired."""
    Table, text = kept_save(game)
    for path in (("state", "table", "closing"), ("state", "table", "seated", 1),
                 ("state", "table", "ledger", "live", 0), ("state", "table", "events", 0, 4),
                 ("start", "ledger", "live", 2)):
        data = json.loads(text)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = int(parent[path[-1]])
        where = ".".join(str(k) for k in path if not isinstance(k, int))
        _refused(Table, data, where)


@pytest.mark.parametrize("game", GAMES)
def test_an_int_where_a_bool_is_in_the_saved_last_deal_is_refused(game):
    """A last deal's result read with 1 for true equalled the replayed one by ==."""
    Table, text = between_save(game)
    data = json.loads(text)
    assert data["last"] is not None

    def showdown_as_int(h):
        h["result"]["showdown"] = int(h["result"]["showdown"])

    _edit_history(data, "last", showdown_as_int)
    _refused(Table, data, "result")


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_key_at_the_top_of_a_save_is_refused(game):
    Table, text = kept_save(game)
    data = json.loads(text)
    data["comment"] = "saved by hand"
    _refused(Table, data, "unknown key", "comment")
    data = json.loads(text)
    del data["last"]  # (a part pedron always writes: not read as null)
    _refused(Table, data, "last")


@pytest.mark.parametrize("where", ["history", "last"])
@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_key_inside_a_kept_history_is_refused(game, where):
    Table, text = kept_save(game) if where == "history" else between_save(game)
    data = json.loads(text)
    _edit_history(data, where, lambda h: h.update(note="x"))
    _refused(Table, data, "unknown key", "note")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_kind_in_capitals_is_refused(game):
    """"BET" was read as "bet": the kept history (and the operations of the deal in
    progress) loaded and were written back in small letters."""
    Table, text = kept_save(game)
    data = json.loads(text)

    def capitals(h):
        h["moves"][0][1] = h["moves"][0][1].upper()

    _edit_history(data, "history", capitals)
    _refused(Table, data, "moves[0][1]")
    data = json.loads(text)
    moves = [op for op in data["ops"] if op[0] == "move"]
    assert moves
    moves[0][2] = moves[0][2].upper()
    _refused(Table, data, "ops[")


@pytest.mark.parametrize("game", GAMES)
def test_a_history_missing_a_rule_is_refused(game):
    """A hand history's rules without tie_rule (or any option) were read with the
    default filled in; so were a save's."""
    Table, text = kept_save(game)
    history = Table.from_json(text).history[0]
    data = history.to_json()
    assert type(history).from_json(data) == history  # (as written: read)
    rule = "tie_rule" if game == "diamondback" else "reshuffle"
    del data["rules"][rule]
    with pytest.raises(SaveError, match=rule):
        type(history).from_json(data)
    save = json.loads(text)
    del save["setup"]["rules"][rule]
    _refused(Table, save, "setup", rule)


@pytest.mark.parametrize("game", GAMES)
def test_the_generators_saved_state_must_be_exactly_its_form(game):
    """Generator.setstate ignores keys it does not know; the saved setup's generator
    was kept as read and written back with them."""
    Table, text = kept_save(game)
    data = json.loads(text)
    data["setup"]["rng"]["extra"] = 1
    _refused(Table, data, "setup.rng", "extra")


@pytest.mark.parametrize("game", GAMES)
def test_a_save_as_pedron_writes_it_still_loads_whatever_its_spacing(game):
    """Strict on values and keys, not on formatting: key order and spacing are free,
    in the save and in the kept histories' texts."""
    for Table, text in (kept_save(game), between_save(game)):
        data = json.loads(text)
        if data["history"]:
            data["history"] = [json.dumps(json.loads(h), indent=1, sort_keys=True)
                               for h in data["history"]]
        if data["last"]:
            data["last"] = json.dumps(json.loads(data["last"]), indent=2, sort_keys=True)
        table = Table.from_json(json.dumps(data, indent=3, sort_keys=True))
        again = json.loads(table.to_json())
        assert again["state"] == data["state"] and again["setup"] == data["setup"]


@pytest.mark.parametrize("game", GAMES)
def test_tables_of_both_games_round_trip(game):
    for Table, text in (kept_save(game), between_save(game)):
        assert Table.from_json(text).to_json() == text
