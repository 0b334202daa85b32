"""Draw the documentation's charts.

    python scripts/charts.py bench BENCH.json   # throughput per evaluator (pedron bench --json)
    python scripts/charts.py odds               # Diamondback dealing odds per table size

Needs matplotlib (the ``bench`` extra). Writes PNG files into docs/img/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def bench_chart(path: str) -> Path:
    """Horizontal bars of hands per second (log scale), natural and wild."""
    plt = _pyplot()
    data = json.loads(Path(path).read_text())
    results = sorted((r for r in data["results"] if r.get("game", "diablo") == "diablo"),
                     key=lambda r: r["rate"])
    labels = [f"{r['name']} ({r['mode']})" for r in results]
    rates = [r["rate"] for r in results]
    colours = ["#b03a2e" if r["name"].startswith("pedron") and r["kind"] != "reference"
               else "#7f8c8d" for r in results]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(results) + 1.2))
    ax.barh(labels, rates, color=colours)
    ax.set_xscale("log")
    ax.set_xlabel("5-card hands evaluated per second (log scale, one core)")
    ax.set_title(f"pedron {data['version']}: same random hands for every evaluator")
    for y, rate in enumerate(rates):
        ax.text(rate * 1.1, y, f"{rate / 1e6:,.2f} M/s", va="center", fontsize=8)
    ax.set_xlim(min(rates) / 2, max(rates) * 8)
    fig.tight_layout()
    out = IMG / "throughput.png"
    fig.savefig(out, dpi=110)
    return out


def odds_chart() -> Path:
    """Probability of being dealt each Diamondback hand, best hand on top."""
    plt = _pyplot()
    from pedron.diamondback import HANDS, dealing_odds

    fig, ax = plt.subplots(figsize=(8, 5.5))
    names = [h.name for h in HANDS]  # best first
    width = 0.27
    for i, players in enumerate((2, 3, 4)):
        odds = dealing_odds(players)
        ys = [k + (i - 1) * width for k in range(len(HANDS))]
        ax.barh(ys, [float(odds[h]) for h in HANDS], height=width, label=f"{players} players")
    ax.set_yticks(range(len(HANDS)), names)
    ax.invert_yaxis()
    ax.set_xlabel("probability of being dealt the hand")
    ax.set_title("Diamondback: a better hand is not always a rarer one")
    ax.legend()
    fig.tight_layout()
    out = IMG / "diamondback_dealing_odds.png"
    fig.savefig(out, dpi=110)
    return out


def main(argv: list[str]) -> int:
    IMG.mkdir(parents=True, exist_ok=True)
    if argv[:1] == ["bench"] and len(argv) == 2:
        print(bench_chart(argv[1]))
    elif argv[:1] == ["odds"]:
        print(odds_chart())
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
