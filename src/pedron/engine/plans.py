"""Prearranged deals: :class:`DealPlan`, and checking the cards a plan names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pedron.errors import ActionTypeError, DuplicateCardError

__all__ = ["DealPlan", "check_order"]


def check_order(
    order: Any, parse_text: Callable[[str], list[int]], check_card: Callable[[int], Any]
) -> list[int]:
    """A list of distinct cards (card ids or text), each checked by ``check_card``."""
    if isinstance(order, str):
        order = list(parse_text(str.__str__(order)))
    if not isinstance(order, (list, tuple)):
        raise ActionTypeError("cards must be text or a list of card ids")
    out = []
    for c in order:
        if isinstance(c, bool) or not isinstance(c, int):
            raise ActionTypeError(f"a card id must be an int, not {type(c).__name__}")
        c = int.__index__(c)
        check_card(c)  # raises a CardError when out of range
        out.append(c)
    if len(set(out)) != len(out):
        raise DuplicateCardError("a card appears twice")
    return out


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Prearranged cards for one deal.

    ``hands``: ``(seat, cards)`` pairs, the cards each named seat is dealt;
    ``stock``: the cards on top of the stock after the deal (top first, for a
    draw); every other card comes shuffled from the rest of the deck. Or
    ``order``, a whole deck order: the top of the deck, top first, the rest
    following in card order.
    """

    hands: tuple[tuple[int, tuple[int, ...]], ...] = ()
    stock: tuple[int, ...] = ()
    order: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"hands": [[seat, cards], ...], "stock": cards}``, or ``{"order": cards}``."""
        if self.order is not None:
            return {"order": list(self.order)}
        return {"hands": [[s, list(c)] for s, c in self.hands], "stock": list(self.stock)}

    def arrange(self, shuffled: Sequence[int], receivers: Sequence[int]) -> list[int]:
        """A deck order (top first) dealing this plan to ``receivers`` (the seat that
        gets each card dealt, in order), the rest of ``shuffled`` (the deck, shuffled)
        filling in. A named card the deck lacks, or one of a seat not dealt in,
        is left out (a smaller deck in Dealer's Diamondback)."""
        deck = set(shuffled)
        planned = {s: [c for c in cards if c in deck] for s, cards in self.hands
                   if s in receivers}
        stock = [c for c in self.stock if c in deck]
        used = {c for cards in planned.values() for c in cards} | set(stock)
        rest = [c for c in shuffled if c not in used]
        rest.reverse()  # popped from the end: keeps the shuffled order
        out = []
        for s in receivers:
            mine = planned.get(s)
            out.append(mine.pop(0) if mine else rest.pop())
        # Cards planned for a seat that was not dealt in go back to the rest.
        leftover = [c for cards in planned.values() for c in cards]
        rest.reverse()
        return out + stock + leftover + rest
