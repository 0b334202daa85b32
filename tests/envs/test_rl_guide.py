"""docs/rl.md's examples run as written (the training-loop sketch, the first examples)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
FENCE = re.compile(r"```python\n(.*?)```", re.S)


def blocks() -> list[str]:
    return FENCE.findall(GUIDE.read_text())


def test_the_training_loop_sketch_runs(capsys):
    text = GUIDE.read_text()
    loop = FENCE.search(text, text.index("<!-- rl-guide-loop -->")).group(1)
    exec(compile(loop, "docs/rl.md", "exec"), {})
    assert "mean chips per hand" in capsys.readouterr().out


def test_the_environment_examples_run():
    for block in blocks():
        if "pyspiel" in block and pytest.importorskip("pyspiel") is None:
            continue
        if "rl-guide-loop" in block:
            continue
        exec(compile(block, "docs/rl.md", "exec"), {})
