# cython: freethreading_compatible = True
"""The arguments of both games' batch functions, checked and converted in one place.

``pedron.diablo.evaluate_batch`` and ``pedron.diamondback.evaluate_batch`` (and their
``_unchecked`` twins) take the same arguments, ``(cards, *, <mode>, out=None,
threads=1)``, and accept the same inputs; this module is where that is written
(numpy.random's ``_common`` model). A game's kernel opens a :class:`Batch` on its
arguments, runs its row loop through it and reads the rows of an error back from it:

* ``cards``: any C-contiguous buffer (numpy array, ``memoryview``, ``bytes``,
  ``array.array``...) holding either card rows, uint8 of shape ``(n, width)`` or flat
  of length ``width * n``, or card masks, uint64 of length ``n``; or a list or tuple
  of ``n`` rows of card ints (or of ``n`` mask ints), which is copied. Buffers are
  read in place, without a copy.
* ``out``: ``None`` (a new numpy array when ``cards`` is one, else an
  ``array.array``), or a writable C-contiguous buffer of ``n`` strengths (uint16 or
  uint8, by game), filled and returned.
* ``threads``: an int from 1 to 1,024, or ``None`` for one per usable core; never more than
  one thread per ``per_thread`` rows.

Checked in that order, each before anything is allocated; every refusal is a pedron
error (:class:`~pedron.errors.ArrayError` for a buffer of the wrong shape or type,
:class:`~pedron.errors.PedronTypeError` for an object that is no buffer at all).
Out sharing memory with the cards, and masks or ``out`` not aligned to their item
size, are handled by private copies, so a kernel only ever sees aligned memory that
nothing else writes while it runs.

Internal module: the public functions are the games'.
"""

import array
import sys
from functools import partial

cimport cython

