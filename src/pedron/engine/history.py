"""Hand histories: a finished deal as a self-contained, replayable record.

A :class:`DealHistory` holds everything needed to read a deal and to play it
again without its table: the rules, the seats and their names, the stacks and
the carried pot before the deal, the dealer, what the session decided for it
(``context``: Diablo's game and Diablo pot), every card in the order it came
off the deck, every move with its seat, the records, and the result. Its JSON
form (``format: "pedron.history"``, ``version: 1``) is documented in
``docs/histories.md``.

:meth:`DealHistory.replay` plays the deal again from the recorded cards
(:class:`ScriptedDeck` deals exactly them, refusing a card twice or one that
is not in the stock) and the moves, and requires the same records and result:
a history that does not agree with itself is refused (:class:`HistoryError`).
:meth:`DealHistory.for_seat` is one player's view of it: the cards he could
not see are censored and it cannot be replayed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pedron.engine.actions import Record
from pedron.engine.errors import SaveError
from pedron.engine.ledger import Ledger
from pedron.engine.save import short
from pedron.errors import PedronError

__all__ = [
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "DealHistory",
    "HistoryError",
    "ScriptedDeck",
    "ScriptedShoe",
]

HISTORY_FORMAT = "pedron.history"
HISTORY_VERSION = 1


class HistoryError(SaveError):
    """A hand history that is malformed, censored, or does not agree with itself."""


class ScriptedDeck:
    """A deck that deals given cards in the given order (replaying a history).

    It knows which cards are in its stock, so a card dealt twice, or one that
    is not in this deck, is a :class:`HistoryError`; discards shuffled back
    (``restock``) may be dealt again. ``len`` is the number of cards in the
    stock, as for a real deck, so a replayed draw reshuffles exactly when the
    original did.
    """

    __slots__ = ("_i", "_next", "_stock")

    def __init__(self, size: int, cards: Sequence[int]) -> None:
        self._stock = set(range(size))
        self._next = list(cards)
        self._i = 0

    def __len__(self) -> int:
        return len(self._stock)

    def deal(self, k: int = 1) -> tuple[int, ...]:
        return tuple([self.deal_one() for _ in range(k)])

    def deal_one(self) -> int:
        i = self._i
        if i >= len(self._next):
            raise HistoryError("the history does not say which card was dealt next")
        c = self._next[i]
        if c not in self._stock:
            raise HistoryError(f"card {short(c)} is dealt but is not in the stock")
        self._stock.remove(c)
        self._i = i + 1
        return c

    def restock(self, cards: Sequence[int]) -> None:
        self._stock.update(cards)

    @property
    def stock(self) -> tuple[int, ...]:
        return tuple(sorted(self._stock))

    @property
    def unused(self) -> int:
        """Recorded cards not dealt (a complete replay leaves none)."""
        return len(self._next) - self._i

    def copy(self) -> ScriptedDeck:
        other = ScriptedDeck(0, ())
        other._stock = set(self._stock)
        other._next = self._next
        other._i = self._i
        return other


class ScriptedShoe:
    """The shoe of a replayed deal: one :class:`ScriptedDeck` of the recorded cards."""

    __slots__ = ("cards", "decks", "size")

    def __init__(self, size: Callable[[int], int], cards: Sequence[int]) -> None:
        self.size = size
        self.cards = cards
        self.decks: list[ScriptedDeck] = []

    def __call__(self, players: int, receivers: Any = ()) -> ScriptedDeck:
        self.decks.append(ScriptedDeck(self.size(players), self.cards))
        return self.decks[-1]

    def copy(self) -> ScriptedShoe:
        return ScriptedShoe(self.size, self.cards)


@dataclass(frozen=True)
class DealHistory:
    """One finished deal, self-contained (see the module docstring).

    Each game has its subclass (``pedron.diablo.GameHistory``,
    ``pedron.diamondback.HandHistory``), which knows its rules and deal.
    ``cards`` is ``None`` in a censored history (:meth:`for_seat`).
    """

    GAME: ClassVar[str] = ""

    rules: Any
    names: tuple[str, ...]
    number: int
    dealer: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    carry: int
    context: tuple[tuple[str, Any], ...]
    cards: tuple[int, ...] | None
    moves: tuple[Any, ...]
    records: tuple[Record, ...]
    result: Any
    viewer: int | None = None

    # -- what each game supplies ------------------------------------------------------
    @classmethod
    def _rules_from_json(cls, data: Any) -> Any:  # pragma: no cover - every game defines it
        raise NotImplementedError

    @classmethod
    def _result_from_json(cls, data: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def _deck_size(cls, players: int) -> int:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def _new_deal(cls, ctx: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def _read_move(cls, data: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    # -- building -----------------------------------------------------------------------
    @classmethod
    def of(
        cls,
        deal: Any,
        names: Sequence[str],
        stacks: Sequence[int],
        carry: int,
        context: dict[str, Any],
    ) -> DealHistory:
        """The history of a finished ``deal`` that started with ``stacks`` and ``carry``."""
        return cls(
            deal.rules, tuple(names), deal.number, deal.dealer, _seats_of(deal),
            tuple(stacks), carry, tuple(sorted(context.items())),
            tuple([r[3][0] for r in deal.history if r[0] == "deal"]),
            tuple(deal.moves), tuple(deal.history), deal.result,
        )

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.names)

    # -- replaying -----------------------------------------------------------------------
    def replay(self) -> Any:
        """Play the deal again from its cards and moves; returns the finished deal.

        Raises :class:`HistoryError` if the history is censored, if a move is
        refused, or if the records or the result differ from the recorded ones.
        """
        deal = self._play_again()
        if tuple(deal.history) != self.records or deal.result != self.result:
            raise HistoryError(f"deal {self.number}: the replay does not give the recorded result")
        return deal

    def _play_again(self) -> Any:
        """The deal rebuilt from the recorded cards and moves (records not compared)."""
        from pedron.engine.deal import DealContext

        if self.cards is None:
            raise HistoryError("a censored history cannot be replayed (its hidden cards are gone)")
        cards = self.cards
        shoe = ScriptedShoe(self._deck_size, cards)
        ctx = DealContext(
            self.rules, self.number, self.dealer, self.seats, len(self.names),
            Ledger(self.stacks, self.carry), shoe, dict(self.context),
        )
        try:
            deal = self._new_deal(ctx)
            for move in self.moves:
                deal.apply(move)
        except HistoryError:
            raise
        except PedronError as exc:
            raise HistoryError(
                f"deal {self.number}: the recorded moves do not replay: {exc}"
            ) from None
        if not deal.done:
            raise HistoryError(f"deal {self.number}: the recorded moves do not finish the deal")
        if any(d.unused for d in shoe.decks) or (not shoe.decks and cards):
            raise HistoryError(f"deal {self.number}: more cards are recorded than were dealt")
        return deal

    # -- plain data ------------------------------------------------------------------------
    def to_json(self, *, records: bool = True) -> dict[str, Any]:
        """The versioned JSON form (``records=False`` leaves out the records, which a
        replay rebuilds: the compact form saves use)."""
        out: dict[str, Any] = {
            "format": HISTORY_FORMAT,
            "version": HISTORY_VERSION,
            "game": self.GAME,
            "rules": self.rules.to_json(),
            "names": list(self.names),
            "number": self.number,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "stacks": list(self.stacks),
            "carry": self.carry,
            "context": dict(self.context),
            "cards": None if self.cards is None else list(self.cards),
            "moves": [[m.seat, *m.to_json()] for m in self.moves],
            "result": self.result.to_json(),
        }
        if self.viewer is not None:
            out["viewer"] = self.viewer
        if records:
            out["records"] = [r.to_json() for r in self.records]
        return out

    @classmethod
    def from_json(cls, data: Any) -> DealHistory:
        """Read a history written by :meth:`to_json`. A full history is replayed and
        must agree with itself (:class:`HistoryError` otherwise); a censored one
        (:meth:`for_seat`) is read as it is."""
        try:
            if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
                raise HistoryError("not a pedron hand history")
            if data.get("version") != HISTORY_VERSION or type(data.get("version")) is not int:
                raise HistoryError(f"unknown history version {short(data.get('version'))}")
            if data.get("game") != cls.GAME:
                raise HistoryError(f"a history of {short(data.get('game'))}, not of {cls.GAME}")
            rules = cls._rules_from_json(data["rules"])
            names = tuple(_str(x) for x in data["names"])
            cards = data["cards"]
            moves = []
            for m in data["moves"]:
                if not isinstance(m, list) or not m:
                    raise HistoryError(f"bad move {short(m)}")
                moves.append(cls._read_move(m[1:]).with_seat(_int(m[0])))
            history = cls(
                rules, names, _int(data["number"]), _int(data["dealer"]),
                tuple(_int(s) for s in data["seats"]), tuple(_int(s) for s in data["stacks"]),
                _int(data["carry"]), tuple(sorted(_context(data["context"]).items())),
                None if cards is None else tuple(_int(c) for c in cards), tuple(moves), (),
                None, data.get("viewer"),
            )
            if history.cards is None:  # censored: read as written, it cannot be replayed
                return dataclasses.replace(
                    history,
                    records=tuple(Record.from_json(r) for r in data["records"]),
                    result=cls._result_from_json(data["result"]),
                )
        except HistoryError:
            raise
        except PedronError as exc:
            raise HistoryError(f"bad history: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise HistoryError(f"malformed history: {exc!r}") from None
        deal = history._play_again()
        if "result" in data and deal.result.to_json() != data["result"]:
            raise HistoryError(f"deal {history.number}: the replay does not give the saved result")
        if "records" in data and [r.to_json() for r in deal.history] != data["records"]:
            raise HistoryError(
                f"deal {history.number}: the replay does not give the saved records"
            )
        return dataclasses.replace(history, records=tuple(deal.history), result=deal.result)

    def for_seat(self, seat: int | None) -> DealHistory:
        """This history as ``seat`` (``None``: a spectator) could know it: others'
        private cards censored, the deck's order gone (not replayable)."""
        return self.__class__(
            self.rules, self.names, self.number, self.dealer, self.seats, self.stacks,
            self.carry, self.context, None,
            tuple(_censor_move(m, seat) for m in self.moves),
            tuple(r.censored(seat) for r in self.records), self.result, seat,
        )


def _seats_of(deal: Any) -> tuple[int, ...]:
    seats = getattr(deal, "candidates", None)
    return tuple(seats if seats is not None else deal.order)


def _censor_move(move: Any, viewer: int | None) -> Any:
    """A move as ``viewer`` may know it: another player's discards are hidden."""
    if move.kind == "draw" and move.seat != viewer:
        return type(move)((-1,) * len(move[0]), seat=move.seat)
    return move


def _int(value: Any) -> int:
    if type(value) is not int:
        raise HistoryError(f"expected an int, not {short(value)}")
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise HistoryError(f"expected text, not {short(value)}")
    return value


def _context(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(type(k) is str for k in value):
        raise HistoryError(f"bad context {short(value)}")
    for v in value.values():
        if v is not None and type(v) not in (str, int, bool):
            raise HistoryError(f"bad context value {short(v)}")
    return value


#: A game's factory of deals from a context (the ``_new_deal`` of its history class).
DealFactory = Callable[[Any], Any]
