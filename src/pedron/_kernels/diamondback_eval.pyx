"""Diamondback kernels: batch hand evaluation and exact odds enumeration.

Hand strengths run from 1 (Priest-Priest) to 14 (Magician-Priestess); ranks are
Priest 0, King 1, Queen 2, Priestess 3, Magician 4; card ids 0..42 as in
:mod:`pedron.diamondback.cards`.

Batch evaluation reads each two-byte row as one 16-bit word and looks it up in
a 65536-entry byte table (one table for rank rows, one for card-id rows). The
table is symmetric (``t[a | b << 8] == t[b | a << 8]``), so the byte order of
the machine does not matter. Invalid rows map to a byte with bit 7 set; the
hot loop ORs every looked-up byte together and, only if bit 7 ended up set,
rescans to name the first bad row.

The C tables (strengths, rank of each id) live in ``diamondback_eval.pxd`` so
other kernels can cimport them.
"""

import array
import sys

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from pedron._kernels.exact cimport flag_arg, int_arg

from pedron.errors import ArrayError, PedronTypeError

cdef enum:
    INVALID = 0x80
    NUM_RANKS = 5
    NUM_IDS = 43
    MAX_OPPONENTS = 3

# Lookup tables indexed by a row's two bytes, a | b << 8: strength, or INVALID.
cdef uint8_t RANK_TABLE[65536]
cdef uint8_t ID_TABLE[65536]


cdef extern from *:
    """
    #if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) \\
        && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define PEDRON_LITTLE_ENDIAN 0
    #else
    #define PEDRON_LITTLE_ENDIAN 1
    #endif
    """
    const int PEDRON_LITTLE_ENDIAN


cdef void _init_tables():
    cdef int i, a, b
    for i in range(65536):
        RANK_TABLE[i] = INVALID
        ID_TABLE[i] = INVALID
    for a in range(NUM_RANKS):
        for b in range(NUM_RANKS):
            if STRENGTH_C[a][b]:
                RANK_TABLE[a | (b << 8)] = STRENGTH_C[a][b]
    for a in range(NUM_IDS):
        for b in range(NUM_IDS):
            if a != b:
                ID_TABLE[a | (b << 8)] = STRENGTH_C[RANK_OF_ID_C[a]][RANK_OF_ID_C[b]]


_init_tables()


def kernel_tables():
    """The kernel's strength table (5x5 tuple) and rank-of-id tuple, for tests."""
    return (
        tuple(tuple(STRENGTH_C[a][b] for b in range(5)) for a in range(5)),
        tuple(RANK_OF_ID_C[i] for i in range(NUM_IDS)),
    )


# --------------------------------------------------------------------------
# batch evaluation

cdef inline uint8_t _lookup_rows(
    const uint8_t* src, uint8_t* dst, Py_ssize_t n, const uint8_t* table
) noexcept nogil:
    """dst[i] = table[row i]; returns the OR of every looked-up byte."""
    cdef Py_ssize_t i = 0
    cdef uint64_t w
    cdef uint32_t o0, o1
    cdef uint8_t acc = 0
    cdef uint8_t t0, t1, t2, t3, t4, t5, t6, t7
    cdef uint16_t key
    # eight rows (16 bytes) per step: two 64-bit loads, eight table lookups
    # (the rows' order within a word assumes a little-endian machine)
    while PEDRON_LITTLE_ENDIAN and i + 8 <= n:
        memcpy(&w, src + 2 * i, 8)
        t0 = table[<uint16_t>w]
        t1 = table[<uint16_t>(w >> 16)]
        t2 = table[<uint16_t>(w >> 32)]
        t3 = table[<uint16_t>(w >> 48)]
        memcpy(&w, src + 2 * i + 8, 8)
        t4 = table[<uint16_t>w]
        t5 = table[<uint16_t>(w >> 16)]
        t6 = table[<uint16_t>(w >> 32)]
        t7 = table[<uint16_t>(w >> 48)]
        dst[i] = t0
        dst[i + 1] = t1
        dst[i + 2] = t2
        dst[i + 3] = t3
        dst[i + 4] = t4
        dst[i + 5] = t5
        dst[i + 6] = t6
        dst[i + 7] = t7
        acc |= t0 | t1 | t2 | t3 | t4 | t5 | t6 | t7
        i += 8
    while i < n:
        memcpy(&key, src + 2 * i, 2)
        t0 = table[key]
        dst[i] = t0
        acc |= t0
        i += 1
    return acc


