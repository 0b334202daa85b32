"""Kuhn poker, a third game registered through pedron's public API from this one module.

The game (H. W. Kuhn, 1950): a deck of three cards, Jack < Queen < King; two
players each ante one chip and are dealt one card. The player to the dealer's
left acts first: he checks or bets one chip. After a check the dealer checks
(showdown) or bets; facing a bet a player calls (showdown) or folds. The higher
card wins the pot at a showdown. Its value to the first player is -1/18 of a
chip per deal.

Built on the engine as the built-in games are: :class:`KuhnRules` (the ante and
the bet), :class:`KuhnDeal` (a :class:`~pedron.engine.deal.Deal`: its phases,
the rule of each kind of move, its view), :class:`KuhnSession` (the rules
between deals: the dealer alternates; the session ends when a player cannot
pay the ante and a bet), :data:`GAME` and :class:`KuhnTable` (a
:class:`~pedron.engine.table.Table`), :class:`KuhnHistory` (its hand
histories); then the encodings the environments and the OpenSpiel game read
(:class:`KuhnActions`, OpenSpiel's own numbering: 0 pass, 1 bet;
:class:`KuhnObservation`), and the descriptor :data:`INFO`, registered as
``"kuhn"`` when this module is imported. Nothing of pedron is edited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pedron import games
from pedron._kernels.deck import Deck
from pedron._kernels.rng import Generator
from pedron.cards import CardSet
from pedron.encodings import Observation, action_index, view_text
from pedron.engine.actions import LegalAction, Record
from pedron.engine.deal import DONE, Deal, DealContext
from pedron.engine.history import DealHistory
from pedron.engine.moves import Bet, Call, Check, Fold
from pedron.engine.saving import check_turn, check_unique_cards
from pedron.engine.settle import Settlement, settle
from pedron.engine.table import CardGame, CardText, Session, Table
from pedron.engine.views import DealResult, DealView, TableViewBase
from pedron.errors import CardError, IllegalActionError
from pedron.games.adapters import CardChance, Encodings, SpielParameters
from pedron.rules import RulesBase, whole

__all__ = ["GAME", "INFO", "KuhnActions", "KuhnDeal", "KuhnRules", "KuhnSession", "KuhnTable"]

NAMES = ("J", "Q", "K")  # card id 0, 1, 2: the rank is the id
OPEN = "open"  # the first player checks or bets; after his check, the dealer
RESPOND = "respond"  # facing a bet: call or fold


def card_name(card: int) -> str:
    return NAMES[card]


def parse_cards(text: str) -> list[int]:
    out = []
    for word in text.replace(",", " ").split():
        if word.upper() not in NAMES:
            raise CardError(f"no Kuhn card {word!r}: the cards are J, Q, K")
        out.append(NAMES.index(word.upper()))
    return out


@dataclass(frozen=True)
class KuhnRules(RulesBase):
    """How a Kuhn table plays: ``ante`` and ``bet`` chips (one each in Kuhn's game)."""

    ante: int = 1
    bet: int = 1

    def __post_init__(self) -> None:
        whole("ante", self.ante, 1)
        whole("bet", self.bet, 1)


@dataclass(frozen=True, slots=True)
class KuhnTableView(TableViewBase):
    """The table as a seat may see it (the engine's fields only)."""


class KuhnDeal(Deal):
    """One deal of Kuhn poker (see the module docstring)."""

    NAME = "hand"

    def __init__(self, ctx: DealContext) -> None:
        super().__init__(ctx)
        rules = self.rules
        led = self.ledger
        self.dealt_in = self.order
        self.bet_size = 0
        self.queue: list[int] = []
        led.begin(self.order)
        for s in self.order:  # (the session seats only players who can pay ante and bet)
            led.pay(s, rules.ante)
            self.history.append(Record("ante", s, rules.ante))
        deck = self.deck = self._shoe(len(self.order), self.order)
        dealt = deck.deal(len(self.order))
        for s, card in zip(self.order, dealt, strict=True):
            self.cards[s] = (card,)
            self.history.append(Record("deal", s, 0, (card,), True))
        self.phase = OPEN
        self.queue = list(self.order)  # the first player, then the dealer
        self.to_act = self._actor()

    def _actor(self) -> int | None:
        return self.queue[0] if self.queue else None

    def _kinds(self) -> tuple[str, ...]:
        if self.phase == OPEN:
            return ("check", "bet")
        if self.phase == RESPOND:
            return ("call", "fold")
        return ()

    def _option(self, kind: str) -> LegalAction | str:
        if self.done:
            return f"hand {self.number} is over"
        bet = self.rules.bet
        if kind not in self._kinds():
            words = " or ".join(self._kinds())
            return f"seat {self.to_act} may {words} now, not {kind!r}"
        if kind == "check":
            return LegalAction("check")
        if kind == "fold":
            return LegalAction("fold")
        if kind == "bet":
            return LegalAction("bet", bet, bet)
        return LegalAction("call", bet, bet)

    def _play(self, move: Any) -> None:
        kind = move.kind
        actor = self.queue.pop(0)
        led = self.ledger
        if kind == "check":
            self.history.append(Record("check", actor))
            if not self.queue:
                self._showdown()
        elif kind == "bet":
            led.pay(actor, move.amount)
            self.bet_size = move.amount
            self.history.append(Record("bet", actor, move.amount))
            self.phase = RESPOND
            self.queue = [s for s in self.order if s != actor]
        elif kind == "call":
            led.pay(actor, self.bet_size)
            self.history.append(Record("call", actor, self.bet_size))
            self._showdown()
        else:
            led.fold(actor)
            self.history.append(Record("fold", actor))
            self._settle(None, (None,) * self.n)

    def _showdown(self) -> None:
        strengths = [0] * self.n
        hands: list[str | None] = [None] * self.n
        for s in self.order:
            card = self.cards[s][0]
            strengths[s] = card + 1
            hands[s] = NAMES[card]
            self.shown[s] = (card,)
            self.history.append(Record("show", s, 0, (card,), note=NAMES[card]))
        self._settle(strengths, tuple(hands))

    def _settle(self, strengths: list[int] | None, hands: tuple[str | None, ...]) -> None:
        self.queue = []
        done: Settlement = settle(self.ledger, self.order, strengths, self.history.append)
        self._finish(done, DealResult(
            number=self.number, dealer=self.dealer, showdown=strengths is not None,
            pots=done.pots, payouts=done.received, net=done.net, carry=done.carry,
            winners=done.winners, hands=hands))

    def view(self, seat: int | None) -> DealView:
        return DealView(**self._view_fields(seat, self.dealt_in, self.bet_size))

    def getstate(self) -> dict[str, Any]:
        return {
            "number": self.number, "dealer": self.dealer, "order": list(self.order),
            "cards": [list(c) for c in self.cards], "shown": [list(c) for c in self.shown],
            "phase": self.phase, "queue": list(self.queue), "bet": self.bet_size,
            **self._common_state(),
        }

    def _copy_state(self, other: Any) -> None:
        other.queue = self.queue[:]


class KuhnSession(Session):
    """Kuhn's rules between deals: the dealer alternates; the session ends when a player
    cannot pay the ante and a bet."""

    def start(self, table: Any) -> None:
        self._check_end(table)

    def _check_end(self, table: Any) -> None:
        need = table.rules.ante + table.rules.bet
        if any(s < need for s in table.ledger.stacks):
            table.end("a player cannot pay the ante and a bet")
        else:
            table.end_if_closing()

    def next_deal(self, table: Any, number: int) -> Deal:
        return KuhnDeal(table.deal_context(number, table.seats_from_left([True] * table.n)))

    def deal_over(self, table: Any, deal: Any) -> None:
        self._check_end(table)
        if not table.over:
            table.set_dealer((deal.dealer + 1) % table.n)

    def deal_seats(self, table: Any) -> Sequence[int]:
        return list(range(table.n))

    def dealer_deck(self, table: Any) -> Any:
        return table.shoe.fresh(table.n)

    def draw_ties_fresh(self, table: Any) -> bool:
        return True

    def leave(self, table: Any, seat: int) -> int:
        raise IllegalActionError("nobody leaves a game of Kuhn poker")

    def vote(self, table: Any, seat: int, agree: bool) -> bool:
        raise IllegalActionError("a game of Kuhn poker does not end by a vote")

    def close_refused(self, table: Any) -> str | None:
        return None

    def forfeit(self, table: Any, seat: int, chips: int) -> int:
        return 0

    def view_fields(self, table: Any) -> dict[str, Any]:
        return {}

    def state(self) -> dict[str, Any]:
        return {}

    def restore(self, table: Any, data: dict[str, Any]) -> None:
        """Nothing of Kuhn's own to restore (the dealer and the chips are the table's)."""

    def check_saved_deal(self, n: int, ledger: dict[str, Any], deal: dict[str, Any]) -> None:
        check_unique_cards(deal["cards"], 3, card_name)
        if deal["phase"] != DONE:
            check_turn(n, ledger, deal["queue"])

    def copy(self) -> KuhnSession:
        return KuhnSession()


class KuhnHistory(DealHistory):
    """One finished deal of Kuhn poker, replayable."""

    __slots__ = ()
    GAME = "kuhn"
    _RULES = KuhnRules
    _DEAL = KuhnDeal
    _RESULT = DealResult
    _DECK_SIZES = (3, 3, 3)


def _default_stacks(rules: KuhnRules) -> int:
    return 10


def _deck_size(players: int) -> int:
    return 3


class KuhnDeck(Deck):
    """The three cards (a subclass, as each game's deck is: the kernel's ``copy`` copies
    a subclass's attributes)."""

    def __init__(self, rng: Any, order: Sequence[int] | None = None) -> None:
        if order is None:
            super().__init__(CardSet.from_mask(0b111), rng, shuffle=False)
        else:
            super().__init__(CardSet.from_mask(0b111), rng, order=order)


def _deck(players: int, rng: Generator, order: Sequence[int] | None) -> KuhnDeck:
    return KuhnDeck(rng, order)


def _rank(card: int) -> int:
    return card


GAME = CardGame(
    name="kuhn", deal_word="hand", save_format="tests.kuhn.table", rules=KuhnRules,
    history=KuhnHistory, view=KuhnTableView, players=range(2, 3), default_players=2,
    default_stacks=_default_stacks, hand_size=1,
    cards=CardText(parse=parse_cards, name=card_name, rank=_rank, count=3),
    deck=_deck, deck_size=_deck_size, session=KuhnSession,
)


class KuhnTable(Table[KuhnDeal]):
    """A table of two Kuhn poker players."""

    GAME = GAME


# -- the encodings (the environments and the OpenSpiel game) --------------------------------
PASS, BET = 0, 1


class KuhnActions:
    """OpenSpiel's numbering of Kuhn poker: 0 passes (check, or fold facing a bet), 1 bets
    (bet, or call facing a bet)."""

    n = 2

    def __init__(self, rules: Any = None, total: int = 0) -> None:
        pass

    def mask(self, view: Any) -> np.ndarray:
        mask = np.zeros(2, dtype=np.int8)
        for legal in view.legal:
            mask[BET if legal.kind in ("bet", "call") else PASS] = 1
        return mask

    def move(self, index: int, view: Any) -> Any:
        legal = {legal.kind: legal for legal in view.legal}
        if index == PASS:
            return Fold() if "fold" in legal else Check()
        if "call" in legal:
            return Call()
        bet = legal.get("bet")
        return Bet(1 if bet is None else bet.max)  # (none open: the deal refuses it)

    def describe(self, index: int) -> str:
        return ("pass", "bet")[action_index(index, self.n)]


class KuhnObservation(Observation):
    """The viewer's card (one-hot of 3); the phase; pot and bet (fractions); per seat the
    engine's flags, stack, chips in and the card he showed (one-hot of 3)."""

    PHASES = (OPEN, RESPOND, DONE)
    CARDS = 3
    FIGURES = 2
    SEAT_EXTRA = 3

    def _cards(self, out: Any, cards: Sequence[int]) -> None:
        for c in cards:
            out[c] = 1.0

    def _figures(self, out: Any, at: int, view: Any) -> None:
        out[at] = view.pot / self.total
        out[at + 1] = view.bet / self.total

    def _seat_extra(self, out: Any, at: int, view: Any, seat: int) -> None:
        for c in view.shown[seat]:
            out[at + c] = 1.0

    def text(self, view: Any, public: bool = False) -> str:
        return view_text(view, card_name, public)


class Caller:
    """A bot that always bets or calls (a bot any layer imports by its path,
    ``"tests.kuhn.Caller"``)."""

    def __init__(self, seed: Any = None) -> None:
        pass

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        kinds = {a.kind for a in legal}
        return Call() if "call" in kinds else Bet(_bet(legal))


def _bet(legal: Sequence[LegalAction]) -> int:
    return next(int(a.max or 1) for a in legal if a.kind == "bet")


def _spiel_rules(p: Mapping[str, Any]) -> KuhnRules:
    return KuhnRules()


INFO = games.register(games.GameInfo(
    name="kuhn",
    title="Kuhn poker",
    summary="three cards, one ante, one bet: the smallest poker",
    table=KuhnTable,
    study_players=2,
    default_bot="random",
    module=__name__,
    encodings=Encodings(actions=KuhnActions, observation=KuhnObservation, stacks=2),
    spiel=SpielParameters(
        defaults={"players": 2, "stacks": 2, "dealer": 0, "carry": "split"},
        rules=_spiel_rules, deal=KuhnDeal, chance=CardChance(_deck_size, card_name, 3),
        card_text=card_name, history_length=lambda rules, n, stacks: 2 + 3,
        utility=lambda stacks: (-2.0, 2.0)),
), replace=True)
