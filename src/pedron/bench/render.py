"""A :class:`~pedron.bench.BenchReport` as text: the tables ``pedron bench`` prints."""

from __future__ import annotations

from typing import Any

from pedron.text import plural, table

__all__ = ["render"]


def _ratio(s: Any) -> str:
    if s is None:
        return ""
    if s.median >= 100:
        return f"{s.median:,.0f}x ({s.low:,.0f}-{s.high:,.0f})"
    return f"{s.median:,.2f}x ({s.low:,.2f}-{s.high:,.2f})"


def _rate(r: Any) -> tuple[str, str]:
    return f"{r.rate / 1e6:,.3f}", f"{r.rate_low / 1e6:,.3f}-{r.rate_high / 1e6:,.3f}"


def _share(s: Any) -> str:
    if s is None:
        return ""
    return f"{s.median:.0%} ({s.low * 100:.0f}-{s.high:.0%})"


def _micro(s: Any) -> str:
    return f"{s.median * 1e6:,.2f} µs ({s.low * 1e6:,.2f}-{s.high * 1e6:,.2f})"


def render(report: Any, version: str) -> str:
    """The report as the text ``pedron bench`` prints."""
    m = report.machine
    head = (
        f"pedron {version}: hand evaluation, the same random hands for all (seed "
        f"{report.seed}); median of {plural(report.rounds, 'round')} taken round-robin, "
        "range in brackets; on a CPU: the share of wall time the process ran\n"
        f"machine: {m['cpu']}, {m['usable_cores']} of {m['cores']} cores usable, "
        f"{m['python']}, {m['system']}"
        + (f", load {m['load_average'][0]:.2f}" if m.get("load_average") else "")
    )
    parts = [head]
    for game, title in (("diablo", "Diablo (five cards; peers rank natural hands only)"),
                        ("diamondback", "Diamondback (two cards)")):
        rows: list[tuple[str, ...]] = []
        for r in report.results:
            if r.game != game:
                continue
            rate, spread = _rate(r)
            rows.append((
                r.name, r.mode, f"{r.hands:,}", rate, spread, _ratio(r.vs_reference),
                _ratio(r.vs_python), _ratio(r.vs_fastest_peer),
                "" if r.agrees is None else ("yes" if r.agrees else "NO"),
                _ratio(getattr(r, "vs_c_loop", None)),
                _share(getattr(r, "cpu_share_spread", None)),
            ))
        if not rows:
            continue
        headers = ["evaluator", "mode", "hands", "M hands/s", "range", "vs reference",
                   "vs pure Python", "vs fastest peer", "same order", "vs plain C loop",
                   "on a CPU"]
        if game == "diamondback":
            rows = [(*row[:1], *row[2:6], row[-1]) for row in rows]
            headers = [*headers[:1], *headers[2:6], headers[-1]]
        parts.append(f"\n{title}\n" + table(headers, rows, right=(2, 3, 4) if game == "diablo"
                                             else (1, 2, 3)))
    fixed = getattr(report, "fixed_cost", None)
    if fixed:
        parts.append(
            "\nfixed cost of a batch call (diablo.evaluate_batch, one row; median and range "
            f"over rounds of many calls): {_micro(fixed['out_given'])} with out= given, "
            f"{_micro(fixed['new_out'])} making the result array")
    scalar = [(r.mode, r.entry) for r in report.results
              if r.kind == "scalar" and r.game == "diablo"]
    if scalar:
        parts.append("\npedron evaluate() is timed one call per hand, through each mode's "
                     "fastest public call form:\n" + "\n".join(
                         f"  {mode}: {entry}" for mode, entry in scalar))
    entries = [(r.name, r.entry, r.note) for r in report.results if r.kind in ("peer", "yours")]
    if entries:
        parts.append("\nwhat each peer is timed through:\n" + "\n".join(
            f"  {name}: {entry}" + (f" ({note})" if note else "") for name, entry, note in entries))
    if report.checks:
        parts.append("\nyour evaluators, checked on every hand:\n" + "\n".join(
            f"  {name}: {outcome}" for name, outcome in report.checks))
    if report.warnings:
        parts.append("\nwarnings:\n" + "\n".join(f"  {w}" for w in report.warnings))
    return "\n".join(parts)
