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
    "pedron.drawpoker",
    "pedron.diablo",
    "pedron.videopoker",
    "pedron.diamondback",
    "pedron.engine",
    "pedron.rules",
    "pedron.games",
    "pedron.games.adapters",
    "pedron.games.screen",
    "pedron.reference",
    "pedron.reference.rng",
    "pedron.reference.diablo",
    "pedron.reference.diamondback",
    "pedron.reference.draw",
    "pedron.encodings",
    "pedron.diamondback.strategyfile",
    "pedron.diamondback.encodings",
    "pedron.diablo.encodings",
    "pedron.bots",
    "pedron.diablo.bots",
    "pedron.diamondback.bots",
    "pedron.diamondback.equilibrium",
    "pedron.diablo.strong",
    "pedron.simulation",
    "pedron.bench",
    "pedron.bench.isolate",
    "pedron.match",
    "pedron.diamondback.solver",
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

#: Packages kept for one release as old names only (each name warns and gives the new
#: object, docs/releasing.md): not documented, their new places are.
DEPRECATED = ["pedron.solver"]

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
#: The public API as a list, a line a name (and a line a public member of a class), with
#: each callable's signature: what may not change without a deprecation
#: (docs/releasing.md). tests/test_api_surface.py checks that it is current.
SURFACE = OUT.with_name("api-surface.txt")


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
    (setup.py, ``ENGINE``): its cpdef methods keep no return annotation at run time.
    ``None`` for anything else."""
    from pedron._signature import source_signature

    is_class = inspect.isclass(obj)
    sig = source_signature(obj, "__init__" if is_class else None)
    if sig is None:
        return None
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


def _surface_section(modname: str, module: object) -> str:
    """One module's part of the API list: every public name, with its kind and
    signature, and every public member of each public class."""
    lines = [f"[{modname}]"]
    for name in sorted(getattr(module, "__all__", ())):
        obj = getattr(module, name)
        label = f"{modname}.{name}"
        if inspect.isclass(obj) and issubclass(obj, enum.Enum):
            members = ", ".join(m.name for m in obj)
            lines.append(f"{label}: enum {{{members}}}")
        elif inspect.isclass(obj):
            lines.append(f"{label}: class{_signature(obj)}")
            for member, value in _public_members(obj):
                if isinstance(value, (property, functools.cached_property)) \
                        or inspect.isdatadescriptor(value) or not callable(value):
                    lines.append(f"{label}.{member}: attribute")
                else:
                    lines.append(f"{label}.{member}: method{_signature(value)}")
        elif inspect.ismodule(obj):
            lines.append(f"{label}: module {obj.__name__}")
        elif callable(obj):
            lines.append(f"{label}: function{_signature(obj)}")
        else:
            lines.append(f"{label}: {type(obj).__name__}")
    return "\n".join(lines) + "\n"


def read_surface(text: str) -> dict[str, str]:
    """The sections of a written API list, by module."""
    out: dict[str, str] = {}
    for part in re.split(r"^(?=\[)", text, flags=re.M):
        if part.startswith("["):
            out[part[1:part.index("]")]] = part.rstrip() + "\n"
    return out


def surface_sections() -> dict[str, str | None]:
    """Each module's part of the API list (``None``: its extra is not installed)."""
    out: dict[str, str | None] = {}
    for modname in MODULES:
        try:
            out[modname] = _surface_section(modname, importlib.import_module(modname))
        except ImportError:
            out[modname] = None
    return out


def render_surface(current: str = "") -> str:
    """The whole API list; a module that cannot be imported here keeps its part of
    ``current``."""
    kept = read_surface(current)
    head = ("# pedron's public API: every public name, its kind and signature (written by\n"
            "# python scripts/gen_api.py; a change here is a change of the API: see\n"
            "# docs/releasing.md, \"The public API\").\n")
    parts = [section if section is not None else kept.get(modname)
             for modname, section in surface_sections().items()]
    return head + "\n" + "\n".join(p for p in parts if p is not None)


def main() -> int:
    stale = []
    for path, make in ((OUT, render), (SURFACE, render_surface)):
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        text = make(current)
        if "--check" in sys.argv:
            if current != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(text.splitlines())} lines)")
    if stale:
        print(f"{' and '.join(stale)} out of date: run python scripts/gen_api.py",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
