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

__all__ = [
    "deep_copy", "default_fields_state", "fields_state", "set_fields_state",
    "set_frozen_state", "shallow_copy",
]


def deep_copy(obj: Any) -> Any:
    """``__copy__`` of a class whose objects change: an independent copy, as
    ``copy.deepcopy`` makes (a shallow copy would share the state it changes)."""
    return copy.deepcopy(obj)


def fields_state(obj: Any) -> Any:
    """The fields a Python subclass adds to a compiled class that copies and pickles
    its own C state (a deck): what Python's default pickling would take. Its
    ``__getstate__()`` (the class's own, or from Python 3.11 on object's), else (3.10)
    the same found here: the ``__dict__`` and the slots as ``(dict or None, {slot:
    value})`` (the dict alone without slots; ``None`` when the object has no field).
    Restored by :func:`set_fields_state`, or by pickle and ``copy``, which take the same
    form."""
    getstate = getattr(obj, "__getstate__", None)
    if getstate is not None:  # the class's own, or object's (Python 3.11 on: the same form)
        return getstate()
    return default_fields_state(obj)


def default_fields_state(obj: Any) -> Any:
    """Python 3.11's ``object.__getstate__()`` written out, for Python 3.10."""
    fields = getattr(obj, "__dict__", None) or None
    slots: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        names = cls.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):  # a private name, mangled
                name = f"_{cls.__name__.lstrip('_')}{name}"
            if hasattr(obj, name):  # (a slot never set is left unset)
                slots[name] = getattr(obj, name)
    return (fields, slots) if slots else fields


def set_fields_state(obj: Any, state: Any) -> None:
    """Give ``obj`` the fields :func:`fields_state` took, as unpickling does: its
    class's own ``__setstate__`` if it has one, else the dict's items into its
    ``__dict__`` and each slot set."""
    if state is None:
        return
    setstate = getattr(obj, "__setstate__", None)
    if setstate is not None:
        setstate(state)
        return
    fields, slots = state if isinstance(state, tuple) else (state, None)
    if fields:
        obj.__dict__.update(fields)
    for name, value in (slots or {}).items():
        setattr(obj, name, value)


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