from cpython.buffer cimport (
    PyBUF_RECORDS_RO,
    PyBuffer_IsContiguous,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from pedron._kernels.exact cimport int_arg

from pedron._exact import exact_int
from pedron.errors import ArrayError, PedronTypeError, PedronValueError
from pedron.text import shown

cdef extern from "pedron/_kernels/impl/portable.h":
    const int LITTLE_ENDIAN "PEDRON_LITTLE_ENDIAN"

cdef extern from "pedron/_kernels/impl/simd.h":
    pedron_block_check_fn pedron_choose_block_check(const char** name) noexcept
    pedron_rank_rows_fn pedron_choose_rank_rows(const char** name) noexcept

cdef enum:
    # Below this many rows a batch keeps the GIL: releasing and taking it back costs
    # more than the rows.
    SMALL_BATCH = 64
    # The most threads any function starts (a hard ceiling, whatever the machine: more
    # is a mistake, not a wish).
    MAX_THREADS = 1024

_U64_MAX = (1 << 64) - 1


cdef char type_code(const Py_buffer* view) noexcept:
    """The struct type code of a buffer's items when they are in this machine's byte
    order ('B' for any byte), else 0."""
    cdef const char* f = view.format
    cdef char native = b"<" if LITTLE_ENDIAN else b">"
    if f == NULL:
        return b"B"  # (the buffer protocol's default: unsigned bytes)
    if f[0] == b"@" or f[0] == b"=" or f[0] == native:
        f += 1
    elif f[0] == b"<" or f[0] == b">" or f[0] == b"!":
        if view.itemsize != 1:
            return 0  # another machine's byte order
        f += 1
    if f[0] == 0 or f[1] != 0:
        return 0  # (no code, or a structure of several)
    return f[0]


cdef tuple shape_of(const Py_buffer* view):
    if view.shape == NULL:
        return (view.len // max(view.itemsize, 1),)
    return tuple([view.shape[i] for i in range(view.ndim)])


cdef str format_of(const Py_buffer* view):
    return "B" if view.format == NULL else (<bytes>view.format).decode("ascii", "replace")


cdef inline bint is_row(object item):
    return not isinstance(item, (str, bytes, bytearray)) and hasattr(item, "__iter__")


cdef str accepted(const BatchShape* shape):
    return (f"an (n, {shape.width}) uint8 array of card numbers (or a flat one of "
            f"{shape.width}n), a length-n uint64 array of card masks, or a list of rows")


cdef object rows_copy(object cards, const BatchShape* shape):
    """A list or tuple of card rows (or of masks) as bytes or array('Q'), each read once."""
    cdef Py_ssize_t i, j, width = shape.width
    items = tuple(cards)  # (one reading: a list changing meanwhile cannot matter)
    if not items or is_row(items[0]):
        rows = bytearray(len(items) * width)
        for i, row in enumerate(items):
            if not is_row(row):
                raise ArrayError(f"cards: item {i} is not a row of {width} cards, as the first is")
            row = tuple(row)
            if len(row) != width:
                raise ArrayError(f"cards: row {i} has {len(row)} cards, not {width}: {row!r}")
            for j in range(width):
                v = int_arg(row[j], "a card")
                if not 0 <= v <= 255:
                    raise ArrayError(f"cards: row {i} has a value out of range 0..255: {v}")
                rows[i * width + j] = v
        return bytes(rows)
    masks = array.array("Q")
    for i, m in enumerate(items):
        if is_row(m):
            raise ArrayError(f"cards: item {i} is a row, but the first is a mask")
        v = int_arg(m, "a card mask")
        if not 0 <= v <= _U64_MAX:
            raise ArrayError(f"cards: row {i} has a mask out of range 0..2**64-1: {v}")
        masks.append(v)
    return masks


cdef Py_ssize_t threads_arg(object threads) except -1:
    """The threads a ``threads`` argument asks for: an int 1..MAX_THREADS, or None for
    one per usable core."""
    cdef int overflow = 0
    cdef long t
    if threads is None:  # (the cores this process may use, not every core there is)
        from pedron._machine import usable_cores
        return usable_cores()
    threads = int_arg(threads, "threads (an int or None)")  # (an exact int from here)
    t = PyLong_AsLongAndOverflow(threads, &overflow)
    if overflow or not 1 <= t <= MAX_THREADS:
        raise PedronValueError(
            f"threads must be 1..{MAX_THREADS} (None: one per usable core), got {shown(threads)}"
        )
    return t


cdef object new_out(object cards, Py_ssize_t n, int itemsize):
    """A new result: a numpy array when the cards are one (numpy is then loaded),
    else an array.array."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(cards, np.ndarray):
        return np.empty(n, np.uint16 if itemsize == 2 else np.uint8)
    return array.array("H" if itemsize == 2 else "B", bytes(n * itemsize))


cdef class _Slice:
    """Rows start..stop-1 of a batch, run by one thread without the GIL."""

    cdef rows_fn fn
    cdef const void* options
    cdef const uint8_t* rows
    cdef void* out
    cdef Py_ssize_t start, stop

    def __call__(self):
        cdef rows_fn fn = self.fn
        cdef const void* options = self.options
        cdef const uint8_t* rows = self.rows
        cdef void* out = self.out
        cdef Py_ssize_t start = self.start, stop = self.stop, bad
        with nogil:
            bad = fn(rows, start, stop, out, options)
        return bad


cdef Py_ssize_t first_bad_in_threads(list calls) except -2:
    """Run each of ``calls`` (the first in this thread, the others in threads of their
    own; they release the GIL): the lowest bad row any reports, or -1. An exception in
    any of them is raised here, after every thread has ended."""
    import threading

    results = [-1] * len(calls)
    errors = []

    def work(Py_ssize_t i):
        try:
            results[i] = calls[i]()
        except BaseException as exc:  # (raised in the caller's thread below)
            errors.append(exc)

    pool = [threading.Thread(target=work, args=(i,)) for i in range(1, len(calls))]
    for t in pool:
        t.start()
    work(0)
    for t in pool:
        t.join()
    if errors:
        raise errors[0]
    bads = [r for r in results if r >= 0]
    return min(bads) if bads else -1


# (made and dropped once per call: kept out of the garbage collector, which it needs
# not, since it never refers to itself, and its memory reused from a free list)
@cython.no_gc
@cython.freelist(8)
cdef class Batch:
    """One batch call's arguments, checked, and the memory its kernel reads and writes.

    Made by :func:`open_batch` only; holds the buffers it reads until it is released
    (by :meth:`release`, or when it is collected).
    """

    def __dealloc__(self):
        self.release()

    cdef void release(self) noexcept:
        if self.has_cards_view:
            PyBuffer_Release(&self.cards_view)
            self.has_cards_view = False
        if self.has_out_view:
            PyBuffer_Release(&self.out_view)
            self.has_out_view = False
        PyMem_Free(self.private_rows)
        self.private_rows = NULL
        PyMem_Free(self.private_out)
        self.private_out = NULL

    cdef int read_cards(self, object cards) except -1:
        cdef Py_buffer* view = &self.cards_view
        cdef int width = self.shape.width
        cdef char code
        try:
            PyObject_GetBuffer(cards, view, PyBUF_RECORDS_RO)
        except TypeError:
            if not isinstance(cards, (list, tuple)):
                raise PedronTypeError(
                    f"cards must be a buffer ({accepted(self.shape)}), "
                    f"not {type(cards).__name__}"
                ) from None
            self.cards_copy = rows_copy(cards, self.shape)
            PyObject_GetBuffer(self.cards_copy, view, PyBUF_RECORDS_RO)
        except (ValueError, BufferError) as exc:  # e.g. numpy's datetime64: no buffer format
            raise ArrayError(f"cards must be {accepted(self.shape)}; its buffer: {exc}") from None
        self.has_cards_view = True
        code = type_code(view)
        if view.itemsize == 1 and code == b"B" and view.ndim in (1, 2):
            if view.ndim == 2 and view.shape[1] != width or (
                    view.ndim == 1 and view.shape[0] % width != 0):
                raise ArrayError(
                    f"a uint8 card array must have shape (n, {width}) or be flat, of a length "
                    f"divisible by {width}; got shape {shape_of(view)}"
                )
            self.kind = CARD_ROWS
            self.n = view.len // width
        elif view.itemsize == 8 and (code == b"Q" or code == b"L") and view.ndim == 1:
            if self.shape.no_masks != NULL:
                raise ArrayError((<bytes>self.shape.no_masks).decode("utf-8"))
            self.kind = MASK_ROWS
            self.n = view.shape[0]
        else:
            raise ArrayError(
                f"cards must be {accepted(self.shape)}; got format {format_of(view)!r}, "
                f"itemsize {view.itemsize}, shape {shape_of(view)}"
            )
        if not PyBuffer_IsContiguous(view, b"C"):
            raise ArrayError("cards must be C-contiguous (numpy.ascontiguousarray gives a copy "
                             "that is)")
        self.rows = <const uint8_t*>view.buf
        return 0

    cdef int open_out(self, object out, object cards) except -1:
        cdef Py_buffer* view = &self.out_view
        cdef int itemsize = self.shape.out_itemsize
        cdef str dtype = "uint16" if itemsize == 2 else "uint8"
        cdef char code = b"H" if itemsize == 2 else b"B"
        self.out = new_out(cards, self.n, itemsize) if out is None else out
        try:
            PyObject_GetBuffer(self.out, view, PyBUF_RECORDS_RO)
        except TypeError:
            raise PedronTypeError(
                f"out must be a writable {dtype} buffer, not {type(out).__name__}"
            ) from None
        except (ValueError, BufferError) as exc:
            raise ArrayError(f"out must be a writable {dtype} array; its buffer: {exc}") from None
        self.has_out_view = True
        if (view.readonly or view.itemsize != itemsize
                or type_code(view) != code
                or view.ndim != 1 or view.shape[0] != self.n
                or not PyBuffer_IsContiguous(view, b"C")):
            raise ArrayError(
                f"out must be a writable C-contiguous {dtype} array of length {self.n}, "
                f"shape ({self.n},); got format {format_of(view)!r}, shape {shape_of(view)}"
                + (", read-only" if view.readonly else "")
            )
        self.target = view.buf
        return 0

    cdef int separate(self) except -1:
        """Private copies where the kernel must not read or write the caller's memory
        directly: rows sharing memory with ``out`` (the strengths written would
        overwrite rows not read yet), masks not 8-byte aligned, an ``out`` not aligned
        to its item size (a C read or write of a misaligned uint64/uint16 is undefined)."""
        cdef const char* rows = <const char*>self.cards_view.buf
        cdef const char* out = <const char*>self.out_view.buf
        cdef Py_ssize_t rows_len = self.cards_view.len, out_len = self.out_view.len
        if self.n == 0:
            return 0
        if (rows < out + out_len and out < rows + rows_len) or (
                self.kind == MASK_ROWS and (<size_t>rows) % 8):
            self.private_rows = PyMem_Malloc(rows_len)
            if self.private_rows == NULL:
                raise MemoryError()
            memcpy(self.private_rows, rows, rows_len)
            self.rows = <const uint8_t*>self.private_rows
        if (<size_t>out) % self.shape.out_itemsize:
            self.private_out = PyMem_Malloc(out_len)
            if self.private_out == NULL:
                raise MemoryError()
            self.target = self.private_out
        return 0

    cdef Py_ssize_t run(self, rows_fn fn, const void* options) except -2:
        """Run ``fn`` over every row, in as many threads as asked and the rows allow;
        the first bad row (the lowest index any slice reports), or -1. The GIL is
        released (for a small batch it is kept: letting it go costs more)."""
        cdef Py_ssize_t n = self.n, bad = -1, step, i, size
        cdef Py_ssize_t nthreads = max(1, min(self.threads, n // self.shape.per_thread))
        cdef _Slice s
        if n == 0:
            return -1
        if n < SMALL_BATCH:
            bad = fn(self.rows, 0, n, self.target, options)
        elif nthreads == 1:
            with nogil:
                bad = fn(self.rows, 0, n, self.target, options)
        else:
            step = (n + nthreads - 1) // nthreads  # (rounded up: every row in a slice)
            slices = []
            for i in range(nthreads):
                s = _Slice.__new__(_Slice)
                s.fn, s.options, s.rows, s.out = fn, options, self.rows, self.target
                s.start, s.stop = i * step, min(n, (i + 1) * step)
                slices.append(s)
            bad = first_bad_in_threads(slices)
        if self.private_out != NULL:
            # the strengths found (on a bad row: the rows before it) into the caller's out
            size = (n if bad < 0 else bad) * self.shape.out_itemsize
            memcpy(self.out_view.buf, self.private_out, size)
        return bad

    cdef bytes card_row(self, Py_ssize_t i):
        """The bytes of card row ``i`` as the kernel read them."""
        cdef Py_ssize_t w = self.shape.width
        return (<const char*>self.rows)[i * w:(i + 1) * w]

    cdef uint64_t mask_row(self, Py_ssize_t i) noexcept:
        return (<const uint64_t*>self.rows)[i]


cdef Batch open_batch(object cards, object out, object threads, const BatchShape* shape):
    """The checked arguments of a batch call (see the module's docstring)."""
    cdef Batch b = Batch.__new__(Batch)
    b.shape = shape
    b.read_cards(cards)
    b.threads = threads_arg(threads)
    b.open_out(out, cards)
    b.separate()
    return b


def as_buffer(obj, str what):
    """A ``memoryview`` of ``obj``, or a pedron error naming ``what`` (for the buffers
    other functions take: the error is never a bare TypeError or ValueError)."""
    try:
        return memoryview(obj)
    except TypeError:
        raise PedronTypeError(f"{what} must be a buffer, not {type(obj).__name__}") from None
    except (ValueError, BufferError) as exc:
        raise ArrayError(f"{what}: its buffer cannot be read ({exc})") from None


# -- the vector loops -------------------------------------------------------------------

cdef pedron_block_check_fn block_check_for_this_cpu(const char** name) noexcept:
    return pedron_choose_block_check(name)


cdef pedron_rank_rows_fn rank_rows_for_this_cpu(const char** name) noexcept:
    return pedron_choose_rank_rows(name)


# -- the same for kernels called from Python ---------------------------------------------

def threads_count(threads):
    """The number of threads a ``threads`` argument asks for (an int 1..1024, or None
    for one per usable core), checked: the rule of every function that takes one."""
    return threads_arg(threads)


def rows_in_threads(fn, tuple args, Py_ssize_t n, Py_ssize_t nthreads):
    """``fn(*args, start, stop)`` over rows 0..n-1 split across ``nthreads`` threads
    (``fn`` releases the GIL), or ``fn(*args)`` for one: the first bad row any slice
    reports (the lowest index), or -1."""
    cdef Py_ssize_t step, i
    if nthreads <= 1:
        return fn(*args)
    step = (n + nthreads - 1) // nthreads  # (rounded up: every row in a slice)
    return first_bad_in_threads(
        [partial(fn, *args, i * step, min(n, (i + 1) * step)) for i in range(nthreads)]
    )
