"""Train the strong Diablo bot's strategy (``pedron.diablo.StrongBot``).

The method is Monte Carlo policy iteration over the bot's abstraction (its
situations and keys, see :mod:`pedron.diablo.strong`), with conservative updates:

1. Play sessions as a duplicate match does (one game, then the Diablo series it
   starts played out), at 3 to 7 players, the current policy at some seats and
   opponents from a family at the others: fields of one ``RuleBot`` setting drawn
   from a grid (open, call, raise and bet-big thresholds, draw limits), random
   bots, and the policy itself (self-play); with ``--exploiters``, a share of
   sessions (``--exploit-share``) seats one exploiter found by
   ``scripts/exploit_strong_bot.py`` alone among the policy's seats.
2. At a share of the policy's betting decisions, *branch*: clone the table (its
   cards and generator included) once per distinct legal move the situation's
   abstract actions map to, play that move, then everyone on by his own policy
   to the end of the session; the chips the seat ends with are one sample of
   each action's value at that key. The branches share the deck and every later
   shuffle (common random numbers), so the differences between actions are far
   less noisy than the values.
3. Estimate each action's value per key, shrunk towards coarser keys where a key
   has few samples; move the policy a step ``alpha`` towards the best action
   (``(1 - alpha) * old + alpha * greedy``), and go again with the new policy.

Training only reads the simulated tables (the engine's clones); the bot itself
sees only its view. Each run is bounded (``--minutes`` per iteration) and writes
the strategy after every iteration. An iteration is reproducible from ``--seed``
when ``--sessions`` ends it (not the clock), and does not depend on how many
iterations were asked for, so the file after iteration ``k`` of a longer run is
the file ``--iterations k`` writes.

The shipped ``src/pedron/diablo/strong_diablo.json`` (330 kB) is, on one core of a
shared 2-core machine, 3.5 s of reference hands, 4 iterations (33 minutes: 255, 774,
419 and 550 s), 2 more keeping their samples in a file (9 minutes: 267 and 297 s), and
the policy purified (:func:`purify`):

    python scripts/train_strong_bot.py reference --out src/pedron/diablo/strong_diablo.json \\
        --hands 40000 --seed 1
    python scripts/train_strong_bot.py train --strategy src/pedron/diablo/strong_diablo.json \\
        --iterations 4 --sessions 60000 --minutes 30 --seed 1
    python scripts/train_strong_bot.py train --strategy src/pedron/diablo/strong_diablo.json \\
        --iterations 2 --sessions 60000 --minutes 30 --seed 1 --samples samples.json
    python scripts/train_strong_bot.py purify --strategy src/pedron/diablo/strong_diablo.json

(the other options at their defaults; ``--minutes 30`` is only a cap, never reached).
A strategy is checked against a few rule bots with

    python scripts/train_strong_bot.py evaluate --strategy strategy.json --sets 400
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pedron._kernels.rng import Generator
from pedron._kernels.seeds import derive_seed
from pedron.bots import RandomBot
from pedron.diablo import Rules, Table
from pedron.diablo.bots import RuleBot
from pedron.diablo.hand import Category
from pedron.diablo.strong import ACTIONS, SCALE, Strategy, StrongBot, load_diablo_strategy

#: Strength bucket edges: before the draw (``q``) and after (``p``).
Q_EDGES = (0.27, 0.32, 0.38, 0.45, 0.52, 0.58, 0.63, 0.68, 0.73, 0.78, 0.82, 0.86, 0.90,
           0.94, 0.97)
P_EDGES = (0.30, 0.50, 0.58, 0.64, 0.70, 0.76, 0.81, 0.85, 0.875, 0.90, 0.925, 0.95, 0.965,
           0.98, 0.992)

C = Category
#: The rule bots' grid the training draws opponents from: ``open`` and ``call`` over
#: every category (their pair is the *cell* the league weighs), the others from these.
CATEGORIES = tuple(Category)
RAISE = (C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FULL_HOUSE, C.FOUR_OF_A_KIND,
         C.FIVE_OF_A_KIND)
BIG = (C.THREE_OF_A_KIND, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.FIVE_OF_A_KIND)
DRAW = (None, None, None, 1, 0)


# -- the reference hands --------------------------------------------------------------------


def reference(hands: int, seed: int, wild: bool) -> dict[int, int]:
    """``strength -> weight`` of random hands after the advisor's best exchange (two
    cards; the expected-strength objective), exact over each hand's replacements.

    Each hand's counts are scaled to a common total of 1081 (= C(47, 2), a multiple of
    47 = C(47, 1)), so every hand weighs the same."""
    from pedron.drawpoker import draw_odds

    rng = Generator(seed)
    cards = list(range(52))
    weights: dict[int, int] = defaultdict(int)
    for _ in range(hands):
        rng.shuffle(cards)
        best = draw_odds(tuple(cards[:5]), 2, wild=wild)[0]
        counts = best.strength_counts()
        factor = 1081 // sum(counts.values())
        for s, c in counts.items():
            weights[s] += c * factor
    return dict(sorted(weights.items()))


# -- opponents ------------------------------------------------------------------------------


class League:
    """The rule bots the policy trains against, weighted towards those it does worst
    against (a league of exploiters): a weight per ``(open, call)`` cell, the other
    parameters drawn uniformly from the grid. :meth:`update` plays a short duplicate
    match against every cell's bot (the other parameters at their defaults) and sets
    the weights to ``exp(-chips per game / temperature)``, mixed with a uniform share.
    """

    def __init__(self, weights: list[float] | None = None,
                 exploiters: dict[int, list[str]] | None = None,
                 exploit_share: float = 0.0) -> None:
        self.cells = [(o, c) for o in CATEGORIES for c in CATEGORIES]
        self.weights = weights or [1.0] * len(self.cells)
        #: Exploiters found by ``scripts/exploit_strong_bot.py``: table size -> bot specs.
        self.exploiters = exploiters or {}
        #: The share of sessions that seat one exploiter alone among the policy's seats.
        self.exploit_share = exploit_share if self.exploiters else 0.0

    def exploiter(self, rng: Generator, players: int) -> str:
        """An exploiter's spec: one found at this table size if any, else any."""
        specs = self.exploiters.get(players) or sorted(
            {s for found in self.exploiters.values() for s in found})
        return specs[rng.integers(len(specs))]

    def sample(self, rng: Generator) -> dict[str, Any]:
        """A RuleBot setting: a cell by weight, the rest uniform."""
        total = sum(self.weights)
        u = rng.integers(1 << 30) / (1 << 30) * total
        cell = self.cells[-1]
        for c, w in zip(self.cells, self.weights, strict=True):
            u -= w
            if u < 0:
                cell = c
                break

        def one(options: tuple[Any, ...]) -> Any:
            return options[rng.integers(len(options))]

        return {"open_at": cell[0], "call_at": cell[1], "raise_at": one(RAISE),
                "bet_big_at": one(BIG), "max_draw": one(DRAW)}

    def update(self, strategy: Strategy, sets: int, seed: int, temperature: float,
               uniform: float, sizes: tuple[int, ...] = ()) -> dict[str, Any]:
        """Weigh the cells by how the policy does against them now; return the worst.

        Each cell is played at one table size, 3, 5 and 7 players in turn (as every
        shipped policy was trained), or with ``sizes`` at each of those sizes and
        weighed by the worst of them (a cell the policy does badly against at one size
        only is not averaged away)."""
        import pedron.match

        def factory(seed: int) -> Any:
            return StrongBot(seed, strategy=strategy)

        margins: list[float] = []
        worst_at: list[int] = []
        for i, (o, c) in enumerate(self.cells):
            spec = f"rule:open={o.name.lower()},call={c.name.lower()}"
            played = {}
            for players in sizes or ((3, 5, 7)[i % 3],):
                cell_seed = derive_seed(seed, i, players) if sizes else derive_seed(seed, i)
                r = pedron.match.match("diablo", {"strong": factory, "rival": spec},
                                       players=players, sets=sets, seed=cell_seed)
                played[players] = r.score("strong").mean
            worst_at.append(min(played, key=played.__getitem__))
            margins.append(played[worst_at[-1]])
        raw = [math.exp(-max(min(m, 20.0), -20.0) / temperature) for m in margins]
        total = sum(raw)
        n = len(raw)
        self.weights = [(1 - uniform) * w / total + uniform / n for w in raw]
        order = sorted(range(n), key=lambda i: margins[i])
        return {"worst": [[self.cells[i][0].name.lower(), self.cells[i][1].name.lower(),
                           worst_at[i], round(margins[i], 2)] for i in order[:5]],
                "below_zero": sum(m < 0 for m in margins)}


