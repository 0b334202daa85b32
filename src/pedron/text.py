"""Plain-text output shared by the command line and the simulator's reports."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

__all__ = ["plural", "shown", "table"]


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
