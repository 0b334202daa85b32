"""Measure everything in one run and write docs/performance.md (and its chart).

    python scripts/perf_report.py            # full run (several minutes)
    python scripts/perf_report.py --quick    # smaller sizes, for a smoke check
    python scripts/perf_report.py --check    # measure nothing: which sections are kept

Runs ``pedron bench`` (pedron's compiled core, its pure-Python reference and
every installed peer on the same random hands) and the pytest-benchmark suite
in ``benchmarks/``, then writes the figures with the commands that made them.
The sections it writes (:data:`GENERATED`) come from this one run on this one
machine; compare ratios, not absolute timings, across runs on a shared machine.

Every other ``## `` section of the current page was measured by its own command
and is kept as it is, with its own date and command: those listed in
:data:`KEPT` must be on the page (the script stops, naming the section, before
measuring anything, if one is missing: a renamed title would otherwise lose
it), and any other section it finds is kept too, never dropped.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
# extra_info keys giving how many items one benchmark round processes
ITEM_KEYS = ("hands", "items", "games_per_round", "hands_per_round", "rows", "games")


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _fmt_rate(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:,.1f} M/s"
    if rate >= 1e3:
        return f"{rate / 1e3:,.1f} k/s"
    return f"{rate:,.1f} /s"


def _fmt_time(seconds: float) -> str:
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:,.2f} {unit}"
    return f"{seconds / 1e-9:,.1f} ns"


def run_bench(quick: bool) -> tuple[list[str], dict]:
    args = ["bench", "--json", "--repeat", "9"]
    if quick:
        args += ["--hands", "200000", "--scalar-hands", "20000", "--reference-hands", "500",
                 "--repeat", "3"]
    cmd = [sys.executable, "-m", "pedron", *args]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return ["python -m pedron " + " ".join(args)], json.loads(out)


def run_pytest_bench(quick: bool) -> tuple[str, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.json"
        cmd = [sys.executable, "-m", "pytest", "benchmarks", "-q", "--benchmark-enable",
               f"--benchmark-json={path}", "-p", "no:cacheprovider"]
        if quick:
            cmd += ["--benchmark-max-time=0.2", "--benchmark-min-rounds=3"]
        subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True, text=True)
        data = json.loads(path.read_text())
    shown = "python -m pytest benchmarks --benchmark-enable" + (
        " --benchmark-max-time=0.2 --benchmark-min-rounds=3" if quick else "")
    return shown, data


def render(bench_cmd: list[str], bench: dict, pytest_cmd: str, pytest_data: dict,
           seconds: float) -> str:
    results = bench["results"]

    def spread(x: dict | None) -> str:
        if x is None:
            return ""
        digits = 0 if x["median"] >= 100 else 2
        return (f"{x['median']:,.{digits}f}x ({x['low']:,.{digits}f}-"
                f"{x['high']:,.{digits}f})")

    versions = bench["versions"]
    this_run = " and ".join(f"*{t.removeprefix('## ')}*" for t in GENERATED[:2])
    lines = [
        "# Performance",
        "",
        f"The sections {this_run} come from one run of",
        f"`python scripts/perf_report.py`, on {time.strftime('%Y-%m-%d')}: "
        f"{bench['machine']['cpu']}, {bench['machine']['cores']} cores, "
        f"Python {platform.python_version()}, numpy {_version('numpy')}; "
        + ", ".join(f"{p} {v or 'not installed'}" for p, v in versions.items())
        + f". The run took {seconds:,.0f} s.",
        "The sections between them and *Reproducing* were measured by other commands, in",
        "earlier runs: each names its own date and command (this script keeps them as they",
        "are). The machine is shared and noisy: medians are quoted with their range, and",
        "ratios measured side by side in the same process, round by round, are the figures",
        "to trust.",
        "",
        GENERATED[0],
        "",
        "Command: `" + "`, `".join(bench_cmd) + "` (one process; every evaluator gets the same",
        f"random hands; each is timed once per round, round-robin, {bench['rounds']} rounds,",
        "each round starting one evaluator further on and each run after a short untimed",
        "warm-up of the same evaluator: the median, the range over the rounds in brackets,",
        "and ratios taken round by round).",
        "Peers are timed through their fastest entry points (listed below) and rank only",
        "natural hands, so they are compared in natural mode; their orderings are checked",
        "against pedron's on the same hands (*same order*). The pure-Python reference is",
        "written to be obviously right, not fast; *pure Python (table)*",
        "(`pedron.bench.python_eval`) is as fast as plain Python allows (one product and one",
        "dict lookup per hand), the honest floor for \"faster than pure Python\".",
        "",
        "*pedron evaluate()* is timed one call per hand through each mode's fastest public",
        "call form: " + ", ".join(
            f"`{r['entry'].removeprefix('pedron.diablo.')}` ({r['mode']})" for r in results
            if r["kind"] == "scalar" and r["game"] == "diablo") + ".",
        "",
        "*vs plain C loop*: a Diablo batch kernel against the same checked evaluation written",
        "as a plain C loop (`pedron._kernels.c_baseline`, same compiler and flags), on the",
        "same rows, round by round.",
        "",
        "| game | evaluator | mode | hands | throughput (range) | vs pure-Python reference "
        "| vs fast pure Python | vs fastest peer | same order | vs plain C loop |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in results:
        agrees = "" if r["agrees"] is None else ("yes" if r["agrees"] else "**no**")
        lines.append(
            f"| {r['game']} | {r['name']} | {r['mode']} | {r['hands']:,} | "
            f"{_fmt_rate(r['rate'])} ({_fmt_rate(r['rate_low'])}-{_fmt_rate(r['rate_high'])}) "
            f"| {spread(r['vs_reference'])} | {spread(r['vs_python'])} "
            f"| {spread(r['vs_fastest_peer'])} | {agrees} | {spread(r.get('vs_c_loop'))} |")
    fixed = bench.get("fixed_cost")
    if fixed:
        def micro(x: dict) -> tuple[str, str]:
            return (f"{x['median'] * 1e6:,.2f} µs",
                    f"({x['low'] * 1e6:,.2f}-{x['high'] * 1e6:,.2f})")

        given, new = micro(fixed["out_given"]), micro(fixed["new_out"])
        lines += ["", "Fixed cost of a batch call (`diablo.evaluate_batch` on one row; median "
                  "over rounds of many calls, range in brackets): "
                  f"**{given[0]}** {given[1]} with `out=` given, {new[0]} {new[1]} making the "
                  "result array (pass `out=` in hot loops)."]
    lines += ["", "Peers, and what each is timed through:", ""]
    lines += [f"* **{r['name']}**: `{r['entry']}`: {r['note']}." for r in results
              if r["kind"] == "peer"]
    if bench["warnings"]:
        lines += ["", "Warnings of this run:", ""] + [f"* {w}" for w in bench["warnings"]]
    lines += [
        "",
        "![throughput per evaluator](img/throughput.png)",
        "",
        GENERATED[1],
        "",
        f"Command: `{pytest_cmd}`. *Rate* divides the items one round handles",
        "(hands, rows, games) by the median round time.",
        "",
        "| benchmark | median | rate |",
        "|---|---:|---:|",
    ]
    for b in sorted(pytest_data["benchmarks"], key=lambda b: b["fullname"]):
        median = b["stats"]["median"]
        extra = b.get("extra_info", {})
        items = next((extra[k] for k in ITEM_KEYS if k in extra), None)
        if "import_ms_median" in extra:  # the round is a whole interpreter; report the import
            rate = f"import itself: {extra['import_ms_median']:,.1f} ms"
        elif items:
            rate = _fmt_rate(items / median)
        else:
            rate = _fmt_rate(1 / median) + " (calls)"
        name = b["fullname"].replace("benchmarks/", "")
        lines.append(f"| `{name}` | {_fmt_time(median)} | {rate} |")
    lines += [
        "",
        GENERATED[2],
        "",
        "```bash",
        'pip install ".[bench]"          # the peers and matplotlib',
        "python scripts/perf_report.py   # rewrites this page and docs/img/throughput.png",
        "```",
        "",
        "Batch kernels release the GIL: `diablo.evaluate_batch(..., threads=2)` uses both",
        "cores; the gain depends on the second core being idle on a shared machine.",
        "",
        GENERATED[3],
        "",
        "How each part was made fast, what was profiled and what limits it:",
        "[cards and dealing](design.md), [Diablo evaluation](perf/diablo_eval.md),",
        "[Diamondback](perf/diamondback.md), [the Diamondback game](perf/diamondback_game.md),",
        "[the Diablo game](perf/diablo_game.md), [simulation](perf/simulate.md). Their",
        "figures come from development runs; the tables above are the current ones.",
    ]
    return "\n".join(lines) + "\n"


#: The sections this script writes, in order (the first two from its own run).
GENERATED = ("## Hand evaluation against the reference and the peers",
             "## Every kernel and engine benchmark",
             "## Reproducing",
             "## Notes per area")

# Sections measured by their own commands (named in them), not by this script: kept
# (the callgrind counts: scripts/callgrind_kernels.py --write, which needs valgrind; the
# kernel targets' ratios: scripts/kernel_ratios.py --write)
# as they are on the current page, before "Reproducing". Each must be on the page;
# any other section not in GENERATED is kept as well.
KEPT = ("## Kernel instructions (callgrind)",
        "## Kernel targets, side by side",
        "## Kernels for their readers (issue 28)",
        "## The engine for its readers (issue 28)",
        "## The table engine against the engine before it",
        "## Evaluator call overhead against the previous commit",
        "## Simulation on a Dask cluster",
        "## Environments",
        "## Draw analysis and video poker",
        "## Video poker: every game",
        "## Solving heads-up Diamondback",
        "## Python's protocols honoured (issue 37)",
        "## One game, one descriptor (issue 38)",
        "## The strong Diablo bot's new strategy (issue 39)")


class MissingSection(Exception):
    """A section this script keeps is not on the page (renamed, or removed by hand)."""


def sections(page: str) -> list[tuple[str, str]]:
    """The ``## `` sections of ``page``, in order: (title, its text up to the next
    one); a ``## `` line inside a fenced code block starts none."""
    out: list[tuple[str, list[str]]] = []
    fenced = False
    for line in page.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            out.append((line.rstrip(), [line]))
        elif out:
            out[-1][1].append(line)
    return [(title, "".join(lines) if lines[-1].endswith("\n") else "".join(lines) + "\n")
            for title, lines in out]


