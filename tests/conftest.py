"""What the whole suite checks before it starts."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """pyproject's addopts run the suite on every core (``--numprocesses=auto
    --dist=loadfile``); without pytest-xdist (``-p no:xdist``, or not installed) those
    options are taken and ignored: the suite runs in this process."""
    if pluginmanager.has_plugin("xdist"):
        return
    group = parser.getgroup("xdist", "pytest-xdist is not loaded: these are ignored")
    group.addoption("--numprocesses", dest="numprocesses", default=None,
                    help="(ignored: pytest-xdist is not loaded)")
    group.addoption("--dist", dest="dist", default="no",
                    help="(ignored: pytest-xdist is not loaded)")


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


@dataclass(frozen=True)
class OpenedScene:
    """A seed of ``pedron play diablo`` whose first game has a bot open before the
    human's first turn: the human's ``cards`` and the ``bet`` he faces."""

    seed: int
    cards: tuple[int, ...]
    bet: int


@pytest.fixture(scope="session")
def diablo_opened_scene() -> Callable[..., OpenedScene]:
    """``find(players=None) -> OpenedScene``: the first seed of ``pedron play diablo``
    (50 chips each; ``players``: its default table size) whose first game has a bot open
    before the human's first turn, and where, after he calls and stands pat, he faces a
    bet again. The play tests type their scripts into this scene: it is found by playing
    the default bots, not fixed, so a new strategy for the bots moves the seed (and the
    bet), not the tests."""
    from pedron.cli import play
    from pedron.engine.moves import Call, Draw

    def until_me(deal: Any, bots: list[Any]) -> None:
        while not deal.done and deal.to_act != 0:
            view = deal.view(deal.to_act)
            deal.apply(bots[deal.to_act](view, view.legal))

    @functools.cache
    def find(players: int | None = None) -> OpenedScene:
        players = players or play.DEFAULT_PLAYERS["diablo"]
        for seed in range(1, 1000):
            table, bots, _ = play._setup("diablo", players, 50, seed)
            deal = table.next_deal()
            until_me(deal, bots)
            view = deal.view(0)
            kinds = {a.kind: a for a in view.legal}
            if deal.done or view.to_call < 1 or "raise" not in kinds:
                continue
            scene = OpenedScene(seed, tuple(view.my_cards), view.to_call)
            deal.apply(Call())
            until_me(deal, bots)
            if deal.done or "draw" not in {a.kind for a in deal.legal_actions()}:
                continue
            deal.apply(Draw(()))
            until_me(deal, bots)
            if not deal.done and "call" in {a.kind for a in deal.legal_actions()}:
                return scene
        raise AssertionError(f"no seed in 1..999 has a bot open before the human ({players})")

    return find


@pytest.fixture(scope="session")
def diablo_pot_seed() -> int:
    """The first seed of ``pedron play diablo`` (4 players, 50 chips, every seat played
    by the bots, as ``a`` answers) whose table plays a Diablo pot within 20 games, and
    whose Diablo pot is played to its end: found, not fixed, for the same reason."""
    from pedron.cli import play

    for seed in range(1, 200):
        table, bots, helper = play._setup("diablo", 4, 50, seed)
        everyone = [helper, *bots[1:]]
        for _ in range(20):
            if table.over:
                break
            deal = table.next_deal()
            pot = deal.view(0).diablo_pot
            while not deal.done:
                deal.apply(everyone[deal.to_act](deal.view(deal.to_act), deal.legal_actions()))
            if pot:
                return seed
    raise AssertionError("no seed in 1..199 plays a Diablo pot within 20 games")
