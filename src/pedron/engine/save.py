"""Saved tables: the versioned JSON envelope and the checks a restore needs.

A saved table (format version 2) is ``{"format", "version", "setup", "start",
"ops", "history", "log", "last", "state"}``: see :mod:`pedron.engine.table`
and ``docs/histories.md``. :func:`load_v2` reads the envelope and refuses what
is not one (a version-1 save of pedron 0.1 with a clear message);
:func:`check_chips` and :func:`check_unique_cards` give clear errors for the
usual kinds of damage; :func:`require_same` compares the replayed state with
the saved snapshot, so a save that does not agree with its own moves is
refused and a restored table is exact.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import json
import reprlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pedron.engine.errors import SaveError
from pedron.errors import PedronTypeError, PedronValueError

__all__ = [
    "check_chips",
    "check_signature",
    "check_unique_cards",
    "collection_paused",
    "load_v2",
    "require_same",
    "short",
    "sign",
]

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a save is read (as it was, after).

    A restore makes tens of thousands of containers (the parsed JSON, the
    records and moves played again), each either kept or freed by its
    reference count: none is garbage that only a collection would find. Their
    number would still trigger collections, and in a process holding many
    objects (a long simulation, a server of many tables) a full one walks all
    of them: 60 ms of an 80 ms restore of 5,000 kept hands, measured in the
    process that had played them. (Another thread's collections wait as well,
    for the few milliseconds of the restore.)
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def short(value: Any) -> str:
    """A bounded repr of a value read from a save, for error messages.

    (The plain ``repr`` of a deeply nested or huge value taken from a tampered
    file raises ``RecursionError`` or builds a huge message.)
    """
    return _REPR.repr(value)


def check_chips(
    stacks: Sequence[Any], committed: Sequence[Any], carry: Any, total: Any, bought_in: int
) -> None:
    """The chip counts of a snapshot: non-negative ints that add up."""
    for v in [*stacks, *committed, carry, total]:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise SaveError(f"chip counts must be non-negative ints, not {short(v)}")
    if sum(stacks) + sum(committed) + carry != total:
        raise SaveError(f"wrong chip total: {sum(stacks)} + {sum(committed)} + {carry} != {total}")
    if total > bought_in:
        raise SaveError(f"more chips ({total}) than were bought in ({bought_in})")


def check_unique_cards(
    hands: Iterable[Iterable[Any]], size: int, name: Callable[[int], str] = str
) -> None:
    """Every card is an int of the deck (``0..size-1``) and appears once."""
    seen: set[int] = set()
    for cards in hands:
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < size:
                raise SaveError(f"card {short(c)} is not in the deck of this game")
            if c in seen:
                raise SaveError(f"card {name(c)} is dealt twice")
            seen.add(c)


def require_same(replayed: Any, saved: Any) -> None:
    """The replayed state must be the saved one."""
    try:
        same = replayed == saved
    except RecursionError:  # a deeply nested value planted in the saved state
        same = False
    if not same:
        raise SaveError("the saved state does not match its own history (tampered?)")


def load_v2(text: str | bytes | dict[str, Any], format: str, version: int) -> dict[str, Any]:
    """The parts of a saved table of format ``version`` 2, or :class:`SaveError`.

    ``{"format", "version", "setup", "start", "ops", "history", "log", "state"}``:
    see :mod:`pedron.engine.table` and ``docs/histories.md``.
    """
    try:
        data: Any = json.loads(json.dumps(text) if isinstance(text, dict) else text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"not a saved game: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != format:
        raise SaveError(f"not a saved {format}")
    found = data.get("version")
    if type(found) is int and found == 1:
        raise SaveError(
            f"a table saved by pedron 0.1 (save version 1): this version reads version "
            f"{version} only; load it with pedron 0.1"
        )
    if type(found) is not int or found != version:
        raise SaveError(f"unknown save version {short(found)} (expected {version})")
    parts = {"setup": dict, "start": dict, "ops": list, "history": list, "state": dict}
    for key, kind in parts.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"a saved table needs {key!r} ({kind.__name__})")
    return data  # type: ignore[no-any-return]


# -- signatures ---------------------------------------------------------------------------

#: The one algorithm a signed save uses.
SIGNATURE_ALGORITHM = "HMAC-SHA256"


def _key_bytes(key: Any) -> bytes:
    if isinstance(key, str):
        key = str.__str__(key).encode("utf-8")
    elif isinstance(key, (bytes, bytearray, memoryview)):
        key = bytes(key)
    else:
        raise PedronTypeError(f"a signing key is bytes or text, not {type(key).__name__}")
    if not key:
        raise PedronValueError("a signing key cannot be empty")
    return key


def _canonical(data: dict[str, Any]) -> bytes:
    """The bytes a signature covers: the save without its signature, keys sorted,
    no spaces, UTF-8 (the same for a save however it was re-serialised)."""
    body = {k: v for k, v in data.items() if k != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def sign(data: dict[str, Any], key: Any) -> dict[str, Any]:
    """``data`` (a save's parts) with an HMAC-SHA256 signature under ``key`` added."""
    mac = hmac.new(_key_bytes(key), _canonical(data), hashlib.sha256).hexdigest()
    return {**data, "signature": {"algorithm": SIGNATURE_ALGORITHM, "mac": mac}}


def check_signature(data: dict[str, Any], key: Any) -> None:
    """Refuse a save whose signature under ``key`` is missing or does not match."""
    secret = _key_bytes(key)
    found = data.get("signature")
    if found is None:
        raise SaveError("the save is not signed, and a key was given")
    if (not isinstance(found, dict) or set(found) != {"algorithm", "mac"}
            or found["algorithm"] != SIGNATURE_ALGORITHM or type(found["mac"]) is not str):
        raise SaveError(f"not a {SIGNATURE_ALGORITHM} signature: {short(found)}")
    try:
        body = _canonical(data)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"malformed saved table: {exc!r}") from None
    expected = hmac.new(secret, body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, found["mac"]):
        raise SaveError("the save's signature does not match: changed, or signed with another key")
