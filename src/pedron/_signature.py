"""Signatures for the classes the build compiles from ``.py`` sources.

A class of the engine's move path (``setup.py``, ``ENGINE``) becomes an extension
type, and CPython keeps no signature for an extension type's ``__init__``:
``inspect.signature(Bet)`` and ``help(Bet)`` would show nothing. Such a class
holds a :class:`ClassSignature` as its ``__signature__`` (which ``inspect``
reads before anything else), and that answers with the real parameters: a
dataclass's from its fields, any other class's from its ``__init__`` as written
in its source (the same source the build compiled: ``pedron._compiled`` checks
that). Run as plain Python, the same classes answer from their ``__init__``.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
from pathlib import Path
from typing import Any

__all__ = ["ClassSignature", "source_signature"]


class ClassSignature:
    """``__signature__ = ClassSignature()`` in a class body: ``inspect.signature`` of
    the class (and of its subclasses) shows the parameters it is made with.

    Read on an instance it is absent (``AttributeError``), as for any class."""

    def __get__(self, instance: object, owner: type) -> inspect.Signature:
        if instance is not None:
            raise AttributeError("__signature__")
        if dataclasses.is_dataclass(owner):
            return _from_fields(owner)
        init = owner.__dict__.get("__init__") or getattr(owner, "__init__", None)
        if inspect.isfunction(init):  # (plain Python: the method itself)
            sig = inspect.signature(init)
            return sig.replace(parameters=list(sig.parameters.values())[1:])
        for klass in owner.__mro__:  # (the nearest class whose source writes __init__)
            written = source_signature(klass, "__init__")
            if written is not None:
                return written.replace(parameters=list(written.parameters.values())[1:])
        raise AttributeError("__signature__")


class _Factory:
    """The default of a field made by a factory, shown as the dataclass machinery does."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _from_fields(cls: type) -> inspect.Signature:
    """A dataclass's ``__init__`` as the dataclass machinery writes it."""
    P = inspect.Parameter
    params: list[inspect.Parameter] = []
    keyword_only: list[inspect.Parameter] = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = _FACTORY
        else:
            default = P.empty
        kw_only = f.kw_only is True  # (Cython's compiled fields leave it MISSING: not keyword-only)
        kind = P.KEYWORD_ONLY if kw_only else P.POSITIONAL_OR_KEYWORD
        annotation = f.type if isinstance(f.type, str) else inspect.formatannotation(f.type)
        param = P(f.name, kind, default=default, annotation=annotation)
        (keyword_only if kw_only else params).append(param)
    return inspect.Signature(params + keyword_only, return_annotation="None")


def source_signature(obj: Any, member: str | None = None) -> inspect.Signature | None:
    """The signature of ``obj`` (or of its method ``member``) as written in the ``.py``
    source of a module the build compiled, with annotations as text; ``None`` where
    ``obj`` is not from such a module, or its source is not beside it."""
    module = sys.modules.get(getattr(obj, "__module__", None) or "")
    file = getattr(module, "__file__", None) or ""
    if not file or file.endswith(".py"):
        return None
    source = Path(file).with_name(Path(file).name.split(".")[0] + ".py")
    qualname = getattr(obj, "__qualname__", "")
    if not source.exists() or not qualname:
        return None
    node: ast.AST | None = ast.parse(source.read_text(encoding="utf-8"))
    path = qualname.split(".") + ([member] if member else [])
    for part in path:
        node = next((n for n in getattr(node, "body", ())
                     if isinstance(n, (ast.ClassDef, ast.FunctionDef)) and n.name == part),
                    None)
    if not isinstance(node, ast.FunctionDef):
        return None
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    # Defaults are evaluated in the module's namespace (they may name its constants);
    # annotations stay text, as in a module of postponed annotations.
    namespace: dict[str, Any] = dict(vars(module))
    try:
        exec(f"from __future__ import annotations\ndef _f({ast.unparse(node.args)}){returns}: "
             "pass", namespace)
    except NameError:  # (a default named in a way this cannot read: no signature)
        return None
    return inspect.signature(namespace["_f"])
