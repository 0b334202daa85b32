"""One conformance suite for every game of the engine (in the spirit of OpenSpiel's
random-simulation test).

Random playouts, with after every move: the chips add up and none is negative;
every card is in exactly one place; the pots are non-negative; ``verify``
accepts every move the legal actions describe and refuses every move they do
not (so each is derived from the other); verifying a move, accepted or not,
and a refused move leave the save and every view byte-identical; a clone and
a save/restore continue exactly as the original; no view shows a card its
viewer may not see. After every deal its hand history replays alone to the
same result, and a seat's censored copy of it holds no card he could not see.
A new game joins by adding one entry to ``GAMES``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from pedron import diablo, diamondback
from pedron.engine.actions import LegalAction
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
    Match,
    RaiseBy,
    RaiseTo,
    Reveal,
    Stop,
)
from pedron.errors import PedronError
from tests.refusals import refusal


@dataclass
class Game:
    """How the suite plays one game."""

    name: str
    table: Callable[[int, random.Random], Any]  # seed, rnd -> a new table
    cards: Callable[[Any], list[list[int]]]  # the deal in progress -> every place's cards
    hidden: Callable[[Any, int | None], set[int]]  # deal, viewer -> cards he may not see


def _diablo_table(rules: diablo.Rules) -> Callable[[int, random.Random], Any]:
    def make(seed: int, rnd: random.Random) -> Any:
        players = rnd.randint(3, 6)
        stacks = [rnd.randint(2, 40) for _ in range(players)]
        return diablo.Table(players, stacks, rules, seed=seed, keep_history=True)

    return make


def _diablo_cards(game: Any) -> list[list[int]]:
    if game.deck is None:  # the dealer has not chosen yet: nothing is dealt
        return []
    return [list(h) for h in game.cards] + [list(game.pile), list(game.deck.stock)]


def _diablo_hidden(game: Any, viewer: int | None) -> set[int]:
    hidden = set(game.deck.stock) if game.deck is not None else set()
    hidden |= set(game.pile)
    for s, held in enumerate(game.cards):
        if s != viewer and not game.shown[s]:
            hidden |= set(held)
    # Discards and replacements of others stay hidden; cards shown are public.
    for r in game.history:
        if r.private and r.seat != viewer:
            hidden |= set(r.cards)
    for s in range(game.n):
        hidden -= set(game.shown[s])
    if viewer is not None:  # his cards, and those he discarded or was dealt before
        hidden -= set(game.cards[viewer])
        hidden -= {c for r in game.history if r.private and r.seat == viewer for c in r.cards}
    return hidden


def _diamondback_table(rules: diamondback.Rules) -> Callable[[int, random.Random], Any]:
    def make(seed: int, rnd: random.Random) -> Any:
        players = rnd.randint(2, 4)
        stacks = [rnd.randint(2, 40) for _ in range(players)]
        return diamondback.Table(players, stacks, rules, seed=seed, keep_history=True)

    return make


def _diamondback_cards(hand: Any) -> list[list[int]]:
    if hand.deck is None:  # the ante round comes before the deal
        return []
    return [list(h) for h in hand.cards] + [list(hand.deck.stock)]


def _diamondback_hidden(hand: Any, viewer: int | None) -> set[int]:
    hidden = set(hand.deck.stock) if hand.deck is not None else set()
    for s, held in enumerate(hand.cards):
        if s != viewer:
            hidden |= set(held) - set(hand.shown[s])
    return hidden


GAMES = [
    Game("diablo", _diablo_table(diablo.Rules()), _diablo_cards, _diablo_hidden),
    Game("diablo-variants", _diablo_table(diablo.Rules(
        more_draw=True, cap=12, declare=True, jacks_or_better=True)),
        _diablo_cards, _diablo_hidden),
    Game("diablo-choice", _diablo_table(diablo.Rules(dealers_choice=True, all_in=False,
                                                     odd_chip="carry", reshuffle="all")),
         _diablo_cards, _diablo_hidden),
    Game("diamondback", _diamondback_table(diamondback.Rules()), _diamondback_cards,
         _diamondback_hidden),
    Game("diamondback-dealers", _diamondback_table(diamondback.Rules.dealers(
        odd_chip="carry", deal_order="two_at_a_time")), _diamondback_cards,
        _diamondback_hidden),
    Game("diamondback-split", _diamondback_table(diamondback.Rules(
        tie_rule="split", cap_to_stacks=False, all_in=False)), _diamondback_cards,
        _diamondback_hidden),
]


# -- moves from descriptors, and descriptors' own judgement of a move -----------------------
def described(legal: LegalAction, rnd: random.Random) -> list[Any]:
    """Moves the descriptor allows (its bounds and a random one inside)."""
    kind, low, high, cards, limit = legal.kind, legal.min, legal.max, legal.cards, legal.limit
    if kind in ("check", "fold", "stop"):
        return [MOVE_TYPES[kind]()]
    if kind in ("call", "match"):
        return [MOVE_TYPES[kind](), MOVE_TYPES[kind](low)]
    if kind in ("bet", "raise", "ante"):
        cls = {"bet": Bet, "raise": RaiseTo, "ante": Ante}[kind]
        return [cls(x) for x in {low, high, rnd.randint(low, high)}]
    if kind == "reveal":
        return [Reveal(c) for c in cards]
    if kind == "draw":
        out = [Draw(())]
        for k in {1, high, rnd.randint(0, high)}:
            if k:
                out.append(Draw(tuple(rnd.sample(cards, min(k, len(cards))))))
        return [m for m in out if inside(legal, m)]
    if kind in ("declare", "choose"):
        cls = Declare if kind == "declare" else Choose
        return [cls(*choice) for choice in limit.choices()]
    raise AssertionError(f"unknown kind {kind}")


def inside(legal: LegalAction, move: Any) -> bool:
    """Whether ``move`` is one of the moves ``legal`` describes (read independently of
    the engine's check: bounds, cards and the descriptor's rule)."""
    kind, low, high, cards, limit = legal.kind, legal.min, legal.max, legal.cards, legal.limit
    if move.kind != kind:
        return False
    if kind in ("bet", "raise", "ante"):
        return low <= move.amount <= high
    if kind in ("call", "match"):
        return move.amount is None or move.amount == low
    if kind == "reveal":
        return move.card in cards
    if kind == "draw":
        d = move.cards
        ok = len(set(d)) == len(d) <= high and set(d) <= set(cards)
        return ok and (limit is None or limit.why_not(move, legal) is None)
    if kind in ("declare", "choose"):
        return limit.why_not(move, legal) is None
    return True


def outside(legal: list[LegalAction], deal: Any, rnd: random.Random) -> list[Any]:
    """Moves just outside what the descriptors allow, and kinds they do not list."""
    listed = {a.kind for a in legal}
    out: list[Any] = [cls() for kind, cls in (("check", Check), ("fold", Fold), ("stop", Stop))
                      if kind not in listed]
    out += [cls(1) for kind, cls in (("bet", Bet), ("raise", RaiseTo), ("ante", Ante))
            if kind not in listed]
    out += [cls() for kind, cls in (("call", Call), ("match", Match)) if kind not in listed]
    if "reveal" not in listed:
        out.append(Reveal(0))
    if "draw" not in listed:
        out.append(Draw(()))
    out.append(RaiseBy(1) if "raise" not in listed else Check() if "check" not in listed
               else Fold())
    for a in legal:
        kind, low, high, cards = a.kind, a.min, a.max, a.cards
        if kind in ("bet", "raise", "ante"):
            cls = {"bet": Bet, "raise": RaiseTo, "ante": Ante}[kind]
            out += [cls(high + 1), cls(low - 1), cls(0)]
        elif kind in ("call", "match"):
            out.append(MOVE_TYPES[kind](low + 1))
        elif kind == "reveal":
            out.append(Reveal(max(cards) + 1))
        elif kind == "draw":
            out.append(Draw((cards[0], cards[0])))
            out.append(Draw((52,)))
            if high < len(cards) - 1:
                out.append(Draw(cards[: high + 1]))
    seats = [s for s in range(deal.n) if s != deal.to_act]
    out.append(Fold(seat=rnd.choice(seats)))
    return [m for m in out if not any(inside(a, m) for a in legal)]


def sampled(deal: Any, rnd: random.Random, count: int = 12) -> list[Any]:
    """Random moves of every kind, amounts around the stacks, cards from the deck."""
    cards = list(range(52))
    top = max(deal.ledger.stacks) + 2
    out = []
    for _ in range(count):
        kind = rnd.choice(["check", "fold", "stop", "call", "match", "bet", "raise", "ante",
                           "reveal", "draw"])
        if kind in ("check", "fold", "stop"):
            out.append(MOVE_TYPES[kind]())
        elif kind in ("call", "match"):
            out.append(MOVE_TYPES[kind](rnd.choice([None, rnd.randint(0, top)])))
        elif kind in ("bet", "raise", "ante"):
            out.append({"bet": Bet, "raise": RaiseTo, "ante": Ante}[kind](rnd.randint(-1, top)))
        elif kind == "reveal":
            held = [c for h in getattr(deal, "cards", []) for c in h]
            out.append(Reveal(rnd.choice(held + cards[:3])))
        else:
            held = list(deal.cards[deal.to_act]) if deal.to_act is not None else []
            pool = held + rnd.sample(cards, 2)
            out.append(Draw(tuple(rnd.sample(pool, rnd.randint(0, min(5, len(pool)))))))
    return out


# -- invariants -----------------------------------------------------------------------
def check_invariants(game: Game, table: Any) -> None:
    led = table.ledger
    assert sum(led.stacks) + sum(led.committed) + led.carry == led.total
    assert min(led.stacks) >= 0 and min(led.committed) >= 0 and led.carry >= 0
    deal = table.current
    if deal is None:
        return
    assert all(p.amount >= 0 for p in deal.pots())
    assert deal.current_pots() == tuple(led.pots())  # (the cached pots are the ledger's)
    places = game.cards(deal)
    every = [c for place in places for c in place]
    assert len(every) == len(set(every)), "a card is in two places"
    if places:  # (the game's own deck: the seats the deck is dealt to)
        size = table.GAME.deck_size(len(deal.order))
        assert sorted(every) == list(range(size)), "a card is missing"


def check_privacy(game: Game, table: Any) -> None:
    deal = table.current
    if deal is None:
        return
    for viewer in [*range(table.n), None]:
        view = table.view(viewer).deal
        hidden = game.hidden(deal, viewer)
        cards_seen = set(view.my_cards) | {c for r in view.history for c in r.cards} | {
            c for shown in view.shown for c in shown}
        assert not cards_seen & hidden, f"seat {viewer} sees {cards_seen & hidden}"
        assert all(r.cards == () for r in view.history if r.private and r.seat != viewer)
        if viewer != deal.to_act:
            assert view.legal == ()


def snapshot(table: Any) -> tuple[str, list[str]]:
    return table.to_json(), [json.dumps(table.view(s).to_json())
                             for s in [*range(table.n), None]]


# -- the suite --------------------------------------------------------------------------
def play(game: Game, seed: int, deals: int, deep: bool) -> int:
    rnd = random.Random(seed)
    table = game.table(seed, rnd)
    moves = 0
    while table.deals_played < deals and not table.over:
        deal = table.next_deal()
        while not deal.done:
            legal = deal.legal_actions()
            assert legal and legal == list(table.view(deal.to_act).deal.legal)
            good = [m for a in legal for m in described(a, rnd)]
            assert good
            before = snapshot(table)
            for move in good:
                assert any(inside(a, move) for a in legal)
                normal = deal.verify(move)  # accepted ...
                assert normal.seat == deal.to_act
            assert snapshot(table) == before  # (verifying an accepted move changes nothing)
            if deep:
                for move in sampled(deal, rnd):  # random moves: accepted exactly when described
                    try:
                        deal.verify(move)
                        accepted = True
                    except PedronError:
                        accepted = False
                    assert accepted == any(inside(a, move) for a in legal), move
                assert snapshot(table) == before
                for move in outside(legal, deal, rnd):
                    with pytest.raises(PedronError):  # ... and refused, changing nothing
                        deal.apply(move)
                    assert refusal(deal, move) is not None
                assert snapshot(table) == before
                check_privacy(game, table)
                twins = [table.clone(), type(table).from_json(table.to_json())]
            move = rnd.choice(good)
            deal.apply(move)
            moves += 1
            check_invariants(game, table)
            if deep:
                for twin in twins:
                    twin.current.apply(move)
                    assert twin.to_json() == table.to_json()
        history = table.history[-1]
        again = history.replay()
        assert again.result == deal.result and tuple(again.history) == tuple(deal.history)
        for seat in range(table.n):
            seen = history.for_seat(seat)  # what this player may keep of the deal
            assert seen.cards is None
            assert all(r.cards == () for r in seen.records if r.private and r.seat != seat)
            assert all(m.cards == (-1,) * len(m.cards) for m in seen.moves
                       if m.kind == "draw" and m.seat != seat)
            assert type(history).from_json(json.loads(json.dumps(seen.to_json()))) == seen
            with pytest.raises(PedronError):
                seen.replay()
    restored = type(table).from_json(table.to_json())
    assert restored.to_json() == table.to_json()
    return moves


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_random_playouts_deep(game):
    """Every check at every step, on short sessions."""
    moves = sum(play(game, seed, 4, deep=True) for seed in range(8))
    assert moves > 40


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_random_playouts_long(game):
    """The invariants and the descriptors' agreement with verify, on longer sessions."""
    moves = sum(play(game, 1000 + seed, 60, deep=False) for seed in range(8))
    assert moves > 150
