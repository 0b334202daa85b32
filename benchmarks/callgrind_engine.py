"""Instructions per deal of the table-engine workloads, this tree against another pedron.

    python benchmarks/callgrind_engine.py                              # this tree
    python benchmarks/callgrind_engine.py --baseline /old/venv/bin/python

Wall time on a shared machine swings from run to run; an instruction count
(``valgrind --tool=callgrind``) does not. Each workload of
``engine_workloads.py`` runs in one interpreter under callgrind, first for a
few deals and then for more, with a call to ``os.getppid`` between them where
callgrind dumps its counts: the difference of the two counts, divided by the
extra deals, is the cost of one deal, without the start-up and the imports.
Random play "as timed" is the wall-time workload of ``engine_workloads.py``
(stacks of 200, bets drawn from the legal range, a new table when one ends);
the other random-play rows use stacks of a million chips (nobody busts, no
table is rebuilt) and, in Diamondback, the least bet allowed; ``simulate`` is
the built-in bots' study on one worker. Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# name: (the code of one run of n deals, few, more)
WORKLOADS = {
    "random play as timed, Diablo": ("w.random_diablo(n)", 1000, 4000),
    "random play as timed, Diamondback": ("w.random_diamondback(n)", 1000, 4000),
    "random play, Diablo, 3 players": (
        "t = w._table('diablo', 3, 10**6, 1); rnd = random.Random(1)\n"
        "for _ in range(n): w.play_random_diablo_game(w._next(t), rnd)", 100, 600),
    "random play, Diamondback, 4 players": (
        "t = w._table('diamondback', 4, 10**6, 1); rnd = random.Random(1)\n"
        "for _ in range(n): w.play_random_diamondback_hand(w._next(t), rnd, small=True)",
        100, 600),
    "simulate, Diablo, 5 rule bots": (
        "pedron.simulate('diablo', players=5, games=n, seed=1, workers=1)", 100, 400),
    "simulate, Diamondback, 3 odds bots": (
        "pedron.simulate('diamondback', players=3, games=n, seed=1, workers=1)", 100, 400),
}


def count(python: str, names: list[str]) -> dict[str, float]:
    """Instructions per deal of each named workload under ``python``."""
    code = ["import os, random, sys", f"sys.path.insert(0, {str(HERE)!r})",
            "import engine_workloads as w", "import pedron"]
    for name in names:
        body, few, more = WORKLOADS[name]
        code.append("def run(n):\n    " + body.replace("\n", "\n    "))
        code.append(f"run({few}); os.getppid(); run({few}); os.getppid(); run({more}); "
                    "os.getppid()")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if python != sys.executable:  # (the other pedron imports its own, not this tree's)
        env.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--dump-before=getppid", python, "-c", "\n".join(code)],
            env=env, capture_output=True, text=True, check=True)
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda f: int(f.suffix[1:]))
        totals = [int(re.search(r"^totals: (\d+)", f.read_text(), re.M).group(1))  # type: ignore[union-attr]
                  for f in dumps]
    # three dumps a workload, each counting since the one before: its warm-up run
    # (and the imports, for the first), its few deals, its more deals
    per = {}
    for i, name in enumerate(names):
        _body, few, more = WORKLOADS[name]
        per[name] = (totals[3 * i + 2] - totals[3 * i + 1]) / (more - few)
    return per


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="the other pedron's python")
    parser.add_argument("--only", nargs="*", choices=list(WORKLOADS), metavar="WORKLOAD")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH", file=sys.stderr)
        return 2
    names = args.only or list(WORKLOADS)
    now = count(sys.executable, names)
    before = count(args.baseline, names) if args.baseline else None
    for name in names:
        line = f"{name:40s} {now[name]:12,.0f}"
        if before is not None:
            line += f"  baseline {before[name]:12,.0f}  ratio {before[name] / now[name]:5.2f}x"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
