"""Fuzz targets for the two game engines (Diamondback and Diablo tables).

Shared by ``scripts/fuzz/games_run.py`` (long runs), ``atheris_games.py`` and
``tests/hardening/test_games_*.py`` (bounded runs). Every target takes a
:class:`random.Random` and checks pedron's contract on what it builds:

* ``save_<game>``: a real save (format version 2: ``setup``, ``start``,
  ``ops``, ``history``, ``log``, ``state``; a random session, with or without
  kept histories, prearranged deals, stopped at a random point), damaged by
  1-4 random edits (cards moved between hands, stock, discards, a kept deal's
  deck and a prearranged deal; chips of the start, the snapshot and a kept
  history; whose turn; the version and format, of the save and of a kept
  history; entries of ``ops``, ``log``, ``history``, the events, the deal's
  records and moves deleted, duplicated, swapped, edited; saved operations
  changed or planted; the generator's words; queued deals; any field or value
  replaced, deleted, renamed; wrong types, huge ints, deep nesting; parts of
  another save spliced in; or the text cut, bytes flipped), then
  ``Table.from_json``. It must raise a :class:`~pedron.errors.SaveError`
  (no other exception, pedron's or not), or load a table. With
  ``defer_proof=True`` the kept histories are read lazily and the log is not
  proven by the table: reading the histories (``table.history``) or, that
  passed, restoring the table's own save at once (which proves the log) must
  refuse them with a SaveError exactly when the default ``from_json``, which
  proves them at once, refuses the save, and a table so refused reads them as
  refused again, plays on unharmed and saves them as they were. Otherwise the
  table's save must be the undamaged one
  (:func:`check_restored`: damage the replay cannot see is refused), and the
  table re-serializes to a fixed point, holds every card once, conserves
  chips, has a live player to act and goes on playing legally.
* ``actions_<game>``: a random session driven by random calls: legal moves in
  every form the boundary takes (typed moves, text, tuples), random moves of
  every class (every field of a typed move hostile, too), text and tuples
  with arguments of any type (int and str subclasses whose conversions and
  comparisons lie among them), look-alikes of the move classes (which are
  final: subclassing one must raise TypeError), the named moves of the
  current deal and of finished ones, ``verify``, ``next_deal`` (with good and
  bad ``hands``/``stock``/``order``), ``leave``, ``vote_end``, ``close``,
  ``Vote``/``Leave`` moves, ``view``, ``hand_value``, clones of the table and of
  a deal, saves ... in every phase, after the end too. An accepted move was
  legal (``verify`` accepted it and gave the move applied, it
  is listed by ``legal_actions()``, its values are exact built-ins and it
  means what the caller said: a raise is stated as its total, ``RaiseBy`` by
  how much); a refused call raised a pedron error, left the save unchanged
  and, when it was a move, was not listed; chips are conserved after every
  step; no call warns (a DeprecationWarning).
* ``privacy_<game>``: a random session; at every step, for every seat and a
  spectator, the table view (its ``deal``, its ``events``) holds no card
  hidden from the viewer (walked recursively, field by name, through records,
  moves and legal actions), is plain frozen data, and neither its ``repr`` nor
  its JSON changes when the hidden cards (others' hands, their private records and
  draws, the stock and its order, the discards) are permuted; every kept
  history's ``for_seat`` export holds no hidden card (its records, its moves:
  others' discards), cannot be replayed, reads back from its JSON, and does
  not change when the hidden cards of the deal are permuted; the seed and the
  generator's words appear in no view and no export.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import dataclasses
import functools
import json
import random
import re
import sys
import warnings
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from pedron.cards import format_card, parse_cards
from pedron.diablo import table as dl
from pedron.diablo.cards import Deck as DLDeck
from pedron.diablo.declare import declarable, parse_declaration
from pedron.diablo.hand import Category
from pedron.diablo.rules import VARIANTS
from pedron.diablo.rules import Rules as DLRules
from pedron.diamondback import table as db
from pedron.diamondback.cards import DECK_SIZES, format_id, parse_ids
from pedron.diamondback.cards import Deck as DBDeck
from pedron.diamondback.rules import Rules as DBRules
from pedron.engine import LegalAction, Record, is_plain
from pedron.engine.history import DealHistory, HistoryError
from pedron.engine.moves import (
    MOVE_TYPES,
    Ante,
    Bet,
    Call,
    Check,
    Choose,
    Declare,
    Draw,
    Fold,
    Leave,
    Match,
    RaiseBy,
    RaiseTo,
    Reveal,
    Stop,
    Vote,
)
from pedron.errors import GameOverError, PedronError, SaveError

#: The move classes (final: a move is of one of them exactly).
_MOVE_CLASSES = frozenset(MOVE_TYPES.values())

STATS = {"accepted": 0, "refused": 0, "views": 0, "permuted": 0, "exports": 0, "known": 0,
         "by_design": 0}

# Engine bugs these targets know of and that are not fixed yet (none today): give
# each a strict xfail test in tests/hardening/test_games_regressions.py and call
# known(name) where a target meets it, so that it is counted in STATS["known"]
# (and KNOWN_SEEN) instead of failing; once it is fixed, remove the entry and its
# known() calls, and the xfail (which then passes and fails as strict).
KNOWN_BUGS: dict[str, str] = {}
KNOWN_SEEN: dict[str, int] = {}

# What the targets meet that is not a bug, by the engine's design: each is
# documented (and its behaviour tested) by an ordinary test in
# test_games_regressions.py. Counted in STATS["by_design"] (and BY_DESIGN_SEEN).
BY_DESIGN = {
    # Kept histories are read lazily with Table.from_json(text, defer_proof=True): a
    # damaged one is not refused by it; it is refused (SaveError) when
    # table.history / table.results are first read, and the default restore proves
    # them at once. Play never reads them: the table plays on unharmed (and saves
    # them as given).
    "history_read_lazily": "test_a_damaged_kept_history_is_refused_by_from_json",
    # The saved log: from_json(..., defer_proof=True) only checks that it is the JSON
    # text of a list, and the table never reads it (pedron 0.1's table.log, which
    # proved it when first read, is gone): it is proven (played again from the setup,
    # it must deal the kept histories and reach the snapshot) by a default restore,
    # of the save or of the table's own save, which writes it back as it was. Play
    # never reads it.
    "log_proof_deferred": "test_saved_log_must_agree_with_the_save",
    # The table events kept in a save's start state before the deal in progress
    # are a record no replay proves: those before the mark (keep_history=False:
    # the deal in progress dropped them) are taken as they are; the others, and
    # those between deals, changed alike in the start and the snapshot, are
    # consistent and taken too (like the other unprovable parts: setup_trusted,
    # between_deals_trusted).
    "start_events_unprovable": "test_saved_start_events_are_accepted_when_consistent",
    # The cards prearranged for the deal in progress are in its "deal" operation and
    # in the snapshot ("plan"); changed alike in both, the save is as consistent as
    # the undamaged one (a plan a player could have given with next_deal(hands=...)),
    # and no replay can tell them apart: it is taken, and deals as it says.
    "deal_plan_consistent": "test_a_plan_changed_alike_in_the_deal_and_the_snapshot_is_taken",
    # A deal queued in the setup (Table(orders=...)) planted or changed in a save
    # makes the log refused when read (its replay from the setup ends with the plan
    # still queued, the table without it); once play goes on and a deal takes that
    # plan where it changes nothing seen (a stock the deal never drew from), the
    # session saved again is one the setup could have played: its log is proven.
    "setup_plan_played_out": "test_a_queued_plan_played_out_is_proven",
    # The plan of a kept deal that dealt no cards (Dealer's Diamondback: nobody met
    # the dealer's ante) changed nothing: the log with another such plan replays to
    # the same histories and table, and no replay can tell them apart.
    "undealt_plan_unprovable": "test_the_plan_of_a_deal_that_dealt_nothing_is_taken",
}
BY_DESIGN_SEEN: dict[str, int] = {}


def known(bug: str) -> None:
    assert bug in KNOWN_BUGS, bug
    STATS["known"] += 1
    KNOWN_SEEN[bug] = KNOWN_SEEN.get(bug, 0) + 1


def by_design(what: str) -> None:
    assert what in BY_DESIGN, what
    STATS["by_design"] += 1
    BY_DESIGN_SEEN[what] = BY_DESIGN_SEEN.get(what, 0) + 1


# --------------------------------------------------------------------------------------
# the games
# --------------------------------------------------------------------------------------

DB_RULES = [
    DBRules(),
    DBRules.dealers(),
    DBRules.match(),
    DBRules(tie_rule="seated", odd_chip="carry", all_in=False),
    DBRules(deal_order="two_at_a_time", cap_to_stacks=False, min_bet=2, max_bet=7),
    DBRules.dealers(ante_max=3, tie_rule="split", next_dealer="left"),
]
DL_RULES = [
    DLRules(),
    DLRules(more_draw=True, cap=15),
    DLRules(jacks_or_better=True),
    DLRules(declare=True),
    DLRules(variant="deuces_wild", odd_chip="carry"),
    DLRules(dealers_choice=True, declare=True),
    DLRules(reshuffle="all", more_draw=True, max_raises=None, ante=3),
    DLRules(all_in=False, cap=30, min_bet_before=3, max_bet_before=8),
]

_RANKS = "23456789TJQKA"
_DECLARABLE = {wild: list(declarable(wild)) for wild in (True, False)}


def _decl_text(category: int, ranks: tuple[int, ...]) -> tuple[str, str]:
    return Category(category).name.lower().replace("_", " "), "".join(_RANKS[r] for r in ranks)


class Game:
    """What the targets need to know of one game engine."""

    name: str
    Table: Any
    HAND_SIZE: int
    DECK_MAX: int  # the largest deck

    def make(self, rnd: random.Random, seed: Any = None) -> Any:
        raise NotImplementedError

    def deck_size(self, dealt: int) -> int:
        raise NotImplementedError

    def card_text(self, cards: tuple[int, ...]) -> str:
        raise NotImplementedError

    def parse(self, text: str) -> list[int]:
        raise NotImplementedError

    def pick(self, rnd: random.Random, deal: Any, legal: list[LegalAction]) -> tuple[Any, Any]:
        """A legal move in a random form, and the normalised move it stands for."""
        raise NotImplementedError

    def check_cards(self, table: Any) -> None:
        raise NotImplementedError

    # -- prearranged deals ------------------------------------------------------------
    def candidates(self, table: Any) -> list[int]:
        """Seats the next deal may deal in."""
        led = table.ledger
        return [s for s in range(table.n) if table.seated[s] and (led.stacks[s] or led.carry)]

    def plan(self, rnd: random.Random, table: Any) -> dict[str, Any]:
        """A good prearranged deal for ``next_deal`` (hands and stock, ids or text)."""
        seats = self.candidates(table)
        return self.plan_for(rnd, seats, self.deck_size(len(seats)))

    def plan_for(self, rnd: random.Random, seats: list[int], size: int) -> dict[str, Any]:
        cards = list(range(size))
        rnd.shuffle(cards)
        hands: Any = {}
        for s in rnd.sample(seats, rnd.randint(0, len(seats))):
            hand = tuple(cards.pop() for _ in range(self.HAND_SIZE))
            hands[s] = self.card_text(hand) if rnd.random() < 0.3 else list(hand)
        stock = [cards.pop() for _ in range(rnd.randint(0, 3))]
        out: dict[str, Any] = {}
        if hands or rnd.random() < 0.5:
            out["hands"] = hands if rnd.random() < 0.7 else [[s, c] for s, c in hands.items()]
        if stock or not out:
            out["stock"] = self.card_text(tuple(stock)) if rnd.random() < 0.3 else stock
        return out

    def bad_plan(self, rnd: random.Random, table: Any) -> dict[str, Any]:
        """A prearranged deal that is usually wrong (kwargs of ``next_deal``)."""
        good = self.plan(rnd, table)
        r = rnd.randrange(10)
        k = self.HAND_SIZE
        if r == 0:
            return {"hands": {0: [1] * k}}
        if r == 1:
            return {"hands": {table.n: list(range(k))}}
        if r == 2:
            return {"hands": {0: list(range(k + 1))}}
        if r == 3:
            return {"hands": {0: list(range(k))}, "stock": [0]}
        if r == 4:
            return {"hands": rnd.choice([[1, 2, 3], "Q1 Q2", {0: None}, {"0": [1, 2]}, 5,
                                         {0: [self.DECK_MAX + rnd.randrange(3)] * k},
                                         [[garbage(rnd), list(range(k))]]])}
        if r == 5:
            return {"stock": rnd.choice([[60], [True], "Kc Kh", (5, 5), [garbage(rnd)], 7])}
        if r == 6:
            return {"order": rnd.choice([[1, 2, 3], [0, 0], "Q1 Q2", [60], [True], "Kc Kh",
                                         (5,), None, 3])}
        if r == 7:
            return {**good, "order": [1, 2]}
        if r == 8:
            return {"hands": [[garbage(rnd), garbage_cards(rnd)]]}
        return good

    def start(self, table: Any, rnd: random.Random) -> Any:
        """The next deal, prearranged a third of the time (and then checked to be)."""
        if rnd.random() < 0.3:
            plan = self.plan(rnd, table)
            deal = table.next_deal(**plan)
            planned(self, deal, plan)
            return deal
        return table.next_deal()


@dataclasses.dataclass(frozen=True)
class Pending:
    """A prearranged deal not dealt yet (an ante round first): checked once dealt."""

    deal: Any
    plan: dict[str, Any]


# By the id of the deal.
PENDING: dict[int, Pending] = {}


def planned(g: Game, deal: Any, plan: dict[str, Any]) -> None:
    """Check ``deal`` against ``plan`` now, or once its cards are dealt."""
    if _dealt_in(deal):
        check_plan(g, deal, plan)
    elif not deal.done:
        PENDING[id(deal)] = Pending(deal=deal, plan=plan)
        while len(PENDING) > 64:  # (deals dropped before they were dealt)
            PENDING.pop(next(iter(PENDING)))


def check_pending(g: Game, deal: Any) -> None:
    entry = PENDING.get(id(deal))
    if entry is not None and entry.deal is deal and (_dealt_in(deal) or deal.done):
        del PENDING[id(deal)]
        if _dealt_in(deal):
            check_plan(g, deal, entry.plan)


def check_plan(g: Game, deal: Any, plan: dict[str, Any]) -> None:
    """The seats named by ``plan`` that are dealt in were dealt exactly their cards, in
    order, and the stock begins with the planned cards (before any draw). Skipped
    when a planned card is not in the deck dealt (a Dealer's Diamondback hand that
    fewer players matched than the plan was made for)."""
    hands = plan.get("hands") or {}
    items = list(hands.items() if isinstance(hands, dict) else hands)
    dealt_in = _dealt_in(deal)
    size = g.deck_size(len(dealt_in))
    named = {s: g.parse(c) if isinstance(c, str) else list(c) for s, c in items}
    stock = plan.get("stock") or []
    stock = g.parse(stock) if isinstance(stock, str) else list(stock)
    if any(c >= size for c in [*stock, *(c for ids in named.values() for c in ids)]):
        STATS["plans_skipped"] = STATS.get("plans_skipped", 0) + 1
        return
    firsts: dict[int, list[int]] = {}
    for r in deal.history:
        if r.kind == "deal" and len(firsts.get(r.seat, [])) < g.HAND_SIZE:
            firsts.setdefault(r.seat, []).extend(r.cards)
    for seat, ids in named.items():
        if seat in dealt_in:
            assert firsts[seat] == ids, f"seat {seat} was planned {ids} but dealt {firsts[seat]}"
    if deal.deck is not None and not any(r.kind == "draw" for r in deal.history):
        top = list(deal.deck.stock[: len(stock)])
        assert top == stock, f"the stock was planned {stock} but is {top}"


def _dealt_in(deal: Any) -> tuple[int, ...]:
    """The seats dealt in (none yet: a Diamondback hand in its ante round, a Diablo
    game whose dealer has not chosen)."""
    if hasattr(deal, "dealt_in"):
        return tuple(deal.dealt_in)
    return tuple(deal.order) if deal.deck is not None else ()


class Diamondback(Game):
    name = "diamondback"
    Table = db.Table
    HAND_SIZE = 2
    DECK_MAX = 43

    def make(self, rnd: random.Random, seed: Any = None) -> db.Table:
        n = rnd.choice((2, 3, 4))
        stacks = rnd.choice([rnd.randint(1, 30), [rnd.randint(1, 40) for _ in range(n)], 100])
        orders = [rnd.sample(range(DECK_SIZES[n]), rnd.randint(0, 8))] if rnd.random() < 0.1 \
            else None  # (decks queued with orders=; next_deal plans: Game.start)
        return db.Table(n, stacks, rnd.choice(DB_RULES),
                        seed if seed is not None else rnd.getrandbits(64),
                        dealer=rnd.choice([None, None, rnd.randrange(n)]),
                        orders=orders, keep_history=rnd.random() < 0.3)

    def deck_size(self, dealt: int) -> int:
        return DECK_SIZES[max(dealt, 2)]

    def card_text(self, cards: tuple[int, ...]) -> str:
        return " ".join(format_id(c) for c in cards)

    def parse(self, text: str) -> list[int]:
        return list(parse_ids(text))

    def pick(self, rnd: random.Random, deal: Any, legal: list[LegalAction]) -> tuple[Any, Any]:
        a = rnd.choice(legal)
        actor = deal.to_act
        seat = actor if rnd.random() < 0.3 else None
        kind = a.kind
        if kind in ("bet", "ante"):
            cls = Bet if kind == "bet" else Ante
            x = rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)])
            raw = rnd.choice([cls(x, seat=seat), f"{kind} {x}", f"{kind.upper()} {x}",
                              (kind, x), [kind, x]])
            return raw, cls(x, seat=actor)
        if kind == "reveal":
            c = rnd.choice(a.cards)
            text = format_id(c)
            raw = rnd.choice([Reveal(c, seat=seat), Reveal(text, seat=seat), f"reveal {text}",
                              ("reveal", c), ("reveal", text), ["reveal", [c]]])
            return raw, Reveal(c, seat=actor)
        if kind == "match":
            cost = rnd.choice([None, a.min])
            raw = rnd.choice([Match(cost, seat=seat), "match" if cost is None else f"match {cost}",
                              ("match",) if cost is None else ("match", cost),
                              ["match", cost]])
            return raw, Match(cost, seat=actor)
        cls = MOVE_TYPES[kind]
        raw = rnd.choice([cls(seat=seat), kind, kind.upper(), (kind,), [kind]])
        return raw, cls(seat=actor)

    def check_cards(self, table: db.Table) -> None:
        hand = table.last
        if hand is None:
            return
        seen: list[int] = [c for cs in hand.cards for c in cs]
        size = self.deck_size(len(hand.dealt_in))
        assert len(seen) == len(set(seen)), f"a card twice: {hand.cards}"
        assert all(type(c) is int and 0 <= c < size for c in seen), seen
        for s, shown in enumerate(hand.shown):
            assert set(shown) <= set(hand.cards[s])
        if hand.deck is not None:
            stock = list(hand.deck.stock)
            assert sorted(seen + stock) == list(range(size)), "hands and stock are not the deck"
        if not hand.done:
            assert hand.to_act is not None and table.ledger.live[hand.to_act]


class Diablo(Game):
    name = "diablo"
    Table = dl.Table
    HAND_SIZE = 5
    DECK_MAX = 52

    def make(self, rnd: random.Random, seed: Any = None) -> dl.Table:
        n = rnd.randint(3, 7)
        stacks = rnd.choice([rnd.randint(3, 30), [rnd.randint(2, 40) for _ in range(n)], None])
        orders = [rnd.sample(range(52), rnd.randint(0, 12))] if rnd.random() < 0.1 else None
        return dl.Table(n, stacks, rnd.choice(DL_RULES),
                        seed if seed is not None else rnd.getrandbits(64),
                        dealer=rnd.choice([None, rnd.randrange(n)]),
                        orders=orders, keep_history=rnd.random() < 0.3)

    def deck_size(self, dealt: int) -> int:
        return 52

    def card_text(self, cards: tuple[int, ...]) -> str:
        return " ".join(format_card(c) for c in cards)

    def parse(self, text: str) -> list[int]:
        return list(parse_cards(text))

    def pick(self, rnd: random.Random, deal: Any, legal: list[LegalAction]) -> tuple[Any, Any]:
        a = rnd.choice(legal)
        if a.kind == "fold" and len(legal) > 1 and rnd.random() < 0.8:
            a = rnd.choice(legal[:-1])
        actor = deal.to_act
        seat = actor if rnd.random() < 0.3 else None
        kind = a.kind
        if kind == "bet":
            x = rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)])
            raw = rnd.choice([Bet(x, seat=seat), f"bet {x}", ("bet", x), ["BET", x]])
            return raw, Bet(x, seat=actor)
        if kind == "raise":  # min..max are the totals the bet may be raised to
            to = rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)])
            by = to - deal.round.current
            raw = rnd.choice([RaiseTo(to, seat=seat), RaiseBy(by, seat=seat), f"raise {to}",
                              ("raise", to), ["raise_to", to], ("raise_by", by),
                              f"raise_by {by}"])
            return raw, RaiseTo(to, seat=actor)
        if kind == "call":
            cost = rnd.choice([None, a.min])
            raw = rnd.choice([Call(cost, seat=seat), "call" if cost is None else f"call {cost}",
                              ("call",) if cost is None else ("call", cost),
                              ["call", cost]])
            return raw, Call(cost, seat=actor)
        if kind == "draw":
            held = list(a.cards)
            k = rnd.randint(0, min(a.max, 3))
            out = tuple(rnd.sample(held, k))
            if a.limit is not None and k == a.limit.most and not any(
                c >> 2 == 12 for c in held if c not in out
            ):
                out = out[:-1]  # the most only keeping an ace
            text = self.card_text(out)
            raw = rnd.choice([Draw(out, seat=seat), Draw(list(out), seat=seat),
                              Draw(text, seat=seat), f"draw {text}".strip(), ("draw", list(out)),
                              ("draw", *out), ("draw", text),
                              Draw([format_card(c) for c in out], seat=seat)])
            return raw, Draw(out, seat=actor)
        if kind == "declare":
            wild = a.limit.wild
            cat, ranks = a.limit.held if rnd.random() < 0.7 else rnd.choice(_DECLARABLE[wild])
            words, rank_text = _decl_text(cat, ranks)
            raw = rnd.choice([Declare(cat, ranks, seat=seat), Declare(words, rank_text, seat=seat),
                              Declare(cat, list(ranks), seat=seat),
                              f"declare {words} {rank_text}", ("declare", cat, list(ranks)),
                              ("declare", words, rank_text)])
            return raw, Declare(cat, tuple(ranks), seat=actor)
        if kind == "choose":  # (the descriptor's cards are the indexes of the variants)
            i = rnd.choice(a.cards)
            variant = VARIANTS[i]
            raw = rnd.choice([Choose(variant, seat=seat), Choose(i, seat=seat),
                              f"choose {variant}", ("choose", i), ("choose", variant)])
            return raw, Choose(variant, seat=actor)
        cls = MOVE_TYPES[kind]
        raw = rnd.choice([cls(seat=seat), kind, f" {kind} ", (kind,), [kind.upper()]])
        return raw, cls(seat=actor)

    def check_cards(self, table: dl.Table) -> None:
        g = table.last
        if g is None or g.deck is None or g.done:
            return
        groups = [c for cs in g.cards for c in cs] + list(g.pile) + list(g.deck.stock)
        assert sorted(groups) == list(range(52)), "the 52 cards are not each in one place"
        assert g.to_act is not None and table.ledger.live[g.to_act]


GAMES: dict[str, Game] = {"diamondback": Diamondback(), "diablo": Diablo()}


def check_chips(table: Any, total: int) -> None:
    led = table.ledger
    assert all(type(x) is int and x >= 0 for x in led.stacks), led.stacks
    assert all(type(x) is int and x >= 0 for x in led.committed), led.committed
    assert sum(led.stacks) + sum(led.committed) + led.carry == led.total == total, (
        f"chips not conserved: {led!r}, expected {total}")


def exact(value: Any) -> bool:
    """Only exact built-in values (what the boundary promises a normalised move holds)."""
    if value is None or type(value) in (int, str, bool):
        return True
    if type(value) is tuple:
        return all(exact(v) for v in value)
    if type(value) in _MOVE_CLASSES:
        return all(exact(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def step_legal(g: Game, table: Any, rnd: random.Random) -> bool:
    """One legal move (a new deal if needed); False once the session is over.

    The move is stated in a random form; it must be listed, ``verify`` must give
    the move it stands for, and that move is the one the deal records.
    """
    if table.over:
        return False
    deal = table.current
    if deal is None:
        deal = g.start(table, rnd)
        if deal.done:  # (nobody matched the ante)
            return True
    legal = deal.legal_actions()
    assert legal and deal.to_act is not None, (deal, legal)
    raw, expected = g.pick(rnd, deal, legal)
    assert _listed(expected, legal, deal.to_act), (expected, legal)
    got = deal.verify(raw)
    assert got == expected and exact(got), (raw, got, expected)
    assert _refusal(deal, raw) is None, (raw, legal, _refusal(deal, raw))
    count = len(deal.moves)
    apply = rnd.choice([table.apply, deal.apply])
    out = apply(raw)
    record = out if isinstance(out, Record) else out[0]
    assert record.seat == expected.seat, (record, expected)
    assert len(deal.moves) == count + 1 and deal.moves[-1] == expected, (deal.moves[-1], expected)
    check_pending(g, deal)
    return True


def play(g: Game, rnd: random.Random, steps: int, seed: Any = None) -> Any:
    table = g.make(rnd, seed)
    for _ in range(steps):
        if not step_legal(g, table, rnd):
            break
    return table


# --------------------------------------------------------------------------------------
# garbage values
# --------------------------------------------------------------------------------------


class Weird:
    """An object whose comparisons and conversions misbehave."""

    def __index__(self) -> int:
        raise RuntimeError("weird __index__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("weird __eq__")

    __hash__ = object.__hash__


class LyingInt(int):
    """An int whose conversions say one more and whose comparisons always agree:
    the boundary must read its plain value."""

    def __index__(self) -> int:
        return int.__index__(self) + 1

    def __int__(self) -> int:
        return int.__index__(self) + 1

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class LyingStr(str):
    """A str equal to everything, that lower-cases to nonsense."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def lower(self) -> str:  # type: ignore[override]
        return "check"

    __hash__ = str.__hash__


