from libc.stdint cimport uint64_t

cdef class CardSet:
    cdef readonly uint64_t mask
    cdef uint64_t _other(self, other) except? 0

cdef CardSet make_set(type cls, uint64_t mask)
