"""Exact Diamondback probabilities: dealing odds and odds in play.

Everything here is exact (:class:`fractions.Fraction`) and rests on one model:
**the cards a player has not seen lie uniformly at random**. Opponents' choices
(which card they revealed, staying in rather than folding) are not used as
information about their hidden cards.

* :func:`dealing_odds` -- the probability of being dealt each of the 14 hands
  from the 2-, 3- or 4-player deck.
* :func:`odds` -- from one player's seat: given his two cards, the card each
  opponent still in has revealed (or none yet) and any other cards he knows
  to be out of play, the probabilities that at the showdown he wins outright,
  shares the pot, the pot carries over, or he loses. The compiled kernel
  enumerates the ranks of the opponents' hidden cards, each weighted by the
  number of concrete card choices it stands for.
* :func:`equity` -- the same situation, only his expected share of the pot,
  as a float (no fractions built: for bots).

Showdown rules (the rules, "Ties": docs/rules.md): the best hand wins; tied best hands divide
the pot, except that when **every** hand in the showdown is equal the table's
tie rule (``Rules.tie_rule``) may carry the pot over: always with
``"showdown"`` (the default), only if everyone dealt in reached the showdown
with ``"seated"``, never with ``"split"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from pedron._exact import check_iterable, exact_flag, exact_int
from pedron._kernels.diamondback_eval import odds_counts
from pedron.diamondback.cards import (
    COPIES,
    DECK_SIZES,
    MAX_ID,
    RANK_NAMES,
    RANK_OF_ID,
    CardSet,
    format_id,
    parse_ids,
    parse_ranks,
)
from pedron.diamondback.hand import HANDS, STRENGTH, HandValue, hand_ranks
from pedron.diamondback.rules import Rules
from pedron.errors import CardError, DuplicateCardError, PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = [
    "Odds",
    "dealing_counts",
    "dealing_odds",
    "deck_counts",
    "equity",
    "odds",
]

_HAS_DIGIT = re.compile(r"\d")


def _check_players(players: Any) -> int:
    n = exact_int(players, "players")  # (numpy's ints read exactly; floats refused)
    if n not in DECK_SIZES:
        raise PedronValueError(f"Diamondback is for 2 to 4 players, not {shown(n)}")
    return n


def deck_counts(players: int) -> tuple[int, int, int, int, int]:
    """Cards of each rank (Priest first) in the deck for ``players`` (2..4)."""
    decks = _check_players(players) - 1
    return (COPIES[0] * decks, COPIES[1] * decks, COPIES[2] * decks, COPIES[3] * decks, 1)


# --------------------------------------------------------------------------
# dealing odds


@cache
def _dealing_counts(players: int) -> tuple[tuple[HandValue, int], ...]:
    counts = deck_counts(players)
    rows = []
    for hand in HANDS:
        hi, lo = hand.ranks
        ways = counts[hi] * (counts[hi] - 1) // 2 if hi == lo else counts[hi] * counts[lo]
        rows.append((hand, ways))
    return tuple(rows)


def dealing_counts(players: int, *, names: bool = False) -> dict[Any, int]:
    """Number of two-card sets dealing each hand, best hand first.

    Keys are :class:`HandValue` objects, or hand names (``"Queen-King"``) with
    ``names=True``. The counts add up to C(deck size, 2): 105, 406 and 903 for
    2, 3 and 4 players.
    """
    rows = _dealing_counts(_check_players(players))
    by_name = exact_flag(names, "names")
    return {(hand.name if by_name else hand): ways for hand, ways in rows}


def dealing_odds(players: int, *, names: bool = False) -> dict[Any, Fraction]:
    """Exact probability of being dealt each of the 14 hands, best hand first.

    Keys are :class:`HandValue` objects (``str(key)`` is the hand's name), or
    the names themselves with ``names=True``; values are
    :class:`~fractions.Fraction` and add up to 1.
    """
    rows = _dealing_counts(_check_players(players))
    by_name = exact_flag(names, "names")
    total = sum(ways for _, ways in rows)
    return {(hand.name if by_name else hand): Fraction(ways, total) for hand, ways in rows}


# --------------------------------------------------------------------------
# odds in play


@dataclass(frozen=True, slots=True)
class Odds:
    """One player's exact chances at the showdown.

    ``win + share + carry + lose == 1``:

    * ``win``: his hand beats every opponent's;
    * ``share``: he ties for best and the pot is divided (``shares[w - 2]``
      is the probability of a division among ``w`` = 2, 3, 4 tied hands, his
      included). Every hand in the showdown being equal is a division too
      when the tie rule does not carry the pot (``"split"``, or ``"seated"``
      after a fold); so ``shares[2]``, four equal hands, happens only under
      ``"split"``;
    * ``carry``: every hand in the showdown is equal and the tie rule carries
      the pot over;
    * ``lose``: some opponent has a better hand.

    ``share_pot`` is the expected fraction of the pot he takes through
    divisions (sum of ``shares[w - 2] / w``); ``equity = win + share_pot``
    is his expected fraction of this pot (a carry-over counts as 0).
    ``deals`` is the number of equally likely ways the opponents' hidden cards
    can be, and ``counts`` the raw (win, share2, share3, share4, carry, lose)
    counts out of ``deals``.
    """

    win: Fraction
    share: Fraction
    carry: Fraction
    lose: Fraction
    shares: tuple[Fraction, Fraction, Fraction]
    share_pot: Fraction
    deals: int
    counts: tuple[int, int, int, int, int, int]

    @property
    def equity(self) -> Fraction:
        """Expected fraction of this pot won (win + share_pot)."""
        return self.win + self.share_pot

    @property
    def p_win(self) -> float:
        """``win`` as a float."""
        return float(self.win)

    @property
    def p_share(self) -> float:
        """``share`` as a float."""
        return float(self.share)

    @property
    def p_carry(self) -> float:
        """``carry`` as a float."""
        return float(self.carry)

    @property
    def p_lose(self) -> float:
        """``lose`` as a float."""
        return float(self.lose)

    def as_floats(self) -> dict[str, float]:
        """``win``, ``share``, ``carry``, ``lose`` and ``equity`` as floats."""
        return {
            "win": float(self.win),
            "share": float(self.share),
            "carry": float(self.carry),
            "lose": float(self.lose),
            "equity": float(self.equity),
        }

    @classmethod
    def from_counts(cls, counts: Sequence[int], deals: int) -> Odds:
        """Build from raw (win, share2, share3, share4, carry, lose) counts."""
        if not isinstance(counts, (list, tuple)) or len(counts) != 6:
            raise PedronTypeError("counts must be a list or tuple of six counts (win, share2, "
                                  f"share3, share4, carry, lose), not {shown(counts)[:100]}")
        win, s2, s3, s4, carry, lose = (exact_int(c, "a count") for c in counts)
        deals = exact_int(deals, "deals")
        if min(win, s2, s3, s4, carry, lose) < 0:
            raise PedronValueError(f"outcome counts cannot be negative: {tuple(counts)}")
        if win + s2 + s3 + s4 + carry + lose != deals or deals <= 0:
            raise PedronValueError(f"outcome counts {tuple(counts)} do not add up to {deals}")
        shares = (Fraction(s2, deals), Fraction(s3, deals), Fraction(s4, deals))
        return cls(
            win=Fraction(win, deals),
            share=Fraction(s2 + s3 + s4, deals),
            carry=Fraction(carry, deals),
            lose=Fraction(lose, deals),
            shares=shares,
            # s2/2 + s3/3 + s4/4 over one denominator: one Fraction, not five
            share_pot=Fraction(6 * s2 + 4 * s3 + 3 * s4, 12 * deals),
            deals=deals,
            counts=(win, s2, s3, s4, carry, lose),
        )

    def __repr__(self) -> str:
        return (
            f"Odds(win={self.win}, share={self.share}, carry={self.carry}, "
            f"lose={self.lose}, equity~{float(self.equity):.4f})"
        )


# A known card: its rank, and its id when the caller named a specific card.
_Card = tuple[int, "int | None"]


def _card_of_text(text: str) -> list[_Card]:
    if _HAS_DIGIT.search(text):
        return [(RANK_OF_ID[i], i) for i in parse_ids(text)]
    return [(r, None) for r in parse_ranks(text)]


def _one_card(x: Any, ids: bool, what: str) -> _Card:
    if isinstance(x, str):
        cards = _card_of_text(x)
        if len(cards) != 1:
            raise CardError(f"{what}: expected one card, got {x!r}")
        return cards[0]
    v = exact_int(x, f"{what}: a card (an int or text)")
    if ids:
        if not 0 <= v <= MAX_ID:
            raise CardError(f"{what}: Diamondback card id out of range 0..{MAX_ID}: {x!r}")
        return (RANK_OF_ID[v], v)
    if not 0 <= v <= 4:
        raise CardError(f"{what}: Diamondback rank out of range 0..4: {x!r}")
    return (v, None)


def _cards(obj: Any, ids: bool, what: str) -> list[_Card]:
    if obj is None:
        return []
    if isinstance(obj, str):
        return _card_of_text(obj)
    if isinstance(obj, CardSet):
        return [(RANK_OF_ID[i], i) for i in obj]
    if isinstance(obj, HandValue):
        return [(r, None) for r in obj.ranks]
    try:
        check_iterable(obj, "dead")
        items = list(obj)
    except TypeError:
        raise PedronTypeError(
            f"{what}: expected text, a CardSet or a sequence of cards, not {type(obj).__name__}"
        ) from None
    return [_one_card(x, ids, what) for x in items]


def _revealed_cards(revealed: Any, ids: bool) -> list[_Card | None]:
    if isinstance(revealed, str | CardSet):
        return list(_cards(revealed, ids, "revealed"))
    try:
        check_iterable(revealed, "revealed")
        items = list(revealed)
    except TypeError:
        raise PedronTypeError(
            "revealed: expected a sequence with one entry (a card or None) per opponent "
            f"still in, not {type(revealed).__name__}"
        ) from None
    return [None if x is None else _one_card(x, ids, "revealed") for x in items]


def _plural(name: str) -> str:
    return name + ("es" if name.endswith("ss") else "s")


def _count_arg(value: Any, name: str) -> int:
    return exact_int(value, name)


def _situation(
    hand: Any,
    revealed: Any,
    dead: Any,
    players: Any,
    opponents: Any,
    ids: bool,
    rules: Any,
    dealt_in: Any,
) -> tuple[int, list[int], list[int | None], bool]:
    """Check a situation; the hero's strength, unseen counts, revealed ranks
    and whether a showdown of equal hands carries the pot over."""
    if rules is None:
        tie_rule = "showdown"
    elif isinstance(rules, Rules):
        tie_rule = rules.tie_rule
    else:
        raise PedronTypeError(
            f"rules must be pedron.diamondback.Rules or None, not {type(rules).__name__}"
        )
    if dealt_in is not None:
        dealt_in = _count_arg(dealt_in, "dealt_in")
        if players is None:
            players = dealt_in
    high, low = hand_ranks(hand, ids=ids)  # validates: two cards, not Magician-Magician, ...
    known: list[_Card] = _cards(hand, ids, "hand")
    if revealed is None:
        if opponents is None:
            opponents = (2 if players is None else _check_players(players)) - 1
        opponents = _count_arg(opponents, "opponents")
        if not 1 <= opponents <= 3:  # checked before [None] * opponents allocates
            raise PedronValueError(
                f"{shown(opponents)} opponents still in: Diamondback has 1 to 3 opponents"
            )
        opp_cards: list[_Card | None] = [None] * opponents
    else:
        opp_cards = _revealed_cards(revealed, ids)
        if opponents is not None and opponents != len(opp_cards):
            raise PedronValueError(
                f"opponents={opponents!r} but revealed has {len(opp_cards)} entries "
                "(one per opponent still in)"
            )
    k = len(opp_cards)
    if players is None:
        players = max(2, k + 1)
    players = _check_players(players)
    if not 1 <= k <= players - 1:
        raise PedronValueError(
            f"{k} opponents still in: with {players} players there can be 1 to {players - 1}"
        )
    if dealt_in is None:
        dealt_in = players
    elif not k + 1 <= dealt_in <= players:
        possible = f"{players}" if k + 1 == players else f"{k + 1} to {players}"
        raise PedronValueError(
            f"dealt_in={shown(dealt_in)}: with {k} opponents still in and a {players}-player deck, "
            f"{possible} players were dealt in"
        )
    dead_cards = _cards(dead, ids, "dead")
    everything = known + [c for c in opp_cards if c is not None] + dead_cards
    size = DECK_SIZES[players]
    seen_ids: set[int] = set()
    for _, card in everything:
        if card is None:
            continue
        if card >= size:
            raise CardError(
                f"card {format_id(card)} (id {card}) is not in the {players}-player deck "
                f"(ids 0..{size - 1})"
            )
        if card in seen_ids:
            raise DuplicateCardError(f"card {format_id(card)} given twice")
        seen_ids.add(card)
    counts = list(deck_counts(players))
    for rank, _ in everything:
        counts[rank] -= 1
    for rank in range(5):
        if counts[rank] < 0:
            held = deck_counts(players)[rank] - counts[rank]
            raise CardError(
                f"{held} {_plural(RANK_NAMES[rank])} among hand, revealed and dead cards, but the "
                f"{players}-player deck has only {deck_counts(players)[rank]}"
            )
    hidden = sum(1 if c is not None else 2 for c in opp_cards)
    if sum(counts) < hidden:
        raise PedronValueError(
            f"only {sum(counts)} unseen cards, but the opponents hold {hidden} hidden cards"
        )
    rev = [None if c is None else c[0] for c in opp_cards]
    # The table's tie rule for a showdown of equal hands (game.py settles the
    # same way): "seated" carries only when nobody dealt in has folded.
    carry = tie_rule == "showdown" or (tie_rule == "seated" and k + 1 == dealt_in)
    return STRENGTH[high][low], counts, rev, carry


def odds(
    hand: Any,
    revealed: Any = None,
    dead: Any = None,
    players: int | None = None,
    *,
    opponents: int | None = None,
    ids: bool = False,
    rules: Rules | None = None,
    dealt_in: int | None = None,
) -> Odds:
    """One player's exact probabilities of winning, sharing, carry-over and losing.

    * ``hand``: his two cards, in any form :func:`evaluate` accepts.
    * ``revealed``: one entry per **opponent still in**: the card he revealed
      (a rank int, a card text such as ``"Q"`` or ``"Q4"``, or an id with
      ``ids=True``) or ``None`` if he has not revealed yet. A text such as
      ``"Q S"`` gives one revealed card per opponent. ``revealed=None`` means
      ``opponents`` opponents are in and none has revealed yet.
    * ``dead``: other cards known to be out of the opponents' hands (folded
      players' shown cards, ...), in the same forms; ``None`` for none.
    * ``players``: the players dealt in, which fixes the deck (2: 15 cards,
      3: 29, 4: 43; a pedron table deals from the deck for the players dealt
      in). Default: ``dealt_in`` if given, else one more than the number of
      opponents still in.
    * ``opponents``: with ``revealed=None``, how many opponents are still in
      (default ``players - 1``); otherwise it must equal ``len(revealed)``.
    * ``ids``: ints are card ids (0..42) instead of ranks (0..4).
    * ``rules``: the table's :class:`~pedron.diamondback.Rules`; only its
      ``tie_rule`` matters: what happens when every hand in the showdown is
      equal (``None``: the default rules, the pot carries over).
    * ``dealt_in``: how many players were dealt in this hand, those who have
      folded included (default ``players``); only the ``"seated"`` tie rule
      reads it (equal hands carry the pot only when all of them are still
      in). It must lie between the players still in and ``players``.

    The probabilities are those of the pot every player still in competes for
    (the main pot; a side pot has fewer hands). Every way the opponents'
    hidden cards can lie among the cards he has not seen is counted once (all
    equally likely). Raises a :class:`~pedron.errors.PedronValueError`
    subclass for unknown names, a card the deck lacks, more cards of a rank
    than the deck holds, a player count outside 2..4, too many opponents, a
    ``dealt_in`` out of range; :class:`~pedron.errors.PedronTypeError` for a
    wrong type.
    """
    strength, counts, rev, carry = _situation(
        hand, revealed, dead, players, opponents, ids, rules, dealt_in
    )
    win, s2, s3, s4, tied, lose, total = odds_counts(strength, counts, rev, carry)
    return Odds.from_counts((win, s2, s3, s4, tied, lose), total)


def equity(
    hand: Any,
    revealed: Any = None,
    dead: Any = None,
    players: int | None = None,
    *,
    opponents: int | None = None,
    ids: bool = False,
    rules: Rules | None = None,
    dealt_in: int | None = None,
) -> float:
    """His expected fraction of the pot, ``float(odds(...).equity)``, computed lean.

    The same arguments and checks as :func:`odds`; the result is exactly the
    float nearest :attr:`Odds.equity` (one integer division, no
    :class:`~fractions.Fraction`), so bots can ask it every decision.
    """
    strength, counts, rev, carry = _situation(
        hand, revealed, dead, players, opponents, ids, rules, dealt_in
    )
    win, s2, s3, s4, _, _, total = odds_counts(strength, counts, rev, carry)
    # win + s2/2 + s3/3 + s4/4 over 12 * total: the int division rounds once.
    return (12 * win + 6 * s2 + 4 * s3 + 3 * s4) / (12 * total)