def garbage(rnd: random.Random, good: Any = None) -> Any:
    """A random value of a random type (``good``: a plausible value to vary)."""
    base = good if isinstance(good, int) and not isinstance(good, bool) else rnd.randint(0, 10)
    r = rnd.randrange(33)
    return [
        base, base + 1, base - 1, -base, 0, -1, 2**63, 2**64 + base, 10**100, -(2**70),
        float(base), base + 0.5, float("nan"), float("inf"), True, False, None,
        str(base), "", "Q4", "Kc 3h", "x" * rnd.randint(0, 2000),
        np.int64(base), np.uint8(base % 256), np.array([base, base]), [base], (base,),
        {"a": base}, Fraction(base, 1), Decimal(base), LyingInt(base), LyingStr(str(base)),
    ][r] if r < 32 else Weird()


def garbage_cards(rnd: random.Random, held: tuple[int, ...] = ()) -> Any:
    r = rnd.randrange(16)
    if r == 0 and held:
        return tuple(rnd.sample(held, rnd.randint(0, len(held))))
    if r == 1 and held:
        return (held[0], held[0])
    if r == 2:
        return tuple(rnd.randrange(60) - 4 for _ in range(rnd.randint(0, 6)))
    if r == 3:
        return None
    if r == 4:
        return rnd.randrange(52)
    if r == 5:
        return "Kc 3h"
    if r == 6:
        return [garbage(rnd) for _ in range(rnd.randint(1, 3))]
    if r == 7:
        return np.array(held or (1, 2))
    if r == 8:
        return (np.int64(held[0] if held else 0),)
    if r == 9:
        return ("Q4",)
    if r == 10:
        return {1, 2}
    if r == 11:
        return (Weird(),)
    if r == 12:
        return ((1, 2),)
    if r == 13 and held:
        return tuple(LyingInt(c) for c in rnd.sample(held, rnd.randint(1, len(held))))
    if r == 14 and held:
        return list(held[: rnd.randint(0, len(held))])
    return ()


