"""Indexing pedron's immutable value types from C as fast as a plain tuple.

pedron's records, legal actions, pots and moves are tuple subclasses
(:mod:`pedron.engine.frozen`). A tuple subclass made by a ``class`` statement
gets CPython's generic ``sq_item`` slot: ``tuple.__getitem__`` wraps the
mapping slot, not the sequence slot, so ``PySequence_GetItem`` on such an
object looks ``__getitem__`` up and calls it through its wrapper, about 800
instructions instead of 20. Python code never sees it (``x[0]`` takes the
mapping slot), but compiled code indexing with a C integer does: the engine's
move path, compiled from Python (``setup.py``, ``ENGINE``), indexes moves and
records this way on every move.

:func:`share_tuple_item` gives such a class the tuple's own ``sq_item``; it
refuses any class that defines ``__getitem__`` itself (its own item rule must
stay in charge). :func:`frozen` makes an instance of such a class in C.
"""

from cpython.type cimport PyType_IsSubtype

cdef extern from "Python.h":
    unsigned long Py_TPFLAGS_HEAPTYPE
    ctypedef struct PySequenceMethods:
        void* sq_item
    ctypedef struct Type "PyTypeObject":
        unsigned long tp_flags
        PySequenceMethods* tp_as_sequence


def share_tuple_item(cls):
    """Give ``cls``, a tuple subclass made by a class statement that keeps the
    tuple's ``__getitem__``, the tuple's own sequence item slot."""
    if not isinstance(cls, type) or not issubclass(cls, tuple):
        raise TypeError(f"not a tuple subclass: {cls!r}")
    cdef Type* t = <Type*>cls
    if not (t.tp_flags & Py_TPFLAGS_HEAPTYPE):
        raise TypeError(f"{cls.__name__} is not made by a class statement")
    for base in cls.__mro__[:-2]:  # (every class above tuple and object)
        if "__getitem__" in base.__dict__:
            raise TypeError(f"{base.__name__} defines __getitem__: its own rule stays")
    # (a heap type owns its sequence methods: this changes no other type's)
    t.tp_as_sequence.sq_item = (<Type*>tuple).tp_as_sequence.sq_item


cdef extern from *:
    """
    /* tuple.__new__(type, items) for a tuple subclass and an exact tuple, as
       CPython's own tuple_subtype_new makes it (allocate, copy the items), without
       the temporary tuple it copies them through. From 3.14, tuples cache their
       hash in a field this would have to reset: there, CPython's own function. */
    static PyObject *pedron_frozen_new(PyTypeObject *type, PyObject *items) {
    #if PY_VERSION_HEX < 0x030E0000
        Py_ssize_t i, n = PyTuple_GET_SIZE(items);
        PyObject *obj = type->tp_alloc(type, n);  /* (tracked by the collector) */
        if (obj == NULL)
            return NULL;
        for (i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(items, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(obj, i, item);
        }
        return obj;
    #else
        PyObject *args = PyTuple_Pack(1, items);
        PyObject *obj;
        if (args == NULL)
            return NULL;
        obj = PyTuple_Type.tp_new(type, args, NULL);
        Py_DECREF(args);
        return obj;
    #endif
    }
    """
    object pedron_frozen_new(type cls, tuple items)


cpdef object frozen(type cls, tuple items):
    """An instance of ``cls``, a tuple subclass, holding ``items``: what
    ``tuple.__new__(cls, items)`` makes, made in C (that call, from Python, goes
    through a wrapper and two argument tuples: several times the work)."""
    if not PyType_IsSubtype(cls, tuple) or cls is tuple:
        raise TypeError(f"not a tuple subclass: {cls!r}")
    return pedron_frozen_new(cls, items)
