"""The one module of Diamondback's strategy file (pedron.diamondback.strategyfile): written by the
solver, read by the equilibrium bot; the old names keep working, with a warning."""

from __future__ import annotations

import importlib

import pytest

import pedron.diamondback.strategyfile as sf
from pedron.errors import PedronValueError


@pytest.mark.parametrize("old, module, new", [
    ("FORMAT", "pedron.bots.equilibrium", "FORMAT"),
    ("info_key", "pedron.bots.equilibrium", "info_key"),
    ("key_text", "pedron.bots.equilibrium", "key_text"),
    ("move_text", "pedron.bots.equilibrium", "move_text"),
    ("roles_of", "pedron.bots.equilibrium", "roles_of"),
    ("load_strategy", "pedron.bots.equilibrium", "read_strategy_file"),
])
def test_the_equilibrium_bots_old_names_warn_and_give_the_strategy_file_modules(
        old, module, new):
    mod = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=f"use pedron.diamondback.strategyfile.{new}"):
        got = getattr(mod, old)
    assert got is getattr(sf, new)


def test_the_diablo_loader_has_its_own_name_and_the_old_one_warns():
    from pedron.bots import strong as old_home
    from pedron.diablo import strong

    with pytest.warns(DeprecationWarning, match="use pedron.diablo.strong.load_diablo_strategy"):
        old = old_home.load_strategy
    assert old is strong.load_diablo_strategy
    assert not hasattr(sf, "load_strategy")


def test_a_solved_file_round_trips_and_the_bot_reads_it(tmp_path):
    from pedron.diamondback.equilibrium import EquilibriumBot
    from pedron.diamondback.solver import game_spec, solve, write_strategy

    sol = solve(game_spec(1), target=0.01)
    path = write_strategy(sol, tmp_path / "s.json")
    data = sf.read_strategy_file(path)
    assert data["format"] == sf.FORMAT and data["version"] == sf.VERSION
    assert data["solver"] == "pedron-cfr+" and data["strategy"] == sol.strategy
    assert data["settings"]["players"] == 2
    assert EquilibriumBot(path).strategy == sol.strategy


@pytest.mark.parametrize("text", ["{}", "[1]", '{"format": "pedron.strategy"}',
                                  '{"format": "pedron.strategy", "version": 1, "strategy": {}}',
                                  "not json"])
def test_a_file_that_is_not_a_strategy_file_is_refused_clearly(tmp_path, text):
    path = tmp_path / "x.json"
    path.write_text(text)
    with pytest.raises(PedronValueError, match="strategy file"):
        sf.read_strategy_file(path)
