# cython: language_level=3
"""Counterfactual regret minimisation (CFR+) over a compact two-player tree, compiled.

The tree is *public*: a node is what both players have seen (the moves so far,
ranks revealed included); each player's private hand is one of ``H`` hands, and
every quantity at a node is a vector over hands (vector-form CFR). An
information set is therefore a node and a hand of the player to act, except at
*shared* nodes (before the deal: one information set for every hand). A child
edge may carry a rank (a reveal): it is then legal only for hands holding that
rank.

:class:`CfrTree` holds the arrays (built by :mod:`pedron.diamondback.solver.tree`, checked
here once) and runs the iterations with the GIL released. Nothing is kept at
module level: every buffer belongs to its tree.

Terminal payoffs are ``u[terminal, player, outcome]`` with ``outcome`` read
from ``outcome[h0, h1]`` (0: player 0's hand wins, 1: player 1's, 2: equal);
a fold's three entries are equal. ``chance[h0, h1]`` is the probability that
the hands are dealt (card removal included).
"""

import numpy as np

from pedron.errors import PedronValueError

cimport cython
from libc.stdlib cimport free, malloc
from libc.string cimport memset

cdef enum:
    NH = 14       # hands per player (the 14 two-rank hands)
    NRANK = 5
    TERMINAL = 0
    DECISION = 1
    SHARED = 2    # a decision before the deal: one strategy for every hand

cdef enum Mode:
    UPDATE = 0    # a CFR+ iteration for the walking player
    AVERAGE = 1   # the value of the average strategies
    BEST = 2      # the walking player's best response to the other's average strategy


cdef struct Ctx:
    const signed char* kind
    const signed char* player
    const int* first
    const int* count
    const long long* slot
    const int* term
    const int* child
    const signed char* rank
    const double* u
    const unsigned short* mask  # mask[2 * node + p]: bit h set when p can hold hand h there
    double* chance[2]          # chance[p][h * NH + o]: p's hand h, the other's o
    signed char* outcome[2]    # outcome[p][h * NH + o]: 0 seat 0 wins, 1 seat 1, 2 equal
    unsigned char has[NH][NRANK]
    double* regret
    double* total
    double* pool
    int stride
    int kmax
    double weight     # this iteration's weight in the average strategy
    double keep_pos   # DCFR: the factor positive regrets keep from the last iteration
    double keep_neg   # (CFR+ keeps them all and clamps at 0: keep_neg < 0 says so)


cdef inline bint _legal(Ctx* c, int edge, int h) noexcept nogil:
    cdef int r = c.rank[edge]
    return r < 0 or c.has[h][r]


cdef inline double _regret(Ctx* c, double old, double gain) noexcept nogil:
    """The regret after this iteration: CFR+ clamps the sum at 0; DCFR first discounts
    the old regret (positive and negative by their own factors)."""
    cdef double x
    if c.keep_neg < 0.0:
        x = old + gain
        return x if x > 0.0 else 0.0
    return old * (c.keep_pos if old > 0.0 else c.keep_neg) + gain


cdef void _strategy(Ctx* c, int node, const double* table, bint plus, double* sigma
                    ) noexcept nogil:
    """sigma[h * k + a]: regret matching (``plus``: of ``table``'s positive part) or the
    normalised average; uniform over the legal actions where all are zero."""
    cdef int k = c.count[node], e0 = c.first[node], h, a, legal
    cdef long long base = c.slot[node]
    cdef double s, x
    cdef const double* row
    cdef unsigned short held = c.mask[2 * node + c.player[node]]
    if c.kind[node] == SHARED:
        s = 0.0
        for a in range(k):
            x = table[base + a]
            if x > 0.0:
                s += x
        for a in range(k):
            x = table[base + a]
            sigma[a] = (x if x > 0.0 else 0.0) / s if s > 0.0 else 1.0 / k
        for h in range(1, NH):
            for a in range(k):
                sigma[h * k + a] = sigma[a]
        return
    for h in range(NH):
        if not (held >> h) & 1:  # (a hand he cannot hold here: no strategy)
            for a in range(k):
                sigma[h * k + a] = 0.0
            continue
        row = table + base + h * k
        s = 0.0
        legal = 0
        for a in range(k):
            if _legal(c, e0 + a, h):
                legal += 1
                x = row[a]
                if x > 0.0:
                    s += x
        for a in range(k):
            if not _legal(c, e0 + a, h):
                sigma[h * k + a] = 0.0
            elif s > 0.0:
                x = row[a]
                sigma[h * k + a] = (x if x > 0.0 else 0.0) / s
            else:
                sigma[h * k + a] = 1.0 / legal


