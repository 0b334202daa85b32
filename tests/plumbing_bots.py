"""Bots for tests that send them to worker processes (importable by name: a local
pool's workers and a spec such as ``"plumbing_bots.SleepyBot"`` find them here)."""

from __future__ import annotations

import time
from typing import Any


class SleepyBot:
    """A bot that takes a minute over every move (a study waiting on it must give up)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def __call__(self, view: Any, legal: Any) -> Any:
        time.sleep(60)
        raise AssertionError("a sleepy bot was left to wake")


def check() -> Any:
    """A plain module-level factory: the rule bot (picklable by reference)."""
    from pedron.bots import make_bot

    return make_bot("rule", "diablo")
