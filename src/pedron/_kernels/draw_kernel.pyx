# cython: freethreading_compatible = True
"""Exact draw analysis for any objective: the compiled core of pedron.drawpoker.

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
opponent hands beaten and tied. An objective comes in as one checked, frozen
record (:class:`KernelObjective`) and is ranked here, exactly, by its kind
(:class:`ObjectiveKind`):

* STRENGTH, expected strength: ``total / outcomes``;
* PAY_TABLE: ``sum(count[c] * pay[c]) / outcomes``;
* BEAT: ``(win * tie_den + tie * tie_num) / (outcomes * tie_den)``.

Ties go to fewer cards exchanged, then the lower discard mask (hand order).

Internal module: the public API is :mod:`pedron.drawpoker`.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from pedron._kernels.bits cimport choose, popcount64
from pedron._kernels.diablo_eval cimport (
    FIVE_OF_A_KIND, FLUSH, FLUSH_BASE, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, KEY_MASK, ONE_PAIR,
    STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, card_entries, lookup_strength,
    strength_table,
)

import numpy as np

from pedron._kernels import diablo_eval as _ev
from pedron.errors import PedronValueError

cdef uint8_t BASE_W[8192]
cdef uint8_t BASE_N[8192]
cdef int ROYAL_W = 0            # the strength of a royal flush, deuces wild
cdef int N_STRENGTHS_W = _ev.strength_count(True) + 1
cdef int N_STRENGTHS_N = _ev.strength_count(False) + 1

cdef enum:
    DEUCE = 0
    ACE = 12


cpdef enum ObjectiveKind:
    # What an objective ranks by (the kernels' switch; KernelObjective.kind).
    CUSTOM = -1         # a function of the option: the kernels tally, Python ranks
    STRENGTH = 0        # the mean final strength
    PAY_TABLE = 1       # the mean payout over the outcome classes
    BEAT = 2            # the chance of beating a target distribution


cdef const uint8_t* base_classes(bint wild) noexcept nogil:
    return &BASE_W[0] if wild else &BASE_N[0]


# Strength -> class, from the evaluator's category and ranks (decode).
# Deuces wild: NR FD WR 5K SF 4K FH FL ST 3K 2P 1P HC (0..12);
# natural:     RF SF 4K FH FL ST 3K 2P JB LP HC (0..10).
_W_OF_CATEGORY = {FIVE_OF_A_KIND: 3, FOUR_OF_A_KIND: 5, FULL_HOUSE: 6, FLUSH: 7, STRAIGHT: 8,
                  THREE_OF_A_KIND: 9, TWO_PAIR: 10, ONE_PAIR: 11, HIGH_CARD: 12}
_N_OF_CATEGORY = {FOUR_OF_A_KIND: 2, FULL_HOUSE: 3, FLUSH: 4, STRAIGHT: 5, THREE_OF_A_KIND: 6,
                  TWO_PAIR: 7, HIGH_CARD: 10}


def _build_classes():
    cdef int s
    for s in range(8192):
        BASE_W[s] = 255
        BASE_N[s] = 255
    for s in range(1, _ev.strength_count(True) + 1):
        cat, ranks = _ev.decode(s, True)
        if cat == STRAIGHT_FLUSH:
            BASE_W[s] = 2 if ranks[0] == ACE else 4  # a royal: wild unless no deuce
            if ranks[0] == ACE:
                global ROYAL_W
                ROYAL_W = s
        else:
            BASE_W[s] = _W_OF_CATEGORY[cat]
    for s in range(1, _ev.strength_count(False) + 1):
        cat, ranks = _ev.decode(s, False)
        if cat == STRAIGHT_FLUSH:
            BASE_N[s] = 0 if ranks[0] == ACE else 1
        elif cat == ONE_PAIR:
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
    int kind                  # STRENGTH, PAY_TABLE or BEAT (ObjectiveKind)
    int64_t pays[MAX_CLASSES]
    int64_t tie_num
    int64_t tie_den


cdef inline int64_t numerator(const objective_t* ob, const acc_t* acc, int ncls) noexcept nogil:
    cdef int64_t v = 0
    cdef int c
    if ob.kind == STRENGTH:
        return <int64_t>acc.total
    if ob.kind == PAY_TABLE:
        for c in range(ncls):
            v += ob.pays[c] * <int64_t>acc.cls[c]
        return v
    return <int64_t>acc.win * ob.tie_den + <int64_t>acc.tie * ob.tie_num


cdef inline uint64_t denominator(const objective_t* ob, const acc_t* acc) noexcept nogil:
    if ob.kind == BEAT:
        return acc.outcomes * <uint64_t>ob.tie_den
    return acc.outcomes


cdef inline bint better(int64_t num, uint64_t den, int d, int64_t bnum, uint64_t bden,
                        int bd) noexcept nogil:
    """Whether num/den (d cards exchanged) ranks before bnum/bden (bd cards);
    equal values go to fewer cards exchanged (the caller visits lower masks
    first, so a full tie keeps the lower mask)."""
    cdef int c = cmp_frac(num, den, bnum, bden)
    return c > 0 or (c == 0 and d < bd)


# (its signature is written in clinic form below, so that inspect reads it)
@cython.embedsignature(False)
cdef class KernelObjective:
    """KernelObjective(kind, wild, *, scale=1, pays=None, below=None, at=None, tie_num=0,
                tie_den=1)
