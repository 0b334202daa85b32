"""Immutable value types: tuples with named fields.

Records, legal actions, pots and moves are shared freely: between a deal and
every view of it, between deals (records that recur are built once), between
threads. A frozen dataclass can still be changed with ``object.__setattr__``,
and one such change would then show in every place that shares the object. A
tuple cannot be changed at all, so these types are tuples: :class:`Frozen`
gives each a name per position (read-only properties), equality only with
its own type, a ``repr`` with the names, and pickling.
"""

from __future__ import annotations

import inspect
from operator import itemgetter
from typing import Any, ClassVar, TypeVar

from pedron._kernels.tuples import frozen, share_tuple_item

__all__ = ["Frozen", "fields"]

F = TypeVar("F", bound="type[Frozen]")


def _make(cls: type[Frozen], items: tuple[Any, ...]) -> Frozen:
    return frozen(cls, tuple(items))


class Frozen(tuple):  # type: ignore[type-arg]
    """Base of pedron's immutable value types (see :func:`fields`)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({body})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make, (type(self), tuple(self)))

    def __copy__(self) -> Frozen:
        return self

    def __deepcopy__(self, memo: Any) -> Frozen:
        return self

    def as_dict(self) -> dict[str, Any]:
        """The fields by name."""
        return dict(zip(self._fields, self, strict=True))

    @classmethod
    def from_fields(cls, values: Any) -> Any:
        """An instance from its field values in order (checked for their number)."""
        values = tuple(values)
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} has {len(cls._fields)} fields, not {len(values)}")
        return frozen(cls, values)


def fields(cls: F) -> F:
    """Give a :class:`Frozen` subclass a read-only property per annotated field.

    The class annotates its fields in order (``amount: int``) and defines
    ``__new__`` building the tuple in that order; the annotations tell type
    checkers the attribute types, and this decorator adds the properties.
    """
    # The fields of the nearest base made by this decorator come first, then the
    # class's own (an annotation on an undecorated base only informs type checkers).
    names = list(next(k.__dict__["_fields"] for k in cls.__mro__[1:] if "_fields" in k.__dict__))
    for name, kind in inspect.get_annotations(cls).items():
        if "ClassVar" not in str(kind) and name not in names:
            names.append(name)
    for i, name in enumerate(names):
        setattr(cls, name, property(itemgetter(i), doc=f"Field {i}: {name}."))
    cls._fields = tuple(names)
    share_tuple_item(cls)  # (compiled code indexes it as fast as a tuple: see the kernel)
    return cls
