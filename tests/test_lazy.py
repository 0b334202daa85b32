"""``import pedron`` stays small; every subpackage is reachable as ``pedron.<name>``,
imported the first time it is named (issue 30)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pedron


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120).stdout


def test_import_pedron_loads_only_the_core():
    # What import time rests on: the cards, the generator, the errors, the kernels'
    # shared argument checks, and the exact reading of numbers with the machine's
    # ceilings and the messages' text they use (measured with python -X importtime, the
    # same before and after the subpackages became reachable).
    loaded = json.loads(_run(
        "import json, sys, pedron; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('pedron'))))"))
    assert set(loaded) <= {"pedron", "pedron._exact", "pedron._kernels",
                           "pedron._kernels._common", "pedron._kernels.cardset",
                           "pedron._kernels.rng", "pedron._lazy", "pedron._machine",
                           "pedron.cards", "pedron.errors", "pedron.text"}, loaded
    # (and no standard module heavier than they need: fractions brings decimal)
    assert "fractions" not in _run("import sys, pedron; print(sorted(sys.modules))")


@pytest.mark.parametrize("name", ["diablo", "diamondback", "bots", "videopoker", "engine",
                                  "simulation", "bench", "reference", "encodings"])
def test_every_subpackage_is_an_attribute_loaded_on_first_use(name):
    out = _run(
        "import sys, pedron\n"
        f"before = 'pedron.{name}' in sys.modules\n"
        f"module = pedron.{name}\n"
        f"print(before, module is sys.modules['pedron.{name}'], module.__name__)")
    assert out.split() == ["False", "True", f"pedron.{name}"]


def test_the_names_a_newcomer_tries_first():
    assert pedron.diablo.evaluate("Ah Kh Qh Jh Th").description == "royal flush"
    assert pedron.bots.RandomBot is pedron.bots.RandomBot
    assert pedron.diamondback.Table().n == 2
    assert pedron.simulate is pedron.simulation.simulate


def test_unknown_names_and_dir():
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = pedron.nonsense
    assert not hasattr(pedron, "diablo_v0")
    assert {"diablo", "diamondback", "bots", "videopoker", "engine"} <= set(dir(pedron))
    assert "diablo" not in pedron.__all__  # (from pedron import * stays the core)


def test_an_extra_that_is_missing_says_what_to_install():
    out = _run(
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"  # (OpenSpiel missing)
        "import pedron\n"
        "try:\n"
        "    pedron.spiel\n"
        "except ImportError as exc:\n"
        "    print(exc)\n")
    assert "pip install 'pedron[rl]'" in out