Factory = Callable[[int], Any]
#: Fields of random bots, out of 20 fields.
RANDOM_IN_20 = 1


def lineup(rng: Generator, players: int, strategy: Strategy, league: League,
           field: str | None = None) -> tuple[list[Factory], list[int]]:
    """The factories of one session's seats and the seats the policy learns at
    (``field``: a bot spec every other seat plays instead of the family)."""
    def policy(seed: int) -> Any:
        return StrongBot(seed, strategy=strategy)

    if field is not None:
        from pedron.bots import make_bot

        seat = rng.integers(players)
        return [policy if s == seat else (lambda seed: make_bot(field, "diablo", seed))
                for s in range(players)], [seat]

    def rule(setting: dict[str, Any]) -> Factory:
        return lambda seed: RuleBot(**setting)

    def random_bot(seed: int) -> Any:
        return RandomBot(seed)

    # (no draw without exploiters: the sessions of a run without them are unchanged)
    if league.exploit_share and rng.integers(1000) < league.exploit_share * 1000:
        from pedron.bots import make_bot

        spec = league.exploiter(rng, players)
        seat = rng.integers(players)
        return [(lambda seed: make_bot(spec, "diablo", seed)) if s == seat else policy
                for s in range(players)], [s for s in range(players) if s != seat]
    u = rng.integers(100)
    if u < 50:  # one policy seat against a field of one rule bot (or random bots)
        other = random_bot if rng.integers(20) < RANDOM_IN_20 else rule(league.sample(rng))
        seat = rng.integers(players)
        return [policy if s == seat else other for s in range(players)], [seat]
    if u < 80:  # self-play
        return [policy] * players, list(range(players))
    seats: list[Factory] = []  # a mixed table
    for _ in range(players):
        seats.append(policy if rng.integers(2) else rule(league.sample(rng)))
    if policy not in seats:
        seats[rng.integers(players)] = policy
    return seats, [s for s, f in enumerate(seats) if f is policy]


