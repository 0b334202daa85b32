"""Seeded random playouts: thousands of hands, engine invariants after every action.

After each action: chips are conserved and no stack is negative; every listed
legal action is accepted (on a clone); a set of illegal actions is rejected
without any change; the views reveal nothing hidden. After each session:
replay from the seed and restore from JSON reproduce it exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pedron.diamondback import Table, replay
from pedron.diamondback.rules import Rules
from pedron.engine import to_move
from pedron.errors import PedronError
from tests.refusals import refusal

SCENARIOS = [
    Rules(),
    Rules.dealers(),
    Rules.match(),
    Rules(tie_rule="seated", odd_chip="carry", all_in=False),
    Rules(deal_order="two_at_a_time", cap_to_stacks=False, min_bet=2, max_bet=7),
    Rules.dealers(ante_max=3, tie_rule="split", next_dealer="left"),
]


def session_ops(table):
    """The session's operations as a save holds them (its log: docs/histories.md)."""
    return json.loads(json.loads(table.to_json())["log"])


def pick(rnd: random.Random, legal) -> Any:
    a = rnd.choice(legal)
    if a.kind in ("bet", "ante"):
        return (a.kind, rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)]))
    if a.kind == "reveal":
        return ("reveal", rnd.choice(a.cards))
    return (a.kind,)


def every_legal(legal) -> list[Any]:
    out = []
    for a in legal:
        if a.kind in ("bet", "ante"):
            out += [(a.kind, x) for x in {a.min, a.max, (a.min + a.max) // 2}]
        elif a.kind == "reveal":
            out += [("reveal", c) for c in a.cards]
        else:
            out.append((a.kind,))
    return out


def some_illegal(hand, legal, rnd) -> list[Any]:
    kinds = {a.kind for a in legal}
    out = [(k,) for k in ("bet", "stop", "match", "fold", "ante") if k not in kinds]
    out.append(("raise", 1))
    for a in legal:
        if a.kind in ("bet", "ante"):
            out += [(a.kind, a.max + 1), (a.kind, 0), (a.kind, -a.min),
                    (a.kind, a.min + 0.5)]
            if a.min > 1:
                out.append((a.kind, a.min - 1))
        if a.kind == "match":
            out.append(("match", a.min + 1))
    actor = hand.to_act
    others = [s for s in range(hand.n) if s != actor]
    first = legal[0]
    args = [first.min] if first.min is not None else list(first.cards[:1])
    out.append(to_move((first.kind, *args)).with_seat(rnd.choice(others)))
    held = set(hand.cards[actor])
    foreign = [c for s in others for c in hand.cards[s]] + [42]
    out.append(("reveal", rnd.choice([c for c in foreign if c not in held])))
    return out


def check_view(table, hand, seat):
    v = table.view(seat).deal
    assert v is not None
    assert v.my_cards == hand.cards[seat]
    for s in range(table.n):
        if s != seat:
            assert set(v.shown[s]) <= set(hand.shown[s])
    for r in v.history:
        if r.private and r.seat != seat:
            assert r.cards == ()
    if hand.to_act == seat:
        assert list(v.legal) == hand.legal_actions()


def oracle_settlement(hand, stacks_before, carry_in):
    """Payouts and carry-over recomputed chip layer by chip layer (an
    independent oracle for the ledger's level cutting; units are chips)."""
    from pedron.diamondback.hand import strength_of_ids

    rules, n = hand.rules, hand.n
    committed = [0] * n
    for r in hand.history:
        if r.kind in ("bet", "match"):
            committed[r.seat] += r.amount
    live = set(hand.dealt_in) - {r.seat for r in hand.history if r.kind == "fold"}
    all_in = {s for s in live if stacks_before[s] == committed[s]}
    strength = {s: strength_of_ids(*hand.cards[s]) for s in live}
    # One pot per run of chip layers with the same eligible seats.
    pots = [[carry_in, frozenset(live)]]
    for layer in range(1, max(committed) + 1):
        chips = sum(1 for c in committed if c >= layer)
        eligible = frozenset(s for s in live if s not in all_in or committed[s] >= layer)
        if eligible == pots[-1][1]:
            pots[-1][0] += chips
        elif eligible:
            pots.append([chips, eligible])
        else:
            pots[-1][0] += chips
    payouts, carry = [0] * n, 0
    order = hand.order
    dealt = len(hand.dealt_in)
    for amount, eligible in pots:
        if not amount:
            continue
        if len(eligible) == 1:
            payouts[next(iter(eligible))] += amount
            continue
        best = max(strength[s] for s in eligible)
        tied = sorted((s for s in eligible if strength[s] == best), key=order.index)
        if len(tied) == len(eligible) and (
            rules.tie_rule == "showdown"
            or (rules.tie_rule == "seated" and (dealt == 2 or len(tied) == dealt))
        ):
            carry += amount
            continue
        share, odd = divmod(amount, len(tied))
        for i, s in enumerate(tied):
            payouts[s] += share
            if rules.odd_chip == "first_left" and i < odd:
                payouts[s] += 1
        if rules.odd_chip == "carry":
            carry += odd
    return tuple(payouts), carry


def check_chips(table, total):
    led = table.ledger
    assert led.total == total
    assert sum(led.stacks) + sum(led.committed) + led.carry == total
    assert min(led.stacks) >= 0 and led.carry >= 0


def run_session(rules: Rules, players: int, seed: int, hands: int, deep: bool) -> int:
    rnd = random.Random(seed)
    stacks = [rnd.randint(3, 40) for _ in range(players)]
    table = Table(players, stacks, rules, seed=seed, keep_history=True)
    total = table.total
    played = 0
    while played < hands and not table.over:
        if rules.variant == "match" and rnd.random() < 0.03:
            seat = rnd.choice([s for s in range(players) if table.seated[s]])
            if rnd.random() < 0.5:
                table.vote_end(seat)
            else:
                total -= table.leave(seat)
            check_chips(table, total)
            continue
        carry_before = table.carry
        stacks_before = table.stacks
        hand = table.next_deal()
        played += 1
        while not hand.done:
            legal = hand.legal_actions()
            assert legal
            if deep:
                before = table.getstate()
                for action in every_legal(legal):
                    clone = table.clone()
                    clone.last.apply(action)
                    check_chips(clone, total)
                for action in some_illegal(hand, legal, rnd):
                    with pytest.raises(PedronError):
                        hand.apply(action)
                    assert refusal(hand, action) is not None
                assert table.getstate() == before
                for seat in hand.dealt_in:
                    check_view(table, hand, seat)
            hand.apply(pick(rnd, legal))
            check_chips(table, total)
        # What the players won or lost balances the change of the carry-over.
        assert sum(hand.result.net) + hand.result.carry - carry_before == 0
        if rules.rate == 1 and not rules.has_ante:
            expected = oracle_settlement(hand, stacks_before, carry_before)
            assert (hand.result.payouts, hand.result.carry) == expected
    # Replay and restore reproduce the session exactly.
    saved = table.to_json()
    again = replay(session_ops(table), players=players, stacks=stacks, rules=rules, seed=seed,
                   keep_history=True)
    assert again.to_json() == saved
    # ... event for event:
    assert again.history == table.history
    assert again.results == table.results
    restored = Table.from_json(saved)
    assert restored.to_json() == saved
    assert [h.records for h in restored.history] == [h.records for h in table.history]
    return played


@pytest.mark.parametrize("rules", SCENARIOS, ids=lambda r: r.variant)
@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4))])
def test_random_playouts_deep(rules, players):
    total = 0
    seed = 1000 * players + SCENARIOS.index(rules)
    while total < 200:
        total += run_session(rules, players, seed, 50, deep=True)
        seed += 7919


