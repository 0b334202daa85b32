"""Exact video-poker analysis: the compiled core of pedron.videopoker.

Three decks are played: 52 cards without wild cards, 52 cards with the four
deuces wild, and 53 cards with one wild joker (card 52). Cards are
``rank * 4 + suit`` (rank 0 is a 2, rank 12 an ace), as everywhere in pedron.

Method (inclusion-exclusion over the held cards):

1. Every five-card hand of the deck gets a *descriptor* (:func:`build_deck`):
   its best category and the ranks a pay table can refine it by, and the
   number of wild cards in it. A pay table, as data, maps descriptors to its
   rows; every hand then has a row and a payout (:func:`hand_rows`).
2. For every set ``T`` of 0..4 cards, ``P(T)`` sums the payout over the hands
   that contain ``T`` (:func:`subset_sums`). For a dealt hand ``D`` and a
   hold ``H`` of it, the draws are the hands ``F`` with ``H <= F`` and ``F``
   disjoint from ``D - H``; by inclusion-exclusion their payout sum is
   ``sum over H <= T <= D of (-1)**|T - H| * P(T)``, all 32 holds of a deal
   at once by a superset Moebius transform over its 32 subsets.
3. Only one deal per suit-equivalence class is analysed (the class of a hand
   is the multiset of its four per-suit rank masks, the joker having no
   suit; the representative is the member whose suit masks do not increase
   from suit 0 to 3), weighted by the class size.
4. The chosen hold of each deal adds its signed weight to the subsets of
   the same inclusion-exclusion (:func:`solve_range`); one pass down the
   subset levels (:func:`row_totals`) turns those weights into the weighted
   count of every pay-table row.

Subsets are indexed by their colexicographic rank ``sum C(card_i, i)``.
Every function here is pure: the pay-independent tables are built on
request and cached, immutable, by :mod:`pedron.videopoker.tables`.

Internal module: the public API is :mod:`pedron.videopoker`.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from pedron._kernels.bits cimport choose
from pedron._kernels.diablo_eval cimport card_entries, lookup_strength, strength_table
from pedron._kernels.draw_kernel cimport cmp_frac, legal_exchange

import numpy as np

cdef enum:
    MAX_CARDS = 53
    N5_52 = 2598960
    N4_52 = 270725
    N3_52 = 22100
    N2_52 = 1326

# The decks (``mode``): the same numbers as pedron.videopoker.tables.
cdef enum:
    NATURAL = 0
    DEUCES = 1
    JOKER = 2

# Hand categories of a descriptor (the evaluator's numbering).
cdef enum:
    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    TRIPS = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    QUADS = 8
    STRAIGHT_FLUSH = 9
    FIVE = 10
    NO_RANK = 15

# How equal-EV holds are ordered (pedron.videopoker.analysis.TIE_BREAKS).
cdef enum:
    FEWER_DRAWN = 0
    FIRST_HOLD = 1
    LEAST_VARIANCE = 2

cdef uint64_t BIN[MAX_CARDS + 1][6]   # BIN[n][k] = C(n, k), fixed at import


cdef void init_binomials() noexcept nogil:
    cdef int n, k
    for n in range(MAX_CARDS + 1):
        for k in range(6):
            BIN[n][k] = choose(n, k)


init_binomials()


cdef struct deck_t:
    int ncards
    int64_t lcm          # a multiple of every C(ncards - 5, k), k = 0..5
    int64_t draws[6]     # C(ncards - 5, k)
    Py_ssize_t size[6]   # C(ncards, k): the number of k-card subsets


cdef int deck_of(int ncards, deck_t* dk) except -1:
    cdef int k
    if ncards != 52 and ncards != 53:
        raise ValueError("videopoker: a deck has 52 or 53 cards")
    dk.ncards = ncards
    for k in range(6):
        dk.draws[k] = <int64_t>BIN[ncards - 5][k]
        dk.size[k] = <Py_ssize_t>BIN[ncards][k]
    dk.lcm = 7669695 if ncards == 52 else 8561520
    for k in range(6):
        if dk.lcm % dk.draws[k]:
            raise RuntimeError("videopoker: the draw weight is not a common multiple")
    return 0


def deck_numbers(int ncards):
    """``(deals, weight)``: the five-card deals of the deck and the weight
    of one deal (a multiple of every number of draws)."""
    cdef deck_t dk
    deck_of(ncards, &dk)
    return int(dk.size[5]), int(dk.lcm)


cdef inline int popcount5(int x) noexcept nogil:
    return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1) + ((x >> 4) & 1)


cdef inline uint16_t pack(int cat, int rank, int kicker, int wilds) noexcept nogil:
    return <uint16_t>(cat | (rank << 4) | (kicker << 8) | (wilds << 12))


cdef inline int straight_top(uint32_t ranks) noexcept nogil:
    """The highest top rank (3 = five-high .. 12 = ace-high) of a five-rank
    window holding every rank in ``ranks`` (the ace also plays low), or -1."""
    cdef int top
    cdef uint32_t window
    for top in range(12, 3, -1):
        window = 0x1Fu << (top - 4)
        if ranks & ~window == 0:
            return top
    if ranks & ~(0xFu | (1u << 12)) == 0:   # A-2-3-4-5
        return 3
    return -1


cdef inline int highest(uint32_t bits) noexcept nogil:
    cdef int r
    for r in range(12, -1, -1):
        if (bits >> r) & 1:
            return r
    return 0


cdef uint16_t describe(const int* cards, int mode) noexcept nogil:
    """The descriptor of a five-card hand: its best category (wild cards
    playing as whatever is best), the rank it plays as (the pair, trips,
    quads or five of a kind; the straight's top card; the highest card), the
    kicker (the fifth card of quads, the pair of a full house, the low pair
    of two pair; 15 for none) and the number of wild cards in it.

    Four deuces with any fifth card are five of a kind of the fifth card's
    rank, and their kicker is that rank too (a pay table names it so)."""
    cdef int cnt[13]
    cdef int i, c, r, s, w = 0, nat = 0, distinct = 0, suit = -1, top, best, other, low
    cdef int pairs = 0
    cdef bint flush = True
    cdef uint32_t bits = 0
    memset(cnt, 0, sizeof(cnt))
    for i in range(5):
        c = cards[i]
        if (mode == DEUCES and c < 4) or (mode == JOKER and c == 52):
            w += 1
            continue
        r = c >> 2
        s = c & 3
        if cnt[r] == 0:
            distinct += 1
        cnt[r] += 1
        bits |= 1u << r
        if suit < 0:
            suit = s
        elif s != suit:
            flush = False
        nat += 1
    # best: the highest rank among those with most natural cards; other: the
    # highest other rank present; low: the highest other rank paired
    best = highest(bits)
    for r in range(12, -1, -1):
        if cnt[r] > cnt[best]:
            best = r
    other = NO_RANK
    low = NO_RANK
    for r in range(12, -1, -1):
        if cnt[r] and r != best:
            if other == NO_RANK:
                other = r
            if cnt[r] == 2 and low == NO_RANK:
                low = r
        if cnt[r] == 2:
            pairs += 1
    if w == 4:   # four deuces (the only hand with four wild cards)
        return pack(FIVE, best, best, 4)
    if cnt[best] + w >= 5:
        return pack(FIVE, best, NO_RANK, w)
    top = straight_top(bits) if nat == distinct else -1
    if flush and top >= 0:
        return pack(STRAIGHT_FLUSH, top, NO_RANK, w)
    if cnt[best] + w >= 4:
        # wild cards join the rank with most natural cards, the highest of
        # them when several could (three deuces with A and K: four aces)
        return pack(QUADS, best, other, w)
    if (cnt[best] == 3 and pairs == 1) or (w == 1 and pairs == 2):
        # a wild card filling two pair makes trips of the higher pair
        return pack(FULL_HOUSE, best, other, w)
    if flush:   # its top card: a wild card plays as an ace
        return pack(FLUSH, highest(bits) if w == 0 else 12, NO_RANK, w)
    if top >= 0:
        return pack(STRAIGHT, top, NO_RANK, w)
    if cnt[best] + w >= 3:
        return pack(TRIPS, best, NO_RANK, w)
    if pairs == 2:
        return pack(TWO_PAIR, best, low, w)
    if cnt[best] + w >= 2:
        return pack(PAIR, best, NO_RANK, w)
    return pack(HIGH_CARD, best, NO_RANK, w)


def describe_hand(cards, int mode):
    """The descriptor of one hand (five distinct card ints): see :func:`build_deck`."""
    cdef int c[5]
    cdef int i
    if len(cards) != 5:
        raise ValueError("a hand has five cards")
    for i in range(5):
        c[i] = cards[i]
    return describe(c, mode)


@cython.cdivision(True)
def build_deck(int mode):
    """The pay-independent tables of a deck: ``(desc5, reps, weights)``.

    ``desc5[r]``: the descriptor (uint16) of the hand of colex rank ``r``:
    ``category | rank << 4 | kicker << 8 | wild cards << 12``, categories
    numbered as the evaluator's (1 high card .. 9 straight flush, 10 five of
    a kind). ``reps``/``weights``: one deal per suit class and the class
    size."""
    cdef int ncards = 53 if mode == JOKER else 52
    cdef deck_t dk
    deck_of(ncards, &dk)
    cdef Py_ssize_t n5 = dk.size[5], nrep = 0, r5 = 0, cap = 134459 + 30000
    desc_a = np.zeros(n5, dtype=np.uint16)
    reps_a = np.zeros((cap, 5), dtype=np.uint8)
    weights_a = np.zeros(cap, dtype=np.uint8)
    cdef uint16_t[::1] desc = desc_a
    cdef uint8_t[:, ::1] reps = reps_a
    cdef uint8_t[::1] weights = weights_a
    cdef int a, b, c, d, e, i, j, k, mult, nat
    cdef int cards[5]
    cdef uint32_t m[4]
    if mode != NATURAL and mode != DEUCES and mode != JOKER:
        raise ValueError("videopoker: unknown deck mode")
    with nogil:
        for e in range(4, ncards):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            cards[0] = a; cards[1] = b; cards[2] = c
                            cards[3] = d; cards[4] = e
                            desc[r5] = describe(cards, mode)
                            r5 += 1
                            # the suit class: the joker (card 52, always last) has no suit
                            m[0] = 0; m[1] = 0; m[2] = 0; m[3] = 0
                            nat = 4 if e == 52 else 5
                            for i in range(nat):
                                m[cards[i] & 3] |= 1u << (cards[i] >> 2)
                            if m[0] >= m[1] and m[1] >= m[2] and m[2] >= m[3]:
                                # 24 / product of factorials of the runs of equal masks
                                mult = 1
                                i = 0
                                while i < 4:
                                    j = i
                                    while j + 1 < 4 and m[j + 1] == m[i]:
                                        j += 1
                                    for k in range(2, j - i + 2):
                                        mult *= k
                                    i = j + 1
                                if nrep < cap:
                                    for i in range(5):
                                        reps[nrep, i] = <uint8_t>cards[i]
                                    weights[nrep] = <uint8_t>(24 // mult)
                                nrep += 1
    if nrep > cap or int(weights_a[:nrep].sum(dtype=np.int64)) != n5:
        raise RuntimeError("videopoker: the suit classes do not cover the deals")
    return desc_a, reps_a[:nrep].copy(), weights_a[:nrep].copy()


def hand_rows(const uint16_t[::1] desc5, const uint8_t[::1] row_of, const int64_t[::1] pays,
              uint8_t[::1] row5, int64_t[::1] v5):
    """Per hand its pay-table row (``row_of[descriptor]``) and payout
    (``pays[row]``), into ``row5`` and ``v5``."""
    cdef Py_ssize_t r, n = desc5.shape[0]
    cdef int nrows = pays.shape[0]
    if row_of.shape[0] != 65536 or row5.shape[0] != n or v5.shape[0] != n:
        raise ValueError("hand_rows: wrong array sizes")
    for r in range(65536):
        if row_of[r] >= nrows:
            raise ValueError("hand_rows: a row index is out of range")
    with nogil:
        for r in range(n):
            row5[r] = row_of[desc5[r]]
            v5[r] = pays[row5[r]]


def subset_sums(const int64_t[::1] v5):
    """For any value per five-card hand (by colex rank; 52 or 53 cards,
    told by the length), the sum of it over the hands containing each subset
    of 0..5 cards: ``(p0, ..., p5)`` (``p5`` is ``v5`` itself).

    Every sum is of at most C(53, 5) values: the caller keeps ``|value|``
    small enough for that to fit 63 bits."""
    cdef int ncards
    if v5.shape[0] == N5_52:
        ncards = 52
    elif v5.shape[0] == <Py_ssize_t>BIN[53][5]:
        ncards = 53
    else:
        raise ValueError("one value per five-card hand expected")
    cdef deck_t dk
    deck_of(ncards, &dk)
    out = [np.zeros(dk.size[k], dtype=np.int64) for k in range(5)]
    cdef int64_t[::1] p0 = out[0], p1 = out[1], p2 = out[2], p3 = out[3], p4 = out[4]
    cdef int a, b, c, d, e, i
    cdef Py_ssize_t r5 = 0
    cdef int64_t x
    with nogil:
        for e in range(4, ncards):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            x = v5[r5]
                            r5 += 1
                            p4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]] += x
                            p4[a + BIN[b][2] + BIN[c][3] + BIN[e][4]] += x
                            p4[a + BIN[b][2] + BIN[d][3] + BIN[e][4]] += x
                            p4[a + BIN[c][2] + BIN[d][3] + BIN[e][4]] += x
                            p4[b + BIN[c][2] + BIN[d][3] + BIN[e][4]] += x
        # every k-set inside a hand lies in 5 - k of its (k+1)-subsets
        for d in range(3, ncards):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        x = p4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]]
                        p3[a + BIN[b][2] + BIN[c][3]] += x
                        p3[a + BIN[b][2] + BIN[d][3]] += x
                        p3[a + BIN[c][2] + BIN[d][3]] += x
                        p3[b + BIN[c][2] + BIN[d][3]] += x
        for i in range(dk.size[3]):
            p3[i] //= 2
        for c in range(2, ncards):
            for b in range(1, c):
                for a in range(b):
                    x = p3[a + BIN[b][2] + BIN[c][3]]
                    p2[a + BIN[b][2]] += x
                    p2[a + BIN[c][2]] += x
                    p2[b + BIN[c][2]] += x
        for i in range(dk.size[2]):
            p2[i] //= 3
        for b in range(1, ncards):
            for a in range(b):
                x = p2[a + BIN[b][2]]
                p1[a] += x
                p1[b] += x
        for i in range(ncards):
            p1[i] //= 4
        for a in range(ncards):
            p0[0] += p1[a]
        p0[0] //= 5
    out.append(np.asarray(v5, dtype=np.int64))
    return tuple(out)


cdef struct sums_t:
    const int64_t* p[6]


cdef int sums_of(tuple sums, sums_t* s, list keep) except -1:
    cdef const int64_t[::1] pk
    cdef int i
    if len(sums) != 6:
        raise ValueError("subset sums: six arrays expected")
    for i in range(6):
        pk = sums[i]
        keep.append(pk)
        s.p[i] = &pk[0]
    return 0


cdef inline void subset_ranks(const int* cards, uint32_t* r) noexcept nogil:
    """Colex ranks of all 32 subsets of five ascending cards: dropping a
    subset's highest position leaves the others at their places, so each
    rank extends a smaller one."""
    cdef int sub, top = 0
    r[0] = 0
    for sub in range(1, 32):
        if sub >> (top + 1):
            top += 1
        r[sub] = r[sub ^ (1 << top)] + <uint32_t>BIN[cards[top]][popcount5(sub)]


cdef inline void sort_cards(const int* hc, int* order, int* sc) noexcept nogil:
    """``sc``: the five cards of ``hc`` ascending; ``order[i]``: where ``sc[i]``
    is in ``hc`` (so a hold found on the sorted cards maps back to the hand)."""
    cdef int i, j, t
    for i in range(5):
        order[i] = i
    for i in range(1, 5):
        j = i
        while j > 0 and hc[order[j - 1]] > hc[order[j]]:
            t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
            j -= 1
    for i in range(5):
        sc[i] = hc[order[i]]


cdef inline void hold_values(const sums_t* s, const uint32_t* r, int64_t* f) noexcept nogil:
    """f[H] = payout sum over the draws of holding the positions in H."""
    cdef int sub, i
    for sub in range(32):
        f[sub] = s.p[popcount5(sub)][r[sub]]
    for i in range(5):
        for sub in range(32):
            if not (sub >> i) & 1:
                f[sub] -= f[sub | (1 << i)]


def solve_range(tuple sums, object sums2, const uint8_t[:, ::1] reps, const uint8_t[::1] cw,
                const uint8_t[::1] row5, int ncards, int tie_rule, tuple weights,
                int64_t[::1] rows_out, int64_t[::1] tied, Py_ssize_t start, Py_ssize_t stop):
    """Play the suit classes ``start:stop`` perfectly.

    Each deal takes its hold of highest EV. Equal EVs go, with ``tie_rule``
    0, to fewer cards drawn, then to the lower discard mask of the ascending
    cards; with 1, to the lowest hold mask (bit ``i`` for the ``i``-th
    lowest card kept: the published tables' rule); with 2, to the lower
    second moment (``sums2``: the subset sums of the squared payouts), then
    as with 0.
    The hold's weighted draws (every deal weighted by its class size and
    every draw by ``lcm / C(unseen, drawn)``) are recorded as signed weights
    on the subsets of its inclusion-exclusion: ``weights[k][T]`` for the
    0..4-card subsets (:func:`row_totals` turns them into row counts), the
    five-card terms straight into ``rows_out[row]``. ``tied[0]`` counts the
    deals (unweighted by draws) with two or more holds of the best EV."""
    cdef deck_t dk
    deck_of(ncards, &dk)
    cdef sums_t s, s2
    cdef int64_t* w[5]
    cdef int64_t[::1] wk
    cdef int i, sub, h, d, disc, best, bd, nbest
    cdef int cards[5]
    cdef int64_t f[32]
    cdef int64_t g[32]
    cdef uint32_t rk[32]
    cdef int64_t wgt, v, bv, q, bq
    cdef Py_ssize_t n
    cdef bint second = tie_rule == LEAST_VARIANCE
    keep = []
    sums_of(sums, &s, keep)
    if second:
        if sums2 is None:
            raise ValueError("solve_range: the least-variance rule needs squared sums")
        sums_of(sums2, &s2, keep)
    if len(weights) != 5:
        raise ValueError("solve_range: five weight arrays expected")
    for i in range(5):
        wk = weights[i]
        if wk.shape[0] != dk.size[i]:
            raise ValueError("solve_range: a weight array has the wrong size")
        keep.append(wk)
        w[i] = &wk[0]
    if reps.shape[1] != 5 or cw.shape[0] != reps.shape[0] or row5.shape[0] != dk.size[5]:
        raise ValueError("solve_range: wrong array sizes")
    if start < 0 or stop > reps.shape[0] or start > stop:
        raise ValueError("solve_range: bad range")
    for n in range(start, stop):
        for i in range(5):
            if reps[n, i] >= ncards or (i and reps[n, i] <= reps[n, i - 1]):
                raise ValueError("solve_range: a deal is not five ascending cards")
    if rows_out.shape[0] != 256 or tied.shape[0] != 1:
        raise ValueError("solve_range: rows_out has 256 entries (any uint8 row), tied one")
    with nogil:
        for n in range(start, stop):
            for i in range(5):
                cards[i] = reps[n, i]
            subset_ranks(cards, rk)
            hold_values(&s, rk, f)
            if second:
                hold_values(&s2, rk, g)
            if tie_rule == FIRST_HOLD:
                # the first hold of the best EV in order of the hold mask
                best = 0
                bd = 5
                bv = f[0] * (dk.lcm // dk.draws[5])
                nbest = 1
                for h in range(1, 32):
                    d = 5 - popcount5(h)
                    v = f[h] * (dk.lcm // dk.draws[d])
                    if v > bv:
                        best = h
                        bd = d
                        bv = v
                        nbest = 1
                    elif v == bv:
                        nbest += 1
            else:
                # visit in order of increasing discard mask (disc = 31 ^ hold)
                best = 31
                bd = 0
                bv = f[31] * dk.lcm
                bq = g[31] * dk.lcm if second else 0
                nbest = 1
                for disc in range(1, 32):
                    h = 31 ^ disc
                    d = popcount5(disc)
                    v = f[h] * (dk.lcm // dk.draws[d])
                    if v < bv:
                        continue
                    if v > bv:
                        nbest = 1
                    else:
                        nbest += 1
                        if second:
                            q = g[h] * (dk.lcm // dk.draws[d])
                            if q > bq or (q == bq and d >= bd):
                                continue
                        elif d >= bd:
                            continue
                    best = h
                    bd = d
                    bv = v
                    if second:
                        bq = g[h] * (dk.lcm // dk.draws[d])
            if nbest > 1:
                tied[0] += cw[n]
            wgt = <int64_t>cw[n] * (dk.lcm // dk.draws[bd])
            # the chosen hold's draws by inclusion-exclusion, its terms
            # deferred to one pass over the subsets (row_totals)
            for sub in range(31):
                if (sub & best) == best:
                    if popcount5(sub ^ best) & 1:
                        w[popcount5(sub)][rk[sub]] -= wgt
                    else:
                        w[popcount5(sub)][rk[sub]] += wgt
            if popcount5(31 ^ best) & 1:
                rows_out[row5[rk[31]]] -= wgt
            else:
                rows_out[row5[rk[31]]] += wgt


@cython.cdivision(True)
def row_totals(tuple weights, const uint8_t[::1] row5, int nrows, int ncards):
    """``sum over subsets T of 0..4 cards of weights[|T|][T] * N_row(T)``
    for every row, where ``N_row(T)`` counts the hands of that row holding
    ``T``: each hand gets the sum of its subsets' weights, pushed up one
    subset size at a time. A weight from size ``j`` reaches the hands
    ``(5 - j)!`` times, so it enters scaled by ``120 / (5 - j)!`` and the
    row sums are divided by 120 at the end (exactly)."""
    cdef deck_t dk
    deck_of(ncards, &dk)
    if len(weights) != 5:
        raise ValueError("row_totals: five weight arrays expected")
    cdef const int64_t[::1] w0 = weights[0], w1 = weights[1], w2 = weights[2]
    cdef const int64_t[::1] w3 = weights[3], w4 = weights[4]
    if (w0.shape[0] != 1 or w1.shape[0] != dk.size[1] or w2.shape[0] != dk.size[2]
            or w3.shape[0] != dk.size[3] or w4.shape[0] != dk.size[4]
            or row5.shape[0] != dk.size[5]):
        raise ValueError("row_totals: wrong array sizes")
    if nrows < 1 or nrows > 256:
        raise ValueError("row_totals: 1..256 rows")
    u1_a = np.zeros(dk.size[1], dtype=np.int64)
    u2_a = np.zeros(dk.size[2], dtype=np.int64)
    u3_a = np.zeros(dk.size[3], dtype=np.int64)
    u4_a = np.zeros(dk.size[4], dtype=np.int64)
    cdef int64_t[::1] u1 = u1_a, u2 = u2_a, u3 = u3_a, u4 = u4_a
    tot_a = np.zeros(256, dtype=np.int64)   # indexed by any uint8 row
    cdef int64_t[::1] tot = tot_a
    cdef int a, b, c, d, e
    cdef Py_ssize_t i, r5 = 0
    cdef int64_t u0 = w0[0]
    with nogil:
        for a in range(ncards):
            u1[a] = 5 * w1[a] + u0
        for b in range(1, ncards):
            for a in range(b):
                u2[a + BIN[b][2]] = 20 * w2[a + BIN[b][2]] + u1[a] + u1[b]
        for c in range(2, ncards):
            for b in range(1, c):
                for a in range(b):
                    u3[a + BIN[b][2] + BIN[c][3]] = (
                        60 * w3[a + BIN[b][2] + BIN[c][3]]
                        + u2[a + BIN[b][2]] + u2[a + BIN[c][2]] + u2[b + BIN[c][2]])
        for d in range(3, ncards):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        u4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]] = (
                            120 * w4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]]
                            + u3[a + BIN[b][2] + BIN[c][3]] + u3[a + BIN[b][2] + BIN[d][3]]
                            + u3[a + BIN[c][2] + BIN[d][3]] + u3[b + BIN[c][2] + BIN[d][3]])
        for e in range(4, ncards):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            tot[row5[r5]] += (
                                u4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]]
                                + u4[a + BIN[b][2] + BIN[c][3] + BIN[e][4]]
                                + u4[a + BIN[b][2] + BIN[d][3] + BIN[e][4]]
                                + u4[a + BIN[c][2] + BIN[d][3] + BIN[e][4]]
                                + u4[b + BIN[c][2] + BIN[d][3] + BIN[e][4]])
                            r5 += 1
    out = []
    for i in range(nrows):
        if tot[i] % 120:
            raise RuntimeError("videopoker: a row total is not a whole count")
        out.append(tot[i] // 120)
    return out


def hold_counts(const uint8_t[::1] row5, int nrows, int ncards, tuple hand):
    """Every hold of one dealt hand (five distinct cards, any order), by
    enumerating its draws: an int64 array ``(32, nrows)``, row ``disc`` (the
    discard mask in hand order) counting the draws ending in each pay row."""
    cdef deck_t dk
    deck_of(ncards, &dk)
    if len(hand) != 5:
        raise ValueError("a hand has five cards")
    if row5.shape[0] != dk.size[5]:
        raise ValueError("hold_counts: wrong array size")
    if nrows < 1 or nrows > 256:
        raise ValueError("hold_counts: 1..256 rows")
    cdef int hc[5]
    cdef int unseen[MAX_CARDS]
    cdef int held[5]
    cdef int fin[5]
    cdef int idx[5]
    cdef int i, j, t, k, nh, nu = 0, disc, c
    cdef uint64_t seen = 0
    cdef uint32_t r
    for i in range(5):
        hc[i] = hand[i]
        if hc[i] < 0 or hc[i] >= ncards or (seen >> hc[i]) & 1:
            raise ValueError("hold_counts: five distinct cards of the deck expected")
        seen |= (<uint64_t>1) << hc[i]
    for c in range(ncards):
        if not (seen >> c) & 1:
            unseen[nu] = c
            nu += 1
    out_a = np.zeros((32, 256), dtype=np.int64)   # indexed by any uint8 row
    cdef int64_t[:, ::1] out = out_a
    with nogil:
        for disc in range(32):
            nh = 0
            for i in range(5):
                if not (disc >> i) & 1:
                    held[nh] = hc[i]
                    nh += 1
            k = 5 - nh
            for i in range(k):
                idx[i] = i
            while True:
                for i in range(nh):
                    fin[i] = held[i]
                for i in range(k):
                    fin[nh + i] = unseen[idx[i]]
                # ascending, then the colex rank
                for i in range(1, 5):
                    j = i
                    while j > 0 and fin[j - 1] > fin[j]:
                        t = fin[j]; fin[j] = fin[j - 1]; fin[j - 1] = t
                        j -= 1
                r = 0
                for i in range(5):
                    r += <uint32_t>BIN[fin[i]][i + 1]
                out[disc, row5[r]] += 1
                # the next k-combination of the unseen cards
                i = k - 1
                while i >= 0 and idx[i] == nu - k + i:
                    i -= 1
                if i < 0:
                    break
                idx[i] += 1
                for j in range(i + 1, k):
                    idx[j] = idx[j - 1] + 1
    return out_a[:, :nrows].copy()


# ---------------------------------------------------------------------------
# The draw advisor's side (pedron.drawpoker): 52 cards, values per strength


def hand_strengths(bint wild):
    """The evaluator's strength of every five-card hand of 52 cards, by colex rank."""
    st5_a = np.zeros(N5_52, dtype=np.uint16)
    cdef uint16_t[::1] st5 = st5_a
    cdef const uint64_t* E = card_entries(wild)
    cdef const uint16_t* T = strength_table(wild)
    cdef int a, b, c, d, e
    cdef Py_ssize_t r5 = 0
    cdef uint64_t ee, oa
    with nogil:
        for e in range(4, 52):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            ee = E[a] + E[b] + E[c] + E[d] + E[e]
                            oa = E[a] | E[b] | E[c] | E[d] | E[e]
                            st5[r5] = lookup_strength(T, ee, oa)
                            r5 += 1
    return st5_a


