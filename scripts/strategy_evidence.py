"""The figures of docs/strategy.md: the original rules' tips for beginners, measured.

    python scripts/strategy_evidence.py --out docs/perf/strategy_evidence.json

The figures of docs/strategy.md are (about 2 and 7 minutes on one core):

    python scripts/strategy_evidence.py --only improvement self_play --scale 0.3 --seed 1 \\
        --out docs/perf/strategy_evidence.json
    python scripts/strategy_evidence.py --only opening --scale 0.6 --seed 1 \\
        --out docs/perf/strategy_evidence.json

Four studies, each reproducible from ``--seed`` (default 1):

* ``opening``: the value of opening (a bet of 1) minus checking, by the class of hand
  held, at 3, 5 and 7 players, first to act and last to act (everyone before him
  having checked), the other seats played by the strong bot. Each sample branches one
  table (its cards, later deals and generator shared) into both moves and plays each
  to the end of the session, Diablo series included; the value is the chips the
  player ends with.
* ``self_play``: sessions of one game (and the series it starts) with the strong bot
  at every seat, at 3, 5 and 7 players: each player's result by the number of 2s and
  the class of hand he was dealt; how often each class wins a showdown it reaches;
  what the openers held and how often they bluffed.
* ``improvement``: exact (every replacement enumerated) chances that a dealt pair
  improves when two cards may be exchanged (Diablo) or three (ordinary draw poker),
  with and without wild 2s, averaged over random pairs.
* the deuce's worth is read from ``self_play``.

The default sizes take about 20 minutes on one core; ``--scale 0.1`` a tenth.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_strong_bot import play_out

from pedron._kernels.rng import Generator
from pedron._kernels.seeds import derive_seed
from pedron.diablo import Table
from pedron.diablo.hand import Category, evaluate
from pedron.diablo.strong import StrongBot
from pedron.engine.moves import Bet, Check
from pedron.match import t95

DEUCE = 0  # rank index of the 2 (card = 4 * rank + suit)

#: The classes of a dealt hand, weakest first (wild 2s counted, as the game ranks it).
CLASSES = ("high card", "pair, no 2", "pair with a 2", "two pair", "trips, no 2",
           "trips with a 2", "straight", "flush", "full house", "four of a kind or better")


def deuces(cards: Any) -> int:
    return sum(1 for c in cards if c >> 2 == DEUCE)


def hand_class(cards: Any) -> str:
    """The class of a five-card hand (:data:`CLASSES`)."""
    cat = evaluate(tuple(cards)).category
    wild = deuces(cards) > 0
    if cat >= Category.FOUR_OF_A_KIND:
        return CLASSES[9]
    return {
        Category.HIGH_CARD: CLASSES[0],
        Category.ONE_PAIR: CLASSES[2] if wild else CLASSES[1],
        Category.TWO_PAIR: CLASSES[3],
        Category.THREE_OF_A_KIND: CLASSES[5] if wild else CLASSES[4],
        Category.STRAIGHT: CLASSES[6],
        Category.FLUSH: CLASSES[7],
        Category.FULL_HOUSE: CLASSES[8],
    }[cat]


def summary(values: list[float]) -> dict[str, float]:
    """Mean, 95% half-width (Student's t) and count."""
    n = len(values)
    if n == 0:
        return {"mean": math.nan, "ci95": math.nan, "n": 0}
    mean = sum(values) / n
    if n < 2:
        return {"mean": mean, "ci95": math.inf, "n": n}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return {"mean": mean, "ci95": t95(n - 1) * math.sqrt(var / n), "n": n}


# -- opening ------------------------------------------------------------------------------


def random_hand(rng: Generator, wanted: str) -> tuple[int, ...]:
    """A uniformly random hand of the class ``wanted`` (by rejection)."""
    cards = list(range(52))
    while True:
        rng.shuffle(cards)
        hand = tuple(cards[:5])
        if hand_class(hand) == wanted:
            return hand


def opening_sample(seed: int, players: int, wanted: str, last: bool) -> float | None:
    """One sample of value(open 1) - value(check), or None when somebody opened
    before the player's turn (last to act only)."""
    rng = Generator(seed)
    bots = [StrongBot(derive_seed(seed, 1, s)) for s in range(players)]
    table = Table(players, 100, None, Generator(derive_seed(seed, 2)), dealer=0)
    seat = 0 if last else 1  # the dealer (seat 0) acts last, his left neighbour first
    game = table.next_deal(hands={seat: random_hand(rng, wanted)})
    while game.to_act != seat:
        view = game.view(game.to_act)
        game.apply(bots[game.to_act](view, view.legal))
        if game.done or game.view(seat).opener is not None:
            return None
    values = []
    for move in (Bet(1), Check()):
        twin = table.clone()
        twin_bots = [StrongBot(derive_seed(seed, 1, s)) for s in range(players)]
        twin.current.apply(move)
        play_out(twin, twin_bots, closed=False)
        values.append(twin.stacks[seat])
    return float(values[0] - values[1])


def opening(samples: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for players in (3, 5, 7):
        for last in (False, True):
            for k, wanted in enumerate(CLASSES):
                deltas: list[float] = []
                i = 0
                while len(deltas) < samples and i < 20 * samples:
                    d = opening_sample(derive_seed(seed, players, int(last), k, i), players,
                                       wanted, last)
                    i += 1
                    if d is not None:
                        deltas.append(d)
                key = f"{players} {'last' if last else 'first'} {wanted}"
                out[key] = summary(deltas)
                print(f"opening {key}: {out[key]}", file=sys.stderr, flush=True)
    return out


# -- self-play ----------------------------------------------------------------------------


def self_play(sessions: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for players in (3, 5, 7):
        by_deuces: dict[int, list[float]] = defaultdict(list)
        by_class: dict[str, list[float]] = defaultdict(list)
        showdowns: dict[str, list[float]] = defaultdict(list)
        openers: dict[str, int] = defaultdict(int)
        opener_strength: list[float] = []
        second_bets = {"opener": 0, "opener weak": 0, "other": 0, "other weak": 0}
        opened = passed = 0
        for i in range(sessions):
            s = derive_seed(seed, players, i)
            bots = [StrongBot(derive_seed(s, 1, x)) for x in range(players)]
            table = Table(players, 100, None, Generator(derive_seed(s, 2)), dealer=0)
            first = table.next_deal()
            dealt = {x: first.view(x).my_cards for x in range(players)}
            game = first
            closed = False
            while True:
                while not game.done:
                    x = game.to_act
                    view = game.view(x)
                    move = bots[x](view, view.legal)
                    if move.kind == "bet" and view.phase == "first_round":
                        openers[hand_class(view.my_cards)] += 1
                        opener_strength.append(bots[x].strength(view, True))
                    elif move.kind in ("bet", "raise") and view.phase == "second_round":
                        weak = evaluate(view.my_cards).category < Category.THREE_OF_A_KIND
                        who = "opener" if view.opener == x else "other"
                        second_bets[who] += 1
                        second_bets[who + " weak"] += weak
                    game.apply(move)
                if game is first:
                    result = first.result
                    if result.passed:
                        passed += 1
                    else:
                        opened += 1
                    if result.showdown:
                        for x in range(players):
                            if result.hands[x] is not None:
                                won = 1.0 if x in result.winners else 0.0
                                showdowns[hand_class(dealt[x])].append(won)
                if table.over:
                    break
                if not closed:
                    closed = True
                    if table.close():
                        break
                if table.over:
                    break
                game = table.next_deal()
            for x in range(players):
                net = float(table.stacks[x] - 100)
                by_deuces[deuces(dealt[x])].append(net)
                by_class[hand_class(dealt[x])].append(net)
            if (i + 1) % 5000 == 0:
                print(f"self-play {players}: {i + 1:,} sessions", file=sys.stderr, flush=True)
        total_open = sum(openers.values())
        weak_open = sum(1 for q in opener_strength if q < 0.5)
        out[str(players)] = {
            "sessions": sessions, "first_game_opened": opened, "first_game_passed": passed,
            "net_by_deuces": {str(k): summary(v) for k, v in sorted(by_deuces.items())},
            "net_by_class": {c: summary(by_class[c]) for c in CLASSES if by_class[c]},
            "showdown_wins_by_class": {c: summary(showdowns[c]) for c in CLASSES
                                       if showdowns[c]},
            "openings_by_class": {c: openers[c] / total_open for c in CLASSES},
            "openings": total_open,
            "openings_below_half": weak_open / max(total_open, 1),
            "second_round_bets": second_bets,
        }
    return out


# -- improvement --------------------------------------------------------------------------


def improvement(hands: int, seed: int) -> dict[str, Any]:
    """P(a dealt pair (no 2) ends better than one pair), keeping the pair and drawing
    three, or keeping the pair and the best kicker and drawing two."""
    from pedron.drawpoker import draw_odds

    rng = Generator(seed)
    cards = [c for c in range(52)]
    sums: dict[str, float] = defaultdict(float)
    n = 0
    while n < hands:
        rng.shuffle(cards)
        hand = tuple(cards[:5])
        if deuces(hand) or evaluate(hand, wild=False).category != Category.ONE_PAIR:
            continue
        ranks = [c >> 2 for c in hand]
        pair = next(r for r in ranks if ranks.count(r) == 2)
        others = sorted((c for c in hand if c >> 2 != pair), key=lambda c: -(c >> 2))
        for wild in (True, False):
            options = draw_odds(hand, 3, wild=wild)
            for k, discard in ((3, others), (2, others[1:])):
                option = next(o for o in options if set(o.discard) == set(discard))
                better = 1.0 - option.probability(Category.ONE_PAIR) - option.probability(
                    Category.HIGH_CARD)
                sums[f"{'wild' if wild else 'natural'} draw {k}"] += better
        n += 1
    return {k: v / n for k, v in sorted(sums.items())} | {"hands": n}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=None, help="write the figures here (JSON)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="sizes times this")
    parser.add_argument("--only", nargs="*", default=None,
                        choices=["opening", "self_play", "improvement"])
    args = parser.parse_args(argv)
    studies = args.only or ["improvement", "self_play", "opening"]
    out: dict[str, Any] = {"seed": args.seed, "scale": args.scale}
    if args.out and Path(args.out).exists():
        out = json.loads(Path(args.out).read_text()) | out
    for name in studies:
        start = time.perf_counter()
        if name == "opening":
            out[name] = opening(max(2, round(1500 * args.scale)), args.seed)
        elif name == "self_play":
            out[name] = self_play(max(2, round(40_000 * args.scale)), args.seed)
        else:
            out[name] = improvement(max(2, round(20_000 * args.scale)), args.seed)
        out.setdefault("seconds", {})[name] = round(time.perf_counter() - start)
        out.setdefault("scales", {})[name] = args.scale  # (studies may be run apart)
        if args.out:
            Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
