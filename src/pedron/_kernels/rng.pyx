"""Seedable generator: xoshiro256** seeded through SplitMix64 (stream version 1).

The generator state lives in each :class:`Generator` object; nothing random is
held at module level. See ``rng.pxd`` for the exact definition of the stream.
"""

import os

from libc.stdint cimport uint8_t, uint32_t, uint64_t

from pedron.errors import PedronTypeError, SeedError

STREAM_VERSION = 1
ALGORITHM = "xoshiro256**"
_U64 = (1 << 64) - 1


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
    # numpy is optional: only look it up when a non-pedron source is given.
    try:
        import numpy
    except ImportError:
        return None
    return numpy.random.Generator


cdef class Generator:
    """A seedable xoshiro256** generator with a stable, versioned stream.

    ``Generator(seed)`` accepts a non-negative int below 2**64, ``None`` for OS
    entropy, another pedron :class:`Generator` (a child is split off it) or a
    ``numpy.random.Generator`` (its next four 64-bit words become the state).
    The same integer seed gives the same stream on every platform and every
    pedron release with ``STREAM_VERSION == 1``.
    """

    def __cinit__(self, seed=None):
        cdef uint64_t words[4]
        cdef int i
        self.seed = None
        if seed is None:
            self._set_words(list(int.from_bytes(os.urandom(8), "little") for _ in range(4)))
            return
        if isinstance(seed, Generator):
            parent = <Generator>seed
            self._set_words([next_u64(&parent.state) for _ in range(4)])
            return
        if isinstance(seed, bool) or not isinstance(seed, int):
            np_gen = _numpy_generator_type()
            if np_gen is not None and isinstance(seed, np_gen):
                import numpy
                raw = seed.integers(0, 1 << 64, size=4, dtype=numpy.uint64, endpoint=False)
                self._set_words([int(v) for v in raw])
                return
            raise PedronTypeError(
                f"seed must be an int, None, a pedron Generator or a numpy Generator, "
                f"not {type(seed).__name__}"
            )
        if seed < 0 or seed > _U64:
            raise SeedError(f"seed must be in 0..2**64-1, got {seed}")
        seed_state(&self.state, <uint64_t>seed)
        self.seed = int(seed)

    def _set_words(self, words):
        if not any(words):
            words = [1, 0, 0, 0]  # the all-zero state is a fixed point of xoshiro
        for i in range(4):
            self.state.s[i] = <uint64_t>words[i]
        self.state.spare = 0
        self.state.has_spare = 0

    def random_raw(self, size=None):
        """The next 64-bit output, or a list of ``size`` of them."""
        if size is None:
            return next_u64(&self.state)
        if isinstance(size, bool) or not isinstance(size, int):
            raise PedronTypeError(f"size must be an int, not {type(size).__name__}")
        if size < 0:
            raise SeedError(f"size must be >= 0, got {size}")
        return [next_u64(&self.state) for _ in range(size)]

    def next_u32(self):
        """The next 32-bit output (low half, then high half, of each 64-bit output)."""
        return next_u32(&self.state)

    def integers(self, n):
        """An unbiased integer in ``[0, n)`` for ``1 <= n <= 2**32`` (Lemire's method)."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise PedronTypeError(f"n must be an int, not {type(n).__name__}")
        if n < 1 or n > (1 << 32):
            raise SeedError(f"n must be in 1..2**32, got {n}")
        if n == (1 << 32):
            return next_u32(&self.state)
        return bounded_u32(&self.state, <uint32_t>n)

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates, from the last position down)."""
        cdef Py_ssize_t i, j
        if not isinstance(items, list):
            raise PedronTypeError(f"shuffle takes a list, not {type(items).__name__}")
        i = len(items) - 1
        if i >= (1 << 32):
            raise SeedError("list too long to shuffle")
        while i > 0:
            j = bounded_u32(&self.state, <uint32_t>(i + 1))
            items[i], items[j] = items[j], items[i]
            i -= 1

    def getstate(self):
        """The full state as a plain dict (for saving); restore with :meth:`setstate`."""
        return {
            "algorithm": ALGORITHM,
            "version": STREAM_VERSION,
            "s": [int(self.state.s[i]) for i in range(4)],
            "spare": int(self.state.spare) if self.state.has_spare else None,
        }

    def setstate(self, state):
        """Restore a state returned by :meth:`getstate`, checking it thoroughly."""
        if not isinstance(state, dict):
            raise PedronTypeError(f"state must be a dict, not {type(state).__name__}")
        if state.get("algorithm") != ALGORITHM or state.get("version") != STREAM_VERSION:
            raise SeedError(
                f"unsupported generator state {state.get('algorithm')!r} "
                f"version {state.get('version')!r}"
            )
        words = state.get("s")
        spare = state.get("spare")
        if isinstance(words, list):
            words = tuple(words)  # the checks below may run Python code (int subclasses)
        if (
            not isinstance(words, (list, tuple))
            or len(words) != 4
            or not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= _U64
                       for w in words)
            or not any(words)
        ):
            raise SeedError("state 's' must be four 64-bit ints, not all zero")
        if spare is not None and (
            not isinstance(spare, int) or isinstance(spare, bool) or not 0 <= spare < (1 << 32)
        ):
            raise SeedError("state 'spare' must be None or a 32-bit int")
        for i in range(4):
            self.state.s[i] = <uint64_t>words[i]
        self.state.has_spare = spare is not None
        self.state.spare = spare if spare is not None else 0

    def jump(self):
        """Advance by 2**128 outputs (xoshiro256** jump): a non-overlapping substream."""
        cdef uint64_t JUMP[4]
        JUMP[:] = [0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C,
                   0xA9582618E03FC9AA, 0x39ABDC4529B1661C]
        cdef uint64_t t[4]
        cdef int i, b
        t[:] = [0, 0, 0, 0]
        for i in range(4):
            for b in range(64):
                if JUMP[i] & (1ULL << b):
                    t[0] ^= self.state.s[0]
                    t[1] ^= self.state.s[1]
                    t[2] ^= self.state.s[2]
                    t[3] ^= self.state.s[3]
                next_u64(&self.state)
        for i in range(4):
            self.state.s[i] = t[i]
        self.state.has_spare = 0

    def copy(self):
        """An independent generator in the same state."""
        cdef Generator other = Generator.__new__(Generator, 0)
        other.state = self.state
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
