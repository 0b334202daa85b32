"""The moves, cards and events of a deal in a player's words (``pedron play``).

Sentences agree with their subject (``You bet 3``, ``Bot 1 bets 3``); a
deal's records become a compact history (one line for the cards dealt and
one for the antes, a draw with the cards it brought; no strengths, pot
indexes or notes in brackets); legal actions read as they are typed
(``raise to N (2..6)``). What differs from game to game (how cards read, how a
hand is named, a game's own records) is the game's
:class:`~pedron.games.screen.Screen` (``GameInfo.screen``); a game without one is
shown in plain words. Each function takes the game by name or by its descriptor.
"""

from __future__ import annotations

from collections.abc import Sequence

from pedron import games
from pedron.engine import LegalAction, Record
from pedron.games import GameInfo
from pedron.games.screen import ME, Screen, is_me, says
from pedron.text import plural

__all__ = [
    "ME",
    "card_names",
    "carry_words",
    "descriptor",
    "hand_text",
    "history_lines",
    "is_me",
    "legal_text",
    "pot_count",
    "pot_words",
    "says",
    "screen_of",
    "table_event_lines",
]


def descriptor(game: str | GameInfo) -> GameInfo:
    """The game named (:func:`pedron.games.get`), or the descriptor given."""
    return game if isinstance(game, GameInfo) else games.get(game)


def screen_of(game: str | GameInfo) -> Screen:
    """The game's screen (``GameInfo.screen``), or the plain one of a game without."""
    info = descriptor(game)
    return info.screen if info.screen is not None else Screen(info.game)


# -- cards --------------------------------------------------------------------------------

def card_names(game: str | GameInfo, cards: Sequence[int]) -> str:
    """Cards as a player reads them: ``Qs 2s 9c`` (Diablo), ``Queen Priest`` (Diamondback)."""
    return screen_of(game).cards(cards)


def hand_text(game: str | GameInfo, cards: Sequence[int], dealt_in: int,
              wild: bool = True) -> str:
    """The hand named (``""``: the game names none): Diablo's description; Diamondback's
    name, its place among the 14 and the chance of being dealt it from this deck."""
    return screen_of(game).hand(cards, dealt_in, wild)


# -- legal actions -------------------------------------------------------------------------

def legal_text(game: str | GameInfo, legal: Sequence[LegalAction]) -> list[str]:
    """Each legal action as the player types it, with its amounts:
    ``call 1``, ``raise to N (2..6)``, ``reveal Queen or Priest``."""
    screen = screen_of(game)
    out = []
    for a in legal:
        kind = a.kind
        if kind == "reveal":
            out.append("reveal " + " or ".join(screen.cards([c]) for c in a.cards))
        elif kind == "draw":
            most = a.max or 0
            out.append(f"draw CARDS (up to {plural(most, 'card')}), or stand")
        elif kind in ("call", "match") and a.min is not None:
            out.append(f"{kind} {a.min}")
        elif a.min is not None and a.max is not None:
            what = "raise to" if kind == "raise" else kind
            if a.min == a.max:
                out.append(f"{what} {a.min}")
            else:
                out.append(f"{what} N ({a.min}..{a.max})")
        elif kind == "stop":
            out.append("stop (the showdown follows)")
        else:
            out.append(kind)
    return out


# -- the history of a deal -----------------------------------------------------------------

def pot_words(note: str, pots: int) -> tuple[str, str]:
    """A win's pot (``pot 0`` is the main pot) and its remark (uncontested, split)."""
    name, _, remark = note.partition(", ")
    if name == "pot 0":
        pot = "the main pot" if pots > 1 else "the pot"
    elif name.startswith("pot "):
        pot = f"side pot {name[4:]}"
    else:
        pot = name or "the pot"
    return pot, remark


def pot_count(records: Sequence[Record]) -> int:
    """How many pots were settled (the main pot and the side pots named in the records)."""
    names = {r.note.partition(",")[0].partition(":")[0] for r in records
             if r.kind in ("win", "return", "carry") and r.note.startswith("pot ")}
    return max(1, len(names))


def history_lines(game: str | GameInfo, names: Sequence[str],
                  records: Sequence[Record]) -> list[str]:
    """The deal's records as short sentences: one line for the deal and for the antes
    (when the game's antes are all made at once), one for a draw with the cards it
    brought, one for each other event."""
    info = descriptor(game)
    screen = screen_of(info)
    lines: list[str] = []
    pots = pot_count(records)
    opened = False
    i = 0
    n = len(records)
    while i < n:
        r = records[i]
        kind = r.kind
        who = names[r.seat] if r.seat is not None else ""
        if kind == "deal":
            j = i
            counts: dict[int, int] = {}
            while j < n and records[j].kind == "deal":
                seat = records[j].seat
                assert seat is not None
                counts[seat] = counts.get(seat, 0) + 1
                j += 1
            each = set(counts.values())
            if len(each) == 1:
                lines.append(f"Dealt {plural(each.pop(), 'card')} each to "
                             f"{plural(len(counts), 'player')}")
            else:
                lines.append("Dealt: " + ", ".join(
                    f"{names[s]} {plural(k, 'card')}" for s, k in counts.items()))
            i = j
            continue
        if kind == "ante" and screen.antes_together:
            j = i
            amounts = []
            while j < n and records[j].kind == "ante":
                amounts.append(records[j].amount)
                j += 1
            if len(set(amounts)) == 1:
                lines.append(f"Antes: {amounts[0]} each, {sum(amounts)} in the pot")
            else:
                lines.append(f"Antes: {sum(amounts)} in the pot")
            i = j
            continue
        if kind == "draw" and r.seat is not None:
            k = r.amount
            new: list[Record] = []
            after: list[Record] = []  # (a reshuffle of the discards, between his cards)
            j = i + 1
            while j < n and len(new) < k and (
                records[j].kind == "reshuffle"
                or (records[j].kind == "deal" and records[j].seat == r.seat)
            ):
                (new if records[j].kind == "deal" else after).append(records[j])
                j += 1
            i = j
            if k == 0:
                lines.append(says(who, "stand") + " pat")
            elif r.cards and all(x.cards for x in new):
                lines.append(f"{says(who, 'exchange')} {screen.cards(r.cards)} for "
                             f"{screen.cards([x.cards[0] for x in new])}")
            else:
                lines.append(f"{says(who, 'draw')} {plural(k, 'card')}")
            lines.extend(_record_line(info, screen, names, x, pots) for x in after)
            continue
        line = _record_line(info, screen, names, r, pots)
        if kind == "bet" and screen.first_bet_opens and not opened:
            opened = True
            line += " and open" if is_me(who) else " and opens"
        lines.append(line)
        i += 1
    return [line for line in lines if line]


