"""The package's modules import one another without a circle.

The graph is built from the source: every import a module runs when it is
imported (at module level, in a class body, under ``if``/``try``/``with``; not
inside a function, nor under ``if TYPE_CHECKING:``). An import of a module in
another package also runs that package's ``__init__``, so it counts as an import
of the package too, and a package imports what its ``__init__`` imports. Any
strongly connected set of more than one module is a circle, and fails here.

A second graph adds the imports inside functions (the lazy ones: a dependency
all the same, put off to run time): its circles fail too, unless listed in
:data:`KNOWN` with their reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "pedron"

#: Circles through lazy imports kept for now, each with its reason.
KNOWN: dict[frozenset[str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))
           + sorted(PACKAGE.rglob("*.pyx"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_at_import(body: list[ast.stmt], lazy: bool = False) -> Iterator[ast.stmt]:
    """The statements of ``body`` that run when the module is imported (``lazy``:
    and those in its functions)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if lazy:
                yield from _run_at_import(node.body, lazy)
            continue
        yield node
        if isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _run_at_import(node.body, lazy)
            yield from _run_at_import(node.orelse, lazy)
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody):
                yield from _run_at_import(part, lazy)
            for handler in node.handlers:
                yield from _run_at_import(handler.body, lazy)
        elif isinstance(node, (ast.With, ast.ClassDef, ast.For, ast.While)):
            yield from _run_at_import(node.body, lazy)


def _absolute(name: str, module: str, level: int, is_package: bool) -> str:
    if not level:
        return name
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _python_imports(name: str, path: Path, lazy: bool) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    for node in _run_at_import(tree.body, lazy):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(node.module or "", name, node.level, is_package)
            yield target
            for a in node.names:  # (``from package import submodule``)
                if f"{target}.{a.name}" in MODULES:
                    yield f"{target}.{a.name}"


def _cython_imports(path: Path, lazy: bool) -> Iterator[str]:
    # (module level: a line at the margin; ``lazy``: any line; a cimport loads the
    # module too)
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split()
        if (lazy or line[:1].strip()) and len(words) >= 2 and \
                words[0] in ("from", "import", "cimport"):
            yield words[1]


def edges(name: str, lazy: bool = False) -> set[str]:
    """The modules of the package that importing ``name`` imports directly (``lazy``:
    or that its functions import)."""
    path = MODULES[name]
    found = _cython_imports(path, lazy) if path.suffix == ".pyx" else \
        _python_imports(name, path, lazy)
    out = set()
    own = name.split(".")
    for target in found:
        parts = target.split(".")
        if parts[0] != "pedron":
            continue
        # the target and each package above it that is not also above the importer
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in MODULES and own[:i] != parts[:i] and prefix != name:
                out.add(prefix)
    return out


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected sets of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    members.add(top)
                    if top == node:
                        break
                if len(members) > 1:
                    out.append(frozenset(members))
    return out


GRAPH = {name: edges(name) for name in MODULES}
LAZY_GRAPH = {name: edges(name, lazy=True) for name in MODULES}


def test_the_graph_sees_the_imports():
    # (the walk is what the test stands on: a module-level import is an edge, a lazy
    # one or a typing-only one is not)
    assert "pedron.drawpoker.categories" in GRAPH["pedron.diablo.hand"]
    assert "pedron.drawpoker" in GRAPH["pedron.diablo.hand"]  # (its package's __init__)
    assert "pedron._kernels.diablo_eval" in GRAPH["pedron._kernels.draw_kernel"]
    assert "pedron.drawpoker.advisor" not in LAZY_GRAPH["pedron.drawpoker.objectives"]
    assert "pedron.reference.diablo" not in GRAPH["pedron.bench.python_eval"]
    assert "pedron.reference.diablo" in LAZY_GRAPH["pedron.bench.python_eval"]


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [frozenset("abc")]


def test_no_import_circles():
    assert not circles(GRAPH), sorted(sorted(c) for c in circles(GRAPH))


def test_no_import_circles_through_lazy_imports():
    found = set(circles(LAZY_GRAPH))
    new = sorted(sorted(c) for c in found - set(KNOWN))
    assert not new, f"import circles: {new}"
    gone = sorted(sorted(c) for c in set(KNOWN) - found)
    assert not gone, f"circles listed in KNOWN that are no longer there: {gone}"


def test_drawpoker_knows_neither_game_nor_video_poker():
    reach = set()
    todo = [m for m in MODULES if m.startswith("pedron.drawpoker")]
    while todo:
        m = todo.pop()
        if m not in reach:
            reach.add(m)
            todo.extend(LAZY_GRAPH[m])
    assert not {m for m in reach if m.startswith(("pedron.diablo", "pedron.videopoker"))}
