"""What a player types at ``pedron play``, read as a move of his game.

Each game has its own verbs and short forms (its screen's ``verbs`` and
``aliases``, :class:`~pedron.games.screen.Screen`; ``help`` lists only those). A
move is read in a player's words (``raise to 6``, ``reveal Queen``, ``draw
Kd 7s``, ``stand``) and then checked by the deal itself
(``verify``): an amount that cannot apply is refused with the engine's
reason, never changed into one that can. The cards named (to draw, to reveal)
are read by the game's screen: a card the player does not hold is answered in
a sentence naming the cards he does hold.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from pedron.cli.words import descriptor, screen_of
from pedron.engine import LegalAction
from pedron.engine.moves import Bet, Call, Check, Draw, Fold, Match, RaiseBy, RaiseTo, Reveal, Stop
from pedron.errors import PedronValueError
from pedron.games import GameInfo

__all__ = ["COMMANDS", "help_text", "parse", "require_input", "word_of"]

#: Words every game takes.
COMMANDS = (
    ("auto", "let a bot choose for you this once"),
    ("help", "this list"),
    ("quit", "leave the table"),
)
_COMMON_ALIASES = {"a": "auto", "q": "quit", "?": "help", "h": "help", "exit": "quit"}


def require_input(who: str, what: str) -> None:
    """Refuse to start (:class:`~pedron.errors.PedronValueError`, status 2) a command that
    reads what the player types when its standard input is closed (no descriptor 0:
    ``sys.stdin`` None; or a file object closed by a program running pedron):
    ``who`` reads ``what`` (``"play"``, ``"moves"``). The one check of ``pedron play``
    and ``pedron videopoker play``."""
    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        raise PedronValueError(f"standard input is closed: {who} reads your {what} from it "
                               f"(run it in a terminal, or give it {what} on its input)")


def word_of(game: str | GameInfo, line: str) -> str:
    """The verb of ``line`` (aliases resolved), ``""`` for an empty line."""
    words = line.split()
    if not words:
        return ""
    word = words[0].lower()
    return screen_of(game).aliases.get(word) or _COMMON_ALIASES.get(word, word)


def help_text(game: str | GameInfo) -> str:
    """The verbs of ``game`` and the common commands, one a line."""
    rows = [*((v.typed, v.does) for v in screen_of(game).verbs), *COMMANDS]
    width = max(len(verb) for verb, _ in rows)
    return "\n".join(f"  {verb.ljust(width)}  {what}" for verb, what in rows)


def _verbs(game: GameInfo) -> set[str]:
    return {verb.word for verb in screen_of(game).verbs} | {"ante", "stand"}


def _amount(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise PedronValueError(f"not a whole number of chips: {word!r}") from None


def parse(game: str | GameInfo, line: str, legal: Sequence[LegalAction], held: Sequence[int],
          you_may: Sequence[str], bet: int = 0) -> Any:
    """The move ``line`` asks for, or a :class:`~pedron.errors.PedronValueError` saying
    why it cannot be read; ``you_may`` is the legal actions in words (for the message),
    ``bet`` the round's bet (what ``raise by N`` adds to)."""
    info = descriptor(game)
    screen = screen_of(info)
    words = line.split()
    if not words:
        raise PedronValueError("say what to do (or 'help')")
    kind = word_of(info, line)
    rest = words[1:]
    may = "; you may: " + ", ".join(you_may)
    if kind not in _verbs(info):
        raise PedronValueError(f"{words[0]!r} is not a {info.title} action{may}")
    kinds = {a.kind: a for a in legal}
    if kind not in kinds:
        raise PedronValueError(f"you cannot {words[0].lower()} now{may}")
    option = kinds[kind]
    if kind == "reveal":
        return Reveal(screen.read_reveal(rest, held))
    if kind == "draw":
        if words[0].lower() in ("stand", "pat"):
            if rest:
                raise PedronValueError(f"{words[0].lower()} keeps all five cards: say "
                                       f"draw {' '.join(rest)} to exchange those")
            return Draw(())
        return Draw(screen.read_draw(rest, held))
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