def kept_sections(page: str) -> str:
    """Every section of ``page`` this script does not write (:data:`GENERATED`), in
    the page's order: those in :data:`KEPT` and any other. Raises
    :class:`MissingSection` naming each title of :data:`KEPT` not on the page."""
    found = sections(page)
    titles = {title for title, _ in found}
    missing = [t for t in KEPT if t not in titles]
    if missing:
        raise MissingSection(
            "docs/performance.md has no section "
            + ", ".join(repr(t.removeprefix("## ")) for t in missing)
            + ": it is kept by this script, not measured by it (rename it in KEPT in "
            "scripts/perf_report.py if its title changed, or remove it there if it is gone)")
    return "".join(text for t, text in found if t not in GENERATED)


def unlisted_sections(page: str) -> list[str]:
    """The titles of the sections of ``page`` kept though not in :data:`KEPT`."""
    return [t for t, _ in sections(page) if t not in GENERATED and t not in KEPT]


def with_kept(page: str, kept: str) -> str:
    """The new ``page`` with the ``kept`` sections before "Reproducing"."""
    marker = GENERATED[2] + "\n"
    if marker not in page:
        raise MissingSection(f"the new page has no {GENERATED[2]!r} to put kept sections before")
    return page.replace(marker, kept + marker, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Measure pedron's evaluators and benchmarks in one run and rewrite "
                    "docs/performance.md (and docs/img/throughput.png), keeping the sections "
                    "other commands measured.")
    parser.add_argument("--quick", action="store_true",
                        help="smaller sizes and fewer rounds, for a smoke check")
    parser.add_argument("--check", action="store_true",
                        help="measure and write nothing: check that every kept section is on "
                             "the current page and list what would be kept")
    args = parser.parse_args(argv)
    page_now = DOC.read_text() if DOC.exists() else ""
    try:  # (before measuring anything: a missing section stops the run at once)
        kept = kept_sections(page_now) if page_now else ""
    except MissingSection as exc:
        print(f"perf_report: error: {exc}", file=sys.stderr)
        return 2
    extra = unlisted_sections(page_now)
    if args.check:
        titles = [t for t, _ in sections(kept)]
        print(f"{DOC.relative_to(ROOT)}: would write {', '.join(GENERATED)}; would keep "
              + (", ".join(titles) or "nothing"))
        if extra:
            print("kept though not listed in KEPT: " + ", ".join(extra))
        return 0
    for title in extra:
        print(f"perf_report: keeping {title!r}, a section not listed in KEPT", file=sys.stderr)
    start = time.perf_counter()
    bench_cmd, bench = run_bench(args.quick)
    pytest_cmd, pytest_data = run_pytest_bench(args.quick)
    seconds = time.perf_counter() - start
    page = with_kept(render(bench_cmd, bench, pytest_cmd, pytest_data, seconds), kept)
    DOC.write_text(page)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(bench, f)
    subprocess.run([sys.executable, str(ROOT / "scripts" / "charts.py"), "bench", f.name],
                   check=True)
    os.unlink(f.name)
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
