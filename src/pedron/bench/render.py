"""A :class:`~pedron.bench.BenchReport` as text: what ``pedron bench`` prints.

By default (:func:`render`) a page that fits 100 columns: the verdict in one
line, then one compact table per game and mode (evaluator, millions of hands a
second with the range over the rounds, the one ratio that matters for that
table, same order), your evaluators' checks and failures, the peers not
installed with the command that installs them, and the warnings summarised in
one line with the worst case. ``wide=True`` gives every column, every warning
and what each peer is timed through (the JSON has everything).
"""

from __future__ import annotations

import textwrap
from typing import Any

from pedron.bench.entry import bench_games, peer_game
from pedron.bench.harness import NOISY
from pedron.text import plural, table

__all__ = ["WIDTH", "render", "warnings_summary"]

#: The columns the default page fits in.
WIDTH = 100
#: What the "plain C loop" row is, in one line.
C_LOOP = ("plain C loop: the same checked table lookup as a plain -O3 C loop: the floor for "
          "pedron's batch")
#: A run on a CPU less than this share of its wall time is reported (another program ran).
BUSY = 0.9
_NAME = 36  # (longest evaluator name in the compact tables; longer ones start with "...")


def _ratio(s: Any) -> str:
    if s is None:
        return ""
    if s.median >= 100:
        return f"{s.median:,.0f}x ({s.low:,.0f}-{s.high:,.0f})"
    return f"{s.median:,.2f}x ({s.low:,.2f}-{s.high:,.2f})"


def _x(x: float) -> str:
    """A ratio to the digits a noisy figure supports: 257, 14.0, 0.65."""
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}" if x >= 10 else f"{x:,.2f}"


def _short_ratio(s: Any) -> str:
    return "" if s is None else f"{_x(s.median)}x ({_x(s.low)}-{_x(s.high)})"


def _rate(r: Any) -> tuple[str, str]:
    return f"{r.rate / 1e6:,.3f}", f"{r.rate_low / 1e6:,.3f}-{r.rate_high / 1e6:,.3f}"


def _m(x: float) -> str:
    """Millions a second, to the digits a noisy figure supports."""
    m = x / 1e6
    return f"{m:,.0f}" if m >= 100 else f"{m:,.1f}" if m >= 1 else f"{m:,.3f}"


def _share(s: Any) -> str:
    if s is None:
        return ""
    return f"{s.median:.0%} ({s.low * 100:.0f}-{s.high:.0%})"


def _micro(s: Any) -> str:
    return f"{s.median * 1e6:,.2f} µs ({s.low * 1e6:,.2f}-{s.high * 1e6:,.2f})"


def _order(r: Any) -> str:
    return "" if r.agrees is None else ("yes" if r.agrees else "NO")


def _short(name: str) -> str:
    """``name`` in at most ``_NAME`` columns: its end kept (the function's name, which tells
    two of one module apart), its start cut ("...long.module:score")."""
    return name if len(name) <= _NAME else "..." + name[len(name) - _NAME + 3:]


def _wrap(text: str, indent: str = "  ") -> str:
    return "\n".join(textwrap.wrap(text, WIDTH, initial_indent=indent,
                                   subsequent_indent=indent + "  ", break_long_words=False,
                                   break_on_hyphens=False))


def render(report: Any, version: str, wide: bool = False) -> str:
    """The report as the text ``pedron bench`` prints (``wide``: every column)."""
    return _wide(report, version) if wide else _compact(report, version)


# -- the default page -----------------------------------------------------------------------

def _head(report: Any, version: str) -> str:
    m = report.machine
    load = f", load {m['load_average'][0]:.2f}" if m.get("load_average") else ""
    return "\n".join([
        f"pedron {version} bench: the same random hands for every evaluator (seed "
        f"{report.seed}), {plural(report.rounds, 'round')} round-robin",
        f"{m['cpu']}, {m['usable_cores']} of {m['cores']} cores usable, {m['python']}{load}",
    ])