--

What the draw kernels need of one built-in objective on one strength scale:
    checked once when made, then frozen (each objective keeps its own, from
    ``objective.kernel(wild)``). Equal records hash alike, so caches are keyed on
    them.

    * ``kind``: :class:`ObjectiveKind` STRENGTH, PAY_TABLE or BEAT;
    * ``wild``: the strength scale (deuces wild or natural);
    * ``scale``: the objective's value is the kernel's ``num / (den * scale)``;
    * ``pays`` (PAY_TABLE): the payout of each outcome class of the scale, best
      first, as ints (the payouts times ``scale``);
    * ``below``, ``at`` (BEAT): per strength, the opponents' weight strictly
      below it and at it (read-only uint64 arrays covering every strength);
    * ``tie_num / tie_den`` (BEAT): what a tie counts.
    """

    cdef readonly object kind
    cdef readonly bint wild
    cdef readonly int64_t scale
    cdef readonly tuple pays
    cdef readonly object below
    cdef readonly object at
    cdef readonly int64_t tie_num
    cdef readonly int64_t tie_den
    cdef int _kind
    cdef int64_t _pays[MAX_CLASSES]
    cdef const uint64_t[::1] _below
    cdef const uint64_t[::1] _at
    cdef Py_hash_t _hash

    def __init__(self, kind, bint wild, *, int64_t scale=1, pays=None, below=None, at=None,
                 int64_t tie_num=0, int64_t tie_den=1):
        cdef int c
        cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
        cdef Py_ssize_t nst = N_STRENGTHS_W if wild else N_STRENGTHS_N
        if kind == CUSTOM and type(kind) is not bool:
            raise PedronValueError("a custom objective has no kernel record")
        if type(kind) is bool or not isinstance(kind, int) or kind not in (
                STRENGTH, PAY_TABLE, BEAT):
            raise PedronValueError(f"kind is an ObjectiveKind (STRENGTH, PAY_TABLE or BEAT), "
                                   f"not {kind!r}")
        k = ObjectiveKind(int(kind))
        if scale < 1:
            raise PedronValueError(f"scale must be >= 1, got {scale}")
        self.kind = k
        self._kind = k
        self.wild = wild
        self.scale = scale
        self.tie_num = 0
        self.tie_den = 1
        memset(self._pays, 0, sizeof(self._pays))
        if k == PAY_TABLE:
            pays = tuple([int(p) for p in pays])
            if len(pays) != ncls:
                raise PedronValueError(f"pays: {ncls} values expected, got {len(pays)}")
            for c in range(ncls):
                self._pays[c] = pays[c]
            self.pays = pays
        elif pays is not None:
            raise PedronValueError("only a pay table has pays")
        if k == BEAT:
            if tie_den <= 0 or not 0 <= tie_num <= tie_den:
                raise PedronValueError("beat: ties are tie_num / tie_den, 0..1 with tie_den > 0")
            below = np.array(below, dtype=np.uint64)  # (a copy: nobody else changes it)
            at = np.array(at, dtype=np.uint64)
            if below.ndim != 1 or at.ndim != 1 or below.shape[0] < nst or at.shape[0] < nst:
                raise PedronValueError("beat: below and at must cover every strength")
            below.flags.writeable = False
            at.flags.writeable = False
            self.below = below
            self.at = at
            self._below = below
            self._at = at
            self.tie_num = tie_num
            self.tie_den = tie_den
        elif below is not None or at is not None:
            raise PedronValueError("only a beat objective has below and at")
        self._hash = hash((self._kind, self.wild, self.scale, self.pays, self.tie_num,
                           self.tie_den, None if below is None else below.tobytes(),
                           None if at is None else at.tobytes()))

    @property
    def den_scale(self):
        """What every exchange's outcome count is multiplied by in the kernel's
        denominator (``tie_den`` for BEAT, else 1)."""
        return self.tie_den if self._kind == BEAT else 1

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        if not isinstance(other, KernelObjective):
            return NotImplemented
        cdef KernelObjective o = <KernelObjective>other
        if self is o:
            return True
        return (self._hash == o._hash and self._kind == o._kind and self.wild == o.wild
                and self.scale == o.scale and self.pays == o.pays
                and self.tie_num == o.tie_num and self.tie_den == o.tie_den
                and _same_array(self.below, o.below) and _same_array(self.at, o.at))

    def __reduce__(self):
        return (_kernel_objective, (int(self._kind), self.wild, self.scale, self.pays,
                                    self.below, self.at, self.tie_num, self.tie_den))

    def __repr__(self):
        parts = [f"{self.kind!r}", f"wild={self.wild}"]
        if self.scale != 1:
            parts.append(f"scale={self.scale}")
        if self.pays is not None:
            parts.append(f"pays={self.pays}")
        if self.below is not None:
            parts.append(f"ties={self.tie_num}/{self.tie_den}")
        return f"KernelObjective({', '.join(parts)})"


def _kernel_objective(kind, wild, scale, pays, below, at, tie_num, tie_den):
    """A record from :meth:`KernelObjective.__reduce__` (checked as a new one)."""
    return KernelObjective(kind, wild, scale=scale, pays=pays, below=below, at=at,
                           tie_num=tie_num, tie_den=tie_den)


cdef bint _same_array(a, b):
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and bool((a == b).all())


cdef void setup_walk(walk_t* w, bint wild) noexcept nogil:
    """The walk of a mode, with no opponent arrays and no histogram."""
    w.E = card_entries(wild)
    w.T = strength_table(wild)
    w.base = base_classes(wild)
    w.below = NULL
    w.at = NULL
    w.hist = NULL


cdef int setup(walk_t* w, objective_t* ob, KernelObjective spec, bint wild) except -1:
    """The walk and the objective of a record, for an analysis on the scale ``wild``."""
    if spec is None:
        raise TypeError("objective: a KernelObjective, not None")
    if spec.wild != wild:
        raise ValueError("the objective's record is on the other strength scale")
    setup_walk(w, wild)
    ob.kind = spec._kind
    ob.tie_num = spec.tie_num
    ob.tie_den = spec.tie_den
    memcpy(ob.pays, spec._pays, sizeof(ob.pays))
    if spec._kind == BEAT:
        w.below = &spec._below[0]
        w.at = &spec._at[0]
    return 0


cdef class OptionCore:
    """OptionCore()
