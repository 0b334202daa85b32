"""What a Diamondback hand and table show: results and per-player views (immutable data)."""

from __future__ import annotations

from pedron.engine.frozen import fields
from pedron.engine.views import DealResult, DealView, TableViewBase, deprecated

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
class TableView(TableViewBase):
    """The table as ``seat`` may see it: the fields of
    :class:`~pedron.engine.views.TableViewBase` (``deal`` is a
    :class:`HandView`), and ``votes`` (Match Diamondback: the seats agreeing to
    end the match)."""

    __slots__ = ()
    _OLD = "hand"

    deal: HandView | None  # (a field of the base, its type made precise)
    votes: tuple[int, ...]
