# Exact draw analysis: outcome classes shared with the video-poker kernel.
#
# An outcome class is a mode-local index, 0 = the best-paying class. Most
# classes follow from the final strength alone (BASE_*); two deuces-wild
# classes also need the number of deuces in the final hand: four deuces (any
# fifth card; always five of a kind by strength) and the natural royal (a
# royal straight flush without a deuce; with one it is a wild royal, the same
# strength).
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

cdef enum:
    # deuces wild (wild=True)
    W_NATURAL_ROYAL = 0
    W_FOUR_DEUCES = 1
    W_WILD_ROYAL = 2
    W_FIVE_OF_A_KIND = 3
    N_CLASSES_W = 13
    # natural play (wild=False)
    N_CLASSES_N = 11
    MAX_CLASSES = 16

cdef const uint8_t* base_classes(bint wild) noexcept nogil

cdef inline int outcome_class(const uint8_t* base, uint16_t st, int n_deuces,
                              bint wild) noexcept nogil:
    cdef int c = base[st]
    if wild:
        if n_deuces == 4:
            return W_FOUR_DEUCES
        if c == W_WILD_ROYAL and n_deuces == 0:
            return W_NATURAL_ROYAL
    return c

# Sign of a/b - c/d for b, d > 0, exactly (products up to 2**127): impl/portable.h.
cdef extern from "pedron/_kernels/impl/portable.h":
    int cmp_frac "pedron_cmp_frac"(int64_t a, uint64_t b, int64_t c, uint64_t d) noexcept nogil


cdef inline bint legal_exchange(const int* cards, int sub, int most, bint ace_for_most,
                                int unseen) noexcept nogil:
    """Whether discarding the positions in ``sub`` is allowed (the kernels'
    form of ``DrawLimit``): at most ``most`` cards, no more than ``unseen``,
    and with ``ace_for_most`` exactly ``most`` only when a real ace (rank A,
    never a deuce) is kept."""
    cdef int d = 0, i
    cdef bint ace = False
    for i in range(5):
        if (sub >> i) & 1:
            d += 1
        elif cards[i] >> 2 == 12:
            ace = True
    if d > most or d > unseen:
        return False
    if ace_for_most and d == most:
        return ace
    return True
