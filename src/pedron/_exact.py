"""Exact built-in values from whatever object a caller passes: the one place
where pedron turns an argument into an ``int`` or a ``str`` before checking it.

Checks must run on the converted value, never on the caller's object: an
``int`` subclass can make ``0 <= x < 52`` true whatever it holds, and its
``__index__`` can return itself, so the C value read later would differ from
the value checked. :func:`operator.index` gives an exact ``int`` (Python 3.10
and later), calls ``__index__`` on other objects and refuses a float it
returns; ``bool`` is refused where a number is meant (``True`` is not a count
or a card). The compiled kernels keep their own ``type(x) is int`` fast path
and call these for everything else, so the rule stays here.
"""

from __future__ import annotations

import operator
import sys
import warnings
from typing import Any

from pedron.errors import PedronTypeError

__all__ = ["exact_flag", "exact_int", "exact_str"]


def exact_int(value: Any, what: str, error: type[Exception] = PedronTypeError) -> int:
    """``value`` as an exact ``int``, or ``error`` naming ``what`` and the value's type.

    ``bool``, floats, objects without ``__index__`` and objects whose
    ``__index__`` raises or returns anything but an ``int`` are refused.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise error(f"{what} must be an int, not {value!r} (a bool)")
    if isinstance(value, int):
        return int.__index__(value)  # the plain value, whatever the subclass says
    if isinstance(value, float):  # (a float subclass may add an __index__: still a float)
        raise error(f"{what} must be an int, not {type(value).__name__} (a float)")
    if getattr(type(value), "__index__", None) is None:
        raise error(f"{what} must be an int, not {type(value).__name__}")
    try:
        with warnings.catch_warnings():
            # an __index__ returning an int subclass is deprecated: refuse it now
            warnings.simplefilter("error", DeprecationWarning)
            result = operator.index(value)
    except Exception:  # whatever its __index__ raises, the object is not an int
        raise error(
            f"{what} must be an int, not {type(value).__name__} (its __index__ is not an int)"
        ) from None
    return int.__index__(result)


def exact_str(value: Any, what: str, error: type[Exception] = PedronTypeError) -> str:
    """``value`` as an exact ``str`` (a ``str`` subclass gives its plain text)."""
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    raise error(f"{what} must be text, not {type(value).__name__}")


def exact_flag(value: Any, what: str, error: type[Exception] = PedronTypeError) -> bool:
    """``value`` as an exact ``bool``: ``True``/``False`` or a numpy bool.

    Anything else is refused rather than read for its truth: an array's truth
    is ambiguous, and ``wild=2`` is more likely a mistake than a wish.
    """
    if value is True or value is False:
        return value
    numpy = sys.modules.get("numpy")  # (a numpy bool can only come from a loaded numpy)
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    raise error(f"{what} must be True or False, not {type(value).__name__}")