def _tables(report: Any) -> list[tuple[str, list[Any], str, str]]:
    """(title, rows, ratio header, ratio field) of each compact table."""
    results = list(report.results)
    peers = any(r.kind == "peer" for r in results)
    out = []
    for info, facet in bench_games():
        for t in facet.tables:
            rows = [r for r in results if r.game == info.name and r.mode == t.mode]
            if not facet.peers:  # (a game the peers do not play: against its reference)
                out.append((t.title, rows, "vs reference", "vs_reference"))
            elif t.mode == "natural" and peers:
                out.append((t.title, rows, "vs fastest peer", "vs_fastest_peer"))
            else:
                out.append((t.title, rows, "vs pure Python", "vs_python"))
    return [t for t in out if t[1]]


def _compact(report: Any, version: str) -> str:
    parts = [_head(report, version), "", report.verdict()]
    fastest = max((r for r in report.results if r.kind == "peer"), key=lambda r: r.rate,
                  default=None)
    for title, rows, header, attr in _tables(report):
        cells: list[tuple[str, ...]] = []
        for r in rows:
            ratio = _short_ratio(getattr(r, attr))
            if r is fastest:
                ratio = "(the fastest peer)"
            cells.append((_short(r.name), _m(r.rate), f"{_m(r.rate_low)}-{_m(r.rate_high)}",
                          ratio, _order(r)))
        headers = ["evaluator", "M hands/s", "range", header, "same order"]
        if all(r.agrees is None for r in rows):  # (nothing checked here: no column)
            headers.pop()
            cells = [c[:-1] for c in cells]
        parts.append(f"\n{title}\n" + table(headers, cells, right=(1, 2)))
    if any(r.kind == "c_loop" for r in report.results):
        parts.append("\n" + _wrap(C_LOOP, ""))
    parts.extend(_notes(report))
    parts.append("\n(--wide: every column and what each peer is timed through; --json: "
                 "everything)")
    return "\n".join(parts)


def _notes(report: Any) -> list[str]:
    """Disagreements, checks, failures, missing peers and the warnings' summary, as short
    paragraphs."""
    out = []
    wrong = [r for r in report.results if r.agrees is False]
    if wrong:
        out.append("\nnot in pedron's order on the hands timed (the first hands it orders "
                   "otherwise):")
        for r in wrong:
            out.append(f"  {r.name} ({r.mode}):")
            out.extend(_wrap(d, "    ") for d in r.disagreements)
            if not r.disagreements:  # (no pair to name: why not, in its own words)
                out.append(_wrap(r.note.split("; ")[0], "    "))
    if report.checks:
        out.append("\nyour evaluators, checked on every hand:")
        out.extend(_wrap(f"{c.evaluator}: {c.outcome}") for c in report.checks)
    if report.failures:
        out.append("\nleft out (they failed):")
        out.extend(_wrap(f"{f.evaluator}: {f.reason}") for f in report.failures)
    missing = report.missing_peers
    if missing:
        out.append("\n" + _wrap(
            f"not installed, so not compared: {', '.join(missing)} (pip install "
            f"{' '.join(missing)}, or pip install \"pedron[bench]\" for every peer)", ""))
    summary = warnings_summary(report)
    if summary:
        out.append("\n" + summary)
    return out


