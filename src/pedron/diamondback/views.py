"""What a Diamondback hand and table show: results and per-player views (immutable data)."""

from __future__ import annotations

from typing import Any

from pedron.engine.actions import Record
from pedron.engine.frozen import fields
from pedron.engine.views import DealResult, DealView, View, deprecated, json_of, view_json

__all__ = ["HandResult", "HandView", "TableView"]


@fields
class HandResult(DealResult):
    """How a finished hand ended (the fields of :class:`~pedron.engine.views.DealResult`, and).

    ``main_winner``: the first winner of the main pot clockwise from the
    dealer's left (``None`` if it carried over, held only the dealer's own
    chips, or nobody was dealt in): in Dealer's Diamondback, the next dealer.
    """

    __slots__ = ()

    main_winner: int | None


@fields
class HandView(DealView):
    """One hand as seen by ``seat`` (the fields of :class:`~pedron.engine.views.DealView`).

    ``shown[s]``: the cards seat ``s`` has shown (his revealed card; both
    after a showdown); ``bet``: the dealer's current bet.
    """

    __slots__ = ()

    @property
    def exposed(self) -> tuple[tuple[int, ...], ...]:
        """Deprecated name of :attr:`shown`."""
        deprecated("HandView.exposed", "HandView.shown")
        return self.shown


@fields
class TableView(View):
    """The table as ``seat`` may see it: names, stacks, dealer, carry-over, the
    table's recent events (since the current or last hand began), the Match votes
    and the current hand's :class:`HandView` (``deal``)."""

    __slots__ = ()

    seat: int | None
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    seated: tuple[bool, ...]
    dealer: int | None
    carry: int
    deals_played: int
    closing: bool
    over: bool
    end_reason: str | None
    votes: tuple[int, ...]
    events: tuple[Record, ...]
    deal: HandView | None

    @property
    def hand(self) -> HandView | None:
        """Deprecated name of :attr:`deal`."""
        deprecated("TableView.hand", "TableView.deal")
        return self.deal

    @property
    def hands_played(self) -> int:
        """Deprecated name of :attr:`deals_played`."""
        deprecated("TableView.hands_played", "TableView.deals_played")
        return self.deals_played

    @property
    def history(self) -> tuple[Record, ...]:
        """Deprecated name of :attr:`events`."""
        deprecated("TableView.history", "TableView.events")
        return self.events

    def to_json(self) -> dict[str, Any]:
        """Plain data of the view."""
        return view_json(self, {"deal": json_of})
