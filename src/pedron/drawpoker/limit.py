"""How many cards a draw-poker player may exchange: :class:`DrawLimit`, the rule
a game's rules set (``pedron.diablo.Rules.draw_limit``, video poker's
``DrawLimit(5)``) and the draw advisor applies.

The rules of a game import this module, and the advisor takes either a limit or
any rules that have one (:class:`HasDrawLimit`), so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pedron._exact import check_iterable, exact_flag, exact_int
from pedron.cards import format_cards
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = ["DrawLimit", "HasDrawLimit"]

_ACE = 12
_COUNT_WORDS = ("no cards", "one card", "two cards", "three cards", "four cards", "five cards")


@runtime_checkable
class HasDrawLimit(Protocol):
    """A game's rules, as far as the draw advisor reads them: the exchanges they
    allow (``pedron.diablo.Rules`` is one)."""

    @property
    def draw_limit(self) -> DrawLimit:
        """The exchanges the rules allow."""
        ...


def _cards_text(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


@dataclass(frozen=True, slots=True, repr=False)
class DrawLimit:
    """How many cards a Diablo player may exchange: the one rule the game and
    the draw advisor share.

    * ``most``: the most cards one exchange may have, 0..5 (Diablo's tables
      allow at most 4, a player keeping a card; 5, the whole hand, is for
      video poker and other draw games).
    * ``ace_for_most``: when True, an exchange of exactly ``most`` cards is
      allowed only if the cards kept include a real ace (rank A; a deuce is
      never one, wild or not); fewer cards need nothing. With ``most=4`` this
      is the *More draw* variant: three cards, or four when the one card kept
      is an ace. It needs ``most >= 1``.

    ``DrawLimit(2)`` is plain Diablo; :meth:`from_rules` gives a table's limit.
    :meth:`why_not` judges one exchange (the game's legality), :meth:`most_for`
    gives the largest count a hand may exchange.
    """

    most: int
    ace_for_most: bool = False

    def __post_init__(self) -> None:
        most = exact_int(self.most, "DrawLimit.most")
        if not 0 <= most <= 5:
            raise PedronValueError(f"DrawLimit.most must be 0..5, not {shown(most)}")
        if type(self.ace_for_most) is not bool:
            raise PedronTypeError(
                f"DrawLimit.ace_for_most must be a bool, not {type(self.ace_for_most).__name__}"
            )
        if self.ace_for_most and most == 0:
            raise PedronValueError(
                "DrawLimit(0) exchanges nothing: ace_for_most needs most >= 1"
            )
        object.__setattr__(self, "most", most)  # a plain int, whatever index type came in

    @classmethod
    def from_rules(cls, rules: HasDrawLimit) -> DrawLimit:
        """The limit of a table's rules (:class:`~pedron.diablo.Rules`, or any
        rules with a ``draw_limit``): under Diablo's *More draw*
        (``more_draw=True``) ``DrawLimit(4, True)``, else ``DrawLimit(max_draw)``
        (the mapping of :meth:`from_max_draw`)."""
        limit = getattr(rules, "draw_limit", None)
        if not isinstance(limit, DrawLimit):
            raise PedronTypeError(
                f"DrawLimit.from_rules needs a game's Rules with a draw_limit (such as "
                f"pedron.diablo.Rules), not {type(rules).__name__}"
            )
        return limit

    @classmethod
    def from_max_draw(cls, max_draw: int, more_draw: bool = False) -> DrawLimit:
        """The limit the options ``max_draw`` and ``more_draw`` name, wherever
        they are given (``Rules``, :func:`draw_odds`, ``pedron draw``): any
        exchange of up to ``max_draw`` cards (0..5), or under *More draw*
        (``more_draw=True``, which overrides ``max_draw``) ``DrawLimit(4, True)``.
        So an int ``max_draw`` of :func:`draw_odds` means what
        ``Rules(max_draw=...)`` means: 4 is any four cards."""
        m = max_draw_arg(max_draw)
        if exact_flag(more_draw, "more_draw"):
            return cls(4, True)
        return cls(m)

    def why_not(self, held: Sequence[int], discards: Sequence[int]) -> str | None:
        """Why exchanging ``discards`` from the hand ``held`` is refused, or None.

        ``held`` is the player's five card ints; ``discards`` the cards he
        exchanges, each one of ``held``, none twice (a :class:`PedronError`
        otherwise: this method judges the count, not the cards). The reason
        is a sentence for the player, such as ``"at most 2 cards may be
        exchanged, not 3"``.
        """
        hand = hand_arg(held)
        out = card_ints(discards, "discards")
        if len(set(out)) != len(out):
            raise DuplicateCardError("a card is discarded twice")
        for c in out:
            if c not in hand:
                raise CardError(f"discard {format_cards([c])} is not in the hand")
        k, most = len(out), self.most
        if k > most:
            if most == 0:
                return f"no cards may be exchanged, not {k}"
            if self.ace_for_most:
                if most == 1:
                    return f"at most 1 card, and only when the cards kept include an ace, not {k}"
                return f"at most {_cards_text(most - 1)} ({most} keeping an ace), not {k}"
            return f"at most {_cards_text(most)} may be exchanged, not {k}"
        if k == most and self.ace_for_most and not any(
            c >> 2 == _ACE for c in hand if c not in out
        ):
            if most == 4:
                return "four cards may be exchanged only when the card kept is an ace"
            return (f"{_COUNT_WORDS[most]} may be exchanged only when the cards kept "
                    "include an ace")
        return None

    def most_for(self, held: Sequence[int]) -> int:
        """The largest number of cards the hand ``held`` (five card ints) may exchange."""
        hand = hand_arg(held)
        if self.ace_for_most and not any(c >> 2 == _ACE for c in hand):
            return self.most - 1
        return self.most

    def to_json(self) -> dict[str, Any]:
        """Plain data: ``{"most": 4, "ace_for_most": True}``."""
        return {"most": self.most, "ace_for_most": self.ace_for_most}

    @classmethod
    def from_json(cls, data: Any) -> DrawLimit:
        """Inverse of :meth:`to_json` (``ace_for_most`` may be left out)."""
        if not isinstance(data, dict):
            raise PedronTypeError(f"a DrawLimit is a dict, not {type(data).__name__}")
        unknown = set(data) - {"most", "ace_for_most"}
        if unknown or "most" not in data:
            raise PedronValueError(
                f"a DrawLimit dict has 'most' and optionally 'ace_for_most', not {sorted(data)}"
            )
        return cls(data["most"], data.get("ace_for_most", False))

    def __str__(self) -> str:
        most = self.most
        if most == 0:
            return "no exchange"
        if self.ace_for_most:
            fewer = f"up to {_cards_text(most - 1)}, or " if most > 1 else ""
            return f"{fewer}{most} keeping an ace"
        return f"up to {_cards_text(most)}"

    def __repr__(self) -> str:
        if self.ace_for_most:
            return f"DrawLimit({self.most}, ace_for_most=True)"
        return f"DrawLimit({self.most})"


def card_ints(cards: Any, what: str) -> tuple[int, ...]:
    """Card ints 0..51 of a sequence (numpy integers and other index types too)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise PedronTypeError(f"{what} must be a sequence of card ints, not {type(cards).__name__}")
    out = []
    check_iterable(cards, what)
    for c in cards:
        if type(c) is not int:
            c = exact_int(c, f"{what}: a card")
        if not 0 <= c < 52:
            raise CardError(f"{what}: card number out of range 0..51: {c}")
        out.append(c)
    return tuple(out)


def hand_arg(held: Any) -> tuple[int, ...]:
    hand = card_ints(held, "held")
    if len(hand) != 5:
        raise PedronValueError(f"held: a hand has exactly 5 cards, got {len(hand)}")
    if len(set(hand)) != 5:
        raise DuplicateCardError("held: duplicate card in the hand")
    return hand




def max_draw_arg(max_draw: Any) -> int:
    m = exact_int(max_draw, "max_draw")
    if not 0 <= m <= 5:
        raise PedronValueError(f"max_draw must be 0..5, got {shown(m)}")
    return m
