# cython: freethreading_compatible = True
"""Exact draw analysis for any objective: the compiled core of pedron.diablo.draw.

For one exchange (a 5-bit mask of the hand's positions to discard) every set
of replacements from the unseen cards is counted exactly once, but not
visited one by one. The evaluator sees a hand as its multiset of ranks plus
whether it can be a flush, so the enumeration walks multisets of drawn ranks
(at most 1,365 for four cards, against 178,365 card sets) and weights each by
the number of card sets that realise it, split by suit into the ones that
make a flush and the rest. In deuces-wild mode the unseen deuces are not
enumerated either (a wild's table entry is 0, so every deuce is the same card
to the evaluator): drawing ``j`` of them is a weight ``C(unseen deuces, j)``
on the enumeration of the other cards. That also gives the number of deuces
in every final hand, which the four-deuces and natural-royal classes need.

Per exchange the kernel accumulates the outcomes, the strength total, the
count per outcome class and, for the "beat" objective, the weights of the
opponent hands beaten and tied. Objectives are ranked here, exactly:

* kind 0, expected strength: ``total / outcomes``;
* kind 1, pay table: ``sum(count[c] * pay[c]) / outcomes``;
* kind 2, beat: ``(win * tie_den + tie * tie_num) / (outcomes * tie_den)``.

Ties go to fewer cards exchanged, then the lower discard mask (hand order).

Internal module: the public API is :mod:`pedron.diablo.draw`.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from pedron._kernels.bits cimport choose, popcount64
from pedron._kernels.diablo_eval cimport (
    FLUSH_BASE, KEY_MASK, card_entries, lookup_strength, strength_table,
)

import numpy as np

from pedron._kernels import diablo_eval as _ev

cdef uint8_t BASE_W[8192]
cdef uint8_t BASE_N[8192]
cdef int ROYAL_W = 0            # the strength of a royal flush, deuces wild
cdef int N_STRENGTHS_W = _ev.strength_count(True) + 1
cdef int N_STRENGTHS_N = _ev.strength_count(False) + 1

cdef enum:
    DEUCE = 0
    ACE = 12


cdef const uint8_t* base_classes(bint wild) noexcept nogil:
    return &BASE_W[0] if wild else &BASE_N[0]


# Strength -> class, from the evaluator's category and ranks (decode).
# Deuces wild: NR FD WR 5K SF 4K FH FL ST 3K 2P 1P HC (0..12);
# natural:     RF SF 4K FH FL ST 3K 2P JB LP HC (0..10).
_W_OF_CATEGORY = {10: 3, 8: 5, 7: 6, 6: 7, 5: 8, 4: 9, 3: 10, 2: 11, 1: 12}
_N_OF_CATEGORY = {8: 2, 7: 3, 6: 4, 5: 5, 4: 6, 3: 7, 1: 10}


def _build_classes():
    cdef int s
    for s in range(8192):
        BASE_W[s] = 255
        BASE_N[s] = 255
    for s in range(1, _ev.strength_count(True) + 1):
        cat, ranks = _ev.decode(s, True)
        if cat == 9:
            BASE_W[s] = 2 if ranks[0] == ACE else 4  # a royal: wild unless no deuce
            if ranks[0] == ACE:
                global ROYAL_W
                ROYAL_W = s
        else:
            BASE_W[s] = _W_OF_CATEGORY[cat]
    for s in range(1, _ev.strength_count(False) + 1):
        cat, ranks = _ev.decode(s, False)
        if cat == 9:
            BASE_N[s] = 0 if ranks[0] == ACE else 1
        elif cat == 2:
            BASE_N[s] = 8 if ranks[0] >= 9 else 9  # the pair's rank: J (9) or better
        else:
            BASE_N[s] = _N_OF_CATEGORY[cat]


_build_classes()


def class_table(bint wild=True):
    """The base outcome class of every strength (index 0 unused, 255)."""
    cdef int n = _ev.strength_count(wild) + 1
    return bytes([base_classes(wild)[s] for s in range(n)])


def class_of(uint16_t strength, int n_deuces, bint wild):
    """Outcome class of a final hand of this strength and number of deuces."""
    return outcome_class(base_classes(wild), strength, n_deuces, wild)


# ---------------------------------------------------------------------------
# Enumeration


cdef struct acc_t:
    uint64_t outcomes
    uint64_t total
    uint64_t win
    uint64_t tie
    uint64_t cls[MAX_CLASSES]


cdef struct walk_t:
    const uint64_t* E
    const uint16_t* T
    const uint8_t* base
    const uint64_t* below    # beat: opponent weight strictly below each strength
    const uint64_t* at       # beat: opponent weight at each strength
    uint64_t* hist           # strength histogram, or NULL


cdef inline void visit(const walk_t* w, acc_t* acc, uint16_t st, uint64_t mult) noexcept nogil:
    # Histogram mode: only count the strength (the tallies are swept from the
    # histogram once per exchange). Direct mode: add to the tallies (the
    # number of outcomes is known beforehand and not counted here).
    if w.hist != NULL:
        w.hist[st] += mult
        return
    acc.total += <uint64_t>st * mult
    acc.cls[w.base[st]] += mult
    if w.below != NULL:
        acc.win += w.below[st] * mult
        acc.tie += w.at[st] * mult


cdef struct ranks_t:
    # The unseen cards that are enumerated (not wild deuces), grouped by rank:
    # a draw is visited once per multiset of ranks, weighted by the number of
    # card sets that realise it, since all but the suits is the same to the
    # evaluator. Only ranks with an unseen card are listed.
    int n
    uint8_t cnt[13]          # unseen cards of the rank
    uint8_t suits[13]        # their suits, as a 4-bit mask (entry bits 48..51 >> 48)
    uint64_t key[13]         # the rank's key (entry bits 0..18)
    uint64_t rbit[13]        # the rank's bit (entry bits 32..44)


cdef struct draw_t:
    # One enumeration: the kept part, where outcomes go, and the suits a
    # flush could still have.
    const walk_t* w
    const ranks_t* R
    acc_t* acc               # visit() target, when val is NULL
    const int64_t* val       # else sum val[strength] (the lean enumeration)
    uint64_t mult            # weight of each outcome (the drawn deuces' ways)
    int64_t sum


cdef uint8_t SMALL_CHOOSE[5][5]      # C(n, k) for n, k <= 4 (filled at import)


cdef inline void emit(draw_t* dr, uint16_t st, uint64_t ways) noexcept nogil:
    if dr.val != NULL:
        dr.sum += dr.val[st] * <int64_t>ways
    else:
        visit(dr.w, dr.acc, st, ways * dr.mult)


cdef void rank_walk(draw_t* dr, int first, int m, uint64_t s, uint64_t bits,
                    uint64_t ways, unsigned int flush_suits, bint distinct) noexcept nogil:
    """Visit every multiset of ``m`` more ranks from ``first`` on.

    ``s``/``bits``: key sum and rank bits so far; ``ways``: card sets so far;
    ``flush_suits``: the suits every card so far could share (with the kept
    part); ``distinct``: no rank drawn twice yet (a flush needs that).
    """
    cdef const ranks_t* R = dr.R
    cdef int r, k, top
    cdef unsigned int fs, n_flush
    cdef uint64_t wk
    cdef const uint16_t* T = dr.w.T
    if m == 0:
        # Of the ``ways`` card sets, those of one suit are flushes (the
        # flush slot holds the better of flush and not); the rest are not.
        n_flush = popcount64(<uint64_t>flush_suits) if distinct else 0
        if n_flush:
            emit(dr, T[FLUSH_BASE + ((bits >> 32) & 0x1FFF)], n_flush)
        if ways > n_flush:
            emit(dr, T[s & KEY_MASK], ways - n_flush)
        return
    for r in range(first, R.n):
        top = R.cnt[r] if R.cnt[r] < m else m
        for k in range(1, top + 1):
            wk = ways * SMALL_CHOOSE[R.cnt[r]][k]
            if k == 1:
                fs = flush_suits & R.suits[r]
                rank_walk(dr, r + 1, m - 1, s + R.key[r], bits | R.rbit[r], wk, fs, distinct)
            else:
                rank_walk(dr, r + 1, m - k, s + <uint64_t>k * R.key[r], bits | R.rbit[r], wk,
                          0, False)


cdef void walk(draw_t* dr, uint64_t ks, uint64_t ko, int m) noexcept nogil:
    """Visit every way to add ``m`` (0..5) enumerated cards to the kept part."""
    cdef unsigned int kept_suits = <unsigned int>(ko >> 48) & 0xF, fs
    if m == 0:
        emit(dr, lookup_strength(dr.w.T, ks, ko), 1)
        return
    # A flush needs every natural card in one suit: the kept one's, or any
    # when no natural card is kept.
    if kept_suits == 0:
        fs = 0xF
    elif kept_suits & (kept_suits - 1) == 0:
        fs = kept_suits
    else:
        fs = 0
    rank_walk(dr, 0, m, ks & KEY_MASK, ko & (<uint64_t>0x1FFF << 32), 1, fs, fs != 0)


def _fill_small_choose():
    cdef int n, k
    for n in range(5):
        for k in range(5):
            SMALL_CHOOSE[n][k] = <uint8_t>choose(n, k)


_fill_small_choose()


cdef struct hand_t:
    int cards[5]
    ranks_t R           # the unseen cards that are not wild deuces, by rank
    int nu              # how many
    int ud              # unseen wild deuces (0 in natural mode)
    bint wild


cdef inline bint legal(const hand_t* h, int sub, int most, bint ace_for_most) noexcept nogil:
    return legal_exchange(h.cards, sub, most, ace_for_most, h.nu + h.ud)


cdef inline int kept_part(const walk_t* w, const hand_t* h, int sub, uint64_t* ks,
                          uint64_t* ko) noexcept nogil:
    """Sum and OR of the kept cards' entries; returns how many kept are deuces."""
    cdef int i, kd = 0
    cdef uint64_t s = 0, o = 0
    for i in range(5):
        if not (sub >> i) & 1:
            s += w.E[h.cards[i]]
            o |= w.E[h.cards[i]]
            if h.cards[i] >> 2 == DEUCE:
                kd += 1
    ks[0] = s
    ko[0] = o
    return kd