def best_rows_by_tables(tuple sums, const uint8_t[:, ::1] cards, int most, bint ace_for_most,
                        uint8_t[::1] out_sub, int64_t[::1] out_num, uint64_t[::1] out_den,
                        Py_ssize_t start=0, Py_ssize_t stop=-1):
    """The best exchange of every row (no dead cards, 52 cards) from subset
    sums of a per-hand value (:func:`subset_sums`): 32 lookups and an
    inclusion-exclusion per row. Same ranking as the enumeration (value,
    then fewer cards, then the lower discard mask in column order). Returns
    -1 or the first bad row."""
    cdef sums_t s
    cdef int order[5]
    cdef int sc[5]
    cdef int hc[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int i, t, disc, h, d, best, bd
    cdef int64_t num, bnum
    cdef uint64_t den, bden, seen, bit
    cdef Py_ssize_t r, n = cards.shape[0], bad = -1
    keep = []
    sums_of(sums, &s, keep)
    if len(sums[1]) != 52:
        raise ValueError("subset sums of the 52-card deck expected")
    if cards.shape[1] != 5:
        raise ValueError("cards must have 5 columns")
    if stop < 0 or stop > n:
        stop = n
    if start < 0 or start > stop:
        raise ValueError("bad range")
    if out_sub.shape[0] < stop or out_num.shape[0] < stop or out_den.shape[0] < stop:
        raise ValueError("out arrays too short")
    with nogil:
        for r in range(start, stop):
            seen = 0
            for i in range(5):
                hc[i] = cards[r, i]
                bit = (<uint64_t>1) << (hc[i] & 63)
                if hc[i] >= 52 or seen & bit:
                    bad = r
                    break
                seen |= bit
            if bad >= 0:
                break
            sort_cards(hc, order, sc)
            subset_ranks(sc, rk)
            hold_values(&s, rk, f)
            best = -1
            bd = 0
            bnum = 0
            bden = 1
            for disc in range(32):   # discard mask in column order
                if not legal_exchange(hc, disc, most, ace_for_most, 47):
                    continue
                h = 0
                for i in range(5):
                    if not (disc >> order[i]) & 1:
                        h |= 1 << i
                d = 5 - popcount5(h)
                num = f[h]
                den = <uint64_t>BIN[47][d]
                t = cmp_frac(num, den, bnum, bden)
                if best < 0 or t > 0 or (t == 0 and d < bd):
                    best = disc
                    bd = d
                    bnum = num
                    bden = den
            out_sub[r] = <uint8_t>best
            out_num[r] = bnum
            out_den[r] = bden
    return bad


def exchange_values(tuple sums, tuple hand, int most, bint ace_for_most):
    """Every legal exchange of one hand (no dead cards, 52 cards) from subset
    sums: a list of ``(discard_mask, value_sum, draws)``, discard masks in
    hand order, ranked like the enumeration (value, fewer cards, lower mask)."""
    cdef sums_t s
    cdef int order[5]
    cdef int sc[5]
    cdef int hc[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int64_t nums[32]
    cdef uint64_t dens[32]
    cdef int ds[32]
    cdef int rank_[32]
    cdef int i, j, disc, h, n = 0, c
    cdef uint64_t seen = 0
    keep = []
    sums_of(sums, &s, keep)
    if len(sums[1]) != 52:
        raise ValueError("subset sums of the 52-card deck expected")
    if len(hand) != 5:
        raise ValueError("a hand has five cards")
    for i in range(5):
        hc[i] = hand[i]
        if hc[i] < 0 or hc[i] >= 52 or (seen >> hc[i]) & 1:
            raise ValueError("five distinct cards 0..51 expected")
        seen |= (<uint64_t>1) << hc[i]
    sort_cards(hc, order, sc)
    subset_ranks(sc, rk)
    hold_values(&s, rk, f)
    for disc in range(32):
        if not legal_exchange(hc, disc, most, ace_for_most, 47):
            continue
        h = 0
        for i in range(5):
            if not (disc >> order[i]) & 1:
                h |= 1 << i
        ds[disc] = 5 - popcount5(h)
        nums[disc] = f[h]
        dens[disc] = <uint64_t>BIN[47][ds[disc]]
        j = n
        while j > 0:
            c = cmp_frac(nums[disc], dens[disc], nums[rank_[j - 1]], dens[rank_[j - 1]])
            if c > 0 or (c == 0 and ds[disc] < ds[rank_[j - 1]]):
                rank_[j] = rank_[j - 1]
                j -= 1
            else:
                break
        rank_[j] = disc
        n += 1
    return [(rank_[i], nums[rank_[i]], dens[rank_[i]]) for i in range(n)]


def deal_holds(tuple sums, const uint8_t[:, ::1] reps, int ncards, int mode,
               int64_t[:, ::1] values, int64_t[:, ::1] keys):
    """Every hold of every deal, for strategy charts. Hold ``h`` of deal
    ``n`` keeps the positions in ``h`` of the deal's ascending cards;
    ``values[n, h]`` is its payout sum over the draws times
    ``lcm / C(unseen, drawn)`` (so that the holds of a deal compare as
    integers) and ``keys[n, h]`` describes the cards kept: how many
    (bits 0-2), how many wild (3-5), whether the natural ones share a suit
    (6) and their ranks, highest first, four bits each from bit 7 (15 past
    the last)."""
    cdef deck_t dk
    deck_of(ncards, &dk)
    cdef sums_t s
    keep = []
    sums_of(sums, &s, keep)
    cdef Py_ssize_t n, nd = reps.shape[0]
    cdef int i, j, h, c, w, m, suit, t
    cdef bint suited
    cdef int cards[5]
    cdef int nat[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int64_t key
    if (reps.shape[1] != 5 or values.shape[0] != nd or keys.shape[0] != nd
            or values.shape[1] != 32 or keys.shape[1] != 32):
        raise ValueError("deal_holds: wrong array sizes")
    for n in range(nd):
        for i in range(5):
            if reps[n, i] >= ncards or (i and reps[n, i] <= reps[n, i - 1]):
                raise ValueError("deal_holds: a deal is not five ascending cards")
    with nogil:
        for n in range(nd):
            for i in range(5):
                cards[i] = reps[n, i]
            subset_ranks(cards, rk)
            hold_values(&s, rk, f)
            for h in range(32):
                values[n, h] = f[h] * (dk.lcm // dk.draws[5 - popcount5(h)])
                w = 0
                m = 0
                suit = -1
                suited = True
                for i in range(5):
                    if not (h >> i) & 1:
                        continue
                    c = cards[i]
                    if (mode == DEUCES and c < 4) or (mode == JOKER and c == 52):
                        w += 1
                        continue
                    if suit < 0:
                        suit = c & 3
                    elif (c & 3) != suit:
                        suited = False
                    nat[m] = c >> 2
                    m += 1
                # ranks highest first (the cards ascend, so reverse)
                for i in range(m // 2):
                    t = nat[i]; nat[i] = nat[m - 1 - i]; nat[m - 1 - i] = t
                key = popcount5(h) | (w << 3) | ((1 if suited and m >= 2 else 0) << 6)
                for j in range(5):
                    key |= (<int64_t>(nat[j] if j < m else 15)) << (7 + 4 * j)
                keys[n, h] = key
