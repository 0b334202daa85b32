"""Progress of long commands on stderr: a bar on a terminal, a line now and then otherwise.

Every command that can run longer than a couple of seconds (``pedron
simulate``, ``pedron bench``) reports through :class:`ProgressBar`. Nothing is
shown before the work has taken ``delay`` seconds (a quick run stays quiet).
On a terminal one line is redrawn in place (``\\r``); otherwise (a log file, a
pipe) a plain line is written at most every ``every`` seconds, so a log holds
no carriage returns.

The estimate of the time left is the rate since the first report of the
current step (:meth:`ProgressBar.step` starts one): work done before it, such
as the games of a resumed checkpoint, does not flatter it, and until a second
report has come there is no rate to tell ("estimating").
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from pedron.text import plural

__all__ = ["ProgressBar"]


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class ProgressBar:
    """Progress on stderr (see the module docstring); ``tty`` overrides what the stream
    says of itself. Call it as ``bar(done, total)`` (``workers``: how many are at
    work, shown when given); :meth:`step` names a new step and starts its count."""

    def __init__(self, unit: str = "games", stream: TextIO | None = None,
                 delay: float = 1.0, width: int = 30, *, tty: bool | None = None,
                 every: float = 10.0, label: str = "") -> None:
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty()) if callable(isatty) else False
        self.tty = tty
        self.every = every
        self.label = label
        self.start = time.perf_counter()
        self.shown = False
        self._last = 0.0
        self._base: tuple[float, int] | None = None  # (time, done) of the step's first report

    def step(self, label: str, unit: str | None = None) -> None:
        """A new step: its name, the unit it counts, and a count starting afresh."""
        self.close()
        self.label = label
        if unit is not None:
            self.unit = unit
        self._base = None
        self._last = 0.0

    def __call__(self, done: int, total: int, workers: int | None = None) -> None:
        now = time.perf_counter()
        if self._base is None:
            self._base = (now, done)
        elapsed = now - self.start
        gap = 0.2 if self.tty else self.every
        if elapsed < self.delay or (done < total and now - self._last < gap):
            return
        self._last = now
        frac = min(done / total, 1.0) if total else 1.0
        since, base = self._base
        rate = (done - base) / (now - since) if now > since and done > base else 0.0
        if done >= total:
            left = "done"
        elif rate > 0:
            left = f"about {_duration((total - done) / rate)} left"
        else:
            left = "estimating the time left"
        speed = f"  {rate:,.0f} {self.unit}/s" if rate > 0 else ""
        on = "" if workers is None else f"  {plural(workers, 'worker')}"
        label = f"{self.label}: " if self.label else ""
        text = (f"{label}{frac:4.0%} {done:,}/{total:,} {self.unit}{speed}{on}  "
                f"{_duration(elapsed)}, {left}")
        if self.tty:
            filled = round(frac * self.width)
            bar = "#" * filled + "." * (self.width - filled)
            self.stream.write(f"\r[{bar}] {text} \x1b[K")
            self.shown = True
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def say(self, message: str) -> None:
        """A line of its own (a step that is not counted), under the bar if drawn."""
        self.close()
        elapsed = time.perf_counter() - self.start
        self.stream.write(f"{message}  ({_duration(elapsed)} so far)\n")
        self.stream.flush()

    def close(self) -> None:
        """End the line if the bar was drawn on a terminal."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
