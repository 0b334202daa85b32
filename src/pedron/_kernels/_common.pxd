# The arguments of both games' batch functions, checked and converted in one place
# (numpy.random's _common model): the cards, ``out`` and ``threads`` of
# pedron.diablo.evaluate_batch and pedron.diamondback.evaluate_batch, and the loop that
# runs a kernel over the rows, in one thread or several. See _common.pyx.
from libc.stddef cimport ptrdiff_t
from libc.stdint cimport uint8_t, uint64_t

# The vector fast paths (impl/simd.c, compiled into this module alone): their types,
# and below the functions that choose them for this CPU. See impl/simd.h.
cdef extern from "pedron/_kernels/impl/simd.h":
    enum:
        PEDRON_BLOCK_ROWS
        PEDRON_BLOCK_BYTES
    ctypedef int (*pedron_block_check_fn)(const uint8_t* rows, const uint8_t* pair) noexcept nogil
    ctypedef ptrdiff_t (*pedron_rank_rows_fn)(const uint8_t* src, uint8_t* dst, ptrdiff_t n,
                                              const uint8_t* t25, uint8_t* acc) noexcept nogil

cdef enum RowKind:
    CARD_ROWS = 0       # rows of ``width`` card bytes
    MASK_ROWS = 1       # one uint64 card mask a row (8-byte aligned)

# A kernel's loop over rows start..stop-1: writes their strengths into ``out`` (indexed
# by row) and returns the first bad row of the slice (checked loops) or -1. It runs
# without the GIL; ``options`` is the kernel's own (mode, checked or not).
ctypedef Py_ssize_t (*rows_fn)(const uint8_t* rows, Py_ssize_t start, Py_ssize_t stop,
                               void* out, const void* options) noexcept nogil

# What one game's batch takes and gives.
cdef struct BatchShape:
    int width               # cards in a row
    int out_itemsize        # bytes of a strength: 2 (uint16) or 1 (uint8)
    Py_ssize_t per_thread   # rows a thread must have at least (fewer threads otherwise)
    const char* no_masks    # why mask rows are refused, or NULL where they are accepted


cdef class Batch:
    cdef Py_ssize_t n                 # rows
    cdef int kind                     # CARD_ROWS or MASK_ROWS
    cdef object out                   # what the call returns: the caller's ``out`` or a new one
    cdef const BatchShape* shape
    cdef Py_ssize_t threads
    cdef Py_buffer cards_view
    cdef Py_buffer out_view
    cdef bint has_cards_view
    cdef bint has_out_view
    cdef object cards_copy            # bytes of the cards when they were copied (a list)
    cdef void* private_rows           # a copy of the rows (sharing memory with out, unaligned)
    cdef void* private_out            # aligned scratch for an unaligned out
    cdef const uint8_t* rows          # the rows the kernel reads
    cdef void* target                 # where the kernel writes

    cdef int read_cards(self, object cards) except -1
    cdef int open_out(self, object out, object cards) except -1
    cdef int separate(self) except -1
    cdef Py_ssize_t run(self, rows_fn fn, const void* options) except -2
    cdef bytes card_row(self, Py_ssize_t i)
    cdef uint64_t mask_row(self, Py_ssize_t i) noexcept
    cdef void release(self) noexcept


cdef Batch open_batch(object cards, object out, object threads, const BatchShape* shape)


# The vector loops for this CPU (NULL where this build or this CPU has none), and their
# names: called once, at a kernel's import.
cdef pedron_block_check_fn block_check_for_this_cpu(const char** name) noexcept
cdef pedron_rank_rows_fn rank_rows_for_this_cpu(const char** name) noexcept
