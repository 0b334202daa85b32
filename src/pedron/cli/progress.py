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

import math
import sys
import time
from typing import TextIO

from pedron.text import WIDTH, plural, wrap

__all__ = ["ProgressBar", "TimeLeft"]


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class TimeLeft:
    """A steady estimate of the time left from jumpy raw ones (:meth:`update`).

    Between readings an estimate counts down with the clock. Each raw estimate moves
    the smoothed one ``alpha`` of the way towards itself on a log scale (one wild
    reading, forty times too high, moves it about three times less). The value shown
    follows the smoothed one down at once, but up only by a clear margin (above
    ``rise`` times the last value counted down, plus ``slack`` seconds), and then by
    no more than the time passed since the last value: it never goes up faster than
    time passes.
    """

    def __init__(self, alpha: float = 0.3, rise: float = 1.5, slack: float = 5.0) -> None:
        self.alpha = alpha
        self.rise = rise
        self.slack = slack
        self._then: float | None = None  # the time of the last reading
        self._smooth = 0.0  # the smoothed estimate then
        self._shown = 0.0  # the value returned then

    def update(self, now: float, raw: float, cap: float = math.inf) -> float:
        """The seconds left to show at ``now`` (seconds on any steady clock), given a
        raw estimate ``raw`` and a bound ``cap`` it cannot pass (the work still to do
        at the rate so far)."""
        raw = min(max(raw, 0.0), cap)
        if self._then is None or not math.isfinite(self._smooth):
            self._then, self._smooth, self._shown = now, raw, raw
            return raw
        passed = max(now - self._then, 0.0)
        smooth = max(self._smooth - passed, 0.0)
        if 0.0 < raw < math.inf and smooth > 0.0:
            smooth *= (raw / smooth) ** self.alpha
        else:  # (done, or nothing to smooth from)
            smooth = raw
        counted = max(self._shown - passed, 0.0)
        shown = smooth
        if smooth > counted:
            shown = (min(smooth, self._shown + passed)
                     if smooth > counted * self.rise + self.slack else counted)
        self._then, self._smooth, self._shown = now, smooth, min(shown, cap)
        return self._shown


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
        count = f"{label}{frac:4.0%} {done:,}/{total:,} {self.unit}"
        tail = f"  {_duration(elapsed)}, {left}"
        # (within WIDTH columns: the speed, then the workers, then the bar give way)
        text = count + speed + on + tail
        if len(text) + (self.width + 4) * self.tty > WIDTH:
            text = count + on + tail
        if len(text) + (self.width + 4) * self.tty > WIDTH:
            text = count + tail
        if self.tty:
            width = min(self.width, max(WIDTH - 4 - len(text), 0))
            filled = round(frac * width)
            bar = f"[{'#' * filled}{'.' * (width - filled)}] " if width >= 5 else ""
            self.stream.write(f"\r{bar}{text}\x1b[K")
            self.shown = True
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def say(self, message: str) -> None:
        """A line of its own (a step that is not counted), under the bar if drawn;
        wrapped between words within ``WIDTH`` columns."""
        self.close()
        elapsed = time.perf_counter() - self.start
        self.stream.write(wrap(f"{message}  ({_duration(elapsed)} so far)", indent="    ")
                          + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the line if the bar was drawn on a terminal."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
