# Types of shoe.py when compiled (setup.py, ENGINE): the shoe a deal calls for its deck.
cimport cython


@cython.final
cdef class Shoe:
    cdef public object make, size, rng, plan
    cdef public dict _decks

    cpdef fresh(self, players)
    cpdef ordered(self, players, order)
