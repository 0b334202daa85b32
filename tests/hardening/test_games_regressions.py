"""One test per bug the game fuzzers found (docs/reliability.md, "Game engines")."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pedron.diablo import session as dl
from pedron.diamondback import game as db
from pedron.engine import Action, ActionTypeError, SaveError
from pedron.errors import PedronError

TABLES = [db.Table, dl.Table]


def started(T):
    t = T(seed=7)
    (t.next_hand if T is db.Table else t.next_game)()
    return t


def deep(depth: int):
    x: list = []
    for _ in range(depth):
        x = [x]
    return x


@pytest.mark.parametrize("T", TABLES)
def test_deeply_nested_save_is_a_save_error(T):
    # json.loads raised RecursionError (not a PedronError) on deep nesting.
    with pytest.raises(SaveError):
        T.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError):
        T.from_json('{"format": ' + "[" * 100_000)
    # The same nesting inside a parsed save given as a dict: the checks, the
    # error messages (repr of the value) and the final comparison recursed too.
    good = json.loads(started(T).to_json())
    for where in ("version", "log", "state", "setup"):
        data = json.loads(json.dumps(good))
        data[where] = deep(50_000)
        with pytest.raises(SaveError) as info:
            T.from_json(data)
        assert len(str(info.value)) < 300
    data = json.loads(json.dumps(good))
    data["state"]["history"].append(deep(50_000))
    with pytest.raises(SaveError):
        T.from_json(data)
    data = json.loads(json.dumps(good))
    data["log"].append(deep(50_000))
    with pytest.raises(SaveError) as info:
        T.from_json(data)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("T", TABLES)
@pytest.mark.parametrize("version", [1.0, True, "1", [1]])
def test_save_version_must_be_the_int(T, version):
    # 1.0 and True compared equal to the version 1 and were accepted.
    data = json.loads(started(T).to_json())
    data["version"] = version
    with pytest.raises(SaveError, match="version"):
        T.from_json(json.dumps(data))


@pytest.mark.parametrize("T", TABLES)
@pytest.mark.parametrize("seed", [[1], "7", 7.0, True, {"a": 1}, [[[]]]])
def test_saved_seed_must_be_an_int_or_null(T, seed):
    # Any JSON value was accepted as the seed and written back by to_json().
    data = json.loads(started(T).to_json())
    data["setup"]["seed"] = seed
    with pytest.raises(SaveError, match="seed"):
        T.from_json(json.dumps(data))


@pytest.mark.parametrize("T", TABLES)
@pytest.mark.parametrize("cards", [np.array([1, 2]), np.array([3]), None, 5, {1, 2}, "Q4"])
def test_action_cards_of_a_wrong_type_are_refused(T, cards):
    # Action(kind, cards=<numpy array>) raised numpy's ValueError ("truth value
    # of an array is ambiguous"), cards=None a bare TypeError.
    t = started(T)
    cur = t.hand if T is db.Table else t.game
    before = t.to_json()
    for kind in ("reveal", "bet", "draw", "check", "match"):
        a = Action(kind, cards=cards)
        with pytest.raises(ActionTypeError):
            cur.act(a)
        reason = cur.check_action(a)
        assert reason is not None and "cards" in reason
    assert t.to_json() == before


def test_diamondback_seat_of_a_wrong_type_is_refused():
    # seat=<numpy array> compared the array with the seat to act first: ValueError.
    t = started(db.Table)
    hand = t.hand
    before = t.to_json()
    for seat in (np.array([0, 1]), np.array([hand.to_act]), np.int64(hand.to_act), 1.0, "0"):
        legal = hand.legal_actions()[0]
        a = Action(legal.kind, legal.min, (), seat)
        with pytest.raises(PedronError):
            hand.act(a)
        assert hand.check_action(a) is not None
        with pytest.raises(PedronError):
            hand.fold(seat)
    assert t.to_json() == before


@pytest.mark.parametrize("T", TABLES)
@pytest.mark.parametrize("value", [[], [1, 2], "x", 5])
def test_saved_nested_state_of_a_wrong_type_is_a_save_error(T, value):
    # A Diablo save whose game "round" was a list raised AttributeError ('list'
    # object has no attribute 'get') from the snapshot checks.
    t = started(T)
    data = json.loads(t.to_json())
    part = data["state"]["hand" if T is db.Table else "game"]
    for key in [k for k in part if part[k] != value]:
        edited = json.loads(json.dumps(data))
        edited["state"]["hand" if T is db.Table else "game"][key] = value
        try:
            T.from_json(json.dumps(edited))
        except SaveError:
            continue
        raise AssertionError(f"{key} = {value!r} accepted")  # pragma: no cover


class _Touchy:
    """A value no JSON file can hold, whose comparison raises."""

    def __eq__(self, other):
        raise RuntimeError("compared")

    __hash__ = object.__hash__


@pytest.mark.parametrize("T", TABLES)
@pytest.mark.parametrize("where", ["setup", "state", "log"])
def test_saved_dict_with_non_json_objects_is_a_save_error(T, where):
    # A dict save holding an object whose == raises let that RuntimeError out
    # of from_json (the replayed state is compared with the saved one).
    good = json.loads(started(T).to_json())
    data = json.loads(json.dumps(good))
    if where == "log":
        data["log"].append(_Touchy())
    else:
        data[where]["extra"] = _Touchy()
    with pytest.raises(SaveError):
        T.from_json(data)
    # plain data loads, and the dict given is not shared with the table
    before = json.dumps(good)
    table = T.from_json(good)
    assert table.to_json() == started(T).to_json()
    table.legal_actions()
    assert json.dumps(good) == before
