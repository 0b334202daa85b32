"""The layers import one way only (docs/design.md): every import in the package,
lazy ones inside functions included, is checked against the layer map."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pedron"
DESIGN = Path(__file__).resolve().parents[1] / "docs" / "design.md"
# Above every row: the package's facade (it reaches every subpackage lazily) and `-m`.
TOP = {"__init__", "__main__"}


def layer_rows() -> list[set[str]]:
    """The layer map of docs/design.md, its top row first: each row's names (a row of
    names is a line that starts at the margin, and the next such line too when it ends
    with a comma; the indented lines describe it)."""
    text = DESIGN.read_text(encoding="utf-8")
    block = text.split("<!-- layer map: read by tests/test_layers.py -->", 1)[1]
    block = block.split("```", 2)[1]
    rows: list[set[str]] = []
    more = False  # (a row's names end with a comma when they go on to the next line)
    for line in block.splitlines():
        if line and not line[0].isspace():
            names = line.split("  ", 1)[0].strip()
            found = {n.strip() for n in names.split(",") if n.strip()}
            if more:
                rows[-1] |= found
            else:
                rows.append(found)
            more = names.endswith(",")
    return rows


ROWS = layer_rows()
LEVEL = {name: len(ROWS) - i for i, row in enumerate(ROWS) for name in row}
#: The game packages: the row of the games' own packages (the one that names them).
GAMES = next((row for row in ROWS if "diablo" in row), set())


def named(parts: list[str]) -> str:
    """The layer map's name for a module (its dotted path below ``pedron``): the longest
    leading part that the map names. A game's own modules above its package's row (its
    bots, its encoding, ...) are named on their rows as ``game.module``."""
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in LEVEL:
            return name
    return parts[0] if parts else ""


def layer_of(path: Path) -> str:
    rel = path.relative_to(SRC)
    parts = [p.removesuffix(".py").removesuffix(".pyx") for p in rel.parts]
    if len(parts) > 1 and parts[-1] == "__init__":
        parts.pop()
    return parts[0] if parts[0] in TOP else named(parts)


def may_import(layer: str, target: str) -> bool:
    """Whether a module named ``layer`` in the map may import one named ``target``: any row
    below its own; on its own row, itself only, but that a game's own module may import its
    row's shared module (``diablo.bots`` imports ``bots``, the Bot protocol) and its game's
    other modules (never a row above them: the game's package below its own modules)."""
    if target == layer:
        return True
    game, target_game = layer.split(".")[0], target.split(".")[0]
    if game != target_game and {game, target_game} <= GAMES:
        return False  # (the games never import each other)
    if LEVEL[target] < LEVEL[layer]:
        return True
    if LEVEL[target] > LEVEL[layer]:
        return False
    own_module = "." in layer
    same_game = target.split(".")[0] == layer.split(".")[0]
    return own_module and ("." not in target or same_game)


def imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
    return [(line, m) for line, m in out if m == "pedron" or m.startswith("pedron.")]


def cython_imports(path: Path) -> list[tuple[int, str]]:
    out = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        words = line.split()
        if len(words) >= 2 and words[0] in ("from", "import", "cimport") and \
                words[1].startswith("pedron"):
            out.append((i, words[1]))
    return out


FILES = sorted(SRC.rglob("*.py")) + sorted(SRC.rglob("*.pyx"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SRC)) for p in FILES])
def test_imports_follow_the_layers(path):
    layer = layer_of(path)
    if layer in TOP:
        return
    found = cython_imports(path) if path.suffix == ".pyx" else imports(path)
    bad = []
    for line, module in found:
        target = named(module.split(".")[1:])
        if target and not may_import(layer, target):
            bad.append(f"{path.name}:{line} imports {module} (a row not below {layer}'s)")
    assert not bad, bad


def test_the_layer_map_covers_every_module_and_package():
    layers = {layer_of(p) for p in FILES} - TOP
    assert layers == set(LEVEL), (sorted(layers - set(LEVEL)), sorted(set(LEVEL) - layers))
    assert sum(len(row) for row in ROWS) == len(LEVEL)  # (each name on one row)