def _all_in(r: Record) -> str:
    return ", all-in" if "all-in" in r.note else ""


def _record_line(info: GameInfo, screen: Screen, names: Sequence[str], r: Record,
                 pots: int) -> str:
    own = screen.record(names, r)
    if own is not None:
        return own
    kind = r.kind
    who = names[r.seat] if r.seat is not None else "The table"
    if kind == "check":
        return says(who, "check")
    if kind == "fold":
        return says(who, "fold")
    if kind == "bet":
        return f"{says(who, 'bet')} {r.amount}{_all_in(r)}"
    if kind == "call":
        return f"{says(who, 'call')} {r.amount}{_all_in(r)}"
    if kind == "raise":
        to = r.note[3:] if r.note.startswith("to ") else None
        if to is not None:
            return f"{says(who, 'raise')} to {to}"
        return f"{says(who, 'raise')} by putting in {r.amount}{_all_in(r)}"
    if kind == "match":
        what = "the ante" if "ante" in r.note else str(r.amount)
        if what == "the ante":
            what = f"the ante of {r.amount}"
        return f"{says(who, 'match')} {what}{_all_in(r)}"
    if kind == "ante":
        return f"{says(who, 'set')} an ante of {r.amount}{_all_in(r)}"
    if kind == "reveal":
        return f"{says(who, 'reveal')} {screen.cards(r.cards)}"
    if kind == "stop":
        return f"{says(who, 'stop')} betting: the showdown"
    if kind == "show":
        note = r.note
        return f"{says(who, 'show')} {screen.cards(r.cards)}" + (f": {note}" if note else "")
    if kind == "win":
        pot, remark = pot_words(r.note, pots)
        text = f"{says(who, 'win')} {r.amount} from {pot}"
        if remark == "uncontested":
            text += ", uncontested"
        elif remark == "split":
            text += " (a split)"
        return text
    if kind == "return":
        return f"{says(who, 'take')} back {r.amount}: nobody matched it"
    if kind == "carry":
        return carry_words(info, r)
    if kind == "passed":
        return "Everyone checked: the pot stays"
    if kind == "reshuffle":
        return f"The {r.amount} discards are shuffled into a new stock"
    if kind == "declare":
        return f"{says(who, 'declare')} {r.note}"
    if kind == "choose":
        return f"{says(who, 'call')} {r.note.replace('_', ' ')}"
    if kind == "variant":
        return f"The game is {r.note.replace('_', ' ')}" if r.note else ""
    return f"{who} {kind} {r.amount or ''}".rstrip()


def carry_words(game: str | GameInfo, r: Record) -> str:
    """A carried-over pot (nobody won it, or a split's odd chips) in words."""
    why = r.note.partition(": ")[2] or r.note
    nxt = descriptor(game).deal_word
    if why == "odd chips":
        return f"{plural(r.amount, 'odd chip')} of the split carried over to the next {nxt}"
    return f"Nobody wins ({why}): {r.amount} carried over to the next {nxt}"


def table_event_lines(game: str | GameInfo, names: Sequence[str],
                      events: Sequence[Record]) -> list[str]:
    """The table's own events (the draw for the first deal, players out, the end)."""
    screen = screen_of(game)
    lines = []
    draws = [e for e in events if e.kind == "draw"]
    if draws:
        lines.append("Draw for the deal: " + ", ".join(
            f"{names[e.seat]} {screen.cards(e.cards)}" for e in draws if e.seat is not None))
    for e in events:
        who = names[e.seat] if e.seat is not None else ""
        own = screen.event(names, e)
        if own is not None:
            lines.append(own)
        elif e.kind == "dealer" and e.seat is not None:
            lines.append(says(who, "deal") + (" first" if draws else ""))
        elif e.kind == "out":
            lines.append(f"{who} {'are' if is_me(who) else 'is'} out: no chips left")
        elif e.kind == "win":
            lines.append(f"{says(who, 'take')} the {e.amount} left on the table at the end")
        elif e.kind == "forfeit":
            lines.append(f"{who} forfeits {e.amount} into the pot")
        elif e.kind == "leave":
            lines.append(f"{who} leaves with {e.amount}")
        elif e.kind == "end":
            lines.append(f"The session is over: {e.note}")
    return lines
