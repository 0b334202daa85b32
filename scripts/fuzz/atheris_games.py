"""The game-engine fuzz targets (scripts/fuzz/games_targets.py) under atheris.

Used by ``scripts/fuzz/run_atheris.py``. Every target here takes the fuzzer's
bytes:

* ``save_<game>``, ``actions_<game>``, ``privacy_<game>``: the targets of
  games_targets.py, given a :class:`FuzzedRandom` that reads every draw from
  the bytes, so libFuzzer's mutations steer the choices (which save, which
  edit, which call, which action ...).
* ``rawsave_<game>``: the bytes are the save itself (format version 2), given
  to ``Table.from_json`` as bytes or, when the first byte is odd, as the text
  they decode to (UTF-8, errors replaced); the first byte is not part of the
  save. A load must raise a :class:`~pedron.errors.SaveError` (no other
  exception) or give a table whose kept histories read and replay and that
  passes ``games_targets.check_loaded`` (played on with ``random.Random(0)``);
  there is no undamaged save to compare it with, so ``check_restored`` is
  not run (the ``save_<game>`` targets run it). :func:`seeds` gives real
  saves as a seed corpus.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import atheris
import games_targets
from games_targets import GAMES, STATS, load_and_check, real_saves

__all__ = ["STATS", "TARGETS", "FuzzedRandom", "seeds"]


class FuzzedRandom(random.Random):
    """A :class:`random.Random` whose draws are read from fuzzer bytes; zeros once they run out.

    ``getrandbits(k)`` takes the next ``ceil(k / 8)`` bytes (little-endian,
    masked to ``k`` bits), so ``randrange``, ``randint``, ``choice``,
    ``shuffle``, ``sample`` and ``randbytes`` read the bytes too (Random uses
    ``getrandbits`` for them once a subclass defines it); ``random()`` takes 4
    bytes, the first the most significant. Seeding changes nothing: the same
    bytes always give the same draws, and every input is finite.
    """

    def __init__(self, data: bytes) -> None:
        self._fdp = atheris.FuzzedDataProvider(data)
        super().__init__(0)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        pass  # the bytes are the only state

    def _take(self, n: int) -> bytes:
        b = self._fdp.ConsumeBytes(n)
        return b + bytes(n - len(b))

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        return int.from_bytes(self._take((k + 7) // 8), "little") & ((1 << k) - 1)

    def random(self) -> float:
        return int.from_bytes(self._take(4), "big") / 2**32


def _driven(fn: Callable[[random.Random], None]) -> Callable[[bytes], None]:
    def target(data: bytes) -> None:
        fn(FuzzedRandom(data))

    return target


def rawsave_target(name: str) -> Callable[[bytes], None]:
    g = GAMES[name]

    def target(data: bytes) -> None:
        save: str | bytes = data[1:]
        if data and data[0] & 1:
            save = save.decode("utf-8", errors="replace")
        load_and_check(g, save, random.Random(0))

    return target


def seeds(name: str) -> list[bytes]:
    """A seed corpus for ``name``: each real save, as bytes and as text (empty if none)."""
    if not name.startswith("rawsave_"):
        return []
    out = []
    for text in real_saves(name.removeprefix("rawsave_")):
        out += [b"\x00" + text.encode(), b"\x01" + text.encode()]
    return out


TARGETS: dict[str, Callable[[bytes], None]] = {
    name: _driven(fn) for name, fn in games_targets.TARGETS.items()
}
for _name in GAMES:
    TARGETS[f"rawsave_{_name}"] = rawsave_target(_name)
