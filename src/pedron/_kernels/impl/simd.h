/* The kernels' fast paths that plain C cannot promise: loops written for the
   vector units of x86-64 CPUs, each chosen at import by what the CPU has.

   Compiled only where the test suite runs them (x86-64 with gcc or clang): elsewhere,
   and in the plain build (PEDRON_PLAIN=1 in setup.py), every chooser returns NULL
   and the kernels take their plain loops, which give the same answers (the suite
   compares the two on every hand). No Python API here. */
#ifndef PEDRON_SIMD_H
#define PEDRON_SIMD_H

#include <stddef.h>

/* -- Diablo: checking blocks of card rows ------------------------------------------
   A block is PEDRON_BLOCK_ROWS rows of five card bytes. A check returns 1 when the
   block has a card above 51 or a card twice in a row, else 0; it reads 4 bytes past
   the block. ``pair`` is 4 * PEDRON_BLOCK_BYTES bytes: pair[(k - 1) * BLOCK_BYTES + j]
   is 0xFF when bytes j and j + k of a block lie in one row, else 0. */
#define PEDRON_BLOCK_ROWS 64
#define PEDRON_BLOCK_BYTES (5 * PEDRON_BLOCK_ROWS)
typedef int (*pedron_block_check_fn)(const unsigned char* rows, const unsigned char* pair);

/* The block check for this CPU (and its name in *name), or NULL (and "none"). */
pedron_block_check_fn pedron_choose_block_check(const char** name);

/* -- Diamondback: rank rows sixteen at a time -------------------------------------
   Strengths of rank rows (two bytes each) into dst, for a whole number of 16-row
   steps: returns how many rows it did (the caller does the rest) and ORs every
   strength into *acc. ``t25`` is 32 bytes: the strength of ranks (a, b) at 5a + b,
   0x80 (invalid) for Magician-Magician and past the 25 entries. A row with a byte
   above 4 gives 0x80. */
typedef ptrdiff_t (*pedron_rank_rows_fn)(const unsigned char* src, unsigned char* dst,
                                         ptrdiff_t n, const unsigned char* t25,
                                         unsigned char* acc);

/* The rank-row loop for this CPU (and its name in *name), or NULL (and "none"). */
pedron_rank_rows_fn pedron_choose_rank_rows(const char** name);

#endif
