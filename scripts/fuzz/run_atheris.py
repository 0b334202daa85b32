"""Coverage-guided fuzzing of pedron with atheris (libFuzzer), one target per process.

Usage (from the repository root, after building the extensions and
``pip install atheris``)::

    python scripts/fuzz/run_atheris.py --seconds 60              # every target, 60 s each
    python scripts/fuzz/run_atheris.py --runs 200000 deck odds   # fixed count, some targets
    python scripts/fuzz/run_atheris.py --seconds 60 save_diablo rawsave_diablo
    python scripts/fuzz/run_atheris.py --list                    # kernel, then game targets

Kernel targets (scripts/fuzz/pedron_targets.py) read their choices from the
fuzzer's bytes (atheris.FuzzedDataProvider). Game targets
(scripts/fuzz/atheris_games.py): ``save_*``, ``actions_*`` and ``privacy_*``
run the targets of scripts/fuzz/games_targets.py with a random.Random that
reads every draw from the fuzzer's bytes; ``rawsave_*`` give the bytes
themselves to ``Table.from_json``, starting from a seed corpus of real saves
written to ``<artifacts>/corpus-<target>/`` (where libFuzzer also keeps the new
inputs it finds). pedron's Python modules and the target modules are
instrumented, so the Python layers (argument checks, parsing, buffer
classification, the game engines) guide the search; the compiled kernels run
uninstrumented (build them with clang's -fsanitize=fuzzer-no-link to guide on
their branches too).

Prints, per target, the inputs run, inputs per second, libFuzzer's coverage
(edges reached) and how many pedron calls (kernel targets; games: loads and
calls) were accepted and how many refused with a PedronError. A finding (any
other exception, a failed check, or a crash) stops the target, libFuzzer
writes the input to ``crash-*`` in --artifacts (default /tmp/pedron-atheris)
and the command that repeats it is printed (the run exits 1)::

    python scripts/fuzz/run_atheris.py --target NAME /tmp/pedron-atheris/crash-...
"""

from __future__ import annotations

import argparse
import ctypes
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_LEN = 4096  # (rawsave targets: twice the longest real save)
_KEEP: list[object] = []  # ctypes callbacks that must stay alive


def report_stats_at_exit(stats: dict[str, int]) -> None:
    """Print the accepted/refused counts when libFuzzer exits (it skips Python's atexit)."""
    try:
        on_exit = ctypes.CDLL(None).on_exit  # glibc
    except (AttributeError, OSError):
        return

    @ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_void_p)
    def report(code: int, arg: int | None) -> None:
        accepted = stats.get("accepted", stats.get("returned", 0))
        print(f"pedron-stats: accepted={accepted} refused={stats['refused']}",
              file=sys.stderr, flush=True)

    _KEEP.append(report)
    on_exit(report, None)


def child(target: str, libfuzzer_args: list[str]) -> None:
    import atheris

    sys.path.insert(0, str(HERE))
    with atheris.instrument_imports(include=["pedron", "pedron_targets", "games_targets"]):
        import pedron_targets

        if target not in pedron_targets.TARGETS:
            import games_targets  # noqa: F401  (instrumented here, driven by atheris_games)

    test_one_input: Callable[[bytes], None]
    if target in pedron_targets.TARGETS:
        fn = pedron_targets.TARGETS[target]
        stats = pedron_targets.STATS

        def test_one_input(data: bytes) -> None:
            fn(pedron_targets.AtherisSource(atheris.FuzzedDataProvider(data)))
    else:
        import atheris_games

        test_one_input = atheris_games.TARGETS[target]
        stats = atheris_games.STATS

    report_stats_at_exit(stats)
    atheris.Setup([sys.argv[0], *libfuzzer_args], test_one_input)
    atheris.Fuzz()


def target_args(name: str, artifacts: str) -> list[str]:
    """libFuzzer arguments of one target: -max_len, and its seed corpus if it has one."""
    import atheris_games

    seeds = atheris_games.seeds(name)
    if not seeds:
        return [f"-max_len={MAX_LEN}"]
    corpus = Path(artifacts) / f"corpus-{name}"
    corpus.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(seeds):
        (corpus / f"seed-{i:03d}").write_bytes(data)
    return [f"-max_len={max(MAX_LEN, 2 * max(map(len, seeds)))}", str(corpus)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("targets", nargs="*")
    p.add_argument("--runs", type=int, help="inputs per target")
    p.add_argument("--seconds", type=int, help="seconds per target (default 30)")
    p.add_argument("--artifacts", default="/tmp/pedron-atheris")
    p.add_argument("--list", action="store_true")
    p.add_argument("--target", help=argparse.SUPPRESS)  # internal: run one target here
    args, rest = p.parse_known_args(argv)
    if args.target:
        child(args.target, rest + list(args.targets))
        return 0
    sys.path.insert(0, str(HERE))
    import atheris_games
    import pedron_targets

    all_targets = [*pedron_targets.TARGETS, *atheris_games.TARGETS]
    if args.list:
        print("\n".join(all_targets))
        return 0
    names = args.targets or all_targets
    unknown = [t for t in names if t not in all_targets]
    if unknown:
        p.error(f"unknown targets: {unknown}")
    Path(args.artifacts).mkdir(parents=True, exist_ok=True)
    seconds = args.seconds if args.seconds or args.runs else 30
    fuzz_args = [f"-artifact_prefix={args.artifacts}/", "-rss_limit_mb=4096", "-timeout=30",
                 "-print_final_stats=1"]
    if args.runs:
        fuzz_args.append(f"-runs={args.runs}")
    if seconds:
        fuzz_args.append(f"-max_total_time={seconds}")
    print(f"{'target':<20} {'inputs':>10} {'seconds':>8} {'inputs/s':>10} {'coverage':>9} "
          f"{'accepted':>10} {'refused':>10}")
    status = 0
    for name in names:
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, __file__, "--target", name, *fuzz_args,
             *target_args(name, args.artifacts)],
            capture_output=True, text=True,
        )
        elapsed = time.perf_counter() - t0
        log = proc.stdout + proc.stderr
        done = re.findall(r"Done (\d+) runs in (\d+) second", log)
        execs = re.findall(r"stat::number_of_executed_units: (\d+)", log)
        cov = re.findall(r"cov: (\d+)", log)
        counts = re.findall(r"pedron-stats: accepted=(\d+) refused=(\d+)", log)
        accepted, refused = counts[-1] if counts else ("-", "-")
        n = int(execs[-1]) if execs else (int(done[-1][0]) if done else 0)
        fuzz_seconds = max(int(done[-1][1]), 1) if done else elapsed  # without start-up
        print(f"{name:<20} {n:>10} {fuzz_seconds:>8.1f} {n / fuzz_seconds:>10.0f} "
              f"{cov[-1] if cov else '?':>9} {accepted:>10} {refused:>10}", flush=True)
        if proc.returncode != 0:
            status = 1
            print(f"FINDING in {name} (exit {proc.returncode}):\n{log[-4000:]}", file=sys.stderr)
            crash = re.findall(r"Test unit written to (\S+)", log)
            if crash:
                print(f"repeat with: python {sys.argv[0]} --target {name} {crash[-1]}",
                      file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
