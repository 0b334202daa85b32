"""Diamondback odds under each table tie rule, against an independent brute force.

The brute force here knows nothing of pedron's odds code: it builds the deck
from docs/rules.md (one Magician; per extra player 5 Priests, 4 Kings, 3 Queens,
2 Priestesses), deals every concrete set of hidden cards to the opponents,
ranks the hands with its own copy of the table and settles the showdown with
its own reading of the three tie rules.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pedron._kernels.diamondback_eval import odds_counts
from pedron.diamondback import Odds, Rules, equity, odds
from pedron.errors import PedronTypeError, PedronValueError
from pedron.reference import diamondback as ref

P, K, Q, S, M = range(5)
# docs/rules.md's table, best first, as rank pairs.
BEST_FIRST = [(M, S), (S, S), (M, Q), (M, K), (S, K), (S, Q), (S, P), (Q, K), (M, P),
              (Q, Q), (K, K), (Q, P), (K, P), (P, P)]
VALUE = {frozenset([a, b]) if a != b else frozenset([a]): 14 - i
         for i, (a, b) in enumerate(BEST_FIRST)}
TIE_RULES = ("showdown", "seated", "split")


def value(a: int, b: int) -> int:
    return VALUE[frozenset([a, b])]


def deck(players: int) -> list[int]:
    return [M] + [P] * 5 * (players - 1) + [K] * 4 * (players - 1) + [Q] * 3 * (
        players - 1) + [S] * 2 * (players - 1)


def settle(hero: int, opponents: list[int], tie_rule: str, dealt_in: int) -> str:
    everyone = [hero, *opponents]
    best = max(everyone)
    if hero < best:
        return "lose"
    tied = everyone.count(best)
    if tied == 1:
        return "win"
    if tied == len(everyone):  # every hand in the showdown is equal
        if tie_rule == "showdown":
            return "carry"
        if tie_rule == "seated" and (dealt_in == 2 or len(everyone) == dealt_in):
            return "carry"
    return f"share{tied}"


def brute_force(hand, revealed, dead, players, tie_rule, dealt_in):
    """{outcome: probability} over every concrete deal of the hidden cards."""
    cards = deck(players)
    for r in [*hand, *[r for r in revealed if r is not None], *dead]:
        cards.remove(r)  # any card of that rank: the cards of a rank are alike
    hero = value(*hand)
    tally: Counter[str] = Counter()

    def deal(j, left, strengths):
        if j == len(revealed):
            tally[settle(hero, strengths, tie_rule, dealt_in)] += 1
            return
        need = 1 if revealed[j] is not None else 2
        for chosen in itertools.combinations(range(len(left)), need):
            ranks = [left[i] for i in chosen]
            if revealed[j] is not None:
                ranks.append(revealed[j])
            rest = [c for i, c in enumerate(left) if i not in chosen]
            deal(j + 1, rest, [*strengths, value(*ranks)])

    deal(0, cards, [])
    total = sum(tally.values())
    return {name: Fraction(tally[name], total)
            for name in ("win", "share2", "share3", "share4", "carry", "lose")}


def as_outcomes(o: Odds) -> dict[str, Fraction]:
    return {"win": o.win, "share2": o.shares[0], "share3": o.shares[1],
            "share4": o.shares[2], "carry": o.carry, "lose": o.lose}


# Small situations (a few thousand deals at most) with equal hands possible.
CASES = [
    # hand, revealed (one per opponent still in), dead, players
    ([K, K], [K], "P P P P P Q Q Q", 2),
    ([Q, K], [None], "P P P P S", 2),
    ([Q, K], [Q, None], "P P P P P P P P P S S S S", 3),
    ([P, P], [P, P], "K K K K K K K Q Q Q Q Q S S S", 3),
    ([Q, K], [Q, Q], "P P P P P P P P P P Q Q Q S S S S M", 3),
    ([Q, K], [Q, Q, None], "P" * 15 + "Q" * 5 + "S" * 6 + "M", 4),
    ([Q, K], [Q, Q, Q], "P" * 15 + "Q" * 5 + "S" * 6 + "M", 4),
    ([P, P], [P, None], "K" * 12 + "Q" * 9 + "S" * 6 + "M", 4),
    ([S, K], [None, S], "P" * 14 + "Q" * 8 + "M", 4),
]


@pytest.mark.parametrize("tie_rule", TIE_RULES)
@pytest.mark.parametrize(("hand", "revealed", "dead", "players"), CASES)
def test_small_cases_against_brute_force(hand, revealed, dead, players, tie_rule):
    dead_ranks = [" PKQSM".index(c) - 1 for c in dead.replace(" ", "")]
    rules = Rules(tie_rule=tie_rule)
    for dealt_in in range(len(revealed) + 1, players + 1):
        want = brute_force(hand, revealed, dead_ranks, players, tie_rule, dealt_in)
        got = odds(hand, revealed, dead_ranks, players, rules=rules, dealt_in=dealt_in)
        assert as_outcomes(got) == want, (dealt_in, got)
        assert got.win + got.share + got.carry + got.lose == 1
        assert got.equity == want["win"] + want["share2"] / 2 + want["share3"] / 3 + want[
            "share4"] / 4
        assert equity(hand, revealed, dead_ranks, players, rules=rules,
                      dealt_in=dealt_in) == float(got.equity)


def test_the_cases_exercise_every_rule():
    # The table above must reach every kind of outcome, or it tests little.
    seen: set[str] = set()
    for hand, revealed, dead, players in CASES:
        dead_ranks = [" PKQSM".index(c) - 1 for c in dead.replace(" ", "")]
        for rule in TIE_RULES:
            for dealt_in in range(len(revealed) + 1, players + 1):
                o = odds(hand, revealed, dead_ranks, players, rules=Rules(tie_rule=rule),
                         dealt_in=dealt_in)
                seen |= {f"{rule}:{name}" for name, p in as_outcomes(o).items() if p}
    for rule in TIE_RULES:
        assert {f"{rule}:{n}" for n in ("win", "share2", "share3", "lose")} <= seen
    assert {"showdown:carry", "seated:carry", "split:share4"} <= seen
    assert "split:carry" not in seen and "showdown:share4" not in seen
    assert "seated:share4" not in seen


def test_rules_in_words():
    heads_up_tie = {"hand": "K K", "revealed": ["K"], "dead": "P P P P P Q Q Q S S M"}
    assert odds(**heads_up_tie).carry == 1
    assert odds(**heads_up_tie, rules=Rules(tie_rule="seated")).carry == 1
    split = odds(**heads_up_tie, rules=Rules(tie_rule="split"))
    assert split.carry == 0 and split.shares == (1, 0, 0) and split.equity == Fraction(1, 2)
    # Three dealt in, one folded, the two left tie: only "showdown" carries.
    folded = {"hand": "Q K", "revealed": ["Q"], "players": 3,
              "dead": ["P"] * 10 + ["Q"] * 4 + ["S"] * 4 + ["M"]}
    assert odds(**folded).carry == 1
    assert odds(**folded, rules=Rules(tie_rule="seated")).shares == (1, 0, 0)
    assert odds(**folded, rules=Rules(tie_rule="seated"), dealt_in=2).carry == 1
    # All three still in and tied: "seated" carries too.
    all_in = {"hand": "Q K", "revealed": ["Q", "Q"], "players": 3,
              "dead": ["P"] * 10 + ["Q"] * 3 + ["S"] * 4 + ["M"]}
    assert odds(**all_in, rules=Rules(tie_rule="seated")).carry == 1
    assert odds(**all_in, rules=Rules(tie_rule="split")).shares == (0, 1, 0)


def test_default_rules_are_the_showdown_rule():
    for kwargs in ({"hand": "QK", "players": 3}, {"hand": "QK", "revealed": ["Q", None]},
                   {"hand": "PP", "revealed": [None, None, 0], "players": 4}):
        base = odds(**kwargs)
        assert odds(**kwargs, rules=Rules()) == base
        assert odds(**kwargs, rules=Rules(tie_rule="showdown")) == base
        assert equity(**kwargs) == float(base.equity)
    # Under "showdown" and "split" the number dealt in does not matter.
    for rule in ("showdown", "split"):
        results = {odds("PP", revealed=[0], players=4, rules=Rules(tie_rule=rule), dealt_in=d)
                   for d in (2, 3, 4)}
        assert len(results) == 1


def test_players_default_to_dealt_in():
    assert odds("QK", revealed=[None], dealt_in=3) == odds("QK", revealed=[None], players=3)
    assert odds("QK", dealt_in=3) == odds("QK", players=3)  # two opponents: everyone in


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"rules": "split"}, PedronTypeError, "pedron.diamondback.Rules"),
        ({"rules": {"tie_rule": "split"}}, PedronTypeError, "Rules"),
        ({"dealt_in": True}, PedronTypeError, "dealt_in must be an int"),
        ({"dealt_in": 2.0}, PedronTypeError, "dealt_in must be an int"),
        ({"players": 3, "dealt_in": 4}, PedronValueError, "deck, 3 players were dealt in"),
        ({"players": 3, "revealed": [None], "dealt_in": 1}, PedronValueError,
         "2 to 3 players were dealt in"),
        ({"players": 4, "revealed": [None, None], "dealt_in": 2}, PedronValueError,
         "dealt_in=2: with 2 opponents"),
        ({"dealt_in": 5}, PedronValueError, "2 to 4 players"),
    ],
)
def test_bad_rules_and_dealt_in(kwargs, error, words):
    with pytest.raises(error, match=words):
        odds("Q K", **kwargs)
    with pytest.raises(error, match=words):
        equity("Q K", **kwargs)


# --- kernel and reference agree with the carry flag -------------------------------


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("carry", [True, False])
def test_kernel_equals_reference_every_hand_before_the_reveal(players, carry):
    counts_of = {2: [5, 4, 3, 2, 1], 3: [10, 8, 6, 4, 1]}
    for a, b in BEST_FIRST:
        for k in range(1, players):
            counts = list(counts_of[players])
            counts[a] -= 1
            counts[b] -= 1
            got = odds_counts(value(a, b), counts, [None] * k, carry)
            want = ref.odds_by_ranks([a, b], [None] * k, [], players, carry)
            total = got[6]
            assert [Fraction(x, total) for x in got[:6]] == [
                Fraction(want[n], want["total"]) for n in ref.OUTCOMES
            ], (a, b, k)


@st.composite
def situations(draw):
    players = draw(st.sampled_from([2, 3, 4]))
    left = Counter({P: 5 * (players - 1), K: 4 * (players - 1), Q: 3 * (players - 1),
                    S: 2 * (players - 1), M: 1})

    def take(rank):
        assume(left[rank] > 0)
        left[rank] -= 1
        return rank

    ranks = st.integers(0, 4)
    hand = [take(draw(ranks)), take(draw(ranks))]
    k = draw(st.integers(1, players - 1))
    revealed = [None if r is None else take(r) for r in
                draw(st.lists(st.one_of(st.none(), ranks), min_size=k, max_size=k))]
    dead = [take(r) for r in draw(st.lists(ranks, max_size=8)) if left[r] > 0]
    hidden = sum(1 if r is not None else 2 for r in revealed)
    assume(sum(left.values()) >= hidden and hidden <= 5)
    return players, hand, revealed, dead


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(situation=situations(), tie_rule=st.sampled_from(TIE_RULES), data=st.data())
def test_odds_equal_reference_under_every_rule(situation, tie_rule, data):
    players, hand, revealed, dead = situation
    dealt_in = data.draw(st.integers(len(revealed) + 1, players))
    rules = Rules(tie_rule=tie_rule)
    o = odds(hand, revealed, dead, players, rules=rules, dealt_in=dealt_in)
    carry = tie_rule == "showdown" or (tie_rule == "seated" and len(revealed) + 1 == dealt_in)
    want = ref.odds_by_ranks(hand, revealed, dead, players, carry)
    assert as_outcomes(o) == {n: Fraction(want[n], want["total"]) for n in ref.OUTCOMES}
    assert equity(hand, revealed, dead, players, rules=rules, dealt_in=dealt_in) == float(
        o.equity
    )
    if tie_rule == "split":
        assert o.carry == 0
