# Types of betting.py when compiled (setup.py, ENGINE): a betting round is an
# extension type the Diablo game calls in C.
cimport cython

from pedron.engine.actions cimport make_legal, make_record
from pedron.engine.ledger cimport Ledger


@cython.final
cdef class BettingRound:
    cdef public bint all_in
    cdef public list bets, pending
    cdef public object current, max_bet, max_raise, max_raises, min_bet, min_raise, opener
    cdef public object raises
    cdef public tuple order
    cdef public Ledger ledger

    @cython.locals(led=Ledger, live=list, stacks=list)
    cpdef bint _others_can_respond(self, seat)
    cpdef option(self, str kind)
    @cython.locals(pending=list, out=list)
    cpdef tuple _legal(self)
    cpdef _option(self, str kind, seat, stack, need, bint others)
    cpdef list legal_actions(self)
    @cython.locals(led=Ledger, live=list, stacks=list)
    cpdef play(self, str kind, amount)
    @cython.locals(led=Ledger, live=list, stacks=list, pending=list, able=Py_ssize_t)
    cpdef _prune(self)
    cpdef BettingRound copy(self, Ledger ledger)


@cython.locals(out=list, stacks=list)
cpdef list collect_antes(Ledger ledger, seats, ante)