KINDS = ["bet", "call", "check", "raise", "fold", "match", "stop", "reveal", "ante", "draw",
         "declare", "choose", "raise_to", "raise_by", "vote", "leave", "shuffle", "BET", "",
         "reveal ", None, 5, b"bet", LyingStr("fold"), np.array(["vote", "x"]), Weird()]
TEXTS = ["Leave 1", "VOTE 0", "raise", "raise x", "bet -1", "bet 1e3",
         "bet 99999999999999999999999", "draw Kc 3h", "draw", "draw Zz", "reveal Q4", "reveal",
         "declare four of a kind 9999K", "declare two pair", "choose diablo", "choose 7",
         "choose", "CHECK", "", "   ", "fold please", "stop", "match", "match 3", "call 2",
         "ante 2", "leave 1", "vote 1", "\u0299et 3", "bet \u0663", "raise_by 2", "raise_to 9",
         "x" * 2000, "bet 3 4", "check 0"]


def hostile_move(rnd: random.Random, cls: type, held: tuple[int, ...], good: Any,
                 n: int) -> Any:
    """A move of class ``cls`` whose every field (its seat too) holds a random value of
    a random type: garbage, a plausible value, lying int and str subclasses, cards."""
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        r = rnd.randrange(4)
        if f.name == "seat":
            value: Any = rnd.choice([None, rnd.randrange(n), garbage(rnd)])
        elif f.name in ("cards", "ranks") or r == 0:
            value = garbage_cards(rnd, held)
        elif r == 1:
            value = rnd.choice([good, None, True, LyingInt(good or 0), LyingStr(str(good))])
        else:
            value = garbage(rnd, good)
        values[f.name] = value
    return cls(**values)


def random_action(rnd: random.Random, deal: Any, legal: list[LegalAction], n: int) -> Any:
    """A move in any form (typed, text, tuple, or none at all), valid or not."""
    la = rnd.choice(legal) if legal and rnd.random() < 0.5 else None
    good = la.min if la is not None and la.min is not None else None
    held = la.cards if la is not None else ()
    to_act = deal.to_act if deal is not None else None
    seat: Any = None
    if rnd.random() < 0.4:
        seat = rnd.choice([to_act, to_act, rnd.randrange(n), garbage(rnd, to_act)])

    def amount() -> Any:
        return garbage(rnd, good) if rnd.random() < 0.7 else good

    r = rnd.randrange(7)
    if r == 0:  # a typed move, every field hostile (what pedron 0.1's Action carried)
        kinds = list(MOVE_TYPES)
        kind = la.kind if la is not None and la.kind in kinds and rnd.random() < 0.5 \
            else rnd.choice(kinds)
        return hostile_move(rnd, MOVE_TYPES[kind], held, good, n)
    if r in (1, 2):  # a typed move with arguments of any type
        cls = MOVE_TYPES[la.kind if la is not None and rnd.random() < 0.5
                         else rnd.choice(list(MOVE_TYPES))]
        if cls in (Check, Fold, Stop):
            return cls(seat=seat)
        if cls in (Bet, Ante, RaiseTo, RaiseBy):
            return cls(amount(), seat=seat)
        if cls in (Call, Match):
            return cls(rnd.choice([None, amount()]), seat=seat)
        if cls is Reveal:
            return Reveal(rnd.choice([*held, garbage(rnd)]) if held else garbage(rnd), seat=seat)
        if cls is Draw:
            return Draw(garbage_cards(rnd, held), seat=seat)
        if cls is Declare:
            return Declare(garbage(rnd), rnd.choice([garbage(rnd), garbage_cards(rnd)]),
                           seat=seat)
        if cls is Choose:
            return Choose(rnd.choice(["diablo", "draw", 0, 1, 2, 7, garbage(rnd)]), seat=seat)
        if cls is Vote:
            return Vote(rnd.choice([rnd.randrange(n), garbage(rnd)]),
                        rnd.choice([True, False, 1, None]))
        return Leave(rnd.choice([rnd.randrange(n), garbage(rnd)]))
    if r == 3:  # text
        if la is not None and rnd.random() < 0.5:
            x = rnd.choice([la.min, la.max, garbage(rnd, good)])
            return f"{la.kind} {x}" if x is not None else la.kind
        return rnd.choice(TEXTS)
    if r == 4:  # a tuple or list
        kind = rnd.choice(KINDS) if la is None or rnd.random() < 0.5 else la.kind
        args = [rnd.choice([amount(), garbage_cards(rnd, held), garbage(rnd)])
                for _ in range(rnd.choice([0, 1, 1, 2, 3]))]
        items = (kind, *args)
        return items if rnd.random() < 0.5 else list(items)
    if r == 5:  # a subclass of a move class: none can be made; a look-alike instead
        cls = rnd.choice(list(MOVE_TYPES.values()))
        try:
            type(f"Sub{cls.__name__}", (cls,), {"__slots__": ()})
        except TypeError:
            pass
        else:
            raise AssertionError(f"{cls.__name__} can be subclassed: moves are final")
        return LookAlike(cls.kind, amount() if rnd.random() < 0.5 else None, seat)
    return rnd.choice([None, 5, b"bet", {"kind": "bet"}, Weird(), [], (), ["bet"],
                       Record(kind="bet")])


@dataclasses.dataclass(frozen=True)
class LookAlike:
    """What a subclass of a move class would have been (the move classes are final):
    an object with a move's kind, fields and methods, of no move class. The
    boundary must refuse it (it reads a move by its exact class)."""

    kind: str
    amount: Any = None
    seat: Any = None

    def to_json(self) -> list[Any]:
        return [self.kind] if self.amount is None else [self.kind, self.amount]

    def with_seat(self, seat: Any) -> LookAlike:
        return dataclasses.replace(self, seat=seat)


# -- what a move means (read independently of the engine) ---------------------------------


class _Unknown(Exception):
    """The targets cannot tell what this action means (garbage): no check of its meaning."""


def _pint(value: Any) -> int:
    """The plain value of an int (an int subclass: its own value, whatever it says)."""
    if type(value) is int:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    raise _Unknown


def _pints(values: Any) -> tuple[int, ...]:
    if not isinstance(values, (tuple, list)):
        raise _Unknown
    return tuple(_pint(v) for v in values)


def _cards_of(g: Game, value: Any) -> tuple[int, ...]:
    if type(value) is str:
        try:
            return tuple(g.parse(value))
        except PedronError:
            raise _Unknown from None
    if isinstance(value, (tuple, list)):
        out: list[int] = []
        for v in value:
            out.extend(_cards_of(g, v) if type(v) is str else (_pint(v),))
        return tuple(out)
    return (_pint(value),)


def _variant_of(value: Any) -> str:
    """A Diablo variant named or given by its index in ``VARIANTS``."""
    if type(value) is str and value in VARIANTS:
        return value
    i = _pint(value)
    if 0 <= i < len(VARIANTS):
        return VARIANTS[i]
    raise _Unknown


def _by(deal: Any, amount: int) -> Any:
    rnd = getattr(deal, "round", None)
    if rnd is None or deal.phase not in ("first_round", "second_round"):
        raise _Unknown
    return RaiseTo(rnd.current + amount)


def _meaning_of(g: Game, kind: str, args: list[Any], seat: Any, deal: Any) -> Any:
    if kind in ("check", "fold", "stop"):
        if args:
            raise _Unknown
        move = MOVE_TYPES[kind]()
    elif kind in ("bet", "ante", "raise", "raise_to") and len(args) == 1:
        cls = {"bet": Bet, "ante": Ante}.get(kind, RaiseTo)
        move = cls(_pint(args[0]))
    elif kind == "raise_by" and len(args) == 1:
        move = _by(deal, _pint(args[0]))
    elif kind in ("call", "match") and len(args) <= 1:
        move = MOVE_TYPES[kind](None if not args or args[0] is None else _pint(args[0]))
    elif kind == "reveal" and len(args) == 1:
        cards = _cards_of(g, args[0])
        if len(cards) != 1:
            raise _Unknown
        move = Reveal(cards[0])
    elif kind == "draw":
        if len(args) == 1 and isinstance(args[0], (list, tuple, str)):
            move = Draw(_cards_of(g, args[0]))
        else:
            move = Draw(tuple(c for v in args for c in _cards_of(g, v)))
    elif kind == "declare" and len(args) == 2:
        cat, ranks = args
        if type(cat) is str or type(ranks) is str:
            try:
                move = Declare(*parse_declaration(cat, ranks))
            except PedronError:
                raise _Unknown from None
        else:
            move = Declare(_pint(cat), _pints(ranks))
    elif kind == "choose" and len(args) == 1:
        move = Choose(_variant_of(args[0]))
    else:
        raise _Unknown
    if seat is None:
        if deal.to_act is None:
            raise _Unknown
        return move.with_seat(deal.to_act)
    return move.with_seat(_pint(seat))


_WHOLE = re.compile(r"-?[0-9]+")


