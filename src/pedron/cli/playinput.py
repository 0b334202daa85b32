"""What a player types at ``pedron play``, read as a move of his game.

Each game has its own verbs (:data:`VERBS`; ``help`` lists only those). A
move is read in a player's words (``raise to 6``, ``reveal Queen``, ``draw
Kd 7s``, ``stand``) and then checked by the deal itself
(``verify``): an amount that cannot apply is refused with the engine's
reason, never changed into one that can. The reveal of a card the player
does not hold is answered in a sentence naming the cards he does hold.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from pedron.engine import LegalAction
from pedron.engine.moves import Bet, Call, Check, Draw, Fold, Match, RaiseBy, RaiseTo, Reveal, Stop
from pedron.errors import CardError, PedronValueError

__all__ = ["ALIASES", "COMMANDS", "VERBS", "help_text", "parse", "require_input", "word_of"]

#: Each game's verbs with how to type them (the dealer's ante of Dealer's Diamondback
#: included: ``pedron play`` deals the plain game, where it never comes up).
VERBS: dict[str, tuple[tuple[str, str], ...]] = {
    "diamondback": (
        ("bet N", "the dealer bets N chips"),
        ("match", "match the dealer's bet ('call' says the same; 'match N' to check the "
                  "cost is N)"),
        ("fold", "give up the hand"),
        ("reveal CARD", "show one of your cards: its name (reveal Queen), 1 or 2"),
        ("stop", "the dealer stops betting: the showdown follows"),
    ),
    "diablo": (
        ("check", "pass while nobody has bet in this round"),
        ("bet N", "bet N chips (the first bet opens: the opener must win the pot)"),
        ("call", "put in what the bet costs you ('call N' to check the cost is N)"),
        ("raise to N", "make the bet N chips in all ('raise N' says the same; 'raise by N')"),
        ("fold", "give up the game"),
        ("draw CARDS", "exchange those of your cards, e.g. draw Kd 7s"),
        ("stand", "keep your five cards (draw nothing)"),
    ),
}
#: Words both games take.
COMMANDS = (
    ("auto", "let a bot choose for you this once"),
    ("help", "this list"),
    ("quit", "leave the table"),
)
#: Short forms, per game.
ALIASES: dict[str, dict[str, str]] = {
    # (a Diamondback player who says call means match: the game has no other call)
    "diamondback": {"b": "bet", "m": "match", "f": "fold", "r": "reveal", "s": "stop",
                    "call": "match", "c": "match"},
    "diablo": {"k": "check", "x": "check", "b": "bet", "c": "call", "r": "raise", "f": "fold",
               "d": "draw", "stand": "draw", "pat": "draw"},
}
_COMMON_ALIASES = {"a": "auto", "q": "quit", "?": "help", "h": "help", "exit": "quit"}


def require_input(who: str, what: str) -> None:
    """Refuse to start (:class:`~pedron.errors.PedronValueError`, status 2) a command that
    reads what the player types when its standard input is closed: ``who`` reads
    ``what`` (``"play"``, ``"moves"``)."""
    if sys.stdin is None:
        raise PedronValueError(f"standard input is closed: {who} reads your {what} from it "
                               f"(run it in a terminal, or give it {what} on its input)")


def word_of(game: str, line: str) -> str:
    """The verb of ``line`` (aliases resolved), ``""`` for an empty line."""
    words = line.split()
    if not words:
        return ""
    word = words[0].lower()
    return ALIASES[game].get(word) or _COMMON_ALIASES.get(word, word)


def help_text(game: str) -> str:
    """The verbs of ``game`` and the common commands, one a line."""
    rows = [*VERBS[game], *COMMANDS]
    width = max(len(verb) for verb, _ in rows)
    return "\n".join(f"  {verb.ljust(width)}  {what}" for verb, what in rows)


def _verbs(game: str) -> set[str]:
    return {verb.split()[0] for verb, _ in VERBS[game]} | {"ante", "stand"}


def _amount(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise PedronValueError(f"not a whole number of chips: {word!r}") from None


def parse(game: str, line: str, legal: Sequence[LegalAction], held: Sequence[int],
          you_may: Sequence[str], bet: int = 0) -> Any:
    """The move ``line`` asks for, or a :class:`~pedron.errors.PedronValueError` saying
    why it cannot be read; ``you_may`` is the legal actions in words (for the message),
    ``bet`` the round's bet (what ``raise by N`` adds to)."""
    words = line.split()
    if not words:
        raise PedronValueError("say what to do (or 'help')")
    kind = word_of(game, line)
    rest = words[1:]
    may = "; you may: " + ", ".join(you_may)
    if kind not in _verbs(game):
        raise PedronValueError(f"{words[0]!r} is not a {game.capitalize()} action{may}")
    kinds = {a.kind: a for a in legal}
    if kind not in kinds:
        raise PedronValueError(f"you cannot {words[0].lower()} now{may}")
    option = kinds[kind]
    if kind == "reveal":
        return Reveal(_card_to_reveal(rest, held))
    if kind == "draw":
        if words[0].lower() in ("stand", "pat"):
            if rest:
                raise PedronValueError(f"{words[0].lower()} keeps all five cards: say "
                                       f"draw {' '.join(rest)} to exchange those")
            return Draw(())
        return Draw(_cards_to_draw(rest, held))
    if kind == "raise":
        by = bool(rest) and rest[0].lower() == "by"
        if rest and rest[0].lower() in ("to", "by"):
            rest = rest[1:]
        if not rest:
            raise PedronValueError(f"raise to how much? (raise to N, N = {option.min}.."
                                   f"{option.max})")
        if not by:
            return RaiseTo(_amount(rest[0]))
        extra = _amount(rest[0])
        low, high = option.min, option.max
        if low is not None and high is not None and not low - bet <= extra <= high - bet:
            # (in the player's words: by how much, not the total the engine checks)
            raise PedronValueError(f"you may raise by {low - bet}..{high - bet} chips "
                                   f"(to {low}..{high}), not by {extra}")
        return RaiseBy(extra)
    if kind in ("call", "match"):
        amount = _amount(rest[0]) if rest else None
        return Call(amount) if kind == "call" else Match(amount)
    if kind == "bet":
        if not rest:
            if option.min is not None and option.min == option.max:
                return Bet(option.min)
            raise PedronValueError(f"bet how much? (bet N, N = {option.min}..{option.max})")
        return Bet(_amount(rest[0]))
    if kind == "ante":
        if not rest:
            raise PedronValueError(f"ante how much? ({option.min}..{option.max})")
        return ("ante", _amount(rest[0]))
    if rest:
        raise PedronValueError(f"{kind} takes nothing more, not {' '.join(rest)!r}")
    return {"check": Check, "fold": Fold, "stop": Stop}[kind]()


