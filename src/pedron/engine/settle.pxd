# Types of settle.py when compiled (setup.py, ENGINE).
cimport cython

from pedron.engine.actions cimport make_record
from pedron.engine.ledger cimport Ledger


@cython.final
cdef class Settlement:
    cdef public tuple pots, received, net, winners, pot_winners, live, committed
    cdef public object carry

    cpdef tuple _main_winners(self)


@cython.locals(pots=list, received=list, winners=list, pot_winners=list, n=Py_ssize_t,
               k=Py_ssize_t, showdown=bint, tied=list)
cpdef Settlement settle(Ledger ledger, order, strengths, emit, bint odd_chip_carry=*,
                        tie_carries=*)
cpdef Settlement pass_pot(Ledger ledger)
cpdef Settlement void(Ledger ledger, emit, str note)
