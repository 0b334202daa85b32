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

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from pedron._copying import deep_copy, set_frozen_state
from pedron.engine.actions import Record
from pedron.engine.ledger import Ledger
from pedron.engine.moves import Draw, to_move
from pedron.engine.savediff import json_difference, short
from pedron.engine.views import result_from_json
from pedron.errors import PedronError, SaveError
from pedron.text import shown

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

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

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

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    def __init__(self, size: Callable[[int], int], cards: Sequence[int]) -> None:
        self.size = size
        self.cards = cards
        self.decks: list[ScriptedDeck] = []

    def __call__(self, players: int, receivers: Any = ()) -> ScriptedDeck:
        self.decks.append(ScriptedDeck(self.size(players), self.cards))
        return self.decks[-1]

    def copy(self) -> ScriptedShoe:
        return ScriptedShoe(self.size, self.cards)


class DealHistory:
    """One finished deal, self-contained (see the module docstring).

    Each game has its subclass (``pedron.diablo.GameHistory``,
    ``pedron.diamondback.HandHistory``), which knows its rules and deal.
    ``cards`` is ``None`` in a censored history (:meth:`for_seat`). The
    ``records`` of a history read back from JSON without them are rebuilt by
    a replay when first asked for. Histories are immutable.
    """

    GAME: ClassVar[str] = ""
    #: What a game's context holds: each key, and the test its value must pass.
    _CONTEXT: ClassVar[Mapping[str, Callable[[Any], bool]]] = MappingProxyType({})
    _records: tuple[Record, ...] | None
    _text: str | None
    __slots__ = ("_records", "_text", "cards", "carry", "context", "dealer", "moves", "names",
                 "number", "result", "rules", "seats", "stacks", "viewer")

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
    result: Any
    viewer: int | None

    def __init__(
        self,
        rules: Any,
        names: tuple[str, ...],
        number: int,
        dealer: int,
        seats: tuple[int, ...],
        stacks: tuple[int, ...],
        carry: int,
        context: tuple[tuple[str, Any], ...],
        cards: tuple[int, ...] | None,
        moves: tuple[Any, ...],
        records: tuple[Record, ...] | None,
        result: Any,
        viewer: int | None = None,
    ) -> None:
        for name, value in (
            ("rules", rules), ("names", names), ("number", number), ("dealer", dealer),
            ("seats", seats), ("stacks", stacks), ("carry", carry), ("context", context),
            ("cards", cards), ("moves", moves), ("_records", records), ("result", result),
            ("viewer", viewer), ("_text", None),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a hand history is immutable (cannot set {name!r})")

    __setstate__ = set_frozen_state  # (pickle and copy: set as made)

    @property
    def records(self) -> tuple[Record, ...]:
        """Every record of the deal, in order (rebuilt by a replay if not stored)."""
        records = self._records
        if records is None:
            records = tuple(self._play_again().history)
            object.__setattr__(self, "_records", records)
        return records

    def _key(self) -> tuple[Any, ...]:
        return (self.GAME, self.rules, self.names, self.number, self.dealer, self.seats,
                self.stacks, self.carry, self.context, self.cards, self.moves, self.result,
                self.viewer)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined, unused-ignore]

    def __hash__(self) -> int:
        return hash(self._key()[2:11])

    def __repr__(self) -> str:
        seen = "" if self.viewer is None else f", seen by seat {self.viewer}"
        return (f"<{type(self).__name__} {self.GAME} deal {self.number}: dealer={self.dealer}, "
                f"{len(self.moves)} moves, net={self.result.net}{seen}>")

    # -- what each game supplies (class attributes) -----------------------------------
    _RULES: ClassVar[Any]  # the game's Rules class
    _DEAL: ClassVar[Any]  # the game's Deal class
    _RESULT: ClassVar[Any]  # the game's result class
    _DECK_SIZES: ClassVar[Any]  # players dealt in -> cards in the deck

    @classmethod
    def _rules_from_json(cls, data: Any) -> Any:
        return cls._RULES.from_json(data, complete=True)

    @classmethod
    def _result_from_json(cls, data: Any) -> Any:
        return result_from_json(cls._RESULT, data)

    @classmethod
    def _deck_size(cls, players: int) -> int:
        return int(cls._DECK_SIZES[players])

    @classmethod
    def _new_deal(cls, ctx: Any) -> Any:
        return cls._DEAL(ctx)

    @classmethod
    def _read_context(cls, value: Any) -> dict[str, Any]:
        """A saved context, checked: exactly the game's keys, each with a value it takes."""
        expected = cls._CONTEXT
        if not isinstance(value, dict) or set(value) != set(expected):
            raise HistoryError(f"bad context {short(value)}: {cls.GAME} histories hold "
                               f"{sorted(expected)}")
        for key, test in expected.items():
            if not test(value[key]):
                raise HistoryError(f"bad context value {key}={short(value[key])}")
        return value

    @classmethod
    def _read_move(cls, data: Any) -> Any:
        return to_move(data, cls._DEAL.ARGS)

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
            tuple([r.cards[0] for r in deal.history if r.kind == "deal"]),
            deal.moves, tuple(deal.history), deal.result,
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
        # (the results compared as JSON, type for type: a result read with 1 for true
        # equals the replayed one by ==, and would be written back changed)
        if json_difference(deal.result.to_json(), self.result.to_json(), "result") or (
            self._records is not None and tuple(deal.history) != self._records
        ):
            raise HistoryError(f"deal {self.number}: the replay does not give the recorded result")
        if self._records is None:
            object.__setattr__(self, "_records", tuple(deal.history))
        return deal

    def verify(self) -> None:
        """Raise :class:`HistoryError` unless a replay gives exactly this history."""
        self.replay()

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
    def to_text(self) -> str:
        """The JSON text of :meth:`to_json` (what :meth:`from_json` reads back too)."""
        import json

        return json.dumps(self.to_json(), separators=(",", ":"))

    def to_json(self, *, records: bool = True, table: bool = False) -> dict[str, Any]:
        """The versioned JSON form. ``records=False`` leaves out the records (a replay
        rebuilds them); ``table=True`` also leaves out the rules and names, which
        the table's save holds once for all its histories."""
        # (with ``table``, the rules' JSON is not made at all: a save proving a kept
        # session makes one of these per deal)
        out: dict[str, Any] = {} if table else {
            "format": HISTORY_FORMAT,
            "version": HISTORY_VERSION,
            "game": self.GAME,
            "rules": self.rules.to_json(),
            "names": list(self.names),
        }
        out.update({
            "number": self.number,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "stacks": list(self.stacks),
            "carry": self.carry,
            "context": dict(self.context),
            "cards": None if self.cards is None else list(self.cards),
            "moves": [[m.seat, *m.to_json()] for m in self.moves],
            "result": self.result.to_json(),
        })
        if self.viewer is not None:
            out["viewer"] = self.viewer
        if records or self.cards is None:  # (a censored history cannot rebuild them)
            out["records"] = [r.to_json() for r in self.records]
        return out

    @classmethod
    def from_json(
        cls, data: Any, *, replay: bool = True, rules: Any = None, names: Any = None
    ) -> DealHistory:
        """Read a history written by :meth:`to_json`.

        A full history is replayed and must agree with itself (``replay=False``
        only checks its form, and its chips: a table restoring many histories
        leaves the replays to :meth:`verify`); a censored one (:meth:`for_seat`)
        is read as it is. ``rules`` and ``names`` are those of the table for a
        history written with ``table=True``. Anything wrong raises
        :class:`HistoryError`.
        """
        if isinstance(data, (str, bytes)):
            import json

            try:
                data = json.loads(data)
            except (ValueError, RecursionError) as exc:
                raise HistoryError(f"not JSON: {exc}") from None
        table_form = rules is not None
        try:
            if rules is None:
                if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
                    raise HistoryError("not a pedron hand history")
                version = data.get("version")
                if type(version) is not int or version != HISTORY_VERSION:
                    raise HistoryError(f"unknown history version {short(version)}")
                if data.get("game") != cls.GAME:
                    raise HistoryError(f"a history of {short(data.get('game'))}, not of "
                                       f"{cls.GAME}")
                rules = cls._rules_from_json(data["rules"])  # (every option: complete)
                names = tuple(_str(x) for x in data["names"])
            elif not isinstance(data, dict):
                raise HistoryError("a hand history is a dict")
            cards = data["cards"]
            read = cls._read_move
            moves = []
            for m in data["moves"]:
                if not isinstance(m, list) or not m:
                    raise HistoryError(f"bad move {short(m)}")
                moves.append(read(m[1:]).with_seat(_int(m[0])))
            viewer = data.get("viewer")
            if viewer is not None:
                _int(viewer)
            records = None
            if cards is None or "records" in data:
                records = tuple(Record.from_json(r) for r in data["records"])
            stacks = tuple(_int(s) for s in data["stacks"])
            history = cls(
                rules, tuple(names), _int(data["number"]), _int(data["dealer"]),
                tuple(_int(s) for s in data["seats"]), stacks, _int(data["carry"]),
                tuple(sorted(cls._read_context(data["context"]).items())),
                None if cards is None else tuple(_int(c) for c in cards), tuple(moves),
                records, cls._result_from_json(data["result"]), viewer,
            )
            history._check_form()
            # Exactly what pedron writes for it: an unknown key, a rule left out (read
            # as its default), 1 for true, "BET" for "bet" would otherwise load and be
            # written back changed (state silently repaired).
            why = json_difference(
                history.to_json(records="records" in data, table=table_form), data, "history")
            if why is not None:
                raise HistoryError(f"not a history as pedron writes it: {why}")
        except HistoryError:
            raise
        except PedronError as exc:
            raise HistoryError(f"bad history: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise HistoryError(f"malformed history: {exc!r}") from None
        if replay and history.cards is not None:
            history.replay()
        return history

    def _check_form(self) -> None:
        """What can be checked without a replay: seats, cards and chips."""
        n = len(self.names)
        if len(self.stacks) != n or any(s < 0 for s in self.stacks) or self.carry < 0:
            raise HistoryError(f"deal {self.number}: bad stacks before the deal")
        if len(self.seats) < 2 or any(not 0 <= s < n for s in self.seats) or \
                len(set(self.seats)) != len(self.seats) or self.dealer not in self.seats:
            raise HistoryError(f"deal {self.number}: bad seats or dealer")
        result = self.result
        if len(result.net) != n or len(result.payouts) != n:
            raise HistoryError(f"deal {self.number}: the result does not fit the seats")
        # Every chip is accounted for: what the players won or lost is what the
        # carried pot lost or gained.
        if sum(result.net) + result.carry != self.carry or result.carry < 0 or any(
            self.stacks[s] + result.net[s] < 0 for s in range(n)
        ):
            raise HistoryError(f"deal {self.number}: the chips of the result do not add up")
        # (A card may be recorded twice: discards shuffled back into the stock are dealt
        # again. The replay's deck checks that each was in the stock when dealt.)
        cards = self.cards
        if cards is not None and any(not 0 <= c < 52 for c in cards):
            raise HistoryError(f"deal {self.number}: a recorded card is not a card of the deck")

    def compact_text(self) -> str:
        """The JSON text a table's save keeps (``to_json(records=False, table=True)``),
        made once."""
        text = self._text
        if text is None:
            import json

            text = json.dumps(self.to_json(records=False, table=True), separators=(",", ":"))
            object.__setattr__(self, "_text", text)
        return text

    def stacks_after(self) -> tuple[int, ...]:
        """Every seat's chips after the deal."""
        net = self.result.net
        return tuple(s + d for s, d in zip(self.stacks, net, strict=True))

    def for_seat(self, seat: int | None) -> DealHistory:
        """This history as ``seat`` (``None``: a spectator) could know it: others'
        private cards censored, the deck's order gone (not replayable)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.names)):
            raise HistoryError(f"no seat {shown(seat)} at a table of {len(self.names)}")
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
        return Draw((-1,) * len(move.cards), seat=move.seat)
    return move


def _int(value: Any) -> int:
    if type(value) is not int:
        raise HistoryError(f"expected an int, not {short(value)}")
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise HistoryError(f"expected text, not {short(value)}")
    return value


#: A game's factory of deals from a context (the ``_new_deal`` of its history class).
DealFactory = Callable[[Any], Any]
