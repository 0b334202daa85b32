# cython: freethreading_compatible = True
"""Diablo hand evaluation: five-card poker with deuces wild, and plain poker.

The tables are built at import by enumerating rank patterns (6,175 multisets
of five ranks and the 8,191 flush rank sets), never the 2,598,960 hands; see
the .pxd for the layout. Strengths are dense per mode: 1 is the worst hand,
equal strengths are exactly the ties.

The kernel returns plain data (strengths, tuples); the value objects of
:mod:`pedron.diablo` are made by a factory that the layer above hands to a
:class:`ValueTable` it owns. Every module-level table is filled at import and only
read afterwards, and a value table's slots are each written once, under its lock,
and read with acquire loads: the module is safe to use from several threads at
once, also on a free-threaded interpreter (declared so above).

Only the documented C API is used; the vector loop of the checked batch lives in
``impl/simd.c`` (chosen at import by what the CPU has, absent from the plain build),
reached through :mod:`pedron._kernels._common`.

Internal module: the public API is :mod:`pedron.diablo`.
"""

cimport cython
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.mem cimport PyMem_Calloc, PyMem_Free
from cpython.object cimport PyObject
from cpython.pythread cimport (
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memset

from pedron._kernels._common cimport (
    CARD_ROWS,
    PEDRON_BLOCK_BYTES,
    PEDRON_BLOCK_ROWS,
    Batch,
    BatchShape,
    block_check_for_this_cpu,
    open_batch,
    pedron_block_check_fn,
)
from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.cardset cimport CardSet
from pedron._kernels.exact cimport flag_arg, int_arg
from pedron._kernels.rng cimport fork_lock, fork_lock_free, fork_lock_get, fork_lock_init

from pedron._kernels.cardset import format_card, parse_card, parse_cards
from pedron._exact import check_iterable, exact_int
from pedron.errors import (
    ArrayError,
    CardError,
    DuplicateCardError,
    PedronTypeError,
    PedronValueError,
)
from pedron.text import shown

cdef extern from "Python.h":
    # (declared here for a PyObject* argument: the per-call path reads borrowed items)
    bint PyLong_CheckExact(PyObject* o) noexcept
    long PyLong_AsLongAndOverflow(PyObject* o, int* overflow) noexcept

# The block check of the checked batch (see rows_u8): a vector loop where this build
# and this CPU have one, else NULL.
ctypedef pedron_block_check_fn block_check_fn

cdef enum:
    BLOCK_ROWS = PEDRON_BLOCK_ROWS
    BLOCK_BYTES = PEDRON_BLOCK_BYTES

# ---------------------------------------------------------------------------
# Constants

# The categories (cpdef enum Category) are declared in diablo_eval.pxd, their one
# source: pedron.drawpoker.Category takes its members from this module's Category.
cdef enum:
    N_CATEGORIES = FIVE_OF_A_KIND + 1       # index 0 unused

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
# The two multipliers of the hash were found by a search: with them every bucket's keys
# can be displaced into free slots. Written once each, in bucket_of and home_slot below.
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
    return (key * <uint32_t>0xd8f16adf) >> (32 - PH_SLOT_BITS)


cdef inline uint32_t bucket_of(uint32_t key) noexcept nogil:
    return (key * <uint32_t>0xcd613e31) >> (32 - PH_BUCKET_BITS)


cdef inline uint32_t phash(uint32_t key) noexcept nogil:
    """The slot of a key sum: a multiplicative hash, XORed with its bucket's displacement
    (hash and displace: every key of a bucket moves by the same amount, chosen at
    import so that no two keys share a slot)."""
    return home_slot(key) ^ PH_DISPLACE[bucket_of(key)]


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
                        PH_FIRST[bucket_of(key)] += 1
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
        b = bucket_of(keys[i])
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
            f"strength out of range 1..{n} ({'wild' if wild else 'natural'} mode): {shown(strength)}"
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


cdef inline unsigned int small_int(PyObject* o) noexcept:
    """The value of an exact int 0..63; 64 for any other object or value."""
    cdef int overflow
    cdef long v
    if not PyLong_CheckExact(o):
        return 64
    v = PyLong_AsLongAndOverflow(o, &overflow)  # (an exact int: it cannot fail)
    return <unsigned int>v if not overflow and 0 <= v < 64 else 64


cdef inline bint five_small_ints(object hand, unsigned int* c) noexcept:
    """Whether ``hand`` is a tuple or list of five exact ints 0..63, read into ``c``.

    The usual hand, read with no Python code run (a list cannot change under the
    reading: on a free-threaded interpreter the list is locked meanwhile). Anything
    else, valid or not, is left to the general path (:func:`hand_mask`)."""
    cdef int i
    cdef bint five = False
    if type(hand) is tuple:
        if PyTuple_GET_SIZE(hand) == 5:
            for i in range(5):
                c[i] = small_int(PyTuple_GET_ITEM(hand, i))
            five = True
    elif type(hand) is list:
        with cython.critical_section(hand):
            if PyList_GET_SIZE(hand) == 5:
                for i in range(5):
                    c[i] = small_int(PyList_GET_ITEM(hand, i))
                five = True
    return five and (c[0] | c[1] | c[2] | c[3] | c[4]) < 64


cdef inline int usual_strength(object hand, bint wild) noexcept:
    """The strength of a tuple or list of five different exact ints 0..51, else 0.

    The usual call: 0 (no hand's strength) sends anything else, valid or not, to
    the general path, which accepts, or refuses with its messages.
    """
    cdef unsigned int c[5]
    cdef uint64_t b0, b1, b2, b3, b4, bits, sm
    cdef const uint64_t* E
    if not five_small_ints(hand, c):
        return 0
    # (CARD_BIT: bit 63 for a number that is no card)
    b0 = CARD_BIT[c[0]]; b1 = CARD_BIT[c[1]]; b2 = CARD_BIT[c[2]]
    b3 = CARD_BIT[c[3]]; b4 = CARD_BIT[c[4]]
    bits = b0 | b1 | b2 | b3 | b4
    if (b0 + b1 + b2 + b3 + b4 != bits) | ((bits >> 52) != 0):  # a card twice, or not a card
        return 0
    # A possible flush by the entries' suit counts, as in lookup_sum (its part of the
    # table is 16 KB); any other hand by its ranks' key sum, perfectly hashed into the
    # dense NONFLUSH_* table: one call's few cache lines, where the sparse key-sum
    # table's line is mostly a miss.
    E = &SUM_ENTRY_W[0] if wild else &SUM_ENTRY_N[0]
    sm = E[c[0]] + E[c[1]] + E[c[2]] + E[c[3]] + E[c[4]]
    if FLUSHABLE[<unsigned int>(sm >> 48) & 0xFFF]:
        return (&TABLE_W[0] if wild else &TABLE_N[0])[
            FLUSH_BASE + (<unsigned int>(sm >> 32) & 0x1FFF)]
    return (&NONFLUSH_W[0] if wild else &NONFLUSH_N[0])[phash(<uint32_t>sm & KEY_MASK)]


cdef uint64_t items_mask(object hand) except? 0:
    """Checked mask of a sequence of five cards (ints, card text, objects with
    ``__index__``), read from an immutable copy: converting an item may run Python
    code, which could change a list under the loop."""
    cdef tuple items = tuple(hand)
    cdef Py_ssize_t i
    cdef long c
    cdef uint64_t mask = 0, bit
    if len(items) != 5:
        hand_size_error(len(items))
    for i in range(5):
        item = items[i]
        if isinstance(item, str):
            c = parse_card(item)
        else:
            v = exact_int(item, "a card (an int or card text)")
            if not 0 <= v < 52:
                raise CardError(f"card number out of range 0..51: {shown(v)}")
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
        return items_mask(hand)
    if isinstance(hand, CardSet):
        if type(hand) is not CardSet:
            raise PedronTypeError(f"a Diablo hand takes standard cards, not {t.__name__}")
        return check_mask((<CardSet>hand).mask)
    if isinstance(hand, str):
        return items_mask(parse_cards(hand))
    if t is int:
        if hand < 0 or hand >> 52:
            raise CardError(f"mask has bits outside the 52 cards: {hand:#x}")
        return check_mask(<uint64_t>hand)
    if isinstance(hand, (bytes, bytearray, bool, float, dict, set, frozenset)) or hand is None:
        raise PedronTypeError(
            f"a hand is card text, a sequence of five card ints, a CardSet or a mask, "
            f"not {t.__name__}"
        )
    if isinstance(hand, range):  # (listed whole: a range of 10**12 was a MemoryError)
        check_iterable(hand, "a hand")
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
            return items_mask(cards)
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


cdef inline int hand_strength(object hand, bint wild) except 0:
    """The strength of any accepted hand, checked: the usual hand at once, anything
    else through :func:`hand_mask`."""
    cdef int s = usual_strength(hand, wild)
    return s if s else strength_of_mask(hand_mask(hand), wild)


cdef extern from "pedron/_kernels/impl/portable.h":
    void* load_acquire "pedron_load_acquire"(void** slot) noexcept nogil
    void store_release "pedron_store_release"(void** slot, void* value) noexcept nogil


@cython.final
cdef class ValueTable:
    """One object per strength and mode, made on first use and then kept.

    ``factory(strength, wild)`` makes the object (for :mod:`pedron.diablo`: a
    ``HandValue``); the layer above owns the table and hands the kernel only the
    factory, so the kernel never imports it. The lookup stays in C because it is on
    the path of every :meth:`evaluate` call. ``owner`` is a picklable callable without
    arguments that returns this table: pickling or copying the table (or its bound
    ``evaluate``) then refers to the owner's one instead of duplicating it.

    Each slot is written once: the object is made without the table's lock (the
    factory is Python code), then stored under it unless another thread stored one
    first, whose object is then returned instead; readers take no lock, they load
    the slot with acquire semantics (impl/portable.h). So equal strengths always
    give the same object, from any thread, free-threaded interpreters included. The
    objects made must not refer to the table (it does not take part in garbage
    collection).
    """

    cdef PyObject** _wild            # owned references by strength, NULL until made
    cdef PyObject** _natural
    cdef object _factory
    cdef object _owner
    cdef fork_lock _lock             # held only to store a slot (no Python code meanwhile)

    def __cinit__(self, factory, owner=None):
        if not callable(factory):
            raise PedronTypeError(
                f"a ValueTable factory must be callable, not {type(factory).__name__}"
            )
        if owner is not None and not callable(owner):
            raise PedronTypeError(
                f"a ValueTable owner must be callable or None, not {type(owner).__name__}"
            )
        self._factory = factory
        self._owner = owner
        self._wild = <PyObject**>PyMem_Calloc(COUNT_W + 1, sizeof(PyObject*))
        self._natural = <PyObject**>PyMem_Calloc(COUNT_N + 1, sizeof(PyObject*))
        if self._wild == NULL or self._natural == NULL:
            raise MemoryError("cannot allocate a ValueTable")
        fork_lock_init(&self._lock)

    def __dealloc__(self):
        cdef int s
        if self._wild != NULL:
            for s in range(COUNT_W + 1):
                Py_XDECREF(self._wild[s])
            PyMem_Free(self._wild)
        if self._natural != NULL:
            for s in range(COUNT_N + 1):
                Py_XDECREF(self._natural[s])
            PyMem_Free(self._natural)
        fork_lock_free(&self._lock)

    def __reduce__(self):
        if self._owner is None:
            raise PedronTypeError("a ValueTable without an owner cannot be pickled or copied")
        return (self._owner, ())

    cdef inline object get(self, int s, bint wild):
        cdef void** slot = <void**>&(self._wild if wild else self._natural)[s]
        cdef PyObject* v = <PyObject*>load_acquire(slot)
        if v != NULL:
            return <object>v
        return self.make(s, wild)

    cdef object make(self, int s, bint wild):
        """The object of strength ``s``: made now, unless another thread stores one first."""
        cdef void** slot = <void**>&(self._wild if wild else self._natural)[s]
        cdef PyObject* v
        made = self._factory(s, wild)
        cdef PyThread_type_lock lock = fork_lock_get(&self._lock)  # (renewed after a fork)
        PyThread_acquire_lock(lock, WAIT_LOCK)  # (its holders run no Python code)
        v = <PyObject*>slot[0]
        if v == NULL:
            Py_INCREF(made)  # (the table's reference)
            v = <PyObject*>made
            store_release(slot, <void*>v)
        PyThread_release_lock(lock)
        return <object>v

    @cython.binding(False)
    @cython.embedsignature.format("clinic")
    def evaluate(self, hand, *, wild=True):
        """The :class:`~pedron.diablo.HandValue` of a five-card hand.

        ``hand`` is card text (``"9c 9d 2h 2s Kd"``), a list or tuple of five
        card ints (or card texts), a :class:`~pedron.cards.CardSet`, or an int
        mask of exactly five cards. With ``wild=True`` (the default) the four 2s
        are wild as in Diablo; ``wild=False`` is plain five-card poker. Equal
        strengths give the same object.
        """
        cdef bint w = flag_arg(wild, "wild")
        return self.get(hand_strength(hand, w), w)

    def of_strength(self, strength, wild=True):
        """The object of a strength (range-checked; ``strength`` an int)."""
        cdef bint w = flag_arg(wild, "wild")
        return self.get(check_strength(strength, w), w)


@cython.binding(False)
@cython.embedsignature.format("clinic")
def strength(hand, *, wild=True):
    """The dense strength (an int, higher is better) of a five-card hand.

    Same input and checks as :func:`~pedron.diablo.evaluate`, without building
    a value.
    """
    return hand_strength(hand, flag_arg(wild, "wild"))


def hand_mask_checked(hand):
    """The mask of a hand after the checks :func:`evaluate` makes."""
    return hand_mask(hand)


# ---------------------------------------------------------------------------
# Batch evaluation


# The block check for this CPU (NULL: none in this build, or none for this CPU): chosen
# once at import, constant afterwards.
cdef const char* BLOCK_CHECK_NAME = NULL
cdef block_check_fn block_bad = block_check_for_this_cpu(&BLOCK_CHECK_NAME)

# PAIR_IN_ROW[k - 1][j]: 0xFF when bytes j and j + k of a block are cards of one row.
cdef uint8_t PAIR_IN_ROW[4 * BLOCK_BYTES]
for _k in range(4):
    for _j in range(BLOCK_BYTES):
        PAIR_IN_ROW[_k * BLOCK_BYTES + _j] = 0xFF if _j % 5 + _k + 1 < 5 else 0
del _k, _j

#: The fast paths this build and this CPU run: what each names, the variant chosen at
#: import ("none": the plain loop; always so in the plain build, PEDRON_PLAIN=1).
FAST_PATHS = {"batch block check": (<bytes>BLOCK_CHECK_NAME).decode("ascii")}


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
                        uint16_t* out, bint wild, bint check,
                        block_check_fn block_check) noexcept nogil:
    """Strengths of rows start..stop-1; with ``check`` stop at the first bad row
    and return its index (else -1).

    Checked rows go by blocks of BLOCK_ROWS when there is a ``block_check``: the
    block is validated as a whole by the vector loop (a third of the cost of
    checking row by row), then evaluated by the unchecked loop. A block that fails
    (and the last rows, where the block check would read past the slice) goes
    through the precise row-by-row check, which finds the same first bad row, writes
    the same rows before it and so gives the same error. Without a block check (the
    plain build, or a CPU it has none for) every row goes the precise way.
    """
    cdef const uint64_t* E = &ENTRY_W[0] if wild else &ENTRY_N[0]
    cdef const uint64_t* S = &SUM_ENTRY_W[0] if wild else &SUM_ENTRY_N[0]
    cdef const uint16_t* T = &TABLE_W[0] if wild else &TABLE_N[0]
    cdef Py_ssize_t i = start, r
    if not check:
        rows_u8_unchecked(p, start, stop, out, S, T)
        return -1
    if block_check != NULL:
        # (the block check reads 4 bytes past its block: so the next row must be in the slice)
        while i + BLOCK_ROWS < stop:
            if block_check(p + 5 * i, PAIR_IN_ROW):
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


