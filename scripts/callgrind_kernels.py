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
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from perfdoc import write_section  # (scripts/perfdoc.py: this script's folder is on the path)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
TITLE = "## Kernel instructions (callgrind)"

# What the workloads need, made only for those that use it (a fresh interpreter under
# callgrind runs about 50 times slower than without).
COMMON = """
import numpy as np
from pedron import diablo
from pedron.cards import deal_batch
def run(body, n):
    for _ in range(n):
        body()
"""
NEEDS = {
    "rows": """
rows = np.asarray(deal_batch(100_000, 5, seed=20261130))
out = np.empty(len(rows), np.uint16)
""",
    "c_loop": """
from pedron._kernels.c_baseline import plain_c_loop
""",
    "hands": """
hands = [tuple(r) for r in deal_batch(20_000, 5, seed=20261130).tolist()]
ev, st = diablo.evaluate, diablo.strength
for h in hands:
    ev(h); ev(h, wild=False)  # every value made before counting
""",
    "ph": """
from phevaluator._pheval import evaluate_5cards as ph
""",
    "one": """
one = np.asarray(deal_batch(1, 5, seed=1)); one_out = np.empty(1, np.uint16)
""",
    "plain": """
from pedron._kernels.diablo_eval import _evaluate_batch_plain as plain_batch
""",
    "db_plain": """
from pedron._kernels.diamondback_eval import _evaluate_batch_plain as db_plain_batch
""",
    "ranks": """
from pedron import diamondback
rng = np.random.default_rng(1)
ranks = rng.integers(0, 5, size=(1_000_000, 2), dtype=np.uint8)
ranks[(ranks[:, 0] == 4) & (ranks[:, 1] == 4)] = (4, 3)
ranks_out = np.empty(len(ranks), np.uint8)
""",
}

# name, needs, what one repetition does, items per repetition, what to subtract, unit
WORKLOADS: list[tuple[str, tuple[str, ...], str, int, str | None, str]] = [
    ("Diablo batch, checked (card rows, out given)", ("rows",),
     "lambda: diablo.evaluate_batch(rows, out=out)", 100_000, None, "hand"),
    ("Diablo batch, unchecked (card rows, out given)", ("rows",),
     "lambda: diablo.evaluate_batch_unchecked(rows, out=out)", 100_000, None, "hand"),
    ("the plain C loop (checked, same rows)", ("rows", "c_loop"),
     "lambda: plain_c_loop(rows, out, True)", 100_000, None, "hand"),
    ("Diablo evaluate(tuple)", ("hands",), "lambda: [ev(h) for h in hands]", 20_000, "len",
     "call"),
    ("Diablo evaluate(tuple, wild=False)", ("hands",),
     "lambda: [ev(h, wild=False) for h in hands]", 20_000, "len", "call"),
    ("Diablo strength(tuple)", ("hands",), "lambda: [st(h) for h in hands]", 20_000, "len",
     "call"),
    ("phevaluator._pheval.evaluate_5cards(*hand)", ("hands", "ph"),
     "lambda: [ph(*h) for h in hands]", 20_000, "len", "call"),
    ("Diablo batch call, one row, out given", ("one",),
     "lambda: diablo.evaluate_batch(one, out=one_out)", 1, "noop", "call"),
    ("Diablo batch call, one row, new result", ("one",), "lambda: diablo.evaluate_batch(one)",
     1, "noop", "call"),
    ("Diamondback batch (rank rows, out given)", ("ranks",),
     "lambda: diamondback.evaluate_batch(ranks, out=ranks_out)", 1_000_000, None, "hand"),
    ("Diablo batch, checked, the plain build's loop (same rows)", ("rows", "plain"),
     "lambda: plain_batch(rows, out=out)", 100_000, None, "hand"),
    ("Diamondback batch, the plain build's loop (unchecked, same rows)", ("ranks", "db_plain"),
     "lambda: db_plain_batch(ranks, out=ranks_out)", 1_000_000, None, "hand"),
]
SUBTRACT = {"len": (("hands",), "lambda: [len(h) for h in hands]"),
            "noop": ((), "lambda: None")}
# repetitions (few, more) per items of one repetition: enough to drown the noise
REPS = {100_000: (1, 3), 20_000: (1, 3), 1_000_000: (1, 2), 1: (1_000, 11_000)}


