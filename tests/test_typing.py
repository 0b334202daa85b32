"""The public API type-checks under ``mypy --strict`` and the example runs."""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent / "typing" / "usage_example.py"


def test_usage_example_runs():
    runpy.run_path(str(EXAMPLE), run_name="__main__")


@pytest.mark.skipif(
    shutil.which("mypy") is None and not __import__("importlib").util.find_spec("mypy"),
    reason="mypy not installed",
)
def test_usage_example_passes_mypy_strict():
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
