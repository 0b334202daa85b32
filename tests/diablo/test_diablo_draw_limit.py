"""DrawLimit: the one rule of how many cards a Diablo player may exchange.

The game's legality (``DrawLimit.why_not``), the legal-action maximum
(``most_for``), the advisor (``draw_odds``) and the bots' fast path
(``best_exchange``) must all agree on it, for every limit.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedron.cards import parse_cards
from pedron.diablo import DrawLimit, Rules, Table, draw_odds
from pedron.drawpoker import best_exchange
from pedron.engine.moves import Bet, Call, Check, Draw
from pedron.errors import (
    CardError,
    DuplicateCardError,
    PedronError,
    PedronTypeError,
    PedronValueError,
    RulesError,
)
from pedron.reference.draw import exchange_tallies

EVERY_LIMIT = [DrawLimit(m) for m in range(5)] + [DrawLimit(m, True) for m in range(1, 5)]
ACE = 12


def ids(limit: DrawLimit) -> str:
    return repr(limit)


def legal_by_rule(hand, limit):
    """The discard tuples (in hand order) that ``why_not`` accepts."""
    return {
        disc
        for d in range(6)
        for disc in combinations(hand, d)
        if limit.why_not(hand, disc) is None
    }


def reference_best(hand, limit, wild, dead):
    """The discards ``draw_odds`` must rank first, by brute force through
    :mod:`pedron.reference.draw`: the highest mean final strength (exactly), then
    fewer cards, then the lower discard mask (position ``i`` counting ``2**i``); no
    exchange of more cards than are unseen."""
    unseen = 52 - 5 - len(dead)

    def key(disc):
        by_strength, _ = exchange_tallies(hand, disc, wild=wild, dead=dead)
        mean = Fraction(sum(s * n for s, n in by_strength.items()), sum(by_strength.values()))
        return (-mean, len(disc), sum(1 << hand.index(c) for c in disc))

    return min((d for d in legal_by_definition(hand, limit) if len(d) <= unseen), key=key)


def legal_by_definition(hand, limit):
    """The same set straight from the documented definition."""
    out = set()
    for d in range(6):
        for disc in combinations(hand, d):
            kept = [c for c in hand if c not in disc]
            if d > limit.most:
                continue
            if limit.ace_for_most and d == limit.most and not any(c >> 2 == ACE for c in kept):
                continue
            out.add(disc)
    return out


# --- construction ---------------------------------------------------------------


def test_fields_defaults_repr_and_text():
    assert DrawLimit(2) == DrawLimit(2, False) == DrawLimit(most=2)
    assert DrawLimit(4, True) != DrawLimit(4)
    assert hash(DrawLimit(3)) == hash(DrawLimit(3))
    assert repr(DrawLimit(2)) == "DrawLimit(2)"
    assert repr(DrawLimit(4, True)) == "DrawLimit(4, ace_for_most=True)"
    assert str(DrawLimit(2)) == "up to 2 cards"
    assert str(DrawLimit(1)) == "up to 1 card"
    assert str(DrawLimit(0)) == "no exchange"
    assert str(DrawLimit(4, True)) == "up to 3 cards, or 4 keeping an ace"
    assert str(DrawLimit(1, True)) == "1 keeping an ace"
    with pytest.raises(AttributeError):
        DrawLimit(2).most = 3  # type: ignore[misc]


def test_limits_pickle_and_the_rules_keep_theirs():
    import copy
    import pickle

    for limit in EVERY_LIMIT:
        assert pickle.loads(pickle.dumps(limit)) == limit == copy.deepcopy(limit)
    rules = Rules(more_draw=True)
    assert rules.draw_limit is rules.draw_limit  # computed once per (frozen) Rules
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.draw_limit == DrawLimit(4, True)
    assert rules.replace(more_draw=False).draw_limit == DrawLimit(2)
    assert "draw_limit" not in rules.to_json()


def test_most_is_normalised_to_a_plain_int():
    limit = DrawLimit(np.int64(3))  # type: ignore[arg-type]
    assert type(limit.most) is int and limit == DrawLimit(3)


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ((6,), PedronValueError, "0..5, not 6"),
        ((-1,), PedronValueError, "0..5, not -1"),
        ((True,), PedronTypeError, "bool"),
        ((2.0,), PedronTypeError, "float"),
        (("2",), PedronTypeError, "str"),
        ((np.array([1, 2]),), PedronTypeError, "ndarray"),
        ((2, 1), PedronTypeError, "ace_for_most must be a bool"),
        ((2, None), PedronTypeError, "ace_for_most must be a bool"),
        ((0, True), PedronValueError, "needs most >= 1"),
    ],
)
def test_bad_limits(args, error, words):
    with pytest.raises(error, match=words):
        DrawLimit(*args)


def test_json_round_trip_and_bad_json():
    for limit in EVERY_LIMIT:
        assert DrawLimit.from_json(limit.to_json()) == limit
    assert DrawLimit(4, True).to_json() == {"most": 4, "ace_for_most": True}
    assert DrawLimit.from_json({"most": 3}) == DrawLimit(3)
    with pytest.raises(PedronTypeError):
        DrawLimit.from_json([4, True])
    with pytest.raises(PedronValueError, match="'most'"):
        DrawLimit.from_json({"most": 4, "ace": True})
    with pytest.raises(PedronValueError, match="'most'"):
        DrawLimit.from_json({"ace_for_most": True})
    with pytest.raises(PedronValueError):
        DrawLimit.from_json({"most": 9})


# --- the table's limit ------------------------------------------------------------


def test_from_rules_and_rules_draw_limit():
    assert DrawLimit.from_rules(Rules()) == DrawLimit(2) == Rules().draw_limit
    assert Rules(more_draw=True).draw_limit == DrawLimit(4, True)
    assert Rules(more_draw=True, max_draw=1).draw_limit == DrawLimit(4, True)
    for m in range(5):
        assert Rules(max_draw=m).draw_limit == DrawLimit(m)  # 4 here: any four cards
    with pytest.raises(PedronTypeError, match="Rules"):
        DrawLimit.from_rules({"max_draw": 2})  # type: ignore[arg-type]


@pytest.mark.parametrize("max_draw", [5, 6, 100])
def test_rules_refuse_an_exchange_keeping_no_card(max_draw):
    with pytest.raises(RulesError, match=r"0\.\.4.*keeps at least one card"):
        Rules(max_draw=max_draw)


def test_an_int_max_draw_means_what_rules_max_draw_means():
    # One mapping of (max_draw, more_draw): Rules, draw_odds and the CLI share it.
    assert [DrawLimit.from_max_draw(m) for m in range(6)] == [DrawLimit(m) for m in range(6)]
    for m in range(5):
        assert DrawLimit.from_max_draw(m) == Rules(max_draw=m).draw_limit
        assert DrawLimit.from_max_draw(m, True) == DrawLimit(4, True) == Rules(
            max_draw=m, more_draw=True).draw_limit
    with pytest.raises(PedronValueError, match="max_draw"):
        DrawLimit.from_max_draw(6)
    with pytest.raises(PedronTypeError, match="max_draw"):
        DrawLimit.from_max_draw(True)
    with pytest.raises(PedronTypeError, match="more_draw"):
        DrawLimit.from_max_draw(2, 1)  # type: ignore[arg-type]


# --- one exchange ----------------------------------------------------------------


def test_why_not_messages():
    hand = parse_cards("Kc 3d 5h 7s 9c")
    with_ace = parse_cards("Ac 3d 5h 7s 9c")
    more = DrawLimit(4, True)
    assert more.why_not(with_ace, with_ace[1:]) is None
    assert more.why_not(hand, hand[1:]) == (
        "four cards may be exchanged only when the card kept is an ace"
    )
    assert more.why_not(hand, hand) == "at most 3 cards (4 keeping an ace), not 5"
    assert more.why_not(hand, hand[:3]) is None
    assert DrawLimit(2).why_not(hand, hand[:3]) == "at most 2 cards may be exchanged, not 3"
    assert DrawLimit(1).why_not(hand, hand[:2]) == "at most 1 card may be exchanged, not 2"
    assert DrawLimit(0).why_not(hand, hand[:1]) == "no cards may be exchanged, not 1"
    assert DrawLimit(0).why_not(hand, ()) is None
    assert DrawLimit(4).why_not(hand, hand[1:]) is None  # any four cards
    assert DrawLimit(3, True).why_not(hand, hand[:3]) == (
        "three cards may be exchanged only when the cards kept include an ace"
    )
    assert DrawLimit(3, True).why_not(with_ace, with_ace[2:]) is None
    assert DrawLimit(3, True).why_not(hand, hand[:4]) == (
        "at most 2 cards (3 keeping an ace), not 4"
    )
    assert DrawLimit(1, True).why_not(hand, hand[:1]) == (
        "one card may be exchanged only when the cards kept include an ace"
    )
    assert DrawLimit(1, True).why_not(hand, hand[:2]) == (
        "at most 1 card, and only when the cards kept include an ace, not 2"
    )


def test_a_kept_deuce_is_not_an_ace():
    hand = parse_cards("2c 3d 5h 7s 9c")
    more = DrawLimit(4, True)
    assert more.most_for(hand) == 3
    assert "ace" in (more.why_not(hand, hand[1:]) or "")
    for wild in (True, False):
        assert all(len(o.discard) <= 3 for o in draw_odds(hand, more, wild=wild))
        assert len(best_exchange(tuple(hand), more, wild)) <= 3
    # An ace of any suit counts.
    for ace in parse_cards("Ac Ad Ah As"):
        held = [ace, *hand[1:]]
        assert more.most_for(held) == 4
        assert more.why_not(held, held[1:]) is None


def test_most_for():
    no_ace, ace = parse_cards("Kc 3d 5h 7s 9c"), parse_cards("Kc 3d Ah 7s 9c")
    for m in range(5):
        assert DrawLimit(m).most_for(no_ace) == m == DrawLimit(m).most_for(ace)
    for m in range(1, 5):
        assert DrawLimit(m, True).most_for(no_ace) == m - 1
        assert DrawLimit(m, True).most_for(ace) == m


@pytest.mark.parametrize("limit", EVERY_LIMIT, ids=ids)
def test_most_for_is_the_largest_accepted_count(limit):
    rng = random.Random(5)
    for _ in range(40):
        hand = rng.sample(range(52), 5)
        counts = {len(d) for d in legal_by_rule(hand, limit)}
        assert max(counts) == limit.most_for(hand)
        assert counts == set(range(limit.most_for(hand) + 1))


@pytest.mark.parametrize(
    ("held", "discards", "error", "words"),
    [
        ([1, 2, 3, 4, 5], [6], CardError, "not in the hand"),
        ([1, 2, 3, 4, 5], [1, 1], DuplicateCardError, "twice"),
        ([1, 2, 3, 4], [1], PedronValueError, "exactly 5 cards, got 4"),
        ([1, 2, 3, 4, 4], [1], DuplicateCardError, "duplicate"),
        ([1, 2, 3, 4, 52], [1], CardError, "out of range"),
        ([1, 2, 3, 4, 5], [-1], CardError, "out of range"),
        ([1, 2, 3, 4, True], [1], PedronTypeError, "bool"),
        ([1, 2, 3, 4, 5], [1.0], PedronTypeError, "float"),
        ("Ac Kd 3h 4s 5c", [1], PedronTypeError, "sequence of card ints"),
        (12345, [1], PedronTypeError, "sequence of card ints"),
    ],
)
def test_why_not_bad_input(held, discards, error, words):
    with pytest.raises(error, match=words):
        DrawLimit(2).why_not(held, discards)


def test_numpy_cards_are_accepted():
    hand = np.array(parse_cards("Ac 3d 5h 7s 9c"), dtype=np.int64)
    assert DrawLimit(4, True).why_not(hand, hand[1:]) is None
    assert DrawLimit(4, True).most_for(hand) == 4


# --- the advisor lists exactly the legal exchanges -----------------------------------


@pytest.mark.parametrize("limit", EVERY_LIMIT, ids=ids)
def test_advisor_lists_exactly_what_why_not_accepts(limit):
    rng = random.Random(limit.most * 2 + limit.ace_for_most)
    hands = [rng.sample(range(52), 5) for _ in range(25)]
    # Hands with aces, deuces and both, where the ace rule matters most.
    hands += [parse_cards(t) for t in ("Ac 2d 7h 8s As", "2c 2d 2h 2s Ah", "2c 3d 5h 7s 9c",
                                       "Ac Kd Qh Js Ts", "Kc Kd 3h 8s Jc")]
    for i, hand in enumerate(hands):
        # Dead cards keep the four-card enumerations small; they never hide an
        # exchange because at least four cards stay unseen.
        dead = [c for c in range(52) if c not in hand][: 20 if i % 2 else 0]
        listed = {o.discard for o in draw_odds(hand, limit, wild=bool(i % 3), dead=dead)}
        assert listed == legal_by_rule(hand, limit) == legal_by_definition(hand, limit), hand


def test_an_int_a_limit_and_rules_agree():
    rng = random.Random(11)
    for _ in range(10):
        hand = rng.sample(range(52), 5)
        for m in range(5):
            assert draw_odds(hand, m) == draw_odds(hand, DrawLimit(m))
            assert draw_odds(hand, m) == draw_odds(hand, Rules(max_draw=m))
        assert draw_odds(hand, Rules(more_draw=True)) == draw_odds(hand, DrawLimit(4, True))


def test_draw_four_keeping_a_king_is_listed_for_max_draw_4():
    # Rules(max_draw=4) lets a player keep the king and draw four: so does
    # draw_odds(hand, 4). Only the More draw limit asks for a kept ace.
    hand = parse_cards("Kh 7c 8d 9s 3h")
    king = parse_cards("Kh")[0]
    keeps = {o.keep for o in draw_odds(hand, 4, dead="Qc Jd") if len(o.discard) == 4}
    assert (king,) in keeps and len(keeps) == 5
    for more in (DrawLimit(4, True), Rules(more_draw=True)):
        odds = draw_odds(hand, more, dead="Qc Jd")
        assert max(len(o.discard) for o in odds) == 3
        assert all(o.keep != (king,) for o in odds)


# (max_draw, more_draw) of every draw setting Rules has.
RULES_DRAW_SETTINGS = [(m, False) for m in range(5)] + [(2, True)]


@pytest.mark.parametrize(("max_draw", "more_draw"), RULES_DRAW_SETTINGS)
def test_advisor_options_are_the_games_legal_draws(max_draw, more_draw):
    """For every draw setting of Rules, the exchanges draw_odds lists (given the
    int, or the Rules) are exactly those the game accepts at the draw."""
    rules = Rules(max_draw=max_draw, more_draw=more_draw)
    planned = [
        # a king kept alone (no ace), two aces with a deuce, a deuce that is no ace
        {"hands": {0: "Kh 7c 8d 9s 3h", 1: "Ac 2d 7h 8s As", 2: "2c 3d 5h 7s 9c"}},
        {"hands": {0: "Ah Kd Qh Js Ts", 1: "2h 2s 6c 8c Jd", 2: "4c 4d 9h Qs 5c"}},
    ]
    table = Table(3, rules=rules, seed=7, orders=planned)
    seen = 0
    for _ in range(3):  # the two planned deals, then a shuffled one
        game = table.next_deal()
        while game.phase != "draw" and not game.done:  # one bet, called: to the draw
            kinds = {a.kind for a in game.legal_actions()}
            game.apply(Bet(rules.min_bet_before) if "bet" in kinds else Call())
        while game.phase == "draw":
            actor = game.to_act
            held = game.cards[actor]
            accepted = set()
            for k in range(6):
                for disc in combinations(held, k):
                    try:
                        game.verify(Draw(disc))
                    except PedronError:
                        continue
                    accepted.add(disc)
            dead = [c for c in range(52) if c not in held][:25]  # (small enumerations)
            listed = {o.discard for o in draw_odds(held, rules, dead=dead)}
            assert listed == accepted, (held, rules.draw_limit)
            if not more_draw:
                assert {o.discard for o in draw_odds(held, max_draw, dead=dead)} == accepted
            legal = game.legal_actions()[0]
            assert legal.max == rules.draw_limit.most_for(held)
            game.apply(Draw(()))
            seen += 1
        while not game.done:  # (to the next deal)
            kinds = {a.kind for a in game.legal_actions()}
            game.apply(Check() if "check" in kinds else Call())
    assert seen == 9


def test_any_four_cards_keeping_a_king():
    # The case that used to disagree: Rules(max_draw=4) lets a player keep a
    # king and draw four; the advisor now lists it.
    hand = parse_cards("Kc 3d 5h 7s 9c")
    limit = Rules(max_draw=4).draw_limit
    assert limit.why_not(hand, hand[1:]) is None
    fours = [o for o in draw_odds(hand, limit, dead="Qc Jd") if len(o.discard) == 4]
    assert sorted(o.keep for o in fours) == sorted((c,) for c in hand)
    assert {o.outcomes for o in fours} == {45 * 44 * 43 * 42 // 24}  # C(45, 4)


def brute_force(hand, limit, wild, dead):
    from pedron.diablo import evaluate

    unseen = [c for c in range(52) if c not in hand and c not in dead]
    out = {}
    for disc in legal_by_definition(hand, limit):
        keep = [c for c in hand if c not in disc]
        total = n = 0
        for new in combinations(unseen, len(disc)):
            total += evaluate(keep + list(new), wild=wild).strength
            n += 1
        out[disc] = (n, total)
    return out


@pytest.mark.parametrize(
    ("text", "limit", "wild"),
    [
        ("Kc 3d 5h 7s 9c", DrawLimit(4), True),
        ("Kc 3d 5h 7s 9c", DrawLimit(4), False),
        ("Ac 2d 7h 8s Kd", DrawLimit(3, True), True),
        ("Ac 2d 7h 8s Kd", DrawLimit(2, True), False),
        ("9c 9d 2h 2s Kd", DrawLimit(1, True), True),
    ],
)
def test_new_limits_match_brute_force(text, limit, wild):
    hand = parse_cards(text)
    dead = [c for c in range(52) if c not in hand][::3] + [51 - c for c in range(5)]
    dead = sorted({c for c in dead if c not in hand})
    odds = draw_odds(hand, limit, wild=wild, dead=dead)
    assert {o.discard: (o.outcomes, o.total_strength) for o in odds} == brute_force(
        hand, limit, wild, dead
    )


# --- best_exchange is draw_odds' first choice ------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
    limit=st.sampled_from([lim for lim in EVERY_LIMIT if lim.most <= 3]),
    wild=st.booleans(),
)
def test_best_exchange_is_the_advisors_first_choice(hand, limit, wild):
    assert best_exchange(tuple(hand), limit, wild) == draw_odds(hand, limit, wild=wild)[0].discard


@settings(max_examples=12, deadline=None)
@given(
    hand=st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
    ace=st.booleans(),
    wild=st.booleans(),
)
def test_best_exchange_four_card_limits(hand, ace, wild):
    limit = DrawLimit(4, ace)
    assert best_exchange(tuple(hand), limit, wild) == draw_odds(hand, limit, wild=wild)[0].discard


def test_best_exchange_breaks_ties_like_the_advisor():
    # Only two wilds are unseen. Discarding either seven makes four aces for
    # sure (the best, and equal); standing pat and discarding an ace both
    # make aces full (equal again). Ties go to fewer cards, then hand order.
    dead = [c for c in range(52) if c not in parse_cards("2c 2d Ah Ad Ac 7s 7h")]
    for text in ("Ah Ad Ac 7s 7h", "Ah Ad Ac 7h 7s", "7h Ah Ad 7s Ac"):
        hand = tuple(parse_cards(text))
        odds = draw_odds(hand, 1, dead=dead)
        exp = [Fraction(o.total_strength, o.outcomes) for o in odds]
        sevens = [c for c in hand if c >> 2 == 5]
        aces = [c for c in hand if c >> 2 == ACE]
        assert exp[0] == exp[1] > exp[2] == exp[3] == exp[4] == exp[5]
        assert [o.discard for o in odds] == [(c,) for c in sevens] + [()] + [(c,) for c in aces]
        assert reference_best(hand, DrawLimit(1), True, frozenset(dead)) == (sevens[0],)


@settings(max_examples=300, deadline=None)
@given(
    order=st.permutations(list(range(52))),
    unseen=st.integers(1, 8),
    limit=st.sampled_from(EVERY_LIMIT),
    wild=st.booleans(),
)
def test_best_discard_with_few_unseen_cards(order, unseen, limit, wild):
    # With a handful of unseen cards many exchanges tie: the tie-breaks decide.
    hand, dead = tuple(order[:5]), order[5 + unseen:]
    best = draw_odds(hand, limit, wild=wild, dead=dead)[0].discard
    assert best == reference_best(hand, limit, wild, frozenset(dead))


def test_best_exchange_bad_input():
    with pytest.raises(PedronTypeError, match="DrawLimit"):
        best_exchange((1, 2, 3, 4, 5), 2, True)  # type: ignore[arg-type]
    with pytest.raises(DuplicateCardError):
        best_exchange((1, 2, 3, 4, 4), DrawLimit(2), True)
    with pytest.raises(CardError):
        best_exchange((1, 2, 3, 4, 52), DrawLimit(2), True)
    with pytest.raises(PedronValueError, match="exactly 5"):
        best_exchange((1, 2, 3, 4), DrawLimit(2), True)
    with pytest.raises(PedronTypeError, match="float"):
        best_exchange((1, 2, 3, 4, 5.0), DrawLimit(2), True)  # type: ignore[arg-type]
    with pytest.raises(PedronTypeError, match="bool"):
        best_exchange((1, 2, 3, 4, True), DrawLimit(2), True)
    assert best_exchange((1, 2, 3, 4, np.int8(5)), DrawLimit(0), True) == ()  # type: ignore[arg-type]




def test_an_ace_rule_without_cards_to_exchange_is_refused():
    with pytest.raises(PedronValueError, match="ace_for_most needs most >= 1"):
        DrawLimit(0, True)


# --- pedron draw: the same mapping, and the limit named ---------------------------------


def _pedron_draw(capsys, *argv, more_draw=False):
    from pedron.cli import build_parser, commands

    args = build_parser().parse_args(["draw", *argv, *(["--more-draw"] if more_draw else [])])
    assert commands.cmd_draw(args) == 0
    return capsys.readouterr().out


def test_cli_draw_heading_names_the_limit_applied(capsys):
    hand = ("Kh", "7c", "8d", "9s", "3h")
    head = _pedron_draw(capsys, *hand, "--max-draw", "4").splitlines()[0]
    assert head.startswith("31 choices for Kh 7c 8d 9s 3h (deuces wild, up to 4 cards)")
    head = _pedron_draw(capsys, *hand, more_draw=True).splitlines()[0]
    assert head.startswith("26 choices for ")
    assert "(deuces wild, up to 3 cards, or 4 keeping an ace), best first" in head
    assert _pedron_draw(capsys, *hand, "--max-draw", "0").startswith(
        "1 choice for Kh 7c 8d 9s 3h (deuces wild, no exchange)")
    assert "(natural, up to 2 cards)" in _pedron_draw(capsys, *hand, "--natural")


def test_cli_max_draw_4_keeps_the_king_and_draws_four(capsys):
    hand = ("Kh", "7c", "8d", "9s", "3h")
    listed = json.loads(_pedron_draw(capsys, *hand, "--max-draw", "4", "--top", "40", "--json"))
    assert {"keep": "Kh", "discard": "7c 8d 9s 3h"}.items() <= listed[0].items()  # the best
    more = json.loads(_pedron_draw(capsys, *hand, "--top", "40", "--json", more_draw=True))
    assert len(more) == 26 and max(len(c["discard"].split()) for c in more) == 3