# -- sessions and branches ------------------------------------------------------------------


def play_out(table: Any, bots: list[Any], closed: bool) -> None:
    """Play the table to the end of its session: the current deal, and (as a match's
    session of one deal does) the pots it leaves, after asking to close."""
    while True:
        deal = table.current
        if deal is not None and not deal.done:
            while not deal.done:
                seat = deal.to_act
                view = deal.view(seat)
                deal.apply(bots[seat](view, view.legal))
        if table.over:
            return
        if not closed:
            closed = True
            if table.close():
                return
        if table.over:
            return
        table.next_deal()


def game_value(game: Any, table: Any, bots: list[Any], seat: int) -> float:
    """Play the game on to its end; the seat's chips then, with his share of the pot
    left on the table for the next game (an equal share of every seated player).

    Stopping at the end of the game, instead of playing out the Diablo series it
    may start, leaves out the luck of the later deals: the differences between
    actions come out several times less noisy."""
    while not game.done:
        s = game.to_act
        view = game.view(s)
        game.apply(bots[s](view, view.legal))
    carry = table.carry
    share = carry / max(sum(table.seated), 1) if carry else 0.0
    return table.stacks[seat] + share


class Samples:
    """Per key, the number of samples and each action's summed value."""

    def __init__(self) -> None:
        self.count: dict[tuple[str, tuple[int, ...]], float] = defaultdict(float)
        self.sums: dict[tuple[str, tuple[int, ...]], list[float]] = {}

    def add(self, situation: str, key: tuple[int, ...], values: list[float]) -> None:
        k = (situation, key)
        self.count[k] += 1
        row = self.sums.get(k)
        if row is None:
            self.sums[k] = list(values)
        else:
            for i, v in enumerate(values):
                row[i] += v

    def scale(self, factor: float) -> None:
        """Weigh every sample so far by ``factor`` (older policies' samples count less)."""
        for k in list(self.count):
            self.count[k] *= factor
            self.sums[k] = [v * factor for v in self.sums[k]]

    def merge(self, other: Samples) -> None:
        for k, n in other.count.items():
            self.count[k] += n
            row = self.sums.get(k)
            if row is None:
                self.sums[k] = list(other.sums[k])
            else:
                for i, v in enumerate(other.sums[k]):
                    row[i] += v

    def to_json(self) -> list[Any]:
        return [[s, list(k), n, self.sums[(s, k)]] for (s, k), n in self.count.items()]

    @classmethod
    def from_json(cls, data: list[Any]) -> Samples:
        out = cls()
        for s, k, n, sums in data:
            out.count[(s, tuple(k))] = n
            out.sums[(s, tuple(k))] = list(sums)
        return out


