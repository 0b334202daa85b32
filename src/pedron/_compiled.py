"""What the build compiled from ``.py`` sources, checked when the engine is imported.

The engine's move path is compiled from its ``.py`` files (``setup.py``,
``ENGINE``), and an extension module shadows the source beside it: after an
edit, an editable install would run the old build without a word. The build
therefore records, in ``_compiled.json`` beside this module, the SHA-256 of
every source it compiled; :func:`check` refuses to run a compiled module whose
source beside it has changed since (an ``ImportError`` saying to rebuild).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
from pathlib import Path

__all__ = ["MANIFEST", "StaleBuildError", "check", "source_hash"]

#: The build's record of the sources it compiled: ``{module: sha256 of its .py}``.
MANIFEST = Path(__file__).with_name("_compiled.json")


class StaleBuildError(ImportError):
    """A compiled module of pedron is older than its source: rebuild."""


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file, as the build records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(package: str, root: Path | None = None) -> None:
    """Refuse to import ``package`` (a subpackage of pedron, e.g. ``"engine"``) if a module
    of it is compiled from a source that has changed since, or with no record of it
    (``root``: pedron's folder, with its ``_compiled.json``)."""
    root = Path(__file__).parent if root is None else root
    folder = root / package
    recorded: dict[str, str] | None = None
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for compiled in folder.glob("*" + suffix):
            source = folder / (compiled.name[: -len(suffix)] + ".py")
            if not source.exists():
                continue  # (a kernel written in Cython, or installed without its source)
            if recorded is None:
                try:
                    recorded = json.loads((root / MANIFEST.name).read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    recorded = {}
            name = f"pedron.{package}.{source.stem}"
            if recorded.get(name) != source_hash(source):
                raise StaleBuildError(
                    f"{name} is compiled from another version of {source}: rebuild pedron "
                    '(pip install -e ".[test]", or python setup.py build_ext --inplace)'
                )
