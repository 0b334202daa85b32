"""The worked study of docs/study.md: the Diablo opener, by table size and opening hand.

    python scripts/study.py                      # the published run (2 workers)
    python scripts/study.py --games 2000 --quick # a smoke run

Part A: at every table size (3-7) all seats play ``rule:open=one_pair`` (open
with a pair or better; call with trips or better, raise with a full house):
the opener's win rate and his result per opening, by the hand he opened with.

Part B: seat 0 opens at a threshold (one pair ... full house) while the other
seats play the standard ``rule`` bot (open and call with trips): seat 0's
result per game and what the Diablo rule made him pay, by table size; and at
five players the same with a cap of 20 on the Diablo payment.

Prints the tables (Markdown) for docs/study.md and writes the chart
docs/img/study_diablo_opener.png. Every run uses seed 2026 and the built-in
sessions (fresh stacks of 100, at most 100 games a table).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pedron

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "study_diablo_opener.png"
SEED = 2026
SIZES = (3, 4, 5, 6, 7)
THRESHOLDS = ("one_pair", "two_pair", "three_of_a_kind", "straight", "full_house")
SHOWN = ("one pair", "two pair", "three of a kind", "straight", "flush", "full house",
         "four of a kind")
SHORT = {"three of a kind": "trips", "four of a kind": "quads", "three_of_a_kind": "trips",
         "one_pair": "one pair", "two_pair": "two pair", "full_house": "full house"}


def part_a(games: int, pool: ProcessPoolExecutor) -> dict[int, list[dict]]:
    out = {}
    for n in SIZES:
        r = pedron.simulate("diablo", players=n, games=games, bots="rule:open=one_pair",
                            seed=SEED, executor=pool, workers=2)
        out[n] = r.category_rows()
        print(f"  A n={n}: {r.games:,} games in {r.elapsed:.1f} s", flush=True)
    return out


def part_b(games: int, pool: ProcessPoolExecutor, rules: dict | None = None,
           sizes: tuple[int, ...] = SIZES) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    for n in sizes:
        rows = []
        for t in THRESHOLDS:
            bots = [f"rule:open={t}"] + ["rule"] * (n - 1)
            r = pedron.simulate("diablo", players=n, games=games, bots=bots, rules=rules,
                                seed=SEED, executor=pool, workers=2)
            hero = r.to_rows()[0]
            rows.append({
                "open": t,
                "net_per_game": hero["net_per_game"],
                "se": hero["net_se"],
                "open_rate": hero["open_rate"],
                "opener_win_rate": hero["opener_win_rate"],
                "paid_per_game": hero["diablo_paid"] / r.games,
                "payments_per_100": 100 * hero["diablo_payments"] / r.games,
            })
        out[n] = rows
        print(f"  B n={n}{' cap' if rules else ''}: done", flush=True)
    return out


def markdown(a: dict[int, list[dict]], b: dict[int, list[dict]],
             cap: dict[int, list[dict]]) -> str:
    lines = ["### A. By opening hand (all seats open with a pair or better)", "",
             "Opener's win rate / mean result per opening (chips, the Diablo payment "
             "included):", "",
             "| opened with | " + " | ".join(f"{n} players" for n in SIZES) + " |",
             "|---|" + "---:|" * len(SIZES)]
    for cat in SHOWN:
        cells = []
        for n in SIZES:
            row = next((r for r in a[n] if r["category"] == cat), None)
            cells.append("-" if row is None or row["opened"] < 30 else
                         f"{row['win_rate']:.0%} / {row['net_per_open']:+.1f}")
        lines.append(f"| {cat} | " + " | ".join(cells) + " |")
    lines += ["", "Share of openings that cost a Diablo payment, and the mean payment "
              "per opening:", "",
              "| opened with | " + " | ".join(f"{n} players" for n in SIZES) + " |",
              "|---|" + "---:|" * len(SIZES)]
    for cat in SHOWN:
        cells = []
        for n in SIZES:
            row = next((r for r in a[n] if r["category"] == cat), None)
            cells.append("-" if row is None or row["opened"] < 30 else
                         f"{row['payment_rate']:.0%} / {row['diablo_paid_per_open']:.1f}")
        lines.append(f"| {cat} | " + " | ".join(cells) + " |")
    lines += ["", "### B. Seat 0 opens at a threshold, the others with trips", "",
              "Seat 0's result per game (± standard error) / Diablo payments per game:", "",
              "| seat 0 opens with | " + " | ".join(f"{n} players" for n in SIZES)
              + " | 5 players, cap 20 |",
              "|---|" + "---:|" * (len(SIZES) + 1)]
    for i, t in enumerate(THRESHOLDS):
        cells = [f"{b[n][i]['net_per_game']:+.2f} ± {b[n][i]['se']:.2f} / "
                 f"{b[n][i]['paid_per_game']:.2f}" for n in SIZES]
        c = cap[5][i]
        cells.append(f"{c['net_per_game']:+.2f} ± {c['se']:.2f} / {c['paid_per_game']:.2f}")
        lines.append(f"| {t.replace('_', ' ')} or better | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(a: dict[int, list[dict]], b: dict[int, list[dict]], cap: dict[int, list[dict]],
          note: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(16, 5.2))
    x = range(len(SHOWN))
    for n in SIZES:
        rows = {r["category"]: r for r in a[n]}
        win = [rows[c]["win_rate"] * 100 if c in rows and rows[c]["opened"] >= 30 else None
               for c in SHOWN]
        net = [rows[c]["net_per_open"] if c in rows and rows[c]["opened"] >= 30 else None
               for c in SHOWN]
        axes[0].plot(x, [float("nan") if v is None else v for v in win], "o-",
                     label=f"{n} players")
        axes[1].plot(x, [float("nan") if v is None else v for v in net], "o-",
                     label=f"{n} players")
    for ax, title, unit in ((axes[0], "Opener wins the pot", "% of openings"),
                            (axes[1], "Opener's result per opening", "chips")):
        ax.set_xticks(list(x), [SHORT.get(c, c) for c in SHOWN], rotation=30, ha="right")
        ax.set_title(title)
        ax.set_ylabel(unit)
        ax.set_xlabel("opener's hand when he opened")
        ax.grid(alpha=0.3)
    axes[1].axhline(0, color="black", lw=0.8)
    axes[0].legend(title="all seats open with a pair+")
    tx = range(len(THRESHOLDS))
    for n in SIZES:
        axes[2].errorbar(tx, [r["net_per_game"] for r in b[n]],
                         yerr=[1.96 * r["se"] for r in b[n]], fmt="o-", capsize=3,
                         label=f"{n} players")
    axes[2].errorbar(tx, [r["net_per_game"] for r in cap[5]],
                     yerr=[1.96 * r["se"] for r in cap[5]], fmt="s--", capsize=3,
                     color="gray", label="5 players, cap 20")
    axes[2].axhline(0, color="black", lw=0.8)
    axes[2].set_xticks(list(tx), [SHORT.get(t, t) for t in THRESHOLDS], rotation=30,
                       ha="right")
    axes[2].set_title("Seat 0's result vs his opening threshold\n(others open with trips)")
    axes[2].set_ylabel("chips per game (95% interval)")
    axes[2].set_xlabel("seat 0 opens with ... or better")
    axes[2].grid(alpha=0.3)
    axes[2].legend(fontsize=8)
    fig.suptitle("Diablo: the opener and the Diablo rule (pedron.simulate, built-in rule bots)")
    fig.text(0.5, 0.005, note, ha="center", fontsize=8, color="gray")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(OUT, dpi=110)
    print(f"wrote {OUT.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-a", type=int, default=40_000, help="games per table size (A)")
    parser.add_argument("--games-b", type=int, default=10_000,
                        help="games per table size and threshold (B)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also save the figures as JSON here")
    parser.add_argument("--no-chart", action="store_true")
    parser.add_argument("--from-json", type=Path, help="redraw the chart from a saved --json")
    args = parser.parse_args()
    if args.from_json:
        data = json.loads(args.from_json.read_text())
        a, b, cap = ({int(k): v for k, v in data[part].items()} for part in ("a", "b", "cap"))
        print(markdown(a, b, cap))
        chart(a, b, cap, data["note"])
        return
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        a = part_a(args.games_a, pool)
        b = part_b(args.games_b, pool)
        cap = part_b(args.games_b, pool, rules={"cap": 20}, sizes=(5,))
    elapsed = time.perf_counter() - start
    total = args.games_a * len(SIZES) + args.games_b * len(THRESHOLDS) * (len(SIZES) + 1)
    note = (f"python scripts/study.py --games-a {args.games_a} --games-b {args.games_b} "
            f"--workers {args.workers}: {total:,} games, seed {SEED}, {elapsed:.0f} s")
    print(markdown(a, b, cap))
    print(note)
    if args.json:
        args.json.write_text(json.dumps({"a": a, "b": b, "cap": cap, "note": note}, indent=1))
    if not args.no_chart:
        chart(a, b, cap, note)


if __name__ == "__main__":
    main()