def shrink_to_two(table: Any, bots: list[Any], deals: int = 10) -> bool:
    """Play a three-player table whose third seat has one chip until that seat is out
    (it is all in from its ante): the table shrinks to two players, as a table does
    when a player goes broke. False when it has not after ``deals`` deals (or the
    session ended): the session is dropped."""
    for _ in range(deals):
        if table.over or sum(table.seated) < 3:
            break
        table.next_deal()
        deal = table.current
        while not deal.done:
            seat = deal.to_act
            view = deal.view(seat)
            deal.apply(bots[seat](view, view.legal))
    return not table.over and sum(table.seated) == 2 and not table.seated[2]


def session(seed: int, strategy: Strategy, branch: float, samples: Samples,
            rules: Rules, league: League, field: str | None = None,
            two_share: float = 0.0) -> int:
    """Play one training session; return the branches taken.

    With ``two_share``, that share of sessions is played at a table of two players
    (what a table shrinks to: Diablo tables are dealt for 3 to 7 players)."""
    rng = Generator(seed)
    players = 3 + rng.integers(5)
    # (no draw without two_share: the sessions of a run without it are unchanged)
    two = bool(two_share) and rng.integers(1000) < two_share * 1000
    if two:
        players = 2
    factories, learners = lineup(rng, players, strategy, league, field)
    if two:  # a third seat of one chip, gone after the first deals
        factories = [*factories, lambda seed: RandomBot(seed)]
    seeds = [derive_seed(seed, 1, s) for s in range(len(factories))]
    bots = [f(sd) for f, sd in zip(factories, seeds, strict=True)]
    if two:
        table = Table(3, [100, 100, 1], rules, Generator(derive_seed(seed, 2)),
                      dealer=rng.integers(3))
        if not shrink_to_two(table, bots):
            return 0
    else:
        table = Table(players, 100, rules, Generator(derive_seed(seed, 2)), dealer=0)
    table.next_deal()
    closed = False
    branches = 0
    while True:
        deal = table.current
        while not deal.done:
            seat = deal.to_act
            view = deal.view(seat)
            legal = view.legal
            bot = bots[seat]
            kinds = {a.kind: a for a in legal}
            if (seat in learners and ("call" in kinds or "check" in kinds)
                    and rng.integers(1000) < branch * 1000):
                d = bot.decision(view, kinds)
                actions = ACTIONS[d.situation]
                moves = [StrongBot.move(a, kinds) for a in actions]
                value: dict[Any, float] = {}
                for m in moves:
                    if m in value:
                        continue
                    twin = table.clone()
                    twin_bots = [f(sd) for f, sd in zip(factories, seeds, strict=True)]
                    game = twin.current
                    game.apply(m)
                    value[m] = game_value(game, twin, twin_bots, seat)
                if len(value) > 1:
                    samples.add(d.situation, d.key, [value[m] for m in moves])
                    branches += 1
            deal.apply(bot(view, legal))
        if table.over:
            break
        if not closed:
            closed = True
            if table.close():
                break
        if table.over:
            break
        table.next_deal()
    return branches


