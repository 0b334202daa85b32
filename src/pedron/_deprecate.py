"""Old public names kept working for one release, with a ``DeprecationWarning``.

pedron's policy (docs/releasing.md, "The public API"): a public name is renamed,
moved or removed only after a release in which the old name still works and warns,
naming the new one. A module keeps its old names with a module ``__getattr__``::

    __getattr__ = moved_names(__name__, {
        "old_name": Moved("pedron.new.place", "new_name", since="0.2.0", until="0.3.0"),
    })

The old name is then looked up only when asked for (``from module import old_name``
or ``module.old_name``), warns at the caller's line, and gives the new object itself.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Moved", "deprecated", "moved_names"]


@dataclass(frozen=True)
class Moved:
    """Where an old public name went."""

    module: str
    """The module that holds the new name (``"pedron.drawpoker"``)."""
    name: str
    """The new name in that module."""
    since: str
    """The release that deprecated the old name."""
    until: str
    """The first release without the old name."""

    def message(self, old: str) -> str:
        """What the warning says."""
        return (f"{old} is deprecated since pedron {self.since} and will be removed in "
                f"{self.until}: use {self.module}.{self.name}")


def moved_names(module: str, moved: Mapping[str, Moved],
                otherwise: Callable[[str], Any] | None = None) -> Callable[[str], Any]:
    """A module ``__getattr__`` that serves each old name in ``moved`` from its new
    place with a ``DeprecationWarning``, and asks ``otherwise`` (the module's other
    ``__getattr__``: its lazy attributes) for any other, or raises ``AttributeError``.
    (One function, so that the warning names the caller's line.)"""
    table = dict(moved)

    def __getattr__(name: str) -> Any:
        where = table.get(name)
        if where is None:
            if otherwise is not None:
                return otherwise(name)
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(where.message(f"{module}.{name}"), DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(where.module), where.name)

    return __getattr__


def deprecated(old: str, new: str, *, since: str = "0.2.0", until: str = "0.3.0") -> None:
    """Warn, at the caller's line, that the method ``old`` (``"Deal.act"``) is deprecated
    and ``new`` replaces it: called first thing by the old method, kept for one release.

    (The old method's own frame is skipped: a method compiled by Cython has none.)
    """
    level = 2
    if sys._getframe(1).f_code.co_name == old.rpartition(".")[2]:
        level = 3
    warnings.warn(f"{old} is deprecated since pedron {since} and will be removed in {until}: "
                  f"use {new}", DeprecationWarning, stacklevel=level)
