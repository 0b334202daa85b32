# Types of pots.py when compiled (setup.py, ENGINE).
cimport cython

from pedron._kernels.tuples cimport frozen


@cython.locals(n=Py_ssize_t, s=Py_ssize_t, b=Py_ssize_t, live_seats=list, caps=list,
               bounds=list, pots=list, prev_chips=list, paid=list, last=bint)
cpdef list build_pots(committed, levels, live, all_in, carry=*, chips_at=*)


cpdef tuple from_left(Py_ssize_t dealer, Py_ssize_t n)
@cython.locals(s=Py_ssize_t)
cpdef next_clockwise(Py_ssize_t seat, Py_ssize_t n, allowed)
