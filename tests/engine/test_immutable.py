"""Views, records, legal actions, pots, moves and results cannot be changed.

Regression test for the issue's finding: views shared ``Record`` and
``LegalAction`` objects with the table and with module-level caches, and
changing one through ``object.__setattr__`` changed another table's records
and every hand's legal list. The values shared between tables (records, legal
actions, pots, moves) are compiled frozen dataclasses whose fields nothing can
set, ``object.__setattr__`` included; views and results are frozen dataclasses
(an assignment raises).
"""

from __future__ import annotations

import dataclasses

import pytest

from pedron import diablo, diamondback
from pedron.engine import Bet, LegalAction, Pot, Record, is_plain


def _objects(view):
    deal = view.deal
    yield view
    yield deal
    yield from deal.history
    yield from deal.legal
    yield from deal.pots


@pytest.mark.parametrize("make", [
    lambda: diamondback.Table(3, 20, seed=1, dealer=0),
    lambda: diablo.Table(3, 20, seed=1, dealer=0),
], ids=["diamondback", "diablo"])
def test_nothing_in_a_view_can_be_changed(make):
    table = make()
    deal = table.next_deal()
    view = table.view(deal.to_act)
    assert is_plain(view)
    for obj in _objects(view):
        name = dataclasses.fields(obj)[0].name
        with pytest.raises(AttributeError):  # (a FrozenInstanceError is one)
            setattr(obj, name, "changed")
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(obj, "extra", 1)  # no __dict__ either
        if type(obj) in (Record, LegalAction, Pot):  # shared between tables: no way in
            with pytest.raises(AttributeError):
                object.__setattr__(obj, name, "changed")
    before = table.to_json()
    assert table.view(deal.to_act) == view and table.to_json() == before


def test_records_recurring_between_tables_are_safe_to_share():
    a = diablo.Table(3, 20, seed=1, dealer=0)
    b = diablo.Table(3, 20, seed=1, dealer=0)
    ga, gb = a.next_deal(), b.next_deal()
    shared = [r for r in ga.history if any(r is s for s in gb.history)]
    assert shared  # the deal records are built once for every table ...
    with pytest.raises(AttributeError):
        object.__setattr__(shared[0], "cards", (51,))  # ... and cannot be changed


def test_the_value_types_are_equal_only_to_their_own_kind():
    rec = Record("bet", 0, 2)
    assert rec == Record("bet", 0, 2) and rec != ("bet", 0, 2, (), False, "")
    assert LegalAction("bet", 1, 5) != Bet(1)
    assert Pot(3, (0, 1)) == Pot(3, (0, 1), (), 0) and hash(Pot(3, (0, 1))) == hash(Pot(3, (0, 1)))
    result = None
    t = diamondback.Table(2, 20, seed=1, dealer=0)
    h = t.next_deal()
    h.bet(1), h.fold()
    result = h.result
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.net = (100, -100)  # type: ignore[misc]
    assert dataclasses.asdict(result)["net"] == result.net
