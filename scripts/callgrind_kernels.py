"""Count the instructions of pedron's kernels with valgrind's callgrind.

    python scripts/callgrind_kernels.py                       # print the table
    python scripts/callgrind_kernels.py --baseline OTHER/src  # and another tree's, side by side
    python scripts/callgrind_kernels.py --write               # into docs/performance.md

Wall time on a shared machine swings from run to run; an instruction count does
not. Each figure runs one workload twice in a fresh interpreter under
``valgrind --tool=callgrind``, once with few repetitions and once with more,
and divides the difference of the totals by the extra items: the start-up,
the imports and the set-up cancel out, what is left is the cost per hand (or
per call) of the loop being measured. A per-call figure is given above the
same loop calling ``len`` (the loop's own cost); a fixed cost above a loop
calling a lambda that does nothing. Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
TITLE = "## Kernel instructions (callgrind)"

SETUP = """
import sys
import numpy as np
from pedron import diablo, diamondback
from pedron.cards import deal_batch
rows = np.asarray(deal_batch(100_000, 5, seed=20261130))
out = np.empty(len(rows), np.uint16)
hands = [tuple(r) for r in rows[:20_000].tolist()]
ev, st = diablo.evaluate, diablo.strength
for h in hands:
    ev(h); ev(h, wild=False)  # every value made before counting
one = np.ascontiguousarray(rows[:1]); one_out = np.empty(1, np.uint16)
rng = np.random.default_rng(1)
ranks = rng.integers(0, 5, size=(1_000_000, 2), dtype=np.uint8)
ranks[(ranks[:, 0] == 4) & (ranks[:, 1] == 4)] = (4, 3)
ranks_out = np.empty(len(ranks), np.uint8)
try:
    from pedron._kernels.c_baseline import plain_c_loop
except ImportError:
    plain_c_loop = None
try:
    from phevaluator._pheval import evaluate_5cards as ph
except ImportError:
    ph = None
def run(body, n):
    for _ in range(n):
        body()
"""

# name, what one repetition does, items per repetition, what to subtract (or None), unit
WORKLOADS: list[tuple[str, str, int, str | None, str]] = [
    ("Diablo batch, checked (card rows, out given)",
     "lambda: diablo.evaluate_batch(rows, out=out)", 100_000, None, "hand"),
    ("Diablo batch, unchecked (card rows, out given)",
     "lambda: diablo.evaluate_batch_unchecked(rows, out=out)", 100_000, None, "hand"),
    ("the plain C loop (checked, same rows)",
     "lambda: plain_c_loop(rows, out, True)", 100_000, None, "hand"),
    ("Diablo evaluate(tuple)", "lambda: [ev(h) for h in hands]", 20_000, "len", "call"),
    ("Diablo evaluate(tuple, wild=False)", "lambda: [ev(h, wild=False) for h in hands]",
     20_000, "len", "call"),
    ("Diablo strength(tuple)", "lambda: [st(h) for h in hands]", 20_000, "len", "call"),
    ("phevaluator._pheval.evaluate_5cards(*hand)", "lambda: [ph(*h) for h in hands]",
     20_000, "len", "call"),
    ("Diablo batch call, one row, out given", "lambda: diablo.evaluate_batch(one, out=one_out)",
     1, "noop", "call"),
    ("Diablo batch call, one row, new result", "lambda: diablo.evaluate_batch(one)",
     1, "noop", "call"),
    ("Diamondback batch (rank rows, out given)",
     "lambda: diamondback.evaluate_batch(ranks, ranks_out)", 1_000_000, None, "hand"),
]
SUBTRACT = {"len": "lambda: [len(h) for h in hands]", "noop": "lambda: None"}
# repetitions (few, more) per items of one repetition: enough to drown the noise
REPS = {100_000: (1, 4), 20_000: (1, 4), 1_000_000: (1, 3), 1: (2_000, 22_000)}


def count(src: Path, body: str, reps: int) -> int:
    code = SETUP + f"\nrun({body}, {reps})\n"
    env = dict(os.environ, PYTHONPATH=str(src))
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", code],
        env=env, capture_output=True, text=True, check=True)
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if not m:
        raise RuntimeError(f"no count from callgrind:\n{proc.stderr[-2000:]}")
    return int(m.group(1))


def per_item(src: Path, body: str, items: int) -> float:
    few, more = REPS[items]
    return (count(src, body, more) - count(src, body, few)) / ((more - few) * items)


def measure(src: Path) -> dict[str, float | None]:
    base = {k: per_item(src, v, 20_000 if k == "len" else 1) for k, v in SUBTRACT.items()}
    out: dict[str, float | None] = {}
    for name, body, items, minus, _unit in WORKLOADS:
        try:
            value = per_item(src, body, items)
        except subprocess.CalledProcessError:  # (the tree lacks it, or the peer is missing)
            out[name] = None
            continue
        out[name] = value - (base[minus] if minus else 0.0)
    return out


def render(now: dict[str, float | None], before: dict[str, float | None] | None,
           baseline: str | None) -> str:
    def fmt(x: float | None) -> str:
        if x is None:
            return "-"
        return f"{x:,.1f}" if x < 100 else f"{x:,.0f}"

    lines = [
        TITLE,
        "",
        "Instructions counted by `valgrind --tool=callgrind` (repeatable on a noisy machine,",
        "unlike wall time): `python scripts/callgrind_kernels.py"
        + (f" --baseline {baseline}" if baseline else "") + " --write`. Per hand for a batch,",
        "per call for a call: above a loop calling `len` on the same hands (per-call rows)",
        "or a loop calling a lambda that does nothing (one-row batch calls). Hands as in",
        "`benchmarks/`: 100,000 random Diablo rows, the first 20,000 of them per call,",
        "1,000,000 Diamondback rank rows.",
        "",
    ]
    if before is not None:
        lines += ["| workload | unit | before | now |", "|---|---|---:|---:|"]
        for name, _b, _i, _m, unit in WORKLOADS:
            lines.append(f"| {name} | {unit} | {fmt(before.get(name))} | {fmt(now[name])} |")
    else:
        lines += ["| workload | unit | instructions |", "|---|---|---:|"]
        for name, _b, _i, _m, unit in WORKLOADS:
            lines.append(f"| {name} | {unit} | {fmt(now[name])} |")
    return "\n".join(lines) + "\n"


def write(section: str) -> None:
    page = DOC.read_text()
    start = page.find("\n" + TITLE + "\n")
    if start >= 0:
        end = page.find("\n## ", start + len(TITLE) + 2)
        page = page[:start + 1] + section + ("\n" + page[end + 1:] if end >= 0 else "")
    else:
        at = page.find("\n## Reproducing\n") + 1  # (0: not found, append at the end)
        at = at or len(page)
        page = page[:at] + section + "\n" + page[at:]
    DOC.write_text(page)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="another tree's src directory, counted alongside")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH", file=sys.stderr)
        return 2
    now = measure(ROOT / "src")
    before = measure(Path(args.baseline)) if args.baseline else None
    section = render(now, before, args.baseline)
    print(section)
    if args.write:
        write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
