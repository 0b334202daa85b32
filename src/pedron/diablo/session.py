"""A Diablo session: the :class:`Table` of 3-7 players, saving, restoring and replaying.

See :mod:`pedron.diablo.game` for one game and the rules it follows; the
table adds what lasts from game to game: stacks, the dealer, the pot left on
the table (a passed pot or a Diablo pot: :attr:`Table.series`), Dealer's
Choice, players dropping out, and the end of the session (:meth:`Table.close`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pedron.cards import format_card, parse_cards
from pedron.diablo.cards import Deck
from pedron.diablo.game import _LEFT_OF, CHOOSE, DONE, FIRST, SECOND, Game
from pedron.diablo.rules import GAMES, Rules
from pedron.diablo.views import GameResult, TableView
from pedron.engine import save
from pedron.engine import table as engine_table
from pedron.engine.actions import Action, LegalAction, Record, check_seat
from pedron.engine.errors import GameOverError, IllegalActionError, SaveError
from pedron.engine.table import TableBase, seat_names
from pedron.errors import PedronTypeError

__all__ = ["FORMAT", "SAVE_VERSION", "Table", "replay"]

FORMAT = "pedron.diablo.table"
SAVE_VERSION = 1


def _check_snapshot(setup: dict[str, Any], state: dict[str, Any]) -> None:
    """Clear errors for the usual kinds of damage, before the full replay check."""
    try:
        n = len(setup["names"])
        ledger = engine_table.check_ledger_snapshot(setup, state)
        game = state.get("game")
        if game is not None and game["phase"] not in (CHOOSE, DONE):
            groups = [*game["cards"], game["pile"], game["stock"] or []]
            save.check_unique_cards(groups, 52, format_card)
            if sum(len(g) for g in groups) != 52:
                raise SaveError("cards are missing from the hands, the stock and the discards")
            phase = game["phase"]
            if phase in (FIRST, SECOND):
                pending = (game["round"] or {}).get("pending") or []
            else:
                pending = game["queue"]
            if not pending or not all(
                isinstance(s, int) and 0 <= s < n and ledger["live"][s] for s in pending
            ):
                raise SaveError("the player to act is not a live seat of this game")
        elif game is not None and game["phase"] == DONE and game["queue"]:
            raise SaveError("a finished game has a player to act")
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise SaveError(f"malformed saved state: {exc!r}") from None


class Table(TableBase):
    """A Diablo session of 3-7 players.

    ``Table(players=4, stacks=None, rules=Rules(), seed=None, *, dealer=0,
    order=None, orders=None, keep_games=False)``: ``players`` is a count or a
    list of names; ``stacks`` one stack for all or one per player (default
    ``rules.stacks``); ``seed`` an int, a :class:`~pedron.Generator` or
    ``None`` (OS entropy); ``dealer`` the agreed first dealer (default seat 0);
    ``order``/``orders`` prearrange the next deals: each is a list of card ids
    put on top of the stock (top first), the rest of the deck following in id
    order. ``keep_games=True`` keeps every finished game's history
    (``past_games``) and result (``results``).

    **Threads**: a table (with its hands/games) is not locked and must not be
    used by two threads at once: concurrent actions can corrupt it (chips,
    turn, a save that no longer restores). Give each thread its own table, or
    make every call on a shared table, queries and views included, under one
    lock of your own. Views, records and legal actions are frozen data and may
    be shared freely. A :class:`~pedron.Generator` passed as ``seed`` is used,
    not copied: give tables in different threads different generators (e.g.
    ``Generator(parent)``) or seeds.
    """

    FORMAT = FORMAT
    SAVE_VERSION = SAVE_VERSION
    _RULES = Rules
    _DEAL_OP = "game"
    _KEEP = "keep_games"
    _ORDER_CARDS = (parse_cards, format_card)
    _check_snapshot = staticmethod(_check_snapshot)

    rules: Rules
    results: list[GameResult]

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        stacks: int | Sequence[int] | None = None,
        rules: Rules | None = None,
        seed: Any = None,
        *,
        dealer: int = 0,
        order: Sequence[int] | None = None,
        orders: Iterable[Sequence[int]] | None = None,
        keep_games: bool = False,
    ) -> None:
        if not isinstance(keep_games, bool):
            raise PedronTypeError("keep_games must be a bool")
        names = seat_names(players, 3, 7, "Diablo")
        n = len(names)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise PedronTypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if stacks is None:
            stacks = rules.stacks
        stack_list = engine_table.stack_list(stacks, n)
        dealer = check_seat(dealer, n)
        self._set_up(names, stack_list, rules, seed, dealer, order, orders, keep_games)
        self.keep_games = keep_games
        self._deck = Deck(self.rng, shuffle=False)
        self._game: Game | None = None
        self._diablo_pot = False
        self._diablo_caller: int | None = None
        self.games_played = 0
        self.series_games = 0
        self.history.append(Record("dealer", dealer))
        self.past_games: list[tuple[Record, ...]] = []
        self.closing = False
        self.dealer: int = dealer

    # -- queries --------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The current (or last finished) game, ``None`` before the first."""
        return self._game

    @property
    def last_result(self) -> GameResult | None:
        """The result of the last finished game."""
        g = self._game
        return g.result if g is not None else None

    @property
    def series(self) -> bool:
        """True while a Diablo series runs: the next game is played for a Diablo pot."""
        return self._diablo_pot and self.ledger.carry > 0

    @property
    def diablo_caller(self) -> int | None:
        """Dealer's Choice: the seat that called the Diablo still running (else ``None``)."""
        return self._diablo_caller

    @property
    def in_progress(self) -> bool:
        """True while a game is being played."""
        return self._game is not None and self._game.phase != DONE

    @property
    def players_left(self) -> tuple[int, ...]:
        """Seats still in the session."""
        return tuple([s for s in range(self.n) if self.seated[s]])

    def _forced_game(self) -> str | None:
        """The game of the next deal, or ``None`` when the dealer chooses."""
        rules = self.rules
        if not rules.dealers_choice:
            return rules.game
        if self.series or self._diablo_caller is not None:
            return "diablo"
        return None

    def _deck_for_game(self) -> Deck:
        """The shuffled (or prearranged) deck for the next deal."""
        if self._orders:
            prefix = self._orders.pop(0)
            seen = set(prefix)
            self._deck = Deck(self.rng, order=prefix + [c for c in range(52) if c not in seen])
        else:
            self._deck.collect()
        return self._deck

    # -- the session ----------------------------------------------------------------------
    def next_game(self, order: Sequence[int] | None = None) -> Game:
        """Start the next game (``order`` prearranges its deck) and return it."""
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.in_progress:
            raise IllegalActionError("the current game is not finished")
        if order is not None:
            self._push_order(order)
        self._log.append(["game"])
        self.games_played += 1
        if self.series:
            self.series_games += 1
        seats = [s for s in range(self.n) if self.seated[s]]
        game = self._game = Game(self, self.games_played, self.dealer, seats)
        return game

    def act(self, action: Action) -> Record:
        """Apply ``action`` to the current game."""
        game = self._game
        if game is None:
            raise IllegalActionError("no game has been dealt: call next_game()")
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        return game.act(action)

    def legal_actions(self) -> list[LegalAction]:
        """Legal actions in the current game (empty between games)."""
        game = self._game
        return game.legal_actions() if game is not None else []

    def _game_over(self, game: Game) -> None:
        """Book-keeping after a game: results, the series, busted players, the next dealer."""
        result = game.result
        assert result is not None
        if self.keep_games:
            self.results.append(result)
            self.past_games.append(tuple(game.history))
        led = self.ledger
        n = self.n
        if not result.passed:
            self._diablo_pot = result.diablo_paid > 0
            if not self._diablo_pot:
                self.series_games = 0
            seated = self.seated
            for s in range(n):
                if seated[s] and not led.stacks[s]:
                    seated[s] = False
                    self.history.append(Record("out", s, 0, (), False, "no chips left"))
        nxt = self._left_of(self.dealer)
        caller = self._diablo_caller
        if caller is not None and game.game == "diablo" and result.opener_won:
            self._diablo_caller = None
            self.history.append(Record("diablo_over", caller, note="an opener won"))
            if self.rules.after_diablo == "caller_left":
                nxt = self._left_of(caller)
        self._check_over(nxt)

    def _left_of(self, seat: int) -> int:
        seated = self.seated
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if seated[s]:
                return s
        return seat

    def _check_over(self, nxt: int) -> None:
        if sum(self.seated) < 2:
            self._end("fewer than two players have chips")
            return
        if self.closing and not self.ledger.carry:
            self._end("closed")
            return
        if nxt != self.dealer:
            self.history.append(Record("dealer", nxt))
        self.dealer = nxt

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        led = self.ledger
        if led.carry:
            seats = [s for s in _LEFT_OF[self.n][self.dealer] if self.seated[s]]
            if not seats:
                game = self._game
                seats = list(game.order) if game is not None else list(range(self.n))
            for s, chips in led.share_carry(seats):
                self.history.append(Record("win", s, chips, note="the pot left at the end"))
        self.history.append(Record("end", None, note=reason))

    def close(self) -> bool:
        """Ask to end the session; returns whether it is over now.

        The session ends between games once no pot is left on the table: a
        running Diablo series (or a passed pot) is played to its end first.
        """
        if self.over:
            raise GameOverError(f"the session is over ({self.end_reason})")
        if self.closing:
            raise IllegalActionError("the end of the session is already asked for")
        self._log.append(["close"])
        self.closing = True
        self.history.append(Record("close", None, note="end asked for"))
        if not self.in_progress and not self.ledger.carry:
            self._end("closed")
        return self.over

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` (``None``: a spectator) may know of the table."""
        if seat is not None:
            check_seat(seat, self.n)
        game = self._game
        return TableView(
            seat=seat,
            names=self.names,
            stacks=tuple(self.ledger.stacks),
            seated=tuple(self.seated),
            dealer=self.dealer,
            carry=self.ledger.carry,
            series=self.series,
            diablo_caller=self._diablo_caller,
            games_played=self.games_played,
            closing=self.closing,
            over=self.over,
            end_reason=self.end_reason,
            history=tuple(self.history),
            game=None if game is None else game.view(seat),
        )

    # -- saving, cloning, replaying -------------------------------------------------------
    def getstate(self) -> dict[str, Any]:
        """The whole state as plain data (hidden information included)."""
        return {
            "seated": list(self.seated),
            "dealer": self.dealer,
            "games_played": self.games_played,
            "series_games": self.series_games,
            "diablo_pot": self._diablo_pot,
            "diablo_caller": self._diablo_caller,
            "closing": self.closing,
            "over": self.over,
            "end_reason": self.end_reason,
            "history": [r.to_json() for r in self.history],
            "ledger": self.ledger.getstate(),
            "rng": self.rng.getstate(),
            "orders": [list(o) for o in self._orders],
            "game": None if self._game is None else self._game.getstate(),
        }

    # the hooks of TableBase: the deal, and how logged actions read back
    def _next_deal(self) -> Game:
        return self.next_game()

    def _current(self) -> Game | None:
        return self._game

    def _logged_action(self, kind: str, value: Any) -> Action:
        if kind == "draw":
            return Action("draw", cards=tuple(value))
        if kind == "declare":
            return Action("declare", value[0], tuple(value[1]))
        if kind == "choose":
            return Action("choose", GAMES.index(value))
        return Action(kind, value)

    def _replay_act(self, kind: str, value: Any) -> Any:
        if kind == "draw":
            return tuple(value)
        if kind == "declare":
            return (value[0], tuple(value[1]))
        return value

    def clone(self) -> Table:
        """An independent copy in the same state (generator included)."""
        other = self._clone_base()
        other._deck = Deck(other.rng, order=self._deck.stock)
        other.past_games = self.past_games[:]
        other._game = None if self._game is None else self._game._copy(other)
        return other

    def __repr__(self) -> str:
        stacks = self._stacks_text()
        if self.over:
            state = "over"
        else:
            state = f"dealer={self.dealer}" + ("; Diablo series" if self.series else "")
        game = "dealer's choice" if self.rules.dealers_choice else self.rules.game
        return (
            f"<Diablo Table ({game}) {stacks}; carry={self.ledger.carry}; "
            f"games={self.games_played}; {state}>"
        )


def replay(
    actions: Iterable[Action | Sequence[Any]],
    *,
    players: int | Sequence[str] = 4,
    stacks: int | Sequence[int] | None = None,
    rules: Rules | None = None,
    seed: Any = 0,
    dealer: int = 0,
    orders: Iterable[Sequence[int]] | None = None,
    keep_games: bool = False,
) -> Table:
    """Play a session again: the same setup and seed, then ``actions`` in order.

    ``actions`` are :class:`Action` objects (a new game is dealt whenever one
    is needed) or entries of :attr:`Table.log`. The result equals the
    original table event for event.
    """
    table = Table(players, stacks, rules, seed, dealer=dealer, orders=orders,
                  keep_games=keep_games)
    for entry in actions:
        table._replay_entry(entry)
    return table
