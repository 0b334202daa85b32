"""Draw poker as its own layer (issue 38): the old Diablo modules' names, the kernels'
record of an objective, its caches, and the duck-typed links to a game's rules."""

from __future__ import annotations

import copy
import importlib
import pickle
import warnings
from fractions import Fraction

import numpy as np
import pytest

from pedron import diablo, drawpoker
from pedron.drawpoker import (
    Beat,
    DrawLimit,
    ExpectedStrength,
    KernelObjective,
    ObjectiveKind,
    PayTable,
    draw_odds,
)
from pedron.drawpoker import objectives as objectives_module

OLD = {
    "pedron.diablo.draw": ["BatchDraws", "DrawLimit", "DrawOdds", "DrawOption", "analyse_batch",
                           "best_draw", "best_exchange", "draw_odds", "prepare"],
    "pedron.diablo.objectives": ["WILDS", "Beat", "Custom", "DeckTables", "ExpectedStrength",
                                 "Objective", "PayTable", "deck_tables", "MAX_ROWS",
                                 "MAX_SCALED_PAY"],
    "pedron.diablo.outcomes": ["DEUCES_WILD_OUTCOMES", "HANDS", "NATURAL_OUTCOMES", "Outcome",
                               "PayRow", "outcome_classes", "outcome_of", "outcome_rows",
                               "parse_ranks"],
}
FPDW = PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True)


@pytest.mark.parametrize(("module", "name"), [(m, n) for m, names in OLD.items()
                                              for n in names])
def test_an_old_name_warns_and_gives_the_same_object(module, name):
    old = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated since "
                                                rf"pedron 0\.2\.0 .* 0\.3\.0: use "
                                                rf"pedron\.drawpoker\.{name}"):
        got = getattr(old, name)
    assert got is getattr(drawpoker, name)


def test_an_old_from_import_warns_and_an_unknown_name_is_an_attribute_error():
    with pytest.warns(DeprecationWarning, match="pedron.drawpoker.PayTable"):
        from pedron.diablo.objectives import PayTable as Old
    assert Old is PayTable
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            importlib.import_module("pedron.diablo.draw").nothing_here  # noqa: B018


def test_diablo_keeps_the_advisor_as_its_own_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert diablo.draw_odds is draw_odds and diablo.DrawLimit is DrawLimit
        assert diablo.PayTable is PayTable and diablo.Category is drawpoker.Category
        assert diablo.Rules().draw_limit == DrawLimit(2)


def test_kernel_args_warns_and_gives_the_record_as_a_tuple():
    k = FPDW.kernel(True)
    with pytest.warns(DeprecationWarning, match="Objective.kernel"):
        old = FPDW.kernel_args(True)
    assert old == (1, k.pays, None, None, 0, 1, k.scale)


def test_the_objective_codes_have_names():
    assert ExpectedStrength.kind is ObjectiveKind.STRENGTH
    assert PayTable.kind is ObjectiveKind.PAY_TABLE and Beat.kind is ObjectiveKind.BEAT
    assert drawpoker.Custom(len).kind is ObjectiveKind.CUSTOM
    beat = Beat("Ah Ad Kc Ks 2d", ties=Fraction(1, 2))
    k = beat.kernel(True)
    assert (k.kind, k.wild, k.tie_num, k.tie_den, k.den_scale) == (ObjectiveKind.BEAT, True,
                                                                    1, 2, 2)
    assert ExpectedStrength().kernel(False).kind is ObjectiveKind.STRENGTH