cdef void run_exchange(walk_t* w, const hand_t* h, int sub, acc_t* acc,
                       uint64_t* scratch, int n_strengths) noexcept nogil:
    """Accumulate every outcome of discarding the positions in ``sub``.

    With ``scratch`` (a zeroed histogram of ``n_strengths`` slots, left
    zeroed again) and more outcomes than strengths, the outcomes are counted
    per strength and the tallies swept from the histogram afterwards; else
    each outcome is added to the tallies directly. A caller's own histogram
    (``w.hist`` set) is filled and the tallies are still computed.
    """
    cdef uint64_t ks = 0, ko = 0, before, mult, n_out, total_out = 0, royal_nat = 0
    cdef uint64_t four_deuces = 0, hv
    cdef int j, m, kd, d = popcount64(<uint64_t>sub), st
    cdef uint64_t* own = w.hist
    cdef uint64_t* hist = own
    cdef draw_t dr
    dr.w = w
    dr.R = &h.R
    dr.acc = acc
    dr.val = NULL
    dr.sum = 0
    kd = kept_part(w, h, sub, &ks, &ko)
    for j in range(min(d, h.ud) + 1):
        m = d - j
        if m <= h.nu:
            total_out += choose(h.ud, j) * choose(h.nu, m)
    if hist == NULL and scratch != NULL and total_out > <uint64_t>(2 * n_strengths):
        hist = scratch
    w.hist = hist
    for j in range(min(d, h.ud) + 1):
        m = d - j
        if m > h.nu:
            continue
        mult = choose(h.ud, j)
        n_out = choose(h.nu, m) * mult
        if h.wild and kd + j == 4:
            four_deuces += n_out      # all five of a kind by strength
        dr.mult = mult
        if h.wild and kd + j == 0:
            # no deuce in the final hand: its royals are natural ones
            before = hist[ROYAL_W] if hist != NULL else acc.cls[W_WILD_ROYAL]
            walk(&dr, ks, ko, m)
            royal_nat += (hist[ROYAL_W] if hist != NULL else acc.cls[W_WILD_ROYAL]) - before
        else:
            walk(&dr, ks, ko, m)
    w.hist = own
    if hist != NULL:
        for st in range(1, n_strengths):
            hv = hist[st]
            if hv:
                acc.total += <uint64_t>st * hv
                acc.cls[w.base[st]] += hv
                if w.below != NULL:
                    acc.win += w.below[st] * hv
                    acc.tie += w.at[st] * hv
                if hist == scratch:
                    hist[st] = 0
    acc.outcomes += total_out
    if h.wild:
        acc.cls[W_FIVE_OF_A_KIND] -= four_deuces
        acc.cls[W_FOUR_DEUCES] += four_deuces
        acc.cls[W_WILD_ROYAL] -= royal_nat
        acc.cls[W_NATURAL_ROYAL] += royal_nat