cdef void _terminal(Ctx* c, int node, int p, const double* ro, double* out) noexcept nogil:
    cdef int t = c.term[node], h, o, n = 0
    cdef int nz[NH]
    cdef const double* u = c.u + t * 6 + p * 3
    cdef double* ch = c.chance[p]
    cdef signed char* oc = c.outcome[p]
    cdef double acc, win = u[0], lose = u[1], tie = u[2]
    cdef unsigned short held = c.mask[2 * node + p]
    for o in range(NH):
        if ro[o] != 0.0:
            nz[n] = o
            n += 1
    memset(out, 0, NH * sizeof(double))
    if win == lose and lose == tie:  # a fold: the hands do not matter
        for h in range(NH):
            if not (held >> h) & 1:
                continue
            acc = 0.0
            for o in range(n):
                acc += ch[h * NH + nz[o]] * ro[nz[o]]
            out[h] = acc * win
        return
    for h in range(NH):
        if not (held >> h) & 1:
            continue
        acc = 0.0
        for o in range(n):
            acc += ch[h * NH + nz[o]] * ro[nz[o]] * u[oc[h * NH + nz[o]]]
        out[h] = acc


cdef void _walk(Ctx* c, int node, int p, const double* ro, const double* rown, double* out,
                int depth, Mode mode) noexcept nogil:
    """``out[h]``: player ``p``'s counterfactual value at ``node`` holding ``h`` (the
    chance and the other player's reach ``ro`` in it); ``rown``: p's own reach."""
    cdef int h, a, k, e0, best
    cdef bint live = False
    cdef double x, s, top
    cdef signed char kd = c.kind[node]
    for h in range(NH):
        if ro[h] != 0.0 or (mode == UPDATE and rown[h] != 0.0):
            live = True
            break
    if not live:  # neither player reaches it (nor the other, for a value): all 0
        memset(out, 0, NH * sizeof(double))
        return
    if kd == TERMINAL:
        _terminal(c, node, p, ro, out)
        return
    k = c.count[node]
    e0 = c.first[node]
    cdef double* sigma = c.pool + depth * c.stride
    cdef double* vals = sigma + NH * c.kmax
    cdef double* cr = vals + NH * c.kmax
    cdef double* cown = cr + NH
    cdef long long base = c.slot[node]
    cdef double* reg
    cdef double* tot
    cdef unsigned short held = c.mask[2 * node + p]
    if mode == UPDATE:
        _strategy(c, node, c.regret, True, sigma)
    else:
        _strategy(c, node, c.total, False, sigma)
    if c.player[node] != p:  # the other player: his strategy thins his reach
        memset(out, 0, NH * sizeof(double))
        for a in range(k):
            for h in range(NH):
                cr[h] = ro[h] * sigma[h * k + a]
            _walk(c, c.child[e0 + a], p, cr, rown, vals, depth + 1, mode)
            for h in range(NH):
                out[h] += vals[h]
        return
    for a in range(k):
        if mode == UPDATE:
            for h in range(NH):
                cown[h] = rown[h] * sigma[h * k + a]
        _walk(c, c.child[e0 + a], p, ro, cown, vals + a * NH, depth + 1, mode)
    if mode == BEST:
        if kd == SHARED:  # one choice for every hand: the best in total
            best = 0
            top = -1e300
            for a in range(k):
                s = 0.0
                for h in range(NH):
                    s += vals[a * NH + h]
                if s > top:
                    top = s
                    best = a
            for h in range(NH):
                out[h] = vals[best * NH + h]
            return
        for h in range(NH):
            top = -1e300
            if not (held >> h) & 1:
                out[h] = 0.0
                continue
            for a in range(k):
                if _legal(c, e0 + a, h) and vals[a * NH + h] > top:
                    top = vals[a * NH + h]
            out[h] = top if top > -1e300 else 0.0
        return
    for h in range(NH):
        x = 0.0
        if (held >> h) & 1:
            for a in range(k):
                x += sigma[h * k + a] * vals[a * NH + h]
        out[h] = x
    if mode != UPDATE:
        return
    if kd == SHARED:
        reg = c.regret + base
        tot = c.total + base
        for a in range(k):
            s = 0.0
            for h in range(NH):
                s += vals[a * NH + h] - out[h]
            reg[a] = _regret(c, reg[a], s)
            tot[a] += c.weight * rown[0] * sigma[a]
        return
    for h in range(NH):
        if not (held >> h) & 1:
            continue
        reg = c.regret + base + h * k
        tot = c.total + base + h * k
        for a in range(k):
            if _legal(c, e0 + a, h):
                reg[a] = _regret(c, reg[a], vals[a * NH + h] - out[h])
                tot[a] += c.weight * rown[h] * sigma[h * k + a]