def _arguments(move: Any) -> list[Any]:
    """What a typed move of a deal says, by field name, as the arguments its tuple form
    would give (none for an optional amount left out)."""
    cls = type(move)
    if cls in (Bet, Ante, RaiseTo, RaiseBy):
        return [move.amount]
    if cls in (Call, Match):
        return [] if move.amount is None else [move.amount]
    if cls is Reveal:
        return [move.card]
    if cls is Draw:
        return [move.cards]
    if cls is Declare:
        return [move.category, move.ranks]
    if cls is Choose:
        return [move.variant]
    return []  # Check, Fold, Stop


def meaning(g: Game, raw: Any, deal: Any) -> Any:
    """The normalised move ``raw`` stands for at ``deal`` (the seat filled in), read
    independently of the engine; ``None`` when that cannot be told (garbage, or a
    move that is no deal's: Vote, Leave)."""
    try:
        cls = type(raw)
        if cls in _MOVE_CLASSES and cls not in (Vote, Leave):
            return _meaning_of(g, cls.kind, _arguments(raw), raw.seat, deal)
        if cls is str:
            words = raw.split(None, 1)
            if not words or not words[0].isascii():
                return None
            kind, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
            if kind in ("check", "fold", "stop") or not rest:
                return _meaning_of(g, kind, [rest] if rest else [], None, deal)
            if kind in ("bet", "raise", "raise_to", "raise_by", "ante", "call", "match"):
                if not _WHOLE.fullmatch(rest):
                    return None
                return _meaning_of(g, kind, [int(rest)], None, deal)
            if kind in ("reveal", "draw", "choose"):
                return _meaning_of(g, kind, [rest], None, deal)
            return None
        if cls in (tuple, list) and raw and type(raw[0]) is str:
            # (a tuple form: the kind, then the arguments in the order a move's to_json
            # writes them)
            return _meaning_of(g, raw[0].lower(), list(raw[1:]), None, deal)
    except _Unknown:
        return None
    return None


def _listed(move: Any, legal: list[LegalAction], actor: int | None) -> bool:
    """Whether the descriptors ``legal`` allow ``move`` (a normalised move) by ``actor``."""
    if move.seat != actor:
        return False
    kind = move.kind
    for a in legal:
        if a.kind != kind:
            continue
        if kind in ("bet", "raise", "ante"):
            return a.min <= move.amount <= a.max
        if kind in ("call", "match"):
            return move.amount is None or move.amount == a.min
        if kind == "reveal":
            return move.card in a.cards
        if kind == "draw":
            out = move.cards
            if len(set(out)) != len(out) or not set(out) <= set(a.cards):
                return False
            if not a.min <= len(out) <= a.max:
                return False
            if a.limit is not None and len(out) == a.limit.most:  # (the ace rule)
                return any(c >> 2 == 12 for c in a.cards if c not in out)
            return True
        if kind == "declare":
            return (move.category, move.ranks) in declarable(a.limit.wild)
        if kind == "choose":  # (the descriptor's cards are the indexes of the variants)
            return move.variant in a.limit.variants and VARIANTS.index(move.variant) in a.cards
        return True
    return False


# --------------------------------------------------------------------------------------
# saved games
# --------------------------------------------------------------------------------------

SAVES: dict[str, list[str]] = {}


def real_saves(name: str, count: int = 24) -> list[str]:
    """Saves of real sessions (cached): fresh tables, mid-deal, between deals, closed;
    with and without kept histories, some deals prearranged. Each restores exactly."""
    if name not in SAVES:
        g = GAMES[name]
        out = []
        for i in range(count):
            rnd = random.Random(f"save:{name}:{i}")
            steps = [0, 1, 3, 8, 20, 40, 80, 300][i % 8]
            table = play(g, rnd, steps)
            if i % 8 == 7 and not table.over:
                if name == "diamondback" and table.rules.variant == "match":
                    if not table.in_progress:
                        table.vote_end(table.players_left[0])
                else:
                    table.close()  # (mid-deal: a "close" operation in the save)
            text = table.to_json()
            assert g.Table.from_json(text).to_json() == text, f"save {i} does not restore"
            out.append(text)
        SAVES[name] = out
    return SAVES[name]


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if len(prefix) > 12:  # (deep nesting planted by an earlier edit)
        return out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


def _get(obj: Any, path: tuple) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _at(data: Any, *path: Any) -> Any:
    """``data[path...]``, or ``None`` when an earlier edit removed or retyped a part."""
    for p in path:
        if isinstance(data, dict) and isinstance(p, str):
            data = data.get(p)
        elif isinstance(data, list) and isinstance(p, int) and -len(data) <= p < len(data):
            data = data[p]
        else:
            return None
    return data


def _histories(data: Any) -> list[dict]:
    """The kept histories (parsed), and the last deal saved between deals."""
    h = _at(data, "history")
    out = [x for x in h if isinstance(x, dict)] if isinstance(h, list) else []
    last = _at(data, "last")
    return [*out, last] if isinstance(last, dict) else out


def _deep(rnd: random.Random) -> Any:
    depth = rnd.choice([10, 100, 900, 5000])
    x: Any = rnd.choice([0, [], {}])
    for _ in range(depth):
        x = [x] if rnd.random() < 0.5 else {"a": x}
    return x


def _value(rnd: random.Random, old: Any) -> Any:
    if isinstance(old, bool):
        return rnd.choice([not old, int(old), None, str(old).lower()])
    if isinstance(old, int):
        return rnd.choice([old + 1, old - 1, -old, 0, -1, 2**64, 10**30, -(10**30), old + 0.0,
                           old + 0.5, str(old), None, True, [old], rnd.randrange(60)])
    if isinstance(old, str):
        return rnd.choice(["", old + "x", old.upper(), 1, None, [old], "reveal", "bet", "done",
                           "raise", "deal", "move"])
    if isinstance(old, list):
        return rnd.choice([[], None, 0, "x", {}, [old], old + old, old[::-1]])
    if isinstance(old, dict):
        return rnd.choice([{}, [], None, 0, list(old.values())])
    return rnd.choice([0, 1, "", [], {}, False])


def _card_groups(data: Any) -> list[list]:
    """Lists of cards in a save: the deal's hands, shown cards, discards and stock,
    each kept deal's deck, and the hands and stock of a prearranged deal."""
    groups: list[list] = []
    deal = _at(data, "state", "deal")
    if isinstance(deal, dict):
        for f in ("cards", "shown"):
            if isinstance(deal.get(f), list):
                groups += [x for x in deal[f] if isinstance(x, list)]
        for f in ("pile", "stock"):
            if isinstance(deal.get(f), list):
                groups.append(deal[f])
    for h in _histories(data):
        if isinstance(h.get("cards"), list):
            groups.append(h["cards"])
    for op in _at(data, "ops") or []:
        plan = op[1] if isinstance(op, list) and len(op) > 1 and op[0] == "deal" else None
        if isinstance(plan, dict):
            for pair in plan.get("hands") or []:
                if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], list):
                    groups.append(pair[1])
            if isinstance(plan.get("stock"), list):
                groups.append(plan["stock"])
    return groups


def _ledgers(data: Any) -> list[dict]:
    out = [_at(data, "start", "ledger"), _at(data, "state", "table", "ledger")]
    return [x for x in out if isinstance(x, dict)]


def _lists(data: Any) -> list[list]:
    """The lists of entries a save holds: operations, log, histories, events, records, moves."""
    out = [_at(data, "ops"), _at(data, "log"), _at(data, "history"),
           _at(data, "start", "events"), _at(data, "state", "table", "events"),
           _at(data, "state", "deal", "history"), _at(data, "state", "deal", "moves"),
           _at(data, "start", "plans"), _at(data, "state", "table", "plans")]
    for h in _histories(data):
        out.append(h.get("moves"))
    return [x for x in out if isinstance(x, list) and x]


def _plausible_op(rnd: random.Random, data: Any) -> list:
    n = len(_at(data, "setup", "names") or [0, 0])
    s = rnd.randrange(n)
    return rnd.choice([
        ["close"], ["leave", s], ["vote", s, True], ["vote", s, False], ["deal"],
        ["move", s, "fold"], ["move", s, "check"], ["move", s, "stop"], ["move", s, "bet", 1],
        ["move", s, "match"], ["move", s, "call"], ["move", s, "raise", 5],
        ["move", s, "draw", []], ["move", s, "reveal", 0], ["move", s, "choose", "draw"],
        ["deal", {"hands": [[s, [0, 1]]], "stock": []}], ["deal", {"order": [3, 2, 1]}],
        ["deal", None], ["move"], ["nothing"],
    ])


def mutate(rnd: random.Random, data: Any, other: Any = None) -> Any:
    """One random edit of parsed save data (in place when possible; returns the data)."""
    r = rnd.randrange(16)
    if r == 0:  # a card duplicated / moved across hands, stock, discards, decks, plans
        groups = _card_groups(data)
        full = [g for g in groups if g]
        if full:
            src, dst = rnd.choice(full), rnd.choice(groups)
            i = rnd.randrange(len(src))
            c = src[i]
            op = rnd.randrange(3)
            if op == 0:
                del src[i]
            if op == 2 and dst:  # two cards swapped
                j = rnd.randrange(len(dst))
                src[i], dst[j] = dst[j], c
            else:
                dst.insert(rnd.randint(0, len(dst)), c)
            return data
    if r == 1:  # chips: one count changed, or changed keeping the total
        leds = _ledgers(data)
        hist = [h for h in _histories(data) if isinstance(h.get("stacks"), list) and h["stacks"]]
        if hist and rnd.random() < 0.3:
            h = rnd.choice(hist)
            key = rnd.choice(["stacks", "carry"])
            if key == "carry" and isinstance(h.get("carry"), int):
                h["carry"] += rnd.choice([1, -1, 5])
            else:
                i = rnd.randrange(len(h["stacks"]))
                h["stacks"][i] = _value(rnd, h["stacks"][i])
            return data
        if leds:
            led = rnd.choice(leds)
            key = rnd.choice(["stacks", "stacks", "committed", "levels"])
            if isinstance(led.get(key), list) and led[key]:
                i = rnd.randrange(len(led[key]))
                d = rnd.choice([1, -1, 5, 10**20])
                led[key][i] = led[key][i] + d if isinstance(led[key][i], int) else d
                if rnd.random() < 0.5 and isinstance(led.get("total"), int):
                    led["total"] += d
                if rnd.random() < 0.3 and isinstance(led.get("carry"), int):
                    led["carry"] -= d
                return data
    if r == 2:  # whose turn
        deal = _at(data, "state", "deal")
        if isinstance(deal, dict):
            q = deal.get("queue")
            if isinstance(q, list) and q:
                q[0] = (q[0] + rnd.randint(1, 6)) if isinstance(q[0], int) else 0
            elif isinstance(q, list):
                q.append(rnd.randrange(7))
            rd = deal.get("round")
            if isinstance(rd, dict) and isinstance(rd.get("pending"), list):
                rd["pending"] = [*rd["pending"][::-1], rnd.randrange(7)]
            return data
        moves = [op for op in _at(data, "ops") or [] if isinstance(op, list) and len(op) > 1
                 and op[0] == "move"]
        if moves:
            op = rnd.choice(moves)
            op[1] = _value(rnd, op[1])
            return data
    if r == 3:  # version / format, of the save or of a kept history
        target = data
        hist = _histories(data)
        if hist and rnd.random() < 0.4:
            target = rnd.choice(hist)
        key = rnd.choice(["version", "format", "game"] if target is not data
                         else ["version", "format"])
        target[key] = rnd.choice([0, 1, 2, 3, -1, 1.0, 2.0, True, "1", "2", None, 2**80,
                                  "pedron.diablo.table", "pedron.diamondback.table",
                                  "pedron.history", "diablo", "diamondback"])
        return data
    if r == 4:  # an entry of a list deleted, duplicated, moved, swapped or edited
        lists = _lists(data)
        if lists:
            hist = rnd.choice(lists)
            i = rnd.randrange(len(hist))
            op = rnd.randrange(5)
            if op == 0:
                del hist[i]
            elif op == 1:
                hist.insert(rnd.randint(0, len(hist)), hist[i])
            elif op == 2:
                j = rnd.randrange(len(hist))
                hist[i], hist[j] = hist[j], hist[i]
            elif op == 3:
                hist.append(hist.pop(i))
            elif isinstance(hist[i], list) and hist[i]:
                k = rnd.randrange(len(hist[i]))
                hist[i][k] = _value(rnd, hist[i][k])
            elif isinstance(hist[i], dict) and hist[i]:
                k = rnd.choice(list(hist[i]))
                hist[i][k] = _value(rnd, hist[i][k])
            return data
    if r == 5:  # deep nesting somewhere
        paths = [p for p in _paths(data) if p]
        if paths:
            p = rnd.choice(paths)
            _get(data, p[:-1])[p[-1]] = _deep(rnd)
            return data
    if r == 6:  # a saved operation changed, or a plausible one planted
        ops = _at(data, "ops")
        if isinstance(ops, list):
            moves = [op for op in ops if isinstance(op, list) and len(op) > 2
                     and op[0] == "move"]
            if moves and rnd.random() < 0.6:
                op = rnd.choice(moves)
                k = rnd.randrange(2, len(op) + 1)
                if k == len(op):
                    op.append(rnd.choice([1, 0, None, "x", [1]]))
                elif k == 2:
                    op[2] = rnd.choice(["bet", "raise", "raise_by", "raise_to", "call", "check",
                                        "fold", "match", "stop", "draw", "reveal", "vote"])
                else:
                    op[k] = _value(rnd, op[k])
            else:
                ops.insert(rnd.randint(0, len(ops)), _plausible_op(rnd, data))
            return data
    if r == 7 and other is not None:  # a part of another save spliced in
        part = rnd.choice([("setup",), ("start",), ("ops",), ("state",), ("history",), ("log",),
                           ("last",),
                           ("start", "rng"), ("state", "table"), ("state", "deal"),
                           ("start", "ledger"), ("history", 0), ("start", "events")])
        there = _at(other, *part)
        parent = _at(data, *part[:-1])
        if there is not None and parent is not None:
            with contextlib.suppress(IndexError, TypeError):
                parent[part[-1]] = json.loads(json.dumps(there))
                return data
    if r == 8:  # the generator's words
        rngs = [x for x in (_at(data, "start", "rng"), _at(data, "state", "table", "rng"))
                if isinstance(x, dict) and isinstance(x.get("s"), list) and x["s"]]
        if rngs:
            s = rnd.choice(rngs)["s"]
            i = rnd.randrange(len(s))
            s[i] = _value(rnd, s[i]) if rnd.random() < 0.3 else (
                s[i] ^ (1 << rnd.randrange(64)) if isinstance(s[i], int) else 1)
            return data
    if r == 9:  # the deals queued or planned
        where = rnd.choice([("start", "plans"), ("state", "table", "plans"), ("setup", "plans")])
        plans = _at(data, *where)
        if isinstance(plans, list):
            plans.append(rnd.choice([{"order": [1, 2, 3]}, {"hands": [[0, [1, 2]]], "stock": []},
                                     {"hands": [], "stock": [5]}, {}, None]))
            return data
    if r == 10:  # a field of a kept history
        hist = _histories(data)
        if hist:
            h = rnd.choice(hist)
            key = rnd.choice(list(h))
            h[key] = _value(rnd, h[key])
            return data
    # any field or value of the tree
    paths = [p for p in _paths(data) if p]
    if not paths:
        return _value(rnd, data)
    p = rnd.choice(paths)
    parent, key = _get(data, p[:-1]), p[-1]
    op = rnd.randrange(5)
    if op == 0:
        del parent[key]
    elif op == 1 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif op == 2 and isinstance(parent, dict):
        parent[key + "_" if isinstance(key, str) else key] = parent.pop(key)
    else:
        parent[key] = _value(rnd, parent[key])
    return data


