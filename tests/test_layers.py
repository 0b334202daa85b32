"""The layers import one way only (docs/design.md): every import in the package,
lazy ones inside functions included, is checked against the layer map."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pedron"

# For each layer, the pedron layers it must never import.
FORBIDDEN = {
    "_kernels": {"cards", "engine", "diablo", "diamondback", "encodings", "bots", "envs",
                 "spiel", "simulation", "cli", "reference", "bench", "text"},
    "reference": {"_kernels"},
    "errors": {"_exact", "_kernels", "cards", "engine", "diablo", "diamondback", "encodings",
               "bots", "envs", "spiel", "simulation", "cli", "reference", "bench", "text"},
    "_exact": {"_kernels", "cards", "engine", "diablo", "diamondback", "encodings", "bots",
               "envs", "spiel", "simulation", "cli", "reference", "bench", "text"},
    "engine": {"diablo", "diamondback", "encodings", "bots", "envs", "spiel", "simulation",
               "cli", "bench"},
    "diablo": {"diamondback", "encodings", "bots", "envs", "spiel", "simulation", "cli",
               "bench"},
    "diamondback": {"diablo", "encodings", "bots", "envs", "spiel", "simulation", "cli",
                    "bench"},
    "encodings": {"bots", "envs", "spiel", "simulation", "cli", "bench"},
    "bots": {"envs", "spiel", "simulation", "cli", "bench"},
    "envs": {"simulation", "cli", "bench", "spiel"},
    "spiel": {"simulation", "cli", "bench"},
    "simulation": {"cli", "match"},
    "solver": {"envs", "spiel", "simulation", "cli", "bench", "match"},
    "match": {"cli", "spiel", "envs", "bench", "solver"},
    "text": {"cli"},
}
# The solver and duplicate matches sit above the bots: nothing below imports them.
for _layer in ("_kernels", "errors", "_exact", "engine", "diablo", "diamondback", "encodings",
               "bots"):
    FORBIDDEN[_layer] |= {"solver", "match"}


def layer_of(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0].removesuffix(".py").removesuffix(".pyx")


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
    found = cython_imports(path) if path.suffix == ".pyx" else imports(path)
    bad = []
    for line, module in found:
        parts = module.split(".")
        target = parts[1] if len(parts) > 1 else ""
        if target in FORBIDDEN.get(layer, set()):
            bad.append(f"{path.name}:{line} imports {module}")
    assert not bad, bad


def test_the_layer_map_covers_the_packages():
    layers = {layer_of(p) for p in FILES}
    assert {"_kernels", "engine", "diablo", "diamondback", "bots", "simulation", "cli"} <= layers
