# cython: freethreading_compatible = True
"""Diamondback kernels: batch hand evaluation and exact odds enumeration.

Hand strengths run from 1 (Priest-Priest) to 14 (Magician-Priestess); ranks are
Priest 0, King 1, Queen 2, Priestess 3, Magician 4; card ids 0..42 as in
:mod:`pedron.diamondback.cards`.

Batch evaluation reads each two-byte row as one 16-bit word and looks it up in
a 65536-entry byte table (one table for rank rows, one for card-id rows). The
table is symmetric (``t[a | b << 8] == t[b | a << 8]``), so the byte order of
the machine does not matter. Invalid rows map to a byte with bit 7 set; the
hot loop ORs every looked-up byte together and, only if bit 7 ended up set,
rescans to name the first bad row. Rank rows go sixteen at a time through the
vector loop of ``impl/simd.c`` (reached through :mod:`pedron._kernels._common`) where
this build and this CPU have it.

The batch functions' arguments are checked by :mod:`pedron._kernels._common`, as
Diablo's are. The C tables (strengths, rank of each id) live in
``impl/portable.h``, declared in ``diamondback_eval.pxd`` so other kernels can
cimport them. Every module-level table is filled at import and only read
afterwards: the module is safe from several threads, free-threaded included.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from pedron._kernels._common cimport (
    CARD_ROWS,
    Batch,
    BatchShape,
    open_batch,
    pedron_rank_rows_fn,
    rank_rows_for_this_cpu,
)
from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.exact cimport flag_arg

from pedron.errors import ArrayError

cdef enum:
    INVALID = 0x80
    NUM_RANKS = 5
    NUM_IDS = 43
    MAX_OPPONENTS = 3

# Lookup tables indexed by a row's two bytes, a | b << 8: strength, or INVALID.
cdef uint8_t RANK_TABLE[65536]
cdef uint8_t ID_TABLE[65536]

# The vector loop for rank rows: where this build and this CPU have one, else NULL.
ctypedef pedron_rank_rows_fn rank_rows_fn

cdef extern from "pedron/_kernels/impl/portable.h":
    const int LITTLE_ENDIAN "PEDRON_LITTLE_ENDIAN"


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
    cdef uint8_t acc = 0
    cdef uint8_t t0, t1, t2, t3, t4, t5, t6, t7
    cdef uint16_t key
    # eight rows (16 bytes) per step: two 64-bit loads, eight table lookups
    # (the rows' order within a word assumes a little-endian machine)
    while LITTLE_ENDIAN and i + 8 <= n:
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


# The strength of ranks (a, b) at 5a + b (INVALID for Magician-Magician), 32 bytes
# for the two 16-byte halves the vector lookup reads.
cdef uint8_t RANK_T25[32]
for _a in range(32):
    RANK_T25[_a] = INVALID
for _a in range(NUM_RANKS):
    for _b in range(NUM_RANKS):
        RANK_T25[5 * _a + _b] = RANK_TABLE[_a | (_b << 8)]
del _a, _b

# The vector loop for this CPU: chosen once at import, constant afterwards.
cdef const char* RANK_ROWS_NAME = NULL
cdef rank_rows_fn vector_rank_rows = rank_rows_for_this_cpu(&RANK_ROWS_NAME)

#: The fast paths this build and this CPU run: what each names, the variant chosen at
#: import ("none": the plain loop; always so in the plain build, PEDRON_PLAIN=1).
FAST_PATHS = {"batch rank rows": (<bytes>RANK_ROWS_NAME).decode("ascii")}


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


# What a batch call asks of its rows (the options of _common's row loops).
cdef struct Options:
    const uint8_t* table        # RANK_TABLE or ID_TABLE
    rank_rows_fn vector         # the vector loop for rank rows, or NULL
    bint check


cdef Py_ssize_t card_rows(const uint8_t* rows, Py_ssize_t start, Py_ssize_t stop,
                          void* out, const void* options) noexcept nogil:
    cdef const Options* o = <const Options*>options
    cdef const uint8_t* src = rows + 2 * start
    cdef uint8_t* dst = <uint8_t*>out + start
    cdef Py_ssize_t n = stop - start, done = 0, bad
    cdef uint8_t acc = 0
    if o.vector != NULL:
        done = o.vector(src, dst, n, RANK_T25, &acc)
    acc |= _lookup_rows(src + 2 * done, dst + done, n - done, o.table)
    if o.check and (acc & INVALID):
        bad = _first_bad_row(src, n, o.table)
        return start + bad if bad >= 0 else -1
    return -1


cdef Py_ssize_t mask_rows(const uint8_t* rows, Py_ssize_t start, Py_ssize_t stop,
                          void* out, const void* options) noexcept nogil:
    """Card-id masks (ids mode only): two bits below bit 43, else INVALID."""
    cdef const Options* o = <const Options*>options
    cdef const uint64_t* masks = <const uint64_t*>rows
    cdef uint8_t* dst = <uint8_t*>out
    cdef uint64_t m
    cdef Py_ssize_t i
    cdef uint8_t s
    for i in range(start, stop):
        m = masks[i]
        if popcount64(m) != 2 or (m >> NUM_IDS) != 0:
            s = INVALID
        else:
            s = STRENGTH_C[RANK_OF_ID_C[ctz64(m)]][RANK_OF_ID_C[ctz64(m & (m - 1))]]
        dst[i] = s
        if o.check and s == INVALID:
            return i
    return -1


# A Diamondback batch: rows of two cards, strengths as uint8, a thread per 2**20 rows at
# most (a row costs about a nanosecond: fewer would not pay for a thread); rank rows
# have no masks.
cdef BatchShape RANK_SHAPE
RANK_SHAPE.width = 2
RANK_SHAPE.out_itemsize = 1
RANK_SHAPE.per_thread = 1 << 20
RANK_SHAPE.no_masks = b"card masks hold card ids: pass ids=True to evaluate them"
cdef BatchShape ID_SHAPE = RANK_SHAPE
ID_SHAPE.no_masks = NULL


cdef str bad_row_message(Batch batch, Py_ssize_t i, bint ids):
    cdef uint64_t m
    if batch.kind != CARD_ROWS:
        m = batch.mask_row(i)
        if m >> NUM_IDS:
            return f"row {i}: mask has bits outside the 43 card ids: {m:#x}"
        return f"row {i}: mask has {popcount64(m)} cards, expected 2: {m:#x}"
    a, b = batch.card_row(i)
    if ids:
        for x in (a, b):
            if x >= NUM_IDS:
                return f"row {i}: card id {x} out of range 0..42"
        return f"row {i}: the same card id {a} twice in one hand"
    for x in (a, b):
        if x >= NUM_RANKS:
            return f"row {i}: rank {x} out of range 0..4 (pass ids=True for card ids)"
    return f"row {i}: Magician-Magician ({a}, {b}) cannot be dealt"


cdef object run_batch(object cards, object ids, object out, object threads, bint check,
                      bint vector):
    cdef Options options
    cdef Batch batch
    cdef Py_ssize_t bad
    cdef bint by_id = flag_arg(ids, "ids")
    options.table = &ID_TABLE[0] if by_id else &RANK_TABLE[0]
    options.vector = vector_rank_rows if vector and not by_id else NULL
    options.check = check
    batch = open_batch(cards, out, threads, &ID_SHAPE if by_id else &RANK_SHAPE)
    bad = batch.run(card_rows if batch.kind == CARD_ROWS else mask_rows, &options)
    if bad >= 0:
        raise ArrayError(bad_row_message(batch, bad, by_id))
    batch.release()
    return batch.out


@cython.binding(False)
@cython.embedsignature.format("clinic")
def evaluate_batch(cards, *, ids=False, out=None, threads=1):
    """Strengths (1..14) of many two-card hands, validated, as uint8.

    ``cards`` is an (n, 2) uint8 array (or a flat one of length 2n) of ranks 0..4
    (card ids 0..42 with ``ids=True``), a list of n rows of two such ints, or with
    ``ids=True`` a length-n uint64 array of two-card masks of card ids. Any
    C-contiguous buffer is read in place (numpy arrays, ``bytes``, ``bytearray``,
    ``array('B')``, ``memoryview``...); a list is copied. Returns ``out`` if given
    (a writable C-contiguous uint8 buffer of length n), else a new numpy uint8
    array when ``cards`` is a numpy array, else an ``array('B')``. The work runs
    without the GIL; ``threads`` > 1 splits the rows across that many threads
    (``None``: one per usable core; at most one per 2**20 rows).

    Raises :class:`~pedron.errors.ArrayError` naming the first bad row: a rank
    above 4 (or id above 42), Magician-Magician, the same id twice, a mask of
    other than two ids; ``out`` may then be partly written. The arguments are
    those of :func:`pedron.diablo.evaluate_batch`.
    """
    return run_batch(cards, ids, out, threads, True, True)


@cython.binding(False)
@cython.embedsignature.format("clinic")
def evaluate_batch_unchecked(cards, *, ids=False, out=None, threads=1):
    """As :func:`evaluate_batch` but without checking the rows' values.

    Shapes and types are still checked (memory safety); an invalid row (bad
    rank or id, Magician-Magician, a repeated id, a bad mask) yields the byte
    0x80 (128) instead of raising.
    """
    return run_batch(cards, ids, out, threads, False, True)


def _evaluate_batch_plain(cards, *, ids=False, out=None, threads=1):
    """:func:`evaluate_batch_unchecked` as the plain build runs it (no vector loop),
    for the tests that compare the two on every row."""
    return run_batch(cards, ids, out, threads, False, False)


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
