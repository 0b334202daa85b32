"""Heads-up Diamondback solved three ways, side by side in one run (docs/performance.md):

* ``pedron``: pedron's compiled CFR (``pedron.diamondback.solver.solve``: tree read off the engine,
  DCFR in C), whole solve to the target;
* ``openspiel-path``: the solver pedron had before (``pedron.diamondback.spiel.solve``: the
  tree exported as an EFG and OpenSpiel's C++ ``CFRPlusSolver``), whole solve;
* ``openspiel-cfr``: OpenSpiel's C++ CFR+ alone on the same EFG game (built beforehand,
  not timed), iterations only.

Each case runs in a fresh process (its peak memory is its own) until the NashConv is at
most ``--target`` x the stack (default 0.1%), measured every few iterations; the time
per iteration is measured apart from the NashConv measures. ``python
benchmarks/solve_diamondback.py --stacks 2 4 6 --json docs/perf/solve_diamondback.json``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def _pedron(stacks: int, variant: str, target: float, sizes: str) -> dict[str, Any]:
    from pedron.diamondback.solver import estimate, game_spec, solve

    spec = game_spec(stacks, variant, sizes or None)
    t0 = time.perf_counter()
    found = estimate(spec)
    s = solve(spec, target=target, estimated=found)
    total = time.perf_counter() - t0
    # the pure iteration rate, apart from the NashConv measures
    from pedron._kernels.cfr import CfrTree
    from pedron.diamondback.solver.tree import (
        build_graph,
        chance_table,
        expand,
        has_table,
        outcome_table,
    )

    arrays = expand(build_graph(spec))
    chance = chance_table()
    tree = CfrTree(**arrays.kernel_args(chance), chance=chance, outcome=outcome_table(),
                   has=has_table())
    t1 = time.perf_counter()
    tree.run(s.iterations)
    per = (time.perf_counter() - t1) / s.iterations
    return {"seconds": total, "iterations": s.iterations, "nash_conv": s.nash_conv,
            "dealer_value": s.values[0], "per_iteration": per, "nodes": s.nodes,
            "infosets": s.infosets, "predicted_bytes": found.bytes}


def _openspiel_path(stacks: int, variant: str, target: float, sizes: str) -> dict[str, Any]:
    from pedron.diamondback.solver import game_spec
    from pedron.diamondback.spiel import solve

    spec = game_spec(stacks, variant, sizes or None)
    t0 = time.perf_counter()
    s = solve(spec.params(), iterations=100_000, target=target / 2, check_every=10)
    return {"seconds": time.perf_counter() - t0, "iterations": s.iterations,
            "nash_conv": 2 * s.exploitability, "dealer_value": s.values[0],
            "nodes": s.nodes, "infosets": s.infosets, "tree_seconds": s.seconds["tree"]}


def _openspiel_cfr(stacks: int, variant: str, target: float, sizes: str) -> dict[str, Any]:
    import pyspiel

    import pedron.spiel  # noqa: F401  (registers the game)
    from pedron.diamondback.solver import game_spec
    from pedron.diamondback.spiel import strategy_key
    from pedron.spiel.games import DIAMONDBACK
    from pedron.spiel.solve import export_efg

    spec = game_spec(stacks, variant, sizes or None)
    game = pyspiel.load_game(DIAMONDBACK, spec.params())
    text, _, nodes = export_efg(game, strategy_key)
    efg = pyspiel.load_efg_game(text)
    solver = pyspiel.CFRPlusSolver(efg)
    spent = 0.0
    done = 0
    nash_conv = float("inf")
    while nash_conv > target:
        t = time.perf_counter()
        for _ in range(10):
            solver.evaluate_and_update_policy()
        spent += time.perf_counter() - t
        done += 10
        nash_conv = float(pyspiel.nash_conv(efg, solver.average_policy()))
    return {"seconds": spent, "iterations": done, "nash_conv": nash_conv,
            "per_iteration": spent / done, "nodes": nodes}


CASES = {"pedron": _pedron, "openspiel-path": _openspiel_path, "openspiel-cfr": _openspiel_cfr}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stacks", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--openspiel-up-to", type=int, default=6,
                        help="largest stacks run with OpenSpiel (its tree grows fast)")
    parser.add_argument("--variant", default="normal")
    parser.add_argument("--bet-sizes", default="")
    parser.add_argument("--target", type=float, default=0.001,
                        help="NashConv target, as a fraction of the stack")
    parser.add_argument("--json", default=None)
    parser.add_argument("--append", action="store_true", help="add the rows to --json's")
    parser.add_argument("--one", nargs=5, metavar=("CASE", "STACKS", "VARIANT", "TARGET",
                                                   "SIZES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        case, stacks, variant, target, sizes = args.one
        out = CASES[case](int(stacks), variant, float(target), sizes.strip("-"))
        out["max_rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        print(json.dumps(out))
        return 0
    rows = []
    print("| stacks | solver | NashConv | iterations | seconds | per iteration | peak memory |")
    print("|---|---|---|---|---|---|---|")
    for stacks in args.stacks:
        target = args.target * stacks
        for case in CASES:
            if case != "pedron" and stacks > args.openspiel_up_to:
                continue
            run = subprocess.run([sys.executable, __file__, "--one", case, str(stacks),
                                  args.variant, repr(target), args.bet_sizes or "-"],
                                 capture_output=True, text=True, check=True)
            r = json.loads(run.stdout.strip().splitlines()[-1])
            r.update(case=case, stacks=stacks, variant=args.variant, target=target,
                     bet_sizes=args.bet_sizes)
            rows.append(r)
            per = f"{r['per_iteration'] * 1000:.3g} ms" if "per_iteration" in r else "-"
            print(f"| {stacks} | {case} | {r['nash_conv']:.2g} | {r['iterations']:,} | "
                  f"{r['seconds']:.2f} | {per} | {r['max_rss'] / 2**20:,.0f} MiB |",
                  flush=True)
    if args.json:
        path = Path(args.json)
        if args.append and path.exists():
            rows = json.loads(path.read_text()) + rows
        path.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
