"""The contract between the engine and a game: the :class:`Session` base class holds
the defaults a game does not override, and what a save needs of the session is the
game's :class:`SessionSaving`, its state a frozen record read by field."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pedron import diablo, diamondback
from pedron.diablo.table import DiabloSessionState
from pedron.diamondback.table import DiamondbackSessionState
from pedron.engine import Session, SessionSaving
from pedron.errors import IllegalActionError, SaveError


def test_the_base_session_holds_the_defaults():
    table = diablo.Table(4, seed=2, dealer=1)
    table.seated[2] = False
    base = Session()
    assert list(base.deal_seats(table)) == [0, 1, 3]
    assert base.draw_ties_fresh(table) is True
    assert base.close_refused(table) is None
    assert base.forfeit(table, 0, 50) == 0
    assert base.view_fields(table) == {}
    with pytest.raises(IllegalActionError, match="do not leave a diablo table"):
        base.leave(table, 0)
    with pytest.raises(IllegalActionError, match="a diablo session does not end by agreement"):
        base.vote(table, 0, True)
    assert type(base.copy()) is Session
    saving = SessionSaving()
    assert saving.state(base).to_json() == {}


def test_diablo_takes_the_defaults_it_does_not_change():
    table = diablo.Table(3, seed=1, dealer=0)
    with pytest.raises(IllegalActionError, match="do not leave a diablo table"):
        table.leave(0)
    with pytest.raises(IllegalActionError, match="a diablo session does not end by agreement"):
        table.vote_end(0)
    assert table.close() is True


@pytest.mark.parametrize(("table", "record", "fields"), [
    (diablo.Table(3, seed=1, dealer=0), DiabloSessionState,
     {"series_games": 0, "diablo_pot": False, "diablo_caller": None}),
    (diamondback.Table(3, 100, diamondback.Rules(variant="match"), seed=1, dealer=0),
     DiamondbackSessionState, {"votes": []}),
], ids=["diablo", "diamondback"])
def test_the_saved_session_state_is_a_frozen_record(table, record, fields):
    state = table.GAME.saving.state(table.session)
    assert type(state) is record
    assert state.to_json() == fields
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        setattr(state, next(iter(fields)), 1)
    table.next_deal()
    start = json.loads(table.to_json())["start"]
    assert {k: start[k] for k in fields} == fields


@pytest.mark.parametrize(("make", "key", "bad", "why"), [
    (lambda: diablo.Table(3, seed=1, dealer=0), "diablo_pot", 1, "diablo_pot must be a bool"),
    (lambda: diablo.Table(3, seed=1, dealer=0), "series_games", -1, "series_games"),
    (lambda: diablo.Table(3, seed=1, dealer=0), "diablo_caller", 3, "bad diablo_caller"),
    (lambda: diamondback.Table(3, 100, diamondback.Rules(variant="match"), seed=1, dealer=0),
     "votes", [5], "votes must be seated seats"),
], ids=["pot", "series", "caller", "votes"])
def test_a_damaged_saved_session_state_is_refused_by_the_game(make, key, bad, why):
    table = make()
    table.next_deal()
    data = json.loads(table.to_json())
    data["start"][key] = bad
    with pytest.raises(SaveError, match=why):
        type(table).from_json(data)
