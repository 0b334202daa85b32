"""pedron's OpenSpiel games: OpenSpiel's random simulation test, exact chance, privacy."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import pedron.spiel  # noqa: E402,F401  (registers the games)
from pedron.errors import PedronError  # noqa: E402

DIAMONDBACK = [
    {},
    {"stacks": 6, "bet_sizes": "1;2;4"},
    {"variant": "dealers", "stacks": 5},
    {"players": 3, "stacks": 4, "tie_rule": "split"},
    {"players": 4, "stacks": 3, "carry": "refund", "dealer": 2},
    {"carry": "lost", "all_in": False},
]
DIABLO = [
    {},
    {"players": 4, "declare": True, "more_draw": True},
    {"dealers_choice": True, "jacks_or_better": True},
    {"variant": "draw", "carry": "lost", "max_raises": -1, "stacks": 8},
]
ALL = [("python_pedron_diamondback", p) for p in DIAMONDBACK] + [
    ("python_pedron_diablo", p) for p in DIABLO]


@pytest.mark.parametrize(("name", "params"), ALL, ids=[f"{n[14:]}-{p}" for n, p in ALL])
def test_openspiel_random_sim_test_with_serialization(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def first_decision(game, outcomes):
    state = game.new_initial_state()
    for o in outcomes:
        assert state.is_chance_node()
        state.apply_action(o)
    return state


def test_diamondback_deal_probabilities_are_the_rules():
    """The chance nodes deal each two-card hand with its probability in the 2-player deck
    (docs/rules.md: Priestess-Priestess 1 way in 105, Magician-Priestess 2 ways)."""
    game = pyspiel.load_game("python_pedron_diamondback", {})
    prob: dict[tuple[int, int], Fraction] = {}
    total = Fraction(0)

    def walk(state, p, depth):
        nonlocal total
        if depth == 4:
            # seat 1 (the dealer's left) gets the 1st and 3rd cards
            hand = tuple(sorted((path[0], path[2])))
            prob[hand] = prob.get(hand, Fraction(0)) + p
            total += p
            return
        for o, q in state.chance_outcomes():
            path.append(o)
            child = state.child(o)
            walk(child, p * Fraction(q).limit_denominator(1000), depth + 1)
            path.pop()

    path: list[int] = []
    walk(game.new_initial_state(), Fraction(1), 0)
    assert total == 1
    assert prob[(3, 3)] == Fraction(1, 105)  # Priestess-Priestess
    assert prob[(3, 4)] == Fraction(2, 105)  # Magician-Priestess
    assert prob[(0, 0)] == Fraction(10, 105)  # Priest-Priest: C(5,2) of C(15,2)
    assert (4, 4) not in prob  # one Magician: Magician-Magician is impossible


def test_diablo_chance_is_uniform_over_unseen_cards():
    game = pyspiel.load_game("python_pedron_diablo", {})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and all(p == pytest.approx(1 / 52) for _, p in outcomes)
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    assert len(state.deal.deck.stock) == 52 - 15
    # play to the draw and ask for replacements: uniform over the 37 undealt cards
    while not state.is_terminal():
        if state.is_chance_node():
            out = state.chance_outcomes()
            assert len(out) == len(state.deal.deck.stock) - len(state._chosen)
            assert sum(p for _, p in out) == pytest.approx(1.0)
            held = {c for h in state.deal.cards for c in h}
            assert not held & {o for o, _ in out}
            state.apply_action(rng.choice([o for o, _ in out]))
        else:
            legal = state.legal_actions()
            draws = [a for a in legal if a >= game.settings.actions.draw_at + 3]
            state.apply_action(draws[0] if draws else rng.choice(legal))


def test_returns_are_chips_and_carry_is_valued_as_asked():
    for carry in ("split", "refund", "lost"):
        game = pyspiel.load_game("python_pedron_diamondback", {"carry": carry})
        rng = random.Random(1)
        carried = 0
        for _ in range(300):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    o, p = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(o, p)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            result = state.deal.result
            returns = state.returns()
            if result.carry:
                carried += 1
                if carry == "lost":
                    assert returns == [float(x) for x in result.net]
                    assert sum(returns) == -result.carry
                else:
                    assert sum(returns) == pytest.approx(0.0)
                    assert returns == [0.0, 0.0]  # heads-up, equal stakes: both get theirs back
            else:
                assert returns == [float(x) for x in result.net]
        assert carried > 5


def swapped(state, seat, size, own=False):
    """Copies of ``state`` in which a card another player holds unseen is exchanged
    for a card ``seat`` cannot see (the deal's records changed to match); ``own``:
    ``seat``'s own unshown cards too (what a public observation must not show)."""
    deal = state.deal
    hidden = [(s, c) for s in deal.order if own or s != seat for c in deal.cards[s]
              if c not in deal.shown[s]]
    used = {c for r in deal.history for c in r.cards} | {c for h in deal.cards for c in h}
    spare = [c for c in range(size) if c not in used]
    out = []
    for _, c in hidden:
        for other in [r for _, r in hidden if r != c][:1] + spare[:1]:
            copy = state.clone()
            swap = {c: other, other: c}
            d = copy.deal
            d.cards = [tuple(swap.get(x, x) for x in h) for h in d.cards]
            d.history = [r if not r.private else dataclasses.replace(
                r, cards=tuple(swap.get(x, x) for x in r.cards)) for r in d.history]
            d._seen = None
            out.append(copy)
    return out


@pytest.mark.parametrize(("name", "params"), ALL, ids=[f"{n[14:]}-{p}" for n, p in ALL])
def test_information_states_never_show_a_hidden_card(name, params):
    game = pyspiel.load_game(name, params)
    size = 52 if "diablo" in name else 43
    rng = random.Random(2)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                o, p = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(o, p)[0])
                continue
            for seat in range(game.num_players()):
                mine = (state.information_state_string(seat), state.observation_string(seat),
                        state.information_state_tensor(seat), state.observation_tensor(seat))
                for other in swapped(state, seat, size):
                    theirs = (other.information_state_string(seat),
                              other.observation_string(seat),
                              other.information_state_tensor(seat),
                              other.observation_tensor(seat))
                    assert theirs[:2] == mine[:2]
                    assert np.array_equal(theirs[2], mine[2])
                    assert np.array_equal(theirs[3], mine[3])
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10


