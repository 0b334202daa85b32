"""Exact video-poker analysis: the compiled core of pedron.videopoker.

Method (inclusion-exclusion over the held cards):

1. Every one of the 2,598,960 five-card hands is scored once and given its
   outcome class (:mod:`pedron._kernels.draw_kernel`). For every set ``T`` of
   0..4 cards, ``N(T)[c]`` counts the hands of class ``c`` that contain
   ``T``: the 4-card counts come from the hands (each adds to its five
   4-card subsets), each smaller size from the next (every ``k``-set inside a
   hand lies in ``5 - k`` of its ``(k+1)``-subsets). These tables do not
   depend on the pay table; they are built once per mode.
2. For a dealt hand ``D`` and a hold ``H`` of it, the draws are the hands
   ``F`` with ``H <= F`` and ``F`` disjoint from ``D - H``; by
   inclusion-exclusion their count (or payout sum) is
   ``sum over H <= T <= D of (-1)**|T - H| * N(T)``, all 32 holds of a deal
   at once by a superset Moebius transform over its 32 subsets.
3. Only one deal per suit-equivalence class is analysed (134,459 classes;
   the class of a hand is the multiset of its four per-suit rank masks, the
   representative the member whose suit masks do not increase from suit 0
   to 3), weighted by the class size.

Subsets are indexed by their colexicographic rank ``sum C(card_i, i)``.

Internal module: the public API is :mod:`pedron.videopoker`.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from pedron._kernels.bits cimport choose
from pedron._kernels.diablo_eval cimport card_entries, lookup_strength, strength_table
from pedron._kernels.draw_kernel cimport (
    MAX_CLASSES,
    N_CLASSES_N,
    N_CLASSES_W,
    base_classes,
    cmp_frac,
    legal_exchange,
    outcome_class,
)

import numpy as np

cdef enum:
    N5 = 2598960
    N4 = 270725
    N3 = 22100
    N2 = 1326
    N_CLASSES_SUIT = 134459
    LCM = 7669695          # every C(47, k), k = 0..5, divides it

cdef uint32_t BIN[53][6]   # BIN[n][k] = C(n, k)
cdef uint64_t DRAWS[6]      # C(47, k)


cdef void init_binomials() noexcept nogil:
    cdef int n, k
    for n in range(53):
        for k in range(6):
            BIN[n][k] = <uint32_t>choose(n, k)
    for k in range(6):
        DRAWS[k] = BIN[47][k]


init_binomials()


cdef inline uint32_t rank_of(const int* cards, int sub) noexcept nogil:
    """Colex rank of the cards at the positions in ``sub`` (cards ascending)."""
    cdef uint32_t r = 0
    cdef int i, j = 0
    for i in range(5):
        if (sub >> i) & 1:
            j += 1
            r += BIN[cards[i]][j]
    return r


_TABLES = {}
_SUIT_CLASSES = []


def class_tables(bint wild):
    """The pay-independent tables of a mode (built on first use, then cached):
    ``(class5, cnt4, cnt3, cnt2, cnt1, cnt0)`` and the suit classes
    ``(reps, weights)``."""
    cached = _TABLES.get(wild)
    if cached is None:
        cached = _build(wild)
        _TABLES[wild] = cached
    return cached, _SUIT_CLASSES[0]


@cython.cdivision(True)
cdef object _build(bint wild):
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    cls5_a = np.zeros(N5, dtype=np.uint8)
    st5_a = np.zeros(N5, dtype=np.uint16)
    cdef uint16_t[::1] st5 = st5_a
    cnt4_a = np.zeros(N4 * ncls, dtype=np.uint16)
    cnt3_a = np.zeros(N3 * ncls, dtype=np.uint32)
    cnt2_a = np.zeros(N2 * ncls, dtype=np.uint32)
    cnt1_a = np.zeros(52 * ncls, dtype=np.uint32)
    cnt0_a = np.zeros(ncls, dtype=np.uint64)
    need_reps = not _SUIT_CLASSES
    reps_a = np.zeros((N_CLASSES_SUIT, 5), dtype=np.uint8)
    weights_a = np.zeros(N_CLASSES_SUIT, dtype=np.uint8)
    cdef uint8_t[::1] cls5 = cls5_a
    cdef uint16_t[::1] cnt4 = cnt4_a
    cdef uint32_t[::1] cnt3 = cnt3_a
    cdef uint32_t[::1] cnt2 = cnt2_a
    cdef uint32_t[::1] cnt1 = cnt1_a
    cdef uint64_t[::1] cnt0 = cnt0_a
    cdef uint8_t[:, ::1] reps = reps_a
    cdef uint8_t[::1] weights = weights_a
    cdef const uint64_t* E = card_entries(wild)
    cdef const uint16_t* T = strength_table(wild)
    cdef const uint8_t* base = base_classes(wild)
    cdef int a, b, c, d, e, cl, nd, k, i, j, nrep = 0, mult
    cdef uint32_t r5 = 0, q
    cdef uint32_t sub4[5]
    cdef uint32_t m[4]
    cdef uint32_t tmp
    cdef uint64_t sa, oa, sb, ob, sc, oc, sd, od, ee
    cdef int cards[5]
    cdef bint rep_ok = need_reps
    with nogil:
        for e in range(4, 52):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            ee = E[a] + E[b] + E[c] + E[d] + E[e]
                            oa = E[a] | E[b] | E[c] | E[d] | E[e]
                            nd = (a < 4) + (b < 4) + (c < 4) + (d < 4) + (e < 4)
                            r5 = a + BIN[b][2] + BIN[c][3] + BIN[d][4] + BIN[e][5]
                            st5[r5] = lookup_strength(T, ee, oa)
                            cl = outcome_class(base, st5[r5], nd, wild)
                            cls5[r5] = <uint8_t>cl
                            # the five 4-card subsets
                            sub4[0] = a + BIN[b][2] + BIN[c][3] + BIN[d][4]
                            sub4[1] = a + BIN[b][2] + BIN[c][3] + BIN[e][4]
                            sub4[2] = a + BIN[b][2] + BIN[d][3] + BIN[e][4]
                            sub4[3] = a + BIN[c][2] + BIN[d][3] + BIN[e][4]
                            sub4[4] = b + BIN[c][2] + BIN[d][3] + BIN[e][4]
                            for i in range(5):
                                cnt4[sub4[i] * ncls + cl] += 1
                            if rep_ok:
                                m[0] = 0; m[1] = 0; m[2] = 0; m[3] = 0
                                m[a & 3] |= 1u << (a >> 2)
                                m[b & 3] |= 1u << (b >> 2)
                                m[c & 3] |= 1u << (c >> 2)
                                m[d & 3] |= 1u << (d >> 2)
                                m[e & 3] |= 1u << (e >> 2)
                                if m[0] >= m[1] and m[1] >= m[2] and m[2] >= m[3]:
                                    mult = 1
                                    # 24 / product of factorials of the runs of equal masks
                                    i = 0
                                    while i < 4:
                                        j = i
                                        while j + 1 < 4 and m[j + 1] == m[i]:
                                            j += 1
                                        for k in range(2, j - i + 2):
                                            mult *= k
                                        i = j + 1
                                    reps[nrep, 0] = a; reps[nrep, 1] = b; reps[nrep, 2] = c
                                    reps[nrep, 3] = d; reps[nrep, 4] = e
                                    weights[nrep] = <uint8_t>(24 // mult)
                                    nrep += 1
        # 3-card counts from the 4-card ones
        for d in range(3, 52):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        q = a + BIN[b][2] + BIN[c][3] + BIN[d][4]
                        sub4[0] = a + BIN[b][2] + BIN[c][3]
                        sub4[1] = a + BIN[b][2] + BIN[d][3]
                        sub4[2] = a + BIN[c][2] + BIN[d][3]
                        sub4[3] = b + BIN[c][2] + BIN[d][3]
                        for i in range(4):
                            for k in range(ncls):
                                cnt3[sub4[i] * ncls + k] += cnt4[q * ncls + k]
        for i in range(N3 * ncls):
            cnt3[i] //= 2
        for c in range(2, 52):
            for b in range(1, c):
                for a in range(b):
                    q = a + BIN[b][2] + BIN[c][3]
                    sub4[0] = a + BIN[b][2]
                    sub4[1] = a + BIN[c][2]
                    sub4[2] = b + BIN[c][2]
                    for i in range(3):
                        for k in range(ncls):
                            cnt2[sub4[i] * ncls + k] += cnt3[q * ncls + k]
        for i in range(N2 * ncls):
            cnt2[i] //= 3
        for b in range(1, 52):
            for a in range(b):
                q = a + BIN[b][2]
                for k in range(ncls):
                    cnt1[a * ncls + k] += cnt2[q * ncls + k]
                    cnt1[b * ncls + k] += cnt2[q * ncls + k]
        for i in range(52 * ncls):
            cnt1[i] //= 4
        for a in range(52):
            for k in range(ncls):
                cnt0[k] += cnt1[a * ncls + k]
        for k in range(ncls):
            cnt0[k] //= 5
    if need_reps:
        if nrep != N_CLASSES_SUIT or int(weights_a.sum()) != N5:
            raise RuntimeError("videopoker: the suit classes do not cover the deals")
        _SUIT_CLASSES.append((reps_a, weights_a))
    _STRENGTHS[wild] = st5_a
    return (cls5_a, cnt4_a, cnt3_a, cnt2_a, cnt1_a, cnt0_a)


_STRENGTHS = {}


def hand_strengths(bint wild):
    """The strength of every five-card hand, by colex rank (built with the tables)."""
    class_tables(wild)
    return _STRENGTHS[wild]


def subset_sums(const int64_t[::1] v5):
    """For any value per five-card hand (by colex rank), the sum of it over
    the hands containing each subset of 0..5 cards: ``(p0, ..., p5)``."""
    if v5.shape[0] != N5:
        raise ValueError("one value per five-card hand expected")
    out = [np.zeros(n, dtype=np.int64) for n in (1, 52, N2, N3, N4)]
    cdef int64_t[::1] p0 = out[0], p1 = out[1], p2 = out[2], p3 = out[3], p4 = out[4]
    cdef int a, b, c, d, e, i
    cdef uint32_t q, r5
    cdef int64_t x
    with nogil:
        for e in range(4, 52):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            r5 = a + BIN[b][2] + BIN[c][3] + BIN[d][4] + BIN[e][5]
                            x = v5[r5]
                            p4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]] += x
                            p4[a + BIN[b][2] + BIN[c][3] + BIN[e][4]] += x
                            p4[a + BIN[b][2] + BIN[d][3] + BIN[e][4]] += x
                            p4[a + BIN[c][2] + BIN[d][3] + BIN[e][4]] += x
                            p4[b + BIN[c][2] + BIN[d][3] + BIN[e][4]] += x
        for d in range(3, 52):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        x = p4[a + BIN[b][2] + BIN[c][3] + BIN[d][4]]
                        p3[a + BIN[b][2] + BIN[c][3]] += x
                        p3[a + BIN[b][2] + BIN[d][3]] += x
                        p3[a + BIN[c][2] + BIN[d][3]] += x
                        p3[b + BIN[c][2] + BIN[d][3]] += x
        for i in range(N3):
            p3[i] //= 2
        for c in range(2, 52):
            for b in range(1, c):
                for a in range(b):
                    x = p3[a + BIN[b][2] + BIN[c][3]]
                    p2[a + BIN[b][2]] += x
                    p2[a + BIN[c][2]] += x
                    p2[b + BIN[c][2]] += x
        for i in range(N2):
            p2[i] //= 3
        for b in range(1, 52):
            for a in range(b):
                x = p2[a + BIN[b][2]]
                p1[a] += x
                p1[b] += x
        for i in range(52):
            p1[i] //= 4
        for a in range(52):
            p0[0] += p1[a]
        p0[0] //= 5
    out.append(np.asarray(v5, dtype=np.int64))
    return tuple(out)


def best_rows_by_tables(tuple sums, const uint8_t[:, ::1] cards, int most, bint ace_for_most,
                        uint8_t[::1] out_sub, int64_t[::1] out_num, uint64_t[::1] out_den,
                        Py_ssize_t start=0, Py_ssize_t stop=-1):
    """The best exchange of every row (no dead cards) from subset sums of a
    per-hand value (:func:`subset_sums`): 32 lookups and an inclusion-exclusion
    per row. Same ranking as the enumeration (value, then fewer cards, then
    the lower discard mask in column order). Returns -1 or the first bad row."""
    cdef sums_t s
    cdef const int64_t[::1] pk
    cdef int order[5]
    cdef int sc[5]
    cdef int hc[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int i, j, t, disc, h, d, best, bd
    cdef int64_t num, bnum
    cdef uint64_t den, bden, seen, bit
    cdef Py_ssize_t r, n = cards.shape[0], bad = -1
    keep = []
    s.cls5 = NULL
    s.pay = NULL
    for i in range(6):
        pk = sums[i]
        keep.append(pk)
        s.p[i] = &pk[0]
    if cards.shape[1] != 5:
        raise ValueError("cards must have 5 columns")
    if stop < 0 or stop > n:
        stop = n
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
            hold_values(&s, sc, f, rk)
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
                den = DRAWS[d]
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


def pay_sums(tables, const int64_t[::1] pays, bint five=True):
    """Per subset size 0..5, the payout sum over the hands containing each
    subset: ``(p0, p1, p2, p3, p4, p5)`` int64 arrays (``p5`` empty unless
    ``five``: the whole-game analysis reads five-card payouts by class)."""
    cls5_a, cnt4_a, cnt3_a, cnt2_a, cnt1_a, cnt0_a = tables
    cdef int ncls = len(cnt0_a), c
    if pays.shape[0] != ncls:
        raise ValueError(f"pays: {ncls} values expected")
    out = [np.zeros(n, dtype=np.int64) for n in (1, 52, N2, N3, N4, N5 if five else 1)]
    cdef int64_t[::1] p0 = out[0], p1 = out[1], p2 = out[2], p3 = out[3], p4 = out[4]
    cdef int64_t[::1] p5 = out[5]
    cdef const uint8_t[::1] cls5 = cls5_a
    cdef const uint16_t[::1] cnt4 = cnt4_a
    cdef const uint32_t[::1] cnt3 = cnt3_a
    cdef const uint32_t[::1] cnt2 = cnt2_a
    cdef const uint32_t[::1] cnt1 = cnt1_a
    cdef const uint64_t[::1] cnt0 = cnt0_a
    cdef Py_ssize_t r
    cdef int64_t v
    cdef int64_t pay[MAX_CLASSES]   # a local copy: the loops below vectorise over it
    if ncls > MAX_CLASSES:
        raise ValueError(f"at most {MAX_CLASSES} classes")
    for c in range(ncls):
        pay[c] = pays[c]
    with nogil:
        v = 0
        for c in range(ncls):
            v += <int64_t>cnt0[c] * pay[c]
        p0[0] = v
        for r in range(52):
            v = 0
            for c in range(ncls):
                v += <int64_t>cnt1[r * ncls + c] * pay[c]
            p1[r] = v
        for r in range(N2):
            v = 0
            for c in range(ncls):
                v += <int64_t>cnt2[r * ncls + c] * pay[c]
            p2[r] = v
        for r in range(N3):
            v = 0
            for c in range(ncls):
                v += <int64_t>cnt3[r * ncls + c] * pay[c]
            p3[r] = v
        for r in range(N4):
            v = 0
            for c in range(ncls):
                v += <int64_t>cnt4[r * ncls + c] * pay[c]
            p4[r] = v
        if five:
            for r in range(N5):
                p5[r] = pay[cls5[r]]
    return tuple(out)


def class_totals(tables, tuple weights):
    """Weighted class counts: ``sum over subsets T of 0..4 cards of
    weights[|T|][T] * N(T)`` (the five-card terms are counted by solve_range)."""
    cls5_a, cnt4_a, cnt3_a, cnt2_a, cnt1_a, cnt0_a = tables
    cdef int ncls = len(cnt0_a), c
    cdef const int64_t[::1] w0 = weights[0], w1 = weights[1], w2 = weights[2]
    cdef const int64_t[::1] w3 = weights[3], w4 = weights[4]
    cdef const uint8_t[::1] cls5 = cls5_a
    cdef const uint16_t[::1] cnt4 = cnt4_a
    cdef const uint32_t[::1] cnt3 = cnt3_a
    cdef const uint32_t[::1] cnt2 = cnt2_a
    cdef const uint32_t[::1] cnt1 = cnt1_a
    cdef const uint64_t[::1] cnt0 = cnt0_a
    cdef int64_t tot[MAX_CLASSES]
    cdef Py_ssize_t r
    cdef int64_t x
    memset(tot, 0, sizeof(tot))
    with nogil:
        for c in range(ncls):
            tot[c] += w0[0] * <int64_t>cnt0[c]
        for r in range(52):
            x = w1[r]
            if x:
                for c in range(ncls):
                    tot[c] += x * <int64_t>cnt1[r * ncls + c]
        for r in range(N2):
            x = w2[r]
            if x:
                for c in range(ncls):
                    tot[c] += x * <int64_t>cnt2[r * ncls + c]
        for r in range(N3):
            x = w3[r]
            if x:
                for c in range(ncls):
                    tot[c] += x * <int64_t>cnt3[r * ncls + c]
        for r in range(N4):
            x = w4[r]
            if x:
                for c in range(ncls):
                    tot[c] += x * <int64_t>cnt4[r * ncls + c]
    return [tot[c] for c in range(ncls)]


cdef struct sums_t:
    const int64_t* p[6]
    const uint8_t* cls5      # when set: the 5-card sums are pay[cls5[rank]]
    const int64_t* pay


cdef inline void subset_ranks(const int* cards, uint32_t* r) noexcept nogil:
    """Colex ranks of all 32 subsets: dropping a subset's highest position
    leaves the others at their places, so each rank extends a smaller one."""
    cdef int sub, top = 0
    r[0] = 0
    for sub in range(1, 32):
        if sub >> (top + 1):
            top += 1
        r[sub] = r[sub ^ (1 << top)] + BIN[cards[top]][popcount5(sub)]


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


cdef inline void hold_values(const sums_t* s, const int* cards, int64_t* f,
                             uint32_t* r) noexcept nogil:
    """f[H] = payout sum over the draws of holding the positions in H."""
    cdef int sub, i
    subset_ranks(cards, r)
    for sub in range(32):
        if sub == 31 and s.cls5 != NULL:
            f[31] = s.pay[s.cls5[r[31]]]
        else:
            f[sub] = s.p[popcount5(sub)][r[sub]]
    for i in range(5):
        for sub in range(32):
            if not (sub >> i) & 1:
                f[sub] -= f[sub | (1 << i)]


cdef inline int popcount5(int x) noexcept nogil:
    return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1) + ((x >> 4) & 1)


cdef inline int best_hold(const int64_t* f) noexcept nogil:
    """The hold (mask of positions) of highest EV; equal EVs go to fewer cards
    drawn (more held), then to the lower discard mask (hand order)."""
    cdef int h, best = 31, d
    cdef int64_t v, bv = f[31] * <int64_t>LCM
    cdef int bd = 0
    # visit in order of increasing discard mask: disc = 31 ^ h
    for d in range(1, 32):
        h = 31 ^ d
        v = f[h] * <int64_t>(LCM // DRAWS[popcount5(d)])
        if v > bv or (v == bv and popcount5(d) < bd):
            bv = v
            best = h
            bd = popcount5(d)
    return best


cdef inline int count_best(const int64_t* f, int h) noexcept nogil:
    """How many holds share the EV of hold ``h``."""
    cdef int x, n = 0
    cdef int64_t bv = f[h] * <int64_t>(LCM // DRAWS[5 - popcount5(h)])
    for x in range(32):
        if f[x] * <int64_t>(LCM // DRAWS[5 - popcount5(x)]) == bv:
            n += 1
    return n


def solve_range(tuple sums, tuple weights, const uint8_t[::1] cls5, const int64_t[::1] pays,
                int64_t[::1] cls_out, Py_ssize_t start, Py_ssize_t stop, int64_t[::1] tied=None):
    """Analyse the suit classes ``start:stop``: returns the weighted payout sum
    (every deal weighted by its class size and every draw by
    ``LCM / C(47, drawn)``) and adds to ``weights[k][T]`` (k = 0..4) the signed
    weight with which each k-card subset's counts enter the class totals (see
    :func:`class_totals`), and the five-card terms straight to ``cls_out``.
    The five-card payout is read as ``pays[cls5[hand]]`` (2.6 MB, not the
    20 MB of per-hand sums)."""
    reps_a, weights_a = _SUIT_CLASSES[0]
    cdef sums_t s
    cdef int64_t* w[5]
    cdef const int64_t[::1] pk
    cdef int64_t[::1] wk
    cdef const uint8_t[:, ::1] reps = reps_a
    cdef const uint8_t[::1] cw = weights_a
    cdef int i, sub, h, size
    cdef int cards[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int64_t total = 0, wgt
    cdef Py_ssize_t n
    keep = []
    for i in range(5):
        pk = sums[i]
        keep.append(pk)
        s.p[i] = &pk[0]
        wk = weights[i]
        keep.append(wk)
        w[i] = &wk[0]
    s.p[5] = NULL
    s.cls5 = &cls5[0]
    s.pay = &pays[0]
    cdef bint count_ties = tied is not None
    with nogil:
        for n in range(start, stop):
            for i in range(5):
                cards[i] = reps[n, i]
            hold_values(&s, cards, f, rk)
            h = best_hold(f)
            size = popcount5(h)
            wgt = <int64_t>cw[n] * <int64_t>(LCM // DRAWS[5 - size])
            total += f[h] * wgt
            if count_ties and count_best(f, h) > 1:
                tied[0] += cw[n]   # deals (not weighted by draws) with a tie for best
            # the chosen hold's class counts: the same inclusion-exclusion,
            # its terms deferred to one pass over the tables
            for sub in range(31):
                if (sub & h) == h:
                    if popcount5(sub ^ h) & 1:
                        w[popcount5(sub)][rk[sub]] -= wgt
                    else:
                        w[popcount5(sub)][rk[sub]] += wgt
            if popcount5(31 ^ h) & 1:
                cls_out[cls5[rk[31]]] -= wgt
            else:
                cls_out[cls5[rk[31]]] += wgt
    return total


def hand_holds(tuple sums, tables, int ncls, tuple hand):
    """Every hold of one dealt hand (five distinct cards, any order): a list of
    32 ``(payout sum, class counts)`` indexed by the discard mask in hand
    order, over the C(47, drawn) draws of each hold."""
    cls5_a, cnt4_a, cnt3_a, cnt2_a, cnt1_a, cnt0_a = tables
    cdef int order[5]
    cdef int cards[5]
    cdef int hc[5]
    cdef int i, j, t, disc, h, sub, k, sign
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef sums_t s
    cdef const int64_t[::1] pk
    keep = []
    s.cls5 = NULL
    s.pay = NULL
    for i in range(6):
        pk = sums[i]
        keep.append(pk)
        s.p[i] = &pk[0]
    for i in range(5):
        hc[i] = hand[i]
    sort_cards(hc, order, cards)
    hold_values(&s, cards, f, rk)
    cnts = [np.asarray(cnt0_a, dtype=np.int64),
            np.asarray(cnt1_a, dtype=np.int64).reshape(-1, ncls),
            np.asarray(cnt2_a, dtype=np.int64).reshape(-1, ncls),
            np.asarray(cnt3_a, dtype=np.int64).reshape(-1, ncls),
            np.asarray(cnt4_a, dtype=np.int64).reshape(-1, ncls)]
    out = [None] * 32
    for h in range(32):   # h: held positions of the sorted cards
        local = np.zeros(ncls, dtype=np.int64)
        for sub in range(32):
            if (sub & h) != h:
                continue
            sign = -1 if popcount5(sub ^ h) & 1 else 1
            k = popcount5(sub)
            if k == 5:
                local[cls5_a[rank_of(cards, sub)]] += sign
            elif k == 0:
                local += sign * cnts[0]
            else:
                local += sign * cnts[k][rank_of(cards, sub)]
        disc = 0
        for i in range(5):
            if not (h >> i) & 1:
                disc |= 1 << order[i]
        out[disc] = (f[h], tuple(local.tolist()))
    return out


def exchange_values(tuple sums, tuple hand, int most, bint ace_for_most):
    """Every legal exchange of one hand (no dead cards) from subset sums:
    a list of ``(discard_mask, value_sum, draws)``, discard masks in hand
    order, ranked like the enumeration (value, fewer cards, lower mask)."""
    cdef sums_t s
    cdef const int64_t[::1] pk
    cdef int order[5]
    cdef int sc[5]
    cdef int hc[5]
    cdef int64_t f[32]
    cdef uint32_t rk[32]
    cdef int64_t nums[32]
    cdef uint64_t dens[32]
    cdef int ds[32]
    cdef int rank_[32]
    cdef int i, j, t, disc, h, n = 0, c
    keep = []
    s.cls5 = NULL
    s.pay = NULL
    for i in range(6):
        pk = sums[i]
        keep.append(pk)
        s.p[i] = &pk[0]
    if len(hand) != 5:
        raise ValueError("a hand has five cards")
    for i in range(5):
        hc[i] = hand[i]
    sort_cards(hc, order, sc)
    hold_values(&s, sc, f, rk)
    for disc in range(32):
        if not legal_exchange(hc, disc, most, ace_for_most, 47):
            continue
        h = 0
        for i in range(5):
            if not (disc >> order[i]) & 1:
                h |= 1 << i
        ds[disc] = 5 - popcount5(h)
        nums[disc] = f[h]
        dens[disc] = DRAWS[ds[disc]]
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
