"""A Diablo session: the :class:`Table` of 3-7 players, saving, restoring and replaying.

See :mod:`pedron.diablo.game` for one game and the rules it follows; the
table adds what lasts from game to game: stacks, the dealer, the pot left on
the table (a passed pot or a Diablo pot: :attr:`Table.series`), Dealer's
Choice, players dropping out, and the end of the session (:meth:`Table.close`).
Those rules between games are :class:`DiabloSession`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cython

from pedron._kernels.rng import Generator
from pedron.cards import format_card, parse_cards
from pedron.diablo.cards import Deck
from pedron.diablo.game import CHOOSE, DONE, FIRST, SECOND, Game
from pedron.diablo.history import GameHistory
from pedron.diablo.rules import Rules
from pedron.diablo.views import TableView
from pedron.engine.actions import Record, fields_repr
from pedron.engine.deal import Deal
from pedron.engine.restore import check_turn, check_unique_cards
from pedron.engine.seats import next_clockwise
from pedron.engine.table import CardGame, CardText, Session, SessionSaving
from pedron.engine.table import Table as _Table
from pedron.errors import SaveError

__all__ = ["GAME", "DiabloSaving", "DiabloSession", "DiabloSessionState", "Table", "replay"]


class DiabloSession(Session):
    """Diablo's rules between games (a :class:`Table`'s ``session``).

    ``diablo_pot``: the pot on the table is a Diablo pot (the last game's
    opener paid it); ``diablo_caller``: Dealer's Choice, the seat that called
    the Diablo still running; ``series_games``: games played in the running
    Diablo series. (Players do not leave nor vote between games: the
    :class:`~pedron.engine.table.Session` defaults.)
    """

    __slots__ = ("diablo_caller", "diablo_pot", "series_games")

    def __init__(self) -> None:
        self.diablo_pot = False
        self.diablo_caller: int | None = None
        self.series_games = 0

    def copy(self) -> DiabloSession:
        other = DiabloSession()
        other.diablo_pot = self.diablo_pot
        other.diablo_caller = self.diablo_caller
        other.series_games = self.series_games
        return other

    # -- the series -----------------------------------------------------------------------
    def series(self, table: _Table[Any]) -> bool:
        """True while a Diablo series runs: the next game is played for a Diablo pot."""
        return self.diablo_pot and table.ledger.carry > 0

    def caller(self, table: _Table[Any]) -> int | None:
        """The seat that called the Diablo still running (Dealer's Choice), if any."""
        if self.diablo_caller is None:
            deal = table.last
            if deal is not None and not deal.done and _chose_diablo(deal):
                return int(deal.dealer)  # (called in the game in progress: kept when it ends)
        return self.diablo_caller

    def _forced_variant(self, table: _Table[Any]) -> str | None:
        """The variant of the next game, or ``None`` when the dealer chooses."""
        rules = table.rules
        if not rules.dealers_choice:
            return str(rules.variant)
        if self.series(table) or self.diablo_caller is not None:
            return "diablo"
        return None

    # -- the session's rules --------------------------------------------------------------
    def next_deal(self, table: _Table[Any], number: int) -> Game:
        series = self.series(table)
        if series:
            self.series_games += 1
        extra = {"variant": self._forced_variant(table), "diablo_pot": series}
        return Game(table.deal_context(number, table.seats_from_left(table.seated), extra))

    def deal_over(self, table: _Table[Any], game: Deal) -> None:
        """After a game: the series, busted players, the next dealer, the end."""
        assert isinstance(game, Game)
        result = game.result
        if not result.passed:
            self.diablo_pot = result.diablo_paid > 0
            if not self.diablo_pot:
                self.series_games = 0
            table.out_of_chips()
        nxt = _left_of(table, table.dealer)
        if self.diablo_caller is None and _chose_diablo(game):
            self.diablo_caller = game.dealer  # Diablo runs until an opener wins
        caller = self.diablo_caller
        if caller is not None and game.variant == "diablo" and result.opener_won:
            self.diablo_caller = None
            table.event(Record("diablo_over", caller, note="an opener won"))
            if table.rules.after_diablo == "caller_left":
                nxt = _left_of(table, caller)
        if sum(table.seated) < 2:
            table.end("fewer than two players have chips")
            return
        if table.end_if_closing():
            return
        table.set_dealer(nxt)

    def view_fields(self, table: _Table[Any]) -> dict[str, Any]:
        return {"series": self.series(table), "diablo_caller": self.caller(table)}


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class DiabloSessionState:
    """A Diablo session's own state as saved (:class:`DiabloSession`'s fields)."""

    series_games: int
    diablo_pot: bool
    diablo_caller: int | None

    def __repr__(self) -> str:
        return fields_repr(self)

    def to_json(self) -> dict[str, Any]:
        return {"series_games": self.series_games, "diablo_pot": self.diablo_pot,
                "diablo_caller": self.diablo_caller}


@dataclass(frozen=True)
class DiabloSaving(SessionSaving[DiabloSession]):
    """What saving a Diablo table asks of its session: the series, and the cards and
    turn of a saved game in progress."""

    def state(self, session: DiabloSession) -> DiabloSessionState:
        return DiabloSessionState(series_games=session.series_games,
                                  diablo_pot=session.diablo_pot,
                                  diablo_caller=session.diablo_caller)

    def read(self, table: _Table[Any], data: Mapping[str, Any]) -> DiabloSessionState:
        """The saved session state in ``data``, checked."""
        caller = data["diablo_caller"]
        if caller is not None and (type(caller) is not int or not 0 <= caller < table.n):
            raise SaveError("bad diablo_caller")
        if type(data["diablo_pot"]) is not bool:
            raise SaveError("diablo_pot must be a bool")
        if type(data["series_games"]) is not int or data["series_games"] < 0:
            raise SaveError("series_games must be a whole number")
        return DiabloSessionState(series_games=data["series_games"],
                                  diablo_pot=data["diablo_pot"], diablo_caller=caller)

    def restore(self, session: DiabloSession, table: _Table[Any],
                data: Mapping[str, Any]) -> None:
        state = self.read(table, data)
        session.diablo_pot = state.diablo_pot
        session.diablo_caller = state.diablo_caller
        session.series_games = state.series_games

    def check_saved_deal(self, n: int, ledger: Mapping[str, Any],
                         game: Mapping[str, Any]) -> None:
        if game["phase"] in (CHOOSE, DONE):
            if game["queue"] and game["phase"] == DONE:
                raise SaveError("a finished game has a player to act")
            return
        groups = [*game["cards"], game["pile"], game["stock"] or []]
        check_unique_cards(groups, 52, format_card)
        if sum(len(g) for g in groups) != 52:
            raise SaveError("cards are missing from the hands, the stock and the discards")
        if game["phase"] in (FIRST, SECOND):
            pending = (game["round"] or {}).get("pending") or []
        else:
            pending = game["queue"]
        check_turn(n, ledger, pending)


def _chose_diablo(game: Game) -> bool:
    """Whether ``game``'s dealer called Diablo (a variant not forced on him: only a
    dealer free to choose calls a Diablo, which then runs until an opener wins)."""
    return bool(game.variant == "diablo" and game.extra.get("variant") is None)


def _left_of(table: _Table[Any], seat: int) -> int:
    nxt = next_clockwise(seat, table.n, table.seated)
    return seat if nxt is None else nxt


def _deck(players: int, rng: Generator, order: Sequence[int] | None) -> Deck:
    return Deck(rng, shuffle=False) if order is None else Deck(rng, order=order)


def _deck_size(players: int) -> int:
    return 52  # (one deck, however many are dealt in)


def _default_stacks(rules: Rules) -> int:
    return int(rules.stacks)


def _rank(card: int) -> int:
    return card >> 2  # (cards are 4 * rank + suit)


#: What a table must know of Diablo.
GAME = CardGame(
    name="diablo",
    deal_word="game",
    save_format="pedron.diablo.table",
    rules=Rules,
    history=GameHistory,
    view=TableView,
    players=range(3, 8),
    default_players=4,
    default_stacks=_default_stacks,
    hand_size=5,
    cards=CardText(parse=parse_cards, name=format_card, rank=_rank, count=52),
    deck=_deck,
    deck_size=_deck_size,
    session=DiabloSession,
    saving=DiabloSaving(),
)


class Table(_Table[Game]):
    """A Diablo session of 3-7 players.

    ``Table(players=4, stacks=None, rules=Rules(), seed=None, *, dealer=None,
    order=None, orders=None, keep_history=False)``: ``players`` is a count or
    a list of names; ``stacks`` one stack for all or one per player (default
    ``rules.stacks``); ``seed`` an int, a :class:`~pedron.Generator` or
    ``None`` (OS entropy); ``dealer`` the agreed first dealer (``None``, the
    default: every player draws a card and the highest rank deals, ties
    drawing again). ``next_deal(hands=..., stock=...)`` prearranges a deal;
    ``orders`` queues prearranged decks. ``keep_history=True`` keeps every
    finished game's history (:attr:`history`) and result (``results``).

    **Threads**: a table is not locked; see :class:`~pedron.engine.Table`.
    """

    GAME = GAME
    rules: Rules
    session: DiabloSession

    @property
    def series(self) -> bool:
        """True while a Diablo series runs: the next game is played for a Diablo pot."""
        return self.session.series(self)

    @property
    def diablo_caller(self) -> int | None:
        """Dealer's Choice: the seat that called the Diablo still running (else ``None``)."""
        return self.session.caller(self)

    @property
    def series_games(self) -> int:
        """Games played so far in the running Diablo series (0 outside one)."""
        return self.session.series_games

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        if self.over:
            state = "over"
        else:
            state = f"dealer={self.dealer}" + ("; Diablo series" if self.series else "")
        variant = "dealer's choice" if self.rules.dealers_choice else self.rules.variant
        return (
            f"<Diablo Table ({variant}) {stacks}; carry={self.ledger.carry}; "
            f"games={self.deals_played}; {state}>"
        )


#: Play a session again: ``replay(actions, players=..., stacks=..., rules=..., seed=0,
#: dealer=..., orders=..., keep_history=...)`` (see :meth:`Table.replay`).
replay = Table.replay
