"""Typing: the public API type-checks under ``mypy --strict`` and the example runs;
pedron's own source passes mypy (default settings: pyproject.toml has no [tool.mypy])."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = Path(__file__).parent / "typing" / "usage_example.py"


def run_mypy(*args: str) -> None:
    """Run mypy from the repository root; fail with its report unless it passes."""
    pytest.importorskip("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_usage_example_runs():
    runpy.run_path(str(EXAMPLE), run_name="__main__")


def test_usage_example_passes_mypy_strict():
    run_mypy("--strict", "--no-incremental", str(EXAMPLE))


def test_package_passes_mypy():
    run_mypy("src/pedron")