cdef extern from *:
    """
    /* Rank rows sixteen at a time (32 bytes in, 16 strengths out) with SSSE3:
       the strength of (a, b) is entry 5a + b of a 25-byte table, looked up by
       two pshufb (entries 0..15 and 16..24), so no row costs a memory load of
       its own. A row with a byte above 4 gives INVALID, as the byte table does
       (and Magician-Magician, whose entry is INVALID). Returns the number of
       rows done (a multiple of 16, the rest is the caller's) and ORs every
       strength into *acc. Built where the compiler has the target attribute,
       and used only when the CPU says it has SSSE3 (chosen at import). */
    #if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    #include <immintrin.h>
    #define PEDRON_HAVE_SSSE3_COPY 1
    __attribute__((target("ssse3")))
    static Py_ssize_t pedron_db_rank_rows_ssse3(const unsigned char* src, unsigned char* dst,
                                                Py_ssize_t n, const unsigned char* t25,
                                                unsigned char* acc) {
        const __m128i lo_t = _mm_loadu_si128((const __m128i*)t25);
        const __m128i hi_t = _mm_loadu_si128((const __m128i*)(t25 + 16));
        const __m128i low_byte = _mm_set1_epi16(0x00FF);
        const __m128i four = _mm_set1_epi8(4);
        const __m128i fifteen = _mm_set1_epi8(15);
        const __m128i sixteen = _mm_set1_epi8(16);
        const __m128i invalid = _mm_set1_epi8((char)0x80);
        const __m128i zero = _mm_setzero_si128();
        __m128i all = zero;
        Py_ssize_t i = 0;
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
            __m128i use_hi = _mm_cmpgt_epi8(idx, fifteen);  /* (good rows: idx <= 24) */
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
    static int pedron_db_cpu_has_ssse3(void) {
        __builtin_cpu_init();
        return __builtin_cpu_supports("ssse3");
    }
    #else
    #define PEDRON_HAVE_SSSE3_COPY 0
    static Py_ssize_t pedron_db_rank_rows_ssse3(const unsigned char* src, unsigned char* dst,
                                                Py_ssize_t n, const unsigned char* t25,
                                                unsigned char* acc) {
        return 0;
    }
    static int pedron_db_cpu_has_ssse3(void) { return 0; }
    #endif
    """
    Py_ssize_t rank_rows_ssse3 "pedron_db_rank_rows_ssse3"(
        const uint8_t* src, uint8_t* dst, Py_ssize_t n, const uint8_t* t25,
        uint8_t* acc) noexcept nogil
    bint cpu_has_ssse3 "pedron_db_cpu_has_ssse3"() noexcept nogil


# The strength of ranks (a, b) at 5a + b (INVALID for Magician-Magician), 32 bytes
# for the two 16-byte halves the vector lookup reads.
cdef uint8_t RANK_T25[32]
for _a in range(32):
    RANK_T25[_a] = INVALID
for _a in range(NUM_RANKS):
    for _b in range(NUM_RANKS):
        RANK_T25[5 * _a + _b] = RANK_TABLE[_a | (_b << 8)]
del _a, _b
# Whether this CPU runs the vector loop: found once at import, constant afterwards.
cdef bint HAVE_SSSE3 = cpu_has_ssse3()


cdef inline uint8_t _lookup_rank_rows(const uint8_t* src, uint8_t* dst, Py_ssize_t n) noexcept nogil:
    """:func:`_lookup_rows` for rank rows, sixteen at a time where the CPU can."""
    cdef uint8_t acc = 0
    cdef Py_ssize_t done = 0
    if HAVE_SSSE3:
        done = rank_rows_ssse3(src, dst, n, RANK_T25, &acc)
    return acc | _lookup_rows(src + 2 * done, dst + done, n - done, &RANK_TABLE[0])


