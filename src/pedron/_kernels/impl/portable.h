/* Portable C that the kernels need and Cython cannot write: bit counts through the
   compiler's builtins, an exact comparison of two fractions, a pointer published to
   other threads, the byte order, and the Diamondback strength tables that other
   kernels read as C constants.

   Plain C99 (MSVC intrinsics where gcc/clang builtins are missing); no Python API.
   Declared for Cython in bits.pxd, draw_kernel.pxd and diamondback_eval.pxd. */
#ifndef PEDRON_PORTABLE_H
#define PEDRON_PORTABLE_H

#include <stdint.h>

/* -- 64-bit card masks -------------------------------------------------------- */
#if defined(_MSC_VER)
#include <intrin.h>
static __inline int pedron_popcount64(uint64_t x) { return (int)__popcnt64(x); }
/* undefined for x == 0, like __builtin_ctzll */
static __inline int pedron_ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int pedron_popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int pedron_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

/* -- exact fractions ------------------------------------------------------------ */
/* The sign of a/b - c/d for b, d > 0, exactly: the cross products need up to 127
   bits, which a 128-bit integer holds (gcc and clang on 64-bit targets). */
static inline int pedron_cmp_frac(int64_t a, uint64_t b, int64_t c, uint64_t d) {
#if defined(__SIZEOF_INT128__)
    __int128 x = (__int128)a * (__int128)d, y = (__int128)c * (__int128)b;
#else
    long double x = (long double)a * (long double)d, y = (long double)c * (long double)b;
#endif
    return (x > y) - (x < y);
}

/* -- publishing a pointer to other threads ---------------------------------------- */
/* A slot written once (under its owner's lock) and read by any thread without one: the
   store releases what was built before it, the load acquires it, so a reader that sees
   the pointer sees the object it points to complete (also on a free-threaded
   interpreter, and on CPUs that reorder memory more than x86 does). */
#if defined(_MSC_VER)
static __inline void* pedron_load_acquire(void* const* slot) {
    void* value = *(void* volatile const*)slot; /* (x86-64: every load acquires) */
    _ReadWriteBarrier();
    return value;
}
static __inline void pedron_store_release(void** slot, void* value) {
    _ReadWriteBarrier();
    *(void* volatile*)slot = value; /* (x86-64: every store releases) */
}
#else
static inline void* pedron_load_acquire(void* const* slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}
static inline void pedron_store_release(void** slot, void* value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}
#endif

/* -- byte order ------------------------------------------------------------------ */
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) \
    && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PEDRON_LITTLE_ENDIAN 0
#else
#define PEDRON_LITTLE_ENDIAN 1
#endif

/* -- Diamondback ------------------------------------------------------------------ */
/* Strength of ranks (a, b): 14 Magician-Priestess .. 1 Priest-Priest; 0 for
   Magician-Magician, which cannot be dealt. Ranks: Priest 0, King 1, Queen 2,
   Priestess 3, Magician 4. */
static const unsigned char pedron_db_strength[5][5] = {
    {1, 2, 3, 8, 6},
    {2, 4, 7, 10, 11},
    {3, 7, 5, 9, 12},
    {8, 10, 9, 13, 14},
    {6, 11, 12, 14, 0},
};
/* Rank of each card id 0..42: id 0 the Magician, then per deck five Priests, four
   Kings, three Queens, two Priestesses. */
static const unsigned char pedron_db_rank_of_id[43] = {
    4,
    0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3,
    0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3,
    0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3,
};

#endif
