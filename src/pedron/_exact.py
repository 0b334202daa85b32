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

import math
import re
import sys
from typing import TYPE_CHECKING, Any

from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

if TYPE_CHECKING:  # (fractions, which brings decimal, is imported on first use)
    from fractions import Fraction

__all__ = ["bounded_int", "check_iterable", "exact_flag", "exact_int", "exact_rational",
           "exact_str", "finite_float"]


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
    index = getattr(type(value), "__index__", None)
    if index is None:
        raise error(f"{what} must be an int, not {type(value).__name__}")
    try:
        # (the type's own __index__, as operator.index calls it, but its result read
        # here: an int subclass, which Python deprecates, is refused without touching
        # the process's warning filters, which other threads share)
        result = index(value)
    except Exception:  # whatever its __index__ raises, the object is not an int
        result = None
    if type(result) is not int:
        raise error(
            f"{what} must be an int, not {type(value).__name__} (its __index__ is not an int)"
        )
    return result


def bounded_int(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as an exact ``int`` in ``low..high``: a count, a seed or a size.

    A :class:`~pedron.errors.PedronTypeError` for anything :func:`exact_int`
    refuses, a :class:`~pedron.errors.PedronValueError` naming the bound it misses.
    """
    number = exact_int(value, what)
    if number < low:
        raise PedronValueError(f"{what} must be at least {low}, got {number}")
    if number > high:  # (a number too long to show in a message is only called so)
        raise PedronValueError(f"{what} must be at most {high:,}, got "
                               f"{number if number.bit_length() <= 64 else 'more'}")
    return number


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


def finite_float(value: int | float, what: str) -> float:
    """An int or float already checked as such, as a finite float, or a pedron error
    (``float(10**400)`` raises a bare ``OverflowError``)."""
    try:
        number = float(value)
    except OverflowError:
        raise PedronValueError(f"{what} must be a finite number, not {shown(value)}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise PedronValueError(f"{what} must be a finite number, not {number}")
    return number


#: Most items :func:`check_iterable` lets a lazy sequence (a ``range``) give by default.
MAX_ITEMS = 1_000_000


def check_iterable(value: Any, what: str, error: type[Exception] = PedronTypeError,
                   most: int = MAX_ITEMS) -> None:
    """Refuse the iterables whose iteration fails with another library's error: a 0-d
    numpy array (a ``TypeError``), a memoryview of other than one dimension (a
    ``NotImplementedError``), a ``range`` of more than ``most`` items (listed, a
    ``MemoryError``). Any other value is left to the caller's own checks."""
    if isinstance(value, range):
        count = max(0, -((value.start - value.stop) // value.step))  # (len() overflows)
        if count > most:
            raise PedronValueError(f"{what}: a range of {shown(count)} items, more than the "
                                   f"{most:,} it may hold")
    if isinstance(value, memoryview) and value.ndim != 1:
        raise error(f"{what}: a {value.ndim}-dimensional memoryview is not a list of items")
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray) and value.ndim == 0:
        raise error(f"{what}: a 0-d array is not a list of items")


_MAX_TEXT = 100      # characters of a numeric string
_MAX_EXPONENT = 40   # |decimal exponent| of a numeric string or Decimal
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?\d+/\d+")


def exact_rational(x: Any, what: str) -> Fraction:
    """``x`` read exactly as a Fraction: ints (numpy's too), Fractions, finite
    floats (their exact binary value), finite Decimals and numeric text
    (``"2.5"``, ``"5/2"``, ``"1e3"``); refused before any work whose size the
    input decides (a string of a billion digits, an exponent of a billion)."""
    import numbers
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(x, bool):
        raise PedronTypeError(f"{what} must be a number, not a bool")
    if isinstance(x, numbers.Integral):
        return Fraction(exact_int(x, what))
    if isinstance(x, numbers.Rational):
        return Fraction(exact_int(x.numerator, what), exact_int(x.denominator, what))
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise PedronValueError(f"{what} must be finite, not {x}")
        _sign, digits, exponent = x.as_tuple()
        if len(digits) > _MAX_TEXT or not -_MAX_EXPONENT <= int(exponent) <= _MAX_EXPONENT:
            raise PedronValueError(f"{what}: {len(digits)} digits, exponent {exponent}: "
                                   f"too long or too large to be a payout")
        return Fraction(x)
    if isinstance(x, str):
        text = x.strip()
        if len(text) > _MAX_TEXT or not _NUMBER.fullmatch(text):
            raise PedronValueError(f"{what} is not a number: {x[:40]!r}")
        _mantissa, _, power = text.lower().partition("e")
        if power and not -_MAX_EXPONENT <= int(power) <= _MAX_EXPONENT:
            raise PedronValueError(f"{what}: exponent {power} is out of range "
                                   f"(-{_MAX_EXPONENT}..{_MAX_EXPONENT})")
        try:
            return Fraction(text)
        except ZeroDivisionError:
            raise PedronValueError(f"{what} divides by zero: {x!r}") from None
    if isinstance(x, numbers.Real):  # floats, numpy's included
        try:
            f = float(x)
        except (TypeError, ValueError, OverflowError):
            raise PedronTypeError(f"{what}: {type(x).__name__} is not a plain number") from None
        if not math.isfinite(f):
            raise PedronValueError(f"{what} must be finite, not {f}")
        if not isinstance(x, float) and f != x:
            raise PedronValueError(f"{what}: {x!r} does not convert exactly")
        return Fraction(f)
    raise PedronTypeError(f"{what} must be a number, not {type(x).__name__}")
