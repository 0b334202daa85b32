"""The compact tree of one heads-up Diamondback hand, built by playing pedron's engine.

Only the engine knows the rules, so the tree is read off it: three hands are
played side by side from the same stacks (the dealer's hand better, the other
player's better, and equal hands), every legal move tried on all three at once
(the legal moves never depend on the cards: asserted at every node). Their
results give each showdown's payoff for each outcome; a fold's is the same in
all three.

Two facts make the tree small:

* **the betting does not depend on the cards**, so one walk serves every deal:
  the hands are a vector over the 14 hands each player can hold (the CFR
  kernel's vector form), and a reveal becomes a public move with one child per
  rank (legal for the hands that hold it);
* **the same betting state is reached by many paths**: the walk remembers each
  state by what the acting player's view shows of it (phase, player to act,
  chips committed and left, the bet, the pot, who is live, how many cards shown,
  the legal moves), so the engine is asked once per state, however many paths
  lead there. The tree itself (perfect recall: a path is its own node) is then
  counted exactly from this graph before anything is allocated
  (:func:`count`), and laid out as arrays only when it fits (:func:`expand`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

import numpy as np

from pedron._kernels.rng import Generator
from pedron.diamondback.cards import DECK_SIZES, RANK_OF_ID
from pedron.diamondback.hand import STRENGTH
from pedron.diamondback.odds import deck_counts
from pedron.diamondback.strategyfile import key_text, move_text, roles_of
from pedron.errors import PedronValueError

__all__ = ["HANDS", "MAX_DEPTH", "MAX_MOVES", "MAX_NODES", "GameSpec", "Graph", "TreeArrays",
           "build_graph", "chance_table", "check_spec", "count", "expand", "hand_value",
           "infosets", "prefixes"]

#: The 14 hands as (lower rank, higher rank), ranks 0 Priest .. 4 Magician.
HANDS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(5) for b in range(a, 5) if STRENGTH[a][b])
# the encodings' reveal indexes (pedron.diamondback.encodings.DiamondbackActions)
_LOW, _HIGH = 3, 4
# Peak memory of a solve, per item (measured: docs/performance.md): the kernel's arrays
# (kind, player, first, count, slot, term, mask; the layout's parent, label, shown), the
# regret and average tables (float64), and one strategy-file entry as Python objects and
# JSON text while the file is written; BASE_BYTES is the interpreter with numpy and pedron.
_NODE_BYTES = 1 + 1 + 4 + 4 + 8 + 4 + 4 + 4 + 4 + 2
_EDGE_BYTES = 4 + 1 + 4
_TERM_BYTES = 48
_SLOT_BYTES = 2 * 8
_KEY_BYTES = 900
BASE_BYTES = 100 << 20


@dataclass(frozen=True)
class GameSpec:
    """A hand to solve: ``stacks`` each, seat 0 dealing, ``variant`` (``"normal"`` or
    ``"dealers"``), the dealer's ``bet_sizes`` (``None``: every amount), ``carry`` (how
    chips carried over are valued: ``"split"``, ``"refund"``, ``"lost"``), ``tie_rule``
    (``"showdown"`` or ``"split"``) and the ``players`` seated (2 to 4; more than two
    are solved by :mod:`pedron.diamondback.solver.multi`)."""

    stacks: int
    variant: str = "normal"
    bet_sizes: tuple[int, ...] | None = None
    carry: str = "split"
    tie_rule: str = "showdown"
    players: int = 2

    def rules(self) -> Any:
        from pedron.diamondback.rules import Rules

        return Rules(variant=self.variant, tie_rule=self.tie_rule)

    @property
    def zero_sum(self) -> bool:
        return self.carry != "lost"

    def params(self) -> dict[str, Any]:
        """The OpenSpiel game's parameters for the same hand (``python_pedron_diamondback``)."""
        sizes = "" if self.bet_sizes is None else ";".join(str(b) for b in self.bet_sizes)
        return {"players": self.players, "stacks": self.stacks, "variant": self.variant,
                "bet_sizes": sizes, "carry": self.carry, "tie_rule": self.tie_rule}


