"""Every table has the same attributes, however it was made: a restore and a
clone set each one a table playing has (a state left out, or a stray one,
would make the copy differ from the table it copies)."""

from __future__ import annotations

import pytest

from pedron import diablo, diamondback
from pedron.bots import RandomBot


@pytest.mark.parametrize("make", [
    lambda: diamondback.Table(4, 100, seed=1, dealer=0),
    lambda: diamondback.Table(2, 100, diamondback.Rules.dealers(), seed=1, dealer=0,
                              keep_history=True),
    lambda: diablo.Table(3, seed=1, dealer=0),
    lambda: diablo.Table(5, rules=diablo.Rules(dealers_choice=True), seed=1, keep_history=True),
], ids=["diamondback", "dealers-diamondback", "diablo", "dealers-choice-diablo"])
def test_a_restored_or_cloned_table_has_the_attributes_of_the_table(make):
    table = make()
    fresh = set(vars(table))
    bot = RandomBot(seed=1)
    for _ in range(3):  # (deals played, a save read back: every attribute set)
        deal = table.next_deal()
        while not deal.done:
            view = deal.view(deal.to_act)
            deal.apply(bot(view, view.legal))
    assert set(vars(table)) == fresh  # (playing adds none)
    again = type(table).from_json(table.to_json())
    for t in (again, table.clone()):
        assert set(vars(t)) == fresh
        assert t.getstate() == table.getstate()
