"""What the whole suite checks before it starts."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def stale_extensions(package: Path) -> list[str]:
    """Sources (``.py``, ``.pyx``, ``.pxd``) changed after the extension built from them.

    The engine's move path is compiled from its ``.py`` files (setup.py,
    ``ENGINE``), and an extension module shadows the source beside it: after an
    edit, the tests would run the old build without a word."""
    stale = []
    for ext in [*package.rglob("*.so"), *package.rglob("*.pyd")]:
        built = ext.stat().st_mtime
        stem = ext.name.split(".")[0]
        for suffix in (".py", ".pyx", ".pxd"):
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