# -- the policy update ----------------------------------------------------------------------


def parents(situation: str, key: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """Coarser keys a key's estimates are shrunk towards, nearest first (the strength
    bucket, last in every key, is kept)."""
    if situation == "open":
        _players, behind, pot, q = key
        return [(situation, min(behind, 3), pot, q), (situation, q)]
    if situation == "face1":
        opp, raises, opener, _pot, _price, q = key
        return [(situation, min(opp, 2), min(raises, 1), opener, q), (situation, opener, q)]
    if situation == "lead2":
        opp, opener, fewest, _pot, p = key
        return [(situation, min(opp, 2), opener, fewest, p), (situation, opener, p)]
    opp, _raises, opener, fewest, _pot, _price, p = key
    return [(situation, min(opp, 2), opener, fewest, p), (situation, opener, p)]


class Estimates:
    """Each key's action values: its own samples' means, shrunk towards its parents'
    (each parent towards the next coarser), ``shrink`` samples' worth."""

    def __init__(self, samples: Samples, shrink: float) -> None:
        self.samples = samples
        self.shrink = shrink
        self.pooled: dict[tuple[Any, ...], list[float]] = {}
        self.counts: dict[tuple[Any, ...], float] = defaultdict(float)
        for (sit, key), n in samples.count.items():
            sums = samples.sums[(sit, key)]
            for parent in parents(sit, key):
                row = self.pooled.get(parent)
                if row is None:
                    self.pooled[parent] = list(sums)
                else:
                    for i, v in enumerate(sums):
                        row[i] += v
                self.counts[parent] += n

    def value(self, situation: str, key: tuple[int, ...]) -> tuple[list[float] | None, float]:
        """The key's estimated action values (None: nothing known) and its samples."""
        shrink = self.shrink
        prior: list[float] | None = None
        for parent in reversed(parents(situation, key)):
            m = self.counts.get(parent, 0.0)
            if m <= 0:
                continue
            mean = [v / m for v in self.pooled[parent]]
            prior = mean if prior is None else [
                (v * m + p * shrink) / (m + shrink) for v, p in zip(mean, prior, strict=True)
            ]
        n = self.samples.count.get((situation, key), 0.0)
        if n <= 0 or prior is None:
            return prior, 0.0
        sums = self.samples.sums[(situation, key)]
        return [(v + p * shrink) / (n + shrink) for v, p in zip(sums, prior, strict=True)], n


def project(values: list[list[float] | None], weights: list[float]) -> list[int]:
    """The best *threshold policy* for one context: the action of each strength bucket,
    from weakest to strongest ``[bluff | 0 | 1 | 2]``, where actions 0, 1, 2 are the
    situation's (check, bet small, bet big; or fold, call, raise) in increasing
    strength, and the weakest hands may form a region of their own playing 1 or 2 (a
    bluff). It maximises the buckets' summed values, each weighted by its samples:
    the structure pools a context's samples across its buckets (better hands never
    play more passively, except the bluffing region)."""
    b_count = len(values)
    prefix = [[0.0] * (b_count + 1) for _ in range(3)]
    for a in range(3):
        total = 0.0
        for b in range(b_count):
            v = values[b]
            if v is not None:
                total += weights[b] * v[a]
            prefix[a][b + 1] = total
    best = -math.inf
    choice = (1, 0, 0, 0)
    top = b_count
    for bluff in (1, 2):
        for t0 in range(top + 1):
            base0 = prefix[bluff][t0]
            if bluff == 2 and t0 == 0:
                continue  # (no bluffing region: counted once, with bluff == 1)
            for t1 in range(t0, top + 1):
                base1 = base0 + prefix[0][t1] - prefix[0][t0]
                for t2 in range(t1, top + 1):
                    v = base1 + prefix[1][t2] - prefix[1][t1] + prefix[2][top] - prefix[2][t2]
                    if v > best + 1e-9:
                        best = v
                        choice = (bluff, t0, t1, t2)
    bluff, t0, t1, t2 = choice
    return [bluff if b < t0 else 0 if b < t1 else 1 if b < t2 else 2 for b in range(b_count)]


def improve(strategy: Strategy, samples: Samples, alpha: float, shrink: float) -> dict[str, int]:
    """Move the policy a step ``alpha`` towards the best threshold policy of every
    context sampled; return counts of the keys changed and kept."""
    from pedron.diablo.strong import fallback_probs

    est = Estimates(samples, shrink)
    contexts = sorted({(sit, key[:-1]) for (sit, key) in samples.count})
    changed = kept = 0
    for sit, context in contexts:
        edges = strategy.edges["q" if sit in ("open", "face1") else "p"]
        buckets = len(edges) + 1
        values: list[list[float] | None] = []
        weights: list[float] = []
        for b in range(buckets):
            v, n = est.value(sit, (*context, b))
            values.append(v)
            weights.append(n + 0.5 if v is not None else 0.0)
        greedy = project(values, weights)
        for b in range(buckets):
            if values[b] is None:
                continue
            key = (*context, b)
            old = strategy.policy[sit].get(key)
            if old is None:
                low = edges[b - 1] if b > 0 else 0.0
                high = edges[b] if b < len(edges) else 1.0
                old = fallback_probs(sit, key, (low + high) / 2)
            new = [(1 - alpha) * p + (alpha * SCALE if i == greedy[b] else 0.0)
                   for i, p in enumerate(old)]
            probs = _whole(new)
            changed += probs != old
            kept += probs == old
            strategy.policy[sit][key] = probs
    return {"changed": changed, "kept": kept}


def purify(strategy: Strategy) -> dict[str, int]:
    """Play each key's most likely action always (ties: the more passive one).

    Policy iteration leaves every key a mixture of its successive greedy choices
    (after ``k`` steps of ``alpha = 0.5`` the first still weighs ``0.5 ** k``): the
    mixture's small shares are mostly the noise of earlier iterations, not deliberate
    mixing, and they cost chips. Playing the largest share alone (*purification*, a
    known remedy in abstracted poker strategies) won +3.45 [+2.74, +4.17] chips a game
    against the mixed strategy it came from (5 players, 2,000 duplicate sets)."""
    changed = 0
    for table in strategy.policy.values():
        for key, probs in table.items():
            best = max(range(len(probs)), key=lambda i: (probs[i], -i))
            pure = tuple(SCALE if i == best else 0 for i in range(len(probs)))
            changed += pure != probs
            table[key] = pure
    return {"purified": changed}


def _whole(values: list[float]) -> tuple[int, ...]:
    """Probabilities as whole numbers out of SCALE (largest remainders)."""
    floors = [math.floor(v) for v in values]
    rest = SCALE - sum(floors)
    order = sorted(range(len(values)), key=lambda i: floors[i] - values[i])
    for i in order[:rest]:
        floors[i] += 1
    return tuple(floors)


def write_strategy(path: Path, strategy: Strategy) -> None:
    """The strategy file as shipped: compact JSON on one line."""
    path.write_text(json.dumps(strategy.to_json(), separators=(",", ":")) + "\n")


# -- commands -------------------------------------------------------------------------------


def cmd_reference(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    refs = {"wild": reference(args.hands, args.seed, True),
            "natural": reference(args.hands, args.seed + 1, False)}
    strategy = Strategy(refs, {"q": Q_EDGES, "p": P_EDGES},
                        {sit: {} for sit in ACTIONS},
                        {"reference_hands": args.hands, "reference_seed": args.seed,
                         "iterations": []})
    write_strategy(Path(args.out), strategy)
    print(f"references of {args.hands:,} hands each in {time.perf_counter() - start:.1f} s "
          f"-> {args.out}")


def cmd_train(args: argparse.Namespace) -> None:
    path = Path(args.strategy)
    strategy = load_diablo_strategy(str(path))
    rules = Rules()
    done = len(strategy.training.get("iterations", []))
    kept = Path(args.samples) if args.samples else None
    samples = Samples.from_json(json.loads(kept.read_text())) if kept and kept.exists() \
        else Samples()
    exploiters = read_exploiters(args.exploiters or [])
    league = League(strategy.training.get("league"), exploiters, args.exploit_share)
    for it in range(done, done + args.iterations):
        samples.scale(args.decay)
        start = time.perf_counter()
        ranked: dict[str, Any] = {}
        if args.league_sets and args.field is None:
            ranked = league.update(strategy, args.league_sets, derive_seed(args.seed, it, 1 << 20),
                                   args.temperature, args.uniform, tuple(args.league_sizes))
            strategy.training["league"] = [round(w, 6) for w in league.weights]
            print(f"  league: {json.dumps(ranked)} ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)
        sessions = branches = 0
        deadline = start + args.minutes * 60
        while time.perf_counter() < deadline and (args.sessions is None
                                                   or sessions < args.sessions):
            branches += session(derive_seed(args.seed, it, sessions), strategy,
                                args.branch, samples, rules, league, args.field,
                                args.two_share)
            sessions += 1
            if sessions % 2000 == 0:
                print(f"  iteration {it}: {sessions:,} sessions, {branches:,} branches, "
                      f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        elapsed = time.perf_counter() - start
        alpha = args.alpha
        result = improve(strategy, samples, alpha, args.shrink)
        record = {"iteration": it, "seed": args.seed, "sessions": sessions,
                  "branches": branches, "keys": len(samples.count), "seconds": round(elapsed),
                  "alpha": alpha, "shrink": args.shrink, "branch": args.branch,
                  "decay": args.decay, "league_sets": args.league_sets, **ranked, **result}
        if args.two_share:
            record["two_share"] = args.two_share
        if args.league_sizes:
            record["league_sizes"] = args.league_sizes
        if exploiters:
            record["exploiters"] = {str(k): v for k, v in sorted(exploiters.items())}
            record["exploit_share"] = args.exploit_share
        strategy.training.setdefault("iterations", []).append(record)
        write_strategy(path, strategy)
        if kept:
            kept.write_text(json.dumps(samples.to_json()))
        print(json.dumps(record), flush=True)


def read_exploiters(paths: list[str]) -> dict[int, list[str]]:
    """Table size -> exploiters' specs, from ``exploit_strong_bot.py search`` results
    (each file's best setting and the settings it confirmed) or from files of the
    form ``{"exploiters": {"7": [spec, ...], ...}}`` (what a training records)."""
    found: dict[int, list[str]] = defaultdict(list)
    for path in paths:
        data = json.loads(Path(path).read_text())
        if "exploiters" in data:
            for size, listed in data["exploiters"].items():
                found[int(size)] += [x for x in listed if x not in found[int(size)]]
            continue
        specs = [data["best"]] if data.get("best") else []
        specs += [c["rival"] for c in data.get("confirm", ())]
        for spec in dict.fromkeys(specs):
            if spec not in found[int(data["players"])]:
                found[int(data["players"])].append(spec)
    return dict(found)


def cmd_purify(args: argparse.Namespace) -> None:
    path = Path(args.strategy)
    strategy = load_diablo_strategy(str(path))
    result = purify(strategy)
    strategy.training["purified"] = True
    write_strategy(path, strategy)
    print(json.dumps(result))


def cmd_evaluate(args: argparse.Namespace) -> None:
    import pedron.match

    def factory(seed: int, rules: Any) -> Any:
        return StrongBot(seed, rules=rules, strategy=args.strategy)

    rivals = args.rivals or ["rule", "rule:open=two_pair", "rule:call=two_pair",
                             "rule:open=one_pair,call=one_pair", "random"]
    for players in args.players:
        for rival in rivals:
            r = pedron.match.match("diablo", {"strong": factory, "rival": rival},
                                   players=players, sets=args.sets, seed=args.seed)
            s = r.score("strong")
            print(f"{players} {rival:<40} {s.mean:+.3f} [{s.low:+.3f}, {s.high:+.3f}] "
                  f"({r.elapsed:.0f} s)", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("reference", help="a new strategy file: references, no policy")
    p.add_argument("--out", required=True)
    p.add_argument("--hands", type=int, default=40_000)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_reference)
    p = sub.add_parser("train", help="iterations of policy improvement")
    p.add_argument("--strategy", required=True, help="the file to improve (rewritten)")
    p.add_argument("--iterations", type=int, default=1)
    p.add_argument("--minutes", type=float, default=10.0, help="per iteration")
    p.add_argument("--sessions", type=int, default=None, help="per iteration, at most")
    p.add_argument("--branch", type=float, default=0.5,
                   help="share of the policy's decisions branched")
    p.add_argument("--alpha", type=float, default=0.5, help="step towards the best action")
    p.add_argument("--shrink", type=float, default=20.0,
                   help="samples' worth of the coarser keys' estimate")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--league-sets", type=int, default=40,
                   help="sets per cell of the league's match before each iteration (0: none)")
    p.add_argument("--league-sizes", type=int, nargs="+", default=[], metavar="PLAYERS",
                   help="play each cell of the league's match at each of these table sizes "
                   "and weigh it by the worst (default: each cell at one size, 3, 5 and 7 "
                   "in turn)")
    p.add_argument("--temperature", type=float, default=2.0,
                   help="the league's weights: exp(-chips per game / temperature)")
    p.add_argument("--uniform", type=float, default=0.25,
                   help="the league's uniform share")
    p.add_argument("--field", default=None,
                   help="a bot spec all other seats play (default: the family)")
    p.add_argument("--decay", type=float, default=0.5,
                   help="weight of the earlier iterations' samples, per iteration")
    p.add_argument("--exploiters", nargs="*", default=None,
                   help="search results of scripts/exploit_strong_bot.py: their settings "
                        "join the league, each seated alone among the policy's seats")
    p.add_argument("--exploit-share", type=float, default=0.2,
                   help="the share of sessions that seat an exploiter (with --exploiters)")
    p.add_argument("--two-share", type=float, default=0.0,
                   help="the share of sessions at a table of two players (what a table "
                        "shrinks to when players go broke)")
    p.add_argument("--samples", default=None,
                   help="a file keeping the samples between runs (read, then rewritten)")
    p.set_defaults(run=cmd_train)
    p = sub.add_parser("purify", help="play each key's most likely action always")
    p.add_argument("--strategy", required=True, help="the file to purify (rewritten)")
    p.set_defaults(run=cmd_purify)
    p = sub.add_parser("evaluate", help="duplicate matches against rule bots")
    p.add_argument("--strategy", required=True)
    p.add_argument("--players", type=int, nargs="+", default=[3, 5, 7])
    p.add_argument("--rivals", nargs="*", default=None)
    p.add_argument("--sets", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_evaluate)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
