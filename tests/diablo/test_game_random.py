"""Seeded random playouts of Diablo sessions: engine invariants after every action.

After each action: chips are conserved and no stack is negative; the 52 cards
are each in exactly one place (a hand, the stock, the discards); a sample of
illegal actions is rejected without any change; every listed legal action is
accepted (on a clone); the views show a player his own cards and nothing
hidden. After each game the settlement is recomputed chip layer by chip layer
(an independent oracle for pots, ties, odd chips, dead hands and the Diablo
payment). After each session: replay from the seed and restore from JSON
reproduce it exactly, event for event.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pedron.diablo.rules import VARIANTS, Rules
from pedron.diablo.table import Table, replay
from pedron.engine import is_plain
from pedron.engine.moves import RaiseTo, to_move
from pedron.errors import PedronError
from tests.refusals import refusal


def session_ops(table):
    """The session's operations as a save holds them (its log: docs/histories.md)."""
    return json.loads(json.loads(table.to_json())["log"])


def A(kind, amount=None, cards=(), seat=None):
    """An action as the tuple form a game reads (``(kind, *arguments)``); a raise
    names the total it raises to."""
    if kind == "raise":
        return RaiseTo(amount, seat=seat)
    args = [] if amount is None else [amount]
    if kind == "draw" or (kind == "declare" and cards):
        args.append(cards)
    assert seat is None
    return (kind, *args)

SCENARIOS = [
    Rules(),
    Rules(more_draw=True, cap=15),
    Rules(jacks_or_better=True),
    Rules(declare=True),
    Rules(variant="deuces_wild", odd_chip="carry"),
    Rules(dealers_choice=True),
    Rules(dealers_choice=True, after_diablo="left", choices=("diablo", "draw"), declare=True),
    Rules(reshuffle="all", more_draw=True, max_raises=None, ante=3, min_bet_before=2,
          max_bet_before=2, min_bet_after=4, max_bet_after=4),
    Rules(variant="draw", jacks_or_better=True, max_draw=3, ante=0, max_raises=1),
    Rules(all_in=False, cap=30, min_bet_before=3, max_bet_before=8),
]
IDS = ["plain", "more-draw-cap", "jacks", "declare", "deuces-carry", "choice",
       "choice-left-declare", "all-fixed-limit", "draw-jacks", "no-all-in"]


def pick(rnd: random.Random, game, legal) -> Any:
    # Folding is rare when a check is free, so that many games reach the showdown.
    a = rnd.choice(legal)
    if a.kind == "fold" and len(legal) > 1 and rnd.random() < (0.9 if legal[0].kind == "check"
                                                                else 0.5):
        a = rnd.choice(legal[:-1])
    kind = a.kind
    if kind in ("bet", "raise"):
        return A(kind, rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)]))
    if kind == "draw":
        held = list(a.cards)
        k = rnd.randint(0, a.max)
        if k == 4:  # keep the ace
            ace = next(c for c in held if c >> 2 == 12)
            return A("draw", cards=tuple(c for c in held if c != ace))
        return A("draw", cards=tuple(rnd.sample(held, k)))
    if kind == "declare":
        v = game.hand_value(game.to_act)
        r = rnd.random()
        if r < 0.7:
            return A("declare", int(v.category), v.ranks)
        from pedron.diablo.declare import declarable

        names = list(declarable(game.wild))
        cat, ranks = rnd.choice(names)
        return A("declare", cat, ranks)
    if kind == "choose":
        return A("choose", rnd.choice(a.cards))
    return A(kind)


