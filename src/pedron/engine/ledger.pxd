# Types of ledger.py when compiled (setup.py, ENGINE): the ledger is an extension
# type, its lists read in C by the engine's other compiled modules.
cimport cython

from pedron._kernels.tuples cimport frozen


@cython.final
cdef class Ledger:
    cdef public list stacks, committed, levels, live
    cdef public dict marks
    cdef public object carry, total

    cpdef begin(self, dealt_in)
    @cython.locals(stack=object, before=object, level=object, marks=list)
    cpdef pay(self, Py_ssize_t seat, chips, units=*, unit_chips=*)
    cpdef fold(self, Py_ssize_t seat)
    cpdef chips_at(self, Py_ssize_t seat, level)
    @cython.locals(stacks=list, live=list, committed=list, n=Py_ssize_t, s=Py_ssize_t,
                   in_hand=list, paid=list, short=bint)
    cpdef list pots(self)
    cpdef settle(self, payouts, carry)
    @cython.locals(stacks=list, committed=list, negative=bint)
    cpdef check(self)
    cpdef Ledger copy(self)
