"""Diamondback dealing odds and odds in play, checked against the plain-Python reference."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pedron._kernels.diamondback_eval import odds_counts
from pedron.diamondback import (
    HANDS,
    CardSet,
    Odds,
    dealing_counts,
    dealing_odds,
    deck_counts,
    evaluate,
    odds,
)
from pedron.errors import (
    ArrayError,
    CardError,
    DuplicateCardError,
    PedronError,
    PedronTypeError,
    PedronValueError,
)
from pedron.reference import diamondback as ref

DECK_SIZE = {2: 15, 3: 29, 4: 43}

# ---------------------------------------------------------------- dealing odds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealing_counts_match_direct_count(players):
    counts = dealing_counts(players)
    assert list(counts) == list(HANDS)
    assert {h.name: n for h, n in counts.items()} == ref.dealing_counts(players)
    assert sum(counts.values()) == comb(DECK_SIZE[players], 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealing_odds_are_exact_fractions(players):
    probs = dealing_odds(players)
    assert list(probs) == list(HANDS)
    assert all(isinstance(p, Fraction) for p in probs.values())
    assert sum(probs.values()) == 1
    total = comb(DECK_SIZE[players], 2)
    for hand, n in dealing_counts(players).items():
        assert probs[hand] == Fraction(n, total)


def test_dealing_odds_rules_example():
    probs = dealing_odds(2, names=True)
    assert probs == {h.name: p for h, p in dealing_odds(2).items()}
    assert dealing_counts(3, names=True)["Queen-King"] == 48
    assert probs["Priestess-Priestess"] == Fraction(1, 105)
    assert probs["Magician-Priestess"] == Fraction(2, 105)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_better_hand_not_always_rarer(players):
    probs = list(dealing_odds(players).values())  # best first
    assert any(probs[i] > probs[j] for i, j in itertools.combinations(range(14), 2))


@pytest.mark.parametrize("players", [1, 5, 0, -(2**70)])
def test_dealing_bad_players(players):
    with pytest.raises(PedronValueError, match="2 to 4 players"):
        dealing_odds(players)


@pytest.mark.parametrize("players", [True, "3", None, 3.0])
def test_dealing_players_of_another_type(players):
    # (read as exact ints since issue 29: a bool, text or a float is not a count)
    with pytest.raises(PedronTypeError, match="players must be an int"):
        dealing_odds(players)


def test_deck_counts():
    assert deck_counts(2) == (5, 4, 3, 2, 1)
    assert deck_counts(3) == (10, 8, 6, 4, 1)
    assert deck_counts(4) == (15, 12, 9, 6, 1)


# ---------------------------------------------------------------- reference helpers


def _ref_fractions(counts: dict[str, int]) -> dict[str, Fraction]:
    total = counts["total"]
    return {name: Fraction(counts[name], total) for name in ref.OUTCOMES}


def _kernel_fractions(o: Odds) -> dict[str, Fraction]:
    return {
        "win": o.win,
        "share2": o.shares[0],
        "share3": o.shares[1],
        "share4": o.shares[2],
        "carry": o.carry,
        "lose": o.lose,
    }


def _check_record(o: Odds) -> None:
    assert o.win + o.share + o.carry + o.lose == 1
    assert sum(o.shares) == o.share
    assert sum(o.counts) == o.deals
    assert o.equity == o.win + o.shares[0] / 2 + o.shares[1] / 3 + o.shares[2] / 4
    assert 0 <= o.equity <= 1
    floats = o.as_floats()
    assert floats["win"] == o.p_win == float(o.win)
    assert abs(sum(floats[k] for k in ("win", "share", "carry", "lose")) - 1) < 1e-12


@st.composite
def situations(draw, max_hidden: int = 6):
    """A valid situation: players, hero ranks, revealed (None or rank) per opponent, dead."""
    players = draw(st.sampled_from([2, 3, 4]))
    counts = list(deck_counts(players))

    def take(rank: int) -> bool:
        if counts[rank] == 0:
            return False
        counts[rank] -= 1
        return True

    ranks = st.integers(0, 4)
    a = draw(ranks)
    assume(take(a))
    b = draw(ranks)
    assume(take(b))
    k = draw(st.integers(1, players - 1))
    revealed = []
    for _ in range(k):
        r = draw(st.one_of(st.none(), ranks))
        if r is not None:
            assume(take(r))
        revealed.append(r)
    dead = []
    for r in draw(st.lists(ranks, max_size=DECK_SIZE[players] - 2)):
        if take(r):
            dead.append(r)
    hidden = sum(1 if r is None else 0 for r in revealed) + k
    assume(sum(counts) >= hidden and hidden <= max_hidden)
    return players, [a, b], revealed, dead


# ---------------------------------------------------------------- odds == reference


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(situations())
def test_odds_equal_reference_by_ranks(situation):
    players, hand, revealed, dead = situation
    o = odds(hand, revealed=revealed, dead=dead, players=players)
    _check_record(o)
    assert _kernel_fractions(o) == _ref_fractions(ref.odds_by_ranks(hand, revealed, dead, players))


def _id_enumeration_size(players, revealed, dead, hand):
    pool = DECK_SIZE[players] - len(hand) - len(dead) - sum(r is not None for r in revealed)
    size = 1
    for r in revealed:
        need = 1 if r is not None else 2
        size *= comb(pool, need)
        pool -= need
    return size


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(situations(max_hidden=4))
def test_odds_equal_reference_by_card_ids(situation):
    players, hand, revealed, dead = situation
    assume(_id_enumeration_size(players, revealed, dead, hand) <= 20_000)
    o = odds(hand, revealed=revealed, dead=dead, players=players)
    counts = ref.odds_by_ids(hand, revealed, dead, players)
    assert _kernel_fractions(o) == _ref_fractions(counts)
    assert o.deals == counts["total"]  # same unit: sets of hidden cards per opponent


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("hand", [h.ranks for h in HANDS])
def test_every_hand_full_table_before_reveal(players, hand):
    o = odds(list(hand), players=players)  # all opponents in, none revealed yet
    _check_record(o)
    if players < 4:
        assert _kernel_fractions(o) == _ref_fractions(
            ref.odds_by_ranks(list(hand), [None] * (players - 1), [], players)
        )


@pytest.mark.parametrize(
    "hand, revealed",
    [
        ([3, 1], [None, None, None]),
        ([0, 0], [None, None, None]),
        ([4, 3], [3, None, 4 - 4]),
        ([2, 2], [2, 2, 2]),
        ([1, 0], [None, 1, None]),
    ],
)
def test_four_player_full_table_against_reference(hand, revealed):
    o = odds(hand, revealed=revealed, players=4)
    assert _kernel_fractions(o) == _ref_fractions(ref.odds_by_ranks(hand, revealed, [], 4))


@pytest.mark.slow
def test_references_agree_with_each_other():
    for hand, revealed, dead, players in [
        ([0, 0], [None, None], [], 3),
        ([3, 1], [2, None], [0, 0], 3),
        ([2, 1], [None], [], 2),
        ([4, 0], [3, 0, None], [1] * 8, 4),
    ]:
        assert _ref_fractions(ref.odds_by_ids(hand, revealed, dead, players)) == _ref_fractions(
            ref.odds_by_ranks(hand, revealed, dead, players)
        )


# ---------------------------------------------------------------- semantics


def test_heads_up_tie_is_carry_over():
    # 2 players: hero K K, opponent shows K; every other card is dead but one King.
    o = odds("K K", revealed=["K"], dead="P P P P P Q Q Q S S M")
    assert (o.win, o.share, o.carry, o.lose) == (0, 0, 1, 0)
    assert o.equity == 0


def test_two_tied_best_of_three_share():
    # 3 players: only Kings unseen. Opponent 1 shows a Queen -> Queen-King (tie);
    # opponent 2 shows a Priest -> King-Priest (worse). The pot is divided.
    dead = ["P"] * 9 + ["Q"] * 4 + ["S"] * 4 + ["M"]
    o = odds("Q K", revealed=["Q", "P"], dead=dead, players=3)
    assert o.shares == (1, 0, 0) and o.share == 1
    assert o.share_pot == Fraction(1, 2) == o.equity


def test_all_tied_of_three_carry():
    dead = ["P"] * 10 + ["Q"] * 3 + ["S"] * 4 + ["M"]
    o = odds("Q K", revealed=["Q", "Q"], dead=dead, players=3)
    assert o.carry == 1


def test_three_way_share_in_four():
    dead = ["P"] * 14 + ["Q"] * 6 + ["S"] * 6 + ["M"]  # only Kings unseen
    o = odds("Q K", revealed=["Q", "Q", "P"], dead=dead, players=4)
    assert o.shares == (0, 1, 0) and o.share_pot == Fraction(1, 3)
    dead4 = ["P"] * 15 + ["Q"] * 5 + ["S"] * 6 + ["M"]
    o4 = odds("Q K", revealed=["Q", "Q", "Q"], dead=dead4, players=4)
    assert o4.carry == 1


def test_best_hand_cannot_lose():
    for players in (2, 3, 4):
        o = odds("M S", players=players)
        assert o.lose == 0
        assert o.carry == 0  # nobody else can hold Magician-Priestess


def test_revealed_magician_by_opponent():
    o = odds("S S", revealed=["M"])
    # opponent wins only with a Priestess: none left in the 2-player deck.
    assert o.lose == 0 and o.win == 1


def test_defaults_and_forms():
    base = odds([2, 1], revealed=[None, 3], players=3)
    assert odds("Q K", revealed=[None, "S"], players=3) == base
    assert odds("Queen King", revealed=(None, 3)) == base  # players = 1 + opponents
    assert odds(evaluate("QK"), revealed=[None, "S4"]) == base
    assert odds([14 + 10, 14 + 6], revealed=[None, 13], players=3, ids=True) == base
    assert odds(CardSet("Q1 K1"), revealed=[None, "S1"], players=3) == base
    assert odds("QK", opponents=2, players=3) == odds("QK", revealed=[None, None], players=3)
    assert odds("QK", players=4) == odds("QK", revealed=[None] * 3, players=4)
    assert odds("QK") == odds("QK", revealed=[None], players=2)
    assert odds("QK", revealed="S Q", players=4) == odds("QK", revealed=[3, 2], players=4)
    assert odds("QK", dead="P P", players=2) == odds("QK", dead=[0, 0], players=2)
    assert odds("QK", dead=CardSet("P1 P2")) == odds("QK", dead=[0, 0])


def test_record_repr_and_hash():
    o = odds("QK", players=3)
    assert "Odds(win=" in repr(o)
    assert hash(o) == hash(odds("QK", players=3))
    with pytest.raises(AttributeError):
        o.win = Fraction(1)  # type: ignore[misc]


def test_from_counts_validates():
    with pytest.raises(PedronValueError):
        Odds.from_counts((1, 0, 0, 0, 0, 0), 2)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"hand": "M M"}, CardError, "Magician-Magician"),
        ({"hand": "X Q"}, CardError, "not a Diamondback card"),
        ({"hand": "M S", "revealed": ["Joker"]}, CardError, "not a Diamondback card"),
        ({"hand": "M S", "revealed": ["M"]}, CardError, "2 Magicians"),
        ({"hand": "M S", "dead": "M", "players": 3}, CardError, "2 Magicians"),
        (
            {"hand": "S S", "revealed": ["S", "S"], "dead": "S S S", "players": 3},
            CardError,
            "7 Priestesses .* 3-player deck has only 4",
        ),
        ({"hand": "S S", "revealed": ["S"]}, CardError, "3 Priestesses"),
        ({"hand": "S5 S1", "players": 3}, CardError, "S5 .* not in the 3-player deck"),
        ({"hand": "Q K", "dead": "S3", "players": 2}, CardError, "not in the 2-player deck"),
        ({"hand": "S1 Q1", "dead": "S1"}, DuplicateCardError, "S1 given twice"),
        ({"hand": [0, 13], "revealed": [13], "ids": True}, DuplicateCardError, "twice"),
        ({"hand": "Q K", "players": 5}, PedronValueError, "2 to 4 players"),
        ({"hand": "Q K", "players": 1}, PedronValueError, "2 to 4 players"),
        ({"hand": "Q K", "players": True}, PedronTypeError, "players must be an int"),
        ({"hand": "Q K", "revealed": [None] * 3, "players": 3}, PedronValueError, "1 to 2"),
        ({"hand": "Q K", "revealed": [None] * 4}, PedronValueError, "2 to 4 players"),
        ({"hand": "Q K", "revealed": []}, PedronValueError, "0 opponents"),
        ({"hand": "Q K", "opponents": 0}, PedronValueError, "0 opponents"),
        ({"hand": "Q K", "opponents": 3, "players": 2}, PedronValueError, "1 to 1"),
        ({"hand": "Q K", "revealed": [None], "opponents": 2}, PedronValueError, "opponents=2"),
        ({"hand": "Q K", "opponents": "2"}, PedronTypeError, "opponents"),
        ({"hand": "Q K", "revealed": 3}, PedronTypeError, "revealed"),
        ({"hand": "Q K", "dead": 3}, PedronTypeError, "dead"),
        ({"hand": "Q K", "dead": [None]}, PedronTypeError, "NoneType"),
        ({"hand": "Q K", "dead": [7]}, CardError, "rank out of range"),
        ({"hand": "Q K", "revealed": [9]}, CardError, "rank out of range"),
        ({"hand": "Q K", "revealed": [60], "ids": True}, CardError, "id out of range"),
        ({"hand": "Q K", "revealed": ["Q K"]}, CardError, "one card"),
        (
            {"hand": "Q K", "dead": "P P P P P K K K Q Q S M"},
            PedronValueError,
            "only 1 unseen cards",
        ),
    ],
)
def test_bad_odds_input(kwargs, error, words):
    with pytest.raises(error, match=words):
        odds(**kwargs)


def test_errors_are_pedron_errors():
    with pytest.raises(PedronError):
        odds("M S", revealed=["M"])
    with pytest.raises(ValueError):
        odds("M S", revealed=["M"])


@pytest.mark.parametrize(
    "args, words",
    [
        ((5, [1, 1, 1, 1, 1], []), "1..3 opponents"),
        ((5, [1, 1, 1, 1, 1], [None] * 4), "1..3 opponents"),
        ((5, [1, 1, 1, 1], [None]), "5 rank counts"),
        ((5, [1, -1, 1, 1, 1], [None]), "out of range 0..255"),
        ((5, [1, 256, 1, 1, 1], [None]), "out of range 0..255"),
        ((0, [1, 1, 1, 1, 1], [None]), "hero strength"),
        ((5, [1, 1, 1, 1, 1], [7]), "revealed rank"),
        ((5, [1, 0, 0, 0, 0], [None]), "not enough"),
    ],
)
def test_kernel_validates(args, words):
    with pytest.raises(ArrayError, match=words):
        odds_counts(*args)


def test_user_doc_examples():
    import doctest
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "diamondback_odds.md"
    if not doc.exists():
        pytest.skip("docs not present")
    text = doc.read_text(encoding="utf-8").replace("```", "")
    test = doctest.DocTestParser().get_doctest(text, {}, doc.name, str(doc), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