SETUP_KEYS = frozenset(
    ("names", "stacks", "rules", "seed", "rng", "keep_history", "dealer", "plans")
)


def _old_events_only(mine: dict, base: dict, table: Any) -> bool:
    """The start states differ only in events before the mark, which a deal in progress
    without kept histories dropped when it began (BY_DESIGN: no replay proves them)."""
    if table.keep_history or not table.in_progress:
        return False
    if {k: v for k, v in mine.items() if k != "events"} != {
        k: v for k, v in base.items() if k != "events"
    }:
        return False
    mark = base["events_mark"]
    a, b = mine["events"], base["events"]
    return len(a) == len(b) and a[mark:] == b[mark:]


def _events_only(mine: dict, base: dict) -> bool:
    """The saves' starts, operations and snapshots differ only in the table events of
    the start and of the snapshot (changed alike: a record no replay proves)."""
    def strip(save: dict) -> tuple:
        table = {k: v for k, v in save["state"]["table"].items() if k != "events"}
        return ({k: v for k, v in save["start"].items() if k != "events"}, save["ops"],
                {**save["state"], "table": table})
    return strip(mine) == strip(base)


def check_restored(g: Game, table: Any, original: str, rnd: random.Random) -> set[str]:
    """A damaged save that loaded (its kept histories and log read without error) must
    be the undamaged one, where a restore can tell.

    The kept histories were read (each replayed, and they follow each other and the
    buy-ins): they must be the undamaged ones. So must the log (proven by a replay
    from the setup) and the last deal saved between deals (it must follow the table). The
    snapshot (``state``) of a deal in progress is proven by the replay from the
    start: the loaded table's must be the undamaged save's, unless the start itself
    changed alike (its chips: the kept histories contradict that; its
    events: BY_DESIGN). ``start`` and ``ops`` are what the replay starts from: where
    the loaded table's differ, the difference must be one the replay cannot see (a
    spare generator word the shuffle rejects, events the deal dropped: BY_DESIGN):
    the two tables then play on identically, and once the deal in progress ends
    their saves are the same. Between deals a save is its snapshot alone (its start
    is the snapshot): a change made alike to both is beyond any check (counted),
    unless the kept histories contradict it (they must). The setup's names, stacks,
    seed, rules and plans define the session: a change the replay cannot contradict
    cannot be seen (counted); its fields must be of their types. Returns the parts
    found damaged.
    """
    damaged: set[str] = set()
    mine = json.loads(table.to_json())
    base = json.loads(original)
    for key in ("format", "version"):
        assert mine.get(key) == base.get(key), f"a damaged save loaded with a different {key!r}"
    if _parsed(mine["history"]) != _parsed(base["history"]):
        damaged.add("history")
        kept = table.history
        assert [h.number for h in kept] == list(range(1, len(kept) + 1)), "kept deal numbers"
        assert all(h.cards is not None for h in kept), "a censored export accepted as kept"
        chips = (table.buy_in, 0)
        for h in kept:
            assert _follows(chips, h.stacks, h.carry, g.name == "diamondback"), (
                f"kept deal {h.number} does not start with the chips the table had")
            chips = (h.stacks_after(), h.result.carry)
        _record_trusted(_parsed(mine["history"]), _parsed(base["history"]))
    if _parsed(mine["last"]) != _parsed(base["last"]):
        damaged.add("last")
        last, before = _parsed(mine["last"]), _parsed(base["last"])
        assert last is not None and before is not None, "a last deal planted or removed"
        assert last["number"] == before["number"] and _end_chips(last) == _end_chips(before), (
            "another last deal accepted")
        _record_trusted([last], [before])
    if _parsed(mine["log"]) != _parsed(base["log"]) and _undealt_plans_only(
            _parsed(mine["log"]), _parsed(base["log"]), table):
        by_design("undealt_plan_unprovable")
        damaged.add("log")
    else:
        assert _parsed(mine["log"]) == _parsed(base["log"]), "a damaged log accepted"
    setup, was = mine["setup"], base["setup"]
    if setup != was:
        damaged.add("setup")
        assert set(setup) == SETUP_KEYS, f"setup keys {sorted(setup)} accepted"
        assert type(setup["dealer"]) in (int, type(None)), f"dealer {setup['dealer']!r} accepted"
        assert isinstance(setup["plans"], list), f"plans {setup['plans']!r} accepted"
        STATS["setup_trusted"] = STATS.get("setup_trusted", 0) + 1
    if mine["state"] != base["state"]:
        if _deal_plan_only(mine, base, table):
            by_design("deal_plan_consistent")  # (changed alike in its operation and snapshot)
            return damaged | {"plan"}
        if _events_only(mine, base):
            by_design("start_events_unprovable")  # (changed alike in start and snapshot)
            return damaged | {"events"}
        assert not (table.keep_history and table.history and _stacks_moved(table, mine)), (
            "a table that does not start with what the last kept deal left")
        if not base["ops"] and not mine["ops"] and mine["start"] == mine["state"]["table"]:
            STATS["between_deals_trusted"] = STATS.get("between_deals_trusted", 0) + 1
            return damaged | {"between"}
        if _unused_rng_only(mine, base):
            # The generator's words, changed alike in the start and the snapshot of a
            # deal that has drawn nothing from it yet (Dealer's Diamondback before the
            # deal, Dealer's Choice before the choice): any state is as good, and no
            # replay can tell (like a change between deals, counted).
            STATS["rng_trusted"] = STATS.get("rng_trusted", 0) + 1
            return damaged | {"rng"}
    assert mine["state"] == base["state"], "a damaged save loaded with a different 'state'"
    if mine["start"] != base["start"] or mine["ops"] != base["ops"]:
        if mine["ops"] == base["ops"] and _old_events_only(mine["start"], base["start"], table):
            by_design("start_events_unprovable")
        if "setup" not in damaged:
            check_equivalent(g, table, original, rnd)
    return damaged


def _deal_plan_only(mine: dict, base: dict, table: Any) -> bool:
    """The saves differ only in the plan of the deal in progress (its "deal" operation:
    prearranged hands and stock, or none; and the snapshot's "plan" alike), and maybe
    the events it dropped: a save as consistent as the undamaged one (the plan a
    player could have given), which no replay can tell from it (BY_DESIGN)."""
    a, b = mine["ops"], base["ops"]
    start = mine["start"] == base["start"] or _old_events_only(mine["start"], base["start"],
                                                                table)
    def strip(save: dict) -> dict:
        return {k: v for k, v in save["state"].items() if k != "plan"}
    return bool(a) and bool(b) and a[0][:1] == b[0][:1] == ["deal"] and a[0] != b[0] and (
        a[1:] == b[1:] and start and strip(mine) == strip(base))


def _end_chips(h: dict) -> tuple[list[int], int]:
    """The chips a deal's history (as JSON) left: its stacks and carried pot."""
    result = h["result"]
    return [s + n for s, n in zip(h["stacks"], result["net"], strict=True)], result["carry"]


def _follows(before: tuple[Any, int], stacks: Any, carry: int, leaving: bool) -> bool:
    """Chips ``stacks`` and ``carry`` follow ``before`` (stacks, carry): the same, but a
    player who left (``leaving`` games) has none, what he forfeited going into the
    carried pot."""
    after, was = before
    left = [s for s in range(len(after)) if stacks[s] != after[s]]
    gained = carry - was
    return all(leaving and stacks[s] == 0 for s in left) and (
        0 <= gained <= sum(after[s] for s in left))


def _record_trusted(mine: list[dict], base: list[dict]) -> None:
    """Kept deals (or the last one) that differ from the undamaged save's, yet replay
    and follow the table: a record no replay can prove (a card of the same rank, a
    call said with or without its cost), counted; but the context (what the session
    decided for the deal) must be of the form the game writes (history._read_context)."""
    def form(h: dict) -> dict:
        return {k: type(v) for k, v in h["context"].items()}
    assert [form(h) for h in mine] == [form(h) for h in base], "a context of another form"
    STATS["record_trusted"] = STATS.get("record_trusted", 0) + 1


def _stacks_moved(table: Any, save: dict) -> bool:
    """The table's chips at the start of the deal in progress (or now, between deals)
    are not what the last kept deal left: a player who left since has none, what he
    forfeited going into the carried pot (not followed once the session is over:
    the pot left at the end was shared out)."""
    last = table.history[-1]
    start = save["start"]
    if start["over"]:
        return False
    left = [s for s in range(table.n) if start["ledger"]["stacks"][s] != last.stacks_after()[s]]
    return any(start["seated"][s] for s in left) or not _follows(
        (last.stacks_after(), last.result.carry), start["ledger"]["stacks"],
        start["ledger"]["carry"], type(table) is db.Table)


def check_equivalent(g: Game, table: Any, original: str, rnd: random.Random) -> None:
    """``table`` (loaded from a damaged save) and the undamaged save's table play on
    identically (the same moves, the same states) and, once the deal in progress
    ends, save the same start, operations and snapshot."""
    ref = g.Table.from_json(original)
    seed = rnd.random()
    r1, r2 = random.Random(seed), random.Random(seed)
    for _ in range(400):
        if not ref.in_progress:
            break
        step_legal(g, ref, r1)
        step_legal(g, table, r2)
        assert table.getstate() == ref.getstate(), "a damaged save plays on differently"
    if ref.in_progress:  # (a deal that long: nothing more to compare)
        return
    mine, base = json.loads(table.to_json()), json.loads(ref.to_json())
    for key in ("start", "ops", "state"):
        assert mine[key] == base[key], f"a damaged save differs in {key!r} after its deal"
    STATS["equivalent"] = STATS.get("equivalent", 0) + 1