def test_information_state_at_the_first_bet_depends_only_on_own_cards():
    """Every deal that gives the dealer the same two ranks leads to the same information
    state for him (chance outcomes for the other seat are invisible)."""
    game = pyspiel.load_game("python_pedron_diamondback", {})
    seen: dict[tuple[int, int], set[str]] = {}

    def walk(state, path):
        if not state.is_chance_node():
            seen.setdefault((path[1], path[3]), set()).add(state.information_state_string(0))
            return
        for o, _ in state.chance_outcomes():
            walk(state.child(o), [*path, o])

    walk(game.new_initial_state(), [])
    assert len(seen) == 24  # the 14 hands, the two orders of a mixed one apart (4 + 2 * 10)
    with pytest.raises(PedronError):
        first_decision(game, [4, 4])  # one Magician only
    assert all(len(strings) == 1 for strings in seen.values())
    assert len({next(iter(s)) for s in seen.values()}) == len(seen)  # and tells them apart


def test_bad_parameters():
    with pytest.raises(PedronError):
        pyspiel.load_game("python_pedron_diamondback", {"carry": "never"})
    with pytest.raises(PedronError):
        pyspiel.load_game("python_pedron_diamondback", {"bet_sizes": "1,2"})
    with pytest.raises(PedronError):
        pyspiel.load_game("python_pedron_diablo", {"players": 7, "more_draw": True})
    with pytest.raises(PedronError):
        pyspiel.load_game("python_pedron_diamondback", {"variant": "match"})


# -- an action outside legal_actions() is refused, never played as another (issue 29) ------


