"""Typing: the public API type-checks under ``mypy --strict`` and the example runs;
pedron's own source passes mypy (as configured in pyproject.toml: strict, checked as Python 3.10);
the stubs of the compiled modules match them (mypy.stubtest)."""

from __future__ import annotations

import re
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


@pytest.mark.slow  # (mypy or stubtest: tens of seconds)
def test_usage_example_passes_mypy_strict():
    run_mypy("--strict", "--no-incremental", str(EXAMPLE))


def doctest_code(markdown: str) -> str:
    """The code of a page's doctest examples, as one module (outputs dropped)."""
    lines = []
    for block in re.findall(r"```python\n(.*?)```", markdown, re.S):
        for line in block.splitlines():
            if line.startswith((">>> ", "... ")):
                lines.append(line[4:])
            elif line in (">>>", "..."):
                lines.append("")
    return "\n".join(lines) + "\n"


@pytest.mark.slow  # (mypy or stubtest: tens of seconds)
def test_cookbook_passes_mypy_strict(tmp_path):
    # What users copy must type-check in their own strict projects as written.
    code = doctest_code((ROOT / "docs" / "cookbook.md").read_text())
    assert "next_deal" in code and "evaluate_batch" in code
    module = tmp_path / "cookbook_code.py"
    module.write_text(code)
    run_mypy("--strict", "--no-incremental", str(module))


@pytest.mark.slow  # (mypy or stubtest: tens of seconds)
def test_package_passes_mypy():
    run_mypy("src/pedron")


@pytest.mark.slow  # (mypy or stubtest: tens of seconds)
def test_stubs_match_the_compiled_modules():
    from pedron import _kernels

    modules = sorted(
        f"pedron._kernels.{p.stem}" for p in Path(_kernels.__file__).parent.glob("*.pyi")
    )
    assert len(modules) >= 5
    pytest.importorskip("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--allowlist",
         str(ROOT / "stubtest-allowlist.txt"), *modules],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