def warnings_summary(report: Any) -> str:
    """The run's warnings in one line of at most :data:`WIDTH` characters, each kind
    with its worst case ("" if none)."""
    total = len(report.results)
    noisy = [r for r in report.results if r.noisy] if report.rounds > 1 else []
    starved = [r for r in report.results if r.cpu_share < BUSY]
    if not noisy and not starved:
        return ""
    spread = worst_cpu = ""
    if noisy:
        worst = max(noisy, key=lambda r: (r.rate_high - r.rate_low) / r.rate)
        spread = f"{worst.rate_low / worst.rate:.0%}-{worst.rate_high / worst.rate:.0%}"
        spread = spread.replace("%-", "-", 1)
        noisy_name = f"{worst.name}, {worst.mode}"
    if starved:
        low = min(starved, key=lambda r: r.cpu_share)
        worst_cpu = f"{low.cpu_share:.0%}"
        starved_name = low.name

    def line(first: bool, second: bool, hint: bool) -> str:
        said = []
        if noisy:
            said.append(f"{len(noisy)}/{total} figures spread >{NOISY:.0%} (worst "
                        + (f"{noisy_name}: " if first else "") + f"{spread})")
        if starved:
            said.append(f"{plural(len(starved), 'run')} <{BUSY:.0%} on a CPU (worst "
                        + (f"{starved_name}: " if second else "") + f"{worst_cpu})")
        return ("warning, machine busy: " + "; ".join(said)
                + ("; --wide lists all" if hint else ""))

    for shown in ((True, True, True), (True, False, True), (False, False, True),
                  (False, False, False)):
        text = line(*shown)
        if len(text) <= WIDTH:
            break
    return text


# -- every column ------------------------------------------------------------------------------

def _wide(report: Any, version: str) -> str:
    m = report.machine
    head = (
        f"pedron {version}: hand evaluation, the same random hands for all (seed "
        f"{report.seed}); median of {plural(report.rounds, 'round')} taken round-robin, "
        "range in brackets; on a CPU: the share of wall time the process ran\n"
        f"machine: {m['cpu']}, {m['usable_cores']} of {m['cores']} cores usable, "
        f"{m['python']}, {m['system']}"
        + (f", load {m['load_average'][0]:.2f}" if m.get("load_average") else "")
        + f"\n{report.verdict()}"
    )
    parts = [head]
    for info, facet in bench_games():
        rows: list[tuple[str, ...]] = []
        for r in report.results:
            if r.game != info.name:
                continue
            rate, spread = _rate(r)
            rows.append((
                r.name, r.mode, f"{r.hands:,}", rate, spread, _ratio(r.vs_reference),
                _ratio(r.vs_python), _ratio(r.vs_fastest_peer), _order(r),
                _ratio(r.vs_c_loop), _share(r.cpu_share_spread),
            ))
        if not rows:
            continue
        headers = ["evaluator", "mode", "hands", "M hands/s", "range", "vs reference",
                   "vs pure Python", "vs fastest peer", "same order", "vs plain C loop",
                   "on a CPU"]
        if not facet.peers:  # (one mode, no peers, no pure-Python table, no C loop)
            rows = [(*row[:1], *row[2:6], row[-1]) for row in rows]
            headers = [*headers[:1], *headers[2:6], headers[-1]]
        parts.append(f"\n{facet.title}\n" + table(headers, rows,
                                                   right=(2, 3, 4) if facet.peers else (1, 2, 3)))
    fixed = report.fixed_cost
    if fixed:
        parts.append(
            "\nfixed cost of a batch call (diablo.evaluate_batch, one row; median and range "
            f"over rounds of many calls): {_micro(fixed['out_given'])} with out= given, "
            f"{_micro(fixed['new_out'])} making the result array")
    scalar = [(r.mode, r.entry) for r in report.results
              if r.kind == "scalar" and r.game == peer_game()]
    if scalar:
        parts.append("\npedron evaluate() is timed one call per hand, through each mode's "
                     "fastest public call form:\n" + "\n".join(
                         f"  {mode}: {entry}" for mode, entry in scalar))
    entries = [(r.name, r.entry, r.note) for r in report.results if r.kind in ("peer", "yours")]
    if entries:
        parts.append("\nwhat each peer is timed through:\n" + "\n".join(
            f"  {name}: {entry}" + (f" ({note})" if note else "") for name, entry, note in entries))
    notes = _notes(report)
    parts.extend(n for n in notes if not n.startswith("\nwarning"))
    if report.warnings:
        parts.append("\nwarnings:\n" + "\n".join(f"  {w}" for w in report.warnings))
    return "\n".join(parts)
