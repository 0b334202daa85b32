/* The vector fast paths of the kernels (see simd.h), and the choice among them. */
#include "simd.h"

#if !defined(PEDRON_PLAIN) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PEDRON_HAVE_SIMD 1
#else
#define PEDRON_HAVE_SIMD 0
#endif

#if PEDRON_HAVE_SIMD
#include <immintrin.h>

/* One straight loop over the block's bytes with no per-row branch: byte j is
   compared with bytes j + 1 .. j + 4, each comparison kept only when both bytes
   are of one row (the pair masks), and the largest byte gives the range check. gcc
   -O3 and clang vectorise it (16 bytes a step with the SSE2 of every x86-64: 5 loads,
   4 compares, 4 masks, 1 max; 32 with AVX2). The same body is compiled twice, for
   the x86-64 baseline and for AVX2, and the CPU decides at import. */
#define PEDRON_BLOCK_CHECK_BODY                                                  \
    unsigned char dup = 0, top = 0;                                              \
    int j;                                                                       \
    const unsigned char* m1 = pair;                                              \
    const unsigned char* m2 = pair + PEDRON_BLOCK_BYTES;                         \
    const unsigned char* m3 = pair + 2 * PEDRON_BLOCK_BYTES;                     \
    const unsigned char* m4 = pair + 3 * PEDRON_BLOCK_BYTES;                     \
    for (j = 0; j < PEDRON_BLOCK_BYTES; j++) {                                   \
        unsigned char c = p[j];                                                  \
        top = c > top ? c : top;                                                 \
        dup |= (unsigned char)((-(unsigned char)(c == p[j + 1]) & m1[j])         \
                               | (-(unsigned char)(c == p[j + 2]) & m2[j])       \
                               | (-(unsigned char)(c == p[j + 3]) & m3[j])       \
                               | (-(unsigned char)(c == p[j + 4]) & m4[j]));     \
    }                                                                            \
    return (dup != 0) | (top >= 52);

static int block_check_sse2(const unsigned char* p, const unsigned char* pair) {
    PEDRON_BLOCK_CHECK_BODY
}

__attribute__((target("avx2")))
static int block_check_avx2(const unsigned char* p, const unsigned char* pair) {
    PEDRON_BLOCK_CHECK_BODY
}

/* Rank rows sixteen at a time (32 bytes in, 16 strengths out) with SSSE3: the
   strength of (a, b) is entry 5a + b of the 25-byte table, looked up by two pshufb
   (entries 0..15 and 16..24), so no row costs a memory load of its own. */
__attribute__((target("ssse3")))
static ptrdiff_t rank_rows_ssse3(const unsigned char* src, unsigned char* dst, ptrdiff_t n,
                                 const unsigned char* t25, unsigned char* acc) {
    const __m128i lo_t = _mm_loadu_si128((const __m128i*)t25);
    const __m128i hi_t = _mm_loadu_si128((const __m128i*)(t25 + 16));
    const __m128i low_byte = _mm_set1_epi16(0x00FF);
    const __m128i four = _mm_set1_epi8(4);
    const __m128i fifteen = _mm_set1_epi8(15);
    const __m128i sixteen = _mm_set1_epi8(16);
    const __m128i invalid = _mm_set1_epi8((char)0x80);
    const __m128i zero = _mm_setzero_si128();
    __m128i all = zero;
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i v0 = _mm_loadu_si128((const __m128i*)(src + 2 * i));
        __m128i v1 = _mm_loadu_si128((const __m128i*)(src + 2 * i + 16));
        /* 16-bit lanes a | b << 8: index 5a + b (saturated to a byte below) */
        __m128i a0 = _mm_and_si128(v0, low_byte), b0 = _mm_srli_epi16(v0, 8);
        __m128i a1 = _mm_and_si128(v1, low_byte), b1 = _mm_srli_epi16(v1, 8);
        __m128i i0 = _mm_add_epi16(_mm_add_epi16(a0, _mm_slli_epi16(a0, 2)), b0);
        __m128i i1 = _mm_add_epi16(_mm_add_epi16(a1, _mm_slli_epi16(a1, 2)), b1);
        __m128i idx = _mm_packus_epi16(i0, i1);
        /* a row is good when both its bytes are at most 4: lane 0xFFFF */
        __m128i g0 = _mm_cmpeq_epi16(_mm_subs_epu8(v0, four), zero);
        __m128i g1 = _mm_cmpeq_epi16(_mm_subs_epu8(v1, four), zero);
        __m128i good = _mm_packs_epi16(g0, g1);
        __m128i lo = _mm_shuffle_epi8(lo_t, idx);
        __m128i hi = _mm_shuffle_epi8(hi_t, _mm_sub_epi8(idx, sixteen));
        __m128i use_hi = _mm_cmpgt_epi8(idx, fifteen); /* (good rows: idx <= 24) */
        __m128i st = _mm_or_si128(_mm_and_si128(use_hi, hi), _mm_andnot_si128(use_hi, lo));
        st = _mm_or_si128(_mm_and_si128(good, st), _mm_andnot_si128(good, invalid));
        _mm_storeu_si128((__m128i*)(dst + i), st);
        all = _mm_or_si128(all, st);
    }
    all = _mm_or_si128(all, _mm_srli_si128(all, 8));
    all = _mm_or_si128(all, _mm_srli_si128(all, 4));
    all = _mm_or_si128(all, _mm_srli_si128(all, 2));
    all = _mm_or_si128(all, _mm_srli_si128(all, 1));
    *acc |= (unsigned char)_mm_cvtsi128_si32(all);
    return i;
}
#endif

pedron_block_check_fn pedron_choose_block_check(const char** name) {
#if PEDRON_HAVE_SIMD
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        *name = "avx2";
        return block_check_avx2;
    }
    *name = "sse2";
    return block_check_sse2;
#else
    *name = "none";
    return NULL;
#endif
}

pedron_rank_rows_fn pedron_choose_rank_rows(const char** name) {
#if PEDRON_HAVE_SIMD
    __builtin_cpu_init();
    if (__builtin_cpu_supports("ssse3")) {
        *name = "ssse3";
        return rank_rows_ssse3;
    }
#endif
    *name = "none";
    return NULL;
}
