"""How the command line shows one game: its words, its screen text, its typed keys.

A game's descriptor carries a :class:`Screen` (``GameInfo.screen``) for ``pedron
play`` and the commands that show hands (``pedron eval``, ``pedron deal``). The
command line asks it, and never a game's name, for whatever differs from game to
game: how cards read, how the viewer's hand is named, the verbs a player types,
the lines a game's own records and events become, the rule a deal is played
under, why a hand won. Everything else (bets, calls, folds, pots, the turn) is
worded the same for every game.

This base class is also the plain screen of a game that brings none: cards as
its :class:`~pedron.engine.table.CardText` names them, no hand named, the
engine's verbs, the move's kind and amount. A game's own screen subclasses it
and overrides what it words differently (Diablo's is
:mod:`pedron.games.diablo_screen`, Diamondback's :mod:`pedron.games.diamondback_screen`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from pedron.errors import CardError, PedronValueError

if TYPE_CHECKING:
    from pedron.engine import Record
    from pedron.engine.table import CardGame

__all__ = ["ME", "PLAIN_VERBS", "Screen", "Shown", "Verb", "is_me", "says"]

#: The human's name at the table (his seat is 0); sentences about him take "you" forms.
ME = "You"


def is_me(name: str) -> bool:
    """True for the human's seat name."""
    return name == ME


def says(name: str, verb: str, third: str | None = None) -> str:
    """``You bet`` / ``Bot 1 bets``: the verb agreeing with its subject."""
    if is_me(name):
        return f"{name} {verb}"
    if third is None:
        third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    return f"{name} {third}"


@dataclass(frozen=True)
class Verb:
    """A move as a player types it (``"raise to N"``) and what it does, for ``help``."""

    typed: str
    does: str

    @property
    def word(self) -> str:
        """The word that starts it (``"raise"``)."""
        return self.typed.split()[0]


@dataclass(frozen=True)
class Shown:
    """What a command shows of some hands: ``text`` for the terminal, ``data`` for
    ``--json``."""

    text: str
    data: Any


#: The engine's verbs, for a game whose screen names none of its own.
PLAIN_VERBS: tuple[Verb, ...] = (
    Verb("check", "pass while nobody has bet"),
    Verb("bet N", "bet N chips"),
    Verb("call", "put in what the bet costs you"),
    Verb("raise to N", "make the bet N chips in all"),
    Verb("match", "match the bet"),
    Verb("fold", "give up the deal"),
    Verb("draw CARDS", "exchange those of your cards"),
    Verb("reveal CARD", "show one of your cards"),
    Verb("stop", "stop betting: the showdown follows"),
)


