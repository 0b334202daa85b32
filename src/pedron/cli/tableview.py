"""What ``pedron play`` shows of a table at one moment, built from one seat's views only.

:func:`scene` turns a table view and its deal view into a :class:`Scene`:
the seats with their stacks and marks, the pot and what it is, the viewer's
cards with the hand named, whose turn it is, the legal actions in a player's
words, a compact history of the deal and, once it is over, the result (the
sentences come from :mod:`pedron.cli.words`, what differs per game from the game's
:class:`~pedron.games.screen.Screen`). The screens of
:mod:`pedron.cli.screen` lay a scene out (plain lines, or a table redrawn in a
terminal); nothing here prints.

Every fact comes from the views (``TableView``, ``DealView`` and their
records), so nothing a seat may not know can reach the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pedron.cli.words import (
    carry_words,
    descriptor,
    history_lines,
    legal_text,
    pot_count,
    pot_words,
    says,
    screen_of,
)
from pedron.engine import Record
from pedron.games import GameInfo
from pedron.games.screen import Screen

__all__ = ["Scene", "SeatRow", "scene"]


# -- the scene -------------------------------------------------------------------------------

@dataclass
class SeatRow:
    """One seat as the table shows it."""

    name: str
    stack: int
    marks: list[str]  # "dealer", "opener", "to act", "folded", "out", "sits out"
    committed: int
    cards: str  # what the viewer sees of the seat's cards ("" for none)


@dataclass
class Scene:
    """Everything the table shows at one moment, in words."""

    title: str
    seats: list[SeatRow]
    pot: str
    rule: str  # the game's rule as it binds this deal, e.g. Diablo's ("" if nothing to say)
    hand: str  # the viewer's cards and the hand named
    turn: str
    actions: list[str]
    history: list[str]
    result: list[str] = field(default_factory=list)


def _pot_line(screen: Screen, deal: Any, records: Sequence[Record], carry: int) -> str:
    pot = carry + sum(deal.committed)  # (once over, the pot that was played for)
    antes = sum(r.amount for r in records if r.kind == "ante")
    bets = sum(deal.committed) - antes
    parts = screen.pot_parts(deal, carry, antes)
    if bets:
        parts.append(f"bets {bets}")
    head = f"Pot {pot}"
    return head + (": " + ", ".join(parts) if parts else "")


def _marks(table: Any, deal: Any, seat: int) -> list[str]:
    marks = []
    if seat == deal.dealer:
        marks.append("dealer")
    if getattr(deal, "opener", None) == seat:
        marks.append("opener")
    if not table.seated[seat] and seat not in deal.dealt_in:
        marks.append("out")
    elif seat not in deal.dealt_in:
        marks.append("sits out")
    elif not deal.live[seat]:
        marks.append("folded")
    if deal.to_act == seat:
        marks.append("to act")
    return marks


def _result_lines(info: GameInfo, screen: Screen, names: Sequence[str],
                  deal: Any) -> list[str]:
    result = deal.result
    if result is None:
        return []
    lines = []
    history = deal.history
    wins = [r for r in history if r.kind == "win"]
    pots = pot_count(history)
    if getattr(result, "passed", False):
        lines.append(f"Everyone checked: the pot of {result.carry} stays for the next "
                     f"{info.deal_word}.")
    for r in wins:
        assert r.seat is not None
        name = names[r.seat]
        hand = result.hands[r.seat]
        pot, remark = pot_words(r.note, pots)
        line = f"{says(name, 'win')} {r.amount}"
        if remark == "uncontested":
            line += ": everyone else folded"
        elif hand:
            line += f" with {hand}"
            if remark != "split" and pot == "the pot":
                line += screen.why_won(hand, [h for seat, h in enumerate(result.hands)
                                              if seat != r.seat and h])
        if remark == "split":
            line += " (the pot is split)"
        if pot != "the pot":
            line += f" ({pot})"
        lines.append(line + ".")
    lines.extend(carry_words(info, r) + "." for r in history if r.kind == "carry")
    lines.extend(screen.result_notes(names, deal))
    nets = ", ".join(f"{n} {'+' if d > 0 else ''}{d}" for n, d in
                     zip(names, result.net, strict=True) if d)
    lines.append(f"Chips: {nets}." if nets else "No chips changed hands.")
    return lines


def scene(game: str | GameInfo, table: Any, me: int = 0,
          carried_in: int | None = None) -> Scene:
    """The scene of ``table`` (a ``TableView`` seen by seat ``me``) and its deal, for
    ``game`` (its name or its descriptor).

    ``carried_in``: the chips the deal started with on the table (a carried or
    Diablo pot); a deal's view says it while the deal runs (``carry``), but
    once it is over ``carry`` is what it leaves for the next one, so the
    caller passes what the view said at the start.
    """
    info = descriptor(game)
    screen = screen_of(info)
    deal = table.deal
    names = table.names
    word = info.deal_word.capitalize()
    if deal is None:
        return Scene(info.title, [], "", "", "", "", [], [])
    records = deal.history
    title = f"{info.title}, {word.lower()} {deal.number}" + screen.title_note(deal)
    stacks = deal.stacks
    seats = []
    for s, name in enumerate(names):
        if s == me:
            cards = screen.cards(deal.my_cards)
        elif deal.shown[s]:
            cards = screen.cards(deal.shown[s])
        else:
            cards = ""
        seats.append(SeatRow(name, stacks[s], _marks(table, deal, s),
                             deal.committed[s], cards))
    named = screen.hand_of(deal)
    hand = ""
    if deal.my_cards:
        hand = f"Your cards: {screen.cards(deal.my_cards)}"
        if named:
            hand += f" — {named}"
    if deal.result is not None:
        turn = f"{word} {deal.number} is over."
    elif deal.to_act == me:
        turn = "Your turn."
    elif deal.to_act is not None:
        turn = f"{names[deal.to_act]} to act."
    else:
        turn = ""
    legal = legal_text(info, deal.legal) if deal.to_act == me else []
    return Scene(
        title=title,
        seats=seats,
        pot=_pot_line(screen, deal, records,
                      deal.carry if carried_in is None else carried_in),
        rule=screen.rule(names, deal),
        hand=hand,
        turn=turn,
        actions=legal,
        history=history_lines(info, names, records),
        result=_result_lines(info, screen, names, deal),
    )