def check_loaded(
    g: Game, table: Any, rnd: random.Random, damaged: frozenset[str] | set[str] = frozenset()
) -> None:
    """A loaded table is a real, consistent, playable state (``damaged``: parts of
    its save known to have been accepted damaged, see check_restored)."""
    text = table.to_json()
    again = g.Table.from_json(text)
    assert again.to_json() == text, "a loaded table does not re-serialize to a fixed point"
    data = json.loads(text)
    setup = data["setup"]
    assert type(setup.get("seed")) in (int, type(None)), f"seed {setup.get('seed')!r} accepted"
    total = table.ledger.total
    assert total <= sum(setup["stacks"])
    check_chips(table, total)
    g.check_cards(table)
    finished = table.deals_played - (1 if table.in_progress else 0)
    if table.keep_history:
        assert len(table.history) == finished, (len(table.history), finished)
        for h in table.history:
            h.replay()  # raises if the history does not agree with itself
    else:
        assert not table.history
    # go on playing legally, chips conserved (play never reads the saved log)
    check_plays_on(g, table, rnd, total)


def check_plays_on(g: Game, table: Any, rnd: random.Random, total: int) -> None:
    """Legal moves go on (1-30 of them), chips conserved, every card once."""
    for _ in range(rnd.randint(1, 30)):
        if not step_legal(g, table, rnd):
            break
        check_chips(table, table.ledger.total if _left(table) else total)
        g.check_cards(table)


@dataclasses.dataclass(frozen=True)
class Refusal:
    """What the deferred proof of a save refused: its ``part`` ("history" or "log"), and
    the ``error``."""

    part: str
    error: SaveError


def read_lazily(table: Any) -> Refusal | None:
    """Prove what a table restored with ``defer_proof=True`` left unproven (BY_DESIGN):
    read its kept histories (refused when first read), then prove its log, which the
    table never reads: its own save, restored at once, proves it (together, what the
    default restore of the save proves). What was refused, or ``None``."""
    try:
        table.history  # noqa: B018
    except SaveError as exc:
        return Refusal(part="history", error=exc)
    if table.keep_history:
        try:
            type(table).from_json(table.to_json())
        except SaveError as exc:
            return Refusal(part="log", error=exc)
    return None


def check_refused_lazily(g: Game, table: Any, part: str, rnd: random.Random,
                         plans_only: bool = False) -> None:
    """A table whose kept histories (or log) were refused when read: read again, they
    are refused again; it plays on unharmed (play never reads them); it saves to a
    fixed point, and its save loads, keeping the damage (read, refused again), unless
    the damage was only the setup's queued plans (``plans_only``) and play took them
    where they change nothing seen (BY_DESIGN)."""
    again_read = read_lazily(table)
    assert again_read is not None and again_read.part == part, (part, again_read)
    total = table.ledger.total
    check_chips(table, total)
    check_plays_on(g, table, rnd, total)
    text = table.to_json()
    again = g.Table.from_json(text, defer_proof=True)
    assert again.to_json() == text, "a table refused lazily does not re-serialize"
    refused = read_lazily(again)
    if refused is None and plans_only and part == "log":
        by_design("setup_plan_played_out")
        return
    assert refused is not None, f"the damaged {part} is accepted once saved again"
    with contextlib.suppress(SaveError):
        g.Table.from_json(text)
        raise AssertionError(f"the default restore accepts the damaged {part}, saved again")


def _left(table: Any) -> bool:
    return not all(table.seated)


def _cut(rnd: random.Random, text: str) -> Any:
    r = rnd.randrange(6)
    if r == 0:
        return text[: rnd.randrange(len(text))]
    if r == 1:
        i = rnd.randrange(len(text))
        return text[:i] + chr(rnd.randrange(32, 127)) + text[i + 1:]
    if r == 2:
        b = bytearray(text.encode())
        b[rnd.randrange(len(b))] = rnd.randrange(256)
        return bytes(b)
    if r == 3:
        i = rnd.randrange(len(text))
        return text[:i] + text[i + 1:]
    if r == 4:
        return rnd.choice(["", "null", "[]", "{}", "1e999", "[" * 100000, "\ufeff" + text,
                           text + "x", text.replace("1", "01", 1), text * 2, None, 0, [text],
                           text.encode("utf-16"), '{"format": NaN}'])
    i = rnd.randrange(len(text))
    return text[:i] + '"' + text[i:]


def unpack(data: Any) -> set:
    """Parse the parts of a save kept as JSON text (each kept history, the log, the last
    deal) in place, so that edits reach inside them; returns where they were."""
    texts: set = set()
    hist = _at(data, "history")
    if isinstance(hist, list):
        for i, h in enumerate(hist):
            if isinstance(h, str):
                with contextlib.suppress(ValueError):
                    hist[i] = json.loads(h)
                    texts.add(("history", i))
    for key in ("log", "last"):
        if isinstance(_at(data, key), str):
            with contextlib.suppress(ValueError):
                data[key] = json.loads(data[key])
                texts.add((key,))
    return texts


def repack(rnd: random.Random, data: Any, texts: set) -> None:
    """Turn the parts :func:`unpack` parsed back into text (mostly), where they still
    are; sometimes damage one of those texts itself."""
    for path in sorted(texts, key=str):
        parent = _at(data, *path[:-1]) if len(path) > 1 else data
        key = path[-1]
        with contextlib.suppress(KeyError, IndexError, TypeError):
            if rnd.random() < 0.95 or not isinstance(parent[key], (dict, list)):
                try:
                    parent[key] = json.dumps(parent[key], separators=(",", ":"))
                except (RecursionError, ValueError):
                    continue
                if rnd.random() < 0.05:
                    cut = _cut(rnd, parent[key])
                    parent[key] = cut if isinstance(cut, str) else parent[key][:-1]


def _undealt_plans_only(mine: list, base: list, table: Any) -> bool:
    """Whether the two logs differ only in the plans of kept deals that dealt no
    cards."""
    if len(mine) != len(base):
        return False
    deals = -1
    kept = table.history
    for a, b in zip(mine, base, strict=True):
        if a and a[0] == "deal":
            deals += 1
        if a == b:
            continue
        if not (a[0] == b[0] == "deal" and deals < len(kept) and not kept[deals].cards):
            return False
    return True


def _unused_rng_only(mine: dict, base: dict) -> bool:
    """Whether the two saves differ only in the generator's state, the same in each
    one's start and snapshot (the deal in progress has not drawn from it)."""
    def rng_out(save: dict) -> tuple[Any, Any, Any]:
        start = {k: v for k, v in save["start"].items() if k != "rng"}
        table = {k: v for k, v in save["state"]["table"].items() if k != "rng"}
        return start, table, {k: v for k, v in save["state"].items() if k != "table"}

    try:
        unused = all(save["start"]["rng"] == save["state"]["table"]["rng"]
                     for save in (mine, base))
        return unused and rng_out(mine) == rng_out(base) and mine["ops"] == base["ops"]
    except (KeyError, TypeError, AttributeError):
        return False


def _setup_plans_only(save: Any, original: str | None) -> bool:
    """Whether ``save`` differs from the undamaged ``original`` in its setup's plans
    alone."""
    if original is None:
        return False
    try:
        mine = json.loads(save) if isinstance(save, (str, bytes)) else copy.deepcopy(save)
    except ValueError:
        return False
    base = json.loads(original)
    if not isinstance(mine, dict) or not isinstance(mine.get("setup"), dict):
        return False
    mine["setup"] = {k: v for k, v in mine["setup"].items() if k != "plans"}
    base["setup"] = {k: v for k, v in base["setup"].items() if k != "plans"}
    return bool(mine == base)


def _parsed(part: Any) -> Any:
    """A part of a save with its JSON texts parsed (to compare what they say)."""
    if isinstance(part, str):
        try:
            return json.loads(part)
        except (ValueError, RecursionError):
            return part
    if isinstance(part, list):
        return [_parsed(x) if isinstance(x, str) else x for x in part]
    return part


def save_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        saves = real_saves(name)
        text = rnd.choice(saves)
        other = json.loads(rnd.choice(saves))
        unpack(other)
        if rnd.random() < 0.02:  # an undamaged save restores exactly
            assert g.Table.from_json(text).to_json() == text
        if rnd.random() < 0.2:
            bad: Any = _cut(rnd, text)
        else:
            data = json.loads(text)
            texts = unpack(data)
            for _ in range(rnd.randint(1, 4)):
                # (an edit that does not fit what earlier edits left is skipped)
                with contextlib.suppress(KeyError, TypeError, IndexError, AttributeError,
                                         ValueError):
                    data = mutate(rnd, data, other)
            repack(rnd, data, texts)
            r = rnd.random()
            try:
                bad = json.dumps(data) if r < 0.8 else (json.dumps(data).encode() if r < 0.9
                                                        else data)
            except (RecursionError, ValueError, TypeError):
                bad = data
        load_and_check(g, bad, rnd, text)

    return target


def load_and_check(g: Game, save: Any, rnd: random.Random, original: str | None = None) -> None:
    """``Table.from_json(save, defer_proof=True)``: refused with a SaveError (and so by
    the default restore, which proves more at once); or a table whose kept histories
    (when first read) or log (its own save restored at once) are refused with a
    SaveError (BY_DESIGN: exactly when the default restore, which proves them at
    once, refuses the save) and which plays on unharmed (check_refused_lazily); or
    a table passing check_restored (when the undamaged ``original`` is known) and
    check_loaded."""
    try:
        table = g.Table.from_json(save, defer_proof=True)
    except SaveError:
        STATS["refused"] += 1
        refused_too = False
        try:
            g.Table.from_json(save)
        except SaveError:
            refused_too = True
        assert refused_too, "the default restore accepts what a deferred one refuses"
        return
    except PedronError as exc:
        raise AssertionError(f"a bad save refused with {type(exc).__name__}, "
                             f"not a SaveError: {exc}") from exc
    lazy = read_lazily(table)
    try:
        g.Table.from_json(save)
        eager = None
    except SaveError as exc:
        eager = exc
    if lazy is not None:
        assert eager is not None, f"the default restore accepts what reading refuses: {lazy}"
        by_design("history_read_lazily" if lazy.part == "history" else "log_proof_deferred")
        STATS["refused"] += 1
        check_refused_lazily(g, table, lazy.part, rnd, _setup_plans_only(save, original))
        return
    assert eager is None, f"the default restore refuses what reading accepts: {eager}"
    STATS["accepted"] += 1
    damaged = check_restored(g, table, original, rnd) if original is not None else set()
    check_loaded(g, table, rnd, damaged)


# --------------------------------------------------------------------------------------
# random calls
# --------------------------------------------------------------------------------------


class RandomCall:
    """One random call: what it is, the call, and what the checks need to know."""

    __slots__ = ("fn", "move", "on", "verifies", "what")

    def __init__(self, what: str, fn: Callable[[], Any], move: Any = None, on: Any = None,
                 *, verifies: bool = False) -> None:
        self.what = what
        self.fn = fn
        self.move = move  # the move (in any form) the call makes, if it makes one
        self.on = on  # the deal the move goes to (None: the table's, or none)
        self.verifies = verifies  # only verifies the move (changes nothing)


def _table_move(raw: Any) -> bool:
    """Whether Table.apply takes ``raw`` as a move of the table (a Vote or Leave):
    it reads the action first (the kind in any case, a str subclass by its text),
    then routes it by what it is."""
    if isinstance(raw, (Vote, Leave)):
        return True
    if isinstance(raw, tuple(_MOVE_CLASSES)):  # (a deal's move, read by its class)
        return False
    if isinstance(raw, (tuple, list)) and raw and isinstance(raw[0], str):
        return str.__str__(raw[0]).lower() in ("vote", "leave")
    if isinstance(raw, str):
        words = str.__str__(raw).split(None, 1)
        return bool(words) and words[0].lower() in ("vote", "leave")
    return False


