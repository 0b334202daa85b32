# cython: freethreading_compatible = True
"""The plain C loop that the Diablo batch kernel is measured against.

Benchmark only (``pedron bench``, ``benchmarks/``, ``scripts/perf_report.py``):
the checked batch evaluation as anyone would first write it in C, with the
same tables as :mod:`pedron._kernels.diablo_eval`. For each row, each card in
turn: range check, duplicate check against the row's mask, add its table
entry. No Python object is touched inside the loop, so Cython compiles it to
exactly that C, with the same compiler and flags as the kernel; the figure
"x the plain C loop" therefore measures the kernel's engineering (how it
validates and how it schedules loads), not the language.

Internal module: not part of the public API.
"""

from libc.stdint cimport uint8_t, uint16_t, uint64_t

from pedron._kernels.diablo_eval cimport card_entries, lookup_strength, strength_table

from pedron.errors import PedronValueError


cdef Py_ssize_t plain_rows(const uint8_t* p, Py_ssize_t n, uint16_t* out,
                           const uint64_t* E, const uint16_t* T) noexcept nogil:
    cdef Py_ssize_t i
    cdef int j
    cdef unsigned int c
    cdef uint64_t seen, s, o, e
    for i in range(n):
        seen = 0
        s = 0
        o = 0
        for j in range(5):
            c = p[5 * i + j]
            if c >= 52 or (seen >> c) & 1:
                return i
            seen |= (<uint64_t>1) << c
            e = E[c]
            s += e
            o |= e
        out[i] = lookup_strength(T, s, o)
    return -1


def plain_c_loop(const uint8_t[:, ::1] cards, uint16_t[::1] out, bint wild):
    """Strengths of an (n, 5) uint8 array into ``out``: -1, or the first bad row.

    The baseline loop described in the module docstring; the GIL is released.
    """
    cdef Py_ssize_t n = cards.shape[0], r
    if cards.shape[1] != 5 or out.shape[0] != n:
        raise PedronValueError("plain_c_loop: shape mismatch")
    if n == 0:
        return -1
    with nogil:
        r = plain_rows(&cards[0, 0], n, &out[0], card_entries(wild), strength_table(wild))
    return r