def hand_value(hand: Any, carry: str) -> list[float]:
    """Chips each seat won or lost in a finished ``hand``, the chips carried over to the
    next hand valued by ``carry``: ``"split"`` in equal shares to the players dealt in,
    ``"refund"`` to each as he put them in, ``"lost"`` not at all."""
    result = hand.result
    net = [float(x) for x in result.net]
    carried = result.carry
    if carried and carry != "lost":
        if carry == "split":
            dealt = hand.order
            for s in dealt:
                net[s] += carried / len(dealt)
        else:
            put = list(hand.view(None).committed)
            whole = sum(put)
            for s in range(len(net)):
                if whole:
                    net[s] += carried * put[s] / whole
    return net


def chance_table() -> np.ndarray:
    """``P[h0, h1]``: the probability that seat 0 holds hand ``h0`` and seat 1 ``h1``
    (ranks only; the 15-card heads-up deck), exactly summed then rounded once."""
    counts = deck_counts(2)
    index = {h: i for i, h in enumerate(HANDS)}
    table = [[Fraction(0)] * len(HANDS) for _ in HANDS]
    left0 = sum(counts)
    for seq in product(range(5), repeat=4):
        c = list(counts)
        p = Fraction(1)
        left = left0
        for r in seq:
            if c[r] == 0:
                p = Fraction(0)
                break
            p *= Fraction(c[r], left)
            c[r] -= 1
            left -= 1
        if p:
            a = index[tuple(sorted(seq[:2]))]  # type: ignore[index]
            b = index[tuple(sorted(seq[2:]))]  # type: ignore[index]
            table[a][b] += p
    return np.array([[float(x) for x in row] for row in table])


def outcome_table() -> np.ndarray:
    """``O[h0, h1]``: 0 when seat 0's hand is better, 1 when seat 1's, 2 when equal."""
    out = np.zeros((len(HANDS), len(HANDS)), dtype=np.int8)
    for i, (a, b) in enumerate(HANDS):
        for j, (c, d) in enumerate(HANDS):
            x, y = STRENGTH[a][b], STRENGTH[c][d]
            out[i, j] = 0 if x > y else 1 if y > x else 2
    return out


def has_table() -> np.ndarray:
    """``has[h, r]``: hand ``h`` holds rank ``r``."""
    return np.array([[int(r in h) for r in range(5)] for h in HANDS], dtype=np.uint8)


# -- the graph of betting states ------------------------------------------------------------


@dataclass(eq=False)
class State:
    """One betting state: a terminal (``u[player][outcome]``), a decision of ``player``
    (``shared`` before the deal) with its ``moves`` (encoding index, key text, next
    state), or a reveal by ``player`` (one child per rank, ``moves[0]`` the state after)."""

    kind: str  # "terminal", "decision", "reveal"
    player: int = -1
    shared: bool = False
    moves: list[tuple[int, str, State]] = field(default_factory=list)
    u: list[list[float]] | None = None
    # counts of the tree below (this state included), filled by count()
    nodes: int = 0
    edges: int = 0
    slots: int = 0
    terminals: int = 0
    depth: int = 0


@dataclass
class Graph:
    """The betting states of a hand (:func:`build_graph`): ``root``, the number of
    distinct ``states`` the engine was asked about, and the ``spec``."""

    spec: GameSpec
    root: State
    states: int
    roles: dict[int, str]


#: Most distinct betting states the engine is asked about before a hand is refused as
#: too large to solve (the largest solvable trees have a few thousand).
MAX_STATES = 50_000
#: Most moves at one decision: past it the tree has more than 2**MAX_MOVES nodes (each
#: bet can be followed by the rest), so the hand is refused at once.
MAX_MOVES = 256
#: Most nodes of a tree: the layout numbers nodes and edges with 32-bit indexes (and a
#: tree this large needs far more memory than any machine has). The walk counts each
#: state's subtree as it finishes it and stops at the first past the ceiling.
MAX_NODES = 2**31 - 1
#: Most moves on one line of play (the walk recurses once per move): a deeper tree is
#: refused as soon as the walk reaches that depth (it would also have far more than
#: MAX_NODES nodes: every decision on the way offers at least two moves).
MAX_DEPTH = 400


