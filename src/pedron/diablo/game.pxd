# Types of game.py when compiled (setup.py, ENGINE): a game is an extension type.
cimport cython

from pedron._kernels.tuples cimport frozen
from pedron.engine.actions cimport make_record
from pedron.engine.betting cimport BettingRound
from pedron.engine.deal cimport Deal
from pedron.engine.ledger cimport Ledger
from pedron.engine.settle cimport Settlement


cdef class Game(Deal):
    cdef public bint _checked, diablo, diablo_pot, wild
    cdef public list cards, declared, drawn, pile, queue, shown
    cdef public tuple dealt_in
    cdef public object game, limit, opener
    cdef public BettingRound round

    cpdef _actor(self)
    cpdef tuple _kinds(self)
    @cython.locals(phase=str, rnd=BettingRound)
    cpdef _option(self, str kind)
    @cython.locals(rnd=BettingRound, legal=tuple)
    cpdef tuple _all_legal(self)
    cpdef _normalise(self, move, legal)
    @cython.locals(phase=str, hist=list, rnd=BettingRound, kind=str)
    cpdef _play(self, move)
    cdef bint _may_open(self, seat)
    @cython.locals(led=Ledger, hist=list, k=Py_ssize_t, i=Py_ssize_t, cards=list,
                   rnd=BettingRound, receivers=tuple, dealt=tuple)
    cdef _start(self, str game)
    @cython.locals(live=list)
    cdef _after_first(self)
    @cython.locals(k=Py_ssize_t, pile=list, hist=list)
    cdef _do_draw(self, actor, tuple discards)
    @cython.locals(rnd=BettingRound)
    cdef _start_second(self)
    @cython.locals(live=list)
    cdef _start_showdown(self)
    @cython.locals(live=list, values=list, names=list, dead=list, hist=list)
    cdef _showdown(self)
    @cython.locals(led=Ledger, done=Settlement)
    cdef _pass(self)
    @cython.locals(led=Ledger, done=Settlement)
    cdef _settle(self, values, names=*, tuple dead=*)
    cdef _finish(self, Settlement done, net, bint passed, bint showdown, opener_won, paid, tuple hands,
                 tuple dead)