# (its signature is written in clinic form below, so that inspect reads it)
@cython.embedsignature(False)
cdef class TreeValues:
    """TreeValues(values, best)
--

What a tree's average strategies are worth (:meth:`CfrTree.values`; the solver of three
    and four players gives the same record): ``values``, each seat's expected payoff
    under them, and ``best``, each seat's best response's against the others' (tuples of
    floats, one per seat). Frozen; equal records compare equal."""

    cdef readonly tuple values
    cdef readonly tuple best

    def __init__(self, values, best):
        self.values = tuple([float(x) for x in values])
        self.best = tuple([float(x) for x in best])
        if len(self.values) != len(self.best):
            raise PedronValueError("values and best need one entry per seat each")

    @property
    def nash_conv(self):
        """The sum of every seat's best-response gain (at least 0: rounding aside, no
        seat gains less than nothing)."""
        return max(sum(self.best) - sum(self.values), 0.0)

    def __eq__(self, other):
        if not isinstance(other, TreeValues):
            return NotImplemented
        return self.values == other.values and self.best == other.best

    def __hash__(self):
        return hash((self.values, self.best))

    def __reduce__(self):
        return (TreeValues, (self.values, self.best))

    def __repr__(self):
        return f"TreeValues(values={list(self.values)!r}, best={list(self.best)!r})"