def check_spec(spec: GameSpec) -> None:
    """Refuse, by arithmetic alone, a hand whose dealer is offered more than
    :data:`MAX_MOVES` bets at his first decision (every amount up to his stack, or each
    of the ``bet_sizes`` below it and one all-in)."""
    if spec.bet_sizes is None:
        offered, how = spec.stacks, "every bet size"
    else:
        offered, how = len({min(b, spec.stacks) for b in spec.bet_sizes}), "these bet sizes"
    if offered > MAX_MOVES:
        raise PedronValueError(
            f"stacks {spec.stacks} with {how}: the dealer's first decision has {offered:,} "
            f"moves, more than the {MAX_MOVES} a decision of the solver's tree may have "
            "(pedron.diamondback.solver.tree.MAX_MOVES: the tree would have more than 2**256 "
            "nodes); solve smaller stacks or fewer --bet-sizes")


def _hands_for(dealer_wins: int) -> dict[int, list[int]]:
    """Card ids for the three hands: the dealer's better (1), the other's (-1), equal (0)."""
    def ids(ranks: Sequence[int], taken: set[int]) -> list[int]:
        out = []
        for r in ranks:
            c = next(i for i in range(DECK_SIZES[2]) if RANK_OF_ID[i] == r and i not in taken)
            taken.add(c)
            out.append(c)
        return out

    taken: set[int] = set()
    best, worst, equal = (3, 4), (0, 0), (1, 2)  # Magician-Priestess, Priest-Priest, K-Q
    if dealer_wins > 0:
        return {0: ids(best, taken), 1: ids(worst, taken)}
    if dealer_wins < 0:
        return {1: ids(best, taken), 0: ids(worst, taken)}
    return {0: ids(equal, taken), 1: ids(equal, taken)}


def build_graph(spec: GameSpec, max_states: int = MAX_STATES) -> Graph:
    """Walk the engine over every betting state of ``spec``'s hand (see the module
    docstring); refuse (PedronValueError) a hand with more than ``max_states``."""
    from pedron.diamondback.encodings import DiamondbackActions
    from pedron.diamondback.table import Table

    check_spec(spec)
    if spec.players != 2:
        raise PedronValueError("the compact heads-up tree is for two players: "
                               "pedron.diamondback.solver.multi builds the others")
    rules = spec.rules()
    total = 2 * spec.stacks
    actions = DiamondbackActions(rules, total, spec.bet_sizes)
    deals = []
    for who in (1, -1, 0):
        table = Table(2, [spec.stacks, spec.stacks], rules, Generator(0), dealer=0)
        deals.append(table.next_deal(hands=_hands_for(who)))
    roles = roles_of(deals[0].view(0))
    memo: dict[Any, State] = {}

    def signature(deal: Any, view: Any) -> Any:
        return (view.phase, view.to_act, view.dealt_in, view.committed, view.stacks,
                view.pot, view.bet, view.live, tuple(len(x) for x in view.shown),
                tuple(int(i) for i in np.flatnonzero(actions.mask(view))), bool(view.my_cards))

    def visit(three: list[Any], depth: int) -> State:
        if depth > MAX_DEPTH:
            raise PedronValueError(
                f"stacks {spec.stacks}: a line of play has more than {MAX_DEPTH} moves (the "
                "most the solver walks: pedron.diamondback.solver.tree.MAX_DEPTH); solve smaller "
                "stacks or larger --bet-sizes")
        a = three[0]
        if a.done:
            vals = [hand_value(d, spec.carry) for d in three]
            return State("terminal", u=[[vals[o][p] for o in range(3)] for p in range(2)],
                         nodes=1)
        seat = a.to_act
        view = a.view(seat)
        key = signature(a, view)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= max_states:
            raise PedronValueError(
                f"stacks {spec.stacks}: the hand has more than {max_states:,} betting states "
                "(far beyond what fits in memory); solve smaller stacks or fewer --bet-sizes")
        legal = [int(i) for i in np.flatnonzero(actions.mask(view))]
        if len(legal) > MAX_MOVES:
            raise PedronValueError(
                f"stacks {spec.stacks}: a decision has {len(legal):,} moves, so the tree has "
                f"more than 2**{MAX_MOVES} nodes; solve smaller stacks or fewer --bet-sizes")
        for d in three[1:]:
            other = [int(i) for i in np.flatnonzero(actions.mask(d.view(d.to_act)))]
            if d.to_act != seat or (other != legal and not set(other) | set(legal) <= {
                    _LOW, _HIGH}):
                raise AssertionError("the legal moves depend on the cards: the compact tree "
                                     "does not apply")
        role = roles[seat]
        if set(legal) <= {_LOW, _HIGH}:  # a reveal: one public child per rank
            nxt = []
            for d in three:
                c = d.clone()
                c.apply(actions.move(_LOW, c.view(seat)))
                nxt.append(c)
            after = visit(nxt, depth + 1)
            state = State("reveal", player=seat, moves=[(_LOW, "", after)],
                          nodes=1 + 5 * after.nodes)
        else:
            state = State("decision", player=seat, shared=not view.my_cards)
            for index in legal:
                nxt = []
                text = ""
                for j, d in enumerate(three):
                    c = d.clone()
                    records = c.apply(actions.move(index, c.view(seat)))
                    if j == 0:
                        moves = [r for r in records if r.seat == seat and r.kind in (
                            "ante", "match", "fold", "bet", "stop")]
                        text = move_text(role, moves[0].kind, moves[0].amount)
                    nxt.append(c)
                state.moves.append((index, text, visit(nxt, depth + 1)))
            state.nodes = 1 + sum(c.nodes for _, _, c in state.moves)
        if state.nodes > MAX_NODES:
            raise PedronValueError(
                f"stacks {spec.stacks}: the tree has more than {MAX_NODES:,} nodes (the most "
                "the solver lays out: pedron.diamondback.solver.tree.MAX_NODES); solve smaller "
                "stacks or fewer --bet-sizes")
        memo[key] = state
        return state

    root = visit(deals, 0)
    return Graph(spec, root, len(memo), roles)


