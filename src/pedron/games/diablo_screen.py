"""Diablo on the command line: its verbs, its hands named by its evaluator, the Diablo
pot and the Diablo rule in words (:class:`~pedron.games.screen.Screen`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pedron.errors import CardError, PedronValueError
from pedron.games.screen import Screen, Shown, Verb, is_me, says
from pedron.text import plural, table

__all__ = ["DiabloScreen"]

#: The variant of Diablo's rules that deals the Diablo rule (the opener must win).
_DIABLO_RULE = "diablo"
#: The variant played without wild cards.
_NATURAL = "draw"


class DiabloScreen(Screen):
    """Diablo as ``pedron play``, ``pedron eval`` and ``pedron deal`` show it."""

    verbs = (
        Verb("check", "pass while nobody has bet in this round"),
        Verb("bet N", "bet N chips (the first bet opens: the opener must win the pot)"),
        Verb("call", "put in what the bet costs you ('call N' to check the cost is N)"),
        Verb("raise to N", "make the bet N chips in all ('raise N' says the same; "
                           "'raise by N')"),
        Verb("fold", "give up the game"),
        Verb("draw CARDS", "exchange those of your cards, e.g. draw Kd 7s"),
        Verb("stand", "keep your five cards (draw nothing)"),
    )
    aliases = MappingProxyType({
        "k": "check", "x": "check", "b": "bet", "c": "call", "r": "raise", "f": "fold",
        "d": "draw", "stand": "draw", "pat": "draw"})
    antes_together = True
    first_bet_opens = True
    evaluates = True
    advises_draws = True

    def cards(self, cards: Sequence[int]) -> str:
        from pedron.cards import format_cards

        return format_cards(cards)

    def hand(self, cards: Sequence[int], dealt_in: int, wild: bool = True) -> str:
        if len(cards) != 5:
            return ""
        from pedron.diablo import evaluate

        return evaluate(tuple(cards), wild=wild).description

    def hand_of(self, deal: Any) -> str:
        wild = getattr(deal, "variant", None) != _NATURAL
        return self.hand(deal.my_cards, len(deal.dealt_in), wild)

    def title_note(self, deal: Any) -> str:
        return ": played for a Diablo pot" if deal.diablo_pot else ""

    def pot_parts(self, deal: Any, carry: int, antes: int) -> list[str]:
        parts = []
        if deal.diablo_pot:
            parts.append(f"a Diablo pot: {carry} carried in, no ante")
        elif carry:
            parts.append(f"{carry} passed from the last game (everyone checked)")
        if antes:
            parts.append(f"antes {antes}")
        return parts

    def rule(self, names: Sequence[str], deal: Any) -> str:
        if getattr(deal, "variant", None) != _DIABLO_RULE:
            return ""
        opener = deal.opener
        if opener is None:
            if deal.diablo_pot:
                return "Whoever opens this Diablo pot must win it, or pay a new pot as large."
            return ("Whoever opens must win the pot, or pay a new pot as large (the Diablo "
                    "rule).")
        name = names[opener]
        return (f"{name} opened: {'you' if is_me(name) else 'he'} must win this pot, or pay "
                "a new one as large.")

    def result_notes(self, names: Sequence[str], deal: Any) -> list[str]:
        result = deal.result
        opener = getattr(result, "opener", None)
        if getattr(result, "diablo_paid", 0):
            assert opener is not None
            name = names[opener]
            return [f"{name} opened and did not win: {'you pay' if is_me(name) else 'he pays'}"
                    f" a new pot of {result.diablo_paid}, played for in the next game without "
                    "ante."]
        if opener is not None and result.opener_won and deal.diablo_pot:
            return [f"{names[opener]} opened and won the Diablo pot: the series is over."]
        if opener is not None and result.opener_won \
                and getattr(deal, "variant", "") == _DIABLO_RULE:
            return [f"{names[opener]} opened and won: no new pot is owed."]
        return []

    def record(self, names: Sequence[str], record: Any) -> str | None:
        if record.kind == _DIABLO_RULE:  # (the opener who did not win pays a new pot)
            who = names[record.seat] if record.seat is not None else "The table"
            return (f"{says(who, 'pay')} a new Diablo pot of {record.amount} (the opener "
                    "did not win)")
        return None

    def event(self, names: Sequence[str], event: Any) -> str | None:
        if event.kind == "diablo_over":
            who = names[event.seat] if event.seat is not None else ""
            return "The Diablo called by " + who + " is over: an opener won"
        return None

    def read_draw(self, words: Sequence[str], held: Sequence[int]) -> tuple[int, ...]:
        from pedron.cards import format_card, format_cards, parse_card

        yours = format_cards(held)
        if not words:
            raise PedronValueError(f"draw which cards? Name them (draw {format_card(held[-1])}),"
                                   f" or say stand to keep all five: you hold {yours}")
        cards: list[int] = []
        for word in words:
            try:
                card = parse_card(word)
            except CardError:
                raise PedronValueError(f"{word!r} is not a card (a rank and a suit, such as "
                                       f"7s, Kd or Th): you hold {yours}") from None
            if card not in held:
                raise PedronValueError(f"you do not hold {format_card(card)}: you hold {yours}")
            if card in cards:
                raise PedronValueError(f"{format_card(card)} is named twice")
            cards.append(card)
        return tuple(cards)

    def opponent(self, seat: int, default_bot: str) -> str | Mapping[str, Any]:
        return {"name": "strong"}

    def evaluate(self, text: str, natural: bool) -> Shown:
        from pedron.diablo import evaluate

        value = evaluate(text, wild=not natural)
        category = value.category.name.lower()
        return Shown(
            f"{value.description} (category {category.replace('_', ' ')}, "
            f"strength {value.strength}{', natural' if natural else ', deuces wild'})",
            {"game": self.game.name, "wild": not natural, "strength": value.strength,
             "category": category, "description": value.description},
        )

    def seeded_deal(self, seed: int) -> Shown:
        from pedron.cards import format_cards
        from pedron.diablo import Deck, evaluate

        deck = Deck(seed)
        lines = [f"Diablo, seed {seed}: five hands from one shuffled deck"]
        data = []
        for seat in range(5):
            hand = deck.deal(5)
            value = evaluate(hand)
            lines.append(f"  seat {seat + 1}: {format_cards(hand)}   {value.description}")
            data.append({"cards": format_cards(hand), "hand": value.description})
        return Shown("\n".join(lines), data)

    def draw_advice(self, hand: str, *, max_draw: int, more_draw: bool, natural: bool,
                    dead: str, top: int) -> Shown:
        from pedron.cards import format_cards
        from pedron.diablo import Category, DrawLimit, best_draw

        # The one mapping Rules uses: max_draw 4 is any four cards, more_draw the More
        # draw variant (four only keeping an ace).
        limit = DrawLimit.from_max_draw(max_draw, more_draw)
        choices = best_draw(hand, max_draw=limit, wild=not natural, dead=dead or ())
        rows = []
        for choice in choices[:top]:
            likeliest = max(choice.distribution().items(), key=lambda item: item[1])[0]
            rows.append((
                format_cards(choice.keep) or "-",
                format_cards(choice.discard) or "(stand pat)",
                f"{choice.expected_strength:,.1f}",
                f"{choice.probability_at_least(Category.THREE_OF_A_KIND):.1%}",
                f"{choice.probability_at_least(Category.FULL_HOUSE):.1%}",
                f"{choice.probability_at_least(Category.FOUR_OF_A_KIND):.1%}",
                likeliest.name.lower().replace("_", " "),
            ))
        return Shown(
            f"{plural(len(choices), 'choice')} for "
            f"{format_cards(choices[0].keep + choices[0].discard)} "
            f"({'natural' if natural else 'deuces wild'}, {limit}), "
            "best first by expected strength\n"
            + table(
                ("keep", "discard", "E[strength]", ">= trips", ">= full house", ">= quads",
                 "likeliest"),
                rows,
                right=(2, 3, 4, 5),
            ),
            [c.as_dict() for c in choices[:top]],
        )
