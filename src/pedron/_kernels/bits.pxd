# Portable bit tricks for 64-bit card masks (gcc/clang builtins, MSVC intrinsics: their C
# is in impl/portable.h), and the one binomial coefficient the kernels count card sets with.
from libc.stdint cimport uint64_t

cdef extern from "pedron/_kernels/impl/portable.h":
    int popcount64 "pedron_popcount64"(uint64_t x) noexcept nogil
    int ctz64 "pedron_ctz64"(uint64_t x) noexcept nogil   # undefined for x == 0


cdef inline uint64_t choose(int n, int k) noexcept nogil:
    """n choose k (0 when k < 0 or k > n); exact while the result fits 64 bits."""
    cdef uint64_t r = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * <uint64_t>(n - i) // <uint64_t>(i + 1)
    return r