cdef int fill_hand(hand_t* h, const int* cards, uint64_t dead_mask, bint wild) noexcept nogil:
    """Set up ``h``; -1 when a card is out of range or repeated (or dead)."""
    cdef uint64_t seen = dead_mask, bit
    cdef const uint64_t* E = card_entries(wild)
    cdef int i, r, k
    for i in range(5):
        if cards[i] < 0 or cards[i] >= 52:
            return -1
        bit = (<uint64_t>1) << cards[i]
        if seen & bit:
            return -1
        seen |= bit
        h.cards[i] = cards[i]
    h.nu = 0
    h.ud = 0
    h.wild = wild
    h.R.n = 0
    for r in range(13):
        k = h.R.n
        h.R.cnt[k] = 0
        h.R.suits[k] = 0
        for i in range(4 * r, 4 * r + 4):
            if (seen >> i) & 1:
                continue
            if wild and r == DEUCE:
                h.ud += 1
                continue
            h.R.cnt[k] += 1
            h.R.suits[k] |= <uint8_t>((E[i] >> 48) & 0xF)
            h.R.key[k] = E[i] & KEY_MASK
            h.R.rbit[k] = E[i] & (<uint64_t>0x1FFF << 32)
        if h.R.cnt[k]:
            h.nu += h.R.cnt[k]
            h.R.n += 1
    return 0