def test_the_record_is_frozen_checked_and_a_value():
    a = PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True).kernel(True)
    b = FPDW.kernel(True)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != FPDW.with_pays([800, 200, 25, 15, 9, 5, 3, 2, 2, 2]).kernel(True)
    assert a != ExpectedStrength().kernel(True)
    with pytest.raises(AttributeError):
        a.scale = 2  # type: ignore[misc]
    for other in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
        assert other == a and hash(other) == hash(a)
    beat = Beat({5: 2, 900: 1}).kernel(True)
    assert pickle.loads(pickle.dumps(beat)) == beat
    assert not beat.below.flags.writeable
    with pytest.raises(ValueError, match="values expected"):
        KernelObjective(ObjectiveKind.PAY_TABLE, True, pays=(1, 2, 3))
    with pytest.raises(ValueError, match="cover every strength"):
        KernelObjective(ObjectiveKind.BEAT, True, below=[0, 1], at=[1, 0])
    with pytest.raises(ValueError, match="custom"):
        KernelObjective(ObjectiveKind.CUSTOM, True)
    with pytest.raises(ValueError):
        KernelObjective(7, True)


def test_equal_objectives_share_their_value_tables():
    one = PayTable([250, 50, 25, 9, 6, 4, 3, 2, 1], wild=False)
    two = PayTable([250, 50, 25, 9, 6, 4, 3, 2, 1], wild=False)
    assert one is not two
    assert one.value_tables(False) is two.value_tables(False)


def test_the_value_table_cache_drops_the_least_recent_not_everything():
    objectives_module.value_tables_of.cache_clear()
    size = objectives_module.value_tables_of.cache_parameters()["maxsize"]
    beats = [Beat({s: 1}) for s in range(1, size + 3)]  # (two more than it holds)
    for b in beats:
        b.value_tables(True)
    before = objectives_module.value_tables_of.cache_info()
    beats[-1].value_tables(True)
    beats[5].value_tables(True)  # (a clear-all at the size would have lost these)
    after = objectives_module.value_tables_of.cache_info()
    assert after.hits == before.hits + 2 and after.misses == before.misses
    beats[0].value_tables(True)  # (the least recent: dropped)
    assert objectives_module.value_tables_of.cache_info().misses == after.misses + 1


def test_the_advisor_takes_any_rules_with_a_draw_limit():
    class MyRules:
        draw_limit = DrawLimit(4, True)

    hand = "As 7d 6c 4h 3s"
    got = [o.discard for o in draw_odds(hand, MyRules())]
    assert got == [o.discard for o in draw_odds(hand, DrawLimit(4, True))]
    assert DrawLimit.from_rules(MyRules()) == DrawLimit(4, True)
    assert DrawLimit.from_rules(diablo.Rules(more_draw=True)) == DrawLimit(4, True)


def test_beat_takes_any_distribution():
    option = draw_odds("Qs Qd 5c 9h 2d")[0]

    class Counts:
        wild = True

        def strength_counts(self):
            return option.strength_counts()

    assert isinstance(option, drawpoker.Distribution)
    assert Beat(Counts()).kernel(True) == Beat(option).kernel(True)
    assert Beat(Counts()).opponents == option.outcomes


def test_the_categories_are_the_evaluators():
    from pedron._kernels import diablo_eval

    assert [(c.name, int(c)) for c in drawpoker.Category] == \
        [(c.name, int(c)) for c in diablo_eval.Category]
    assert diablo.evaluate("2c 2d 2h 2s Ah").category is drawpoker.Category.FIVE_OF_A_KIND


def test_the_batch_reads_the_record():
    rows = np.array([[0, 4, 8, 12, 17], [48, 44, 40, 36, 1]])
    beat = Beat("Qs Qd 5c 5h 9d", ties=Fraction(1, 2))
    batch = drawpoker.analyse_batch(rows, 2, objective=beat)
    for row, value in zip(rows.tolist(), batch.values(), strict=True):
        assert draw_odds(row, 2, objective=beat)[0].value == value


def test_video_poker_loads_no_diablo_module():
    import subprocess
    import sys

    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, pedron.videopoker, pedron.drawpoker; "
                               "print(sorted(m for m in sys.modules if 'diablo' in m))"],
        capture_output=True, text=True, check=True, timeout=120).stdout.strip()
    assert loaded == "['pedron._kernels.diablo_eval']"  # (the evaluator kernel only)