# -- counting and laying out the tree -------------------------------------------------------


@dataclass(frozen=True)
class Size:
    """The tree's size: ``nodes``, ``edges``, ``terminals``, regret ``slots``, its
    ``depth``, the ``infosets`` of the strategy file, and the ``bytes`` a solve needs at
    its peak (arrays, regret and average tables, and the strategy while it is written)."""

    nodes: int
    edges: int
    terminals: int
    slots: int
    depth: int
    infosets: int
    bytes: int


def count(graph: Graph) -> Size:
    """The expanded tree's size, from the graph (nothing is allocated)."""
    done: set[int] = set()
    order: list[State] = []
    stack: list[tuple[State, bool]] = [(graph.root, False)]
    while stack:  # (post-order, iterative: deep graphs stay off the C stack)
        s, ready = stack.pop()
        if id(s) in done:
            continue
        if ready:
            done.add(id(s))
            order.append(s)
            continue
        stack.append((s, True))
        stack.extend((c, False) for _, _, c in s.moves if id(c) not in done)
    for s in order:
        if s.kind == "terminal":
            s.nodes, s.edges, s.slots, s.terminals, s.depth = 1, 0, 0, 1, 0
            continue
        fan = 5 if s.kind == "reveal" else 1
        kids = [c for _, _, c in s.moves]
        k = fan * len(kids)
        s.nodes = 1 + fan * sum(c.nodes for c in kids)
        s.edges = k + fan * sum(c.edges for c in kids)
        s.terminals = fan * sum(c.terminals for c in kids)
        s.slots = (k if s.shared else len(HANDS) * k) + fan * sum(c.slots for c in kids)
        s.depth = 1 + max(c.depth for c in kids)
    # information sets: per decision, the hands its player can hold given the ranks shown
    held = _held_counts()
    memo: dict[tuple[int, int, int], int] = {}
    for s in order:
        for s0 in range(-1, 5):
            for s1 in range(-1, 5):
                if s.kind == "terminal":
                    n = 0
                elif s.kind == "reveal":
                    after = s.moves[0][2]
                    n = held[s0 + 1][s1 + 1][s.player] + sum(
                        memo[(id(after), r, s1) if s.player == 0 else (id(after), s0, r)]
                        for r in range(5))
                else:
                    n = (1 if s.shared else held[s0 + 1][s1 + 1][s.player]) + sum(
                        memo[id(c), s0, s1] for _, _, c in s.moves)
                memo[id(s), s0, s1] = n
    root = graph.root
    sets = memo[id(root), -1, -1]
    total = (BASE_BYTES + root.nodes * _NODE_BYTES + root.edges * _EDGE_BYTES
             + root.terminals * _TERM_BYTES + root.slots * _SLOT_BYTES + sets * _KEY_BYTES)
    return Size(root.nodes, root.edges, root.terminals, root.slots, root.depth, sets, total)