def every_legal(game, legal) -> list[Any]:
    out = []
    for a in legal:
        if a.kind in ("bet", "raise"):
            out += [A(a.kind, x) for x in {a.min, a.max, (a.min + a.max) // 2}]
        elif a.kind == "draw":
            held = a.cards
            out += [A("draw"), A("draw", cards=held[:1]),
                    A("draw", cards=held[-min(a.max, 3):] if a.max else ())]
        elif a.kind == "declare":
            v = game.hand_value(game.to_act)
            out.append(A("declare", int(v.category), v.ranks))
        elif a.kind == "choose":
            out += [A("choose", i) for i in a.cards]
        else:
            out.append(A(a.kind))
    return out


def some_illegal(table, game, legal, rnd) -> list[Any]:
    kinds = {a.kind for a in legal}
    out = [A(k, 1 if k in ("bet", "raise") else None)
           for k in ("check", "bet", "call", "raise", "fold") if k not in kinds]
    out += [A("draw") if "draw" not in kinds else A("bet", 1),
            A("declare", 1, (8, 7, 6, 5, 3)) if "declare" not in kinds else A("check"),
            A("choose", 0) if "choose" not in kinds else A("fold"),
            A("shuffle")]
    for a in legal:
        if a.kind in ("bet", "raise"):
            out += [A(a.kind, a.max + 1), A(a.kind, 0), A(a.kind, -1),
                    A(a.kind, a.min + 0.5), A(a.kind, str(a.min))]
            if a.min > 1:
                out.append(A(a.kind, a.min - 1))
        elif a.kind == "call":
            out.append(A("call", a.min + 1))
        elif a.kind == "draw":
            held = set(a.cards)
            foreign = [c for c in range(52) if c not in held]
            out.append(A("draw", cards=(rnd.choice(foreign),)))
            out.append(A("draw", cards=(a.cards[0], a.cards[0])))
            if a.max < 5:
                too_many = a.cards[: a.max + 1]
                if not (a.max == 3 and game.rules.more_draw
                        and a.cards[-1] >> 2 == 12 and len(too_many) == 4):
                    out.append(A("draw", cards=too_many))
            out.append(("draw", 2.5))  # (a number that is no card)
        elif a.kind == "declare":
            out += [A("declare", 10, (0, 0, 0, 0, 1)), A("declare", 11, (1,) * 5),
                    A("declare", 2, (9, 9, 3)), A("declare", 2)]
            if not game.wild:
                out.append(A("declare", 10, (12,) * 5))
        elif a.kind == "choose":
            out += [A("choose", 7), A("choose")]
            missing = [i for i in range(len(VARIANTS)) if i not in a.cards]
            if missing:
                out.append(A("choose", missing[0]))
    actor = game.to_act
    others = [s for s in range(table.n) if s != actor]
    good = every_legal(game, legal)[0]
    other = rnd.choice(others)
    out.append(to_move(good, game.ARGS).with_seat(other))
    return out


def check_chips(table, total):
    led = table.ledger
    assert led.total == total
    assert sum(led.stacks) + sum(led.committed) + led.carry == total
    assert min(led.stacks) >= 0 and led.carry >= 0


def check_cards(game):
    if game.phase in ("choose", "done"):
        return
    everything = [c for h in game.cards for c in h] + list(game.pile) + list(game.deck.stock)
    assert sorted(everything) == list(range(52))


def check_view(table, game, seat):
    tv = table.view(seat)
    v = tv.deal
    assert is_plain(v) and is_plain(tv)
    json.dumps(tv.to_json())
    assert v.my_cards == (game.cards[seat] if seat is not None else ())
    for s in range(table.n):
        if s != seat:
            assert set(v.shown[s]) <= set(game.cards[s])
            if game.phase != "done":
                assert v.shown[s] == ()
    for r in v.history:
        if r.private and r.seat != seat:
            assert r.cards == ()
    text = repr(tv)
    stock = game.deck.stock if game.deck is not None else ()
    if len(stock) > 3:
        assert str(list(stock[:4]))[1:-1] not in text
    if seat is not None and game.to_act == seat:
        assert list(v.legal) == game.legal_actions()
    else:
        assert v.legal == ()


def oracle(game, stacks_before, carry_in):
    """Payouts, carry-over and Diablo payment recomputed chip layer by chip layer."""
    rules = game.rules
    n = game.n
    committed = [0] * n
    for r in game.history:
        if r.kind in ("ante", "bet", "call", "raise"):
            committed[r.seat] += r.amount
    live = set(game.order) - {r.seat for r in game.history if r.kind == "fold"}
    all_in = {s for s in live if stacks_before[s] == committed[s]}
    value = {r.seat: r.amount for r in game.history if r.kind == "show"}
    pots = [[carry_in, frozenset(live), set()]]
    for layer in range(1, max(committed) + 1):
        payers = {s for s in range(n) if committed[s] >= layer}
        eligible = frozenset(s for s in live if s not in all_in or committed[s] >= layer)
        if eligible == pots[-1][1] or not eligible:
            pots[-1][0] += len(payers)
            pots[-1][2] |= payers
        else:
            pots.append([len(payers), eligible, set(payers)])
    payouts, carry, won_by_others, main = [0] * n, 0, 0, ()
    order = game.order
    opener = game.opener
    for i, (amount, eligible, payers) in enumerate(pots):
        if not amount:
            continue
        if len(eligible) == 1:
            (s,) = eligible
            payouts[s] += amount
            tied = [s]
            if payers == {s} and (i > 0 or not carry_in):
                continue
        else:
            best = max(value[s] for s in eligible)
            if best == 0:
                carry += amount
                continue
            tied = sorted((s for s in eligible if value[s] == best), key=order.index)
            share, odd = divmod(amount, len(tied))
            for j, s in enumerate(tied):
                payouts[s] += share + (1 if rules.odd_chip == "first_left" and j < odd else 0)
            if rules.odd_chip == "carry":
                carry += odd
        if i == 0:
            main = tuple(tied)
        if opener is not None and opener not in tied:
            won_by_others += amount
    paid = 0
    if opener is not None and game.variant == "diablo" and opener not in main:
        due = won_by_others if rules.cap is None else min(won_by_others, rules.cap)
        paid = min(due, stacks_before[opener] - committed[opener] + payouts[opener])
    return tuple(payouts), carry + paid, paid


def run_session(rules: Rules, players: int, seed: int, games: int, deep: float) -> int:
    rnd = random.Random(seed)
    stacks = [rnd.randint(3, 60) for _ in range(players)]
    table = Table(players, stacks, rules, seed=seed, dealer=rnd.randrange(players),
                  keep_history=True)
    total = table.total
    played = 0
    while not table.over:
        if played >= games and not table.closing:
            table.close()
            if table.over:
                break
        carry_before = table.carry
        stacks_before = table.stacks
        game = table.next_deal()
        played += 1
        assert game.diablo_pot == (carry_before > 0 and table.session.diablo_pot)
        while not game.done:
            legal = game.legal_actions()
            assert legal
            if rnd.random() < deep:
                before = table.to_json()
                for action in every_legal(game, legal):
                    assert refusal(game, action) is None, action
                    clone = table.clone()
                    clone.last.apply(action)
                    check_chips(clone, total)
                    check_cards(clone.last)
                for action in some_illegal(table, game, legal, rnd):
                    with pytest.raises(PedronError):
                        game.apply(action)
                    assert refusal(game, action) is not None
                assert table.to_json() == before
                for seat in game.order:
                    check_view(table, game, seat)
                check_view(table, game, None)
            game.apply(pick(rnd, game, legal))
            check_chips(table, total)
            check_cards(game)
        res = game.result
        with pytest.raises(PedronError):
            game.apply(("fold",))
        assert sum(res.net) + res.carry - carry_before == 0
        if res.passed:
            assert res.carry == carry_before + sum(-x for x in res.net)
        else:
            assert oracle(game, stacks_before, carry_before) == (
                res.payouts, res.carry, res.diablo_paid)
            # Players without chips are out.
            assert all(table.stacks[s] > 0 or not table.seated[s] or table.over
                       for s in range(players))
        if (rules.variant == "diablo" or rules.dealers_choice) and not table.over:
            assert table.series == (res.diablo_paid > 0 or (res.passed and game.diablo_pot))
    assert not table.in_progress
    assert table.carry == 0
    # Replay and restore reproduce the session exactly.
    saved = table.to_json()
    again = replay(session_ops(table), players=players, stacks=stacks, rules=rules, seed=seed,
                   dealer=table.journal.setup["dealer"], keep_history=True)
    assert again.to_json() == saved
    assert again.history == table.history
    assert again.results == table.results
    # The players' actions alone (without the close request) give the same games.
    moves = [m for h in table.history for m in h.moves]
    again2 = replay(moves, players=players, stacks=stacks, rules=rules,
                    seed=seed, dealer=table.journal.setup["dealer"], keep_history=True)
    assert again2.stacks == table.stacks
    assert [h.records for h in again2.history] == [h.records for h in table.history]
    restored = Table.from_json(saved)
    assert restored.to_json() == saved
    return played


@pytest.mark.parametrize("rules", SCENARIOS, ids=IDS)
@pytest.mark.parametrize("players", [3, *(pytest.param(n, marks=pytest.mark.slow) for n in (5, 7))])
def test_random_playouts_deep(rules, players):
    total = 0
    seed = 1000 * players + SCENARIOS.index(rules)
    while total < 60:
        total += run_session(rules, players, seed, 30, deep=0.35)
        seed += 7919


@pytest.mark.parametrize(
    "players", [3, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 5, 6)), 7])