def random_call(g: Game, table: Any, rnd: random.Random, stale: list[Any]) -> RandomCall:
    """A random call on the table, its current deal or a finished one."""
    cur = table.current
    legal = cur.legal_actions() if cur is not None else []
    n = table.n
    r = rnd.randrange(24)
    seat = rnd.choice([rnd.randrange(n), rnd.randrange(n), garbage(rnd)])
    if r < 6 and legal:
        raw, _ = g.pick(rnd, cur, legal)
        target = rnd.choice([table.apply, cur.apply])
        return RandomCall("legal", lambda: target(raw), raw, cur)
    if r < 11:
        raw = random_action(rnd, cur, legal, n)
        r2 = rnd.random()
        if stale and r2 < 0.15:
            on = rnd.choice(stale)
        elif cur is not None and r2 < 0.5:
            on = cur
        else:  # through the table (a Vote or Leave is the table's own)
            k = rnd.randrange(2)
            fn = (table.apply, table.verify)[k]
            on = None if _table_move(raw) and k == 0 else table.last
            return RandomCall("table act", lambda: fn(raw), raw, on, verifies=k == 1)
        k = rnd.randrange(2)
        fn = (on.apply, on.verify)[k]
        return RandomCall("act", lambda: fn(raw), raw, on, verifies=k == 1)
    if r == 11:
        if rnd.random() < 0.5:
            plan = g.bad_plan(rnd, table)

            def next_planned() -> Any:
                deal = table.next_deal(**plan)
                if "order" not in plan:
                    planned(g, deal, plan)
                return deal
            return RandomCall("next planned", next_planned)
        return RandomCall("next", lambda: g.start(table, rnd))
    if r == 12:
        if g.name == "diamondback" or rnd.random() < 0.2:
            return RandomCall("leave", lambda: table.leave(seat))
        return RandomCall("close", lambda: table.close())
    if r == 13:
        if g.name == "diamondback":
            agree = rnd.choice([True, False, True, 1, None])
            return RandomCall("vote", lambda: table.vote_end(seat, agree))
        obj = cur or (rnd.choice(stale) if stale else None)
        if obj is None:
            return RandomCall("legal_actions", lambda: table.legal_actions())
        return RandomCall("hand_value", lambda: obj.hand_value(seat))
    if r == 14:
        return RandomCall("close", lambda: table.close())
    if r == 15:
        if rnd.random() < 0.3:
            return RandomCall("clone", lambda: check_clone(g, table, rnd))
        return RandomCall("view", lambda: table.view(rnd.choice([seat, None])))
    if r == 16:
        move = rnd.choice([Vote(seat, rnd.choice([True, False, None])), Leave(seat),
                           ("vote", seat), ("vote", seat, rnd.choice([True, False, 1])),
                           ("leave", seat), ["leave", seat]])
        return RandomCall("table move", lambda: table.apply(move), move, None)
    if r == 17:
        return RandomCall("save", lambda: check_save(g, table))
    # a named move of the current or a finished deal, with random arguments
    obj = rnd.choice(stale) if stale and rnd.random() < 0.2 else cur
    if obj is None:
        return RandomCall("legal_actions", lambda: table.legal_actions())
    held: tuple[int, ...] = ()
    if cur is not None and isinstance(cur.to_act, int):
        held = tuple(cur.cards[cur.to_act])
    s = rnd.choice([None, cur.to_act if cur is not None else None, seat])
    amount = garbage(rnd, legal[0].min if legal and legal[0].min is not None else None)
    if g.name == "diamondback":
        card = rnd.choice([*held, amount]) if held else amount
        calls = {
            "bet": (lambda: obj.bet(amount, s), Bet(amount, seat=s)),
            "stop": (lambda: obj.stop(s), Stop(seat=s)),
            "match": (lambda: obj.match(s), Match(seat=s)),
            "fold": (lambda: obj.fold(s), Fold(seat=s)),
            "reveal": (lambda: obj.reveal(card, s), Reveal(card, seat=s)),
            "set_ante": (lambda: obj.set_ante(amount, s), Ante(amount, seat=s)),
        }
    else:
        cards = garbage_cards(rnd, held)
        cat, ranks = garbage(rnd), garbage_cards(rnd)
        if rnd.random() < 0.3 and held and len(held) == 5:
            v = cur.hand_value(cur.to_act)
            cat, ranks = rnd.choice([(v, None), (int(v.category), v.ranks),
                                     _decl_text(int(v.category), v.ranks)])
        variant = rnd.choice([*VARIANTS, 0, 1, 2, 7, amount])
        calls = {
            "check": (lambda: obj.check(s), Check(seat=s)),
            "bet": (lambda: obj.bet(amount, s), Bet(amount, seat=s)),
            "call": (lambda: obj.call(s), Call(seat=s)),
            "raise_by": (lambda: obj.raise_by(amount, s), RaiseBy(amount, seat=s)),
            "raise_to": (lambda: obj.raise_to(amount, s), RaiseTo(amount, seat=s)),
            "fold": (lambda: obj.fold(s), Fold(seat=s)),
            "draw": (lambda: obj.draw(cards, s), Draw(cards, seat=s)),
            "declare": (lambda: obj.declare(cat, ranks, s), Declare(cat, ranks, seat=s)),
            "choose": (lambda: obj.choose(variant, s), Choose(variant, seat=s)),
        }
    name = rnd.choice(list(calls))
    fn, move = calls[name]
    return RandomCall(name, fn, move, obj)


def check_clone(g: Game, table: Any, rnd: random.Random) -> None:
    """A clone of the table is the same table and independent; a clone of a deal is
    the same deal, standalone: playing it on changes nothing at the table."""
    text = table.to_json()
    deal = table.current
    if deal is not None and rnd.random() < 0.5:
        copy = deal.clone()
        assert copy.ledger is not deal.ledger
        assert copy.history == deal.history and copy.moves == deal.moves
        assert copy.legal_actions() == deal.legal_actions()
        for _ in range(5000):
            if copy.done:
                break
            raw, expected = g.pick(rnd, copy, copy.legal_actions())
            copy.apply(raw)
            assert copy.moves[-1] == expected
        assert copy.done, "a clone of a deal does not play to its end"
        assert table.to_json() == text, "playing a clone of the deal changed the table"
        assert table.current is deal
        return
    other = table.clone()
    assert other.to_json() == text
    assert other.ledger is not table.ledger
    if other.current is not None:
        assert other.current is not table.current
    # the same moves give the same tables: the generator is cloned too
    seed = rnd.random()
    for t in (other, table):
        r2 = random.Random(seed)
        for _ in range(r2.randint(1, 8)):
            if not step_legal(g, t, r2):
                break
    assert other.to_json() == table.to_json(), "a clone played on differs from the table"


def check_save(g: Game, table: Any) -> None:
    """The table saves and restores exactly, mid-session, its kept histories too."""
    text = table.to_json()
    again = g.Table.from_json(text)
    assert again.to_json() == text
    assert again.keep_history == table.keep_history
    assert [h.to_json() for h in again.history] == [h.to_json() for h in table.history]


def _well_formed(raw: Any) -> bool:
    """A move the boundary reads as it is, whatever the game (a finished deal must then
    say it is over)."""
    if type(raw) not in _MOVE_CLASSES or not exact(raw) or type(raw.seat) not in (
        int, type(None)
    ):
        return False
    if type(raw) in (Check, Fold, Stop):
        return True
    if type(raw) in (Call, Match):
        return type(raw.amount) in (int, type(None))
    return type(raw) in (Bet, Ante, RaiseTo, RaiseBy) and type(raw.amount) is int


def _refusal(deal: Any, raw: Any) -> str | None:
    """Why ``deal`` refuses ``raw`` (its ``verify``'s pedron error), or ``None``."""
    try:
        deal.verify(raw)
    except PedronError as exc:
        return str(exc)
    return None


def _outcome(fn: Callable[[], Any]) -> tuple[Any, PedronError | None]:
    """``fn()``'s result, or the pedron error it raised (any other exception is a
    finding)."""
    try:
        return fn(), None
    except PedronError as exc:
        return None, exc


def actions_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        table = g.make(rnd)
        total = table.ledger.total
        stale: list[Any] = []
        for _ in range(rnd.randint(5, 120)):
            last = table.last
            if last is not None and last.done and last not in stale:
                stale.append(last)
            call = random_call(g, table, rnd, stale)
            cur = table.current
            raw, on = call.move, call.on
            live = raw is not None and on is not None and on is cur and not table.over
            legal = cur.legal_actions() if cur is not None else []
            actor = cur.to_act if cur is not None else None
            mean = meaning(g, raw, cur) if live else None
            count = len(cur.moves) if cur is not None else 0
            before = table.to_json()
            events = table.events
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                checked, error = _outcome(partial(_refusal, on, raw)) if live else ("", None)
                if error is not None:  # (a refusal by an error, not by a reason)
                    checked = repr(error)
                out, refused = _outcome(call.fn)
            warned = [w for w in caught if issubclass(w.category, DeprecationWarning)]
            assert not warned, f"{call.what}: a deprecation warning: {warned[0].message}"
            if refused is not None:
                STATS["refused"] += 1
                assert table.to_json() == before, f"{call.what} refused but the state changed"
                if live:
                    assert checked is not None, f"verify accepted a refused {raw!r}"
                    if mean is not None and _listed(mean, legal, actor):
                        raise AssertionError(f"{raw!r} ({mean}) is listed in {legal} "
                                             f"but refused: {refused}")
                elif on is not None and on.done and _well_formed(raw):
                    assert isinstance(refused, GameOverError), (raw, refused)
                check_chips(table, total)
                continue
            STATS["accepted"] += 1
            now = table.events
            if now[: len(events)] == events:  # (else a deal began: nobody left)
                taken = sum(r.amount for r in now[len(events):] if r.kind == "leave")
                if call.what == "leave":
                    assert out == taken, (out, now[len(events):])
                total -= taken
            if raw is not None and on is not None:
                assert live, f"{raw!r} accepted by a finished deal or session"
                assert checked is None, f"{raw!r} accepted but verify said {checked!r}"
                if call.verifies:
                    moved = out
                    assert table.to_json() == before, "verify changed the state"
                else:
                    assert len(cur.moves) == count + 1, "an accepted move was not recorded"
                    moved = cur.moves[-1]
                assert exact(moved), f"{raw!r} became {moved!r}: not exact built-in values"
                assert _listed(moved, legal, actor), f"{raw!r} ({moved}) not listed in {legal}"
                assert mean is None or moved == mean, f"{raw!r} meant {mean} but made {moved}"
            check_chips(table, total)
            g.check_cards(table)
            if table.last is not None:
                check_pending(g, table.last)
            if call.what == "view" and out is not None:
                assert is_plain(out)
        # the session still saves and restores exactly
        check_save(g, table)

    return target


# --------------------------------------------------------------------------------------
# privacy
# --------------------------------------------------------------------------------------

CARD_FIELDS = {"cards", "card", "my_cards", "shown"}


def _card_values(obj: Any, field: str | None = None, out: set | None = None) -> set:
    """Card ids in the card-bearing fields of a view, record, move or history (walked
    recursively, field by name: views, results, records, moves and legal actions are
    dataclasses)."""
    if out is None:
        out = set()
    if isinstance(obj, LegalAction):
        if obj.kind != "choose":  # (its "cards" are the indexes of the variants)
            out.update(obj.cards)
        return out
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _card_values(getattr(obj, f.name), f.name, out)
        return out
    if isinstance(obj, tuple):
        for x in obj:
            _card_values(x, field, out)
        return out
    if field in CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        out.add(obj)
    return out


JSON_CARD_FIELDS = {"my_cards", "shown", "cards"}
JSON_RECORDS = {"history", "events", "records"}
# The JSON forms are lists (docs/histories.md): their fields, in order, read by name here.
RECORD_JSON = ("kind", "seat", "amount", "cards", "private", "note")  # Record.to_json
LEGAL_JSON = ("kind", "min", "max", "cards", "limit")  # LegalAction.to_json (limit optional)
MOVE_JSON = ("seat", "kind", "argument")  # a history's moves: [seat, *move.to_json()]


def _json_named(names: tuple[str, ...], row: list[Any]) -> dict[str, Any]:
    """A JSON list form read as its named fields (a trailing optional one may be absent)."""
    return dict(zip(names, row, strict=False))


def _check_json_forms() -> None:
    """The field names above are the forms the engine writes (checked once, at import)."""
    r = Record(kind="deal", seat=1, amount=2, cards=(3, 4), private=True, note="n")
    assert _json_named(RECORD_JSON, r.to_json()) == {
        "kind": "deal", "seat": 1, "amount": 2, "cards": [3, 4], "private": True, "note": "n"}
    a = LegalAction(kind="draw", min=0, max=3, cards=(5, 6))
    assert _json_named(LEGAL_JSON, a.to_json()) == {"kind": "draw", "min": 0, "max": 3,
                                                     "cards": [5, 6]}
    assert [1, *Draw((7,), seat=1).to_json()] == [1, "draw", [7]]
    assert [1, *Reveal(7, seat=1).to_json()] == [1, "reveal", 7]


