"""What the whole suite checks before it starts."""

from __future__ import annotations

import functools
from collections.abc import Callable
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


@pytest.fixture(scope="session")
def diablo_opened_scene() -> Callable[..., tuple[int, tuple[int, ...]]]:
    """``find(players=None) -> (seed, cards)``: the first seed of ``pedron play diablo``
    (50 chips each; ``players``: its default table size) whose first game has a bot open
    for 1 before the human's first turn, and where, after he calls and stands pat, he
    faces a bet again; ``cards`` are his. The play tests type their scripts into this
    scene: it is found by playing the default bots, not fixed, so a new strategy for
    the bots moves the seed, not the tests."""
    from pedron.cli import play
    from pedron.engine.moves import Call, Draw

    def until_me(deal: Any, bots: list[Any]) -> None:
        while not deal.done and deal.to_act != 0:
            view = deal.view(deal.to_act)
            deal.act(bots[deal.to_act](view, view.legal))

    @functools.cache
    def find(players: int | None = None) -> tuple[int, tuple[int, ...]]:
        players = players or play.DEFAULT_PLAYERS["diablo"]
        for seed in range(1, 1000):
            table, bots, _ = play._setup("diablo", players, 50, seed)
            deal = table.next_deal()
            until_me(deal, bots)
            view = deal.view(0)
            kinds = {a.kind: a for a in view.legal}
            if deal.done or view.to_call != 1 or "raise" not in kinds:
                continue
            cards = tuple(view.my_cards)
            deal.act(Call())
            until_me(deal, bots)
            if deal.done or "draw" not in {a.kind for a in deal.legal_actions()}:
                continue
            deal.act(Draw(()))
            until_me(deal, bots)
            if not deal.done and "call" in {a.kind for a in deal.legal_actions()}:
                return seed, cards
        raise AssertionError(f"no seed in 1..999 has a bot open before the human ({players})")

    return find