def test_random_playouts_many_games(players):
    total = 0
    seed = players
    while total < 1500:
        rules = SCENARIOS[seed % len(SCENARIOS)]
        total += run_session(rules, players, seed, 150, deep=0.0)
        seed += 104729


def test_restore_and_clone_mid_game_continue_identically():
    rnd = random.Random(3)
    for seed in range(60):
        rules = SCENARIOS[seed % len(SCENARIOS)]
        t = Table(rnd.randint(3, 7), 30, rules, seed=seed, dealer=0)
        for _ in range(rnd.randint(1, 6)):
            if t.over:
                break
            g = t.next_deal()
            while not g.done and rnd.random() < 0.93:
                g.apply(pick(rnd, g, g.legal_actions()))
            if not g.done:
                break
        r = Table.from_json(t.to_json())
        c = t.clone()
        assert r.getstate() == t.getstate() == c.getstate()
        moves = random.Random(seed)
        for tbl in (t, r, c):
            moves.seed(seed)
            for _ in range(40):
                if tbl.over:
                    break
                if not tbl.in_progress:
                    tbl.next_deal()
                tbl.last.apply(pick(moves, tbl.last, tbl.last.legal_actions()))
        assert t.to_json() == r.to_json() == c.to_json()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=120, deadline=None)