# What a batch call asks of its rows (the options of _common's row loops).
cdef struct Options:
    bint wild
    bint check
    block_check_fn block_check


cdef Py_ssize_t card_rows(const uint8_t* rows, Py_ssize_t start, Py_ssize_t stop,
                          void* out, const void* options) noexcept nogil:
    cdef const Options* o = <const Options*>options
    return rows_u8(rows, start, stop, <uint16_t*>out, o.wild, o.check, o.block_check)


cdef Py_ssize_t mask_rows(const uint8_t* rows, Py_ssize_t start, Py_ssize_t stop,
                          void* out, const void* options) noexcept nogil:
    cdef const Options* o = <const Options*>options
    return rows_u64(<const uint64_t*>rows, start, stop, <uint16_t*>out, o.wild, o.check)


# A Diablo batch: rows of five cards, strengths as uint16, a thread per 65,536 rows at most.
cdef BatchShape SHAPE
SHAPE.width = 5
SHAPE.out_itemsize = 2
SHAPE.per_thread = 1 << 16
SHAPE.no_masks = NULL


cdef str bad_row_message(Batch batch, Py_ssize_t row):
    cdef uint64_t mask
    if batch.kind == CARD_ROWS:
        values = list(batch.card_row(row))
        for v in values:
            if v >= 52:
                return f"row {row}: card number out of range 0..51: {v} in {values}"
        for i, v in enumerate(values):
            if v in values[:i]:
                return f"row {row}: duplicate card {format_card(v)} in {values}"
        return f"row {row}: invalid hand {values}"
    mask = batch.mask_row(row)
    if mask >> 52:
        return f"row {row}: mask has bits outside the 52 cards: {mask:#x}"
    return f"row {row}: mask has {popcount64(mask)} cards, expected 5: {mask:#x}"


