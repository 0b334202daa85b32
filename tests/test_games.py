"""The game registry (pedron.games): every layer above the engine asks a game's descriptor,
and none of them names a game."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
import re
from collections.abc import Callable
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

#: The files that still name a game, and how many times: none since issue 38 (every layer
#: asks the descriptor); an entry here is a debt, and the list only shrinks.
NOT_YET: dict[str, int] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' constants in ``tree``."""
    return {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _outside_the_games(count: Callable[[ast.AST], int]) -> dict[str, int]:
    """``count`` of each module's tree, for every module outside the games' homes (the
    modules it finds something in)."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] in GAME_HOMES:
            continue
        found = count(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            out[rel.as_posix()] = found
    return out


def _names_of_games(tree: ast.AST) -> int:
    """How many string constants in ``tree`` (docstrings left out) are a game's name."""
    docstrings = _docstrings(tree)
    built_in = set(games.names())
    return sum(
        1 for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in built_in
        and id(node) not in docstrings
    )


def test_no_layer_names_a_game() -> None:
    found = _outside_the_games(_names_of_games)
    worse = {f: n for f, n in found.items() if n > NOT_YET.get(f, 0)}
    assert not worse, f"a game named outside its package and the registry: {worse}"
    stale = {f: n for f, n in NOT_YET.items() if found.get(f, 0) < n}
    assert not stale, f"fewer names now: lower NOT_YET to {found} ({stale})"


# -- no layer above the engine imports a game package -----------------------------------------
#: The game packages: where each registered game's table lives.
GAME_PACKAGES = frozenset(
    games.get(name).table.__module__.split(".")[1] for name in games.names())

#: The files that still reach a game package other than through the registry, and how many
#: times; an entry here is a debt, and the list only shrinks.
NOT_YET_IMPORTS: dict[str, int] = {}

MODULE_NAME = re.compile(r"pedron(\.\w+)+(:\w+)?")


def _is_game_module(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "pedron" and len(parts) > 1 and parts[1] in GAME_PACKAGES


def _reaches_to_games(tree: ast.AST) -> int:
    """How often a module's ``tree`` reaches a game package: imports (lazy ones inside
    functions and those for type checkers included) and module names in strings (a lazy
    attribute's module, an entry point), but for where an old name went (``Moved``: the
    old names warn and go in the next release) and docstrings."""
    skip = _docstrings(tree) | {
        id(node.args[0]) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id == "Moved" and node.args
    }
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _is_game_module(node.module):
                count += 1
            elif node.module == "pedron":
                count += sum(1 for a in node.names if a.name in GAME_PACKAGES)
        elif isinstance(node, ast.Import):
            count += sum(1 for a in node.names if _is_game_module(a.name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in skip:
            count += bool(MODULE_NAME.fullmatch(node.value)) and _is_game_module(
                node.value.split(":", 1)[0])
    return count


def test_no_layer_imports_a_game_package() -> None:
    found = _outside_the_games(_reaches_to_games)
    worse = {f: n for f, n in found.items() if n > NOT_YET_IMPORTS.get(f, 0)}
    assert not worse, f"a game package reached other than through the registry: {worse}"
    stale = {f: n for f, n in NOT_YET_IMPORTS.items() if found.get(f, 0) < n}
    assert not stale, f"fewer now: lower NOT_YET_IMPORTS to {found} ({stale})"


# -- the layers ask the descriptor (issue 38) -------------------------------------------------
@pytest.fixture
def plain_game():
    """Diamondback's table registered as another game that keeps no statistics of its own,
    has no bench section and one bot of its own."""
    base = games.get("diamondback")
    info = games.register(dataclasses.replace(
        base, name="plain", title="Plain", module="", study=None, bench=None,
        bots={"odds": base.bots["odds"]}, bot_params={}, default_bot="odds"))
    try:
        yield info
    finally:
        games.unregister("plain")


def test_a_game_without_statistics_of_its_own_is_studied_with_the_common_counters(plain_game):
    from pedron import simulate
    from pedron.simulation import SimulationResult

    result = simulate("plain", players=2, games=30, seed=3, session_games=10)
    result.check()
    assert result.games >= 30 and set(result.tally.seats) == {
        "net", "net_sq", "won", "settled", "block_net_sq", "block_net_games"}
    assert "dealer_net" not in result.summary() and result.category_rows() == []
    text = str(result)
    assert text.startswith("Plain, 2 players") and "per hand" in text and "dealt" not in text
    assert SimulationResult.from_json(result.to_json()) == result
    # the same deals as Diamondback's (its table, its seeds): the common counters agree
    twin = simulate("diamondback", players=2, games=30, seed=3, session_games=10)
    assert result.net == twin.net and result.games == twin.games


def test_a_registered_game_names_its_own_bots(plain_game):
    from pedron.bots import BOTS, DEFAULT_BOT, make_bot, parse_bot

    assert str(parse_bot("odds", "plain")) == "odds" and DEFAULT_BOT["plain"] == "odds"
    assert "plain" in BOTS["odds"][0] and "plain" in BOTS["random"][0]
    assert "plain" not in BOTS["equilibrium"][0]
    with pytest.raises(PedronValueError, match="plain's bots: random, odds"):
        parse_bot("equilibrium:file=x.json", "plain")
    with pytest.raises(PedronValueError, match="no parameter 'margin'"):
        parse_bot("odds:margin=1", "plain")  # (its descriptor gives the odds bot no parameters)
    assert callable(make_bot("odds", plain_game, 1))


def test_a_match_plays_a_registered_game(plain_game):
    from pedron.match import match

    result = match("plain", {"a": "odds", "b": "random"}, sets=3, deals=2, seed=1)
    twin = match("diamondback", {"a": "odds", "b": "random"}, sets=3, deals=2, seed=1)
    assert result.game == "plain" and result.chips == twin.chips


def test_a_tally_of_an_earlier_release_loads():
    from pedron.simulation import Tally

    old = Tally("diamondback", 2).to_json()
    old["seats"]["opened"] = [0, 0]  # (0.1's tallies held the other game's counters, all 0)
    old["categories"]["won"] = [0] * 11
    old["scalars"]["games"] = 4
    assert Tally.from_json(old).scalars["games"] == 4 and "opened" not in Tally.from_json(
        old).seats
    old["seats"]["opened"] = [1, 0]  # (a count there is not Diamondback's: refused)
    with pytest.raises(PedronValueError, match="keeps no counter 'opened'"):
        Tally.from_json(old)


def test_old_names_warn():
    import pedron.simulation
    import pedron.simulation.core

    with pytest.warns(DeprecationWarning, match="pedron._kernels.seeds.derive_seed") as caught:
        derive = pedron.simulation.core.derive_seed
    assert caught[0].filename == __file__  # (at the caller's line, not pedron's)
    assert derive is pedron.simulation.derive_seed
    with pytest.warns(DeprecationWarning, match="pedron.games"):
        old = pedron.simulation.GAMES
    assert old == {"diablo": range(3, 8), "diamondback": range(2, 5)}
    with pytest.warns(DeprecationWarning, match="CATEGORY_NAMES"):
        assert pedron.simulation.CATEGORY_NAMES[2] == "one pair"