--

The compiled part of one exchange's record (``pedron.drawpoker.DrawOption``
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
        cdef acc_t acc
        cdef int i, c
        cdef int ncls = N_CLASSES_W if self.wild else N_CLASSES_N
        cdef int nst = N_STRENGTHS_W if self.wild else N_STRENGTHS_N
        cdef uint64_t scratch[8192]
        for i in range(5):
            cards[i] = self._cards[i]
        setup_walk(&w, self.wild)
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
                 bint wild, KernelObjective spec, bint rank, tuple values=None) except -1:
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
    setup(&w, &ob, spec, wild)
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
                t.dens[sub] = outs * <uint64_t>(ob.tie_den if ob.kind == BEAT else 1)
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
            objective, KernelObjective spec, bint rank=True, tuple values=None):
    """Every legal exchange of a checked hand (five distinct card ints; ``dead_mask``
    cards known out of the stock, disjoint from the hand), each as a ``cls`` (an
    OptionCore subclass) instance with its exact tallies and the value ``num / (den
    * spec.scale)`` of ``spec``; with ``rank`` best first, else in mask order. With
    ``values`` (:func:`value_tables` of the same record) the exchanges are ranked by
    the lean enumeration and each record's strength total and class counts are
    tallied when first asked for."""
    cdef table_t t
    cdef OptionCore o
    cdef int i, k, c
    cdef int ncls = N_CLASSES_W if wild else N_CLASSES_N
    cdef int64_t scale = spec.scale if spec is not None else 1
    if not issubclass(cls, OptionCore):
        raise TypeError("cls must subclass OptionCore")
    run_all(&t, hand, dead_mask, most, ace_for_most, wild, spec, rank, values)
    dm = dead_mask
    lean = values is not None
    strength = spec._kind == STRENGTH
    out = []
    for i in range(t.n):
        k = t.order[i]
        o = OptionCore.__new__(cls)
        o._sub = k
        o.outcomes = t.accs[k].outcomes
        o._num = t.nums[k]
        o._den = t.dens[k] * <uint64_t>scale
        if lean:
            o._total = t.nums[k] if strength else None
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