def _cards_to_draw(words: Sequence[str], held: Sequence[int]) -> tuple[int, ...]:
    """The held cards named by ``words`` (``Kd 7s``), each checked: a word that is not a
    card, a card not held and a card named twice are answered in a sentence."""
    from pedron.cards import format_card, format_cards, parse_card

    yours = format_cards(held)
    if not words:
        raise PedronValueError(f"draw which cards? Name them (draw {format_card(held[-1])}), "
                               f"or say stand to keep all five: you hold {yours}")
    cards: list[int] = []
    for word in words:
        try:
            card = parse_card(word)
        except CardError:
            raise PedronValueError(f"{word!r} is not a card (a rank and a suit, such as 7s, "
                                   f"Kd or Th): you hold {yours}") from None
        if card not in held:
            raise PedronValueError(f"you do not hold {format_card(card)}: you hold {yours}")
        if card in cards:
            raise PedronValueError(f"{format_card(card)} is named twice")
        cards.append(card)
    return tuple(cards)


def _card_to_reveal(rest: Sequence[str], held: Sequence[int]) -> int:
    """The held card named by ``rest``: 1 or 2, a rank (one held card of it), or a
    specific card (``Q5``)."""
    from pedron.diamondback import RANK_NAMES, format_id, parse_ids, parse_ranks, rank_of

    names = [RANK_NAMES[rank_of(c)] for c in held]
    yours = " and ".join(f"{n} ({format_id(c)})" for n, c in zip(names, held, strict=True))
    if not rest:
        raise PedronValueError(f"reveal which card? You hold {yours}: say its name, 1 or 2")
    text = " ".join(rest)
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
        raise PedronValueError(f"{text!r} is not one of your cards: you hold {yours}") from None
    if len(ranks) != 1:
        raise PedronValueError(f"reveal one card, not {text!r}: you hold {yours}")
    for card in held:
        if rank_of(card) == ranks[0]:
            return card  # (of a pair, either copy: they are the same to everyone)
    raise PedronValueError(f"you hold no {RANK_NAMES[ranks[0]]}: you hold {yours}")
