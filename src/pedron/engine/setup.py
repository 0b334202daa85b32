"""Setting a table up: seats and names, stacks, cards, and prearranged deals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pedron._kernels.tuples import frozen
from pedron.engine.errors import ActionTypeError, RulesError
from pedron.engine.frozen import Frozen, fields
from pedron.errors import DuplicateCardError, PedronTypeError

__all__ = ["DealPlan", "check_order", "seat_names", "stack_list"]


def seat_names(players: Any, low: int, high: int, game: str) -> tuple[str, ...]:
    """Names for ``players`` (a count, or a list of distinct names), ``low..high`` of them."""
    if isinstance(players, bool):
        raise PedronTypeError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"P{i}" for i in range(int.__index__(players)))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(str.__str__(p) for p in players)
    else:
        raise PedronTypeError("players must be a count or a list of names")
    if not low <= len(names) <= high:
        raise RulesError(f"{game} is for {low} to {high} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("player names must differ")
    return names


def stack_list(stacks: Any, n: int) -> list[int]:
    """Starting stacks: one int for everyone, or one whole number (>= 1) per seat."""
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [int.__index__(stacks)] * n
    elif isinstance(stacks, (list, tuple)):
        out = [int.__index__(s) if isinstance(s, int) and not isinstance(s, bool) else s
               for s in stacks]
    else:
        raise PedronTypeError("stacks must be an int or a list of ints")
    if len(out) != n or not all(type(s) is int and s >= 1 for s in out):
        raise RulesError(f"stacks must be {n} whole numbers of at least 1 chip")
    return out


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


@fields
class DealPlan(Frozen):
    """Prearranged cards for one deal.

    ``hands``: ``(seat, cards)`` pairs, the cards each named seat is dealt;
    ``stock``: the cards on top of the stock after the deal (top first, for a
    draw); every other card comes shuffled from the rest of the deck. Or
    ``order`` (pedron 0.1's prearranged deck): the top of the whole deck, top
    first, the rest following in card order.
    """

    __slots__ = ()
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    stock: tuple[int, ...]
    order: tuple[int, ...] | None

    def __new__(
        cls,
        hands: tuple[tuple[int, tuple[int, ...]], ...] = (),
        stock: tuple[int, ...] = (),
        order: tuple[int, ...] | None = None,
    ) -> DealPlan:
        return frozen(cls, (hands, stock, order))

    def to_json(self) -> dict[str, Any]:
        if self[2] is not None:
            return {"order": list(self[2])}
        return {"hands": [[s, list(c)] for s, c in self[0]], "stock": list(self[1])}

    def arrange(self, shuffled: Sequence[int], receivers: Sequence[int]) -> list[int]:
        """A deck order (top first) dealing this plan to ``receivers`` (the seat that
        gets each card dealt, in order), the rest of ``shuffled`` (the deck, shuffled)
        filling in. A named card the deck lacks, or one of a seat not dealt in,
        is left out (a smaller deck in Dealer's Diamondback)."""
        deck = set(shuffled)
        planned = {s: [c for c in cards if c in deck] for s, cards in self[0] if s in receivers}
        stock = [c for c in self[1] if c in deck]
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
