"""Diamondback's own modules of the upper layers moved into its package (0.2.0): every old
name still works until 0.3.0, warns naming its new place and gives the same object; the old
modules import nothing of the game."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import pedron
from pedron import diamondback

SRC = Path(pedron.__file__).resolve().parent

#: Each old module, its new one, and the public names it had (its __all__, and the public
#: names the solver's modules defined beside it).
MOVED: dict[str, tuple[str, tuple[str, ...]]] = {
    "pedron.bots.diamondback": ("pedron.diamondback.bots", ("OddsBot",)),
    "pedron.encodings.diamondback": ("pedron.diamondback.encodings", (
        "DiamondbackActions", "DiamondbackObservation", "actions")),
    "pedron.bench.diamondback": ("pedron.diamondback.bench", ("entries",)),
    "pedron.strategyfile": ("pedron.diamondback.strategyfile", (
        "FORMAT", "VERSION", "info_key", "key_text", "move_text", "read_strategy_file",
        "roles_of", "strategy_document", "write_strategy_file")),
    "pedron.solver": ("pedron.diamondback.solver", (
        "Estimate", "GameSpec", "ProgressFn", "SECONDS_PER_NODE_ITERATION", "Solution",
        "estimate", "game_spec", "memory_limit", "solve", "write_strategy")),
    "pedron.solver.multi": ("pedron.diamondback.solver.multi", (
        "Deals", "MAX_ENTRIES", "MAX_STATES", "MAX_TREE_NODES", "MState", "MultiArrays",
        "MultiGraph", "MultiTree", "NH", "ProgressFn", "SECONDS_PER_ENTRY", "build_multi",
        "expand_multi", "joint_deals", "multi_size", "weak_orders")),
    "pedron.solver.tree": ("pedron.diamondback.solver.tree", (
        "BASE_BYTES", "GameSpec", "Graph", "HANDS", "MAX_DEPTH", "MAX_MOVES", "MAX_NODES",
        "MAX_STATES", "Size", "State", "TreeArrays", "build_graph", "chance_table",
        "check_spec", "count", "expand", "hand_masks", "hand_value", "has_table", "infosets",
        "outcome_table", "prefixes")),
}
#: Old names in a package that stays (the package, the name, the new module).
MOVED_NAMES = [
    ("pedron.bots", "OddsBot", "pedron.diamondback.bots"),
    ("pedron.bots", "EquilibriumBot", "pedron.diamondback.equilibrium"),
    ("pedron.bots.equilibrium", "EquilibriumBot", "pedron.diamondback.equilibrium"),
    ("pedron.encodings", "DiamondbackActions", "pedron.diamondback.encodings"),
    ("pedron.envs.observations", "DiamondbackObservation", "pedron.diamondback.encodings"),
] + [(old, name, new) for old, (new, names) in MOVED.items() for name in names]


@pytest.mark.parametrize(("old", "name", "new"), MOVED_NAMES)
def test_an_old_name_warns_and_gives_the_same_object(old, name, new):
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=rf"{old}\.{name} is deprecated since pedron "
                                                rf"0\.2\.0 .* 0\.3\.0: use {new}\.{name}$"):
        got = getattr(module, name)
    assert got is getattr(importlib.import_module(new), name)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_lists_every_public_name_it_had_and_imports_nothing_of_the_game(old):
    new, names = MOVED[old]
    module = importlib.import_module(new)
    public = set(module.__all__) | {
        n for n, v in vars(module).items() if not n.startswith("_")
        and getattr(v, "__module__", None) == new}
    assert public <= set(names)  # (every public name of the new module had its old one)
    path = SRC.joinpath(*old.split(".")[1:])
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    imported = {n.module for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(n, ast.ImportFrom)}
    assert imported <= {"pedron._deprecate", "pedron._lazy"}  # (_lazy: the old submodules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            importlib.import_module(old).nothing_here  # noqa: B018


def test_the_game_names_its_own_bots_and_encodings_without_a_warning():
    from pedron.diamondback.bots import OddsBot
    from pedron.diamondback.encodings import DiamondbackActions, DiamondbackObservation
    from pedron.diamondback.equilibrium import EquilibriumBot

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert diamondback.OddsBot is OddsBot and diamondback.EquilibriumBot is EquilibriumBot
        assert diamondback.DiamondbackActions is DiamondbackActions
        assert diamondback.DiamondbackObservation is DiamondbackObservation
        assert diamondback.solver.solve is importlib.import_module(
            "pedron.diamondback.solver").solve
    assert "OddsBot" not in diamondback.__all__  # (a star import leaves the bots out)


def test_the_bot_specs_and_the_solver_facet_name_the_new_places():
    from pedron import games
    from pedron.bots import make_bot
    from pedron.diamondback.bots import OddsBot

    info = games.get("diamondback")
    assert info.solver == "pedron.diamondback.solver"
    assert info.bots == {"odds": "pedron.diamondback.bots:OddsBot",
                         "equilibrium": "pedron.diamondback.equilibrium:EquilibriumBot"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert type(make_bot("odds", "diamondback", 1)) is OddsBot


def test_the_old_solver_package_still_reaches_its_modules():
    """``import pedron.solver`` then ``pedron.solver.tree``, as before the move (in a fresh
    interpreter: here an earlier test may have imported the submodule already)."""
    code = ("import warnings; warnings.simplefilter('error'); import pedron.solver\n"
            "tree = pedron.solver.tree\n"
            "try:\n    tree.hand_value\nexcept DeprecationWarning as w:\n    print(w)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "use pedron.diamondback.solver.tree.hand_value" in out

