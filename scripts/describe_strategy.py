"""What a solved heads-up Diamondback strategy does, as Markdown tables
(``python scripts/describe_strategy.py strategy.json``): the dealer's opening bet by
hand, how often the other player matches it, which card each reveals, and how often
the dealer stops betting after the reveals.

Figures are per information set (not weighted by how often it is reached); a hand is
its two ranks, P Priest, K King, Q Queen, S Priestess, M Magician.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from pedron.diamondback.hand import HANDS
from pedron.diamondback.strategyfile import read_strategy_file

ORDER = ["".join(sorted("PKQSM"[r] for r in h.ranks)) for h in reversed(HANDS)][::-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    args = parser.parse_args()
    data = read_strategy_file(args.file)
    sizes = data["settings"]["bet_sizes"]
    strategy = data["strategy"]

    def bet_of(action: int) -> int:
        return int(sizes[action - 5])

    opening: dict[str, dict[int, float]] = {}
    match: dict[str, dict[int, float]] = defaultdict(dict)
    reveal_low: dict[str, list[float]] = defaultdict(list)
    stop: dict[str, list[float]] = defaultdict(list)
    for key, probs in strategy.items():
        parts = key.split()
        role, hand, moves = parts[0], parts[1], parts[2:]
        p = {int(a): q for a, q in probs}
        if role == "D" and not moves:
            opening[hand] = {bet_of(a): q for a, q in p.items() if q > 0.005}
        elif role == "N0" and len(moves) == 1 and moves[0].startswith("D:bet"):
            match[hand][int(moves[0][5:])] = p.get(1, 0.0)
        if 3 in p and not any(m.startswith(f"{role}:reveal") for m in moves):
            reveal_low[f"{role} {hand}"].append(p[3] if 4 in p else 1.0)
        if role == "D" and 2 in p and any(m.startswith("D:reveal") for m in moves):
            stop[hand].append(p[2])
    hands = [h for h in ORDER if h in opening]
    print("| dealer's hand | opening bet (probability) | stops later (mean) |")
    print("|---|---|---|")
    for h in hands:
        bets = ", ".join(f"{b}: {q:.2f}" for b, q in sorted(opening[h].items()))
        s = stop.get(h, [])
        print(f"| {h} | {bets} | {sum(s) / len(s):.2f} |" if s else f"| {h} | {bets} | - |")
    print()
    all_bets = sorted({b for m in match.values() for b in m})
    print("| other player's hand | " + " | ".join(f"matches {b}" for b in all_bets) + " |")
    print("|---|" + "---|" * len(all_bets))
    for h in [h for h in ORDER if h in match]:
        print(f"| {h} | " + " | ".join(f"{match[h].get(b, float('nan')):.2f}"
                                       for b in all_bets) + " |")
    print()
    print("| hand | dealer reveals the lower card | other player reveals the lower card |")
    print("|---|---|---|")
    for h in ORDER:
        d, n = reveal_low.get(f"D {h}"), reveal_low.get(f"N0 {h}")
        if d or n:
            cell = [f"{sum(x) / len(x):.2f}" if x else "-" for x in (d, n)]
            print(f"| {h} | {cell[0]} | {cell[1]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