@given(
    players=st.integers(3, 7),
    rules=st.sampled_from(SCENARIOS),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_hypothesis_playouts(players, rules, seed, data):
    """Hypothesis chooses every action (and would shrink a failing session)."""
    stacks = data.draw(st.lists(st.integers(1, 25), min_size=players, max_size=players))
    table = Table(players, stacks, rules, seed=seed, dealer=0)
    total = table.total
    for _ in range(6):
        if table.over:
            break
        game = table.next_deal()
        while not game.done:
            legal = game.legal_actions()
            a = legal[data.draw(st.integers(0, len(legal) - 1))]
            if a.kind in ("bet", "raise"):
                action = A(a.kind, data.draw(st.integers(a.min, a.max)))
            elif a.kind == "draw":
                k = data.draw(st.integers(0, min(a.max, 3)))
                action = A("draw", cards=tuple(a.cards[:k]))
            elif a.kind == "declare":
                v = game.hand_value(game.to_act)
                action = A("declare", int(v.category), v.ranks)
            elif a.kind == "choose":
                action = A("choose", data.draw(st.sampled_from(a.cards)))
            else:
                action = A(a.kind)
            assert refusal(game, action) is None
            game.apply(action)
            check_chips(table, total)
            check_cards(game)
    assert Table.from_json(table.to_json()).to_json() == table.to_json()