cdef struct objective_t:
    int kind                  # 0 strength, 1 pay table, 2 beat
    int64_t pays[MAX_CLASSES]
    int64_t tie_num
    int64_t tie_den


cdef inline int64_t numerator(const objective_t* ob, const acc_t* acc, int ncls) noexcept nogil:
    cdef int64_t v = 0
    cdef int c
    if ob.kind == 0:
        return <int64_t>acc.total
    if ob.kind == 1:
        for c in range(ncls):
            v += ob.pays[c] * <int64_t>acc.cls[c]
        return v
    return <int64_t>acc.win * ob.tie_den + <int64_t>acc.tie * ob.tie_num


cdef inline uint64_t denominator(const objective_t* ob, const acc_t* acc) noexcept nogil:
    if ob.kind == 2:
        return acc.outcomes * <uint64_t>ob.tie_den
    return acc.outcomes


cdef inline bint better(int64_t num, uint64_t den, int d, int64_t bnum, uint64_t bden,
                        int bd) noexcept nogil:
    """Whether num/den (d cards exchanged) ranks before bnum/bden (bd cards);
    equal values go to fewer cards exchanged (the caller visits lower masks
    first, so a full tie keeps the lower mask)."""
    cdef int c = cmp_frac(num, den, bnum, bden)
    return c > 0 or (c == 0 and d < bd)


cdef object setup(walk_t* w, objective_t* ob, bint wild, int kind, object pays,
                  const uint64_t[::1] below, const uint64_t[::1] at, int64_t tie_num,
                  int64_t tie_den):
    cdef int c
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    w.E = card_entries(wild)
    w.T = strength_table(wild)
    w.base = base_classes(wild)
    w.below = NULL
    w.at = NULL
    w.hist = NULL
    ob.kind = kind
    ob.tie_num = tie_num
    ob.tie_den = tie_den
    memset(ob.pays, 0, sizeof(ob.pays))
    if kind == 1:
        if len(pays) != ncls:
            raise ValueError(f"pays: {ncls} values expected, got {len(pays)}")
        for c in range(ncls):
            ob.pays[c] = pays[c]
    elif kind == 2:
        if below is None or at is None or below.shape[0] < _ev.strength_count(wild) + 1 \
                or at.shape[0] < _ev.strength_count(wild) + 1:
            raise ValueError("beat: below and at must cover every strength")
        if tie_den <= 0:
            raise ValueError("beat: tie_den must be > 0")
        w.below = &below[0]
        w.at = &at[0]
    elif kind != 0:
        raise ValueError(f"unknown objective kind {kind}")
    return None


