"""Diablo hand evaluation: five-card poker with deuces wild, and plain poker.

The tables are built at import by enumerating rank patterns (6,175 multisets
of five ranks and the 8,191 flush rank sets), never the 2,598,960 hands; see
the .pxd for the layout. Strengths are dense per mode: 1 is the worst hand,
equal strengths are exactly the ties.

The kernel returns plain data (strengths, tuples, lists); the value objects
of :mod:`pedron.diablo` are made by a factory that the layer above hands to a
:class:`ValueCache` it owns. The only module-level data are constant tables
filled once at import.

Internal module: the public API is :mod:`pedron.diablo`.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memset
from cpython.buffer cimport (
    PyBUF_ANY_CONTIGUOUS,
    PyBUF_C_CONTIGUOUS,
    PyBUF_FORMAT,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from cpython.object cimport PyObject

from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.cardset cimport CardSet
from pedron._kernels.exact cimport flag_arg, int_arg

from pedron._kernels.cardset import format_card, parse_card, parse_cards
from pedron._exact import exact_int
from pedron.errors import (
    CardError,
    DuplicateCardError,
    PedronTypeError,
    PedronValueError,
)

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object obj, int* overflow) except? -1
    PyObject** PySequence_Fast_ITEMS(object o)
    Py_ssize_t PySequence_Fast_GET_SIZE(object o)

# ---------------------------------------------------------------------------
# Constants

# Categories, higher is better (mirrored by pedron.diablo.Category).
cdef enum:
    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10
    N_CATEGORIES = 11       # index 0 unused

# Rank keys: the sums of any five of them (each used at most four times) are
# all distinct. Found by a greedy search (each key the smallest that keeps the
# sums distinct); the table build re-checks the property at import.
RANK_KEY_VALUES = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
cdef int RANK_KEYS[13]
for _r in range(13):
    RANK_KEYS[_r] = RANK_KEY_VALUES[_r]
del _r

cdef uint64_t ENTRY_W[256]
cdef uint64_t ENTRY_N[256]
cdef uint64_t CARD_BIT[256]
# The batch rows' entries: as ENTRY_* but the suit as a 3-bit count (bits 48 + 3s),
# so that one sum per row is enough (see lookup_sum); FLUSHABLE[suit counts].
cdef uint64_t SUM_ENTRY_W[256]
cdef uint64_t SUM_ENTRY_N[256]
cdef uint8_t FLUSHABLE[4096]
# The per-call path's non-flush strengths, dense: NONFLUSH_*[phash(key sum)], a
# perfect hash of the 6,175 key sums of five ranks that are not five of a kind
# (PH_SLOTS slots, 16 KB a mode, so they stay in the nearest caches; the
# key-sum table spans 794 KB, a miss for most calls, which the batch loops hide
# by overlapping rows but one call cannot). Filled from TABLE_* at import
# (build_phash), so both give the same strengths.
cdef enum:
    PH_SLOT_BITS = 13
    PH_SLOTS = 1 << PH_SLOT_BITS
    PH_BUCKET_BITS = 10
    PH_BUCKETS = 1 << PH_BUCKET_BITS
    N_NONFLUSH_KEYS = 6175
# The two multipliers (found by a search: with them every bucket's keys can be
# displaced into free slots; constants of the C code, so that the multiplications
# take them as immediates); PH_DISPLACE is filled at import.
cdef extern from *:
    """
    #define PEDRON_PH_SLOT_MUL 0xd8f16adfu
    #define PEDRON_PH_BUCKET_MUL 0xcd613e31u
    """
    const uint32_t PH_SLOT_MUL "PEDRON_PH_SLOT_MUL"
    const uint32_t PH_BUCKET_MUL "PEDRON_PH_BUCKET_MUL"
cdef uint16_t PH_DISPLACE[PH_BUCKETS]
cdef uint16_t NONFLUSH_W[PH_SLOTS]
cdef uint16_t NONFLUSH_N[PH_SLOTS]
cdef uint16_t TABLE_W[TABLE_SIZE]
cdef uint16_t TABLE_N[TABLE_SIZE]
cdef uint32_t RAW_W[8192]      # raw score of each strength (index = strength)
cdef uint32_t RAW_N[8192]
cdef uint8_t CAT_W[8192]       # category of each strength
cdef uint8_t CAT_N[8192]
cdef int COUNT_W = 0           # number of distinct strengths
cdef int COUNT_N = 0


cdef const uint64_t* card_entries(bint wild) noexcept nogil:
    return &ENTRY_W[0] if wild else &ENTRY_N[0]


cdef const uint16_t* strength_table(bint wild) noexcept nogil:
    return &TABLE_W[0] if wild else &TABLE_N[0]


# ---------------------------------------------------------------------------
# Table generation (runs once at import; a few milliseconds)
#
# A raw score is category << 20 followed by the five ranks the hand plays as,
# four bits each, most important first (bigger groups first, then higher
# ranks; a straight from the top down, the wheel as 5 4 3 2 A). Raw scores
# compare like hands; the dense strengths number the reachable raw scores.

cdef inline uint32_t pack(int cat, const int* rs) noexcept nogil:
    return ((<uint32_t>cat << 20) | (<uint32_t>rs[0] << 16) | (<uint32_t>rs[1] << 12)
            | (<uint32_t>rs[2] << 8) | (<uint32_t>rs[3] << 4) | <uint32_t>rs[4])


cdef int straight_top(unsigned int bits) noexcept nogil:
    """Top rank of the highest straight whose five ranks include ``bits``, or -1.

    The wheel (5-4-3-2-A) has top rank 3 (the five).
    """
    cdef int t
    cdef unsigned int window
    for t in range(12, 3, -1):
        window = 0x1F << (t - 4)
        if bits & ~window == 0:
            return t
    if bits & ~(<unsigned int>0x100F) == 0:
        return 3
    return -1


cdef void straight_ranks(int top, int* rs) noexcept nogil:
    cdef int i
    if top == 3:
        rs[0] = 3; rs[1] = 2; rs[2] = 1; rs[3] = 0; rs[4] = 12
    else:
        for i in range(5):
            rs[i] = top - i


cdef uint32_t score_counts(const int* cnt) noexcept nogil:
    """Plain poker value of five cards given as rank counts, not a flush.

    Five of a kind (a count of 5) ranks above everything.
    """
    cdef int rs[5]
    cdef int n = 0, c, r, i, c1 = 0, c2 = 0, top
    cdef unsigned int bits = 0
    for c in range(5, 0, -1):
        for r in range(12, -1, -1):
            if cnt[r] == c:
                if c1 == 0:
                    c1 = c
                elif c2 == 0:
                    c2 = c
                for i in range(c):
                    rs[n] = r
                    n += 1
                bits |= 1u << r
    if c1 == 5:
        return pack(FIVE_OF_A_KIND, rs)
    if c1 == 4:
        return pack(FOUR_OF_A_KIND, rs)
    if c1 == 3:
        return pack(FULL_HOUSE if c2 == 2 else THREE_OF_A_KIND, rs)
    if c1 == 2:
        return pack(TWO_PAIR if c2 == 2 else ONE_PAIR, rs)
    top = straight_top(bits)
    if top >= 0:
        straight_ranks(top, rs)
        return pack(STRAIGHT, rs)
    return pack(HIGH_CARD, rs)


cdef uint32_t wild_nonflush(const int* nc, int k) noexcept nogil:
    """Best value of natural rank counts ``nc`` plus ``k`` wilds, as a non-flush.

    Either every wild joins the biggest (then highest) group of naturals, or,
    when the naturals are all different ranks, the wilds complete the highest
    straight containing them (a wild may play as a 2 in the wheel).
    """
    cdef int cnt[13]
    cdef int r, g = -1, distinct = 1, top
    cdef int rs[5]
    cdef unsigned int bits = 0
    cdef uint32_t best, alt
    for r in range(13):
        cnt[r] = nc[r]
        if nc[r] > 1:
            distinct = 0
        if nc[r] > 0:
            bits |= 1u << r
            if g < 0 or nc[r] >= nc[g]:
                g = r
    if k == 0 or g < 0:
        return score_counts(cnt)
    cnt[g] += k
    best = score_counts(cnt)
    if distinct:
        top = straight_top(bits)
        if top >= 0:
            straight_ranks(top, rs)
            alt = pack(STRAIGHT, rs)
            if alt > best:
                best = alt
    return best


cdef uint32_t flush_value(unsigned int bits, int k) noexcept nogil:
    """Best value of naturals of one suit with rank bits ``bits`` plus ``k`` wilds.

    A straight flush if one contains the naturals (highest first); otherwise a
    flush in which each wild is the highest card of the suit not held. The
    non-flush possibilities (four or five of a kind with three or four wilds)
    compete too.
    """
    cdef int nc[13]
    cdef int rs[5]
    cdef int r, n = 0, top, left = k
    cdef uint32_t best, alt
    for r in range(13):
        nc[r] = (bits >> r) & 1
    top = straight_top(bits)
    if top >= 0:
        straight_ranks(top, rs)
        best = pack(STRAIGHT_FLUSH, rs)
    else:
        for r in range(12, -1, -1):
            if (bits >> r) & 1:
                rs[n] = r
                n += 1
            elif left > 0:
                rs[n] = r
                n += 1
                left -= 1
        best = pack(FLUSH, rs)
    alt = wild_nonflush(nc, k)
    return alt if alt > best else best


cdef int cmp_u32(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0], y = (<const uint32_t*>b)[0]
    return (x > y) - (x < y)


cdef int find_u32(const uint32_t* arr, int n, uint32_t x) noexcept nogil:
    cdef int lo = 0, hi = n - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if arr[mid] < x:
            lo = mid + 1
        elif arr[mid] > x:
            hi = mid - 1
        else:
            return mid
    return -1


cdef uint32_t RAW_NF[TABLE_SIZE]   # scratch: raw score per table slot (0 = unused)
cdef uint32_t RAWS[6175 + 8192]    # scratch: every raw score met, then the sorted distinct ones


cdef int build_mode(bint wild, uint16_t* table, uint32_t* raw_of, uint8_t* cat_of) except -1:
    cdef int r1, r2, r3, r4, r5, r, k, n_raw = 0, n_unique, i, pc
    cdef int cnt[13]
    cdef int key
    cdef unsigned int bits
    cdef uint32_t raw
    cdef uint32_t* raws = RAWS
    memset(RAW_NF, 0, sizeof(RAW_NF))
    # Non-flush: every multiset of five ranks with no rank five times.
    for r1 in range(13):
        for r2 in range(r1, 13):
            for r3 in range(r2, 13):
                for r4 in range(r3, 13):
                    for r5 in range(r4, 13):
                        if r1 == r5:
                            continue
                        memset(cnt, 0, sizeof(cnt))
                        cnt[r1] += 1; cnt[r2] += 1; cnt[r3] += 1; cnt[r4] += 1; cnt[r5] += 1
                        key = (RANK_KEYS[r1] + RANK_KEYS[r2] + RANK_KEYS[r3]
                               + RANK_KEYS[r4] + RANK_KEYS[r5])
                        if key >= FLUSH_BASE or RAW_NF[key] != 0:
                            raise RuntimeError("diablo_eval: rank keys are not distinct")
                        if wild:
                            k = cnt[0]
                            cnt[0] = 0
                            raw = wild_nonflush(cnt, k)
                        else:
                            raw = score_counts(cnt)
                        RAW_NF[key] = raw
                        raws[n_raw] = raw
                        n_raw += 1
    # Flush candidates: rank sets of the naturals of one suit.
    for bits in range(1, 8192):
        pc = 0
        for r in range(13):
            pc += (bits >> r) & 1
        if wild:
            if bits & 1 or pc > 5:
                continue
            raw = flush_value(bits, 5 - pc)
        else:
            if pc != 5:
                continue
            raw = flush_value(bits, 0)
        RAW_NF[FLUSH_BASE + bits] = raw
        raws[n_raw] = raw
        n_raw += 1
    qsort(raws, n_raw, sizeof(uint32_t), cmp_u32)
    n_unique = 0
    for i in range(n_raw):
        if n_unique == 0 or raws[i] != raws[n_unique - 1]:
            raws[n_unique] = raws[i]
            n_unique += 1
    if n_unique >= 8192:
        raise RuntimeError("diablo_eval: too many strengths")
    raw_of[0] = 0
    cat_of[0] = 0
    for i in range(n_unique):
        raw_of[i + 1] = raws[i]
        cat_of[i + 1] = <uint8_t>(raws[i] >> 20)
    for i in range(TABLE_SIZE):
        if RAW_NF[i] == 0:
            table[i] = 0
        else:
            table[i] = <uint16_t>(find_u32(raws, n_unique, RAW_NF[i]) + 1)
    return n_unique


cdef void build_entries() noexcept nogil:
    cdef int c, r, s
    cdef uint64_t e
    for c in range(256):
        ENTRY_W[c] = 0
        ENTRY_N[c] = 0
        SUM_ENTRY_W[c] = 0
        SUM_ENTRY_N[c] = 0
        CARD_BIT[c] = (<uint64_t>1) << 63
    for c in range(52):
        r = c >> 2
        s = c & 3
        e = (<uint64_t>RANK_KEYS[r]) | ((<uint64_t>1) << (32 + r)) | ((<uint64_t>1) << (48 + s))
        ENTRY_N[c] = e
        ENTRY_W[c] = 0 if r == 0 else e
        CARD_BIT[c] = (<uint64_t>1) << c
        e = (<uint64_t>RANK_KEYS[r]) | ((<uint64_t>1) << (32 + r)) | ((<uint64_t>1) << (48 + 3 * s))
        SUM_ENTRY_N[c] = e
        SUM_ENTRY_W[c] = 0 if r == 0 else e
    for c in range(4096):
        # at most one suit present: the cards can be a flush
        s = ((c & 7) != 0) + ((c >> 3 & 7) != 0) + ((c >> 6 & 7) != 0) + ((c >> 9 & 7) != 0)
        FLUSHABLE[c] = s <= 1


if 5 * RANK_KEYS[12] >= TABLE_SIZE or FLUSH_BASE + 8192 > TABLE_SIZE:
    raise RuntimeError("diablo_eval: the table does not cover every index the lookup forms")
build_entries()
COUNT_W = build_mode(True, TABLE_W, RAW_W, CAT_W)
COUNT_N = build_mode(False, TABLE_N, RAW_N, CAT_N)


cdef inline uint32_t home_slot(uint32_t key) noexcept nogil:
    return (key * PH_SLOT_MUL) >> (32 - PH_SLOT_BITS)


cdef inline uint32_t phash(uint32_t key) noexcept nogil:
    """The slot of a key sum: a multiplicative hash, XORed with its bucket's displacement
    (hash and displace: every key of a bucket moves by the same amount, chosen at
    import so that no two keys share a slot)."""
    return home_slot(key) ^ PH_DISPLACE[(key * PH_BUCKET_MUL) >> (32 - PH_BUCKET_BITS)]


cdef uint32_t PH_ALL[N_NONFLUSH_KEYS]       # scratch: the keys
cdef uint32_t PH_KEYS[N_NONFLUSH_KEYS]      # scratch: the keys grouped by bucket
cdef int PH_FIRST[PH_BUCKETS + 1]           # scratch: where each bucket's keys start
cdef uint16_t PH_ORDER[PH_BUCKETS]          # scratch: buckets, the fullest first
cdef uint8_t PH_TAKEN[PH_SLOTS]             # scratch: slots given to a key


cdef int build_phash() except -1:
    """Displacements for every bucket, the fullest first (each takes the smallest
    displacement whose slots are all free), then the NONFLUSH_* tables; the
    result is checked: every key of a hand that is not five of a kind finds its
    strength, and no two keys share a slot."""
    cdef int r0, r1, r2, r3, r4, n = 0, i, j, b, size, biggest = 0
    cdef uint32_t key, slot
    cdef int d
    cdef uint32_t* keys = PH_ALL
    cdef bint free
    memset(PH_FIRST, 0, sizeof(PH_FIRST))
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        if r0 == r4:
                            continue  # (five of a kind: five different cards never are)
                        key = (RANK_KEYS[r0] + RANK_KEYS[r1] + RANK_KEYS[r2] + RANK_KEYS[r3]
                               + RANK_KEYS[r4])
                        keys[n] = key
                        n += 1
                        PH_FIRST[(key * PH_BUCKET_MUL) >> (32 - PH_BUCKET_BITS)] += 1
    if n != N_NONFLUSH_KEYS:
        raise RuntimeError("diablo_eval: wrong number of rank multisets")
    # group the keys by bucket (a counting sort), and order the buckets by size
    for b in range(PH_BUCKETS):
        if PH_FIRST[b] > biggest:
            biggest = PH_FIRST[b]
    j = 0
    for size in range(biggest, 0, -1):
        for b in range(PH_BUCKETS):
            if PH_FIRST[b] == size:
                PH_ORDER[j] = <uint16_t>b
                j += 1
    for b in range(PH_BUCKETS - 1, -1, -1):
        PH_FIRST[b + 1] = PH_FIRST[b]
    PH_FIRST[0] = 0
    for b in range(PH_BUCKETS):
        PH_FIRST[b + 1] += PH_FIRST[b]
    for i in range(n):
        b = (keys[i] * PH_BUCKET_MUL) >> (32 - PH_BUCKET_BITS)
        PH_KEYS[PH_FIRST[b]] = keys[i]
        PH_FIRST[b] += 1
    for b in range(PH_BUCKETS, 0, -1):
        PH_FIRST[b] = PH_FIRST[b - 1]
    PH_FIRST[0] = 0
    # displace the buckets, the fullest first (XOR with a displacement moves a bucket's
    # keys to as many different slots, provided their own slots differ)
    memset(PH_TAKEN, 0, sizeof(PH_TAKEN))
    memset(PH_DISPLACE, 0, sizeof(PH_DISPLACE))
    for i in range(j):
        b = PH_ORDER[i]
        for r0 in range(PH_FIRST[b], PH_FIRST[b + 1]):
            for r1 in range(r0 + 1, PH_FIRST[b + 1]):
                if home_slot(PH_KEYS[r0]) == home_slot(PH_KEYS[r1]):
                    raise RuntimeError("diablo_eval: no perfect hash with these multipliers")
        for d in range(PH_SLOTS):
            free = True
            for r0 in range(PH_FIRST[b], PH_FIRST[b + 1]):
                if PH_TAKEN[home_slot(PH_KEYS[r0]) ^ <uint32_t>d]:
                    free = False
                    break
            if free:
                for r0 in range(PH_FIRST[b], PH_FIRST[b + 1]):
                    PH_TAKEN[home_slot(PH_KEYS[r0]) ^ <uint32_t>d] = 1
                PH_DISPLACE[b] = <uint16_t>d
                break
        else:
            raise RuntimeError("diablo_eval: no perfect hash with these multipliers")
    memset(NONFLUSH_W, 0, sizeof(NONFLUSH_W))
    memset(NONFLUSH_N, 0, sizeof(NONFLUSH_N))
    memset(PH_TAKEN, 0, sizeof(PH_TAKEN))
    for i in range(n):
        slot = phash(keys[i])
        if PH_TAKEN[slot] or TABLE_W[keys[i]] == 0 or TABLE_N[keys[i]] == 0:
            raise RuntimeError("diablo_eval: the perfect hash is not perfect")
        PH_TAKEN[slot] = 1
        NONFLUSH_W[slot] = TABLE_W[keys[i]]
        NONFLUSH_N[slot] = TABLE_N[keys[i]]
    return 0


build_phash()


def strength_count(wild=True):
    """Number of distinct strengths (the best hand's strength) in a mode."""
    return COUNT_W if flag_arg(wild, "wild") else COUNT_N


cdef int check_strength(object strength, bint wild) except -1:
    cdef int n = COUNT_W if wild else COUNT_N
    strength = int_arg(strength, "a strength")  # check the exact value, not the object
    if not 1 <= strength <= n:
        raise PedronValueError(
            f"strength out of range 1..{n} ({'wild' if wild else 'natural'} mode): {strength}"
        )
    return <int>strength


def decode(strength, wild=True):
    """``(category, ranks)`` of a strength: the category number (1 = high card
    .. 10 = five of a kind) and the five ranks (0..12 for 2..A) the hand plays
    as, most important first."""
    cdef bint w = flag_arg(wild, "wild")
    cdef int s = check_strength(strength, w)
    cdef uint32_t raw = RAW_W[s] if w else RAW_N[s]
    return (<int>(raw >> 20),
            (<int>(raw >> 16) & 15, <int>(raw >> 12) & 15, <int>(raw >> 8) & 15,
             <int>(raw >> 4) & 15, <int>raw & 15))


def category_table(wild=True):
    """bytes whose item ``s`` is the category number of strength ``s`` (item 0 is 0)."""
    wild = flag_arg(wild, "wild")
    cdef int n = COUNT_W if wild else COUNT_N
    return (<char*>(&CAT_W[0] if wild else &CAT_N[0]))[:n + 1]


# ---------------------------------------------------------------------------
# Scalar evaluation


cdef inline uint16_t lookup_sum(const uint16_t* T, uint64_t s) noexcept nogil:
    """:c:func:`lookup_strength` of a row from the sum of its SUM_ENTRY_* alone.

    The suit counts say whether the row can be a flush; a flush's naturals are
    different ranks, so there the sum of the rank bits is their OR. Rank bits
    repeated in other rows carry no further than bit 46 (at most four of a
    rank), below the suit counts. Any index formed stays inside the table,
    whatever the row's bytes (an unchecked row of five equal cards included).
    """
    if FLUSHABLE[<unsigned int>(s >> 48) & 0xFFF]:
        return T[FLUSH_BASE + (<unsigned int>(s >> 32) & 0x1FFF)]
    return T[<unsigned int>s & KEY_MASK]


cdef inline uint16_t strength_of_mask(uint64_t m, bint wild) noexcept nogil:
    cdef const uint64_t* E = &ENTRY_W[0] if wild else &ENTRY_N[0]
    cdef uint64_t s = 0, o = 0, e
    cdef int i
    for i in range(5):
        e = E[(ctz64(m) & 63)]
        m &= m - 1
        s += e
        o |= e
    return lookup_strength(&TABLE_W[0] if wild else &TABLE_N[0], s, o)


cdef int hand_size_error(Py_ssize_t n) except -1:
    raise PedronValueError(f"a hand has exactly 5 cards, got {n}")


cdef extern from *:
    """
    #if !defined(PYPY_VERSION) && !defined(Py_LIMITED_API) && PY_VERSION_HEX < 0x030B0000
    #include "longintrepr.h"   /* (3.11 and later: included by Python.h) */
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define PEDRON_LIKELY(x) __builtin_expect(!!(x), 1)
    #else
    #define PEDRON_LIKELY(x) (x)
    #endif
    /* The value of an exact int 0..63 read from the int's own digit (no call, no
       error state); a value above 63 for any other object or value, which the
       caller leaves to the general path (it refuses 52..63 by the cards' mask). */
    static inline unsigned int pedron_card_index(PyObject* o) {
        if (!PyLong_CheckExact(o)) return 64;
    #if defined(PYPY_VERSION) || defined(Py_LIMITED_API)
        {
            int overflow;
            long v = PyLong_AsLongAndOverflow(o, &overflow);
            return (!overflow && v >= 0 && v < 64) ? (unsigned int)v : 64;
        }
    #elif PY_VERSION_HEX >= 0x030C0000
        if (PyUnstable_Long_IsCompact((PyLongObject*)o)) {
            Py_ssize_t v = PyUnstable_Long_CompactValue((PyLongObject*)o);
            return (v >= 0 && v < 64) ? (unsigned int)v : 64;
        }
        return 64;
    #else
        /* ob_size is the signed digit count: 0 for zero, 1 for one positive digit
           (a digit is below 2**30: the caller's OR of five values finds any above 63) */
        Py_ssize_t n = Py_SIZE(o);
        if (PEDRON_LIKELY(n == 1)) return (unsigned int)((PyLongObject*)o)->ob_digit[0];
        return n == 0 ? 0 : 64;
    #endif
    }
    /* The items of an exact tuple or list of five (the usual hand), else NULL. */
    static inline PyObject** pedron_five_items(PyObject* o) {
        PyTypeObject* t = Py_TYPE(o);
        if (t == &PyTuple_Type)
            return Py_SIZE(o) == 5 ? ((PyTupleObject*)o)->ob_item : NULL;
        if (t == &PyList_Type)
            return Py_SIZE(o) == 5 ? ((PyListObject*)o)->ob_item : NULL;
        return NULL;
    }
    """
    unsigned int card_index "pedron_card_index"(PyObject* o) noexcept
    PyObject** five_items "pedron_five_items"(PyObject* o) noexcept


cdef inline int fast_strength(PyObject* hand, bint wild) noexcept:
    """The strength of a tuple or list of five different exact ints 0..51, else 0.

    The usual call, taken in C alone: no Python object is made, no reference
    taken and no Python code runs, so a list cannot change while it is read.
    0 (no hand's strength) sends anything else, valid or not, to the general
    path (:func:`hand_mask`), which accepts, or refuses with its messages,
    exactly as before.
    """
    cdef PyObject** items = five_items(hand)
    cdef unsigned int c0, c1, c2, c3, c4
    cdef uint64_t b0, b1, b2, b3, b4, bits, sm
    cdef const uint64_t* E
    if items == NULL:
        return 0
    c0 = card_index(items[0]); c1 = card_index(items[1]); c2 = card_index(items[2])
    c3 = card_index(items[3]); c4 = card_index(items[4])
    if (c0 | c1 | c2 | c3 | c4) >= 64:
        return 0
    # (CARD_BIT: bit 63 for a number that is no card)
    b0 = CARD_BIT[c0]; b1 = CARD_BIT[c1]; b2 = CARD_BIT[c2]; b3 = CARD_BIT[c3]; b4 = CARD_BIT[c4]
    bits = b0 | b1 | b2 | b3 | b4
    if (b0 + b1 + b2 + b3 + b4 != bits) | ((bits >> 52) != 0):  # a card twice, or not a card
        return 0
    # A possible flush by the entries' suit counts, as in lookup_sum (its part of the
    # table is 16 KB); any other hand by its ranks' key sum, perfectly hashed into the
    # dense NONFLUSH_* table: one call's few cache lines, where the sparse key-sum
    # table's line is mostly a miss.
    E = &SUM_ENTRY_W[0] if wild else &SUM_ENTRY_N[0]
    sm = E[c0] + E[c1] + E[c2] + E[c3] + E[c4]
    if FLUSHABLE[<unsigned int>(sm >> 48) & 0xFFF]:
        return (&TABLE_W[0] if wild else &TABLE_N[0])[
            FLUSH_BASE + (<unsigned int>(sm >> 32) & 0x1FFF)]
    return (&NONFLUSH_W[0] if wild else &NONFLUSH_N[0])[phash(<uint32_t>sm & KEY_MASK)]


cdef uint64_t seq_mask(object hand) except? 0:
    """Checked mask of a list or tuple of five cards (ints or card text).

    The usual hand, a tuple or list of five exact ints, is read in place with
    no Python call: only C code runs until the mask is known, so the list
    cannot change under the loop. Anything else goes to the general path."""
    cdef Py_ssize_t i
    cdef long c
    cdef int overflow
    cdef uint64_t mask = 0, bit
    cdef PyObject** items
    if PySequence_Fast_GET_SIZE(hand) != 5:  # (hand is an exact list or tuple)
        hand_size_error(PySequence_Fast_GET_SIZE(hand))
    items = PySequence_Fast_ITEMS(hand)
    for i in range(5):
        item = <object>items[i]
        if type(item) is not int:
            return seq_mask_general(hand)
        c = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or c < 0 or c >= 52:
            raise CardError(f"card number out of range 0..51: {item}")
        bit = (<uint64_t>1) << c
        if mask & bit:
            raise DuplicateCardError(f"duplicate card: {format_card(c)}")
        mask |= bit
    return mask


cdef uint64_t seq_mask_general(object hand) except? 0:
    """:func:`seq_mask` for any items (ints, card text, objects with ``__index__``)."""
    cdef Py_ssize_t n = len(hand), i
    cdef long c
    cdef int overflow
    cdef uint64_t mask = 0, bit
    if n != 5:
        hand_size_error(n)
    for i in range(5):
        item = hand[i]
        if type(item) is int:
            c = PyLong_AsLongAndOverflow(item, &overflow)
            if overflow or c < 0 or c >= 52:
                raise CardError(f"card number out of range 0..51: {item}")
        elif type(hand) is list:
            # What follows may run Python code (__index__, __getattr__...) that
            # could shrink the caller's list under the unchecked hand[i] of this
            # loop: finish on an immutable copy. (No Python code ran so far.)
            return seq_mask_general(tuple(hand))
        elif isinstance(item, str):
            c = parse_card(item)
        else:
            v = exact_int(item, "a card (an int or card text)")
            if not 0 <= v < 52:
                raise CardError(f"card number out of range 0..51: {v}")
            c = v
        bit = (<uint64_t>1) << c
        if mask & bit:
            raise DuplicateCardError(f"duplicate card: {format_card(c)}")
        mask |= bit
    return mask


cdef uint64_t check_mask(uint64_t m) except? 0:
    cdef int n
    if m >> 52:
        raise CardError(f"mask has bits outside the 52 cards: {m:#x}")
    n = popcount64(m)
    if n != 5:
        hand_size_error(n)
    return m


cdef uint64_t hand_mask(object hand) except? 0:
    """The checked five-card mask of any accepted hand form."""
    cdef type t = type(hand)
    if t is tuple or t is list:
        return seq_mask(hand)
    if isinstance(hand, CardSet):
        if type(hand) is not CardSet:
            raise PedronTypeError(f"a Diablo hand takes standard cards, not {t.__name__}")
        return check_mask((<CardSet>hand).mask)
    if isinstance(hand, str):
        return seq_mask(parse_cards(hand))
    if t is int:
        if hand < 0 or hand >> 52:
            raise CardError(f"mask has bits outside the 52 cards: {hand:#x}")
        return check_mask(<uint64_t>hand)
    if isinstance(hand, (bytes, bytearray, bool, float, dict, set, frozenset)) or hand is None:
        raise PedronTypeError(
            f"a hand is card text, a sequence of five card ints, a CardSet or a mask, "
            f"not {t.__name__}"
        )
    if hasattr(hand, "__iter__") or hasattr(hand, "__getitem__"):
        try:
            cards = list(hand)
        except Exception as exc:
            # (a 2-D memoryview cannot be listed: NotImplementedError. Cython 3.3
            # compiles "except (TypeError, NotImplementedError)" as TypeError
            # alone, hence the isinstance.)
            if not isinstance(exc, (TypeError, NotImplementedError)):
                raise
            cards = None
        if cards is not None:
            return seq_mask(cards)
    if hasattr(hand, "__index__"):   # e.g. a numpy integer used as a mask
        try:
            m = exact_int(hand, "a mask")
        except PedronTypeError:
            m = None
        if m is not None:
            return hand_mask(m)
    raise PedronTypeError(
        f"a hand is card text, a sequence of five card ints, a CardSet or a mask, "
        f"not {t.__name__}"
    )


@cython.final
cdef class ValueCache:
    """One object per strength and mode, made on first use and then kept.

    ``factory(strength, wild)`` makes the object (for :mod:`pedron.diablo`: a
    ``HandValue``). The layer above owns the cache and hands the kernel only
    the factory, so the kernel never imports it and keeps no module state;
    the lookup itself stays in C because it is on the path of every
    :meth:`evaluate` call. ``owner`` is a picklable callable without
    arguments that returns this cache: pickling or copying the cache (or its
    bound ``evaluate``) then refers to the owner's one instead of duplicating
    it, so equal strengths keep giving the same object.
    """

    cdef list _wild
    cdef list _natural
    cdef object _factory
    cdef object _owner

    def __init__(self, factory, owner=None):
        if not callable(factory):
            raise PedronTypeError(
                f"a ValueCache factory must be callable, not {type(factory).__name__}"
            )
        if owner is not None and not callable(owner):
            raise PedronTypeError(
                f"a ValueCache owner must be callable or None, not {type(owner).__name__}"
            )
        self._factory = factory
        self._owner = owner
        self._wild = [None] * (COUNT_W + 1)
        self._natural = [None] * (COUNT_N + 1)

    def __reduce__(self):
        if self._owner is None:
            raise PedronTypeError("a ValueCache without an owner cannot be pickled or copied")
        return (self._owner, ())

    cdef object get(self, int s, bint wild):
        cdef list cache = self._wild if wild else self._natural
        v = cache[s]
        if v is None:
            v = self._factory(s, wild)
            # The factory ran Python code, so another thread may have filled
            # the slot meanwhile: keep the first object, so that equal
            # strengths always give the same one. (No Python code runs
            # between this read and the store.)
            first = cache[s]
            if first is not None:
                return first
            cache[s] = v
        return v

    @cython.binding(False)
    @cython.embedsignature.format("clinic")
    def evaluate(self, hand, *, wild=True):
        """The :class:`~pedron.diablo.HandValue` of a five-card hand.

        ``hand`` is card text (``"9c 9d 2h 2s Kd"``), a list or tuple of five
        card ints (or card texts), a :class:`~pedron.cards.CardSet`, or an int
        mask of exactly five cards. With ``wild=True`` (the default) the four 2s
        are wild as in Diablo; ``wild=False`` is plain five-card poker. Values
        are cached: equal strengths give the same object.
        """
        # (at run time, the usual calls are taken by evaluate_entry below: this
        # definition is the rest's, for its argument parsing and messages)
        cdef bint w = flag_arg(wild, "wild")
        return self.get(strength_of_mask(hand_mask(hand), w), w)

    def of_strength(self, strength, wild=True):
        """The cached object of a strength (range-checked; ``strength`` an int)."""
        cdef bint w = flag_arg(wild, "wild")
        return self.get(check_strength(strength, w), w)


@cython.binding(False)
@cython.embedsignature.format("clinic")
def strength(hand, *, wild=True):
    """The dense strength (an int, higher is better) of a five-card hand.

    Same input and checks as :func:`~pedron.diablo.evaluate`, without building
    a value.
    """
    # (as evaluate: the usual calls are taken by strength_entry below)
    return strength_of_mask(hand_mask(hand), flag_arg(wild, "wild"))


# ---------------------------------------------------------------------------
# The per-call entry points
#
# evaluate(hand) and evaluate(hand, wild=False) are called once per hand in
# Python loops, where the call itself is a good part of the cost: Cython's
# argument parsing (about 75 instructions for one positional argument, 150
# with the keyword, matched by comparing strings) cost as much as evaluating
# the hand. So the functions that ValueCache.evaluate and strength() are at
# run time are the C functions below, which take the two usual forms of a
# call directly: one positional hand, with or without ``wild`` as the one
# keyword (True or False), the keyword's name recognised by identity (the
# interpreter passes keyword names as the interned strings of the caller's
# code). The usual hand with a value already made is answered by a leaf
# that takes no reference and calls nothing; anything else goes to the slow
# path: a usual call with another hand to the same checks as ever, and every
# other call (the hand given by keyword, a wrong number of arguments, an
# unknown keyword, a keyword name that is an equal string but not the
# interned one, ``wild`` neither True nor False) untouched to the functions
# Cython made from the definitions above, so it is parsed, and refused,
# exactly as before.

cdef extern from *:
    """
    /* The mode of a call in its usual forms, one positional argument and no
       keyword (1: wild) or the one keyword ``name`` given True or False (1 or
       0); -1 for any other form or value. */
    static inline int pedron_usual_mode(PyObject* const* args, Py_ssize_t nargs,
                                        PyObject* kwnames, PyObject* name) {
        PyObject* wild;
        if (nargs != 1)
            return -1;
        if (kwnames == NULL)
            return 1;
        if (PyTuple_GET_SIZE(kwnames) != 1 || PyTuple_GET_ITEM(kwnames, 0) != name)
            return -1;
        wild = args[1];
        return wild == Py_True ? 1 : (wild == Py_False ? 0 : -1);
    }
    static inline PyObject* pedron_new_ref(PyObject* o) { Py_INCREF(o); return o; }
    /* The items of a value list of a ValueCache, NULL when it has none (None: not
       initialised, or cleared by the garbage collector). (The lists are private
       and never resized: every strength of the mode is an index.) */
    static inline PyObject** pedron_list_items(PyObject* o) {
        return Py_IS_TYPE(o, &PyList_Type) ? ((PyListObject*)o)->ob_item : NULL;
    }
    static inline int pedron_is_none(PyObject* o) { return o == Py_None; }
    typedef PyObject* (*pedron_entry_fn)(PyObject*, PyObject**, Py_ssize_t, PyObject*);
    /* (a call through the pointer: the caller gets its result, or NULL and the
       exception it set, as they are; never inlined, so that the slow path's
       frame and saved registers stay out of the entry points' fast path) */
    #if defined(__GNUC__) || defined(__clang__)
    __attribute__((noinline))
    #elif defined(_MSC_VER)
    __declspec(noinline)
    #endif
    static PyObject* pedron_call_entry(pedron_entry_fn fn, PyObject* self,
                                              PyObject** args, Py_ssize_t nargs,
                                              PyObject* kwnames) {
        return fn(self, args, nargs, kwnames);
    }
    static PyMethodDef pedron_evaluate_def = {"evaluate", NULL, METH_FASTCALL | METH_KEYWORDS, NULL};
    static PyMethodDef pedron_strength_def = {"strength", NULL, METH_FASTCALL | METH_KEYWORDS, NULL};
    /* A definition given its C function, and the documentation (signature line
       included) of the built-in ``general`` it stands for. */
    static PyMethodDef* pedron_entry_def(PyMethodDef* def, pedron_entry_fn fn, PyObject* general) {
        const char* doc = NULL;
        if (PyCFunction_Check(general))
            doc = ((PyCFunctionObject*)general)->m_ml->ml_doc;
        else if (Py_IS_TYPE(general, &PyMethodDescr_Type))
            doc = ((PyMethodDescrObject*)general)->d_method->ml_doc;
        def->ml_meth = (PyCFunction)(void(*)(void))fn;
        def->ml_doc = doc;
        return def;
    }
    /* Put a method on an extension type after it is made (the type refuses
       attribute assignment from Python): as Cython itself does for its own
       type attributes, into the type's dict, then the type's caches told. */
    static int pedron_set_method(PyTypeObject* type, PyObject* name, PyMethodDef* def) {
        int r;
        PyObject* descr = PyDescr_NewMethod(type, def);
        if (descr == NULL)
            return -1;
        r = PyDict_SetItem(type->tp_dict, name, descr);
        Py_DECREF(descr);
        PyType_Modified(type);
        return r;
    }
    """
    ctypedef struct PyMethodDef:
        pass
    ctypedef object (*slow_fn "pedron_entry_fn")(object, PyObject**, Py_ssize_t, PyObject*)
    ctypedef PyObject* (*entry_fn "pedron_entry_fn")(
        PyObject*, PyObject**, Py_ssize_t, PyObject*) noexcept
    int usual_mode "pedron_usual_mode"(PyObject** args, Py_ssize_t nargs, PyObject* kwnames,
                                       PyObject* name) noexcept
    PyObject* new_ref "pedron_new_ref"(PyObject* o) noexcept
    PyObject** list_items "pedron_list_items"(PyObject* o) noexcept
    bint is_none "pedron_is_none"(PyObject* o) noexcept
    PyObject* call_slow "pedron_call_entry"(slow_fn fn, PyObject* self, PyObject** args,
                                            Py_ssize_t nargs, PyObject* kwnames) noexcept
    PyMethodDef EVALUATE_DEF "pedron_evaluate_def"
    PyMethodDef STRENGTH_DEF "pedron_strength_def"
    PyMethodDef* entry_def "pedron_entry_def"(PyMethodDef* d, entry_fn fn, object general)
    int set_method "pedron_set_method"(type t, object name, PyMethodDef* d) except -1
    object PyCFunction_NewEx(PyMethodDef* d, object self, object module)
    object PyObject_Vectorcall(object f, PyObject** args, size_t nargsf, PyObject* kwnames)
    PyObject* PyLong_FromLong(long v) noexcept

from sys import intern as _intern

# The keyword's name as the interpreter passes it; the functions Cython made.
cdef str WILD_NAME = _intern("wild")
cdef object GENERAL_EVALUATE = ValueCache.__dict__["evaluate"]
cdef object GENERAL_STRENGTH = strength


cdef PyObject* evaluate_entry(PyObject* self, PyObject** args, Py_ssize_t nargs,
                              PyObject* kwnames) noexcept:
    """ValueCache.evaluate's C function (``self`` is a ValueCache: its descriptor checks):
    a new reference, or NULL with the exception set (by the slow path)."""
    cdef int wild = usual_mode(args, nargs, kwnames, <PyObject*>WILD_NAME)
    cdef int s
    cdef PyObject** items
    cdef PyObject* v
    if wild >= 0:
        s = fast_strength(args[0], wild)
        if s:
            if wild:
                items = list_items(<PyObject*>(<ValueCache>self)._wild)
            else:
                items = list_items(<PyObject*>(<ValueCache>self)._natural)
            if items != NULL:
                v = items[s]
                if not is_none(v):
                    return new_ref(v)
    return call_slow(evaluate_slow, self, args, nargs, kwnames)


cdef object evaluate_slow(object self, PyObject** args, Py_ssize_t nargs, PyObject* kwnames):
    cdef int wild = usual_mode(args, nargs, kwnames, <PyObject*>WILD_NAME)
    if wild >= 0:  # another hand, or a value not made yet
        return (<ValueCache>self).get(strength_of_mask(hand_mask(<object>args[0]), wild), wild)
    return PyObject_Vectorcall(GENERAL_EVALUATE.__get__(self, ValueCache), args, nargs,
                               kwnames)


cdef PyObject* strength_entry(PyObject* module, PyObject** args, Py_ssize_t nargs,
                              PyObject* kwnames) noexcept:
    """strength()'s C function (as evaluate_entry)."""
    cdef int wild = usual_mode(args, nargs, kwnames, <PyObject*>WILD_NAME)
    cdef int s
    if wild >= 0:
        s = fast_strength(args[0], wild)
        if s:
            return PyLong_FromLong(s)  # (NULL, with MemoryError set, if it fails)
    return call_slow(strength_slow, module, args, nargs, kwnames)


cdef object strength_slow(object module, PyObject** args, Py_ssize_t nargs, PyObject* kwnames):
    cdef int wild = usual_mode(args, nargs, kwnames, <PyObject*>WILD_NAME)
    if wild >= 0:
        return strength_of_mask(hand_mask(<object>args[0]), wild)
    return PyObject_Vectorcall(GENERAL_STRENGTH, args, nargs, kwnames)


set_method(ValueCache, "evaluate", entry_def(&EVALUATE_DEF, evaluate_entry, GENERAL_EVALUATE))
from sys import modules as _modules
strength = PyCFunction_NewEx(entry_def(&STRENGTH_DEF, strength_entry, GENERAL_STRENGTH),
                             _modules[__name__], __name__)
del _modules, _intern


def hand_mask_checked(hand):
    """The mask of a hand after the checks :func:`evaluate` makes."""
    return hand_mask(hand)


# ---------------------------------------------------------------------------
# Batch evaluation


def buffers_overlap(a, b):
    """True when the memory of buffers ``a`` and ``b`` overlaps (both contiguous)."""
    cdef Py_buffer x, y
    cdef const char* xs
    cdef const char* ys
    PyObject_GetBuffer(a, &x, PyBUF_ANY_CONTIGUOUS)
    try:
        PyObject_GetBuffer(b, &y, PyBUF_ANY_CONTIGUOUS)
    except BaseException:
        PyBuffer_Release(&x)
        raise
    xs = <const char*>x.buf
    ys = <const char*>y.buf
    result = x.len > 0 and y.len > 0 and xs < ys + y.len and ys < xs + x.len
    PyBuffer_Release(&y)
    PyBuffer_Release(&x)
    return result


def misaligned(a, Py_ssize_t size):
    """True when buffer ``a`` does not start at a multiple of ``size`` bytes.

    numpy allows unaligned arrays (a view at an odd byte offset); a C read or
    write through a ``uint16_t*``/``uint64_t*`` there is undefined behaviour,
    so the kernels are only given aligned buffers (the callers copy).
    """
    cdef Py_buffer x
    PyObject_GetBuffer(a, &x, PyBUF_ANY_CONTIGUOUS)
    result = (<size_t>x.buf) % <size_t>size != 0
    PyBuffer_Release(&x)
    return result


cdef extern from *:
    """
    /* 1 when a block of PEDRON_BLOCK_ROWS card rows (5 bytes each) has a card
       above 51 or a card twice in a row, else 0; reads 4 bytes past the block.
       Byte j is compared with byte j + k (k = 1..4) of the same buffer, and
       pair[k - 1][j] (0xFF when both bytes lie in one row, else 0) keeps only
       the pairs within a row; the largest byte gives the range check. One
       straight loop over the block's bytes with no per-row branch, which gcc
       -O3 and clang vectorise (16 bytes a step with the SSE2 of every x86-64:
       5 loads, 4 compares, 4 masks, 1 max). Written in C so that it stays in
       this form. Where the compiler can, a second copy is built for AVX2 (32
       bytes a step) and chosen at import when the CPU has it: no build flag,
       so wheels for every x86-64 get it. */
    #define PEDRON_BLOCK_ROWS 64
    #define PEDRON_BLOCK_BYTES (5 * PEDRON_BLOCK_ROWS)
    #define PEDRON_BLOCK_BAD_BODY                                                  \
        unsigned char dup = 0, top = 0;                                            \
        int j;                                                                     \
        const unsigned char* m1 = pair;                                            \
        const unsigned char* m2 = pair + PEDRON_BLOCK_BYTES;                       \
        const unsigned char* m3 = pair + 2 * PEDRON_BLOCK_BYTES;                   \
        const unsigned char* m4 = pair + 3 * PEDRON_BLOCK_BYTES;                   \
        for (j = 0; j < PEDRON_BLOCK_BYTES; j++) {                                 \
            unsigned char c = p[j];                                                \
            top = c > top ? c : top;                                               \
            dup |= (unsigned char)((-(unsigned char)(c == p[j + 1]) & m1[j])       \
                                   | (-(unsigned char)(c == p[j + 2]) & m2[j])     \
                                   | (-(unsigned char)(c == p[j + 3]) & m3[j])     \
                                   | (-(unsigned char)(c == p[j + 4]) & m4[j]));   \
        }                                                                          \
        return (dup != 0) | (top >= 52);

    static int pedron_block_bad_base(const unsigned char* p, const unsigned char* pair) {
        PEDRON_BLOCK_BAD_BODY
    }
    #if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    #define PEDRON_HAVE_AVX2_COPY 1
    __attribute__((target("avx2")))
    static int pedron_block_bad_avx2(const unsigned char* p, const unsigned char* pair) {
        PEDRON_BLOCK_BAD_BODY
    }
    static int pedron_cpu_has_avx2(void) {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
    }
    #else
    #define PEDRON_HAVE_AVX2_COPY 0
    static int pedron_block_bad_avx2(const unsigned char* p, const unsigned char* pair) {
        return pedron_block_bad_base(p, pair);
    }
    static int pedron_cpu_has_avx2(void) { return 0; }
    #endif
    """
    enum:
        BLOCK_ROWS "PEDRON_BLOCK_ROWS"
        BLOCK_BYTES "PEDRON_BLOCK_BYTES"
    bint block_bad_base "pedron_block_bad_base"(const uint8_t* p, const uint8_t* pair) noexcept nogil
    bint block_bad_avx2 "pedron_block_bad_avx2"(const uint8_t* p, const uint8_t* pair) noexcept nogil
    bint cpu_has_avx2 "pedron_cpu_has_avx2"() noexcept nogil


# The block check for this CPU: chosen once at import, constant afterwards.
ctypedef bint (*block_check_fn)(const uint8_t* p, const uint8_t* pair) noexcept nogil
cdef block_check_fn block_bad = block_bad_avx2 if cpu_has_avx2() else block_bad_base


# PAIR_IN_ROW[k - 1][j]: 0xFF when bytes j and j + k of a block are cards of one row.
cdef uint8_t PAIR_IN_ROW[4 * BLOCK_BYTES]
for _k in range(4):
    for _j in range(BLOCK_BYTES):
        PAIR_IN_ROW[_k * BLOCK_BYTES + _j] = 0xFF if _j % 5 + _k + 1 < 5 else 0
del _k, _j


cdef inline void rows_u8_unchecked(const uint8_t* p, Py_ssize_t start, Py_ssize_t stop,
                                   uint16_t* out, const uint64_t* E,
                                   const uint16_t* T) noexcept nogil:
    # E: SUM_ENTRY_*. Two rows a step: less loop overhead per row.
    cdef const uint8_t* row
    cdef Py_ssize_t i = start
    while i + 2 <= stop:
        row = p + 5 * i
        out[i] = lookup_sum(T, E[row[0]] + E[row[1]] + E[row[2]] + E[row[3]] + E[row[4]])
        out[i + 1] = lookup_sum(T, E[row[5]] + E[row[6]] + E[row[7]] + E[row[8]] + E[row[9]])
        i += 2
    if i < stop:
        row = p + 5 * i
        out[i] = lookup_sum(T, E[row[0]] + E[row[1]] + E[row[2]] + E[row[3]] + E[row[4]])


cdef Py_ssize_t rows_u8_precise(const uint8_t* p, Py_ssize_t start, Py_ssize_t stop,
                                uint16_t* out, const uint64_t* E,
                                const uint16_t* T) noexcept nogil:
    """Checked rows one by one: stops at the first bad row and returns its index."""
    cdef const uint8_t* row
    cdef uint64_t e0, e1, e2, e3, e4, b0, b1, b2, b3, b4, cs, co
    cdef Py_ssize_t i
    for i in range(start, stop):
        row = p + 5 * i
        b0 = CARD_BIT[row[0]]; b1 = CARD_BIT[row[1]]; b2 = CARD_BIT[row[2]]
        b3 = CARD_BIT[row[3]]; b4 = CARD_BIT[row[4]]
        cs = b0 + b1 + b2 + b3 + b4
        co = b0 | b1 | b2 | b3 | b4
        if (cs != co) | ((co >> 52) != 0):
            return i
        e0 = E[row[0]]; e1 = E[row[1]]; e2 = E[row[2]]; e3 = E[row[3]]; e4 = E[row[4]]
        out[i] = lookup_strength(T, e0 + e1 + e2 + e3 + e4, e0 | e1 | e2 | e3 | e4)
    return -1


cdef Py_ssize_t rows_u8(const uint8_t* p, Py_ssize_t start, Py_ssize_t stop,
                        uint16_t* out, bint wild, bint check) noexcept nogil:
    """Strengths of rows start..stop-1; with ``check`` stop at the first bad row
    and return its index (else -1).

    Checked rows go by blocks of BLOCK_ROWS: the block is validated as a whole
    by the vectorised :c:func:`block_bad` (a third of the cost of checking row
    by row), then evaluated by the unchecked loop. A block that fails (and the
    last rows, where the block check would read past the slice) goes through
    the precise row-by-row check, which finds the same first bad row, writes
    the same rows before it and so gives the same error as ever.
    """
    cdef const uint64_t* E = &ENTRY_W[0] if wild else &ENTRY_N[0]
    cdef const uint64_t* S = &SUM_ENTRY_W[0] if wild else &SUM_ENTRY_N[0]
    cdef const uint16_t* T = &TABLE_W[0] if wild else &TABLE_N[0]
    cdef Py_ssize_t i = start, r
    if not check:
        rows_u8_unchecked(p, start, stop, out, S, T)
        return -1
    # (the block check reads 4 bytes past its block: so the next row must be in the slice)
    while i + BLOCK_ROWS < stop:
        if block_bad(p + 5 * i, PAIR_IN_ROW):
            r = rows_u8_precise(p, i, i + BLOCK_ROWS, out, E, T)
            if r >= 0:
                return r
        else:
            rows_u8_unchecked(p, i, i + BLOCK_ROWS, out, S, T)
        i += BLOCK_ROWS
    return rows_u8_precise(p, i, stop, out, E, T)


cdef Py_ssize_t rows_u64(const uint64_t* p, Py_ssize_t start, Py_ssize_t stop,
                         uint16_t* out, bint wild, bint check) noexcept nogil:
    # A mask of fewer than five cards runs out of bits (only unchecked: the
    # checked loop rejects the row). ctz64 of 0 is undefined in C, so each
    # count is taken with bit 63 set: a card mask never has it (52 cards), so
    # the count is unchanged for a real bit and 63 (in the 64-entry table,
    # a zero entry) when none is left; "& 63" keeps any read in bounds.
    cdef const uint64_t* E = &ENTRY_W[0] if wild else &ENTRY_N[0]
    cdef const uint16_t* T = &TABLE_W[0] if wild else &TABLE_N[0]
    cdef uint64_t m, e0, e1, e2, e3, e4
    cdef Py_ssize_t i
    for i in range(start, stop):
        m = p[i]
        if check and (m >> 52) != 0:
            return i
        e0 = E[(ctz64(m | 0x8000000000000000ULL) & 63)]; m &= m - 1
        e1 = E[(ctz64(m | 0x8000000000000000ULL) & 63)]; m &= m - 1
        e2 = E[(ctz64(m | 0x8000000000000000ULL) & 63)]; m &= m - 1
        e3 = E[(ctz64(m | 0x8000000000000000ULL) & 63)]; m &= m - 1
        if check and (m == 0 or (m & (m - 1)) != 0):
            return i
        e4 = E[(ctz64(m | 0x8000000000000000ULL) & 63)]
        out[i] = lookup_strength(T, e0 + e1 + e2 + e3 + e4, e0 | e1 | e2 | e3 | e4)
    return -1


def batch_cards(const uint8_t[:, ::1] cards, uint16_t[::1] out, bint wild, bint check,
                Py_ssize_t start=0, Py_ssize_t stop=-1):
    """Fill ``out[start:stop]`` from an (n, 5) uint8 array; -1 or the first bad row.

    Low level: shapes must already agree. The GIL is released.
    """
    cdef Py_ssize_t n = cards.shape[0], r
    if cards.shape[1] != 5 or out.shape[0] != n:
        raise PedronValueError("batch_cards: shape mismatch")
    if stop < 0 or stop > n:
        stop = n
    if start < 0:
        start = 0
    if start >= stop:
        return -1
    with nogil:
        r = rows_u8(&cards[0, 0], start, stop, &out[0], wild, check)
    return r


def batch_masks(const uint64_t[::1] masks, uint16_t[::1] out, bint wild, bint check,
                Py_ssize_t start=0, Py_ssize_t stop=-1):
    """Fill ``out[start:stop]`` from a uint64 mask array; -1 or the first bad row."""
    cdef Py_ssize_t n = masks.shape[0], r
    if out.shape[0] != n:
        raise PedronValueError("batch_masks: shape mismatch")
    if stop < 0 or stop > n:
        stop = n
    if start < 0:
        start = 0
    if start >= stop:
        return -1
    with nogil:
        r = rows_u64(&masks[0], start, stop, &out[0], wild, check)
    return r


# The two formats below accept exactly what pedron.diablo.hand accepts on its general
# path (_U64_FORMATS, _check_out): change them together.
cdef inline bint _u64_format(const char* f) noexcept:
    # "Q" or "L" (8 bytes here, checked by the caller), optionally native or little-endian
    if f == NULL:
        return False
    if f[0] == b"<" or f[0] == b"=":
        f += 1
    return (f[0] == b"Q" or f[0] == b"L") and f[1] == 0


cdef inline bint _u16_format(const char* f) noexcept:
    if f == NULL:
        return False
    if f[0] == b"<" or f[0] == b"=":
        f += 1
    return f[0] == b"H" and f[1] == 0


@cython.binding(False)
@cython.embedsignature.format("clinic")
def batch_simple(cards, out, bint wild, bint check):
    """The whole of a one-thread batch call in C, for the usual arguments.

    ``cards``: a C-contiguous (n, 5) uint8 buffer or length-n uint64 buffer;
    ``out``: a writable C-contiguous uint16 buffer of length n, not sharing
    memory with ``cards``. Returns -1 when every row was evaluated, the first
    bad row's index (with ``check``), or -2 when the arguments are not of that
    simple kind: the caller then takes its general path, which says what is
    wrong or handles the case (overlapping buffers). Nothing is written then.
    """
    return simple_batch(cards, out, wild, check)


cdef Py_ssize_t simple_batch(object cards, object out, bint wild, bint check) except -3:
    """:func:`batch_simple` in C (see there)."""
    cdef Py_buffer c, o
    cdef Py_ssize_t n, r = -2
    cdef const char* cs
    cdef const char* os
    cdef bint cards_u8
    try:
        PyObject_GetBuffer(cards, &c, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    except BaseException:
        return -2
    try:
        PyObject_GetBuffer(out, &o, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
    except BaseException:
        PyBuffer_Release(&c)
        return -2
    try:
        if c.ndim == 2 and c.itemsize == 1 and c.format != NULL and c.format[0] == b"B" \
                and c.format[1] == 0 and c.shape[1] == 5:
            cards_u8 = True
        elif c.ndim == 1 and c.itemsize == 8 and _u64_format(c.format):
            cards_u8 = False
        else:
            return -2
        n = c.shape[0]
        if o.ndim != 1 or o.itemsize != 2 or not _u16_format(o.format) or o.shape[0] != n:
            return -2
        cs = <const char*>c.buf
        os = <const char*>o.buf
        if n and cs < os + o.len and os < cs + c.len:
            return -2  # (overlapping: the general path evaluates a copy)
        if (<size_t>os) % 2 or (not cards_u8 and (<size_t>cs) % 8):
            return -2  # (unaligned: the general path copies)
        if n == 0:
            return -1
        # (a few rows take less time than releasing and taking back the GIL)
        if n < 64:
            if cards_u8:
                return rows_u8(<const uint8_t*>c.buf, 0, n, <uint16_t*>o.buf, wild, check)
            return rows_u64(<const uint64_t*>c.buf, 0, n, <uint16_t*>o.buf, wild, check)
        with nogil:
            if cards_u8:
                r = rows_u8(<const uint8_t*>c.buf, 0, n, <uint16_t*>o.buf, wild, check)
            else:
                r = rows_u64(<const uint64_t*>c.buf, 0, n, <uint16_t*>o.buf, wild, check)
        return r
    finally:
        PyBuffer_Release(&o)
        PyBuffer_Release(&c)


@cython.final
cdef class BatchEntry:
    """The public batch functions, whose usual call (one thread into a given
    ``out``) runs in C from the first instruction: the call's fixed cost is
    most of the cost of a small batch, and a Python frame would double it.

    ``general(cards, wild, out, threads, check)`` is the layer above's full
    path, which every other call goes to (it checks every argument and says
    what is wrong); ``owner`` a picklable callable without arguments that
    returns this object, so that a pickled function refers to it.
    """

    cdef object _general
    cdef object _owner

    def __init__(self, general, owner):
        if not callable(general) or not callable(owner):
            raise PedronTypeError("a BatchEntry takes two callables")
        self._general = general
        self._owner = owner

    def __reduce__(self):
        return (self._owner, ())

    cdef inline object call(self, cards, wild, out, threads, bint check):
        """Both functions: the usual call in C, anything else to the general path."""
        if (out is not None and (wild is True or wild is False) and type(threads) is int
                and threads == 1 and simple_batch(cards, out, wild is True, check) == -1):
            return out
        return self._general(cards, wild, out, threads, check)

    @cython.binding(False)
    @cython.embedsignature.format("clinic")
    def evaluate_batch(self, cards, *, wild=True, out=None, threads=1):
        """Strengths of many hands at once, as uint16.

        ``cards`` is either an (n, 5) uint8 array of card ints or a length-n
        uint64 array of five-card masks: any C-contiguous buffer (numpy arrays are
        read without copying). Returns ``out`` if given (a writable uint16 buffer
        of length n), else a new numpy uint16 array when ``cards`` is a numpy
        array, else an ``array.array('H')``.

        Every row is checked (card ints below 52, no card twice, masks of exactly
        five cards within the 52); the first bad row raises
        :class:`~pedron.errors.ArrayError` naming it. The work runs without the
        GIL; ``threads`` > 1 splits the rows across that many threads (``None``:
        one per CPU), each running the compiled loop on its own slice.

        In a hot loop of small batches, pass ``out``: the call is then one call
        into the compiled core (its fixed cost well under a microsecond), while
        making the result array costs more than the call.
        """
        return self.call(cards, wild, out, threads, True)

    @cython.binding(False)
    @cython.embedsignature.format("clinic")
    def evaluate_batch_unchecked(self, cards, *, wild=True, out=None, threads=1):
        """:func:`evaluate_batch` without the per-row checks.

        It still checks the array's type, shape and ``out``, but it does NOT
        check that card ints are below 52, that a row holds five different cards,
        or that a mask has exactly five bits within the 52 cards. A bad row reads
        in bounds and never crashes, but its strength is meaningless (it may be
        0, which no valid hand has).
        """
        return self.call(cards, wild, out, threads, False)
