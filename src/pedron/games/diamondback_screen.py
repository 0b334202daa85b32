"""Diamondback on the command line: its cards by their rank names, its hands with their
place among the 14 and their dealing odds, its verbs, why a hand won
(:class:`~pedron.games.screen.Screen`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pedron.errors import CardError, PedronValueError
from pedron.games.screen import Screen, Shown, Verb, fraction_text
from pedron.text import plural, table

__all__ = ["DiamondbackScreen"]


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


class DiamondbackScreen(Screen):
    """Diamondback as ``pedron play``, ``pedron eval`` and ``pedron deal`` show it."""

    # (the dealer's ante of Dealer's Diamondback is typed too: ``pedron play`` deals the
    # plain game, where it never comes up)
    verbs = (
        Verb("bet N", "the dealer bets N chips"),
        Verb("match", "match the dealer's bet ('call' says the same; 'match N' to check the "
                      "cost is N)"),
        Verb("fold", "give up the hand"),
        Verb("reveal CARD", "show one of your cards: its name (reveal Queen), 1 or 2"),
        Verb("stop", "the dealer stops betting: the showdown follows"),
    )
    # (a Diamondback player who says call means match: the game has no other call)
    aliases = MappingProxyType({
        "b": "bet", "m": "match", "f": "fold", "r": "reveal", "s": "stop", "call": "match",
        "c": "match"})
    evaluates = True
    has_odds = True

    def cards(self, cards: Sequence[int]) -> str:
        from pedron.diamondback import RANK_NAMES, rank_of

        return " ".join(RANK_NAMES[rank_of(c)] for c in cards)

    def hand(self, cards: Sequence[int], dealt_in: int, wild: bool = True) -> str:
        """The hand's name, its place among the 14 and the chance of being dealt it from
        this deck."""
        if len(cards) != 2:
            return ""
        from pedron.diamondback import HANDS, dealing_odds, evaluate

        value = evaluate(cards, ids=True)
        p = dealing_odds(dealt_in, names=True)[value.name]
        if p:
            one_in = p.denominator / p.numerator
            odds = f"dealt {float(p):.1%} of the time (1 in {one_in:.1f})"
        else:
            odds = "never dealt from this deck"
        return f"{value.name}, {_ordinal(value.position)} best of {len(HANDS)} hands; {odds}"

    def why_won(self, winner: str, others: Sequence[str]) -> str:
        """`` over Magician-Priest: 35 points to 30``, the best of the ``others`` shown
        below it (hands rank by their points in the table of hands; empty if none is
        known)."""
        from pedron.diamondback import HANDS

        by_name = {h.name: h for h in HANDS}
        win = by_name.get(winner)
        beaten = [by_name[h] for h in others if h in by_name]
        if win is None or not beaten:
            return ""
        best = max(beaten, key=lambda h: h.strength)
        if best.strength >= win.strength:
            return ""
        return f" over {best.name}: {win.points} points to {best.points}"

    def read_reveal(self, words: Sequence[str], held: Sequence[int]) -> int:
        """The held card named by ``words``: 1 or 2, a rank (one held card of it), or a
        specific card (``Q5``)."""
        from pedron.diamondback import RANK_NAMES, format_id, parse_ids, parse_ranks, rank_of

        names = [RANK_NAMES[rank_of(c)] for c in held]
        yours = " and ".join(f"{n} ({format_id(c)})" for n, c in zip(names, held, strict=True))
        if not words:
            raise PedronValueError(f"reveal which card? You hold {yours}: say its name, 1 or 2")
        text = " ".join(words)
        if text in ("1", "2"):
            return held[int(text) - 1]
        try:
            if re.search(r"\d$", text):  # a specific card, copy number and all
                (card,) = parse_ids(text)
                if card not in held:
                    raise PedronValueError(f"you do not hold {format_id(card)}: you hold {yours}")
                return card
            ranks = parse_ranks(text)
        except (CardError, ValueError) as exc:
            if isinstance(exc, PedronValueError) and not isinstance(exc, CardError):
                raise
            raise PedronValueError(f"{text!r} is not one of your cards: you hold "
                                   f"{yours}") from None
        if len(ranks) != 1:
            raise PedronValueError(f"reveal one card, not {text!r}: you hold {yours}")
        for card in held:
            if rank_of(card) == ranks[0]:
                return card  # (of a pair, either copy: they are the same to everyone)
        raise PedronValueError(f"you hold no {RANK_NAMES[ranks[0]]}: you hold {yours}")

    def opponent(self, seat: int, default_bot: str) -> str | Mapping[str, Any]:
        """The odds bot, each one a little more cautious than the last (seat 0, ``auto``:
        the plain one)."""
        return {"name": "odds", "margin": 0.05 * seat} if seat else {"name": "odds"}

    def evaluate(self, text: str, natural: bool) -> Shown:
        if natural:
            raise PedronValueError("--natural is for Diablo: Diamondback has no wild cards")
        from pedron.diamondback import evaluate

        value = evaluate(text)
        return Shown(
            f"{value.name}: position {value.position} of 14 (points {value.points}), "
            f"strength {value.strength}",
            {"game": self.game.name, "hand": value.name, "strength": value.strength,
             "position": value.position, "points": value.points},
        )

    def seeded_deal(self, seed: int) -> Shown:
        from pedron.diamondback import RANK_CODES, RANK_NAMES, Deck, evaluate, format_id

        deck = Deck(4, seed)
        lines = [f"Diamondback, 4 players, seed {seed}",
                 "  cards: " + ", ".join(f"{code} {name}" for code, name in
                                         zip(RANK_CODES, RANK_NAMES, strict=True))
                 + "; the number tells copies apart"]
        data = []
        for seat in range(4):
            cards = deck.deal(2)
            value = evaluate(cards, ids=True)
            ids = " ".join(format_id(c) for c in cards)
            lines.append(f"  seat {seat + 1}: {ids}   {value.name} ({value.points} points)")
            data.append({"cards": ids, "hand": value.name})
        return Shown("\n".join(lines), data)

    def dealing_odds(self, players: int) -> Shown:
        from pedron.diamondback import DECK_SIZES, dealing_odds

        rows = []
        data = []
        for value, p in dealing_odds(players).items():
            rows.append((value.name, value.points, fraction_text(p), f"{float(p):.4%}"))
            data.append({"hand": value.name, "points": value.points,
                         "probability": fraction_text(p), "float": float(p)})
        return Shown(
            f"Chance of being dealt each hand, {players} players "
            f"({DECK_SIZES[players]}-card deck)\n"
            + table(("hand", "points", "exact", "percent"), rows, right=(1, 2, 3)),
            {"players": players, "dealing_odds": data},
        )

    def odds(self, hand: str, revealed: Sequence[str | None] | None, dead: str,
             players: int | None) -> Shown:
        from pedron.diamondback import DECK_SIZES, evaluate, odds

        result = odds(hand, revealed=None if revealed is None else list(revealed),
                      dead=dead or (), players=players)
        value = evaluate(hand)
        opponents = (len(revealed) if revealed is not None else
                     (self.game.default_players if players is None else players) - 1)
        players = players if players is not None else opponents + 1
        shown = ("" if revealed is None else "; revealed: " + ", ".join(
            "not yet" if r is None else r for r in revealed))
        header = (
            f"{value.name} against {plural(opponents, 'opponent')} still in, "
            f"{players}-player deck ({DECK_SIZES[players]} cards){shown}"
            + (f"; dead: {dead}" if dead else "")
        )
        outcomes = [("win", result.win), ("share", result.share),
                    ("carry over", result.carry), ("lose", result.lose)]
        chances = [(name, fraction_text(p), f"{float(p):.4%}") for name, p in outcomes]
        by_outcome = {name: {"exact": fraction_text(p), "float": float(p)}
                      for name, p in outcomes}
        return Shown(header + "\n" + table(("outcome", "exact", "percent"), chances,
                                           right=(1, 2)), by_outcome)
