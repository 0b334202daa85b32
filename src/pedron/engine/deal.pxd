# Types of deal.py when compiled (setup.py, ENGINE): a deal is an extension type
# whose protocol methods are C calls between the base and each game's deal.
cimport cython

from pedron.engine.actions cimport make_record
from pedron.engine.ledger cimport Ledger


@cython.final
cdef class DealContext:
    cdef public object rules, number, dealer, seats, n, deck, extra
    cdef public Ledger ledger


cdef class Deal:
    cdef public object _listener, _mine, _patched, _pots, _seen, _shoe
    cdef public list _ops_to, _log_to
    cdef public tuple _legal
    cdef public frozenset _normalised, _chipless
    cdef public list _moves, _seats, history
    cdef public object dealer, deck, extra, final, number, order, result, rules, to_act
    cdef public str phase
    cdef public bint done
    cdef public Py_ssize_t n
    cdef public Ledger ledger

    cdef _begin(self, DealContext ctx)
    cpdef tuple _kinds(self)
    cpdef _option(self, str kind)
    cpdef _play(self, move)
    cpdef _actor(self)
    cpdef _normalise(self, move, legal)
    cpdef tuple current_pots(self)
    cpdef list legal_actions(self)
    cpdef tuple _legal_now(self)
    @cython.locals(out=list)
    cpdef tuple _all_legal(self)
    cpdef _legal_of(self, str kind)
    @cython.locals(cls=type, kind=str)
    cpdef tuple _verified(self, action)
    cpdef tuple apply(self, action)
    @cython.locals(history=list, start=Py_ssize_t)
    cdef Py_ssize_t _apply(self, action) except -1
    cpdef _finished(self)
    @cython.locals(history=list, seen=list, public=list, own=list, k=Py_ssize_t,
                   i=Py_ssize_t, p=Py_ssize_t, positions=list)
    cpdef tuple seen_by(self, viewer)
    @cython.locals(led=Ledger)
    cpdef tuple _view_head(self, seat, dealt_in, bet)


cpdef check_against(legal, move, actor)