cdef class OptionCore:
    """OptionCore()
--

The compiled part of one exchange's record (``pedron.diablo.DrawOption``
    subclasses it): its exact tallies, set by :func:`options`. The strength
    total and the class counts of a record ranked by the lean enumeration
    are tallied on first use."""

    cdef readonly object outcomes
    cdef readonly bint wild
    cdef readonly object objective
    cdef readonly int _sub
    cdef readonly tuple _cards
    cdef readonly object _dmask
    cdef readonly object _num
    cdef readonly object _den
    cdef public object _total
    cdef public object _cls
    cdef public object _value
    cdef public object _hist

    cdef int _fill(self) except -1:
        cdef int cards[5]
        cdef hand_t h
        cdef walk_t w
        cdef objective_t ob
        cdef acc_t acc
        cdef int i, c
        cdef int ncls = N_CLASSES_W if self.wild else N_CLASSES_N
        cdef int nst = N_STRENGTHS_W if self.wild else N_STRENGTHS_N
        cdef uint64_t scratch[8192]
        for i in range(5):
            cards[i] = self._cards[i]
        setup(&w, &ob, self.wild, 0, None, None, None, 0, 1)
        if fill_hand(&h, cards, self._dmask, self.wild) < 0:
            raise ValueError("invalid hand or dead cards")
        memset(&acc, 0, sizeof(acc_t))
        memset(scratch, 0, nst * sizeof(uint64_t))
        with nogil:
            run_exchange(&w, &h, self._sub, &acc, scratch, nst)
        self._total = acc.total
        self._cls = tuple([acc.cls[c] for c in range(ncls)])
        return 0

    # (tallied once, by whichever thread asks first: the record is locked meanwhile, so
    # that two threads never store into it at once on a free-threaded interpreter)
    @property
    def total_strength(self):
        """The sum of the final strengths over all outcomes (exact)."""
        with cython.critical_section(self):
            if self._total is None:
                self._fill()
            return self._total

    @property
    def _classes(self):
        with cython.critical_section(self):
            if self._cls is None:
                self._fill()
            return self._cls


cdef struct table_t:
    acc_t accs[32]
    int64_t nums[32]
    uint64_t dens[32]
    int order[32]
    int n


cdef int run_all(table_t* t, tuple hand, uint64_t dead_mask, int most, bint ace_for_most,
                 bint wild, int kind, pays, const uint64_t[::1] below,
                 const uint64_t[::1] at, int64_t tie_num, int64_t tie_den,
                 bint rank, tuple values=None) except -1:
    """Tally every legal exchange into ``t`` (ranked when ``rank``). With
    ``values`` (see :func:`value_tables`) only the objective's value and the
    outcomes are tallied (the lean enumeration)."""
    cdef int cards[5]
    cdef hand_t h
    cdef walk_t w
    cdef objective_t ob
    cdef int sub, i, j
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    cdef int nst = N_STRENGTHS_W if wild else N_STRENGTHS_N
    cdef uint64_t scratch[8192]
    cdef values_t vals
    cdef bint lean = values is not None
    cdef uint64_t outs
    if len(hand) != 5:
        raise ValueError("a hand has five cards")
    for i in range(5):
        cards[i] = hand[i]
    if not 0 <= most <= 5:
        raise ValueError(f"most must be 0..5, got {most}")
    setup(&w, &ob, wild, kind, pays, below, at, tie_num, tie_den)
    if lean:
        lean_setup(&w, &vals, values, wild)
    if fill_hand(&h, cards, dead_mask, wild) < 0:
        raise ValueError("invalid hand or dead cards")
    t.n = 0
    with nogil:
        if not lean:
            memset(scratch, 0, nst * sizeof(uint64_t))
        for sub in range(32):
            if not legal(&h, sub, most, ace_for_most):
                continue
            if lean:
                t.nums[sub] = exchange_value(&w, &vals, &h, sub, &outs)
                t.accs[sub].outcomes = outs
                t.dens[sub] = outs * <uint64_t>(tie_den if kind == 2 else 1)
            else:
                memset(&t.accs[sub], 0, sizeof(acc_t))
                run_exchange(&w, &h, sub, &t.accs[sub], scratch, nst)
                t.nums[sub] = numerator(&ob, &t.accs[sub], ncls)
                t.dens[sub] = denominator(&ob, &t.accs[sub])
            # insertion into the ranked order (stable: lower masks stay first)
            j = t.n
            if rank:
                while j > 0 and better(t.nums[sub], t.dens[sub], popcount64(<uint64_t>sub),
                                       t.nums[t.order[j - 1]], t.dens[t.order[j - 1]],
                                       popcount64(<uint64_t>t.order[j - 1])):
                    t.order[j] = t.order[j - 1]
                    j -= 1
            t.order[j] = sub
            t.n += 1
    return 0