def _random_states(name, params, seed, count=3):
    """Every state of a few random games (chance and player nodes alike)."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            if state.is_chance_node():
                o, p = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(o, p)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "params"), ALL, ids=[f"{n[14:]}-{p}" for n, p in ALL])
def test_an_action_outside_legal_actions_is_refused(name, params):
    from pedron.errors import IllegalActionError

    game = pyspiel.load_game(name, params)
    top = game.num_distinct_actions()
    refused = 0
    for state in _random_states(name, params, seed=3):
        legal = set(state.legal_actions())
        outside = [*sorted(set(range(top + 60)) - legal)[::7], 10**6, 2**40,
                   # (issue 29: OpenSpiel's own SpielError for -1, pybind11's TypeError past
                   # int64 or for a float, a bool played as 0 or 1)
                   -1, -(2**70), 2**63, 10**30, 5.0, True, False, "5", None, np.float64(1)]
        before = state.serialize()
        for action in outside:
            with pytest.raises(pyspiel.SpielError) as err:
                state.apply_action(action)
            assert isinstance(err.value, IllegalActionError), type(err.value)
            assert "legal" in str(err.value)
            assert state.serialize() == before  # unchanged
            refused += 1
    assert refused > 50


@pytest.mark.parametrize("name", ["python_pedron_diamondback", "python_pedron_diablo"])
def test_action_to_string_refuses_an_action_outside_the_encoding(name):
    # Issue 29: a bare IndexError past the encoding, and a negative action or chance
    # outcome named as another (read from the end of a tuple).
    game = pyspiel.load_game(name, {})
    state = game.new_initial_state()
    outcomes = [o for o, _ in state.chance_outcomes()]
    for outcome in (-1, max(outcomes) + 1, 10**9):
        with pytest.raises(pyspiel.SpielError, match="no chance outcome"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0]).startswith("deal ")
    n = game.num_distinct_actions()
    for action in (-1, n, 10**9):
        with pytest.raises(pyspiel.SpielError, match="no action"):
            state.action_to_string(0, action)
    for bad in (2**63, 1.0, True, "1"):
        with pytest.raises(pyspiel.SpielError, match="ints"):
            state.action_to_string(0, bad)
    assert state.action_to_string(0, n - 1)


def test_diamondback_bet_outside_the_legal_sizes_is_not_played_as_another():
    # Issue 29's case: legal [5, 6, 7, 8] (bets of 1..4 with 4 chips), 9 was played as 4.
    game = pyspiel.load_game("python_pedron_diamondback", {})
    state = first_decision(game, [0, 1, 2, 3])
    assert state.legal_actions() == [5, 6, 7, 8]
    with pytest.raises(pyspiel.SpielError, match="not legal now"):
        state.apply_action(9)
    assert state.legal_actions() == [5, 6, 7, 8] and state.history() == [0, 1, 2, 3]


# -- the observation type is honoured: a public observation shows no private card -----------


def _observations(game, state, player, iig):
    from open_spiel.python.observation import make_observation

    obs = make_observation(game, iig)
    obs.set_from(state, player)
    return obs.string_from(state, player), np.array(obs.tensor)


PUBLIC = [("python_pedron_diamondback", {}), ("python_pedron_diamondback", {"players": 3}),
          ("python_pedron_diablo", {}), ("python_pedron_diablo", {"players": 4, "declare": True})]


@pytest.mark.parametrize("recall", [False, True])
@pytest.mark.parametrize(("name", "params"), PUBLIC, ids=[f"{n[14:]}-{p}" for n, p in PUBLIC])
def test_public_observations_show_no_private_card(name, params, recall):
    # Issue 30: private_info=NONE showed the seat's own cards. Now any card nobody has
    # shown, the player's own included, can be exchanged without changing it.
    game = pyspiel.load_game(name, params)
    public = pyspiel.IIGObservationType(perfect_recall=recall, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    private = pyspiel.IIGObservationType(perfect_recall=recall, public_info=True,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    size = 52 if "diablo" in name else 43
    rng = random.Random(7)
    checked = differs = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                o, p = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(o, p)[0])
                continue
            for seat in range(game.num_players()):
                text, tensor = _observations(game, state, seat, public)
                for other in swapped(state, seat, size, own=True):
                    t2, x2 = _observations(game, other, seat, public)
                    assert t2 == text
                    assert np.array_equal(x2, tensor)
                    checked += 1
                mine, mine_tensor = _observations(game, state, seat, private)
                differs += mine != text and not np.array_equal(mine_tensor, tensor)
                if "diablo" in name:  # (Diablo's cards are words: none of his in the text)
                    from pedron.cards import format_card

                    unshown = set(state.deal.cards[seat]) - set(state.deal.shown[seat])
                    assert not {format_card(c) for c in unshown} & set(
                        text.replace(",", " ").replace("[", " ").replace("]", " ").split())
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20 and differs > 5


def test_observation_types_not_offered_are_refused():
    from pedron.errors import PedronValueError

    game = pyspiel.load_game("python_pedron_diamondback", {})
    for iig in (
        pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                   private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
        pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                   private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
    ):
        with pytest.raises(PedronValueError):
            game.make_py_observer(iig)
