"""Coverage-guided fuzzing of pedron with atheris (libFuzzer), one target per process.

Usage (from the repository root, after building the extensions and
``pip install atheris``)::

    python scripts/fuzz/run_atheris.py --seconds 60              # every target, 60 s each
    python scripts/fuzz/run_atheris.py --runs 200000 deck odds   # fixed count, some targets
    python scripts/fuzz/run_atheris.py --list

Each target (scripts/fuzz/pedron_targets.py) reads its choices from the
fuzzer's bytes (atheris.FuzzedDataProvider). pedron's Python modules are
instrumented, so the Python layers (argument checks, parsing, buffer
classification) guide the search; the compiled kernels run uninstrumented
(build them with clang's -fsanitize=fuzzer-no-link to guide on their
branches too). A finding (an exception other than PedronError, a failed check,
or a crash) stops the target and libFuzzer writes the input to
``crash-*`` in --artifacts (default /tmp/pedron-atheris); repeat it with
``python scripts/fuzz/run_atheris.py --target NAME /tmp/pedron-atheris/crash-...``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(target: str, libfuzzer_args: list[str]) -> None:
    import atheris

    sys.path.insert(0, str(HERE))
    with atheris.instrument_imports(include=["pedron", "pedron_targets"]):
        import pedron_targets

    fn = pedron_targets.TARGETS[target]

    def test_one_input(data: bytes) -> None:
        fn(pedron_targets.AtherisSource(atheris.FuzzedDataProvider(data)))

    atheris.Setup([sys.argv[0], *libfuzzer_args], test_one_input)
    atheris.Fuzz()


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
    import pedron_targets

    if args.list:
        print("\n".join(pedron_targets.TARGETS))
        return 0
    names = args.targets or list(pedron_targets.TARGETS)
    Path(args.artifacts).mkdir(parents=True, exist_ok=True)
    seconds = args.seconds if args.seconds or args.runs else 30
    fuzz_args = [f"-artifact_prefix={args.artifacts}/", "-max_len=4096", "-rss_limit_mb=4096",
                 "-timeout=30", "-print_final_stats=1"]
    if args.runs:
        fuzz_args.append(f"-runs={args.runs}")
    if seconds:
        fuzz_args.append(f"-max_total_time={seconds}")
    print(f"{'target':<20} {'inputs':>10} {'seconds':>8} {'inputs/s':>10} {'coverage':>9}")
    status = 0
    for name in names:
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, __file__, "--target", name, *fuzz_args],
            capture_output=True, text=True,
        )
        elapsed = time.perf_counter() - t0
        log = proc.stdout + proc.stderr
        done = re.findall(r"Done (\d+) runs in (\d+) second", log)
        execs = re.findall(r"stat::number_of_executed_units: (\d+)", log)
        cov = re.findall(r"cov: (\d+)", log)
        n = int(execs[-1]) if execs else (int(done[-1][0]) if done else 0)
        fuzz_seconds = max(int(done[-1][1]), 1) if done else elapsed  # without start-up
        print(f"{name:<20} {n:>10} {fuzz_seconds:>8.1f} {n / fuzz_seconds:>10.0f} "
              f"{cov[-1] if cov else '?':>9}", flush=True)
        if proc.returncode != 0:
            status = 1
            print(f"FINDING in {name} (exit {proc.returncode}):\n{log[-4000:]}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