def _held_counts() -> list[list[list[int]]]:
    """``[shown0 + 1, shown1 + 1, p]``: how many hands ``p`` can hold (see hand_masks)."""
    masks = _mask_table(chance_table())
    return [[[bin(int(m)).count("1") for m in row] for row in plane] for plane in masks]


@dataclass
class TreeArrays:
    """The tree laid out for :class:`pedron._kernels.cfr.CfrTree` (node 0 the root, nodes
    in preorder), with what the strategy file needs: each decision node's moves so far
    (:meth:`path`, from ``parent`` and the ``label`` of the move into each node),
    encoding indexes (``codes``, per edge; -1 for a reveal) and the revealed ranks on the
    way (``shown``: per node, each seat's, -1 before it reveals)."""

    kind: np.ndarray
    player: np.ndarray
    first: np.ndarray
    count: np.ndarray
    slot: np.ndarray
    term: np.ndarray
    child: np.ndarray
    rank: np.ndarray
    u: np.ndarray
    codes: np.ndarray
    parent: np.ndarray
    label: np.ndarray
    labels: list[str]
    shown: np.ndarray

    def path(self, node: int) -> list[str]:
        """The moves from the root to ``node``, as the keys name them."""
        out = []
        while node > 0:
            out.append(self.labels[self.label[node]])
            node = int(self.parent[node])
        out.reverse()
        return out

    def kernel_args(self, chance: np.ndarray) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "first": self.first,
                "count": self.count, "slot": self.slot, "term": self.term,
                "child": self.child, "rank": self.rank, "u": self.u,
                "mask": hand_masks(self.shown, chance)}


def hand_masks(shown: np.ndarray, chance: np.ndarray) -> np.ndarray:
    """Per node and player, the hands he can hold there (bit ``h``): those holding the
    rank he revealed, dealt with positive chance beside a hand holding the other's."""
    table = _mask_table(chance)
    return table[shown[:, 0].astype(np.int64) + 1, shown[:, 1].astype(np.int64) + 1]


def _mask_table(chance: np.ndarray) -> np.ndarray:
    has = has_table().astype(bool)
    possible = chance > 0
    table = np.zeros((6, 6, 2), dtype=np.uint16)  # (seat 0's shown + 1, seat 1's + 1, p)
    weights = (1 << np.arange(len(HANDS))).astype(np.uint16)
    for s0 in range(-1, 5):
        for s1 in range(-1, 5):
            ok0 = has[:, s0] if s0 >= 0 else np.ones(len(HANDS), bool)
            ok1 = has[:, s1] if s1 >= 0 else np.ones(len(HANDS), bool)
            pair = possible & ok0[:, None] & ok1[None, :]
            table[s0 + 1, s1 + 1, 0] = weights[pair.any(axis=1)].sum()
            table[s0 + 1, s1 + 1, 1] = weights[pair.any(axis=0)].sum()
    return table