@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4))])
def test_random_playouts_many_hands(players):
    total = 0
    seed = players
    while total < 4000:
        rules = SCENARIOS[seed % len(SCENARIOS)]
        total += run_session(rules, players, seed, 200, deep=False)
        seed += 104729


def test_restore_mid_hand_continues_identically():
    rnd = random.Random(3)
    for seed in range(40):
        t = Table(rnd.randint(2, 4), 20, SCENARIOS[seed % len(SCENARIOS)], seed=seed)
        for _ in range(rnd.randint(1, 6)):
            if t.over:
                break
            h = t.next_deal()
            while not h.done and rnd.random() < 0.9:
                h.apply(pick(rnd, h.legal_actions()))
            if not h.done:
                break
        r = Table.from_json(t.to_json())
        c = t.clone()
        moves = random.Random(seed)
        for tbl in (t, r, c):
            moves.seed(seed)
            for _ in range(20):
                if tbl.over:
                    break
                if not tbl.in_progress:
                    tbl.next_deal()
                tbl.last.apply(pick(moves, tbl.last.legal_actions()))
        assert t.to_json() == r.to_json() == c.to_json()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 4),
    rules=st.sampled_from(SCENARIOS),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_hypothesis_playouts(players, rules, seed, data):
    """Hypothesis chooses every action (and shrinks any failing game)."""
    stacks = data.draw(st.lists(st.integers(1, 30), min_size=players, max_size=players))
    table = Table(players, stacks, rules, seed=seed, keep_history=True)
    total = table.total
    for _ in range(data.draw(st.integers(1, 6))):
        if table.over:
            break
        hand = table.next_deal()
        while not hand.done:
            legal = hand.legal_actions()
            action = data.draw(st.sampled_from(every_legal(legal)))
            before = table.getstate()
            bad = data.draw(st.sampled_from(some_illegal(hand, legal, random.Random(seed))))
            with pytest.raises(PedronError):
                hand.apply(bad)
            assert table.getstate() == before
            hand.apply(action)
            check_chips(table, total)
    saved = table.to_json()
    assert Table.from_json(saved).to_json() == saved
    again = replay(session_ops(table), players=players, stacks=stacks, rules=rules, seed=seed,
                   keep_history=True)
    assert again.to_json() == saved
