"""The game registry (pedron.games): every layer above the engine asks a game's descriptor,
and none of them names a game."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
from pathlib import Path

import pytest

from pedron import games
from pedron.diablo.table import Table as DiabloTable
from pedron.diamondback.table import Table as DiamondbackTable
from pedron.errors import PedronTypeError, PedronValueError

SRC = Path(__file__).resolve().parents[1] / "src" / "pedron"


def test_the_built_in_games() -> None:
    assert games.names() == ("diablo", "diamondback")
    diablo, diamondback = games.get("diablo"), games.get("diamondback")
    assert diablo.table is DiabloTable and diamondback.table is DiamondbackTable
    assert (diablo.title, diamondback.title) == ("Diablo", "Diamondback")
    # the engine's facts are the table's, read through the descriptor
    assert diablo.players == range(3, 8) and diamondback.players == range(2, 5)
    assert (diablo.deal_word, diamondback.deal_word) == ("game", "hand")
    assert diablo.rules is DiabloTable.GAME.rules
    assert games.get(diablo) is diablo


def test_unknown_and_wrong_names() -> None:
    with pytest.raises(PedronValueError, match="'diablo', 'diamondback'"):
        games.get("kuhn")
    with pytest.raises(PedronTypeError):
        games.get(3)  # type: ignore[arg-type]

    class Lying(str):
        pass

    with pytest.raises(PedronTypeError):  # (a str subclass may answer anything to ==)
        games.get(Lying("diablo"))


def test_a_descriptor_is_one_object_per_game() -> None:
    info = games.get("diamondback")
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(info, protocol)) is info
    assert copy.deepcopy(info) is info and copy.copy(info) is info
    with pytest.raises(TypeError):
        info.bots["x"] = "y"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.title = "x"  # type: ignore[misc]


def test_register_and_unregister() -> None:
    base = games.get("diamondback")
    info = dataclasses.replace(base, name="diamondback_twin", title="Twin", module="")
    with pytest.raises(PedronValueError, match="built-in"):
        games.register(dataclasses.replace(info, name="diablo"))
    got = games.register(info)
    try:
        assert got.module == DiamondbackTable.__module__  # (its table's module by default)
        assert "diamondback_twin" in games.names() and games.get("diamondback_twin") is got
        assert pickle.loads(pickle.dumps(got)) is got
        with pytest.raises(PedronValueError, match="already registered"):
            games.register(info)
        again = games.register(info, replace=True)
        assert games.get("diamondback_twin") is again
    finally:
        games.unregister("diamondback_twin")
    assert "diamondback_twin" not in games.names()
    with pytest.raises(PedronValueError):
        games.unregister("diamondback_twin")
    with pytest.raises(PedronValueError):
        games.unregister("diablo")


def test_a_descriptor_checks_itself() -> None:
    base = games.get("diablo")
    with pytest.raises(PedronValueError, match="lower-case"):
        dataclasses.replace(base, name="Diablo")
    with pytest.raises(PedronValueError, match="3-7 players"):
        dataclasses.replace(base, study_players=2)


# -- no layer above the engine names a game ---------------------------------------------------
#: Where the names may appear: the games themselves and the registry (and the package's
#: facade, which names its subpackages).
GAME_HOMES = ("diablo", "diamondback", "games", "__init__.py")

#: The files that still name a game, and how many times: this list only shrinks (issue 38:
#: each layer is moving to ask the descriptor).
NOT_YET: dict[str, int] = {
    "bench/__init__.py": 12,
    "bench/render.py": 7,
    "bots/__init__.py": 9,
    "bots/equilibrium.py": 1,
    "bots/strong.py": 2,
    "encodings.py": 1,
    "envs/single.py": 8,
    "match.py": 3,
    "simulation/core.py": 2,
    "simulation/results.py": 8,
    "solver/__init__.py": 1,
    "spiel/games.py": 1,
    "spiel/solve.py": 2,
}


def _names_of_games(path: Path) -> int:
    """How many string constants in ``path`` (docstrings left out) are a game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    built_in = set(games.names())
    return sum(
        1 for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in built_in
        and id(node) not in docstrings
    )


def _found() -> dict[str, int]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] in GAME_HOMES:
            continue
        count = _names_of_games(path)
        if count:
            out[rel.as_posix()] = count
    return out


def test_no_layer_names_a_game() -> None:
    found = _found()
    worse = {f: n for f, n in found.items() if n > NOT_YET.get(f, 0)}
    assert not worse, f"a game named outside its package and the registry: {worse}"
    stale = {f: n for f, n in NOT_YET.items() if found.get(f, 0) < n}
    assert not stale, f"fewer names now: lower NOT_YET to {found} ({stale})"
