"""Diamondback with two to four players: the public tree read off the engine, and CFR
over every player's hands at once (numpy, vector form).

The heads-up solver (:mod:`pedron.diamondback.solver.tree` and the compiled kernel) rests on
two facts that hold for any number of players: the betting never depends on the
cards, and a reveal is a public move (one child per rank). With ``n`` players a
showdown's payoffs depend on how the hands still in rank: the **weak order** of
the hands dealt (which are best, which tie: 3 orders for two players dealt in,
13 for three, 75 for four). So the walk plays one engine per weak order side by
side (each dealt hands that realise it), and every legal move is tried on all of
them at once; their results give each terminal's payoffs per order. In Dealer's
Diamondback the players who decline the ante are not dealt in, and the deck is
the one for those dealt in: the walk plays one engine (no cards) until the deal,
then replays the moves so far on a fresh engine per weak order of the players
dealt in, their cards from that deck.

Chance deals ranks (lossless: the copies of a rank are interchangeable, and the
order of dealing changes nothing a player can do): a **joint deal** is a tuple of
the hands of the players dealt in, with its exact probability; a player not dealt
in holds "hand 0" with probability 1 (his hand never matters).

CFR here (:class:`MultiTree`) is discounted CFR with simultaneous updates, every
quantity a vector over each player's 14 hands, laid out by levels of the tree and
computed with numpy. The values, the best responses and the NashConv are exact on
the whole tree. With three or four players CFR need not converge to a Nash
equilibrium: the NashConv says how far the strategy is from one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import numpy as np

from pedron._kernels.cfr import TreeValues
from pedron._kernels.rng import Generator
from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID
from pedron.diamondback.hand import STRENGTH
from pedron.diamondback.odds import deck_counts
from pedron.diamondback.solver.tree import (
    _HIGH,
    _LOW,
    HANDS,
    MAX_DEPTH,
    MAX_MOVES,
    GameSpec,
    check_spec,
    hand_value,
    has_table,
)
from pedron.diamondback.strategyfile import key_text, move_text
from pedron.engine.seats import from_left
from pedron.errors import PedronValueError

__all__ = ["MAX_ENTRIES", "MAX_TREE_NODES", "SECONDS_PER_ENTRY", "MultiArrays", "MultiGraph",
           "MultiTree", "build_multi", "expand_multi", "joint_deals", "multi_size",
           "weak_orders"]

NH = len(HANDS)
#: Most (terminal, joint deal) pairs a tree may have: the payoff table the iterations
#: read (about 8 * (players + 2) bytes each). A hand past it is refused before the
#: table is laid out.
MAX_ENTRIES = 60_000_000
#: Most distinct betting states the engines are asked about.
MAX_STATES = 200_000
#: Most nodes of a laid-out tree (each holds every seat's 14-hand vectors, several
#: times over): the walk counts each state's subtree as it finishes it and stops at the
#: first past the ceiling, before anything is laid out.
MAX_TREE_NODES = 20_000_000
_HAS = has_table().astype(bool)
_STRENGTH = np.array([STRENGTH[a][b] for a, b in HANDS])


# -- chance: weak orders and joint deals --------------------------------------------------


def weak_orders(k: int) -> list[tuple[int, ...]]:
    """Every weak order of ``k`` hands, as each hand's level (0 the best, levels used
    without gaps): 3 for two hands, 13 for three, 75 for four."""
    out = []
    for levels in product(range(k), repeat=k):
        if set(levels) == set(range(max(levels) + 1)):
            out.append(levels)
    return out


def _order_of(strengths: tuple[int, ...]) -> tuple[int, ...]:
    distinct = sorted(set(strengths), reverse=True)
    return tuple(distinct.index(s) for s in strengths)


def _realise(levels: tuple[int, ...], counts: tuple[int, ...]) -> list[int]:
    """Hands (indexes of HANDS), one per position, ranking as ``levels`` and dealt from
    a deck of ``counts`` (equal levels hold equal hands)."""
    top = max(levels) + 1
    many = [levels.count(v) for v in range(top)]
    by_strength = sorted(range(NH), key=lambda h: -_STRENGTH[h])
    for pick in combinations(by_strength, top):  # (strongest first: level 0 first)
        if len({int(_STRENGTH[h]) for h in pick}) < top:
            continue
        need = [0] * 5
        for h, m in zip(pick, many, strict=True):
            for r in HANDS[h]:
                need[r] += m
        if all(need[r] <= counts[r] for r in range(5)):
            return [pick[v] for v in levels]
    raise AssertionError(f"no deal realises the order {levels}")  # pragma: no cover


@dataclass
class Deals:
    """The joint deals of the players ``seats`` dealt in (of ``n`` seated): ``hands``
    (deals x n: each seat's hand, 0 for a seat not dealt in), ``p`` (each deal's
    probability), ``order`` (each deal's weak order, an index of ``orders``)."""

    seats: tuple[int, ...]
    hands: np.ndarray
    p: np.ndarray
    order: np.ndarray
    orders: list[tuple[int, ...]]


def joint_deals(n: int, seats: tuple[int, ...]) -> Deals:
    """The joint deals (ranks only) of ``seats`` dealt in from the deck for that many
    players, exactly: each ordered sequence of ranks has probability prod(copies left)
    / prod(cards left), and a hand of two ranks comes in two orders."""
    k = len(seats)
    if k == 0:  # (nobody dealt in: one "deal", every seat holding hand 0)
        return Deals(seats, np.zeros((1, n), np.int64), np.ones(1), np.zeros(1, np.int64),
                     [()])
    counts = deck_counts(k)
    total = sum(counts)
    orders = weak_orders(k)
    index = {o: i for i, o in enumerate(orders)}
    rows, probs, kinds = [], [], []
    denominator = 1
    for i in range(2 * k):
        denominator *= total - i
    for combo in product(range(NH), repeat=k):
        used = [0] * 5
        ways = 1
        for h in combo:
            a, b = HANDS[h]
            used[a] += 1
            used[b] += 1
            if a != b:
                ways *= 2
        numerator = ways
        for r in range(5):
            for j in range(used[r]):
                numerator *= counts[r] - j
        if numerator <= 0:
            continue
        row = [0] * n
        for s, h in zip(seats, combo, strict=True):
            row[s] = h
        rows.append(row)
        probs.append(float(Fraction(numerator, denominator)))
        kinds.append(index[_order_of(tuple(int(_STRENGTH[h]) for h in combo))])
    return Deals(seats, np.array(rows, dtype=np.int64), np.array(probs),
                 np.array(kinds, dtype=np.int64), orders)


# -- the walk over the engine ---------------------------------------------------------------


@dataclass(eq=False)
class MState:
    """One betting state (as :class:`pedron.diamondback.solver.tree.State`, for ``n`` players):
    ``moves`` are (encoding index, (seat, kind, amount), next state); a terminal's
    ``u`` is (weak orders of the players dealt in) x seats; ``dealt`` the seats dealt in
    (empty before the deal)."""

    kind: str
    dealt: tuple[int, ...]
    player: int = -1
    shared: bool = False
    moves: list[tuple[int, tuple[int, str, int], MState]] = field(default_factory=list)
    u: np.ndarray | None = None
    nodes: int = 0


@dataclass
class MultiGraph:
    """The betting states of an ``n``-player hand (:func:`build_multi`)."""

    spec: GameSpec
    n: int
    root: MState
    states: int


def _group(spec: GameSpec, n: int, rules: Any, actions: Any, path: list[int],
           dealt: tuple[int, ...] | None) -> list[Any]:
    """Engines at the end of ``path`` (encoding indexes from the start of the hand): one
    per weak order of ``dealt``'s hands (their cards from the deck for that many
    players), or one without chosen cards (``dealt`` None: before the deal)."""
    from pedron.diamondback.table import Table

    def fresh(hands: dict[int, list[int]] | None) -> Any:
        table = Table(n, [spec.stacks] * n, rules, Generator(0), dealer=0)
        deal = table.next_deal(hands=hands) if hands else table.next_deal()
        for index in path:
            seat = deal.to_act
            deal.apply(actions.move(index, deal.view(seat)))
        return deal

    if dealt is None:
        return [fresh(None)]
    k = len(dealt)
    counts = deck_counts(k)
    size = DECK_SIZES[k]
    out = []
    for levels in weak_orders(k):
        taken: set[int] = set()
        hands = {}
        for s, h in zip(dealt, _realise(levels, counts), strict=True):
            ids = []
            for r in HANDS[h]:
                c = next(i for i in range(size) if RANK_OF_ID[i] == r and i not in taken)
                taken.add(c)
                ids.append(c)
            hands[s] = ids
        out.append(fresh(hands))
    return out


def build_multi(spec: GameSpec, max_states: int = MAX_STATES) -> MultiGraph:
    """Walk the engines over every betting state of ``spec``'s hand (``spec.players``
    seated, seat 0 dealing; see the module docstring)."""
    from pedron.diamondback.encodings import DiamondbackActions

    check_spec(spec)
    n = spec.players
    rules = spec.rules()
    actions = DiamondbackActions(rules, n * spec.stacks, spec.bet_sizes)
    memo: dict[Any, MState] = {}
    start = _group(spec, n, rules, actions, [], None)
    if start[0].dealt_in:  # (plain Diamondback: dealt at once)
        start = _group(spec, n, rules, actions, [], tuple(start[0].dealt_in))

    def legal_of(view: Any) -> list[int]:
        return [int(i) for i in np.flatnonzero(actions.mask(view))]

    def visit(group: list[Any], path: list[int]) -> MState:
        if len(path) > MAX_DEPTH:
            raise PedronValueError(
                f"stacks {spec.stacks}: a line of play has more than {MAX_DEPTH} moves")
        a = group[0]
        dealt = tuple(a.dealt_in)
        if a.done:
            u = np.array([hand_value(d, spec.carry) for d in group])
            return MState("terminal", dealt, u=u, nodes=1)
        seat = a.to_act
        view = a.view(seat)
        legal = legal_of(view)
        key = (view.phase, view.to_act, view.dealt_in, view.committed, view.stacks,
               view.pot, view.bet, view.live, tuple(len(x) for x in view.shown),
               tuple(legal), bool(view.my_cards))
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= max_states:
            raise PedronValueError(
                f"stacks {spec.stacks}, {n} players: the hand has more than "
                f"{max_states:,} betting states; solve smaller stacks or fewer --bet-sizes")
        if len(legal) > MAX_MOVES:  # pragma: no cover - check_spec refuses it first
            raise PedronValueError(f"a decision has {len(legal):,} moves")
        for d in group[1:]:
            other = legal_of(d.view(d.to_act))
            if d.to_act != seat or (other != legal and not set(other) | set(legal) <= {
                    _LOW, _HIGH}):
                raise AssertionError("the legal moves depend on the cards")
        if set(legal) <= {_LOW, _HIGH}:  # a reveal: one public child per rank
            nxt = []
            for d in group:
                c = d.clone()
                c.apply(actions.move(_LOW, c.view(seat)))
                nxt.append(c)
            after = visit(nxt, [*path, _LOW])
            state = MState("reveal", dealt, player=seat, moves=[(_LOW, (seat, "reveal", 0),
                                                                   after)],
                           nodes=1 + 5 * after.nodes)
        else:
            state = MState("decision", dealt, player=seat, shared=not view.my_cards)
            for index in legal:
                nxt = []
                move = (seat, "", 0)
                for j, d in enumerate(group):
                    c = d.clone()
                    records = c.apply(actions.move(index, c.view(seat)))
                    if j == 0:
                        r = next(r for r in records if r.seat == seat and r.kind in (
                            "ante", "match", "fold", "bet", "stop"))
                        move = (seat, r.kind, r.amount)
                    nxt.append(c)
                if not dealt and nxt[0].dealt_in:  # the deal: one engine per weak order
                    nxt = _group(spec, n, rules, actions, [*path, index],
                                 tuple(nxt[0].dealt_in))
                state.moves.append((index, move, visit(nxt, [*path, index])))
            state.nodes = 1 + sum(c.nodes for _, _, c in state.moves)
        if state.nodes > MAX_TREE_NODES:
            raise PedronValueError(
                f"stacks {spec.stacks}, {n} players: the tree has more than "
                f"{MAX_TREE_NODES:,} nodes (pedron.diamondback.solver.multi.MAX_TREE_NODES); solve "
                "smaller stacks or fewer --bet-sizes")
        memo[key] = state
        return state

    root = visit(start, [])
    return MultiGraph(spec, n, root, len(memo))


# -- the tree laid out --------------------------------------------------------------------


@dataclass
class MultiArrays:
    """The tree in preorder (node 0 the root): per node ``kind`` (0 terminal, 1
    decision, 2 shared), ``player``, ``depth``, ``parent``, ``dealt`` (an index of
    ``deal_sets``), ``shown`` (nodes x n: each seat's revealed rank, -1 before), the
    edges ``first``/``count``; per edge ``child``, ``rank`` (-1, or the rank a reveal
    shows), ``code`` (encoding index) and ``move`` ((seat, kind, amount)); per terminal
    ``term`` (its row in ``payoff``, a list of (orders x n) arrays)."""

    n: int
    kind: np.ndarray
    player: np.ndarray
    depth: np.ndarray
    parent: np.ndarray
    dealt: np.ndarray
    shown: np.ndarray
    first: np.ndarray
    count: np.ndarray
    child: np.ndarray
    rank: np.ndarray
    code: np.ndarray
    moves: list[tuple[int, str, int]]
    payoff: list[np.ndarray]
    term: np.ndarray
    deal_sets: list[tuple[int, ...]]


def expand_multi(graph: MultiGraph, max_nodes: int = MAX_TREE_NODES) -> MultiArrays:
    """Lay the graph's tree out (refused past ``max_nodes`` nodes)."""
    total = graph.root.nodes
    if total > max_nodes:
        raise PedronValueError(
            f"stacks {graph.spec.stacks}, {graph.n} players: the tree has {total:,} nodes, "
            f"more than the {max_nodes:,} the multi-player solver lays out; solve smaller "
            "stacks or fewer --bet-sizes")
    n = graph.n
    kind = np.zeros(total, np.int8)
    player = np.zeros(total, np.int8)
    depth = np.zeros(total, np.int32)
    parent = np.zeros(total, np.int64)
    dealt = np.zeros(total, np.int64)
    shown = np.full((total, n), -1, np.int8)
    first = np.zeros(total, np.int64)
    count = np.zeros(total, np.int64)
    term = np.full(total, -1, np.int64)
    child: list[int] = []
    rank: list[int] = []
    code: list[int] = []
    moves: list[tuple[int, str, int]] = []
    payoff: list[np.ndarray] = []
    sets: dict[tuple[int, ...], int] = {}
    stack: list[tuple[MState, int, tuple[int, ...], int]] = [(graph.root, 0, (-1,) * n, 0)]
    while stack:
        s, i, seen, d = stack.pop()
        shown[i] = seen
        depth[i] = d
        dealt[i] = sets.setdefault(s.dealt, len(sets))
        if s.kind == "terminal":
            assert s.u is not None
            term[i] = len(payoff)
            payoff.append(s.u)
            continue
        player[i] = s.player
        kind[i] = 2 if s.shared else 1
        if s.kind == "reveal":
            after = s.moves[0][2]
            kids = []
            for r in range(5):
                now = tuple(r if q == s.player else x for q, x in enumerate(seen))
                kids.append((-1, r, (s.player, "reveal", r), after, now))
        else:
            kids = [(c, -1, mv, nxt, seen) for c, mv, nxt in s.moves]
        first[i] = len(child)
        count[i] = len(kids)
        pos = i + 1
        placed = []
        for c, r, mv, nxt, now in kids:
            child.append(pos)
            rank.append(r)
            code.append(c)
            moves.append(mv)
            parent[pos] = i
            placed.append((nxt, pos, now, d + 1))
            pos += nxt.nodes
        stack.extend(reversed(placed))
    return MultiArrays(n, kind, player, depth, parent, dealt, shown, first, count,
                       np.array(child, np.int64), np.array(rank, np.int64),
                       np.array(code, np.int64), moves, payoff, term,
                       sorted(sets, key=sets.__getitem__))


def multi_size(graph: MultiGraph) -> tuple[Any, int]:
    """The laid-out tree's :class:`pedron.diamondback.solver.tree.Size` (``infosets``: at most; the
    ``bytes`` predicted for a solve) and its (terminal, joint deal) pairs, which set the
    time an iteration takes."""
    from pedron.diamondback.solver.tree import BASE_BYTES, Size

    a = expand_multi(graph)
    n = a.n
    deals: dict[int, Deals] = {}
    seen: dict[tuple[int, tuple[int, ...]], int] = {}
    entries = 0
    terms = np.flatnonzero(a.kind == 0)
    for t in terms.tolist():
        key = (int(a.dealt[t]), tuple(int(x) for x in a.shown[t]))
        c = seen.get(key)
        if c is None:
            d = deals.get(key[0])
            if d is None:
                d = deals[key[0]] = joint_deals(n, a.deal_sets[key[0]])
            ok = np.ones(len(d.p), bool)
            for q, r in enumerate(key[1]):
                if r >= 0:
                    ok &= _HAS[d.hands[:, q], r]
            c = seen[key] = int(ok.sum())
        entries += c
    if entries > MAX_ENTRIES:
        raise PedronValueError(
            f"stacks {graph.spec.stacks}, {n} players: {entries:,} (terminal, deal) pairs, "
            f"more than the {MAX_ENTRIES:,} the multi-player solver holds; solve smaller "
            "stacks or fewer --bet-sizes")
    nodes, edges = len(a.kind), len(a.child)
    decisions = int((a.kind != 0).sum())
    infosets = int((a.kind == 2).sum()) + NH * int((a.kind == 1).sum())
    size = Size(nodes, edges, len(terms), edges * NH, int(a.depth.max(initial=0)), infosets,
                BASE_BYTES + nodes * n * NH * 8 * 4 + edges * NH * 8 * 10
                + entries * 8 * (2 * n + 5) + decisions * NH * 300)
    return size, entries


#: Seconds per (terminal, joint deal) pair and iteration, measured (three players, two
#: and three chips: 13 ms an iteration for 2 chips).
SECONDS_PER_ENTRY = 1.5e-7


# -- CFR over the laid-out tree ---------------------------------------------------------------


ProgressFn = Callable[[int, float, float], None]


class MultiTree:
    """CFR (discounted, simultaneous updates) on a laid-out ``n``-player tree, every
    quantity a vector over each player's 14 hands; :meth:`values` gives each seat's
    value under the average strategy and his best response's, exactly."""

    def __init__(self, arrays: MultiArrays, max_entries: int = MAX_ENTRIES) -> None:
        self.a = arrays
        self.n = arrays.n
        kind = arrays.kind
        nodes = len(kind)
        self.iterations = 0
        # edges: their parent, the player to act there, legality per hand
        edge_parent = np.repeat(np.arange(nodes), np.where(kind != 0, arrays.count, 0))
        self.edge_parent = edge_parent
        self.edge_player = arrays.player[edge_parent].astype(np.int64)
        r = arrays.rank
        self.legal = np.where((r < 0)[:, None], True, _HAS[:, np.maximum(r, 0)].T)
        self.shared_edge = kind[edge_parent] == 2
        self.legal[self.shared_edge] = True
        ne = len(r)
        self.regret = np.zeros((ne, NH))
        self.total = np.zeros((ne, NH))
        # per node with edges: the start of its block in the edge arrays
        dec = np.flatnonzero(kind != 0)
        self.dec = dec
        self.starts = arrays.first[dec]
        self.edge_block = np.repeat(np.arange(len(dec)), arrays.count[dec])
        self.legal_count = np.add.reduceat(self.legal.astype(float), self.starts, axis=0) \
            if len(dec) else np.zeros((0, NH))
        # levels: the edges whose parent is at each depth (their indexes ascending)
        edge_depth = arrays.depth[edge_parent]
        order = np.argsort(edge_depth, kind="stable")
        bounds = np.searchsorted(edge_depth[order], np.arange(int(edge_depth.max(initial=0))
                                                              + 2))
        self.levels = [order[bounds[d]:bounds[d + 1]] for d in range(len(bounds) - 1)]
        self.levels = [lv for lv in self.levels if len(lv)]
        self._level_parts = []
        for lv in self.levels:
            par = edge_parent[lv]
            cut = np.flatnonzero(np.r_[True, par[1:] != par[:-1]])
            self._level_parts.append((par, cut, par[cut]))
        self._entries(max_entries)

    def _entries(self, max_entries: int) -> None:
        """The (terminal, joint deal) table: each terminal with every joint deal the
        ranks shown there allow."""
        a = self.a
        n = self.n
        deals = [joint_deals(n, s) for s in a.deal_sets]
        self.deals = deals
        terms = np.flatnonzero(a.kind == 0)
        self.terms = terms
        cache: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
        counted = 0
        pick = []
        for t in terms.tolist():
            key = (int(a.dealt[t]), tuple(int(x) for x in a.shown[t]))
            rows = cache.get(key)
            if rows is None:
                rows = cache[key] = self._compatible(key[0], key[1])
            counted += len(rows)
            if counted > max_entries:
                raise PedronValueError(
                    f"{len(terms):,} terminals: more than {max_entries:,} (terminal, deal) "
                    "pairs; solve smaller stacks or fewer --bet-sizes")
            pick.append(rows)
        self._held_cache = cache
        sizes = np.array([len(x) for x in pick], np.int64)
        self.e_term = np.repeat(np.arange(len(terms)), sizes)  # (terminal's number)
        rows = np.concatenate(pick) if pick else np.zeros(0, np.int64)
        e_set = a.dealt[terms][self.e_term]
        self.e_hand = np.zeros((n, len(rows)), np.int64)
        e_p = np.zeros(len(rows))
        e_u = np.zeros((n, len(rows)))
        for si, d in enumerate(deals):
            sel = np.flatnonzero(e_set == si)
            if not len(sel):
                continue
            j = rows[sel]
            self.e_hand[:, sel] = d.hands[j].T
            e_p[sel] = d.p[j]
            t_of = self.e_term[sel]
            orders = d.order[j]
            # (each terminal's payoffs per weak order, stacked for this deal set's terminals)
            mine = np.unique(t_of)
            width = len(d.orders)
            table = np.zeros((len(mine), width, n))
            for row, tt in enumerate(mine.tolist()):
                u = a.payoff[int(a.term[terms[tt]])]
                table[row] = u if len(u) == width else u[:1]
            where = np.searchsorted(mine, t_of)
            e_u[:, sel] = table[where, orders].T
        self.e_pu = e_p[None, :] * e_u  # (n x entries: chance times payoff)
        self.e_node = terms[self.e_term]

    def _compatible(self, set_index: int, shown: tuple[int, ...]) -> np.ndarray:
        d = self.deals[set_index]
        ok = np.ones(len(d.p), bool)
        for q, r in enumerate(shown):
            if r >= 0:
                ok &= _HAS[d.hands[:, q], r]
        return np.flatnonzero(ok)

    # -- strategies ---------------------------------------------------------------------
    def _match(self, table: np.ndarray, positive: bool) -> np.ndarray:
        """Per edge and hand: regret matching of ``table`` (``positive``: its positive
        part) or its normalised average; uniform over the legal edges where all are 0."""
        x = np.maximum(table, 0.0) if positive else table
        x = np.where(self.legal, x, 0.0)
        if len(self.dec) == 0:
            return x
        sums = np.add.reduceat(x, self.starts, axis=0)
        shared = self.shared_edge
        if shared.any():  # one strategy for every hand: the sums over the hands' columns
            col = x[:, :1].copy()
            col_sums = np.add.reduceat(col, self.starts, axis=0)
            x[shared] = col[shared]
            sums_s = col_sums[self.edge_block]
        s = sums[self.edge_block]
        lc = self.legal_count[self.edge_block]
        out = np.where(s > 0, x / np.where(s > 0, s, 1.0), self.legal / lc)
        if shared.any():
            ss = sums_s[shared]
            out[shared] = np.where(ss > 0, x[shared] / np.where(ss > 0, ss, 1.0),
                                   1.0 / lc[shared])
        return out

    def _reach(self, sigma: np.ndarray) -> np.ndarray:
        """Per node, seat and hand: the seat's own reach (the product of his
        probabilities on the way)."""
        nodes = len(self.a.kind)
        reach = np.ones((nodes, self.n, NH))
        child = self.a.child
        for lv, (par, _, _) in zip(self.levels, self._level_parts, strict=True):
            kids = child[lv]
            reach[kids] = reach[par]
            reach[kids, self.edge_player[lv]] *= sigma[lv]
        return reach

    def _leaves(self, reach: np.ndarray) -> np.ndarray:
        """Per terminal, seat and hand: the counterfactual value (chance and the others'
        reach in it)."""
        n = self.n
        g = [reach[self.e_node, q, self.e_hand[q]] for q in range(n)]
        out = np.zeros((len(self.terms), n, NH))
        for p in range(n):
            w = self.e_pu[p].copy()
            for q in range(n):
                if q != p:
                    w *= g[q]
            out[:, p, :] = np.bincount(self.e_term * NH + self.e_hand[p], weights=w,
                                       minlength=len(self.terms) * NH).reshape(-1, NH)
        return out

    def _back(self, leaves: np.ndarray, sigma: np.ndarray | None, update: bool = False
              ) -> np.ndarray:
        """Per node, seat and hand the counterfactual value, from the leaves up: at a
        node of player ``p`` his own value is ``sigma``'s mixture (``None``: his best
        response, per hand, or one choice for all hands where shared), the others' the
        sum. ``update``: the regrets and average sums of this iteration too."""
        a = self.a
        nodes = len(a.kind)
        value = np.zeros((nodes, self.n, NH))
        value[self.terms] = leaves
        child = a.child
        for lv, (par, cut, heads) in zip(reversed(self.levels), reversed(self._level_parts),
                                         strict=True):
            kid = value[child[lv]]  # (edges, n, NH)
            who = self.edge_player[lv]
            rows = np.arange(len(lv))
            mine = kid[rows, who]  # (edges, NH)
            summed = np.add.reduceat(kid, cut, axis=0)
            if sigma is not None:
                mixed = np.add.reduceat(mine * sigma[lv], cut, axis=0)
            else:
                legal = self.legal[lv]
                masked = np.where(legal, mine, -np.inf)
                mixed = np.maximum.reduceat(masked, cut, axis=0)
                mixed = np.where(np.isfinite(mixed), mixed, 0.0)
                shared = self.shared_edge[lv]
                if shared.any():  # one choice for every hand: the best in total
                    tot = mine.sum(axis=1)
                    for b, start in enumerate(cut.tolist()):
                        end = cut[b + 1] if b + 1 < len(cut) else len(lv)
                        if shared[start]:
                            best = start + int(np.argmax(tot[start:end]))
                            mixed[b] = mine[best]
            owner = who[cut]
            summed[np.arange(len(cut)), owner] = mixed
            value[heads] = summed
            if update:
                inst = mine - value[par, who]
                shared = self.shared_edge[lv]
                if shared.any():
                    inst[shared] = inst[shared].sum(axis=1, keepdims=True)
                self._pending.append((lv, inst))
        return value

    def run(self, iterations: int) -> None:
        """``iterations`` of discounted CFR (alpha 1.5, beta 0, gamma 2), every player
        updated at once."""
        for _ in range(iterations):
            self.iterations += 1
            t = float(self.iterations)
            sigma = self._match(self.regret, True)
            reach = self._reach(sigma)
            self._pending: list[tuple[np.ndarray, np.ndarray]] = []
            self._back(self._leaves(reach), sigma, update=True)
            keep_pos = (t - 1.0) ** 1.5 / ((t - 1.0) ** 1.5 + 1.0)
            reg = self.regret
            reg *= np.where(reg > 0, keep_pos, 0.5)
            for lv, inst in self._pending:
                reg[lv] += inst
            own = reach[self.edge_parent, self.edge_player]  # (edges, NH)
            self.total += (t * t) * own * sigma
            self._pending = []

    def average(self) -> np.ndarray:
        """The average strategy per edge and hand (uniform where never played)."""
        return self._match(self.total, False)

    def values(self) -> TreeValues:
        """Each seat's expected payoff under the average strategies, and his best
        response's against the others' average strategies (the heads-up kernel's record)."""
        sigma = self.average()
        leaves = self._leaves(self._reach(sigma))
        mean = self._back(leaves, sigma)[0].sum(axis=1)
        best = self._back(leaves, None)[0].sum(axis=1)
        return TreeValues(mean.tolist(), best.tolist())

    # -- the strategy file --------------------------------------------------------------
    def held(self, node: int) -> list[int]:
        """The hands the player to act at ``node`` can hold there (dealt with positive
        chance, holding the ranks shown)."""
        a = self.a
        key = (int(a.dealt[node]), tuple(int(x) for x in a.shown[node]))
        rows = self._held_cache.get(key)
        if rows is None:
            rows = self._held_cache[key] = self._compatible(*key)
        p = int(a.player[node])
        return sorted({int(h) for h in self.deals[key[0]].hands[rows, p]})

    def infosets(self) -> Iterator[tuple[int, list[int], list[str]]]:
        """``(node, hands, keys)`` per decision node, the keys as
        :func:`pedron.diamondback.strategyfile.info_key` names the views."""
        a = self.a
        n = self.n
        prefix: dict[int, tuple[dict[int, str], str]] = {}
        deal_roles = []
        for s in a.deal_sets:
            order = list(s) if s else from_left(0, n)
            deal_roles.append({q: ("D" if q == 0 else f"N{i}") for i, q in enumerate(order)})
        for i in range(len(a.kind)):
            roles = deal_roles[int(a.dealt[i])]
            if i == 0:
                text = ""
            else:
                par = int(a.parent[i])
                proles, ptext = prefix[par]
                e = int(a.first[par]) + int(np.searchsorted(a.child[a.first[par]:a.first[par]
                                                                    + a.count[par]], i))
                seat, kind, amount = a.moves[e]
                if proles != roles:  # (the deal changed the roles: the whole line again)
                    ptext = " ".join(self._line(par, roles))
                if kind == "reveal":
                    piece = move_text(roles.get(seat, "?"), "reveal", rank=amount)
                else:
                    piece = move_text(roles.get(seat, "?"), kind, amount)
                text = f"{ptext} {piece}" if ptext else piece
            if a.kind[i] != 0:
                prefix[i] = (roles, text)
                p = int(a.player[i])
                if a.kind[i] == 2:
                    yield i, [-1], [key_text(roles.get(p, "?"), (), text)]
                else:
                    hands = self.held(i)
                    yield i, hands, [key_text(roles[p], HANDS[h], text) for h in hands]

    def _line(self, node: int, roles: dict[int, str]) -> list[str]:
        a = self.a
        out = []
        while node > 0:
            par = int(a.parent[node])
            e = int(a.first[par]) + int(np.searchsorted(
                a.child[a.first[par]:a.first[par] + a.count[par]], node))
            seat, kind, amount = a.moves[e]
            out.append(move_text(roles.get(seat, "?"), "reveal", rank=amount)
                       if kind == "reveal" else move_text(roles.get(seat, "?"), kind, amount))
            node = par
        out.reverse()
        return out

    def strategy(self) -> dict[str, list[list[float]]]:
        """Every information set's average strategy, as encoding indexes and
        probabilities (rounded to 6 decimals)."""
        a = self.a
        avg = self.average()
        out: dict[str, list[list[float]]] = {}
        for node, hands, keys in self.infosets():
            e0, k = int(a.first[node]), int(a.count[node])
            for h, key in zip(hands, keys, strict=True):
                col = 0 if h < 0 else h
                row = []
                for e in range(e0, e0 + k):
                    if not self.legal[e, col]:
                        continue
                    r = int(a.rank[e])
                    code = int(a.code[e]) if r < 0 else (3 if r == HANDS[h][0] else 4)
                    row.append([code, round(float(avg[e, col]), 6)])
                out[key] = row
        return out
