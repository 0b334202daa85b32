"""Signed saves: an HMAC-SHA256 signature over a save's canonical form, made with a
key and required by a restore given the key (``docs/histories.md``, "What a save
proves")."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from pedron.engine.savediff import short
from pedron.errors import PedronTypeError, PedronValueError, SaveError

__all__ = ["SIGNATURE_ALGORITHM", "check_signature", "sign"]

#: The one algorithm a signed save uses.
SIGNATURE_ALGORITHM = "HMAC-SHA256"


def _key_bytes(key: Any) -> bytes:
    raw: bytes
    if isinstance(key, str):
        raw = str.__str__(key).encode("utf-8")
    elif isinstance(key, (bytes, bytearray, memoryview)):
        raw = bytes(key)
    else:
        raise PedronTypeError(f"a signing key is bytes or text, not {type(key).__name__}")
    if not raw:
        raise PedronValueError("a signing key cannot be empty")
    return raw


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
            or found["algorithm"] != SIGNATURE_ALGORITHM or type(found["mac"]) is not str
            or not found["mac"].isascii()):
        raise SaveError(f"not a {SIGNATURE_ALGORITHM} signature: {short(found)}")
    try:
        body = _canonical(data)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"malformed saved table: {exc!r}") from None
    expected = hmac.new(secret, body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, found["mac"]):
        raise SaveError("the save's signature does not match: changed, or signed with another key")
