"""One game of Diablo (:class:`Game`), as a session (:class:`Table`) plays it.

A :class:`~pedron.diablo.session.Table` seats 3-7 players with stacks and plays :class:`Game` after
:class:`Game` under its :class:`~pedron.diablo.rules.Rules`. One game goes

    [choose]  ante  deal  first round  draw  second round  [declare]  showdown

* ``choose`` (Dealer's Choice only): the dealer calls the game.
* ``ante``: everyone pays the ante, except in a game played for a Diablo pot.
* ``deal``: five cards each, one at a time, clockwise from the dealer's left.
* first round (phase ``"first_round"``): check, bet, call, raise or fold,
  from the dealer's left; the first bet is the opening and its maker the
  **opener**. If everyone checks, the game is *passed*: the cards are
  collected, the pot stays for the next game and the deal passes.
* ``draw``: each player still in exchanges 0-2 cards, from the dealer's left.
* second round (phase ``"second_round"``): started by the opener (if he
  folded, by the next player still in to his left).
* ``declare`` (Declare variant): each player still in names his hand.
* showdown: the best hand wins; ties split (odd chip clockwise from the
  dealer's left). If everyone else folds, the last player wins unseen.

**The Diablo rule**: if anyone but the opener wins, the opener pays a new
pot as large as the pot just won (all he has if less, at most the ``cap``);
the next game is played for it without ante, and its opener is bound the same
way, until an opener wins. The table knows whether such a *series* is running
(:attr:`Table.series`) and :meth:`Table.close` waits for its end.

Every operation comes with a query, as in the rest of pedron:
:meth:`Game.legal_actions`, :meth:`Game.check_action`, and the action methods
(:meth:`Game.check`, :meth:`Game.bet`, :meth:`Game.call`,
:meth:`Game.raise_by`, :meth:`Game.raise_to`, :meth:`Game.fold`,
:meth:`Game.draw`, :meth:`Game.declare`, :meth:`Game.choose`, or
:meth:`Game.act` with an :class:`~pedron.engine.actions.Action`) each return
the frozen :class:`~pedron.engine.actions.Record` appended to the history; an
illegal action raises a pedron error and changes nothing. :meth:`Table.view`
is what one player may know; :meth:`Table.to_json` / :meth:`Table.from_json`
save and restore exactly; :func:`replay` plays a session again from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pedron.cards import format_card, parse_cards
from pedron.diablo.cards import Deck
from pedron.diablo.declare import (
    DeclarationError,
    declarable,
    jacks_or_better_min,
    parse_declaration,
)
from pedron.diablo.hand import Category, HandValue, evaluate, strength
from pedron.diablo.rules import GAMES
from pedron.diablo.views import GameResult, GameView
from pedron.engine.actions import Action, LegalAction, Record, check_amount, check_seat
from pedron.engine.betting import BettingRound, collect_antes, draw_replacements
from pedron.engine.errors import (
    ActionTypeError,
    AmountError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
)
from pedron.engine.pots import Pot, split_amount
from pedron.engine.views import censor
from pedron.errors import PedronError

if TYPE_CHECKING:
    from pedron.diablo.session import Table

__all__ = ["CHOOSE", "DECLARE", "DONE", "DRAW", "FIRST", "SECOND", "Game"]

# Phases of a game.
CHOOSE = "choose"
FIRST = "first_round"
DRAW = "draw"
SECOND = "second_round"
DECLARE = "declare"
DONE = "done"

_BETTING_KINDS = frozenset(("check", "bet", "call", "raise", "fold"))
_ACE = 12  # rank of an ace (cards are 4 * rank + suit, rank 0 is a two)

# Records that recur game after game are built once (they are immutable).
_DEAL = [[Record("deal", s, 0, (c,), True) for c in range(52)] for s in range(7)]
# _LEFT_OF[n][d]: the seats of a table of n clockwise from d's left, d last.
_LEFT_OF = {n: [tuple((d + k) % n for k in range(1, n + 1)) for d in range(n)] for n in range(2, 8)}
_POT = [f"pot {i}" for i in range(16)]
_RANK_CHARS = "23456789TJQKA"


def _card_list(cards: Any) -> tuple[int, ...]:
    """Card ids from ints or text such as ``"Kc 2h"``."""
    if isinstance(cards, str):
        try:
            return tuple(parse_cards(cards))
        except PedronError as exc:
            raise IllegalActionError(f"bad cards {cards!r}: {exc}") from None
    if isinstance(cards, int) and not isinstance(cards, bool):
        return (cards,)
    if not isinstance(cards, (list, tuple)):
        raise ActionTypeError(f"discards must be a list of cards, not {type(cards).__name__}")
    out: list[int] = []
    for c in cards:
        if isinstance(c, str):
            out.extend(_card_list(c))
        elif isinstance(c, bool) or not isinstance(c, int):
            raise ActionTypeError(f"a card must be an int or text, not {type(c).__name__}")
        else:
            out.append(c)
    return tuple(out)


def _game_arg(game: Any) -> str:
    if isinstance(game, str):
        return game
    if isinstance(game, int) and not isinstance(game, bool):
        if 0 <= game < len(GAMES):
            return GAMES[game]
        raise IllegalActionError(f"no game number {game} (games: {GAMES})")
    raise ActionTypeError(f"a game is named by a string or index, not {type(game).__name__}")


# -- one game -------------------------------------------------------------------------------
class Game:
    """One game of Diablo (or Deuces Wild, or draw) at a :class:`Table`.

    Create it with :meth:`Table.next_game`. Attributes of interest:
    ``number``, ``dealer``, ``game`` (the game dealt), ``phase``, ``to_act``,
    ``opener``, ``cards`` (every hand: the game object sees everything, give
    players :meth:`view`), ``history`` and ``result`` once ``done``.
    """

    __slots__ = (
        "_checked",
        "cards",
        "dealer",
        "deck",
        "declared",
        "diablo",
        "diablo_pot",
        "drawn",
        "final",
        "game",
        "history",
        "ledger",
        "number",
        "opener",
        "order",
        "phase",
        "pile",
        "queue",
        "result",
        "round",
        "rules",
        "shown",
        "table",
        "wild",
    )

    def __init__(self, table: Table, number: int, dealer: int, seats: Sequence[int]) -> None:
        self.table = table
        rules = self.rules = table.rules
        self.ledger = table.ledger
        self.number = number
        self.dealer = dealer
        n = table.n
        # Seats clockwise from the dealer's left, dealer last.
        self.order: tuple[int, ...] = tuple([s for s in _LEFT_OF[n][dealer] if s in seats])
        self.cards: list[tuple[int, ...]] = [()] * n
        self.shown: list[tuple[int, ...]] = [()] * n
        self.declared: list[tuple[int, tuple[int, ...]] | None] = [None] * n
        self.drawn: list[int] = [-1] * n
        self.pile: list[int] = []
        self.history: list[Record] = []
        self.result: GameResult | None = None
        self.final: tuple[tuple[bool, ...], tuple[int, ...]] | None = None
        self.queue: list[int] = []
        self.round: BettingRound | None = None
        self.opener: int | None = None
        self._checked = False
        self.deck: Deck | None = None
        self.diablo_pot = table._diablo_pot and table.ledger.carry > 0
        self.game: str | None = None
        self.wild = True
        self.diablo = False
        self.ledger.begin(self.order)
        forced = table._forced_game()
        if forced is None:
            self.phase = CHOOSE
            self.queue = [dealer]
            return
        self.phase = FIRST
        if rules.dealers_choice:
            self.history.append(Record("game", dealer, 0, (), False, forced))
        self._start(forced)

    # -- public queries ---------------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once the game is over (settled or passed)."""
        return self.phase == DONE

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        phase = self.phase
        if phase in (FIRST, SECOND):
            rnd = self.round
            return rnd.pending[0] if rnd is not None and rnd.pending else None
        return self.queue[0] if self.queue else None

    @property
    def pot(self) -> int:
        """Chips in the pots now (the carried pot included; 0 once over)."""
        led = self.ledger
        return sum(led.committed) + led.carry if self.phase != DONE else 0

    def pots(self) -> list[Pot]:
        """The main pot and side pots as they stand (empty once over)."""
        return [] if self.phase == DONE else self.ledger.pots()

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do now, with amounts (empty when over).

        Betting: ``check``, ``bet`` (min..max chips), ``call`` (its cost),
        ``raise`` (min..max chips *by* which to raise), ``fold``. Draw:
        ``draw`` with ``min``/``max`` the number of cards that may be
        exchanged and ``cards`` the cards held. Declare: ``declare``. Dealer's
        Choice: ``choose`` with ``cards`` the indexes in :data:`GAMES` of the
        games that may be called.
        """
        phase = self.phase
        if phase in (FIRST, SECOND):
            rnd = self.round
            assert rnd is not None
            out = rnd.legal_actions()
            if (
                phase == FIRST
                and self.rules.jacks_or_better
                and out
                and not self._may_open(rnd.pending[0])
            ):
                out = [a for a in out if a.kind != "bet"]
            if not self.rules.all_in and out:
                out = [a for a in out if self._covers(rnd, a.kind)]
            return out
        if phase == DRAW:
            seat = self.queue[0]
            held = self.cards[seat]
            return [LegalAction("draw", 0, self._draw_max(held), held)]
        if phase == DECLARE:
            return [LegalAction("declare")]
        if phase == CHOOSE:
            return [LegalAction("choose", None, None, tuple(GAMES.index(g)
                                                            for g in self.rules.choices))]
        return []

    def check_action(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        try:
            kind, value, seat = self._unpack(action)
            self._validate(kind, value, seat)
            if self.phase in (FIRST, SECOND):
                assert self.round is not None
                return self.round.check_action(kind, value)
        except PedronError as exc:
            return str(exc)
        return None

    def hand_value(self, seat: int) -> HandValue:
        """The value of ``seat``'s cards in this game (wild or natural)."""
        seat = check_seat(seat, self.table.n)
        if len(self.cards[seat]) != 5:
            raise IllegalActionError(f"seat {seat} holds no cards")
        return evaluate(self.cards[seat], wild=self.wild)

    # -- acting -----------------------------------------------------------------------
    def act(self, action: Action) -> Record:
        """Apply ``action`` for the player to act; returns its history record."""
        kind, value, seat = self._unpack(action)
        return self._apply(kind, value, seat)

    def check(self, seat: int | None = None) -> Record:
        """Check (only while nobody has bet in this round)."""
        return self._apply("check", None, seat)

    def bet(self, amount: int, seat: int | None = None) -> Record:
        """Bet ``amount`` chips (in the first round: open)."""
        return self._apply("bet", amount, seat)

    def call(self, seat: int | None = None) -> Record:
        """Match the highest bet (all-in if short)."""
        return self._apply("call", None, seat)

    def raise_by(self, amount: int, seat: int | None = None) -> Record:
        """Call and raise by ``amount`` chips (the engine's ``"raise"``)."""
        return self._apply("raise", amount, seat)

    def raise_to(self, total: int, seat: int | None = None) -> Record:
        """Raise so that this round's bet becomes ``total`` chips (``raise_by(total - bet)``)."""
        total = check_amount(total, "the total")
        rnd = self.round
        if rnd is None or self.phase not in (FIRST, SECOND):
            return self._apply("raise", total, seat)  # refused: the phase says why
        if total <= rnd.current:
            raise AmountError(f"a raise to {total} is not above the bet of {rnd.current}")
        return self._apply("raise", total - rnd.current, seat)

    def fold(self, seat: int | None = None) -> Record:
        """Fold: the chips put in are lost."""
        return self._apply("fold", None, seat)

    def draw(self, discards: Any = (), seat: int | None = None) -> Record:
        """Exchange ``discards`` (ids or text such as ``"Kc 3h"``; none: stand)."""
        return self._apply("draw", discards, seat)

    def declare(self, category: Any, ranks: Any = None, seat: int | None = None) -> Record:
        """Declare (name) the hand: a category and its five ranks, e.g.
        ``declare("four of a kind", "9999K")`` or a :class:`HandValue`."""
        return self._apply("declare", (category, ranks), seat)

    def choose(self, game: str | int, seat: int | None = None) -> Record:
        """Dealer's Choice: the dealer calls ``game`` (a name of :data:`GAMES`)."""
        return self._apply("choose", game, seat)

    @staticmethod
    def _unpack(action: Action) -> tuple[str, Any, int | None]:
        if not isinstance(action, Action):
            raise ActionTypeError(f"expected an Action, not {type(action).__name__}")
        kind = action.kind
        cards = action.cards
        if type(cards) is not tuple and not isinstance(cards, (tuple, list)):
            raise ActionTypeError(f"action cards must be a tuple, not {type(cards).__name__}")
        if kind == "draw":
            if action.amount is not None:
                raise IllegalActionError("a draw names cards, not an amount")
            return kind, cards, action.seat
        if kind == "declare":
            return kind, (action.amount, cards), action.seat
        if cards:
            raise IllegalActionError(f"a {kind!r} names no cards")
        return kind, action.amount, action.seat

    def _may_open(self, seat: int) -> bool:
        return strength(self.cards[seat], wild=self.wild) >= jacks_or_better_min(self.wild)

    def _covers(self, rnd: BettingRound, kind: str) -> bool:
        """Without all-in actions (``all_in=False``): can the player to act pay in full?"""
        seat = rnd.pending[0]
        stack = self.ledger.stacks[seat]
        need = rnd.current - rnd.bets[seat]
        if kind == "call":
            return stack >= need
        if kind == "bet":
            return stack >= rnd.min_bet
        if kind == "raise":
            return stack - need >= rnd.min_raise
        return True

    def _draw_max(self, held: tuple[int, ...]) -> int:
        rules = self.rules
        if not rules.more_draw:
            return rules.max_draw
        return 4 if any(c >> 2 == _ACE for c in held) else 3

    def _validate(self, kind: Any, value: Any, seat: Any) -> Any:
        """Check an action without changing anything; returns the normalized value.

        (In a betting round the engine's :class:`BettingRound` checks the
        amounts when the action is applied, before anything changes.)
        """
        if not isinstance(kind, str):
            raise ActionTypeError(f"an action kind is a string, not {type(kind).__name__}")
        phase = self.phase
        if phase == DONE:
            raise GameOverError(f"game {self.number} is over")
        actor = self.to_act
        assert actor is not None
        if seat is not None and (type(seat) is not int or seat != actor):
            check_seat(seat, self.table.n)
            raise NotYourTurnError(f"seat {seat} acted but seat {actor} is to act")
        if phase in (FIRST, SECOND):
            if kind not in _BETTING_KINDS:
                raise IllegalActionError(
                    f"seat {actor} may check, bet, call, raise or fold, not {kind!r}"
                )
            if (
                kind == "bet"
                and phase == FIRST
                and self.rules.jacks_or_better
                and not self._may_open(actor)
            ):
                raise IllegalActionError(
                    f"seat {actor} cannot open: jacks or better are needed to open"
                )
            if not self.rules.all_in:
                rnd = self.round
                assert rnd is not None
                if not self._covers(rnd, kind):
                    raise IllegalActionError(
                        f"seat {actor} cannot {kind} in full and all-in actions are off"
                    )
            return value
        if phase == DRAW:
            if kind != "draw":
                raise IllegalActionError(f"seat {actor} must draw (0 or more cards), not {kind!r}")
            return self._check_discards(actor, value)
        if phase == DECLARE:
            if kind != "declare":
                raise IllegalActionError(f"seat {actor} must declare his hand, not {kind!r}")
            category, ranks = value
            if isinstance(ranks, tuple) and not ranks:
                ranks = None
            decl = parse_declaration(category, ranks)
            if decl not in declarable(self.wild):
                cat = Category(decl[0]).label
                text = "".join(_RANK_CHARS[r] for r in decl[1])
                raise DeclarationError(
                    f"{cat} with ranks {text} is not a hand of this game "
                    "(name the five ranks as the hand plays them, most important first)"
                )
            return decl
        # CHOOSE
        if kind != "choose":
            raise IllegalActionError(f"the dealer must choose the game, not {kind!r}")
        game = _game_arg(value)
        if game not in self.rules.choices:
            raise IllegalActionError(f"the dealer may call {self.rules.choices}, not {game!r}")
        return game

    def _check_discards(self, actor: int, value: Any) -> tuple[int, ...]:
        discards = _card_list(value)
        held = self.cards[actor]
        for c in discards:
            if c not in held:
                name = format_card(c) if 0 <= c < 52 else repr(c)
                raise IllegalActionError(f"seat {actor} does not hold {name}")
        if len(set(discards)) != len(discards):
            raise IllegalActionError("a card is discarded twice")
        k = len(discards)
        rules = self.rules
        if rules.more_draw:
            if k == 4:
                kept = [c for c in held if c not in discards]
                if kept[0] >> 2 != _ACE:
                    raise IllegalActionError(
                        "four cards may be exchanged only when the card kept is an ace"
                    )
            elif k > 3:
                raise IllegalActionError(f"at most 3 cards (4 keeping an ace), not {k}")
        elif k > rules.max_draw:
            raise IllegalActionError(f"at most {rules.max_draw} cards may be exchanged, not {k}")
        return discards

    def _apply(self, kind: Any, value: Any, seat: Any) -> Record:
        value = self._validate(kind, value, seat)
        phase = self.phase
        table = self.table
        if phase in (FIRST, SECOND):
            rnd = self.round
            assert rnd is not None
            rec = rnd.apply(kind, value)  # validates amounts first: raises, changes nothing
            table._log.append(("act", kind, value if kind in ("bet", "raise") else None))
            self.history.append(rec)
            if kind == "check":
                self._checked = True
            elif kind == "bet" and phase == FIRST and self.opener is None:
                self.opener = rec.seat
            if sum(self.ledger.live) <= 1:
                self._settle(None)
            elif not rnd.pending:
                if phase == FIRST:
                    self._after_first()
                else:
                    self._start_showdown()
            return rec
        actor = self.queue[0]
        if phase == DRAW:
            table._log.append(("act", "draw", list(value)))
            rec = self._do_draw(actor, value)
            self.queue.pop(0)
            if not self.queue:
                self._start_second()
            return rec
        if phase == DECLARE:
            table._log.append(("act", "declare", [value[0], list(value[1])]))
            self.declared[actor] = value
            rec = Record(
                "declare", actor, value[0], (), False,
                HandValue.from_strength(declarable(self.wild)[value], wild=self.wild).description,
            )
            self.history.append(rec)
            self.queue.pop(0)
            if not self.queue:
                self._showdown()
            return rec
        # CHOOSE
        table._log.append(("act", "choose", value))
        rec = Record("choose", actor, GAMES.index(value), (), False, value)
        self.history.append(rec)
        if value == "diablo" and table._diablo_caller is None:
            table._diablo_caller = actor
        self.queue = []
        self._start(value)
        return rec

    # -- steps ------------------------------------------------------------------------
    def _start(self, game: str) -> None:
        """Ante, deal and open the first betting round."""
        self.game = game
        self.wild = game != "draw"
        self.diablo = game == "diablo"
        table = self.table
        led = self.ledger
        order = self.order
        hist = self.history
        ante = self.rules.ante
        if ante and not self.diablo_pot:
            hist.extend(collect_antes(led, order, ante))
        deck = self.deck = table._deck_for_game()
        k = len(order)
        dealt = deck.deal(5 * k)
        cards = self.cards
        for i, s in enumerate(order):
            cards[s] = dealt[i::k]
        hist.extend([_DEAL[order[i % k]][c] for i, c in enumerate(dealt)])
        rules = self.rules
        self.phase = FIRST
        rnd = self.round = BettingRound(
            led,
            order,
            min_bet=rules.min_bet_before,
            max_bet=rules.max_bet_before,
            max_raises=rules.max_raises,
        )
        if not rnd.pending:
            self._after_first()

    def _after_first(self) -> None:
        rnd = self.round
        assert rnd is not None
        if self.opener is None and self._checked:
            self._pass()
            return
        # An opening, or no betting possible (fewer than two players with chips).
        live = self.ledger.live
        self.queue = [s for s in self.order if live[s]]
        self.phase = DRAW

    def _do_draw(self, actor: int, discards: tuple[int, ...]) -> Record:
        k = len(discards)
        deck = self.deck
        assert deck is not None
        pile = self.pile
        hist = self.history
        note = "stands" if k == 0 else ""
        rec = Record("draw", actor, k, discards, True, note)
        hist.append(rec)
        self.drawn[actor] = k
        if not k:
            return rec
        own_first = self.rules.reshuffle == "all"
        if own_first:
            pile.extend(discards)
        if len(deck) < k and pile:
            hist.append(Record("reshuffle", None, len(pile), note="discards into a new stock"))
        new = draw_replacements(deck, k, pile)  # reshuffles ``pile`` if the stock is short
        if not own_first:
            pile.extend(discards)
        held = self.cards[actor]
        self.cards[actor] = tuple([c for c in held if c not in discards]) + new
        hist.extend([_DEAL[actor][c] for c in new])
        return rec

    def _start_second(self) -> None:
        order = self.order
        opener = self.opener
        if opener is not None:
            i = order.index(opener)
            order = order[i:] + order[:i]
        rules = self.rules
        self.phase = SECOND
        rnd = self.round = BettingRound(
            self.ledger,
            order,
            min_bet=rules.min_bet_after,
            max_bet=rules.max_bet_after,
            max_raises=rules.max_raises,
        )
        if not rnd.pending:
            self._start_showdown()

    def _start_showdown(self) -> None:
        if self.rules.declare:
            live = self.ledger.live
            self.queue = [s for s in self.order if live[s]]
            self.phase = DECLARE
            return
        self._showdown()

    def _showdown(self) -> None:
        live = self.ledger.live
        wild = self.wild
        n = self.table.n
        values = [0] * n
        names: list[str | None] = [None] * n
        dead = []
        hist = self.history
        declare = self.rules.declare
        table = declarable(wild) if declare else None
        for s in self.order:
            if not live[s]:
                continue
            cards = self.cards[s]
            v = strength(cards, wild=wild)
            note = ""
            if table is not None:
                decl = self.declared[s]
                assert decl is not None
                named = table[decl]
                if named > v:
                    dead.append(s)
                    note = "dead: declared higher than held"
                    v = 0
                elif named < v:
                    v = named
                    note = "plays as declared"
            values[s] = v
            if v:
                names[s] = HandValue.from_strength(v, wild=wild).description
            self.shown[s] = cards
            hist.append(Record("show", s, v, cards, False, note or (names[s] or "")))
        self._settle(values, names, tuple(dead))

    def _pass(self) -> None:
        """Everyone checked: the cards are collected, the pot stays, the deal passes."""
        led = self.ledger
        n = self.table.n
        pot = sum(led.committed) + led.carry
        self.history.append(Record("passed", None, pot, note="everyone checked: the pot stays"))
        self.final = (tuple(led.live), tuple(led.committed))
        net = tuple(-c for c in led.committed)
        led.settle([], pot)
        self.result = GameResult(
            self.number, self.dealer, self.game or "", True, False, (), (0,) * n, net,
            pot, (), None, None, 0, (None,) * n, (),
        )
        self.queue = []
        self.round = None
        self.phase = DONE
        self.table._game_over(self)

    def _settle(
        self,
        values: list[int] | None,
        names: list[str | None] | None = None,
        dead: tuple[int, ...] = (),
    ) -> None:
        """Divide the pots (``values`` is ``None`` when the last player wins unseen)."""
        led = self.ledger
        n = self.table.n
        hist = self.history
        showdown = values is not None
        opener = self.opener
        pots = led.pots()
        received = [0] * n
        carry = 0
        winners: list[int] = []
        main_winners: tuple[int, ...] = ()
        won_by_others = 0
        rank = self.order.index
        odd_carry = self.rules.odd_chip == "carry"
        for index, pot in enumerate(pots):
            amount = pot.amount
            eligible = pot.eligible
            if len(eligible) == 1:
                s = eligible[0]
                received[s] += amount
                if pot.uncalled:
                    hist.append(Record("return", s, amount, (), False, _POT[index]))
                    continue
                note = _POT[index] if showdown else _POT[index] + ", uncontested"
                hist.append(Record("win", s, amount, (), False, note))
                tied = [s]
            else:
                assert values is not None
                best = max([values[s] for s in eligible])
                if best == 0:
                    carry += amount
                    hist.append(Record("carry", None, amount, note=f"pot {index}: every hand dead"))
                    continue
                tied = [s for s in eligible if values[s] == best]
                if len(tied) > 1:
                    tied.sort(key=rank)
                k = len(tied)
                share = amount
                if k > 1 and odd_carry and amount % k:
                    odd = amount % k
                    share -= odd
                    carry += odd
                    hist.append(Record("carry", None, odd, note=f"pot {index}: odd chips"))
                note = _POT[index] + ", split" if k > 1 else _POT[index]
                for s, chips in split_amount(share, tied):
                    received[s] += chips
                    hist.append(Record("win", s, chips, (), False, note))
            for s in tied:
                if s not in winners:
                    winners.append(s)
            if index == 0:
                main_winners = tuple(tied)
            if opener is not None and opener not in tied:
                won_by_others += amount
        committed = led.committed
        self.final = (tuple(led.live), tuple(committed))
        net = [received[s] - committed[s] for s in range(n)]
        led.settle([(s, c) for s, c in enumerate(received) if c], carry)
        if len(winners) > 1:
            winners.sort(key=rank)
        opener_won: bool | None = None
        paid = 0
        if opener is not None:
            opener_won = opener in main_winners
            if self.diablo and not opener_won:
                due = won_by_others
                cap = self.rules.cap
                if cap is not None and due > cap:
                    due = cap
                paid = min(due, led.stacks[opener])
                if paid:
                    led.forfeit(opener, paid)
                    net[opener] -= paid
                    hist.append(
                        Record("diablo", opener, paid, note=f"the opener pays a new pot of {paid}")
                    )
        self.result = GameResult(
            self.number,
            self.dealer,
            self.game or "",
            False,
            showdown,
            tuple(pots),
            tuple(received),
            tuple(net),
            led.carry,
            tuple(winners),
            opener,
            opener_won,
            paid,
            tuple(names) if names is not None else (None,) * n,
            dead,
        )
        self.queue = []
        self.phase = DONE
        self.table._game_over(self)

    # -- views, state -----------------------------------------------------------------
    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may know of this game (``None``: a spectator)."""
        if seat is not None:
            check_seat(seat, self.table.n)
        led = self.ledger
        if self.final is not None:
            live, committed = self.final
        else:
            live, committed = tuple(led.live), tuple(led.committed)
        rnd = self.round
        betting = self.phase in (FIRST, SECOND) and rnd is not None
        to_act = self.to_act
        return GameView(
            seat=seat,
            number=self.number,
            dealer=self.dealer,
            game=self.game,
            diablo_pot=self.diablo_pot,
            phase=self.phase,
            to_act=to_act,
            dealt_in=self.order,
            my_cards=self.cards[seat] if seat is not None else (),
            shown=tuple(self.shown),
            live=live,
            committed=committed,
            stacks=tuple(led.stacks),
            pot=self.pot,
            pots=self.result.pots if self.result is not None else tuple(self.pots()),
            carry=led.carry,
            opener=self.opener,
            bet=rnd.current if rnd is not None and betting else 0,
            to_call=rnd.to_call(seat) if rnd is not None and betting and seat is not None else 0,
            raises=rnd.raises if rnd is not None and betting else 0,
            drawn=tuple(self.drawn),
            declared=tuple(self.declared),
            stock=len(self.deck) if self.deck is not None else 0,
            legal_actions=tuple(self.legal_actions()) if seat is not None and seat == to_act
            else (),
            history=censor(self.history, seat),
            result=self.result,
        )

    def getstate(self) -> dict[str, Any]:
        """Plain data of the game (hidden cards included: for saving, not for players)."""
        rnd = self.round
        return {
            "number": self.number,
            "dealer": self.dealer,
            "game": self.game,
            "diablo_pot": self.diablo_pot,
            "order": list(self.order),
            "cards": [list(c) for c in self.cards],
            "shown": [list(c) for c in self.shown],
            "declared": [None if d is None else [d[0], list(d[1])] for d in self.declared],
            "drawn": list(self.drawn),
            "pile": list(self.pile),
            "stock": None if self.deck is None else list(self.deck.stock),
            "phase": self.phase,
            "queue": list(self.queue),
            "opener": self.opener,
            "checked": self._checked,
            "round": None if rnd is None else rnd.getstate(),
            "history": [r.to_json() for r in self.history],
            "result": None if self.result is None else self.result.to_json(),
            "final": None if self.final is None else [list(x) for x in self.final],
        }

    def _copy(self, table: Table) -> Game:
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.table = table
        other.ledger = table.ledger
        other.cards = self.cards[:]
        other.shown = self.shown[:]
        other.declared = self.declared[:]
        other.drawn = self.drawn[:]
        other.pile = self.pile[:]
        other.history = self.history[:]
        other.queue = self.queue[:]
        other.deck = None if self.deck is None else table._deck
        other.round = None if self.round is None else self.round.copy(table.ledger)
        return other

    def clone(self) -> Game:
        """An independent copy of the whole table, returned as its current game."""
        game = self.table.clone()._game
        assert game is not None
        return game

    def __repr__(self) -> str:
        return (
            f"<Diablo Game {self.number} ({self.game or 'to be chosen'}): dealer={self.dealer} "
            f"phase={self.phase} to_act={self.to_act} pot={self.pot} opener={self.opener}>"
        )
