"""Derive the Cython declarations (``.pxd``) of the engine's compiled modules from their
``.py`` sources, at build time.

The engine's move path is plain Python compiled by Cython (``setup.py``,
``ENGINE``). What makes it fast is that its classes are extension types that
other compiled modules can use in C: their attributes read as C fields and
their methods called without the interpreter. Cython learns that from a
``.pxd``; this script writes each one from what the ``.py`` already says, so
that every type is written once, in its ``.py``, and nothing can disagree:

* a class decorated ``@cython.cclass`` is an extension type (``cdef class``),
  ``@cython.final`` kept; its attributes are its class-level annotations
  (``stacks: list[int]``), read as C types by the rules of :func:`c_type`
  (containers as their built-in type, ``bool`` as ``bint``, ``str`` as ``str``,
  an extension type of the engine as itself, anything else as ``object``);
* a function or method decorated ``@cython.ccall`` is a C call (``cpdef``);
  its arguments stay untyped (the annotations of a ``.py`` are for type
  checkers only), but the attributes it reads are typed, and so are the locals
  Cython infers from them;
* a frozen dataclass that is also a ``cclass`` (records, moves, pots) declares
  its own fields: it is left out, and used through Python attributes.

The files go to a directory of their own (``build/pxd``), which the build puts on
Cython's include path; they are never edited or committed.

    python build_pxd.py OUT_DIR src/pedron/engine/ledger.py ...   # (setup.py calls it)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

__all__ = ["c_type", "write_pxds"]

_CONTAINERS = {"list": "list", "tuple": "tuple", "dict": "dict", "set": "set",
               "frozenset": "frozenset"}
_SCALARS = {"bool": "bint", "str": "str"}


def _decorators(node: ast.ClassDef | ast.FunctionDef) -> set[str]:
    """The names of ``node``'s decorators: ``cython.cclass`` gives ``"cclass"``."""
    names = set()
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        if isinstance(target, ast.Attribute):
            names.add(target.attr)
        elif isinstance(target, ast.Name):
            names.add(target.id)
    return names


def c_type(annotation: ast.expr | None, classes: dict[str, str]) -> str:
    """The C type of an attribute annotated ``annotation`` (``classes``: the engine's
    extension types, by name). Only what cannot change a value's meaning is typed:
    an unbounded Python ``int`` stays an object."""
    if annotation is None:
        return "object"
    node = annotation
    if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a quoted annotation
        node = ast.parse(node.value, mode="eval").body
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # X | None
        sides = [node.left, node.right]
        kept = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
        if len(kept) == 1 and isinstance(kept[0], ast.Name) and kept[0].id in classes:
            return kept[0].id
        return "object"
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        if node.id in _CONTAINERS:
            return _CONTAINERS[node.id]
        if node.id in _SCALARS:
            return _SCALARS[node.id]
        if node.id in classes:
            return node.id
    return "object"


def _arguments(fn: ast.FunctionDef) -> str:
    """A ``cpdef`` signature's arguments, untyped (the ``.py`` types none for Cython:
    its annotations are for type checkers), defaults as ``*``."""
    args = fn.args
    out = []
    positional = args.posonlyargs + args.args
    first_default = len(positional) - len(args.defaults)
    for i, a in enumerate(positional):
        out.append(a.arg + ("=*" if i >= first_default else ""))
    if args.vararg or args.kwarg or args.kwonlyargs:
        raise SystemExit(f"{fn.name}: a C call takes positional arguments only")
    return ", ".join(out)


def _module_classes(tree: ast.Module) -> list[ast.ClassDef]:
    """The extension types a module declares (not its frozen dataclasses)."""
    return [n for n in tree.body if isinstance(n, ast.ClassDef)
            and "cclass" in _decorators(n) and "dataclass" not in _decorators(n)]


def write_pxds(out: Path, sources: list[tuple[str, Path]]) -> list[Path]:
    """Write the ``.pxd`` of each ``(module name, .py path)`` into ``out``; returns them."""
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in sources}
    where: dict[str, str] = {}  # extension type -> its module
    for name, tree in trees.items():
        for cls in _module_classes(tree):
            where[cls.name] = name
    written = []
    for name, tree in trees.items():
        lines = [f"# Derived from {name.replace('.', '/')}.py by build_pxd.py: do not edit.",
                 "cimport cython", ""]
        body: list[str] = []
        used: set[str] = set()
        own = _module_classes(tree)
        if len(own) > 1:  # (declared before use: an attribute may name a later class)
            body += [f"cdef class {cls.name}" for cls in own] + [""]
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node in _module_classes(tree):
                if "final" in _decorators(node):
                    body.append("@cython.final")
                bases = [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in where]
                used.update(bases)
                body.append(f"cdef class {node.name}" + (f"({bases[0]})" if bases else "") + ":")
                members = 0
                for item in node.body:
                    if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                            and item.value is None and "ClassVar" not in ast.unparse(
                                item.annotation)):
                        kind = c_type(item.annotation, where)
                        used.add(kind)
                        body.append(f"    cdef public {kind} {item.target.id}")
                        members += 1
                    elif isinstance(item, ast.FunctionDef) and "ccall" in _decorators(item):
                        body.append(f"    cpdef {item.name}({_arguments(item)})")
                        members += 1
                if not members:
                    body.append("    pass")
                body.append("")
            elif isinstance(node, ast.FunctionDef) and "ccall" in _decorators(node):
                body.append(f"cpdef {node.name}({_arguments(node)})")
        for kind in sorted(used):
            module = where.get(kind)
            if module is not None and module != name:
                lines.append(f"from {module} cimport {kind}")
        path = out.joinpath(*name.split(".")).with_suffix(".pxd")
        path.parent.mkdir(parents=True, exist_ok=True)
        text = "\n".join([*lines, "", *body]).rstrip() + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")  # (unchanged: Cython need not rebuild)
        written.append(path)
        for parent in path.parents:  # (each package of the path needs an __init__.pxd)
            if parent == out:
                break
            init = parent / "__init__.pxd"
            if not init.exists():  # (touched again, it would make Cython rebuild every module)
                init.touch()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1])
    files = [Path(p) for p in sys.argv[2:]]
    modules = [(".".join(p.with_suffix("").parts[1:]), p) for p in files]  # (src/...)
    for p in write_pxds(target, modules):
        print(p)
