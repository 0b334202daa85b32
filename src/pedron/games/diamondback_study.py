"""What a study keeps of Diamondback: each seat's hands as dealer and the dealer's result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pedron.games.study import Column, Counts, StudyFacet, TallyView, mean_se, ratio
from pedron.games.study import shown_number as _fmt
from pedron.text import fields

__all__ = ["STUDY"]


class DiamondbackSession:
    """Diamondback's statistics of one session (see
    :class:`~pedron.games.study.SessionStats`)."""

    __slots__ = ()

    def watch(self, deal: Any) -> None:
        return None

    def counts_pot(self, result: Any) -> bool:
        return True

    def deal(self, table: Any, deal: Any, counts: Counts) -> None:
        r = deal.result
        seats = counts.seats
        d = r.dealer
        dv = r.net[d]
        seats["dealer"][d] += 1
        seats["dealer_net"][d] += dv
        seats["dealer_won"][d] += r.main_winner == d
        counts.scalars["dealer_net_sq"] += dv * dv

    def end(self, table: Any, counts: Counts) -> None:
        pass


def _seat_row(t: TallyView, s: int) -> dict[str, Any]:
    seats = t.seats
    dealt = seats["dealer"][s]
    return {
        "dealer_hands": dealt,
        "dealer_won": seats["dealer_won"][s],
        "dealer_net": seats["dealer_net"][s],
        "dealer_net_per_hand": ratio(seats["dealer_net"][s], dealt),
        "non_dealer_net": seats["net"][s] - seats["dealer_net"][s],
    }


def _summary(t: TallyView, games: int) -> dict[str, Any]:
    dealer_net = sum(t.seats["dealer_net"])
    mean, se = mean_se(dealer_net, t.scalars["dealer_net_sq"], games)
    return {
        "dealer_net": dealer_net,
        "dealer_net_per_hand": mean,
        "dealer_net_se": se,
        "dealer_won": sum(t.seats["dealer_won"]),
    }


def _text(s: Mapping[str, Any], cats: list[dict[str, Any]]) -> list[str]:
    return ["", fields((
        f"dealer net {s['dealer_net']:+,} ({_fmt(s['dealer_net_per_hand'], '+.3f')} "
        f"± {_fmt(s['dealer_net_se'])} a hand)", f"showdowns {s['showdowns']:,}",
        f"carry-overs {s['carry_games']:,} ({s['carried_chips']:,} chips)",
        f"mean pot {_fmt(s['mean_pot'], '.1f')}", f"largest pot {s['largest_pot']:,}",
    ))]


#: Diamondback's study facet (``GameInfo.study``).
STUDY = StudyFacet(
    session=DiamondbackSession,
    scalars=("dealer_net_sq",),
    seats=("dealer", "dealer_won", "dealer_net"),
    seat_row=_seat_row,
    summary=_summary,
    columns=(
        Column("dealt", lambda r: f"{r['dealer_hands']:,}"),
        Column("dealer net", lambda r: f"{r['dealer_net']:+,}"),
        Column("per deal", lambda r: _fmt(r["dealer_net_per_hand"], "+.3f")),
    ),
    text=_text,
)