_check_json_forms()


def _card_values_json(obj: Any, field: str | None = None, out: set | None = None) -> set:
    """Card ids in the JSON of a view or of a history."""
    if out is None:
        out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in JSON_RECORDS and isinstance(v, list):
                for rec in v:
                    out.update(_json_named(RECORD_JSON, rec)["cards"])
            elif k == "legal":
                for a in v:
                    legal = _json_named(LEGAL_JSON, a)
                    if legal["kind"] != "choose":  # (its cards: the variants' indexes)
                        out.update(legal["cards"])
            elif k == "moves" and isinstance(v, list):
                for m in v:
                    move = _json_named(MOVE_JSON, m)
                    if move["kind"] == "draw":
                        out.update(move["argument"])
                    elif move["kind"] == "reveal":
                        out.add(move["argument"])
            else:
                _card_values_json(v, k, out)
    elif isinstance(obj, list):
        for x in obj:
            _card_values_json(x, field, out)
    elif field in JSON_CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        out.add(obj)
    return out


def known_to(records: Any, viewer: int | None, own: tuple[int, ...] = ()) -> set[int]:
    """Cards ``viewer`` has a right to know from a deal's records (and his own cards)."""
    known: set[int] = set(own)
    for r in records:
        if r.cards and (not r.private or (viewer is not None and r.seat == viewer)):
            known.update(r.cards)
    return known


def _deal_known(deal: Any, viewer: int | None) -> set[int]:
    known = known_to(deal.history, viewer, deal.cards[viewer] if viewer is not None else ())
    for s in deal.shown:
        known.update(s)
    return known


def _mapper(hidden: list[int], rnd: random.Random) -> Callable[[Any], tuple]:
    perm = hidden[:]
    rnd.shuffle(perm)
    m = dict(zip(hidden, perm, strict=True))

    def f(cs: Any) -> tuple:
        return tuple(m.get(c, c) for c in cs)

    return f


def _permute_record(r: Record, f: Callable[[Any], tuple]) -> Record:
    return dataclasses.replace(r, cards=f(r.cards)) if r.cards else r


def _permute_move(m: Any, f: Callable[[Any], tuple]) -> Any:
    if type(m) is Draw:
        return Draw(f(m.cards), seat=m.seat)
    if type(m) is Reveal:
        return Reveal(f((m.card,))[0], seat=m.seat)
    return m


_CARD_SLOTS = frozenset(("cards", "shown", "pile"))


def _permute_any(value: Any, f: Callable[[Any], tuple]) -> Any:
    """``value`` with ``f`` applied to every record and move in it (lists and tuples
    walked; other values, ints included, kept)."""
    if isinstance(value, Record):
        return _permute_record(value, f)
    if type(value) in _MOVE_CLASSES:
        return _permute_move(value, f)
    if isinstance(value, list):
        return [_permute_any(x, f) for x in value]
    if type(value) is tuple:
        return tuple(_permute_any(x, f) for x in value)
    return value


@functools.cache
def _declared(cls: type) -> tuple[str, ...]:
    """The attributes a class of pedron declares: its class-level annotations (read from
    its source: for a compiled class they are the declaration its build derives)."""
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None)
    if not path or not cls.__module__.startswith("pedron."):
        return tuple(getattr(cls, "__slots__", ()))
    source = Path(path).with_name(cls.__module__.rpartition(".")[2] + ".py")
    if not source.exists():  # (a kernel: written in Cython, its types are its own)
        return ()
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return tuple(item.target.id for item in node.body
                         if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                         and item.value is None)
    return ()


def _slots(obj: Any) -> list[str]:
    """The state attributes of ``obj``, every class of its type declaring its own."""
    return [name for cls in type(obj).__mro__ for name in _declared(cls)
            if hasattr(obj, name)]


def _holds_records(value: Any) -> bool:
    """Whether ``value`` (lists and tuples walked) holds a record or a move."""
    if isinstance(value, Record) or type(value) in _MOVE_CLASSES:
        return True
    if isinstance(value, (list, tuple)):
        return any(_holds_records(x) for x in value)
    return False


def _permute_kept(obj: Any, f: Callable[[Any], tuple]) -> None:
    """Permute, in place, the records and moves a helper object of a deal keeps in its
    slots (the copies of the history its views are built from)."""
    for name in _slots(obj):
        value = getattr(obj, name)
        if isinstance(value, (list, tuple)) and _holds_records(value):
            setattr(obj, name, _permute_any(value, f))


def _permuted_clone(g: Game, table: Any, hidden: list[int], rnd: random.Random) -> tuple:
    """A clone where the cards hidden from a viewer are permuted among themselves, and
    the permutation: the deal's hands, shown cards and discards, every record and
    move it keeps (its history, the moves, any copy of them kept for views: every
    slot of the deal is walked, and every slot of an object in one that keeps
    records) and its stock, order included."""
    f = _mapper(hidden, rnd)
    other = table.clone()
    deal = other.last
    for name in _slots(deal):
        value = getattr(deal, name)
        if name in _CARD_SLOTS:
            setattr(deal, name, [f(c) for c in value] if name != "pile" else list(f(value)))
        elif isinstance(value, (list, tuple)):
            setattr(deal, name, _permute_any(value, f))
        elif any(_holds_records(getattr(value, s)) for s in _slots(value)):
            _permute_kept(value, f)  # (the clone's own copy: see Deal.copy)
    deck = deal.deck
    if deck is not None:
        stock = list(f(deck.stock))
        if g.name == "diablo":
            deal.deck = DLDeck(deck.rng, order=stock)
        else:
            deal.deck = DBDeck(deck.players, deck.rng, order=stock)
        assert deal.deck.stock == tuple(stock)
    return other, f


def _card_list(obj: Any, field: str | None = None, out: list | None = None) -> list:
    """The card ids of a view in its card-bearing fields, in order (see _card_values)."""
    if out is None:
        out = []
    if isinstance(obj, LegalAction):
        if obj.kind != "choose":
            out.extend(obj.cards)
        return out
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for fl in dataclasses.fields(obj):
            _card_list(getattr(obj, fl.name), fl.name, out)
        return out
    if isinstance(obj, tuple):
        for x in obj:
            _card_list(x, field, out)
        return out
    if field in CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        out.append(obj)
    return out


def secrets(table: Any) -> list[str]:
    """Texts that must never appear in a view: the seed and the generator's words."""
    out = []
    seed = table.rng.seed
    if isinstance(seed, int) and seed >= 10**6:
        out += [str(seed), hex(seed)[2:]]
    for w in table.rng.getstate()["s"]:
        if w >= 10**6:
            out += [str(w), hex(w)[2:]]
    return out


def check_views(g: Game, table: Any, rnd: random.Random, counterfactual: bool = True) -> None:
    deal = table.last
    secret = secrets(table)
    for v in [*range(table.n), None]:
        view = table.view(v)
        STATS["views"] += 1
        assert is_plain(view), "a view holds something other than plain frozen data"
        assert view.deals_played == table.deals_played
        text = repr(view)
        js = json.dumps(view.to_json())
        for s in secret:
            assert s not in text and s not in js, "the seed or generator state is in a view"
        for r in view.events:  # the table's events: no private card of another seat
            assert not (r.private and r.cards and r.seat != v), f"seat {v} sees event {r}"
        if deal is None:
            assert view.deal is None
            continue
        assert view.deal is not None and view.deal.number == deal.number
        size = g.deck_size(len(_dealt_in(deal)))
        hidden = [c for c in range(size) if c not in _deal_known(deal, v)]
        found = _card_values(view.deal)
        assert set(deal.cards[v] if v is not None else ()) <= found, (
            "the walk of a view does not see the viewer's own cards")
        leaked = found & set(hidden)
        assert not leaked, f"seat {v} sees hidden cards {sorted(leaked)}"
        leaked = _card_values_json(view.deal.to_json()) & set(hidden)
        assert not leaked, f"seat {v}'s view JSON holds hidden cards {sorted(leaked)}"
        if counterfactual and len(hidden) > 1:
            other, f = _permuted_clone(g, table, hidden, rnd)
            view2 = other.view(v)
            STATS["permuted"] += 1
            assert repr(view2) == text, f"seat {v}'s view depends on hidden cards"
            assert json.dumps(view2.to_json()) == js, f"seat {v}'s view JSON depends on hidden"
            # The permutation reached everything a view is built from: another seat,
            # who holds some of the permuted cards, sees them permuted in every card field.
            w = rnd.choice([s for s in [*range(table.n), None] if s != v])
            mine, theirs = _card_list(table.view(w).deal), _card_list(other.view(w).deal)
            assert theirs == list(f(mine)), "the permuted clone is not permuted everywhere"


def _history_deck(g: Game, h: DealHistory) -> int:
    return g.deck_size(len({r.seat for r in h.records if r.kind == "deal"}))


def _history_cards(h: DealHistory) -> set[int]:
    """Card ids in a history: its deck order, its moves, its records (by attribute)."""
    out = set(h.cards or ())
    _card_values(tuple(h.moves), None, out)
    _card_values(tuple(h.records), None, out)
    return out


def _rebuilt(h: DealHistory, **changes: Any) -> DealHistory:
    """``h`` with some fields changed (built by the constructor's keywords)."""
    fields = dict(rules=h.rules, names=h.names, number=h.number, dealer=h.dealer,
                  seats=h.seats, stacks=h.stacks, carry=h.carry, context=h.context,
                  cards=h.cards, moves=h.moves, records=h.records, result=h.result,
                  viewer=h.viewer)
    fields.update(changes)
    return type(h)(**fields)


def check_exports(g: Game, table: Any, h: DealHistory, rnd: random.Random) -> None:
    """Every seat's (and a spectator's) export of a kept history holds only what he
    may know, reads back, cannot be replayed, and does not depend on hidden cards."""
    secret = secrets(table)
    cls = type(h)
    size = _history_deck(g, h)
    assert _rebuilt(h) == h and _rebuilt(h).to_json() == h.to_json()
    for v in [*range(h.players), None]:
        e = h.for_seat(v)
        STATS["exports"] += 1
        assert e.viewer == v and e.cards is None
        assert all(exact(m) for m in e.moves)
        js = e.to_json()
        text = json.dumps(js)
        for s in secret:
            assert s not in text and s not in repr(e), "the seed or generator state is exported"
        mine: tuple[int, ...] = ()
        if v is not None:
            mine = tuple(c for r in h.records if r.kind == "deal" and r.seat == v
                         for c in r.cards)
        hidden = [c for c in range(size) if c not in known_to(h.records, v, mine)]
        found = _history_cards(e)
        assert set(mine) <= found, "the walk of an export does not see the viewer's own cards"
        leaked = found & set(hidden)
        assert not leaked, f"seat {v}'s export holds hidden cards {sorted(leaked)}"
        leaked = _card_values_json(js) & set(hidden)
        assert not leaked, f"seat {v}'s export JSON holds hidden cards {sorted(leaked)}"
        back = cls.from_json(js)
        assert back.to_json() == js, "an export does not read back"
        try:
            back.replay()
        except HistoryError:
            pass
        else:
            raise AssertionError("a censored export could be replayed")
        if len(hidden) > 1:
            f = _mapper(hidden, rnd)
            other = _rebuilt(h, cards=f(h.cards), moves=tuple(_permute_move(m, f) for m in h.moves),
                             records=tuple(_permute_record(r, f) for r in h.records))
            e2 = other.for_seat(v)
            STATS["permuted"] += 1
            assert repr(e2) == repr(e), f"seat {v}'s export depends on hidden cards"
            assert json.dumps(e2.to_json()) == text, f"seat {v}'s export JSON depends on hidden"


def privacy_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        table = g.make(rnd, seed=rnd.getrandbits(64) | (1 << 63))
        check_views(g, table, rnd)
        exported = 0
        for _ in range(rnd.randint(1, 60)):
            if not step_legal(g, table, rnd):
                break
            check_views(g, table, rnd, counterfactual=rnd.random() < 0.5)
            for h in table.history[exported:]:
                check_exports(g, table, h, rnd)
            exported = len(table.history)
            STATS["accepted"] += 1

    return target


TARGETS: dict[str, Callable[[random.Random], None]] = {}
for _name in GAMES:
    TARGETS[f"save_{_name}"] = save_target(_name)
    TARGETS[f"actions_{_name}"] = actions_target(_name)
    TARGETS[f"privacy_{_name}"] = privacy_target(_name)