def options(type cls, tuple hand, uint64_t dead_mask, int most, bint ace_for_most, bint wild,
            objective, int kind=0, pays=None, const uint64_t[::1] below=None,
            const uint64_t[::1] at=None, int64_t tie_num=0, int64_t tie_den=1,
            int64_t scale=1, bint rank=True, tuple values=None):
    """Like :func:`analyse`, but each exchange as a ``cls`` (an OptionCore
    subclass) instance, with the value ``num / (den * scale)``. With
    ``values`` (:func:`value_tables` of the same objective) the exchanges
    are ranked by the lean enumeration and each record's strength total and
    class counts are tallied when first asked for."""
    cdef table_t t
    cdef OptionCore o
    cdef int i, k, c
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    if not issubclass(cls, OptionCore):
        raise TypeError("cls must subclass OptionCore")
    run_all(&t, hand, dead_mask, most, ace_for_most, wild, kind, pays, below, at, tie_num,
            tie_den, rank, values)
    dm = dead_mask
    lean = values is not None
    out = []
    for i in range(t.n):
        k = t.order[i]
        o = OptionCore.__new__(cls)
        o._sub = k
        o.outcomes = t.accs[k].outcomes
        o._num = t.nums[k]
        o._den = t.dens[k] * <uint64_t>scale
        if lean:
            o._total = t.nums[k] if kind == 0 else None
            o._cls = None
        else:
            o._total = t.accs[k].total
            o._cls = tuple([t.accs[k].cls[c] for c in range(ncls)])
        o._cards = hand
        o._dmask = dm
        o.wild = wild
        o.objective = objective
        o._value = None
        o._hist = None
        out.append(o)
    return out


def options_from(type cls, list ranked, tuple hand, bint wild, objective, int64_t scale,
                 int kind):
    """Option records from ranked ``(discard_mask, numerator, denominator)``
    rows (outcomes = the denominator over ``den_scale``, as in the lean rows)."""
    cdef OptionCore o
    out = []
    for sub, num, den in ranked:
        o = OptionCore.__new__(cls)
        o._sub = sub
        o.outcomes = den
        o._num = num
        o._den = den * scale
        o._total = num if kind == 0 else None
        o._cls = None
        o._cards = hand
        o._dmask = 0
        o.wild = wild
        o.objective = objective
        o._value = None
        o._hist = None
        out.append(o)
    return out


def analyse(tuple hand, uint64_t dead_mask, int most, bint ace_for_most, bint wild,
            int kind=0, pays=None, const uint64_t[::1] below=None,
            const uint64_t[::1] at=None, int64_t tie_num=0, int64_t tie_den=1,
            bint rank=True):
    """Every legal exchange of a checked hand, with its exact tallies.

    ``hand`` is five distinct card ints, ``dead_mask`` cards known out of the
    stock (disjoint from the hand). Returns a list of ``(discard_mask,
    outcomes, total_strength, numerator, denominator, class_counts, win,
    tie)``, where the objective's value is ``numerator / denominator``; with
    ``rank`` the list is best first, else in mask order.
    """
    cdef table_t t
    cdef int i, k, c
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    run_all(&t, hand, dead_mask, most, ace_for_most, wild, kind, pays, below, at, tie_num,
            tie_den, rank)
    out = []
    for i in range(t.n):
        k = t.order[i]
        out.append((k, t.accs[k].outcomes, t.accs[k].total, t.nums[k], t.dens[k],
                    tuple([t.accs[k].cls[c] for c in range(ncls)]),
                    t.accs[k].win, t.accs[k].tie))
    return out