def measure(src: Path, only: set[str] | None = None) -> dict[str, float | None]:
    """Instructions per item of every workload (or of those named in ``only``).

    One interpreter under callgrind runs them all: each workload ``few`` times,
    then ``more`` times, with a call to ``os.getppid`` before each, where
    callgrind dumps its counts (``--dump-before=getppid``); the difference of
    the two dumps is the cost of the extra repetitions alone.
    """
    chosen = [w for w in WORKLOADS if only is None or w[0] in only]
    plan = [(k, needs, body, 20_000 if k == "len" else 1)
            for k, (needs, body) in SUBTRACT.items()]
    plan += [(name, needs, body, items) for name, needs, body, items, _m, _u in chosen]
    code = [COMMON, "import os, json", "ran = []"]
    for k, piece in NEEDS.items():  # (what a tree or the environment lacks is skipped)
        code.append(f"try:\n{_indent(piece)}\n    has_{k} = True\n"
                    f"except ImportError:\n    has_{k} = False")
    for name, needs, body, items in plan:
        few, more = REPS[items]
        cond = " and ".join(f"has_{k}" for k in needs) or "True"
        code.append(f"if {cond}:\n    ran.append({name!r})\n    body = {body}\n"
                    f"    os.getppid(); run(body, {few}); os.getppid(); run(body, {more})")
    code.append("os.getppid()\nprint(json.dumps(ran))")
    with tempfile.TemporaryDirectory() as tmp:
        out_file = Path(tmp) / "cg.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
             "--dump-before=getppid", sys.executable, "-c", "\n".join(code)],
            # (one BLAS thread: numpy's idle thread pool would otherwise add its own
            # instructions to the counts, differently from run to run)
            env=dict(os.environ, PYTHONPATH=str(src), OPENBLAS_NUM_THREADS="1",
                     OMP_NUM_THREADS="1"),
            capture_output=True, text=True, check=True)
        ran = json.loads(proc.stdout.strip().splitlines()[-1])
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda f: int(f.suffix[1:]))
        totals = [int(re.search(r"^totals: (\d+)", f.read_text(), re.M).group(1))  # type: ignore[union-attr]
                  for f in dumps]
    # dump 1: up to the first marker; then per workload its few runs, then its more
    per: dict[str, float] = {}
    items_of = {name: items for name, _n, _b, items in plan}
    for i, name in enumerate(ran):
        few_total, more_total = totals[1 + 2 * i], totals[2 + 2 * i]
        few, more = REPS[items_of[name]]
        per[name] = (more_total - few_total) / ((more - few) * items_of[name])
    out: dict[str, float | None] = {}
    for name, _n, _b, _i, minus, _u in WORKLOADS:
        value = per.get(name)
        out[name] = None if value is None else value - (per[minus] if minus else 0.0)
    return out


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.strip().splitlines())


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
        + (f" --baseline {baseline}" if baseline else "") + " --write`.",
        "Per hand for a batch, per call for a call: above a loop calling `len` on the same",
        "hands (per-call rows) or a loop calling a lambda that does nothing (one-row batch",
        "calls). Hands as in `benchmarks/`: 100,000 random Diablo rows, 20,000 of them per",
        "call, 1,000,000 Diamondback rank rows. *Before*: the baseline tree named in the",
        "command, built (a dash: a workload it lacks; the peer is counted once)." if baseline else
        "call, 1,000,000 Diamondback rank rows.",
        "",
    ]
    if before is not None:
        lines += ["| workload | unit | before | now |", "|---|---|---:|---:|"]
        for name, _n, _b, _i, _m, unit in WORKLOADS:
            lines.append(f"| {name} | {unit} | {fmt(before.get(name))} | {fmt(now[name])} |")
    else:
        lines += ["| workload | unit | instructions |", "|---|---|---:|"]
        for name, _n, _b, _i, _m, unit in WORKLOADS:
            lines.append(f"| {name} | {unit} | {fmt(now[name])} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="another tree's src directory, counted alongside")
    parser.add_argument("--baseline-name", help="what to call it on the page (its commit)")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH", file=sys.stderr)
        return 2
    now = measure(ROOT / "src")
    # (the peer's count does not depend on the tree: counted once)
    before = (measure(Path(args.baseline), {w[0] for w in WORKLOADS if "ph" not in w[1]})
              if args.baseline else None)
    section = render(now, before, args.baseline_name or args.baseline)
    print(section)
    if args.write:
        write_section(TITLE, section, DOC)
    return 0


if __name__ == "__main__":
    sys.exit(main())
