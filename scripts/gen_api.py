"""Write docs/api.md, the API reference, from the public names and their docstrings.

Run ``python scripts/gen_api.py`` after changing a public API; the test suite
checks that docs/api.md is current (tests/test_docs.py), module by module: a
module that needs an extra this installation lacks (:data:`EXTRAS`) is
skipped, and its section in the file is kept as it is. Every public name
(``__all__``) of every public module is written: every package of pedron whose
name has no leading underscore, and the modules users import by name; the
test checks that no package is left out.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import inspect
import re
import sys
from pathlib import Path

MODULES = [
    "pedron",
    "pedron.cards",
    "pedron.errors",
    "pedron.text",
    "pedron.diablo",
    "pedron.diablo.objectives",
    "pedron.diablo.outcomes",
    "pedron.videopoker",
    "pedron.diamondback",
    "pedron.engine",
    "pedron.reference",
    "pedron.reference.rng",
    "pedron.reference.diablo",
    "pedron.reference.diamondback",
    "pedron.reference.draw",
    "pedron.encodings",
    "pedron.bots",
    "pedron.bots.diablo",
    "pedron.bots.diamondback",
    "pedron.bots.equilibrium",
    "pedron.bots.strong",
    "pedron.simulation",
    "pedron.bench",
    "pedron.bench.isolate",
    "pedron.match",
    "pedron.solver",
    "pedron.cli",
    # (those needing an extra last: a section skipped cannot change the ones after it)
    "pedron.testing",
    "pedron.envs",
    "pedron.envs.diamondback_v0",
    "pedron.envs.diablo_v0",
    "pedron.envs.single",
    "pedron.envs.observations",
    "pedron.spiel",
]

#: The extra that provides what each module needs beyond pedron's dependencies.
EXTRAS = {
    "pedron.testing": "test",
    "pedron.envs": "rl",
    "pedron.envs.diamondback_v0": "rl",
    "pedron.envs.diablo_v0": "rl",
    "pedron.envs.single": "rl",
    "pedron.envs.observations": "rl",
    "pedron.spiel": "rl",
}

_EMBEDDED_SIGNATURE = re.compile(r"^[A-Za-z_][\w.]*\(.*\)( -> .*)?$")
OUT = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def _signature(obj: object) -> str:
    from_source = _source_signature(obj)
    if from_source is not None:
        return from_source
    try:
        return str(inspect.signature(obj))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "(...)"


def _source_signature(obj: object) -> str | None:
    """The signature as written in the Python source of a module compiled from it
    (setup.py, ``ENGINE``): its extension types have none at run time, and its
    cpdef methods keep no return annotation. ``None`` for anything else."""
    module = sys.modules.get(getattr(obj, "__module__", None) or "")
    file = getattr(module, "__file__", None) or ""
    if not file or file.endswith(".py"):
        return None
    source = Path(file).with_name(Path(file).name.split(".")[0] + ".py")
    qualname = getattr(obj, "__qualname__", "")
    if not source.exists() or not qualname:
        return None
    node: ast.AST | None = ast.parse(source.read_text())
    is_class = inspect.isclass(obj)
    for part in qualname.split(".") + (["__init__"] if is_class else []):
        node = next((n for n in getattr(node, "body", ())
                     if isinstance(n, (ast.ClassDef, ast.FunctionDef)) and n.name == part), None)
    if not isinstance(node, ast.FunctionDef):
        return None
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    namespace: dict[str, object] = {}
    try:  # (annotations stay text, as inspect shows them in a module of postponed ones)
        exec(f"from __future__ import annotations\ndef f({ast.unparse(node.args)}){returns}: "
             "pass", namespace)
    except NameError:  # (a default named in the module: its runtime signature will do)
        return None
    sig = inspect.signature(namespace["f"])  # type: ignore[arg-type]
    if is_class:  # (what inspect shows for a class: __init__ without self)
        sig = sig.replace(parameters=list(sig.parameters.values())[1:])
    return str(sig)


def _doc(obj: object) -> str:
    doc = inspect.getdoc(obj) or ""
    lines = doc.splitlines()
    # Cython's embedded signature line duplicates the one shown above it.
    if lines and _EMBEDDED_SIGNATURE.match(lines[0]):
        lines = lines[1:]
    return "\n".join(lines).strip()


def _public_members(cls: type) -> list[tuple[str, object]]:
    """Public members, those inherited from pedron's own base classes included."""
    out = []
    seen: set[str] = set()
    own = [k for k in cls.__mro__ if k is cls or k.__module__.startswith("pedron.")]
    for name, value in [item for k in own for item in vars(k).items()]:
        if name.startswith("_") or name in seen:
            continue
        seen.add(name)
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if callable(value) or isinstance(value, (property, functools.cached_property)) \
                or inspect.isdatadescriptor(value):
            out.append((name, value))
    return sorted(out)


