"""Command-line options shared by the long-run fuzz drivers (run_random.py, games_run.py)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any


def parse(
    description: str,
    targets: Mapping[str, Any],
    argv: list[str] | None,
    *,
    start_default: int | None,
    start_help: str,
) -> tuple[argparse.Namespace, list[str], float | None] | None:
    """Parse the common options; ``None`` means the targets were listed (exit 0).

    Returns the options, the target names to run (all by default, unknown ones
    refused) and the seconds per target (10 when neither --runs nor --seconds).
    """
    p = argparse.ArgumentParser(description=description)
    p.add_argument("targets", nargs="*", help="targets to run (default: all)")
    p.add_argument("--runs", type=int, help="inputs per target")
    p.add_argument("--seconds", type=float, help="seconds per target (default 10)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=start_default, help=start_help)
    p.add_argument("--list", action="store_true", help="list the targets and exit")
    args = p.parse_args(argv)
    if args.list:
        print("\n".join(targets))
        return None
    names = args.targets or list(targets)
    unknown = [t for t in names if t not in targets]
    if unknown:
        p.error(f"unknown targets: {unknown}")
    seconds = args.seconds if args.seconds is not None or args.runs is not None else 10.0
    return args, names, seconds
