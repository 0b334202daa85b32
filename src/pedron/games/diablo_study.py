"""What a study keeps of Diablo: its openings (by the opener's hand when he opened),
what the Diablo rule made openers pay, passed games and the Diablo series."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pedron.diablo.hand import evaluate
from pedron.games.study import Column, Counts, StudyFacet, TallyView, mean_se, ratio
from pedron.games.study import shown_number as _fmt
from pedron.reference import diablo as reference
from pedron.text import fields, table

__all__ = ["CATEGORY_NAMES", "STUDY"]

#: Diablo hand categories by number (index 0 unused), for the by-category table.
CATEGORY_NAMES = ("-", *reference.CATEGORY_NAMES)


class DiabloSession:
    """Diablo's statistics of one session (see :class:`~pedron.games.study.SessionStats`)."""

    __slots__ = ("opening", "series_len")

    def __init__(self) -> None:
        self.series_len = 0  # games of the running Diablo series
        self.opening: list[int] = []  # the category of the opener's hand when he opened

    def watch(self, deal: Any) -> Callable[[int, Any], None]:
        opening: list[int] = []
        self.opening = opening

        def watch(seat: int, view: Any) -> None:
            if not opening and deal.opener == seat:
                wild = view.variant != "draw"
                opening.append(int(evaluate(view.my_cards, wild=wild).category))

        return watch

    def counts_pot(self, result: Any) -> bool:
        return not result.passed

    def deal(self, table: Any, deal: Any, counts: Counts) -> None:
        r = deal.result
        sc, seats, cats = counts.scalars, counts.seats, counts.categories
        if r.passed:
            sc["passed"] += 1
        o = r.opener
        if o is not None:
            v = r.net[o]
            paid = r.diablo_paid
            sc["openings"] += 1
            seats["opened"][o] += 1
            seats["opener_won"][o] += bool(r.opener_won)
            seats["opener_net"][o] += v
            seats["opener_net_sq"][o] += v * v
            if self.opening:
                category = self.opening[0]
                cats["opened"][category] += 1
                cats["won"][category] += bool(r.opener_won)
                cats["net"][category] += v
                cats["net_sq"][category] += v * v
                cats["paid"][category] += paid
                cats["payments"][category] += paid > 0
            if paid:
                seats["diablo_paid"][o] += paid
                seats["diablo_payments"][o] += 1
                sc["diablo_payments"] += 1
                sc["diablo_chips"] += paid
                sc["diablo_max"] = max(sc["diablo_max"], paid)
        elif not r.passed:
            sc["no_opener"] += 1
        if deal.diablo_pot:
            self.series_len += 1
        if self.series_len and not table.series:
            _end_series(counts, self.series_len)
            self.series_len = 0

    def end(self, table: Any, counts: Counts) -> None:
        if self.series_len:
            _end_series(counts, self.series_len)
            self.series_len = 0


def _end_series(counts: Counts, length: int) -> None:
    sc = counts.scalars
    sc["series"] += 1
    sc["series_games"] += length
    sc["series_max"] = max(sc["series_max"], length)
    hist = counts.histograms["series_length"]
    hist[length] = hist.get(length, 0) + 1


def _seat_row(t: TallyView, s: int) -> dict[str, Any]:
    seats = t.seats
    opened = seats["opened"][s]
    omean, ose = mean_se(seats["opener_net"][s], seats["opener_net_sq"][s], opened)
    return {
        "opened": opened,
        "open_rate": ratio(opened, t.scalars["games"]),
        "opener_won": seats["opener_won"][s],
        "opener_win_rate": ratio(seats["opener_won"][s], opened),
        "opener_net_per_open": omean,
        "opener_net_se": ose,
        "diablo_payments": seats["diablo_payments"][s],
        "diablo_paid": seats["diablo_paid"][s],
    }


