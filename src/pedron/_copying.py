"""Copies and pickles of pedron's objects: the helpers the classes share.

The contract every public class keeps is in ``docs/reliability.md``, "Copies
and pickles": pickle and ``copy.deepcopy`` give an equal, independent object
that behaves as the original would; ``copy.copy`` of an object that changes is
the same as ``copy.deepcopy`` (:func:`deep_copy`); an immutable value may be
itself.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["deep_copy", "set_frozen_state", "shallow_copy"]


def deep_copy(obj: Any) -> Any:
    """``__copy__`` of a class whose objects change: an independent copy, as
    ``copy.deepcopy`` makes (a shallow copy would share the state it changes)."""
    return copy.deepcopy(obj)


def set_frozen_state(obj: Any, state: Any) -> None:
    """``__setstate__`` of an immutable slotted class (one whose ``__setattr__``
    refuses): the state Python's default ``__reduce_ex__`` took (``(None, {slot:
    value})``, or a dict), set as its constructor sets it. (Unpickling, and
    ``copy.copy`` / ``copy.deepcopy`` that reuse it, would call the refusing
    ``setattr``.)"""
    fields: dict[str, Any] = {}
    for part in state if isinstance(state, tuple) else (state,):
        if part:
            fields.update(part)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)


def shallow_copy(obj: Any) -> Any:
    """A new object of ``obj``'s type sharing its attributes (what ``copy.copy`` makes
    of a class without ``__copy__``), through the pickle protocol: the start of a
    ``copy()`` method that then copies what changes."""
    func, args, state = obj.__reduce_ex__(4)[:3]
    other = func(*args)
    if state is not None:
        other.__setstate__(state)
    return other
