"""Attributes of a package imported on first use (a module ``__getattr__``).

The game layers import the engine, which costs more than the evaluators and
the odds that most callers want: ``import pedron`` stays fast, and
``pedron.diablo`` or ``pedron.diamondback.Table`` comes in when first named.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Mapping
from importlib import import_module
from typing import Any


def lazy_attributes(package: str, where: Mapping[str, str],
                    submodules: Collection[str] = ()) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``where`` maps each lazy name to
    the module that defines it, ``submodules`` are the package's own modules
    reached as attributes; the value is kept in the package once loaded."""

    def __getattr__(name: str) -> Any:
        if name in submodules:
            return import_module(f"{package}.{name}")  # (the import sets the attribute)
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
