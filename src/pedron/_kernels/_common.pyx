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
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.pythread cimport (
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_allocate_lock,
    PyThread_free_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from pedron._kernels.exact cimport int_arg

from pedron._exact import exact_int
from pedron.errors import ArrayError, PedronTypeError, PedronValueError
from pedron.text import shown

cdef extern from "pedron/_kernels/impl/portable.h":
    const int LITTLE_ENDIAN "PEDRON_LITTLE_ENDIAN"
    void* load_acquire "pedron_load_acquire"(void* const* slot) noexcept nogil
    void store_release "pedron_store_release"(void** slot, void* value) noexcept nogil

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
    # The rows of a batch one piece of work takes (about 2 ms of either game's
    # evaluation): a thread checks between pieces whether its call is stopping, the
    # caller's thread runs the signal handlers (so a Ctrl-C is seen within a piece).
    PIECE_ROWS = 1 << 18

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


# -- threads -----------------------------------------------------------------------------
#
# Every function that splits work across threads runs it through in_threads: each share
# works in pieces of bounded size (PIECE_ROWS rows of a batch: a few milliseconds) and
# stops at the next piece once the call is stopping; the caller's own share also runs
# the signal handlers between its pieces (a Ctrl-C raises KeyboardInterrupt there). No
# exception leaves in_threads before every share that began has returned and every
# thread started has ended: the memory the shares use (the caller's arrays, a kernel's
# options on the caller's stack) is the caller's to free only then.


@cython.final
cdef class Shares:
    """What the threads of one :func:`in_threads` call share: a stop flag every share
    reads between its pieces, and which shares have begun (a thread begins its share
    only while the call is open, so the caller knows which ones to wait for)."""

    cdef void* stopped              # non-NULL once set: every share stops at its next piece
    cdef PyThread_type_lock lock    # guards closed and begun (held without Python code)
    cdef bint closed                # no share begins any more
    cdef list begun                 # per share: True once it began
    cdef list done                  # per thread's share: a lock released when it has ended
    cdef list results
    cdef list errors                # what any share raised, first first

    def __cinit__(self, Py_ssize_t count):
        self.lock = PyThread_allocate_lock()
        if self.lock == NULL:
            raise MemoryError("cannot allocate a lock")
        self.begun = [False] * count
        self.done = [None] * count
        self.results = [None] * count
        self.errors = []

    def __dealloc__(self):
        if self.lock != NULL:
            PyThread_free_lock(self.lock)

    cdef inline void* const* flag(self) noexcept:
        return &self.stopped

    cdef void stop(self) noexcept:
        store_release(&self.stopped, <void*>self)  # (any pointer but NULL)

    def stopping(self, bint caller):
        """True once the call is stopping (a share then returns at once). In the
        caller's thread the signal handlers run first: a KeyboardInterrupt raises here."""
        if caller:
            PyErr_CheckSignals()  # (its handler's exception, if any, raises here)
        return load_acquire(&self.stopped) != NULL

    cdef bint begin(self, Py_ssize_t i) noexcept:
        cdef bint ok
        PyThread_acquire_lock(self.lock, WAIT_LOCK)  # (its holders run no Python code)
        ok = not self.closed
        if ok:
            self.begun[i] = True
        PyThread_release_lock(self.lock)
        return ok

    cdef bint never_begins(self, Py_ssize_t i) noexcept:
        """Whether share ``i`` has not begun and never will (the call closed first)."""
        cdef bint never
        PyThread_acquire_lock(self.lock, WAIT_LOCK)
        never = self.closed and not self.begun[i]
        PyThread_release_lock(self.lock)
        return never

    cdef void close(self) noexcept:
        self.stop()
        PyThread_acquire_lock(self.lock, WAIT_LOCK)
        self.closed = True
        PyThread_release_lock(self.lock)

    def _share(self, call, Py_ssize_t i):
        """A thread's share: ``call(self, False)``, unless the call has closed first."""
        done = self.done[i]
        if not self.begin(i):
            return
        try:
            self.results[i] = call(self, False)
        except BaseException as exc:  # (raised in the caller's thread)
            self.errors.append(exc)
            self.stop()
        finally:
            done.release()  # (the last thing this thread does with the call's memory)


cdef void wait_for_share(Py_ssize_t i, Shares shares):
    """Wait until share ``i`` (of a thread started) has ended, or is known never to begin
    (the call closed first), however often a signal interrupts the wait: each exception
    is kept, and closes the call."""
    while not shares.never_begins(i):
        try:
            shares.done[i].acquire()  # (in compiled code: if it raises, it took nothing)
            return
        except BaseException as exc:
            shares.errors.append(exc)
            shares.close()


cdef void join(object thread, Shares shares):
    """Join ``thread`` however often a signal interrupts the join (each exception kept)."""
    while True:
        try:
            thread.join()
            return
        except BaseException as exc:
            shares.errors.append(exc)
            shares.close()


cdef void join_doubtful(object thread, Shares shares):
    """Join a thread whose ``start()`` raised (a signal's exception while it started).
    Made before the exception, it runs and ends at once (the call is closed: it begins
    no share); never made, it never runs. Only the thread can tell which: it has an
    ``ident`` once it runs, so wait for one (at most about two seconds, a thread made
    that late touches nothing but ``shares``, which it holds), then join it once it is
    marked started (``join`` refuses a thread not yet so, with a RuntimeError)."""
    import time

    cdef int waits = 0
    while True:
        try:
            if thread.ident is None and waits < 2000:
                waits += 1
                time.sleep(0.001)
                continue
            try:
                thread.join()
                return
            except RuntimeError:  # (made, not marked started yet; or never made)
                pass
            if thread.ident is None:
                return
            time.sleep(0.001)
        except BaseException as exc:
            shares.errors.append(exc)
            shares.close()


def in_threads(list calls, str name):
    """``calls[i](shares, i == 0)`` for every ``i``: the first in this thread, the others
    each in a thread of its own, named ``f"{name}-{i}"``; their results, in order.

    A call works in pieces of bounded size and returns early once
    ``shares.stopping(caller)`` is true (which, in the caller's thread, also runs the
    signal handlers). Whatever happens (a call raising, a KeyboardInterrupt or another
    exception from a signal handler, a thread that cannot start), every share that began
    is waited for and every thread started is joined, a wait or join interrupted by a
    signal being taken up again; the first exception is raised only then.
    """
    import threading

    cdef Shares shares = Shares(len(calls))
    cdef Py_ssize_t i
    started = []  # the threads whose start() returned
    doubtful = None  # a thread whose start() raised: it may have started
    try:
        for i in range(1, len(calls)):
            done = threading.Lock()
            done.acquire()
            shares.done[i] = done
            thread = threading.Thread(target=shares._share, args=(calls[i], i),
                                      name=f"{name}-{i}")
            doubtful = thread
            thread.start()
            doubtful = None
            started.append((i, thread))
        shares.results[0] = calls[0](shares, True)
    except BaseException as exc:
        shares.errors.append(exc)
    if shares.errors:
        shares.close()  # (from here no share begins: those that began are waited for)
    for i, thread in started:
        wait_for_share(i, shares)
    for i, thread in started:
        join(thread, shares)
    if doubtful is not None:
        join_doubtful(doubtful, shares)
    if shares.errors:
        raise shares.errors[0]
    return shares.results


cdef Py_ssize_t rows_in_pieces(rows_fn fn, const uint8_t* rows, void* out,
                               const void* options, Py_ssize_t start, Py_ssize_t stop,
                               Shares shares, bint caller) except -2:
    """``fn`` over rows start..stop-1, PIECE_ROWS at a time: the first bad row, or -1 (also
    when the call stopped first). In the caller's thread the signal handlers run between
    pieces; a thread of its own runs every piece without the GIL."""
    cdef Py_ssize_t end, bad = -1
    cdef void* const* stopped = NULL if shares is None else shares.flag()
    if caller:
        while start < stop:
            end = min(stop, start + PIECE_ROWS)
            with nogil:
                bad = fn(rows, start, end, out, options)
            if bad >= 0:
                return bad
            start = end
            if start < stop:
                PyErr_CheckSignals()  # (a handler's exception raises here)
            if stopped != NULL and load_acquire(stopped) != NULL:
                return -1
        return -1
    with nogil:
        while start < stop and load_acquire(stopped) == NULL:
            end = min(stop, start + PIECE_ROWS)
            bad = fn(rows, start, end, out, options)
            if bad >= 0:
                break
            start = end
    return bad


cdef class _Slice:
    """Rows start..stop-1 of a batch, a share of :func:`in_threads`."""

    cdef rows_fn fn
    cdef const void* options
    cdef const uint8_t* rows
    cdef void* out
    cdef Py_ssize_t start, stop

    def __call__(self, Shares shares, bint caller):
        return rows_in_pieces(self.fn, self.rows, self.out, self.options, self.start,
                              self.stop, shares, caller)


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
            bad = rows_in_pieces(fn, self.rows, self.target, options, 0, n, None, True)
        else:
            step = (n + nthreads - 1) // nthreads  # (rounded up: every row in a slice)
            slices = []
            for i in range(nthreads):
                s = _Slice.__new__(_Slice)
                s.fn, s.options, s.rows, s.out = fn, options, self.rows, self.target
                s.start, s.stop = i * step, min(n, (i + 1) * step)
                slices.append(s)
            bads = [r for r in in_threads(slices, "pedron-batch") if r >= 0]
            bad = min(bads) if bads else -1
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


def rows_in_threads(fn, tuple args, Py_ssize_t n, Py_ssize_t nthreads,
                    Py_ssize_t piece=PIECE_ROWS):
    """``fn(*args, start, stop)`` over rows 0..n-1 (``fn`` releases the GIL), ``piece``
    rows a call at most, split across ``nthreads`` threads (:func:`in_threads`: a
    Ctrl-C stops every thread at its next piece): the first bad row any slice reports
    (the lowest index), or -1."""
    cdef Py_ssize_t step, i
    if piece < 1:
        raise PedronValueError(f"piece must be at least 1, got {piece}")
    if nthreads <= 1:
        return python_rows(fn, args, 0, n, piece, None, True)
    step = (n + nthreads - 1) // nthreads  # (rounded up: every row in a slice)
    shares = [partial(python_rows, fn, args, i * step, min(n, (i + 1) * step), piece)
              for i in range(nthreads)]
    bads = [r for r in in_threads(shares, "pedron-rows") if r >= 0]
    return min(bads) if bads else -1


def python_rows(fn, tuple args, Py_ssize_t start, Py_ssize_t stop, Py_ssize_t piece,
                Shares shares, bint caller):
    """One share of :func:`rows_in_threads`: its first bad row, or -1."""
    cdef Py_ssize_t end
    while start < stop:
        end = min(stop, start + piece)
        bad = fn(*args, start, end)
        if bad >= 0:
            return bad
        start = end
        if start < stop:
            if shares is None:
                if caller:
                    PyErr_CheckSignals()
            elif shares.stopping(caller):
                return -1
    return -1