def _summary(t: TallyView, games: int) -> dict[str, Any]:
    sc = t.scalars
    return {
        "passed": sc["passed"],
        "no_opener": sc["no_opener"],
        "openings": sc["openings"],
        "opener_win_rate": ratio(sum(t.seats["opener_won"]), sc["openings"]),
        "diablo_payments": sc["diablo_payments"],
        "diablo_chips": sc["diablo_chips"],
        "mean_diablo_payment": ratio(sc["diablo_chips"], sc["diablo_payments"]),
        "largest_diablo_payment": sc["diablo_max"],
        "series": sc["series"],
        "mean_series_length": ratio(sc["series_games"], sc["series"]),
        "longest_series": sc["series_max"],
        "series_lengths": dict(sorted(t.histograms["series_length"].items())),
    }


def _category_rows(t: TallyView) -> list[dict[str, Any]]:
    c = t.categories
    rows = []
    for cat in range(1, len(CATEGORY_NAMES)):
        opened = c["opened"][cat]
        if not opened:
            continue
        mean, se = mean_se(c["net"][cat], c["net_sq"][cat], opened)
        rows.append({
            "category": CATEGORY_NAMES[cat],
            "opened": opened,
            "won": c["won"][cat],
            "win_rate": ratio(c["won"][cat], opened),
            "net_per_open": mean,
            "net_se": se,
            "diablo_payments": c["payments"][cat],
            "payment_rate": ratio(c["payments"][cat], opened),
            "diablo_paid_per_open": ratio(c["paid"][cat], opened),
        })
    return rows


def _text(s: Mapping[str, Any], cats: list[dict[str, Any]]) -> list[str]:
    lines = []
    if cats:
        lines.append("")
        lines.append("Openings by the opener's hand when he opened")
        lines.append(table(
            ("hand", "opened", "won", "net/open", "± se", "paid Diablo", "paid/open"),
            [(c["category"], f"{c['opened']:,}", _fmt(c["win_rate"], ".1%"),
              _fmt(c["net_per_open"], "+.2f"), _fmt(c["net_se"], ".2f"),
              _fmt(c["payment_rate"], ".1%"), _fmt(c["diablo_paid_per_open"], ".2f"))
             for c in cats],
            right=tuple(range(1, 7)),
        ))
    lines.append("")
    lines.append(fields((
        f"passed {s['passed']:,}", f"showdowns {s['showdowns']:,}",
        f"mean pot {_fmt(s['mean_pot'], '.1f')}", f"largest pot {s['largest_pot']:,}",
        f"Diablo payments {s['diablo_payments']:,} "
        f"(mean {_fmt(s['mean_diablo_payment'], '.1f')}, "
        f"largest {s['largest_diablo_payment']:,})",
        f"series {s['series']:,} "
        f"(mean length {_fmt(s['mean_series_length'], '.2f')}, "
        f"longest {s['longest_series']})",
    )))
    return lines


#: Diablo's study facet (``GameInfo.study``).
STUDY = StudyFacet(
    session=DiabloSession,
    scalars=("passed", "no_opener", "openings", "diablo_payments", "diablo_chips",
             "diablo_max", "series", "series_games", "series_max"),
    maxima=frozenset({"diablo_max", "series_max"}),
    seats=("opened", "opener_won", "opener_net", "opener_net_sq", "diablo_paid",
           "diablo_payments"),
    categories=("opened", "won", "net", "net_sq", "paid", "payments"),
    category_names=CATEGORY_NAMES,
    histograms=("series_length",),
    seat_row=_seat_row,
    summary=_summary,
    category_rows=_category_rows,
    columns=(
        Column("opened", lambda r: f"{r['opened']:,}"),
        Column("opener won", lambda r: _fmt(r["opener_win_rate"], ".1%")),
        Column("net/open", lambda r: _fmt(r["opener_net_per_open"], "+.2f")),
        Column("Diablo paid", lambda r: f"{r['diablo_paid']:,}"),
    ),
    text=_text,
)