def _render_class(name: str, cls: type, lines: list[str]) -> None:
    if issubclass(cls, enum.Enum):
        lines.append(f"### class `{name}` (enum)\n")
        lines.append(_doc(cls) + "\n")
        lines.append("Members: " + ", ".join(f"`{m.name}`" for m in cls) + "\n")
        return
    sig = _signature(cls)
    lines.append(f"### class `{name}{sig}`\n")
    bases = [b.__name__ for b in cls.__bases__ if b is not object]
    if bases:
        lines.append(f"Bases: {', '.join('`' + b + '`' for b in bases)}\n")
    doc = _doc(cls)
    if doc:
        lines.append(doc + "\n")
    for member, value in _public_members(cls):
        if isinstance(value, (property, functools.cached_property)) \
                or inspect.isdatadescriptor(value):
            member_doc = _doc(value)
            lines.append(f"* `{member}` (attribute)" + (f": {member_doc.splitlines()[0]}"
                                                        if member_doc else ""))
        else:
            member_doc = _doc(value)
            first = member_doc.splitlines()[0] if member_doc else ""
            lines.append(f"* `{member}{_signature(value)}`" + (f": {first}" if first else ""))
    lines.append("")


_HEAD = [
    "# API reference",
    "",
    "Generated from the docstrings by `python scripts/gen_api.py`; do not edit by hand.",
    "",
]


def sections() -> dict[str, str | None]:
    """Each module's section of the reference, in :data:`MODULES` order (``None``: the
    module cannot be imported here, its extra missing)."""
    _ALREADY.clear()
    out: dict[str, str | None] = {}
    for modname in MODULES:
        try:  # (a name imported on first use may need the extra too)
            out[modname] = _section(modname, importlib.import_module(modname))
        except ImportError:
            out[modname] = None
    return out


def _section(modname: str, module: object) -> str:
    lines: list[str] = []
    names = getattr(module, "__all__", None)
    if names is None:
        # (a package's submodules are left out: each has its own section, and which are
        # attributes depends on what was imported before, which must not change the text)
        names = [n for n, v in vars(module).items() if not n.startswith("_")
                 and not (inspect.ismodule(v) and v.__name__.startswith(modname + "."))]
    lines.append(f"## `{modname}`\n")
    doc = _doc(module)
    if doc:
        lines.append(doc + "\n")
    for name in sorted(names):
        obj = getattr(module, name)
        home = getattr(obj, "__module__", None) or modname  # (a built-in's is None)
        if modname != "pedron" and home.startswith("pedron") \
                and inspect.isclass(obj) and obj in _ALREADY:
            lines.append(f"### `{name}`\n\nSee `{_ALREADY[obj]}`.\n")
            continue
        if inspect.isclass(obj):
            _ALREADY.setdefault(obj, f"{modname}.{name}")
            _render_class(name, obj, lines)
        elif callable(obj):
            lines.append(f"### `{name}{_signature(obj)}`\n")
            doc = _doc(obj)
            lines.append((doc or "(no docstring)") + "\n")
        elif isinstance(obj, (int, str, tuple, dict, frozenset)) and len(repr(obj)) < 120:
            lines.append(f"### `{name}` = `{obj!r}`\n")
        elif inspect.ismodule(obj):
            lines.append(f"### `{name}` (module)\n\nSee `{obj.__name__}`.\n")
        else:
            lines.append(f"### `{name}`\n\nA `{type(obj).__name__}`.\n")
    return "\n".join(lines).rstrip() + "\n"


def read_sections(text: str) -> dict[str, str]:
    """The sections of a written reference, by module."""
    out: dict[str, str] = {}
    parts = re.split(r"^(?=## `)", text, flags=re.M)
    for part in parts[1:]:
        name = part[4:part.index("`", 4)]
        out[name] = part.rstrip() + "\n"
    return out


def render(current: str = "") -> str:
    """The whole reference; a module that cannot be imported here keeps its section of
    ``current`` (the file as it is)."""
    kept = read_sections(current)
    body = []
    for modname, section in sections().items():
        section = section if section is not None else kept.get(modname)
        if section is not None:
            body.append(section.rstrip() + "\n")
    return "\n".join(_HEAD) + "\n" + "\n".join(body)


_ALREADY: dict[type, str] = {}  # each class in full once, keyed by the class itself


def main() -> int:
    current = OUT.read_text() if OUT.exists() else ""
    text = render(current)
    if "--check" in sys.argv:
        if current != text:
            print("docs/api.md is out of date: run python scripts/gen_api.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
