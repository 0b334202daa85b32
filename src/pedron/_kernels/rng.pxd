# Seedable pseudo-random generator shared by every kernel that shuffles or deals.
#
# Stream (version 1, a compatibility promise pinned by known-answer tests):
#   * core generator: xoshiro256** 1.0, state expanded from a 64-bit seed with SplitMix64;
#   * 32-bit outputs: the low half, then the high half, of one 64-bit output;
#   * bounded integers in [0, n): Lemire's nearly divisionless method on 32-bit outputs;
#   * shuffles: Fisher-Yates from the last position down, j = bounded(i + 1).
from cpython.pythread cimport (
    NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_get_thread_ident,
    PyThread_release_lock, PyThread_type_lock,
)
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef struct rng_state:
    uint64_t s[4]
    uint32_t spare        # buffered high half of the last 64-bit output
    int has_spare

cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))

cdef inline uint64_t next_u64(rng_state* st) noexcept nogil:
    cdef uint64_t* s = st.s
    cdef uint64_t result = rotl(s[1] * 5, 7) * 9
    cdef uint64_t t = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result

cdef inline uint32_t next_u32(rng_state* st) noexcept nogil:
    cdef uint64_t x
    if st.has_spare:
        st.has_spare = 0
        return st.spare
    x = next_u64(st)
    st.spare = <uint32_t>(x >> 32)
    st.has_spare = 1
    return <uint32_t>x

cdef inline uint32_t bounded_u32(rng_state* st, uint32_t n) noexcept nogil:
    # Lemire (2019), "Fast random integer generation in an interval"; n >= 1.
    cdef uint64_t m = <uint64_t>next_u32(st) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(0 - n)) % n
        while low < threshold:
            m = <uint64_t>next_u32(st) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)

cdef inline void shuffle_u8(rng_state* st, uint8_t* a, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i, j
    cdef uint8_t t
    i = n - 1
    while i > 0:
        j = bounded_u32(st, <uint32_t>(i + 1))
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i -= 1

cdef void seed_state(rng_state* st, uint64_t seed) noexcept nogil

# A state as the plain data Generator.getstate() gives (for a copy taken under the lock).
cdef dict state_json(const rng_state* st)

# -- locks a forked child renews -------------------------------------------------------
# A child forked (os.fork) while another thread held a lock inherits it held, by a
# thread the child does not have: its first wait would never end. The fork generation
# counts the forks from the process that imported pedron to this one (an os.register_at_fork
# hook adds one in the child); a fork_lock made in an earlier generation is replaced by
# a new lock at its first use in a later one (the old one is left as it was: it may be
# held, and is not ours to free). Every holder of a fork_lock runs no Python code while
# holding it (so the forking thread itself never holds one).
cdef struct fork_lock:
    PyThread_type_lock lock
    unsigned long generation      # the fork generation that made ``lock``

cdef unsigned long fork_generation() noexcept nogil
cdef int fork_lock_init(fork_lock* f) except -1
cdef PyThread_type_lock fork_lock_renew(fork_lock* f) except NULL
cdef void fork_lock_free(fork_lock* f) noexcept

# The lock, a new one if it was made before a fork (called with the GIL).
cdef inline PyThread_type_lock fork_lock_get(fork_lock* f) except NULL:
    if f.generation != fork_generation():
        return fork_lock_renew(f)
    return f.lock

cdef class Generator:
    # Written only with the GIL held (a batch draws into a copy, without the GIL, and
    # writes it back): a child forked by another thread sees a whole state.
    cdef rng_state state
    cdef readonly object seed
    # Held by whoever advances ``state``: batch kernels advance it without the
    # GIL, so another thread could otherwise read or write it at the same time.
    cdef fork_lock _lock
    # The thread dealing a batch under the lock (deal_batch checks for signals between
    # its pieces with the lock held: a handler in that thread drawing from this
    # generator is refused, not left waiting for ever); 0 when none.
    cdef unsigned long _dealer

cdef int refuse_reentry() except -1
# Take the generator's lock (waiting without the GIL if another thread holds it)
# and return its state; every caller pairs it with unlock_state, in a finally
# where Python code can run between the two.
cdef inline rng_state* lock_state(Generator g) except NULL:
    cdef PyThread_type_lock lock = fork_lock_get(&g._lock)
    if not PyThread_acquire_lock(lock, NOWAIT_LOCK):
        if g._dealer != 0 and g._dealer == PyThread_get_thread_ident():
            refuse_reentry()
        with nogil:
            PyThread_acquire_lock(lock, WAIT_LOCK)
    return &g.state

cdef inline void unlock_state(Generator g) noexcept:
    PyThread_release_lock(g._lock.lock)
