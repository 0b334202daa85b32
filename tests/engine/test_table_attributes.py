"""A table's instance attributes stay few.

CPython (3.11 to 3.13) shares the keys of the instance dicts of a class while
they hold fewer than 30; past that, every attribute read in a table's Python
code (a few hundred a deal) takes the interpreter's slow path: about 3% more
instructions in random play (callgrind), measured when a 30th attribute was
added. A new piece of table state joins an existing attribute instead.
"""

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
def test_a_table_keeps_fewer_than_30_attributes(make):
    table = make()
    bot = RandomBot(seed=1)
    for _ in range(3):  # (deals played, a save read back: every attribute set)
        deal = table.next_deal()
        while not deal.done:
            view = deal.view(deal.to_act)
            deal.apply(bot(view, view.legal))
    again = type(table).from_json(table.to_json())
    for t in (table, again, table.clone()):
        assert len(vars(t)) < 30, sorted(vars(t))
