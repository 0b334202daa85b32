# Types of deal.py when compiled (setup.py, ENGINE): a hand is an extension type.
cimport cython

from pedron._kernels.tuples cimport frozen
from pedron.engine.actions cimport make_legal, make_record
from pedron.engine.deal cimport Deal
from pedron.engine.ledger cimport Ledger
from pedron.engine.settle cimport Settlement


cdef class Hand(Deal):
    cdef public object _hi, _lo, ante, bet_size, rate
    cdef public tuple candidates, dealt_in
    cdef public list cards, shown, queue
    cdef public bint opening

    cpdef tuple _kinds(self)
    @cython.locals(phase=str, stack=object, need=object)
    cpdef _option(self, str kind)
    @cython.locals(kind=str, phase=str, led=Ledger, hist=list, stacks=list, live=list)
    cpdef _play(self, move)
    cpdef _actor(self)
    cpdef _normalise(self, move, legal)
    @cython.locals(led=Ledger)
    cdef bint _start_ante(self)
    cdef _after_ante(self)
    @cython.locals(k=Py_ssize_t, i=Py_ssize_t, cards=list)
    cdef _deal(self)
    @cython.locals(led=Ledger, stacks=list, live=list)
    cdef _bet_cap(self)
    cdef _start_bet(self)
    cdef _after_matches(self)
    @cython.locals(live=list)
    cdef bint _others_in(self)
    @cython.locals(live=list)
    cdef _start_reveal(self)
    @cython.locals(live=list, hist=list, cards=list, shown=list, strengths=list, names=list)
    cdef _showdown(self)
    @cython.locals(done=Settlement, main=tuple)
    cdef _settle(self, strengths, names=*)
    cdef _finish(self, Settlement done, main_winner, tuple hands)