cdef Py_ssize_t _first_bad_row(
    const uint8_t* src, Py_ssize_t n, const uint8_t* table
) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint16_t key
    for i in range(n):
        memcpy(&key, src + 2 * i, 2)
        if table[key] & INVALID:
            return i
    return -1


_UINT8_FORMATS = frozenset(("B", "=B", "<B", ">B", "@B"))


def _rows_view(cards):
    """A flat read-only byte memoryview of an (n, 2) uint8 buffer, and n."""
    try:
        mv = memoryview(cards)
    except TypeError:
        if isinstance(cards, (list, tuple)):
            values = []
            for row in tuple(cards):  # rows read once each: iterators, lists changing...
                if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
                    raise ArrayError("cards must be a sequence of rows of two values")
                row = tuple(row)
                if len(row) != 2:
                    raise ArrayError("cards must be a sequence of rows of two values")
                for x in row:
                    x = int_arg(x, "a rank or card id")
                    if not 0 <= x <= 255:
                        raise ArrayError(f"cards must be (n, 2) values 0..255, not {x}")
                    values.append(x)
            return memoryview(array.array("B", values)), len(values) // 2
        raise PedronTypeError(
            "cards must be an (n, 2) uint8 buffer (numpy array, bytes, array('B')...), "
            f"not {type(cards).__name__}"
        ) from None
    if mv.format not in _UINT8_FORMATS:
        raise ArrayError(f"cards must hold uint8 values, not format {mv.format!r}")
    if not mv.c_contiguous:
        raise ArrayError("cards must be C-contiguous (numpy.ascontiguousarray helps)")
    if mv.ndim == 2:
        if mv.shape[1] != 2:
            raise ArrayError(f"cards must have shape (n, 2), not {tuple(mv.shape)}")
    elif mv.ndim == 1:
        if mv.shape[0] % 2:
            raise ArrayError(
                f"a flat cards buffer needs an even length (two per hand), not {mv.shape[0]}"
            )
    else:
        raise ArrayError(f"cards must have shape (n, 2), not {tuple(mv.shape)}")
    n = mv.nbytes // 2
    if n == 0:
        return memoryview(b""), 0
    if mv.format != "B":
        mv = mv.cast("B", (mv.nbytes,)) if mv.ndim == 1 else mv.cast("B")
    if mv.ndim != 1:
        mv = mv.cast("B")
    return mv, n


def _new_out(cards, Py_ssize_t n):
    np = sys.modules.get("numpy")
    if np is not None and isinstance(cards, np.ndarray):
        return np.empty(n, dtype=np.uint8)
    return array.array("B", bytes(n))


def _out_view(out, Py_ssize_t n):
    try:
        mv = memoryview(out)
    except TypeError:
        raise PedronTypeError(
            f"out must be a writable uint8 buffer, not {type(out).__name__}"
        ) from None
    if mv.readonly:
        raise ArrayError("out must be writable")
    if mv.format not in _UINT8_FORMATS:
        raise ArrayError(f"out must hold uint8 values, not format {mv.format!r}")
    if not mv.c_contiguous:
        raise ArrayError("out must be C-contiguous")
    if mv.ndim != 1 or mv.shape[0] != n:
        raise ArrayError(f"out must have shape ({n},), not {tuple(mv.shape)}")
    if mv.format != "B":
        mv = mv.cast("B")
    return mv


def _describe_bad_row(Py_ssize_t i, int a, int b, bint ids):
    if ids:
        for x in (a, b):
            if x >= NUM_IDS:
                return f"row {i}: card id {x} out of range 0..42"
        return f"row {i}: the same card id {a} twice in one hand"
    for x in (a, b):
        if x >= NUM_RANKS:
            return f"row {i}: rank {x} out of range 0..4 (pass ids=True for card ids)"
    return f"row {i}: Magician-Magician ({a}, {b}) cannot be dealt"