cdef object run_batch(object cards, object wild, object out, object threads, bint check,
                      block_check_fn block_check):
    cdef Options options
    cdef Batch batch
    cdef Py_ssize_t bad
    options.wild = flag_arg(wild, "wild")
    options.check = check
    options.block_check = block_check
    batch = open_batch(cards, out, threads, &SHAPE)
    bad = batch.run(card_rows if batch.kind == CARD_ROWS else mask_rows, &options)
    if bad >= 0:
        raise ArrayError(bad_row_message(batch, bad))
    batch.release()
    return batch.out


@cython.binding(False)
@cython.embedsignature.format("clinic")
def evaluate_batch(cards, *, wild=True, out=None, threads=1):
    """Strengths of many hands at once, as uint16.

    ``cards`` is an (n, 5) uint8 array of card ints (or a flat one of length 5n), a
    length-n uint64 array of five-card masks, or a list of n rows of five card ints
    (or of n mask ints). Any C-contiguous buffer is read in place (numpy arrays,
    memoryviews, ``array.array``...); a list is copied. Returns ``out`` if given (a
    writable C-contiguous uint16 buffer of length n), else a new numpy uint16 array
    when ``cards`` is a numpy array, else an ``array.array('H')``.

    Every row is checked (card ints below 52, no card twice, masks of exactly five
    cards within the 52); the first bad row raises
    :class:`~pedron.errors.ArrayError` naming it (``out`` then holds the rows
    before it). The work runs without the GIL; ``threads`` > 1 splits the rows
    across that many threads (``None``: one per usable core; at most one per 65,536 rows).

    In a hot loop of small batches, pass ``out``: the call's fixed cost is then
    well under a microsecond, while making the result array costs about as much.
    The arguments are those of :func:`pedron.diamondback.evaluate_batch`.
    """
    return run_batch(cards, wild, out, threads, True, block_bad)


@cython.binding(False)
@cython.embedsignature.format("clinic")
def evaluate_batch_unchecked(cards, *, wild=True, out=None, threads=1):
    """:func:`evaluate_batch` without the per-row checks.

    It still checks the array's type, shape and ``out``, but it does NOT
    check that card ints are below 52, that a row holds five different cards,
    or that a mask has exactly five bits within the 52 cards. A bad row reads
    in bounds and never crashes, but its strength is meaningless (it may be
    0, which no valid hand has).
    """
    return run_batch(cards, wild, out, threads, False, NULL)


def _evaluate_batch_plain(cards, *, wild=True, out=None, threads=1):
    """:func:`evaluate_batch` as the plain build runs it (every row checked one by one,
    no vector loop), for the tests that compare the two on every hand."""
    return run_batch(cards, wild, out, threads, True, NULL)
