"""The command line's output streams under ordinary plumbing.

* **One rule for symbols**: where the output's encoding cannot show a character
  (``PYTHONIOENCODING=ascii``, an old terminal), it is written as its ASCII
  fallback (:data:`ASCII_FALLBACKS`: ``±`` as ``+/-``, suits as letters, arrows,
  dashes...; anything else as ``?``). The rule is a codec error handler set on the
  streams for the command's run, so every print and write of the command goes
  through it; :func:`fallback` applies it to a text.
* **Closed streams**: a command started with its output closed (``>&-``) gets an
  output that refuses every write with :class:`ClosedOutput`, an ``OSError`` the
  command line reports in one line (status 1); with its error stream closed, its
  messages go nowhere.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["ASCII_FALLBACKS", "ClosedOutput", "fallback", "streams"]

#: Each non-ASCII character the command line prints (its own text, the results' tables,
#: the table view, the benchmark's units, card symbols) and what an encoding that cannot
#: show it gets instead.
ASCII_FALLBACKS: dict[str, str] = {
    "±": "+/-",
    "—": "--",
    "–": "-",
    "…": "...",
    "▶": ">",
    "→": "->",
    "←": "<-",
    "µ": "u",
    "×": "x",
    "≈": "~",
    "≤": "<=",
    "≥": ">=",
    "·": ".",
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
}

_HANDLER = "pedron.ascii-fallback"


def _replace(exc: UnicodeError) -> tuple[str, int]:
    """The codec error handler: the fallback of each character the encoding refused."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start:exc.end]
    return "".join(ASCII_FALLBACKS.get(ch, "?") for ch in bad), exc.end


codecs.register_error(_HANDLER, _replace)


def fallback(text: str, encoding: str | None) -> str:
    """``text`` as a stream of ``encoding`` shows it: each character the encoding cannot
    encode replaced by its ASCII fallback (the rule the command line's streams follow)."""
    if not encoding:
        return text
    return text.encode(encoding, _HANDLER).decode(encoding)


def _shows_everything(encoding: str | None) -> bool:
    try:
        "".join(ASCII_FALLBACKS).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class ClosedOutput(OSError):
    """A write to an output stream that was closed when the command started."""


class _Closed(io.TextIOBase):
    """Stands for a standard stream closed at start: every write fails (an ``OSError``,
    as a write to a closed descriptor does), so output is never lost unnoticed."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise ClosedOutput(errno.EBADF, f"{self._name} is closed")

    def isatty(self) -> bool:
        return False


@contextmanager
def streams() -> Iterator[None]:
    """For one run of the command line: stand-ins for closed standard streams, and the
    ASCII fallback on every stream whose encoding cannot show a symbol the command
    prints; everything put back as it was after."""
    saved_out, saved_err = sys.stdout, sys.stderr
    reconfigured: list[tuple[Any, str | None]] = []
    devnull = None
    if sys.stdout is None:
        sys.stdout = _Closed("standard output")
    if sys.stderr is None:
        devnull = sys.stderr = open(os.devnull, "w")  # noqa: SIM115  (closed below)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and not _shows_everything(stream.encoding):
            try:
                previous = stream.errors
                stream.reconfigure(errors=_HANDLER)
            except (AttributeError, OSError, ValueError):
                continue
            reconfigured.append((stream, previous))
    try:
        yield
    finally:
        for stream, previous in reconfigured:
            # (a stream that cannot flush keeps the handler: it only helps)
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=previous)
        sys.stdout, sys.stderr = saved_out, saved_err
        if devnull is not None:
            devnull.close()
