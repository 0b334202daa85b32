"""Diablo's own modules of the layers above the game live in its package since 0.2.0
(issue 38): its bots (pedron.diablo.bots, .strong), its encodings (.encodings) and its
bench entries (.bench). Every old name still works for one release: it warns at the
caller's line, naming the new place, and gives the new object itself."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys

import pytest

from pedron import games
from pedron.bots import make_bot

_BOTS, _STRONG = "pedron.diablo.bots", "pedron.diablo.strong"
_ENCODINGS = "pedron.diablo.encodings"

#: (old module, old name, the new module and name it warns of)
OLD_NAMES = [
    *[("pedron.bots", n, f"pedron.diablo.{n}") for n in ("RuleBot", "ThresholdBot", "StrongBot")],
    *[("pedron.bots.diablo", n, f"{_BOTS}.{n}") for n in ("RuleBot", "ThresholdBot", "Thresholds")],
    *[("pedron.bots.strong", n, f"{_STRONG}.{n}") for n in (
        "ACTIONS", "FORMAT", "Decision", "Strategy", "StrongBot", "fallback_probs",
        "load_diablo_strategy", "SCALE", "DATA_FILE")],
    ("pedron.bots.strong", "load_strategy", f"{_STRONG}.load_diablo_strategy"),
    ("pedron.encodings", "DiabloActions", "pedron.diablo.DiabloActions"),
    ("pedron.encodings", "DRAW_SUBSETS", f"{_ENCODINGS}.DRAW_SUBSETS"),
    *[("pedron.encodings.diablo", n, f"{_ENCODINGS}.{n}") for n in (
        "DRAW_SUBSETS", "DiabloActions", "DiabloObservation", "actions")],
    ("pedron.envs.observations", "DiabloObservation", "pedron.diablo.DiabloObservation"),
]


@pytest.mark.parametrize(("old", "name", "new"), OLD_NAMES,
                         ids=[f"{old}.{name}" for old, name, _ in OLD_NAMES])
def test_an_old_name_warns_and_gives_the_new_object(old, name, new):
    module = importlib.import_module(old)
    where, _, new_name = new.rpartition(".")
    expected = getattr(importlib.import_module(where), new_name)
    message = (f"{old}.{name} is deprecated since pedron 0.2.0 and will be removed in "
               f"0.3.0: use {new}")
    with pytest.warns(DeprecationWarning, match=re.escape(message)) as record:
        got = getattr(module, name)
    assert got is expected
    assert [w.filename for w in record] == [__file__]  # (the caller's line, not pedron's)


def test_the_old_names_are_not_public_there():
    import pedron.bots
    import pedron.encodings

    assert not {"RuleBot", "ThresholdBot", "StrongBot"} & set(pedron.bots.__all__)
    assert not {"DiabloActions", "DRAW_SUBSETS"} & set(pedron.encodings.__all__)


def test_the_new_names_are_one_object_each():
    from pedron import diablo
    from pedron.diablo import bots, encodings, strong

    assert diablo.RuleBot is bots.RuleBot and diablo.ThresholdBot is bots.ThresholdBot
    assert diablo.Thresholds is bots.Thresholds and diablo.StrongBot is strong.StrongBot
    assert diablo.DiabloActions is encodings.DiabloActions
    assert diablo.DiabloObservation is encodings.DiabloObservation
    assert diablo.bench is importlib.import_module("pedron.diablo.bench")


def test_the_bot_specs_build_the_moved_classes():
    from pedron.diablo import bots, strong

    assert type(make_bot("rule", "diablo")) is bots.RuleBot
    assert type(make_bot("threshold:bluff=0.5", "diablo", seed=1)) is bots.ThresholdBot
    assert type(make_bot("strong", "diablo", seed=1)) is strong.StrongBot
    info = games.get("diablo")
    assert info.encodings is not None
    assert info.encodings.observation is importlib.import_module(_ENCODINGS).DiabloObservation
    assert info.bench is not None and importlib.import_module(info.bench.entries).entries


def test_the_game_and_the_old_modules_import_none_of_the_moved_modules():
    # The game's package names its upper modules by string only (loaded when first
    # asked for); an old module is only a table of where its names went.
    code = (
        "import sys\n"
        "import pedron.diablo, pedron.bots.diablo, pedron.bots.strong, pedron.encodings.diablo\n"
        "from pedron.diablo import Table\n"
        "Table(3, seed=1).next_deal()\n"
        "moved = ('pedron.diablo.bots', 'pedron.diablo.strong', 'pedron.diablo.encodings',\n"
        "         'pedron.diablo.bench')\n"
        "assert not [m for m in moved if m in sys.modules], sys.modules.keys()\n"
    )
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True)
