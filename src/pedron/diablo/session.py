"""A Diablo session: the :class:`Table` of 3-7 players, saving, restoring and replaying.

See :mod:`pedron.diablo.game` for one game and the rules it follows; the
table adds what lasts from game to game: stacks, the dealer, the pot left on
the table (a passed pot or a Diablo pot: :attr:`Table.series`), Dealer's
Choice, players dropping out, and the end of the session (:meth:`Table.close`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pedron.cards import format_card, parse_cards
from pedron.diablo.cards import Deck
from pedron.diablo.game import CHOOSE, DONE, FIRST, SECOND, Game
from pedron.diablo.history import GameHistory
from pedron.diablo.rules import Rules
from pedron.diablo.views import TableView
from pedron.engine import save
from pedron.engine.actions import Record
from pedron.engine.deal import DealContext
from pedron.engine.errors import SaveError
from pedron.engine.pots import next_clockwise
from pedron.engine.table import TableBase

__all__ = ["FORMAT", "SAVE_VERSION", "Table", "replay"]


def _rank_of_card(card: int) -> int:
    return card >> 2  # (cards are 4 * rank + suit)

FORMAT = "pedron.diablo.table"
SAVE_VERSION = 2


class Table(TableBase[Game]):
    """A Diablo session of 3-7 players.

    ``Table(players=4, stacks=None, rules=Rules(), seed=None, *, dealer=None,
    orders=None, keep_history=False)``: ``players`` is a count or a list of
    names; ``stacks`` one stack for all or one per player (default
    ``rules.stacks``); ``seed`` an int, a :class:`~pedron.Generator` or
    ``None`` (OS entropy); ``dealer`` the agreed first dealer (``None``, the
    default: every player draws a card and the highest rank deals, ties
    drawing again). ``next_deal(hands=..., stock=...)`` prearranges a deal;
    ``orders`` queues pedron 0.1's prearranged decks. ``keep_history=True``
    keeps every finished game's history (:attr:`history`) and result
    (``results``).

    **Threads**: a table is not locked; see :class:`~pedron.engine.TableBase`.
    """

    FORMAT = FORMAT
    GAME = "diablo"
    _RULES = Rules
    _HISTORY = GameHistory
    _PLAYERS = (3, 7)
    _HAND_SIZE = 5
    _CARDS = (parse_cards, format_card, _rank_of_card, 52)
    _DEFAULT_PLAYERS = 4
    _OLD = "game"

    rules: Rules

    # -- the game's own parts ---------------------------------------------------------------
    def _default_stacks(self, rules: Any) -> int:
        return int(rules.stacks)

    def _init_game(self) -> None:
        self._diablo_pot = False
        self._diablo_caller: int | None = None
        self.series_games = 0

    @staticmethod
    def _make_deck(players: int, rng: Any, order: Sequence[int] | None) -> Deck:
        return Deck(rng, shuffle=False) if order is None else Deck(rng, order=order)

    @staticmethod
    def _deck_size(players: int) -> int:
        return 52

    # -- queries --------------------------------------------------------------------------
    @property
    def series(self) -> bool:
        """True while a Diablo series runs: the next game is played for a Diablo pot."""
        return self._diablo_pot and self.ledger.carry > 0

    @property
    def diablo_caller(self) -> int | None:
        """Dealer's Choice: the seat that called the Diablo still running (else ``None``)."""
        caller = self._diablo_caller
        if caller is None:
            deal = self._deal
            if deal is not None and not deal.done and self._chose_diablo(deal):
                return int(deal.dealer)  # (called in the game in progress: kept when it ends)
        return caller

    def _chose_diablo(self, game: Any) -> bool:
        """Whether ``game``'s dealer called Diablo (a game not forced on him: only a
        dealer free to choose calls a Diablo, which then runs until an opener wins)."""
        return bool(game.game == "diablo" and game.extra.get("game") is None)

    def _forced_game(self) -> str | None:
        """The game of the next deal, or ``None`` when the dealer chooses."""
        rules = self.rules
        if not rules.dealers_choice:
            return rules.game
        if self.series or self._diablo_caller is not None:
            return "diablo"
        return None

    # -- a game ---------------------------------------------------------------------------
    def _make_deal(self, number: int) -> Game:
        if self.series:
            self.series_games += 1
        context = {"game": self._forced_game(), "diablo_pot": self.series}
        ctx = DealContext(
            self.rules, number, self.dealer, self._context_seats(self.dealer, self.seated),
            self.n, self.ledger, self._shoe, context,
        )
        return Game(ctx)

    def _deal_context(self, deal: Any) -> dict[str, Any]:
        return dict(deal.extra)

    def _deal_over(self, game: Any) -> None:
        """After a game: the series, busted players, the next dealer, the end."""
        result = game.result
        led = self.ledger
        n = self.n
        seated = self.seated
        if not result.passed:
            self._diablo_pot = result.diablo_paid > 0
            if not self._diablo_pot:
                self.series_games = 0
            for s in range(n):
                if seated[s] and not led.stacks[s]:
                    seated[s] = False
                    self._events.append(Record("out", s, 0, (), False, "no chips left"))
        nxt = self._left_of(self.dealer)
        caller = self._diablo_caller
        if caller is None and self._chose_diablo(game):
            caller = self._diablo_caller = game.dealer  # Diablo runs until an opener wins
        if caller is not None and game.game == "diablo" and result.opener_won:
            self._diablo_caller = None
            self._events.append(Record("diablo_over", caller, note="an opener won"))
            if self.rules.after_diablo == "caller_left":
                nxt = self._left_of(caller)
        if sum(seated) < 2:
            self._end("fewer than two players have chips")
            return
        if self._end_if_closing():
            return
        self._set_dealer(nxt)

    def _left_of(self, seat: int) -> int:
        nxt = next_clockwise(seat, self.n, self.seated)
        return seat if nxt is None else nxt

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` (``None``: a spectator) may know of the table."""
        return TableView(*self._view_head(seat), self.series, self.diablo_caller)

    # -- saving -------------------------------------------------------------------------------
    @staticmethod
    def _check_deal_snapshot(n: int, ledger: dict[str, Any], game: dict[str, Any]) -> None:
        if game["phase"] in (CHOOSE, DONE):
            if game["queue"] and game["phase"] == DONE:
                raise SaveError("a finished game has a player to act")
            return
        groups = [*game["cards"], game["pile"], game["stock"] or []]
        save.check_unique_cards(groups, 52, format_card)
        if sum(len(g) for g in groups) != 52:
            raise SaveError("cards are missing from the hands, the stock and the discards")
        if game["phase"] in (FIRST, SECOND):
            pending = (game["round"] or {}).get("pending") or []
        else:
            pending = game["queue"]
        TableBase._check_turn(n, ledger, pending)

    def _game_state(self) -> dict[str, Any]:
        return {
            "series_games": self.series_games,
            "diablo_pot": self._diablo_pot,
            "diablo_caller": self.diablo_caller,
        }

    def _restore_game_state(self, data: dict[str, Any]) -> None:
        caller = data["diablo_caller"]
        if caller is not None and (type(caller) is not int or not 0 <= caller < self.n):
            raise SaveError("bad diablo_caller")
        if type(data["diablo_pot"]) is not bool:
            raise SaveError("diablo_pot must be a bool")
        if type(data["series_games"]) is not int or data["series_games"] < 0:
            raise SaveError("series_games must be a whole number")
        self._diablo_pot = data["diablo_pot"]
        self._diablo_caller = caller
        self.series_games = data["series_games"]

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        if self.over:
            state = "over"
        else:
            state = f"dealer={self.dealer}" + ("; Diablo series" if self.series else "")
        game = "dealer's choice" if self.rules.dealers_choice else self.rules.game
        return (
            f"<Diablo Table ({game}) {stacks}; carry={self.ledger.carry}; "
            f"games={self.deals_played}; {state}>"
        )


#: Play a session again: ``replay(actions, players=..., stacks=..., rules=..., seed=0,
#: dealer=..., orders=..., keep_history=...)`` (see :meth:`TableBase.replay`).
replay = Table.replay