def histogram(tuple hand, uint64_t dead_mask, int sub, bint wild, uint64_t[::1] out):
    """Add the final-strength counts of one exchange to ``out`` (index = strength)."""
    cdef int cards[5]
    cdef hand_t h
    cdef walk_t w
    cdef objective_t ob
    cdef acc_t acc
    cdef int i
    if len(hand) != 5 or not 0 <= sub < 32:
        raise ValueError("a hand has five cards; sub is a 5-bit mask")
    if out.shape[0] < _ev.strength_count(wild) + 1:
        raise ValueError("out must cover every strength")
    for i in range(5):
        cards[i] = hand[i]
    setup(&w, &ob, wild, 0, None, None, None, 0, 1)
    if fill_hand(&h, cards, dead_mask, wild) < 0:
        raise ValueError("invalid hand or dead cards")
    w.hist = &out[0]
    memset(&acc, 0, sizeof(acc_t))
    with nogil:
        run_exchange(&w, &h, sub, &acc, NULL, N_STRENGTHS_W if wild else N_STRENGTHS_N)
    return acc.outcomes


cdef struct values_t:
    const int64_t* val       # the objective's value of a final strength
    const int64_t* val_nat   # the same for hands without a deuce (natural royal)
    int64_t four_deuces      # value of any four-deuces hand, or -1: look each up


def value_tables(bint wild, int kind, pays=None, const uint64_t[::1] below=None,
                 const uint64_t[::1] at=None, int64_t tie_num=0, int64_t tie_den=1):
    """The per-strength values an objective gives final hands, for the lean
    enumeration: ``(val, val_nat, four_deuces)``; ``val_nat`` is used for
    hands without a deuce, ``four_deuces`` (or -1) for every four-deuces hand."""
    cdef walk_t w
    cdef objective_t ob
    cdef int s, nst = N_STRENGTHS_W if wild else N_STRENGTHS_N
    setup(&w, &ob, wild, kind, pays, below, at, tie_num, tie_den)
    val_a = np.zeros(nst, dtype=np.int64)
    cdef int64_t[::1] val = val_a
    for s in range(1, nst):
        if kind == 0:
            val[s] = s
        elif kind == 1:
            val[s] = ob.pays[w.base[s]]
        else:
            val[s] = <int64_t>w.below[s] * tie_den + <int64_t>w.at[s] * tie_num
    nat_a = val_a.copy()
    four = -1
    if kind == 1 and wild:
        nat_a[ROYAL_W] = ob.pays[W_NATURAL_ROYAL]
        four = ob.pays[W_FOUR_DEUCES]
    return val_a, nat_a, four


cdef int64_t exchange_value(const walk_t* w, const values_t* v, const hand_t* h,
                            int sub, uint64_t* outcomes) noexcept nogil:
    """The objective's numerator summed over every outcome of one exchange."""
    cdef uint64_t ks = 0, ko = 0, mult, n_out, total_out = 0
    cdef int j, m, kd, d = popcount64(<uint64_t>sub)
    cdef int64_t num = 0
    cdef draw_t dr
    dr.w = w
    dr.R = &h.R
    dr.acc = NULL
    dr.mult = 1
    kd = kept_part(w, h, sub, &ks, &ko)
    for j in range(min(d, h.ud) + 1):
        m = d - j
        if m > h.nu:
            continue
        mult = choose(h.ud, j)
        n_out = choose(h.nu, m) * mult
        total_out += n_out
        if h.wild and kd + j == 4 and v.four_deuces >= 0:
            num += <int64_t>n_out * v.four_deuces   # every outcome four deuces
        else:
            dr.val = v.val_nat if h.wild and kd + j == 0 else v.val
            dr.sum = 0
            walk(&dr, ks, ko, m)
            num += <int64_t>mult * dr.sum
    outcomes[0] = total_out
    return num


