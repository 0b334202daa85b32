# cython: freethreading_compatible = True
"""Seedable generator: xoshiro256** seeded through SplitMix64 (stream version 1).

The generator state lives in each :class:`Generator` object; nothing random is
held at module level. See ``rng.pxd`` for the exact definition of the stream.
"""

import os

from cpython.pythread cimport (
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_allocate_lock,
    PyThread_free_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from pedron._exact import exact_int
from pedron._machine import memory_bytes
from pedron.errors import PedronTypeError, SeedError
from pedron.text import shown

cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX

STREAM_VERSION = 1
ALGORITHM = "xoshiro256**"
_U64 = (1 << 64) - 1
# The memory one number of random_raw(size) takes: its 8 bytes drawn, then a list
# slot (8 bytes) and an int object (32 bytes).
_BYTES_PER_NUMBER = 48


# -- fork generations (see rng.pxd) ------------------------------------------------------
# The only module-level state here: how many forks separate this process from the one that
# imported pedron, and the lock under which a fork_lock is renewed (a new one in every child,
# which starts with one thread). Both are written by the fork hook only, in a child that
# has one thread.
cdef unsigned long FORK_GENERATION = 0
cdef PyThread_type_lock RENEWING = PyThread_allocate_lock()
if RENEWING == NULL:
    raise MemoryError("cannot allocate a lock")


def _after_fork_in_child():
    """os.register_at_fork hook: the child's locks made before the fork are renewed at
    their first use (the old RENEWING is left as it was, like them)."""
    global FORK_GENERATION, RENEWING
    cdef PyThread_type_lock fresh = PyThread_allocate_lock()
    if fresh == NULL:  # (the child cannot renew its locks: it stops, as it must not hang)
        raise MemoryError("cannot allocate a lock in the forked child")
    RENEWING = fresh
    FORK_GENERATION += 1


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


cdef unsigned long fork_generation() noexcept nogil:
    return FORK_GENERATION


cdef int fork_lock_init(fork_lock* f) except -1:
    f.generation = FORK_GENERATION
    f.lock = PyThread_allocate_lock()
    if f.lock == NULL:
        raise MemoryError("cannot allocate a lock")
    return 0


cdef PyThread_type_lock fork_lock_renew(fork_lock* f) except NULL:
    cdef PyThread_type_lock fresh = NULL
    PyThread_acquire_lock(RENEWING, WAIT_LOCK)  # (its holders run no Python code)
    if f.generation != FORK_GENERATION:
        fresh = PyThread_allocate_lock()
        if fresh != NULL:
            f.lock = fresh  # (the old lock is left as it was: it may be held)
            f.generation = FORK_GENERATION
    PyThread_release_lock(RENEWING)
    if f.generation != FORK_GENERATION:
        raise MemoryError("cannot allocate a lock")
    return f.lock


cdef void fork_lock_free(fork_lock* f) noexcept:
    if f.lock != NULL and f.generation == FORK_GENERATION:  # (an inherited one stays)
        PyThread_free_lock(f.lock)
    f.lock = NULL


cdef int refuse_reentry() except -1:
    raise SeedError("this generator is dealing a batch in this thread (deal_batch, "
                    "interrupted by a signal handler): draw from another generator")


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef void seed_state(rng_state* st, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    cdef int i
    for i in range(4):
        st.s[i] = splitmix64(&x)
    st.spare = 0
    st.has_spare = 0


cdef object _numpy_generator_type():
    # (numpy is imported only when a non-pedron source is given: not on every seed)
    try:
        import numpy
    except ImportError:
        return None
    return numpy.random.Generator


cdef void set_words(rng_state* st, uint64_t* words) noexcept nogil:
    # The all-zero state is a fixed point of xoshiro: it never comes out of
    # SplitMix or a checked setstate, but OS entropy or a numpy source could give it.
    cdef int i
    if words[0] == 0 and words[1] == 0 and words[2] == 0 and words[3] == 0:
        words[0] = 1
    for i in range(4):
        st.s[i] = words[i]
    st.spare = 0
    st.has_spare = 0


cdef int set_words_from(rng_state* st, object values) except -1:
    # Four exact ints below 2**64 (made by pedron itself, never a caller's objects).
    cdef uint64_t words[4]
    cdef int i
    for i in range(4):
        words[i] = <uint64_t>values[i]
    set_words(st, words)
    return 0


cdef dict state_json(const rng_state* st):
    return {
        "algorithm": ALGORITHM,
        "version": STREAM_VERSION,
        "s": [int(st.s[i]) for i in range(4)],
        "spare": int(st.spare) if st.has_spare else None,
    }


cdef class Generator:
    """Generator(seed=None)
--

A seedable xoshiro256** generator with a stable, versioned stream.

    ``Generator(seed)`` accepts a non-negative int below 2**64, ``None`` for OS
    entropy, another pedron :class:`Generator` (a child is split off it) or a
    ``numpy.random.Generator`` (its next four 64-bit words become the state).
    The same integer seed gives the same stream on every platform and every
    pedron release with ``STREAM_VERSION == 1``.

    Sharing one generator between threads is safe: every call that advances
    it holds the generator's lock, also while a batch kernel works without the
    GIL (the order in which threads draw is then up to the scheduler).
    """

    def __cinit__(self, seed=None):
        cdef uint64_t words[4]
        cdef rng_state* st
        cdef int i
        fork_lock_init(&self._lock)
        self.seed = None
        if seed is None:
            set_words_from(&self.state, [int.from_bytes(os.urandom(8), "little")
                                         for _ in range(4)])
            return
        if isinstance(seed, Generator):
            parent = <Generator>seed
            st = lock_state(parent)
            for i in range(4):
                words[i] = next_u64(st)
            unlock_state(parent)
            set_words(&self.state, words)
            return
        if not isinstance(seed, int) or isinstance(seed, bool):
            np_gen = _numpy_generator_type()
            if np_gen is not None and isinstance(seed, np_gen):
                import numpy
                raw = seed.integers(0, 1 << 64, size=4, dtype=numpy.uint64, endpoint=False)
                set_words_from(&self.state, [int(v) for v in raw])
                return
            if isinstance(seed, bool) or getattr(type(seed), "__index__", None) is None:
                raise PedronTypeError(
                    f"seed must be an int, None, a pedron Generator or a numpy Generator, "
                    f"not {type(seed).__name__}"
                )
        seed = exact_int(seed, "seed")  # check the exact value, not the object
        if seed < 0 or seed > _U64:
            raise SeedError(f"seed must be in 0..2**64-1, got {shown(seed)}")
        seed_state(&self.state, <uint64_t>seed)
        self.seed = seed

    def __dealloc__(self):
        fork_lock_free(&self._lock)

    def random_raw(self, size=None):
        """The next 64-bit output, or a list of ``size`` of them."""
        cdef rng_state* st
        cdef Py_ssize_t i, n
        if size is not None:
            size = exact_int(size, "size")
            if size < 0:
                raise SeedError(f"size must be >= 0, got {size}")
            if size > PY_SSIZE_T_MAX // 8:
                raise SeedError(f"size is too large: {size}")
            if size * _BYTES_PER_NUMBER > memory_bytes():  # (checked before any is drawn)
                raise SeedError(f"size {size:,}: {size:,} numbers take more than this "
                                f"machine's memory ({memory_bytes():,} bytes)")
        cdef uint64_t x
        cdef uint64_t* buf
        if size is None:
            st = lock_state(self)
            x = next_u64(st)
            unlock_state(self)
            return x
        # Draw into C memory with the lock held, build Python ints after: no
        # Python code (a finaliser run by the allocator) may run under the lock.
        n = size
        buf = <uint64_t*>malloc(max(n, 1) * sizeof(uint64_t))
        if buf == NULL:
            raise MemoryError(f"cannot draw {n} numbers")
        try:
            st = lock_state(self)
            for i in range(n):
                buf[i] = next_u64(st)
            unlock_state(self)
            return [buf[i] for i in range(n)]
        finally:
            free(buf)

    def next_u32(self):
        """The next 32-bit output (low half, then high half, of each 64-bit output)."""
        cdef rng_state* st = lock_state(self)
        cdef uint32_t x = next_u32(st)
        unlock_state(self)
        return x

    def integers(self, n):
        """An unbiased integer in ``[0, n)`` for ``1 <= n <= 2**32`` (Lemire's method)."""
        cdef rng_state* st
        cdef uint32_t x
        n = exact_int(n, "n")
        if n < 1 or n > (1 << 32):
            raise SeedError(f"n must be in 1..2**32, got {shown(n)}")
        st = lock_state(self)
        x = next_u32(st) if n == (1 << 32) else bounded_u32(st, <uint32_t>n)
        unlock_state(self)
        return x

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates, from the last position down)."""
        cdef Py_ssize_t i, j
        cdef rng_state* st
        if not isinstance(items, list):
            raise PedronTypeError(f"shuffle takes a list, not {type(items).__name__}")
        i = list.__len__(items) - 1  # the list's own length, whatever a subclass says
        if i >= (1 << 32):
            raise SeedError("list too long to shuffle")
        if i <= 0:
            return
        # Draw every position first, into C memory: swapping runs the items'
        # Python code (a subclass's __setitem__), never with the lock held.
        cdef uint32_t* draws = <uint32_t*>malloc(i * sizeof(uint32_t))
        cdef Py_ssize_t k, n = i
        if draws == NULL:
            raise MemoryError("cannot shuffle a list this long")
        try:
            st = lock_state(self)
            for k in range(n):
                draws[k] = bounded_u32(st, <uint32_t>(n - k + 1))
            unlock_state(self)
            for k in range(n):
                j = draws[k]
                items[i], items[j] = items[j], items[i]
                i -= 1
        finally:
            free(draws)

    def getstate(self):
        """The full state as a plain dict (for saving); restore with :meth:`setstate`."""
        cdef rng_state copy = lock_state(self)[0]
        unlock_state(self)
        return state_json(&copy)

    def setstate(self, state):
        """Restore a state returned by :meth:`getstate`, checking it thoroughly.

        Everything is checked before anything is written: a refused state
        leaves the generator as it was.
        """
        cdef uint64_t words[4]
        cdef rng_state* st
        cdef int i
        if not isinstance(state, dict):
            raise PedronTypeError(f"state must be a dict, not {type(state).__name__}")
        state = dict.copy(state)  # a dict subclass could answer get() twice differently
        algorithm, version = state.get("algorithm"), state.get("version")
        # (exact types first: an array compared with == has no single truth)
        if (type(algorithm) is not str or algorithm != ALGORITHM
                or type(version) is not int or version != STREAM_VERSION):
            raise SeedError(
                f"unsupported generator state {algorithm!r} version {version!r}"
            )
        raw = state.get("s")
        spare = state.get("spare")
        if not isinstance(raw, (list, tuple)) or len(raw) != 4:
            raise SeedError("state 's' must be four 64-bit ints, not all zero")
        try:
            values = [exact_int(w, "a state word", SeedError) for w in tuple(raw)]
            if spare is not None:
                spare = exact_int(spare, "state 'spare'", SeedError)
        except SeedError:
            raise SeedError("state 's' must be four 64-bit ints and 'spare' None or "
                            "a 32-bit int") from None
        if len(values) != 4 or not all(0 <= w <= _U64 for w in values) or not any(values):
            raise SeedError("state 's' must be four 64-bit ints, not all zero")
        if spare is not None and not 0 <= spare < (1 << 32):
            raise SeedError("state 'spare' must be None or a 32-bit int")
        for i in range(4):
            words[i] = <uint64_t>values[i]
        st = lock_state(self)
        for i in range(4):
            st.s[i] = words[i]
        st.has_spare = spare is not None
        st.spare = <uint32_t>(spare if spare is not None else 0)
        unlock_state(self)

    def jump(self):
        """Advance by 2**128 outputs (xoshiro256** jump): a non-overlapping substream."""
        cdef uint64_t JUMP[4]
        JUMP[:] = [0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C,
                   0xA9582618E03FC9AA, 0x39ABDC4529B1661C]
        cdef uint64_t t[4]
        cdef int i, b
        cdef rng_state* st
        t[:] = [0, 0, 0, 0]
        st = lock_state(self)
        for i in range(4):
            for b in range(64):
                if JUMP[i] & (1ULL << b):
                    t[0] ^= st.s[0]
                    t[1] ^= st.s[1]
                    t[2] ^= st.s[2]
                    t[3] ^= st.s[3]
                next_u64(st)
        for i in range(4):
            st.s[i] = t[i]
        st.has_spare = 0
        unlock_state(self)

    def copy(self):
        """An independent generator in the same state."""
        cdef Generator other = Generator.__new__(Generator, 0)
        lock_state(self)
        other.state = self.state
        unlock_state(self)
        other.seed = self.seed
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (_restore, (self.seed, self.getstate()))

    def __repr__(self):
        # Deliberately shows the seed only, never the state.
        if self.seed is None:
            return "Generator(seed=None)"
        return f"Generator(seed={self.seed})"


def _restore(seed, state):
    g = Generator(0)
    g.setstate(state)
    g.seed = seed
    return g


def as_generator(source=None):
    """``source`` if it is a pedron Generator, else a new one seeded from it."""
    if isinstance(source, Generator):
        return source
    return Generator(source)