def expand(graph: Graph) -> TreeArrays:
    """Lay the tree out as arrays (:func:`count` first: the sizes come from it)."""
    size = count(graph)
    n, e, t = size.nodes, size.edges, size.terminals
    kind = np.zeros(n, dtype=np.int8)
    player = np.zeros(n, dtype=np.int8)
    first = np.zeros(n, dtype=np.int32)
    cnt = np.zeros(n, dtype=np.int32)
    slot = np.zeros(n, dtype=np.int64)
    term = np.zeros(n, dtype=np.int32)
    child = np.zeros(e, dtype=np.int32)
    rank = np.full(e, -1, dtype=np.int8)
    codes = np.full(e, -1, dtype=np.int32)
    u = np.zeros((t, 2, 3), dtype=np.float64)
    shown = np.full((n, 2), -1, dtype=np.int8)
    parent = np.zeros(n, dtype=np.int32)
    label = np.zeros(n, dtype=np.int32)
    labels: list[str] = [""]
    label_of: dict[str, int] = {"": 0}
    roles = graph.roles
    next_node = 1
    next_edge = 0
    next_slot = 0
    next_term = 0
    # (explicit stack of (state, node index, ranks shown))
    stack: list[tuple[State, int, tuple[int, int]]] = [(graph.root, 0, (-1, -1))]
    while stack:
        s, i, seen = stack.pop()
        shown[i] = seen
        if s.kind == "terminal":
            kind[i] = 0
            term[i] = next_term
            assert s.u is not None
            u[next_term] = s.u
            next_term += 1
            continue
        player[i] = s.player
        kind[i] = 2 if s.shared else 1
        if s.kind == "reveal":
            after = s.moves[0][2]
            kids: list[tuple[int, int, str, State, tuple[int, int]]] = []
            for r in range(5):
                now = (r, seen[1]) if s.player == 0 else (seen[0], r)
                kids.append((-1, r, move_text(roles[s.player], "reveal", rank=r), after, now))
        else:
            kids = [(code, -1, text, nxt, seen) for code, text, nxt in s.moves]
        k = len(kids)
        first[i] = next_edge
        cnt[i] = k
        slot[i] = next_slot
        next_slot += k if s.shared else len(HANDS) * k
        base = next_edge
        next_edge += k
        # preorder: a subtree is the block [i, i + nodes), each child's block after the last
        pos = i + 1
        placed: list[tuple[State, int, tuple[int, int]]] = []
        for j, (code, r, text, nxt, now) in enumerate(kids):
            child[base + j] = pos
            rank[base + j] = r
            codes[base + j] = code
            parent[pos] = i
            number = label_of.get(text)
            if number is None:
                number = label_of[text] = len(labels)
                labels.append(text)
            label[pos] = number
            placed.append((nxt, pos, now))
            pos += nxt.nodes
        next_node = max(next_node, pos)
        stack.extend(reversed(placed))
    if (next_node, next_edge, next_slot, next_term) != (n, e, size.slots, t):
        raise AssertionError("the tree's layout disagrees with its count")
    return TreeArrays(kind, player, first, cnt, slot, term, child, rank, u, codes, parent,
                      label, labels, shown)


def prefixes(arrays: TreeArrays) -> list[str]:
    """Each node's moves from the root as the keys write them (space-separated), built
    in one pass: a node's parent comes before it."""
    out = [""] * len(arrays.kind)
    labels = arrays.labels
    parent = arrays.parent.tolist()
    label = arrays.label.tolist()
    for i in range(1, len(out)):
        before = out[parent[i]]
        text = labels[label[i]]
        out[i] = f"{before} {text}" if before else text
    return out


def infosets(arrays: TreeArrays, chance: np.ndarray, roles: dict[int, str]
             ) -> Iterator[tuple[int, list[int], list[str]]]:
    """``(node, hands, keys)`` per decision node: the hands its player can be dealt there
    (holding his own revealed rank, beside a hand of the other's holding his; ``[-1]``
    before the deal) and their keys, as :func:`pedron.diamondback.strategyfile.info_key` names
    their views."""
    masks = _mask_table(chance)
    moves = prefixes(arrays)
    for i in np.flatnonzero(arrays.kind != 0).tolist():
        p = int(arrays.player[i])
        role = roles[p]
        tail = moves[i]
        if arrays.kind[i] == 2:
            yield i, [-1], [key_text(role, (), tail)]
            continue
        held = int(masks[arrays.shown[i][0] + 1, arrays.shown[i][1] + 1, p])
        hands = [h for h in range(len(HANDS)) if (held >> h) & 1]
        yield i, hands, [key_text(role, HANDS[h], tail) for h in hands]