cdef int lean_setup(walk_t* w, values_t* v, tuple values, bint wild) except -1:
    cdef const int64_t[::1] val = values[0]
    cdef const int64_t[::1] nat = values[1]
    cdef int nst = N_STRENGTHS_W if wild else N_STRENGTHS_N
    if val.shape[0] < nst or nat.shape[0] < nst:
        raise ValueError("value tables must cover every strength")
    w.E = card_entries(wild)
    w.T = strength_table(wild)
    w.base = base_classes(wild)
    w.below = NULL
    w.at = NULL
    w.hist = NULL
    v.val = &val[0]
    v.val_nat = &nat[0]
    v.four_deuces = values[2]
    return 0


cdef int best_exchange(const walk_t* w, const values_t* v, const hand_t* h, int most,
                       bint ace_for_most, int64_t den_scale, int64_t* num,
                       uint64_t* den) noexcept nogil:
    """The discard mask the lean enumeration ranks first (as :func:`options`
    ranks), with its value ``num / den``."""
    cdef int sub, best = -1, bd = 0, d
    cdef int64_t n, bnum = 0
    cdef uint64_t dn, bden = 1, outs
    for sub in range(32):
        if not legal(h, sub, most, ace_for_most):
            continue
        n = exchange_value(w, v, h, sub, &outs)
        dn = outs * <uint64_t>den_scale
        d = popcount64(<uint64_t>sub)
        if best < 0 or better(n, dn, d, bnum, bden, bd):
            best = sub
            bd = d
            bnum = n
            bden = dn
    num[0] = bnum
    den[0] = bden
    return best


def best_discard(tuple hand, int most, bint ace_for_most, bint wild, tuple values,
                 int64_t den_scale=1):
    """The cards (hand order) of the exchange the lean enumeration ranks first
    for a checked hand without dead cards (same ranking as :func:`options`)."""
    cdef hand_t h
    cdef walk_t w
    cdef values_t vals
    cdef int hc[5]
    cdef int i, best
    cdef int64_t num
    cdef uint64_t den
    if len(hand) != 5:
        raise ValueError("a hand has five cards")
    for i in range(5):
        hc[i] = hand[i]
    if not 0 <= most <= 5:
        raise ValueError(f"most must be 0..5, got {most}")
    lean_setup(&w, &vals, values, wild)
    if fill_hand(&h, hc, 0, wild) < 0:
        raise ValueError("invalid hand")
    with nogil:
        best = best_exchange(&w, &vals, &h, most, ace_for_most, den_scale, &num, &den)
    return tuple([hc[i] for i in range(5) if (best >> i) & 1])


def best_rows(const uint8_t[:, ::1] cards, int most, bint ace_for_most, bint wild,
              tuple values, int64_t den_scale, uint8_t[::1] out_sub, int64_t[::1] out_num,
              uint64_t[::1] out_den, Py_ssize_t start=0, Py_ssize_t stop=-1):
    """The best exchange of every row in ``start:stop``, GIL released.

    Writes the discard mask and the objective's value (num / den) per row.
    Returns -1, or the first row that is not five distinct cards 0..51 (rows
    after it in the range are left unwritten).
    """
    cdef hand_t h
    cdef walk_t w
    cdef values_t vals
    cdef int hc[5]
    cdef int i, best
    cdef int64_t num
    cdef uint64_t den
    cdef Py_ssize_t r, n = cards.shape[0], bad = -1
    if cards.shape[1] != 5:
        raise ValueError("cards must have 5 columns")
    if not 0 <= most <= 5:
        raise ValueError(f"most must be 0..5, got {most}")
    if stop < 0 or stop > n:
        stop = n
    if out_sub.shape[0] < stop or out_num.shape[0] < stop or out_den.shape[0] < stop:
        raise ValueError("out arrays too short")
    lean_setup(&w, &vals, values, wild)
    with nogil:
        for r in range(start, stop):
            for i in range(5):
                hc[i] = cards[r, i]
            if fill_hand(&h, hc, 0, wild) < 0:
                bad = r
                break
            best = best_exchange(&w, &vals, &h, most, ace_for_most, den_scale, &num, &den)
            out_sub[r] = <uint8_t>best
            out_num[r] = num
            out_den[r] = den
    return bad
