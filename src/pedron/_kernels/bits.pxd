# Portable bit tricks for 64-bit card masks (gcc/clang builtins, MSVC intrinsics).
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int pedron_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
    static __inline int pedron_ctz64(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int pedron_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int pedron_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int popcount64 "pedron_popcount64"(uint64_t x) noexcept nogil
    int ctz64 "pedron_ctz64"(uint64_t x) noexcept nogil   # undefined for x == 0
