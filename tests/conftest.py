"""What the whole suite checks before it starts."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def stale_extensions(package: Path) -> list[str]:
    """Kernel sources (``.pyx``, ``.pxd``) changed after the extension built from them.

    (A module compiled from a ``.py`` is refused by pedron itself when its source has
    changed since the build: ``pedron._compiled``. A kernel written in Cython is
    checked here, by the time of its files.)"""
    stale = []
    for ext in [*package.rglob("*.so"), *package.rglob("*.pyd")]:
        built = ext.stat().st_mtime
        stem = ext.name.split(".")[0]
        for suffix in (".pyx", ".pxd"):
            source = ext.with_name(stem + suffix)
            if source.exists() and source.stat().st_mtime > built + 1:
                stale.append(str(source.relative_to(package.parent)))
    return sorted(stale)


def pytest_sessionstart(session: pytest.Session) -> None:
    import pedron

    package = Path(pedron.__file__).resolve().parent
    if not (ROOT / ".git").exists() or package != ROOT / "src" / "pedron":
        return  # (an installed copy, an unpacked sdist: built from what they hold)
    stale = stale_extensions(package)
    if stale:
        pytest.exit(
            "compiled modules are older than their sources (" + ", ".join(stale) + "): "
            'rebuild first (pip install -e ".[test]" or python setup.py build_ext --inplace)',
            returncode=4,
        )