class Screen:
    """How the command line shows one game (see the module docstring).

    One object per game (``Screen(Table.GAME)``), made when its descriptor is: it keeps
    nothing between calls. Every method is given what one seat's views say
    (``TableView``, ``DealView`` and their records), never more.
    """

    #: The moves a player types, in the order ``help`` lists them.
    verbs: ClassVar[tuple[Verb, ...]] = PLAIN_VERBS
    #: Short forms a player may type: a word to the verb it stands for.
    aliases: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: Whether every player's ante is one line of the history (``Antes: 1 each``).
    antes_together: ClassVar[bool] = False
    #: Whether the first bet of a deal opens it (``Bot 1 bets 2 and opens``).
    first_bet_opens: ClassVar[bool] = False

    def __init__(self, game: CardGame[Any]) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game.name!r}>"

    # -- cards and hands ------------------------------------------------------------------

    def cards(self, cards: Sequence[int]) -> str:
        """Cards as a player reads them (by default as the game's ``CardText`` names them)."""
        name = self.game.cards.name
        return " ".join(name(c) for c in cards)

    def hand(self, cards: Sequence[int], dealt_in: int, wild: bool = True) -> str:
        """The hand ``cards`` named, for a deal of ``dealt_in`` players (``""``: not named);
        ``wild``: whether wild cards play (for a game that has any)."""
        return ""

    def hand_of(self, deal: Any) -> str:
        """The viewer's hand named, from his deal's view (``""``: not named)."""
        return self.hand(deal.my_cards, len(deal.dealt_in))

    def why_won(self, winner: str, others: Sequence[str]) -> str:
        """Why the hand ``winner`` won the pot over the ``others`` shown, appended to the
        result's line (``" over ...: 35 points to 30"``); ``""`` to say nothing."""
        return ""

    # -- the deal on the screen -------------------------------------------------------------

    def title_note(self, deal: Any) -> str:
        """What the deal's title adds (``": played for a Diablo pot"``), else ``""``."""
        return ""

    def pot_parts(self, deal: Any, carry: int, antes: int) -> list[str]:
        """What the pot holds besides the bets: the ``carry`` it started with and the
        ``antes``, in words."""
        parts = []
        if carry:
            parts.append(f"{carry} carried over from the last {self.game.deal_word}")
        if antes:
            parts.append(f"ante {antes}")
        return parts

    def rule(self, names: Sequence[str], deal: Any) -> str:
        """The game's rule as it binds this deal, a line of its own (``""``: none)."""
        return ""

    def result_notes(self, names: Sequence[str], deal: Any) -> list[str]:
        """The result's lines after the pots won (a rule's consequence), ``names``
        being the seats' names."""
        return []

    def record(self, names: Sequence[str], record: Record) -> str | None:
        """One of the game's own records as a sentence (``None``: not one of its own;
        the command line words it as a move's kind and amount)."""
        return None

    def event(self, names: Sequence[str], event: Record) -> str | None:
        """One of the game's own table events as a sentence (``None``: not one of its
        own)."""
        return None

    # -- what a player types --------------------------------------------------------------

    def read_draw(self, words: Sequence[str], held: Sequence[int]) -> tuple[int, ...]:
        """The held cards ``words`` name, to exchange; a
        :class:`~pedron.errors.PedronValueError` in a sentence for a word that is not
        one of them."""
        if not words:
            raise PedronValueError(f"draw which cards? You hold {self.cards(held)}")
        cards: list[int] = []
        for word in words:
            card = self._held(word, held)
            if card in cards:
                raise PedronValueError(f"{self.cards([card])} is named twice")
            cards.append(card)
        return tuple(cards)

    def read_reveal(self, words: Sequence[str], held: Sequence[int]) -> int:
        """The held card ``words`` name, to reveal (as :meth:`read_draw`)."""
        if len(words) != 1:
            raise PedronValueError(f"reveal which card? You hold {self.cards(held)}")
        return self._held(words[0], held)

    def _held(self, word: str, held: Sequence[int]) -> int:
        try:
            found = tuple(self.game.cards.parse(word))
        except (CardError, ValueError):
            found = ()
        if len(found) != 1 or found[0] not in held:
            raise PedronValueError(f"{word!r} is not one of your cards: you hold "
                                   f"{self.cards(held)}")
        return found[0]

    # -- the bots of pedron play ------------------------------------------------------------

    def opponent(self, seat: int, default_bot: str) -> str | Mapping[str, Any]:
        """The bot spec (text, or ``{"name": ..., **params}``) of ``pedron play``'s bot at
        ``seat`` (seat 0: the one ``auto`` asks), given the game's default bot's spec (by
        default that one)."""
        return default_bot

    # -- the commands that show hands ---------------------------------------------------------

    #: Whether :meth:`evaluate` names a hand (``pedron eval`` lists the games that do).
    evaluates: ClassVar[bool] = False

    def evaluate(self, text: str, natural: bool) -> Shown:
        """The hand ``text`` evaluated (``natural``: wild cards play as themselves)."""
        raise PedronValueError(f"{self.game.name!r} has no hand evaluator")

    def seeded_deal(self, seed: int) -> Shown | None:
        """Seeded hands to show (``pedron deal``), ``None``: none."""
        return None

    #: Whether :meth:`dealing_odds` and :meth:`odds` answer (``pedron odds`` lists the
    #: games whose screens do).
    has_odds: ClassVar[bool] = False

    def dealing_odds(self, players: int) -> Shown:
        """The chance of being dealt each hand at a table of ``players``."""
        raise PedronValueError(f"{self.game.name!r} has no dealing odds")

    def odds(self, hand: str, revealed: Sequence[str | None] | None, dead: str,
             players: int | None) -> Shown:
        """The chances of ``hand`` in play: ``revealed`` the card each opponent still in
        has revealed (``None``: not yet; no list: every opponent at the table has not),
        ``dead`` other cards out of play, ``players`` the table's size (``None``: the
        game's default)."""
        raise PedronValueError(f"{self.game.name!r} has no odds in play")

    #: Whether :meth:`draw_advice` answers (``pedron draw`` advises on the first game
    #: whose screen does).
    advises_draws: ClassVar[bool] = False

    def draw_advice(self, hand: str, *, max_draw: int, more_draw: bool, natural: bool,
                    dead: str, top: int) -> Shown:
        """Every legal choice of cards to exchange from ``hand``, best first, the ``top``
        ones shown."""
        raise PedronValueError(f"{self.game.name!r} has no draw advisor")


def fraction_text(p: Any) -> str:
    """An exact probability as text: ``1/26``, and ``0`` and ``1`` as themselves."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
