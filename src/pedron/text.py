"""Plain-text output shared by the command line and the simulator's reports."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["WIDTH", "fields", "plural", "shown", "table", "wrap"]

#: The widest line pedron's commands print by default (a wider terminal is not assumed).
WIDTH = 100


def wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    """``text`` wrapped between words into lines of at most ``width`` columns, each line
    after the first starting with ``indent`` (a word longer than a line stays whole);
    its own line breaks are kept."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out.extend(textwrap.wrap(line, width, initial_indent="", subsequent_indent=lead + indent,
                                 break_long_words=False, break_on_hyphens=False,
                                 drop_whitespace=True) or [line])
    return "\n".join(out)


def fields(items: Iterable[str], width: int = WIDTH, sep: str = "  ") -> str:
    """``items`` joined by ``sep`` on as few lines of at most ``width`` columns as they
    fit, a new line before an item that would pass it (an item is never split)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= width:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return "\n".join(lines)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[int] = ()) -> str:
    """Plain-text table with aligned columns; ``right`` lists right-aligned columns."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        parts = [
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(r) for r in cells[1:]])


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, the word in the plural (``many``, else ``word + "s"``) unless
    ``n`` is 1: ``plural(1, "choice")`` is ``"1 choice"``, ``plural(2_000, "run")``
    ``"2,000 runs"``."""
    return f"{n:,} " + (word if n == 1 else many or word + "s")


def shown(value: Any) -> str:
    """``value`` for a message: its repr, but an int too long to write by its size.

    (Python refuses to write an int of more than 4,300 digits: ``f"{10**5000}"`` in a
    refusal's message raised a bare ``ValueError`` instead of the refusal.)"""
    # (imported here: ``import pedron`` loads this module, and fractions brings decimal)
    from fractions import Fraction

    if isinstance(value, int) and value.bit_length() > 1000:  # (about 300 digits)
        return f"{'-' if value < 0 else ''}an int of {value.bit_length():,} bits"
    if isinstance(value, Fraction) and max(value.numerator.bit_length(),
                                           value.denominator.bit_length()) > 1000:
        return f"{'-' if value < 0 else ''}a fraction of {value.numerator.bit_length():,}" \
               f" and {value.denominator.bit_length():,} bits"
    try:
        return repr(value)
    except ValueError:  # (a container holding such an int)
        return f"a {type(value).__name__} holding a number too long to write"
