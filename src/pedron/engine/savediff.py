"""Where JSON read from a file differs from the JSON pedron writes for it, type for
type, and bounded reprs of values read from a file (for error messages)."""

from __future__ import annotations

import json
import reprlib
from typing import Any

from pedron.errors import SaveError

__all__ = ["json_difference", "require_json", "short"]

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40


def short(value: Any) -> str:
    """A bounded repr of a value read from a save, for error messages.

    (The plain ``repr`` of a deeply nested or huge value taken from a tampered
    file raises ``RecursionError`` or builds a huge message.)
    """
    return _REPR.repr(value)


def json_difference(written: Any, found: Any, where: str) -> str | None:
    """Where ``found`` (read from a file) is not, type for type, the JSON pedron
    writes for it (``written``), or None if nowhere.

    ``==`` alone is not enough: it takes ``1`` for ``true`` and ``1.0`` for
    ``1``, and a reader that fills a missing key with its default, drops an
    unknown one or reads ``"BET"`` as ``"bet"`` would let a save load and be
    written back changed: state silently repaired. The answer names the first
    difference (``where`` and the path to it: ``state.table.closing``), the
    value found and the value pedron writes. Objects are compared key for key
    (their order and the text's spacing are free), lists item for item.
    """
    try:  # (the common case, at C speed: the same JSON)
        if json.dumps(written, sort_keys=True) == json.dumps(found, sort_keys=True):
            return None
    except (TypeError, ValueError, RecursionError):
        pass
    try:
        return _difference(written, found, where)
    except RecursionError:  # (nesting planted deeper than anything pedron writes)
        return f"{where}: nested too deeply"


def _json_kind(value: Any) -> type:
    for kind in (bool, int, float, str):  # (bool first: a bool is an int to isinstance)
        if isinstance(value, kind):
            return kind
    return type(value)


def _difference(written: Any, found: Any, where: str) -> str | None:
    if isinstance(written, dict):
        if not isinstance(found, dict):
            return f"{where}: {short(found)} where an object belongs"
        for key in written:
            if key not in found:
                return f"{where}: {key!r} is missing"
        for key in found:
            if key not in written:
                return f"{where}: unknown key {short(key)}"
        for key, value in written.items():
            why = _difference(value, found[key], f"{where}.{key}")
            if why is not None:
                return why
        return None
    if isinstance(written, (list, tuple)):
        if not isinstance(found, list):
            return f"{where}: {short(found)} where a list belongs"
        if len(found) != len(written):
            return f"{where}: {len(found)} items where pedron writes {len(written)}"
        for i, (a, b) in enumerate(zip(written, found, strict=True)):
            why = _difference(a, b, f"{where}[{i}]")
            if why is not None:
                return why
        return None
    if _json_kind(found) is not _json_kind(written) or found != written:
        return f"{where}: {short(found)} where pedron writes {short(written)}"
    return None


def require_json(written: Any, found: Any, where: str, error: type[SaveError] = SaveError,
                 prefix: str = "") -> None:
    """Refuse ``found`` unless it is, type for type, what pedron writes
    (:func:`json_difference`), with ``error`` naming the first difference."""
    why = json_difference(written, found, where)
    if why is not None:
        raise error(prefix + why)