cdef class CfrTree:
    """A compact two-player tree and its CFR+ state (see the module docstring).

    Arrays (numpy, any integer or float dtype; copied to the kernel's types):
    ``kind`` (0 terminal, 1 decision, 2 shared decision), ``player`` (0/1),
    ``first``/``count`` (each node's children in ``child``/``rank``), ``slot`` (the
    node's offset in the regret table: ``H * count`` entries, ``count`` when shared),
    ``term`` (a terminal's row of ``u``), ``u`` (terminals x 2 players x 3 outcomes),
    ``mask`` (nodes x 2: bit ``h`` set when the player can hold hand ``h`` there; values
    and strategies are computed for those hands only),
    ``chance`` and ``outcome`` (H x H, player 0's hand first), ``has`` (H x 5: hand holds
    rank). Node 0 is the root; every other node is the child of exactly one node with a
    smaller index (checked: the walk's depth is bounded by the tree's).
    """

    cdef object _arrays
    cdef Ctx ctx
    cdef readonly long long slots
    cdef readonly int nodes
    cdef readonly long long iterations
    cdef int depth
    cdef readonly str scheme
    cdef object regret_array, total_array, pool_array, chance_array, outcome_array

    def __init__(self, kind, player, first, count, slot, term, child, rank, u, mask,
                 chance, outcome, has, scheme="dcfr"):
        cdef int n = len(kind)
        if scheme not in ("dcfr", "cfr+"):
            raise PedronValueError(f"scheme must be 'dcfr' or 'cfr+', not {scheme!r}")
        self.scheme = scheme
        cdef int depth
        arrays = {
            "kind": np.ascontiguousarray(kind, dtype=np.int8),
            "player": np.ascontiguousarray(player, dtype=np.int8),
            "first": np.ascontiguousarray(first, dtype=np.int32),
            "count": np.ascontiguousarray(count, dtype=np.int32),
            "slot": np.ascontiguousarray(slot, dtype=np.int64),
            "term": np.ascontiguousarray(term, dtype=np.int32),
            "child": np.ascontiguousarray(child, dtype=np.int32),
            "rank": np.ascontiguousarray(rank, dtype=np.int8),
            "u": np.ascontiguousarray(u, dtype=np.float64).reshape(-1),
            "mask": np.ascontiguousarray(mask, dtype=np.uint16).reshape(-1),
        }
        depth = _check_tree(arrays, n)
        ch = np.ascontiguousarray(chance, dtype=np.float64)
        oc = np.ascontiguousarray(outcome, dtype=np.int8)
        hs = np.ascontiguousarray(has, dtype=np.uint8)
        if ch.shape != (NH, NH) or oc.shape != (NH, NH) or hs.shape != (NH, NRANK):
            raise PedronValueError("chance and outcome must be 14 x 14, has 14 x 5")
        if not np.isfinite(ch).all() or (ch < 0).any() or abs(ch.sum() - 1.0) > 1e-9:
            raise PedronValueError("chance must be probabilities summing to 1")
        if ((oc < 0) | (oc > 2)).any():
            raise PedronValueError("an outcome is 0, 1 or 2")
        if not np.isfinite(arrays["u"]).all():
            raise PedronValueError("payoffs must be finite")
        self._arrays = arrays
        self.nodes = n
        self.depth = depth
        cnt = arrays["count"]
        kd = arrays["kind"]
        dec = kd != TERMINAL
        sizes = np.where(kd == SHARED, cnt, NH * cnt)
        self.slots = int(sizes[dec].sum()) if dec.any() else 0
        if dec.any() and not (arrays["slot"][dec] + sizes[dec] <= self.slots).all():
            raise PedronValueError("slots overlap the regret table's end")
        # (player 1's copies have his hand first; the outcome stays seat 0's: u's index)
        self.chance_array = np.stack([ch, ch.T.copy()])
        self.outcome_array = np.stack([oc, oc.T.copy()]).astype(np.int8)
        self.regret_array = np.zeros(max(self.slots, 1), dtype=np.float64)
        self.total_array = np.zeros(max(self.slots, 1), dtype=np.float64)
        kmax = int(cnt.max()) if n else 1
        self.ctx.kmax = max(kmax, 1)
        self.ctx.stride = 2 * NH * self.ctx.kmax + 2 * NH
        self.pool_array = np.zeros((depth + 2) * self.ctx.stride, dtype=np.float64)
        self._bind(hs)

    cdef void _bind(self, hs):
        cdef const signed char[::1] kind = self._arrays["kind"]
        cdef const signed char[::1] player = self._arrays["player"]
        cdef const int[::1] first = self._arrays["first"]
        cdef const int[::1] count = self._arrays["count"]
        cdef const long long[::1] slot = self._arrays["slot"]
        cdef const int[::1] term = self._arrays["term"]
        cdef const int[::1] child = self._arrays["child"]
        cdef const signed char[::1] rank = self._arrays["rank"]
        cdef const double[::1] u = self._arrays["u"]
        cdef const unsigned short[::1] mask = self._arrays["mask"]
        cdef double[:, :, ::1] ch = self.chance_array
        cdef signed char[:, :, ::1] oc = self.outcome_array
        cdef double[::1] reg = self.regret_array
        cdef double[::1] tot = self.total_array
        cdef double[::1] pool = self.pool_array
        cdef const unsigned char[:, ::1] has = hs
        cdef int h, r
        self.ctx.kind = &kind[0]
        self.ctx.player = &player[0]
        self.ctx.first = &first[0]
        self.ctx.count = &count[0]
        self.ctx.slot = &slot[0]
        self.ctx.term = &term[0]
        self.ctx.child = &child[0] if child.shape[0] else NULL
        self.ctx.rank = &rank[0] if rank.shape[0] else NULL
        self.ctx.u = &u[0] if u.shape[0] else NULL
        self.ctx.mask = &mask[0]
        self.ctx.chance[0] = &ch[0, 0, 0]
        self.ctx.chance[1] = &ch[1, 0, 0]
        self.ctx.outcome[0] = &oc[0, 0, 0]
        self.ctx.outcome[1] = &oc[1, 0, 0]
        self.ctx.regret = &reg[0]
        self.ctx.total = &tot[0]
        self.ctx.pool = &pool[0]
        for h in range(NH):
            for r in range(NRANK):
                self.ctx.has[h][r] = has[h, r]

    def run(self, long long iterations):
        """Run ``iterations`` with the GIL released: alternating updates, and either
        discounted CFR (``scheme="dcfr"``: DCFR with alpha 1.5, beta 0, gamma 2) or CFR+
        (regrets clamped at 0, linear averaging)."""
        if iterations < 0:
            raise PedronValueError("iterations must be at least 0")
        cdef double* ones = <double*> malloc(2 * NH * sizeof(double))
        cdef double* out
        cdef long long i
        cdef int h, p
        cdef double t
        cdef bint dcfr = self.scheme == "dcfr"
        if ones == NULL:
            raise MemoryError()
        out = ones + NH
        try:
            with nogil:
                for h in range(NH):
                    ones[h] = 1.0
                for i in range(iterations):
                    self.iterations += 1
                    t = <double> self.iterations
                    if dcfr:  # DCFR(1.5, 0, 2): the average weighted by t^2
                        self.ctx.weight = t * t
                        self.ctx.keep_pos = (t - 1.0) ** 1.5 / ((t - 1.0) ** 1.5 + 1.0)
                        self.ctx.keep_neg = 0.5
                    else:  # CFR+: linear averaging
                        self.ctx.weight = t
                        self.ctx.keep_pos = 1.0
                        self.ctx.keep_neg = -1.0
                    for p in range(2):
                        _walk(&self.ctx, 0, p, ones, ones, out, 0, UPDATE)
        finally:
            free(ones)

    def values(self):
        """A :class:`TreeValues`: each player's expected payoff under the average
        strategies, and his best response's against the other's average strategy."""
        cdef double* buf = <double*> malloc(2 * NH * sizeof(double))
        cdef double* out
        cdef double v[2]
        cdef double b[2]
        cdef int h, p
        if buf == NULL:
            raise MemoryError()
        out = buf + NH
        try:
            with nogil:
                for h in range(NH):
                    buf[h] = 1.0
                for p in range(2):
                    _walk(&self.ctx, 0, p, buf, buf, out, 0, AVERAGE)
                    v[p] = 0.0
                    for h in range(NH):
                        v[p] += out[h]
                    _walk(&self.ctx, 0, p, buf, buf, out, 0, BEST)
                    b[p] = 0.0
                    for h in range(NH):
                        b[p] += out[h]
        finally:
            free(buf)
        return TreeValues((v[0], v[1]), (b[0], b[1]))

    def average(self):
        """The average strategy's raw sums (a copy): ``slots`` entries, laid out as the
        regret table (normalise per hand and node)."""
        return self.total_array[:self.slots].copy()

    def __repr__(self):
        return (f"CfrTree(nodes={self.nodes:,}, slots={self.slots:,}, "
                f"iterations={self.iterations:,})")