cdef object _batch(object cards, object out, bint ids, bint check):
    cdef Py_ssize_t n
    src_obj, n = _rows_view(cards)
    if out is None:
        out = _new_out(cards, n)
    dst_obj = _out_view(out, n)
    if n == 0:
        return out
    cdef const uint8_t[::1] src = src_obj
    cdef uint8_t[::1] dst = dst_obj
    if (<const uint8_t*>&dst[0] < &src[0] + 2 * n
            and &src[0] < <const uint8_t*>&dst[0] + n):
        # ``out`` shares memory with ``cards``: read a private copy, or the
        # results would overwrite rows not read yet (and the rescan for the
        # first bad row could miss it).
        src = bytes(src_obj)
    cdef const uint8_t* table = &RANK_TABLE[0]
    if ids:
        table = &ID_TABLE[0]
    cdef const uint8_t* s = &src[0]
    cdef uint8_t* d = &dst[0]
    cdef uint8_t acc
    cdef Py_ssize_t bad
    with nogil:
        if ids:
            acc = _lookup_rows(s, d, n, table)
        else:
            acc = _lookup_rank_rows(s, d, n)
    if check and (acc & INVALID):
        with nogil:
            bad = _first_bad_row(s, n, table)
        if bad < 0:  # cannot happen without aliasing, which is handled above
            raise ArrayError("invalid row (the input changed while it was evaluated)")
        raise ArrayError(_describe_bad_row(bad, s[2 * bad], s[2 * bad + 1], ids))
    return out


def evaluate_batch(cards, out=None, *, ids=False):
    """Strengths (1..14) of many two-card hands, validated.

    ``cards`` is an (n, 2) C-contiguous uint8 buffer (or a flat one of length
    2n): numpy arrays are used without copying; ``bytes``, ``bytearray``,
    ``array('B')`` and ``memoryview`` work too, and a list of pairs is copied.
    Values are ranks 0..4 by default, card ids 0..42 with ``ids=True``.

    The result goes into ``out`` (a writable C-contiguous uint8 buffer of
    length n) if given, else into a new numpy uint8 array when ``cards`` is a
    numpy array, else into a new ``array('B')``; it is returned. The GIL is
    released while evaluating.

    Raises :class:`~pedron.errors.ArrayError` naming the first bad row: a rank
    above 4 (or id above 42), Magician-Magician, or the same id twice; ``out``
    is then partly written.
    """
    return _batch(cards, out, flag_arg(ids, "ids"), True)


def evaluate_batch_unchecked(cards, out=None, *, ids=False):
    """As :func:`evaluate_batch` but without checking the rows' values.

    Shapes and types are still checked (memory safety); an invalid row (bad
    rank or id, Magician-Magician, a repeated id) yields the byte 0x80 (128)
    instead of raising.
    """
    return _batch(cards, out, flag_arg(ids, "ids"), False)


# --------------------------------------------------------------------------
# odds in play

cdef enum:
    WIN = 0
    SHARE2 = 1
    SHARE3 = 2
    SHARE4 = 3
    CARRY = 4
    LOSE = 5

cdef struct OddsState:
    int k                       # opponents still in
    int hero                    # hero's strength
    bint carry                  # every hand equal: the pot carries (else all k+1 divide it)
    int rev[8]                  # revealed rank per opponent, -1 if none yet (3 used)
    uint64_t cnt[5]             # unseen cards per rank
    uint64_t rem[8]             # rem[j]: ways to give opponents j..k-1 their hidden cards
    uint64_t acc[6]


cdef void _walk(OddsState* st, int j, uint64_t w, int ties) noexcept nogil:
    """Give opponent j his hidden card(s), for every rank (pair), weighted by card counts."""
    cdef int x, y, s, r
    cdef uint64_t cx, cy, ways
    if j >= st.k or j >= MAX_OPPONENTS:
        if ties == 0:
            st.acc[WIN] += w
        elif ties == st.k and st.carry:
            st.acc[CARRY] += w
        else:
            st.acc[SHARE2 + ties - 1] += w
        return
    r = st.rev[j]
    if r >= 0:
        for x in range(NUM_RANKS):
            cx = st.cnt[x]
            if cx == 0:
                continue
            s = STRENGTH_C[r][x]
            if s > st.hero:
                st.acc[LOSE] += w * cx * st.rem[j + 1]
                continue
            st.cnt[x] = cx - 1
            _walk(st, j + 1, w * cx, ties + (s == st.hero))
            st.cnt[x] = cx
        return
    for x in range(NUM_RANKS):
        cx = st.cnt[x]
        if cx == 0:
            continue
        if cx >= 2:  # a pair of rank x (never Magicians: there is one)
            ways = cx * (cx - 1) // 2
            s = STRENGTH_C[x][x]
            if s > st.hero:
                st.acc[LOSE] += w * ways * st.rem[j + 1]
            else:
                st.cnt[x] = cx - 2
                _walk(st, j + 1, w * ways, ties + (s == st.hero))
                st.cnt[x] = cx
        for y in range(x + 1, NUM_RANKS):
            cy = st.cnt[y]
            if cy == 0:
                continue
            ways = cx * cy
            s = STRENGTH_C[x][y]
            if s > st.hero:
                st.acc[LOSE] += w * ways * st.rem[j + 1]
                continue
            st.cnt[x] = cx - 1
            st.cnt[y] = cy - 1
            _walk(st, j + 1, w * ways, ties + (s == st.hero))
            st.cnt[x] = cx
            st.cnt[y] = cy


