# Diamondback hand strengths at C level, for any kernel that cimports them.
#
# Ranks: Priest 0, King 1, Queen 2, Priestess 3, Magician 4. Strength 14 is
# Magician-Priestess (best) .. 1 Priest-Priest; 0 marks Magician-Magician,
# which cannot be dealt. Card ids 0..42: id 0 the Magician, then per deck five
# Priests, four Kings, three Queens, two Priestesses.
from libc.stdint cimport uint8_t

# (the tables themselves: impl/portable.h)
cdef extern from "pedron/_kernels/impl/portable.h":
    const uint8_t STRENGTH_C "pedron_db_strength"[5][5]
    const uint8_t RANK_OF_ID_C "pedron_db_rank_of_id"[43]

cdef inline int rank_strength(int a, int b) noexcept nogil:
    """Strength of ranks a, b (both 0..4, unchecked); 0 for Magician-Magician."""
    return STRENGTH_C[a][b]

cdef inline int id_strength(int a, int b) noexcept nogil:
    """Strength of card ids a, b (both 0..42, unchecked, distinct)."""
    return STRENGTH_C[RANK_OF_ID_C[a]][RANK_OF_ID_C[b]]
