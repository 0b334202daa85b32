"""A study's progress: the blocks finished and their merged counters, optionally kept in a
checkpoint file so an interrupted study resumes where it stopped.

The unit of randomness is the block (see :mod:`pedron.simulation.core`), so the
file records finished *block ranges*, whatever units they were played in: a
resumed study may cut the remaining blocks into other units (another cluster,
another ``chunk_size``) and still give the identical result. The file is
rewritten atomically after every finished unit; a checkpoint names its study
(game, table, rules, bots, stacks, seed, session length, games, pedron and
random-stream versions) and is refused for any other.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from pedron.errors import PedronTypeError, PedronValueError
from pedron.simulation.results import Counters

if TYPE_CHECKING:
    from pedron.simulation.units import Study, UnitResult

__all__ = ["FORMAT", "StudyState", "check_checkpoint_path"]

#: The ``format`` field of a checkpoint file.
FORMAT = "pedron-simulation-checkpoint/1"


def check_checkpoint_path(path: object, name: str = "checkpoint") -> Path:
    """``path`` as a checkpoint file that can be written, or a pedron error naming it
    (``name``: the parameter or option, as the caller says it), before any work."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise PedronTypeError(f"{name} must be a file path, not {type(path).__name__}")
    file = Path(path)
    text = str(path)
    where = f"{name} {text if len(text) <= 200 else text[:197] + '...'}"
    if "\0" in text:
        raise PedronValueError(f"{where}: a path cannot hold a NUL character")
    try:
        return _writable(file, where)
    except (OSError, ValueError) as exc:  # (a NUL in the path, a name too long...)
        if isinstance(exc, PedronValueError):
            raise
        raise PedronValueError(f"{where}: cannot write there ({exc})") from None


def _writable(file: Path, where: str) -> Path:
    if file.is_dir():
        raise PedronValueError(f"{where}: is a directory; name a file in it")
    folder = file.parent
    if not folder.is_dir():
        missing = folder
        while not missing.parent.is_dir() and missing.parent != missing:
            missing = missing.parent
        reason = "not a directory" if missing.exists() else "no such directory"
        raise PedronValueError(f"{where}: cannot write there ({reason}: {folder})")
    if (file.exists() and not os.access(file, os.W_OK)) or not os.access(
            folder, os.W_OK | os.X_OK):
        raise PedronValueError(f"{where}: cannot write there (permission denied)")
    return file


class StudyState:
    """The finished blocks of a study and their counters (and the checkpoint file, if any)."""

    def __init__(self, study: Study, blocks: int, path: str | os.PathLike[str] | None
                 = None) -> None:
        self.study = study.to_json()  # (as the file records it)
        self.blocks = blocks
        self.path = None if path is None else Path(path)
        self.counters = Counters(study.game, study.players)
        self.done: list[list[int]] = []  # sorted, disjoint [first, last) block ranges
        self.cpu_seconds = 0.0
        if self.path is not None and self.path.exists():
            self._load()

    # -- the file ---------------------------------------------------------------------------
    def _load(self) -> None:
        assert self.path is not None
        try:
            data = json.loads(self.path.read_text())
            ok = isinstance(data, dict) and data.get("format") == FORMAT
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            ok = False
        if not ok:
            raise PedronValueError(f"{self.path} is not a pedron simulation checkpoint")
        theirs = data.get("study", {})
        if theirs != self.study:
            diff = sorted(k for k in set(theirs) | set(self.study)
                          if theirs.get(k) != self.study.get(k))
            shown = ", ".join(f"{k} {theirs.get(k)!r} there, {self.study.get(k)!r} here"
                              for k in diff[:3])
            raise PedronValueError(f"checkpoint {self.path} is from another study ({shown}); "
                                   f"remove it or name another file")
        self.counters.add_json(data["tally"])
        self.done = [list(r) for r in data["done"]]
        self.cpu_seconds = float(data.get("cpu_seconds", 0.0))

    def save(self) -> None:
        """Write the file (if any) atomically: a crash leaves the old or the new one whole."""
        if self.path is None:
            return
        data = {"format": FORMAT, "study": self.study, "done": self.done,
                "tally": self.counters.to_json(), "cpu_seconds": self.cpu_seconds}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data, separators=(",", ":")))
            os.replace(tmp, self.path)
        except OSError as exc:  # (checked at the start; the disk may fill, the folder go)
            raise PedronValueError(f"checkpoint {self.path}: cannot write it now "
                                   f"({exc.strerror or exc})") from None

    # -- progress ---------------------------------------------------------------------------
    def record(self, blocks: tuple[int, int], part: UnitResult) -> None:
        """Book a finished unit: its blocks and its tally."""
        self.counters.add(part.tally)
        self.cpu_seconds += part.cpu_seconds
        first, last = blocks
        done = self.done
        i = 0
        while i < len(done) and done[i][1] < first:
            i += 1
        # merge with every range it touches (units arrive out of order, but close together)
        lo, hi = first, last
        j = i
        while j < len(done) and done[j][0] <= last:
            lo, hi = min(lo, done[j][0]), max(hi, done[j][1])
            j += 1
        done[i:j] = [[lo, hi]]
        self.save()

    def remaining(self) -> Iterator[tuple[int, int]]:
        """The block ranges still to play, in order."""
        at = 0
        for first, last in self.done:
            if first > at:
                yield at, first
            at = max(at, last)
        if at < self.blocks:
            yield at, self.blocks

    def blocks_done(self) -> int:
        return sum(last - first for first, last in self.done)
