"""What ``pedron play`` shows of a table at one moment, built from one seat's views only.

:func:`scene` turns a table view and its deal view into a :class:`Scene`:
the seats with their stacks and marks, the pot and what it is, the viewer's
cards with the hand named, whose turn it is, the legal actions in a player's
words, a compact history of the deal and, once it is over, the result (the
sentences come from :mod:`pedron.cli.words`). The screens of
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
    card_names,
    carry_words,
    hand_text,
    history_lines,
    is_me,
    legal_text,
    pot_count,
    pot_words,
    says,
)
from pedron.engine import Record

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
    rule: str  # the Diablo rule as it binds this deal ("" if nothing to say)
    hand: str  # the viewer's cards and the hand named
    turn: str
    actions: list[str]
    history: list[str]
    result: list[str] = field(default_factory=list)


def _pot_line(game: str, deal: Any, records: Sequence[Record], carry: int) -> str:
    pot = carry + sum(deal.committed)  # (once over, the pot that was played for)
    antes = sum(r.amount for r in records if r.kind == "ante")
    bets = sum(deal.committed) - antes
    parts = []
    if game == "diablo":
        if deal.diablo_pot:
            parts.append(f"a Diablo pot: {carry} carried in, no ante")
        elif carry:
            parts.append(f"{carry} passed from the last game (everyone checked)")
        if antes:
            parts.append(f"antes {antes}")
    else:
        if carry:
            parts.append(f"{carry} carried over from the last hand")
        if antes:
            parts.append(f"ante {antes}")
    if bets:
        parts.append(f"bets {bets}")
    head = f"Pot {pot}"
    return head + (": " + ", ".join(parts) if parts else "")


def _rule_line(names: Sequence[str], deal: Any) -> str:
    if getattr(deal, "variant", None) != "diablo":
        return ""
    opener = deal.opener
    if opener is None:
        if deal.diablo_pot:
            return "Whoever opens this Diablo pot must win it, or pay a new pot as large."
        return "Whoever opens must win the pot, or pay a new pot as large (the Diablo rule)."
    name = names[opener]
    return (f"{name} opened: {'you' if is_me(name) else 'he'} must win this pot, or pay a "
            "new one as large.")


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


def _over(winner: str, others: Sequence[str]) -> str:
    """Why a Diamondback hand won: `` over Magician-Priest: 35 points to 30``, the best
    of the ``others`` shown below it (hands rank by their points in the table of hands;
    empty if none is known)."""
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


def _result_lines(game: str, names: Sequence[str], deal: Any) -> list[str]:
    result = deal.result
    if result is None:
        return []
    lines = []
    history = deal.history
    wins = [r for r in history if r.kind == "win"]
    pots = pot_count(history)
    if getattr(result, "passed", False):
        lines.append(f"Everyone checked: the pot of {result.carry} stays for the next game.")
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
                # (only a hand of Diamondback's table of hands has points: _over says
                # nothing of any other)
                line += _over(hand, [h for seat, h in enumerate(result.hands)
                                     if seat != r.seat and h])
        if remark == "split":
            line += " (the pot is split)"
        if pot != "the pot":
            line += f" ({pot})"
        lines.append(line + ".")
    lines.extend(carry_words(game, r) + "." for r in history if r.kind == "carry")
    opener = getattr(result, "opener", None)
    if getattr(result, "diablo_paid", 0):
        assert opener is not None
        name = names[opener]
        lines.append(f"{name} opened and did not win: {'you pay' if is_me(name) else 'he pays'}"
                     f" a new pot of {result.diablo_paid}, played for in the next game without "
                     "ante.")
    elif opener is not None and result.opener_won and deal.diablo_pot:
        lines.append(f"{names[opener]} opened and won the Diablo pot: the series is over.")
    elif opener is not None and result.opener_won and getattr(deal, "variant", "") == "diablo":
        lines.append(f"{names[opener]} opened and won: no new pot is owed.")
    nets = ", ".join(f"{n} {'+' if d > 0 else ''}{d}" for n, d in
                     zip(names, result.net, strict=True) if d)
    lines.append(f"Chips: {nets}." if nets else "No chips changed hands.")
    return lines


def scene(game: str, table: Any, me: int = 0, carried_in: int | None = None) -> Scene:
    """The scene of ``table`` (a ``TableView`` seen by seat ``me``) and its deal.

    ``carried_in``: the chips the deal started with on the table (a carried or
    Diablo pot); a deal's view says it while the deal runs (``carry``), but
    once it is over ``carry`` is what it leaves for the next one, so the
    caller passes what the view said at the start.
    """
    deal = table.deal
    names = table.names
    word = "Hand" if game == "diamondback" else "Game"
    if deal is None:
        return Scene(f"{game.capitalize()}", [], "", "", "", "", [], [])
    records = deal.history
    title = f"{game.capitalize()}, {word.lower()} {deal.number}"
    if game == "diablo" and deal.diablo_pot:
        title += ": played for a Diablo pot"
    stacks = deal.stacks
    seats = []
    for s, name in enumerate(names):
        if s == me:
            cards = card_names(game, deal.my_cards)
        elif deal.shown[s]:
            cards = card_names(game, deal.shown[s])
        else:
            cards = ""
        seats.append(SeatRow(name, stacks[s], _marks(table, deal, s),
                             deal.committed[s], cards))
    wild = getattr(deal, "variant", None) != "draw"
    named = hand_text(game, deal.my_cards, len(deal.dealt_in), wild)
    hand = ""
    if deal.my_cards:
        hand = f"Your cards: {card_names(game, deal.my_cards)}"
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
    legal = legal_text(game, deal.legal) if deal.to_act == me else []
    return Scene(
        title=title,
        seats=seats,
        pot=_pot_line(game, deal, records,
                      deal.carry if carried_in is None else carried_in),
        rule=_rule_line(names, deal),
        hand=hand,
        turn=turn,
        actions=legal,
        history=history_lines(game, names, records),
        result=_result_lines(game, names, deal),
    )
