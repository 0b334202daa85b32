"""What a Diamondback hand and table show: results and per-player views (frozen data)."""

from __future__ import annotations

from dataclasses import dataclass

from pedron.engine.views import DealResult, DealView, TableViewBase

__all__ = ["HandResult", "HandView", "TableView"]


@dataclass(frozen=True, slots=True)
class HandResult(DealResult):
    """How a finished hand ended (the fields of :class:`~pedron.engine.views.DealResult`, and).

    ``main_winner``: the first winner of the main pot clockwise from the
    dealer's left (``None`` if it carried over, held only the dealer's own
    chips, or nobody was dealt in): in Dealer's Diamondback, the next dealer.
    """

    main_winner: int | None


@dataclass(frozen=True, slots=True)
class HandView(DealView):
    """One hand as seen by ``seat`` (the fields of :class:`~pedron.engine.views.DealView`).

    ``shown[s]``: the cards seat ``s`` has shown (his revealed card; both
    after a showdown); ``bet``: the dealer's current bet.
    """


@dataclass(frozen=True, slots=True)
class TableView(TableViewBase):
    """The table as ``seat`` may see it: the fields of
    :class:`~pedron.engine.views.TableViewBase` (``deal`` is a
    :class:`HandView`), and ``votes`` (Match Diamondback: the seats agreeing to
    end the match)."""

    votes: tuple[int, ...]