def options_from(type cls, list ranked, tuple hand, objective, KernelObjective spec):
    """Option records from ranked ``(discard_mask, numerator, denominator)`` rows of
    ``spec`` (outcomes = the denominator, as in the lean rows of the subset sums)."""
    cdef OptionCore o
    if spec is None:
        raise TypeError("spec: a KernelObjective, not None")
    scale = spec.scale * spec.den_scale
    strength = spec._kind == STRENGTH
    wild = spec.wild
    out = []
    for sub, num, den in ranked:
        o = OptionCore.__new__(cls)
        o._sub = sub
        o.outcomes = den
        o._num = num
        o._den = den * scale
        o._total = num if strength else None
        o._cls = None
        o._cards = hand
        o._dmask = 0
        o.wild = wild
        o.objective = objective
        o._value = None
        o._hist = None
        out.append(o)
    return out


def histogram(tuple hand, uint64_t dead_mask, int sub, bint wild, uint64_t[::1] out):
    """Add the final-strength counts of one exchange to ``out`` (index = strength)."""
    cdef int cards[5]
    cdef hand_t h
    cdef walk_t w
    cdef acc_t acc
    cdef int i
    if len(hand) != 5 or not 0 <= sub < 32:
        raise ValueError("a hand has five cards; sub is a 5-bit mask")
    if out.shape[0] < _ev.strength_count(wild) + 1:
        raise ValueError("out must cover every strength")
    for i in range(5):
        cards[i] = hand[i]
    setup_walk(&w, wild)
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


def value_tables(KernelObjective spec):
    """The per-strength values the objective of ``spec`` gives final hands on its
    scale, for the lean enumeration: ``(val, val_nat, four_deuces)``; ``val_nat``
    is used for hands without a deuce, ``four_deuces`` (or -1) for every
    four-deuces hand."""
    cdef walk_t w
    cdef objective_t ob
    if spec is None:
        raise TypeError("spec: a KernelObjective, not None")
    cdef bint wild = spec.wild
    cdef int s, nst = N_STRENGTHS_W if wild else N_STRENGTHS_N
    setup(&w, &ob, spec, wild)
    val_a = np.zeros(nst, dtype=np.int64)
    cdef int64_t[::1] val = val_a
    for s in range(1, nst):
        if ob.kind == STRENGTH:
            val[s] = s
        elif ob.kind == PAY_TABLE:
            val[s] = ob.pays[w.base[s]]
        else:
            val[s] = <int64_t>w.below[s] * ob.tie_den + <int64_t>w.at[s] * ob.tie_num
    nat_a = val_a.copy()
    four = -1
    if ob.kind == PAY_TABLE and wild:
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
    setup_walk(w, wild)
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


def best_discard(tuple hand, int most, bint ace_for_most, KernelObjective spec, tuple values):
    """The cards (hand order) of the exchange the lean enumeration ranks first
    for a checked hand without dead cards (same ranking as :func:`options`), by
    ``spec`` and its :func:`value_tables` ``values``."""
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
    if spec is None:
        raise TypeError("spec: a KernelObjective, not None")
    cdef bint wild = spec.wild
    cdef int64_t den_scale = spec.den_scale
    lean_setup(&w, &vals, values, wild)
    if fill_hand(&h, hc, 0, wild) < 0:
        raise ValueError("invalid hand")
    with nogil:
        best = best_exchange(&w, &vals, &h, most, ace_for_most, den_scale, &num, &den)
    return tuple([hc[i] for i in range(5) if (best >> i) & 1])


def best_rows(const uint8_t[:, ::1] cards, int most, bint ace_for_most, KernelObjective spec,
              tuple values, uint8_t[::1] out_sub, int64_t[::1] out_num,
              uint64_t[::1] out_den, Py_ssize_t start=0, Py_ssize_t stop=-1):
    """The best exchange of every row in ``start:stop`` by ``spec`` (and its
    :func:`value_tables` ``values``), GIL released.

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
    if spec is None:
        raise TypeError("spec: a KernelObjective, not None")
    cdef bint wild = spec.wild
    cdef int64_t den_scale = spec.den_scale
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
