# Diablo (deuces-wild five-card poker) evaluator: shared C-level lookup.
#
# A hand is scored from five per-card table entries (CARD_ENTRY_*), one table
# lookup and no branch:
#   * entry bits 0..18: a rank key; the sum of five keys is distinct for every
#     multiset of five ranks (wilds have key 0, the same as a natural 2);
#   * entry bits 32..44: the rank bit (none for a wild in wild mode);
#   * entry bits 48..51: the suit bit (none for a wild in wild mode).
# With s the sum and o the OR of the five entries, the hand can be a flush
# exactly when o holds at most one suit bit; its strength is then
# table[FLUSH_BASE + rank bits] (precomputed as the better of the flush and
# the non-flush value), otherwise table[s & KEY_MASK].
from libc.stdint cimport uint16_t, uint64_t

# The kinds of hand, higher is better: the one list of them (the Python enum
# pedron.drawpoker.Category takes its members from this one, by name).
cpdef enum Category:
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

cdef enum:
    KEY_MASK = 0x7FFFF
    FLUSH_BASE = 360919        # one more than the largest key sum of a real hand
    # Not FLUSH_BASE + 8192: an invalid row (unchecked batch) of five aces sums
    # to 5 * 79415 = 397075, and every index the lookup can form must stay
    # inside the table (those slots hold 0, "no hand").
    TABLE_SIZE = 397076

cdef inline uint16_t lookup_strength(const uint16_t* table, uint64_t s, uint64_t o) noexcept nogil:
    cdef unsigned int sb = <unsigned int>(o >> 48) & 0xF
    cdef unsigned int idx
    if (sb & (sb - 1)) == 0:
        idx = FLUSH_BASE + (<unsigned int>(o >> 32) & 0x1FFF)
    else:
        idx = <unsigned int>s & KEY_MASK
    return table[idx]

cdef const uint64_t* card_entries(bint wild) noexcept nogil
cdef const uint16_t* strength_table(bint wild) noexcept nogil