def _check_tree(arrays, int n):
    """Every index in range and every node but the root the child of one earlier node, so
    the walk never leaves its arrays; returns the tree's depth."""
    if n < 1:
        raise PedronValueError("a tree has at least its root")
    for name in ("kind", "player", "first", "count", "slot", "term"):
        if len(arrays[name]) != n:
            raise PedronValueError(f"{name} must have one entry per node")
    kind, cnt, first = arrays["kind"], arrays["count"], arrays["first"]
    edges = len(arrays["child"])
    if len(arrays["rank"]) != edges:
        raise PedronValueError("rank must have one entry per edge")
    if ((kind < 0) | (kind > 2)).any() or ((arrays["player"] < 0) | (arrays["player"] > 1)).any():
        raise PedronValueError("a node's kind is 0, 1 or 2 and its player 0 or 1")
    dec = kind != TERMINAL
    if (cnt[dec] < 1).any() or (first[dec] < 0).any() or (first[dec] + cnt[dec] > edges).any():
        raise PedronValueError("a decision's children must lie in the edge arrays")
    if ((arrays["rank"] < -1) | (arrays["rank"] >= NRANK)).any():
        raise PedronValueError("an edge's rank is -1 or 0..4")
    if len(arrays["mask"]) != 2 * n or (arrays["mask"] >> NH).any():
        raise PedronValueError("mask must be nodes x 2 sets of the 14 hands")
    terms = len(arrays["u"]) // 6
    if len(arrays["u"]) != terms * 6:
        raise PedronValueError("u must be terminals x 2 x 3")
    t = arrays["term"][~dec]
    if ((t < 0) | (t >= terms)).any():
        raise PedronValueError("a terminal's row must lie in u")
    if (arrays["slot"][dec] < 0).any():
        raise PedronValueError("a slot is at least 0")
    cdef const signed char[::1] kd = kind
    cdef const int[::1] fs = first
    cdef const int[::1] ct = cnt
    cdef const int[::1] ch = arrays["child"]
    depth_of = np.zeros(n, dtype=np.int32)
    parents = np.zeros(n, dtype=np.int32)
    cdef int[::1] dp = depth_of
    cdef int[::1] pa = parents
    cdef int i, e, c, deepest = 0
    for i in range(n):
        if kd[i] == TERMINAL:
            continue
        for e in range(fs[i], fs[i] + ct[i]):
            c = ch[e]
            if c <= i or c >= n:
                raise PedronValueError("a child must be a later node")
            pa[c] += 1
            dp[c] = dp[i] + 1
            if dp[c] > deepest:
                deepest = dp[c]
    if parents[0] != 0 or (n > 1 and (parents[1:] != 1).any()):
        raise PedronValueError("every node but the root must have exactly one parent")
    return deepest