def odds_counts(int hero, counts, revealed, bint carry=True):
    """Weighted counts of showdown outcomes for one player (the hero).

    ``hero`` is the hero's strength (1..14); ``counts`` the number of unseen
    cards of each rank (5 ints, the cards that may be in opponents' hidden
    hands); ``revealed`` one entry per opponent still in: his revealed rank
    (0..4) or -1 before the reveal. Every way of giving each opponent his
    hidden card(s) from the unseen cards is counted once (cards are distinct,
    each opponent's hand is an unordered set).

    ``carry`` says what happens when every hand in the showdown is equal:
    True (default) the pot carries over (counted as ``carry``); False it is
    divided among all of them (counted as ``share`` of that many hands). The
    table's tie rule decides which (:func:`pedron.diamondback.odds`).

    Returns ``(win, share2, share3, share4, carry, lose, total)``: ``shareW``
    counts the deals where the pot is divided among W tied best hands (hero
    included); ``total`` is their sum. Inputs are not checked for consistency
    with a real deck (the Python layer
    validates them); the kernel still rejects what would make it misbehave:
    not 1..3 opponents, counts outside 0..255, too few unseen cards.
    """
    cdef OddsState st
    cdef int j, k = len(revealed)
    cdef uint64_t pool = 0, n
    # immutable copies: the checks below may run Python code, and the sequences
    # are indexed without bounds checks
    counts = tuple(counts)
    revealed = tuple(revealed)
    k = len(revealed)
    if not 0 < k <= MAX_OPPONENTS:
        raise ArrayError(f"odds_counts needs 1..3 opponents, not {k}")
    if len(counts) != NUM_RANKS:
        raise ArrayError("odds_counts needs 5 rank counts")
    if not 1 <= hero <= 14:
        raise ArrayError(f"hero strength must be 1..14, not {hero}")
    st.k = k
    st.hero = hero
    st.carry = carry
    for j in range(NUM_RANKS):
        if not 0 <= counts[j] <= 255:  # keeps every weight far below 2**64
            raise ArrayError(f"unseen count out of range 0..255: {counts[j]!r}")
        st.cnt[j] = counts[j]
        pool += st.cnt[j]
    for j in range(6):
        st.acc[j] = 0
    for j in range(k):
        st.rev[j] = -1 if revealed[j] is None else revealed[j]
        if not -1 <= st.rev[j] < NUM_RANKS:
            raise ArrayError(f"revealed rank out of range: {revealed[j]!r}")
    # rem[j] = product over opponents j..k-1 of their number of hidden hands
    n = pool
    for j in range(k):
        n -= 1 if st.rev[j] >= 0 else 2
    if n > pool:  # wrapped: not enough cards
        raise ArrayError("not enough unseen cards for the opponents' hidden cards")
    st.rem[k] = 1
    for j in range(k - 1, -1, -1):
        if st.rev[j] >= 0:
            n += 1
            st.rem[j] = st.rem[j + 1] * n
        else:
            n += 2
            st.rem[j] = st.rem[j + 1] * (n * (n - 1) // 2)
    with nogil:
        _walk(&st, 0, 1, 0)
    return (
        st.acc[WIN], st.acc[SHARE2], st.acc[SHARE3], st.acc[SHARE4],
        st.acc[CARRY], st.acc[LOSE], st.rem[0],
    )
