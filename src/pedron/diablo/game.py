"""One game of Diablo (:class:`Game`): a deal of the engine, as a Diablo table plays it.

A :class:`~pedron.diablo.table.Table` seats 3-7 players with stacks and
plays :class:`Game` after :class:`Game` under its
:class:`~pedron.diablo.rules.Rules`. One game goes

    [choose]  ante  deal  first round  draw  second round  [declare]  showdown

* ``choose`` (Dealer's Choice only): the dealer calls the variant.
* ``ante``: everyone pays the ante, except in a game played for a Diablo pot.
* ``deal``: five cards each, one at a time, clockwise from the dealer's left.
* first round (phase ``"first_round"``): check, bet, call, raise or fold,
  from the dealer's left; the first bet is the opening and its maker the
  **opener**. If everyone checks, the game is *passed*: the cards are
  collected, the pot stays for the next game and the deal passes.
* ``draw``: each player still in exchanges cards (see ``Rules.draw_limit``),
  from the dealer's left.
* second round (phase ``"second_round"``): started by the opener (if he
  folded, by the next player still in to his left).
* ``declare`` (Declare variant): each player still in names his hand.
* showdown: the best hand wins; ties split (odd chip clockwise from the
  dealer's left). If everyone else folds, the last player wins unseen.

**The Diablo rule**: if anyone but the opener wins, the opener pays a new
pot as large as the pot just won (all he has if less, at most the ``cap``);
the next game is played for it without ante, and its opener is bound the same
way, until an opener wins. The game reports it (``result.diablo_paid``); the
table runs the series (:attr:`Table.series`).

A game is a :class:`~pedron.engine.deal.Deal`: ``legal_actions()``,
``verify(action)``, ``apply(action)`` (and ``act``, and the named methods
:meth:`Game.check`, :meth:`Game.bet`, :meth:`Game.call`,
:meth:`Game.raise_to`, :meth:`Game.raise_by`, :meth:`Game.fold`,
:meth:`Game.draw`, :meth:`Game.declare`, :meth:`Game.choose`); an illegal
action raises a pedron error and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cython

from pedron.cards import format_card, parse_cards
from pedron.diablo.declare import (
    DeclarationError,
    declarable,
    jacks_or_better_min,
    parse_declaration,
)
from pedron.diablo.hand import Category, HandValue, evaluate, strength
from pedron.diablo.rules import VARIANTS
from pedron.diablo.views import GameResult, GameView
from pedron.drawpoker.limit import DrawLimit
from pedron.engine.actions import LegalAction, Record, check_seat, fields_repr
from pedron.engine.betting import BettingRound, collect_antes, draw_replacements
from pedron.engine.deal import DONE, Deal, DealContext
from pedron.engine.moves import (
    Bet,
    Call,
    Check,
    Choose,
    Declare,
    Draw,
    Fold,
    MoveArgs,
    RaiseBy,
    RaiseTo,
    card_reader,
    exact_int,
    exact_str,
)
from pedron.engine.settle import Settlement, pass_pot, settle
from pedron.errors import IllegalActionError
from pedron.text import shown

__all__ = ["CHOOSE", "DECLARE", "DONE", "DRAW", "FIRST", "SECOND", "Game"]

# Phases of a game.
CHOOSE = "choose"
FIRST = "first_round"
DRAW = "draw"
SECOND = "second_round"
DECLARE = "declare"

_BETTING = ("check", "call", "bet", "raise", "fold")
_RANK_CHARS = "23456789TJQKA"

# Records that recur game after game are built once (they are immutable).
_DEAL = [[Record("deal", s, 0, (c,), True) for c in range(52)] for s in range(8)]


class _DiabloArgs(MoveArgs):
    """Diablo's move arguments: standard cards, declarations, variant names."""

    cards = staticmethod(card_reader(parse_cards))  # type: ignore[assignment]

    def declaration(self, category: Any, ranks: Any) -> tuple[int, tuple[int, ...]]:
        if isinstance(ranks, (tuple, list)) and not ranks:
            ranks = None
        return parse_declaration(category, ranks)

    def variant(self, value: Any) -> str:
        if isinstance(value, str):
            name = exact_str(value, "a variant")
            if name in VARIANTS:
                return name
            raise IllegalActionError(f"no variant {name!r} (variants: {', '.join(VARIANTS)})")
        index = exact_int(value, "a variant")
        if 0 <= index < len(VARIANTS):
            return VARIANTS[index]
        raise IllegalActionError(f"no variant number {shown(index)} (variants: {VARIANTS})")


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class DrawRule:
    """The part of a draw limit a count cannot say: ``most`` cards may be exchanged
    only keeping an ace (``ace_for_most``)."""

    most: int
    ace_for_most: bool

    def __repr__(self) -> str:
        return fields_repr(self)

    def why_not(self, move: Any, legal: LegalAction) -> str | None:
        return DrawLimit(self.most, self.ace_for_most).why_not(legal.cards, move.cards)

    def to_json(self) -> list[Any]:
        return ["draw_limit", self.most, self.ace_for_most]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Declarable:
    """A declaration must name a hand of the game's scale (``wild`` or natural);
    ``held`` is the declaration of the cards as they are (the truthful one:
    a category and five ranks)."""

    error = DeclarationError
    wild: bool
    held: tuple[int, tuple[int, ...]]

    def __repr__(self) -> str:
        return fields_repr(self)

    def choices(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The one declaration that names the hand truthfully (for bots that do)."""
        return (self.held,)

    def why_not(self, move: Any, legal: LegalAction) -> str | None:
        if (move.category, move.ranks) in declarable(self.wild):
            return None
        text = "".join(_RANK_CHARS[r] for r in move.ranks)
        return (
            f"{Category(move.category).label} with ranks {text} is not a hand of this game "
            "(name the five ranks as the hand plays them, most important first)"
        )

    def to_json(self) -> list[Any]:
        category, ranks = self.held
        return ["declarable", self.wild, [category, list(ranks)]]


@cython.final
@dataclass(frozen=True, repr=False)
@cython.cclass
class Choices:
    """Dealer's Choice: the ``variants`` the dealer may call."""

    variants: tuple[str, ...]

    def __repr__(self) -> str:
        return fields_repr(self)

    def why_not(self, move: Any, legal: LegalAction) -> str | None:
        if move.variant in self.variants:
            return None
        return f"the dealer may call {self.variants}, not {move.variant!r}"

    def choices(self) -> tuple[tuple[str], ...]:
        """Each variant the dealer may call."""
        return tuple((v,) for v in self.variants)

    def to_json(self) -> list[Any]:
        return ["choices", list(self.variants)]


@cython.cclass
class Game(Deal):
    """One game of Diablo (or Deuces Wild, or draw): a deal at a Diablo table.

    Create it with :meth:`Table.next_deal`. Attributes of interest:
    ``number``, ``dealer``, ``variant`` (the variant dealt), ``phase``, ``to_act``,
    ``dealt_in`` (the seats dealt cards, clockwise from the dealer's left,
    dealer last; ``()`` until the cards are dealt: as Diamondback's
    ``Hand.dealt_in``), ``opener``, ``cards`` (every hand: the game object sees
    everything, give players :meth:`view`), ``history`` and ``result`` once
    ``done``.
    """

    variant: str | None  # the variant dealt (None while the dealer chooses)
    wild: bool  # deuces are wild (not in plain draw)
    diablo: bool  # the Diablo rule binds the opener
    diablo_pot: bool  # played for a Diablo pot (no ante)
    limit: DrawLimit  # the exchanges the rules allow
    dealt_in: tuple[int, ...]  # the seats dealt cards, once dealt
    declared: list[tuple[int, tuple[int, ...]] | None]
    drawn: list[int]  # cards each seat exchanged (-1: not yet)
    pile: list[int]  # the discards so far
    queue: list[int]  # the seats to draw, declare or choose, the one to act first
    round: BettingRound | None
    opener: int | None
    _checked: bool  # somebody checked in the first round

    ARGS = _DiabloArgs()
    _NORMALISE = frozenset(("raise_by", "draw"))
    _CHIPLESS = frozenset(("draw", "declare"))
    NAME = "game"

    def __init__(self, ctx: DealContext) -> None:
        super().__init__(ctx)
        n = ctx.n
        self.declared = [None] * n
        self.dealt_in = ()
        self.drawn = [-1] * n
        self.pile = []
        self.queue = []
        self.round = None
        self.opener = None
        self._checked = False
        self.limit = self.rules.draw_limit  # (made once per Rules, immutable)
        self.diablo_pot = bool(ctx.extra.get("diablo_pot", False))
        self.variant = None
        self.wild = True
        self.diablo = False
        self.ledger.begin(self.order)
        forced = ctx.extra.get("variant")
        if forced is None:
            self.phase = CHOOSE
            self.queue = [self.dealer]
        else:
            self.phase = FIRST
            if self.rules.dealers_choice:
                self.history.append(Record("variant", self.dealer, note=forced))
            self._start(forced)
        self.to_act = self._actor()

    # -- queries ------------------------------------------------------------------------
    @cython.ccall
    def _actor(self) -> int | None:
        phase = self.phase
        if phase in (FIRST, SECOND):
            rnd = self.round
            return rnd.pending[0] if rnd is not None and rnd.pending else None
        return self.queue[0] if self.queue else None

    def hand_value(self, seat: int) -> HandValue:
        """The value of ``seat``'s cards in this game (wild or natural)."""
        seat = check_seat(seat, self.n)
        if len(self.cards[seat]) != 5:
            raise IllegalActionError(f"seat {seat} holds no cards")
        return evaluate(self.cards[seat], wild=self.wild)

    # -- the rules of each move -----------------------------------------------------------
    @cython.ccall
    def _kinds(self) -> tuple[str, ...]:
        phase = self.phase
        if phase in (FIRST, SECOND):
            return _BETTING
        if phase == DRAW:
            return ("draw",)
        if phase == DECLARE:
            return ("declare",)
        if phase == CHOOSE:
            return ("choose",)
        return ()

    @cython.ccall
    def _option(self, kind: str) -> LegalAction | str:
        phase = self.phase
        actor = self.to_act
        if phase in (FIRST, SECOND):
            if kind not in _BETTING:
                return f"seat {actor} may check, bet, call, raise or fold, not {kind!r}"
            rnd = self.round
            assert rnd is not None and actor is not None
            if (
                kind == "bet"
                and phase == FIRST
                and self.rules.jacks_or_better
                and not self._may_open(actor)
            ):
                return f"seat {actor} cannot open: jacks or better are needed to open"
            return rnd.option(kind)
        if phase == DRAW:
            if kind != "draw":
                return f"seat {actor} must draw (0 or more cards), not {kind!r}"
            assert actor is not None
            held = self.cards[actor]
            limit = self.limit
            # (the hand is the deal's own five card ints: only the ace rule looks at it)
            most = limit.most_for(held) if limit.ace_for_most else limit.most
            # The count says it all unless the largest exchange needs a kept ace.
            rule = DrawRule(limit.most, limit.ace_for_most) if limit.ace_for_most and \
                most == limit.most else None
            return LegalAction("draw", 0, most, held, rule)
        if phase == DECLARE:
            if kind != "declare":
                return f"seat {actor} must declare his hand, not {kind!r}"
            assert actor is not None
            value = evaluate(self.cards[actor], wild=self.wild)
            return LegalAction("declare", limit=Declarable(
                self.wild, (int(value.category), tuple(value.ranks))))
        if phase == CHOOSE:
            if kind != "choose":
                return f"the dealer must choose the variant, not {kind!r}"
            choices = self.rules.choices
            return LegalAction("choose", cards=tuple([VARIANTS.index(v) for v in choices]),
                               limit=Choices(choices))
        return f"game {self.number} is over"

    @cython.ccall
    def _all_legal(self) -> tuple[LegalAction, ...]:
        rnd = self.round
        if rnd is None or self.phase not in (FIRST, SECOND):
            return Deal._all_legal(self)
        legal = rnd._legal()  # the round's rules, all kinds at once ...
        if self.phase == FIRST and self.rules.jacks_or_better:
            actor = self.to_act
            assert actor is not None
            if not self._may_open(actor):  # ... and the opening rule, as _option says
                legal = tuple([x for x in legal if x.kind != "bet"])
        return legal

    @cython.ccall
    def _normalise(self, move: Any, legal: LegalAction | None) -> Any:
        if type(move) is RaiseBy:  # by how much over the round's bet: to what total
            rnd = self.round
            current = rnd.current if rnd is not None and self.phase in (FIRST, SECOND) else 0
            return RaiseTo(current + move.amount, seat=move.seat)  # (refused later if
            # there is no round: the phase says why)
        if type(move) is Draw:
            self._check_discards(move.cards, legal)
        return move

    @cython.ccall
    def _check_discards(self, discards: tuple[int, ...], legal: LegalAction | None) -> None:
        """Every discard held, none twice, no more than allowed (the ace rule: the limit)."""
        if legal is None:
            return
        held = legal.cards
        actor = self.to_act
        for c in discards:
            if c not in held:
                name = format_card(c) if 0 <= c < 52 else repr(c)
                raise IllegalActionError(f"seat {actor} does not hold {name}")
        if len(set(discards)) != len(discards):
            raise IllegalActionError("a card is discarded twice")
        assert legal.max is not None
        if len(discards) > legal.max:
            reason = self.limit.why_not(held, discards)
            raise IllegalActionError(
                reason or f"at most {legal.max} cards may be exchanged, not {len(discards)}"
            )

    @cython.ccall
    def _may_open(self, seat: int) -> bool:
        return strength(self.cards[seat], wild=self.wild) >= jacks_or_better_min(self.wild)

    # -- playing a verified move ------------------------------------------------------------
    @cython.ccall
    def _play(self, move: Any) -> None:
        phase = self.phase
        hist = self.history
        if phase in (FIRST, SECOND):
            rnd = self.round
            assert rnd is not None
            kind = move.kind
            rec = rnd.play(kind, move.amount if kind == "bet" or kind == "raise" else 0)
            hist.append(rec)
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
            return
        actor = self.queue.pop(0)
        if phase == DRAW:
            self._do_draw(actor, move.cards)
            if not self.queue:
                self._start_second()
            return
        if phase == DECLARE:
            value = (move.category, move.ranks)
            self.declared[actor] = value
            named = HandValue.from_strength(declarable(self.wild)[value], wild=self.wild)
            hist.append(Record("declare", actor, move.category, note=named.description))
            if not self.queue:
                self._showdown()
            return
        variant = move.variant  # CHOOSE
        hist.append(Record("choose", actor, VARIANTS.index(variant), note=variant))
        self._start(variant)

    # -- steps ------------------------------------------------------------------------------
    @cython.ccall
    def _start(self, variant: str) -> None:
        """Ante, deal and open the first betting round."""
        self.variant = variant
        self.wild = variant != "draw"
        self.diablo = variant == "diablo"
        led = self.ledger
        order = self.order
        hist = self.history
        rules = self.rules
        ante = rules.ante
        if ante and not self.diablo_pot:
            hist.extend(collect_antes(led, order, ante))
        self.dealt_in = order  # (everyone in the deal is dealt cards)
        k = len(order)
        receivers = order * 5  # one card at a time, five rounds
        deck = self.deck = self._shoe(k, receivers)
        dealt = deck.deal(5 * k)
        cards = self.cards
        for i in range(k):
            cards[order[i]] = dealt[i::k]
        for i in range(5 * k):  # the record of each card dealt, in order (made once)
            hist.append(_DEAL[receivers[i]][dealt[i]])
        self.phase = FIRST
        rnd = self.round = BettingRound(
            led,
            order,
            min_bet=rules.min_bet_before,
            max_bet=rules.max_bet_before,
            max_raises=rules.max_raises,
            all_in=rules.all_in,
        )
        if not rnd.pending:
            self._after_first()

    @cython.ccall
    def _after_first(self) -> None:
        if self.opener is None and self._checked:
            self._pass()
            return
        # An opening, or no betting possible (fewer than two players with chips).
        live = self.ledger.live
        self.queue = [s for s in self.order if live[s]]
        self.phase = DRAW

    @cython.ccall
    def _do_draw(self, actor: int, discards: tuple[int, ...]) -> None:
        k = len(discards)
        deck = self.deck
        pile = self.pile
        hist = self.history
        hist.append(Record("draw", actor, k, discards, True, "" if k else "stands"))
        self.drawn[actor] = k
        if not k:
            return
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

    @cython.ccall
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
            all_in=rules.all_in,
        )
        if not rnd.pending:
            self._start_showdown()

    @cython.ccall
    def _start_showdown(self) -> None:
        if self.rules.declare:
            live = self.ledger.live
            self.queue = [s for s in self.order if live[s]]
            self.phase = DECLARE
            return
        self._showdown()

    @cython.ccall
    def _showdown(self) -> None:
        live = self.ledger.live
        wild = self.wild
        values = [0] * self.n
        names: list[str | None] = [None] * self.n
        dead = []
        hist = self.history
        table = declarable(wild) if self.rules.declare else None
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
            hist.append(Record("show", s, v, cards, note=note or (names[s] or "")))
        self._settle(values, names, tuple(dead))

    @cython.ccall
    def _pass(self) -> None:
        """Everyone checked: the cards are collected, the pot stays, the deal passes."""
        led = self.ledger
        pot = sum(led.committed) + led.carry
        self.history.append(Record("passed", None, pot, note="everyone checked: the pot stays"))
        self._end(pass_pot(led), passed=True)

    def _settle(
        self,
        values: list[int] | None,
        names: list[str | None] | None = None,
        dead: tuple[int, ...] = (),
    ) -> None:
        """Divide the pots (``values`` is ``None`` when the last player wins unseen),
        then apply the Diablo rule."""
        done = settle(
            self.ledger, self.order, values, self.history.append,
            odd_chip_carry=self.rules.odd_chip == "carry",
        )
        opener = self.opener
        opener_won: bool | None = None
        paid = 0
        net = done.net
        if opener is not None:
            opener_won = opener in done.main_winners
            if self.diablo and not opener_won:
                due = done.won_by_others(opener)
                cap = self.rules.cap
                if cap is not None and due > cap:
                    due = cap
                led = self.ledger
                paid = min(due, led.stacks[opener])
                if paid:
                    led.forfeit(opener, paid)
                    net = tuple([v - paid if s == opener else v for s, v in enumerate(net)])
                    self.history.append(
                        Record("diablo", opener, paid, note=f"the opener pays a new pot of {paid}")
                    )
        self._end(done, net=net, showdown=values is not None, opener_won=opener_won,
                  diablo_paid=paid, hands=tuple(names) if names is not None else None,
                  dead=dead)

    def _end(
        self,
        done: Settlement,
        *,
        net: tuple[int, ...] | None = None,
        passed: bool = False,
        showdown: bool = False,
        opener_won: bool | None = None,
        diablo_paid: int = 0,
        hands: tuple[str | None, ...] | None = None,
        dead: tuple[int, ...] = (),
    ) -> None:
        """The game is over: its result (``net``: the settlement's, unless the Diablo
        rule changed it)."""
        self.queue = []
        self.round = None
        self._finish(done, GameResult(
            number=self.number, dealer=self.dealer, showdown=showdown, pots=done.pots,
            payouts=done.received, net=done.net if net is None else net,
            carry=self.ledger.carry, winners=done.winners,
            hands=(None,) * self.n if hands is None else hands, variant=self.variant or "",
            passed=passed, opener=self.opener, opener_won=opener_won, diablo_paid=diablo_paid,
            dead=dead,
        ))

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may know of this game (``None``: a spectator)."""
        rnd = self.round if self.phase in (FIRST, SECOND) else None
        fields = self._view_fields(seat, self.dealt_in, rnd.current if rnd is not None else 0)
        seat = fields["seat"]
        return GameView(
            **fields,
            variant=self.variant,
            diablo_pot=self.diablo_pot,
            opener=self.opener,
            to_call=rnd.to_call(seat) if rnd is not None and seat is not None else 0,
            raises=rnd.raises if rnd is not None else 0,
            drawn=tuple(self.drawn),
            declared=tuple(self.declared),
            stock=len(self.deck) if self.deck is not None else 0,
        )

    # -- the named moves ----------------------------------------------------------------------
    def check(self, seat: int | None = None) -> Record:
        """Check (only while nobody has bet in this round)."""
        return self.act(Check(seat=seat))

    def bet(self, amount: int, seat: int | None = None) -> Record:
        """Bet ``amount`` chips (in the first round: open)."""
        return self.act(Bet(amount, seat=seat))

    def call(self, seat: int | None = None) -> Record:
        """Match the highest bet (all-in if short)."""
        return self.act(Call(seat=seat))

    def raise_to(self, total: int, seat: int | None = None) -> Record:
        """Raise so that this round's bet becomes ``total`` chips."""
        return self.act(RaiseTo(total, seat=seat))

    def raise_by(self, amount: int, seat: int | None = None) -> Record:
        """Call and raise by ``amount`` chips (``raise_to(bet + amount)``)."""
        return self.act(RaiseBy(amount, seat=seat))

    def fold(self, seat: int | None = None) -> Record:
        """Fold: the chips put in are lost."""
        return self.act(Fold(seat=seat))

    def draw(self, discards: Any = (), seat: int | None = None) -> Record:
        """Exchange ``discards`` (ids or text such as ``"Kc 3h"``; none: stand)."""
        return self.act(Draw(discards, seat=seat))

    def declare(self, category: Any, ranks: Any = None, seat: int | None = None) -> Record:
        """Declare (name) the hand: a category and its five ranks, e.g.
        ``declare("four of a kind", "9999K")`` or a :class:`HandValue`."""
        return self.act(Declare(category, ranks, seat=seat))

    def choose(self, variant: str | int, seat: int | None = None) -> Record:
        """Dealer's Choice: the dealer calls ``variant`` (a name of :data:`VARIANTS`,
        or its index)."""
        return self.act(Choose(variant, seat=seat))

    # -- state, copies --------------------------------------------------------------------------
    def getstate(self) -> dict[str, Any]:
        """Plain data of the game (hidden cards included: for saving, not for players)."""
        rnd = self.round
        deck = self.deck
        return {
            "number": self.number,
            "dealer": self.dealer,
            "variant": self.variant,
            "diablo_pot": self.diablo_pot,
            "order": list(self.order),
            "cards": [list(c) for c in self.cards],
            "shown": [list(c) for c in self.shown],
            "declared": [None if d is None else [d[0], list(d[1])] for d in self.declared],
            "drawn": list(self.drawn),
            "pile": list(self.pile),
            "stock": None if deck is None else list(deck.stock),
            "phase": self.phase,
            "queue": list(self.queue),
            "opener": self.opener,
            "checked": self._checked,
            "round": None if rnd is None else rnd.getstate(),
            **self._common_state(),
        }

    @cython.ccall
    def _copy_state(self, other: Any) -> None:
        other.declared = self.declared[:]
        other.drawn = self.drawn[:]
        other.pile = self.pile[:]
        other.queue = self.queue[:]
        other.round = None if self.round is None else self.round.copy(other.ledger)

    def __repr__(self) -> str:
        return (
            f"<Diablo Game {self.number} ({self.variant or 'to be chosen'}): dealer={self.dealer} "
            f"phase={self.phase} to_act={self.to_act} pot={self.pot} opener={self.opener}>"
        )


__all__ += ["DeclarationError", "DrawRule"]
