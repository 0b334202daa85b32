"""Regressions of issue 29 ("Every input and every thread") fixed on top of the
kernels' boundary work: unsigned saves and hand histories read exactly (never
silently normalised), exact numbers where a number ranks or pays, flags that
are flags, one validation order with documented ceilings. Each test failed on
the code before its fix. (The shared deck's crash and the thread-safety
contract: test_thread_contract.py.)
"""

from __future__ import annotations

import json
import math
import random
import time
from decimal import Decimal
from fractions import Fraction
from functools import cache

import games_targets as gt
import pytest

from pedron import Generator, deal_batch, diablo, diamondback
from pedron.bots import parse_bot
from pedron.drawpoker import Beat, outcome_classes, outcome_rows
from pedron.envs.observations import view_text
from pedron.errors import (
    ArrayError,
    PedronTypeError,
    PedronValueError,
    RulesError,
    SaveError,
    SeedError,
)

np = pytest.importorskip("numpy")


# -- unsigned saves: refused, never normalised ------------------------------------------------


def _session(game: str, keep: bool, deals: int = 2, seed: int = 7) -> tuple[object, str]:
    """A table of ``game`` after ``deals`` deals and a few moves into the next, and its save."""
    g = gt.GAMES[game]
    rnd = random.Random(seed)
    table = g.Table(3, 1000, seed=seed, keep_history=keep)
    while table.deals_played < deals + 1 and not table.over:
        gt.step_legal(g, table, rnd)
    while not (table.in_progress and len(table.current.moves) >= 2):
        assert gt.step_legal(g, table, rnd)
    return g.Table, table.to_json()


GAMES = ["diamondback", "diablo"]


@cache
def kept_save(game: str) -> tuple[object, str]:
    """A save of ``game`` with kept histories, mid-deal."""
    return _session(game, keep=True)


@cache
def between_save(game: str) -> tuple[object, str]:
    """A save of ``game`` without kept histories, between deals (its last deal saved)."""
    g = gt.GAMES[game]
    rnd = random.Random(11)
    table = g.Table(3, 1000, seed=11, keep_history=False)
    while table.deals_played < 3 or table.in_progress:
        gt.step_legal(g, table, rnd)
    return g.Table, table.to_json()


def _refused(Table, data, *names: str) -> str:
    """``data`` (a save as parsed JSON) is refused with a SaveError naming each of ``names``."""
    with pytest.raises(SaveError) as caught:
        Table.from_json(json.dumps(data))
    message = str(caught.value)
    for name in names:
        assert name in message, message
    return message


def _edit_history(data: dict, key: str, edit) -> None:
    """Apply ``edit`` to the parsed JSON of a kept history (``key`` "history") or of
    the last deal ("last"), written back as its text."""
    if key == "history":
        h = json.loads(data["history"][0])
        edit(h)
        data["history"][0] = json.dumps(h)
    else:
        h = json.loads(data["last"])
        edit(h)
        data["last"] = json.dumps(h)


@pytest.mark.parametrize("game", GAMES)
def test_an_int_where_a_bool_is_saved_is_refused(game):
    """1 == True, so the snapshot, compared with ==, took 1 for true (and 0 for false)
    and was written back as true: the state was silently repaired."""
    Table, text = kept_save(game)
    for path in (("state", "table", "closing"), ("state", "table", "seated", 1),
                 ("state", "table", "ledger", "live", 0), ("state", "table", "events", 0, 4),
                 ("start", "ledger", "live", 2)):
        data = json.loads(text)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = int(parent[path[-1]])
        where = ".".join(str(k) for k in path if not isinstance(k, int))
        _refused(Table, data, where)


@pytest.mark.parametrize("game", GAMES)
def test_an_int_where_a_bool_is_in_the_saved_last_deal_is_refused(game):
    """A last deal's result read with 1 for true equalled the replayed one by ==."""
    Table, text = between_save(game)
    data = json.loads(text)
    assert data["last"] is not None

    def showdown_as_int(h):
        h["result"]["showdown"] = int(h["result"]["showdown"])

    _edit_history(data, "last", showdown_as_int)
    _refused(Table, data, "result")


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_key_at_the_top_of_a_save_is_refused(game):
    Table, text = kept_save(game)
    data = json.loads(text)
    data["comment"] = "saved by hand"
    _refused(Table, data, "unknown key", "comment")
    data = json.loads(text)
    del data["last"]  # (a part pedron always writes: not read as null)
    _refused(Table, data, "last")


@pytest.mark.parametrize("where", ["history", "last"])
@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_key_inside_a_kept_history_is_refused(game, where):
    Table, text = kept_save(game) if where == "history" else between_save(game)
    data = json.loads(text)
    _edit_history(data, where, lambda h: h.update(note="x"))
    _refused(Table, data, "unknown key", "note")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_kind_in_capitals_is_refused(game):
    """"BET" was read as "bet": the kept history (and the operations of the deal in
    progress) loaded and were written back in small letters."""
    Table, text = kept_save(game)
    data = json.loads(text)

    def capitals(h):
        h["moves"][0][1] = h["moves"][0][1].upper()

    _edit_history(data, "history", capitals)
    _refused(Table, data, "moves[0][1]")
    data = json.loads(text)
    moves = [op for op in data["ops"] if op[0] == "move"]
    assert moves
    moves[0][2] = moves[0][2].upper()
    _refused(Table, data, "ops[")


@pytest.mark.parametrize("game", GAMES)
def test_a_history_missing_a_rule_is_refused(game):
    """A hand history's rules without tie_rule (or any option) were read with the
    default filled in; so were a save's."""
    Table, text = kept_save(game)
    history = Table.from_json(text).history[0]
    data = history.to_json()
    assert type(history).from_json(data) == history  # (as written: read)
    rule = "tie_rule" if game == "diamondback" else "reshuffle"
    del data["rules"][rule]
    with pytest.raises(SaveError, match=rule):
        type(history).from_json(data)
    save = json.loads(text)
    del save["setup"]["rules"][rule]
    _refused(Table, save, "setup", rule)


@pytest.mark.parametrize("game", GAMES)
def test_the_generators_saved_state_must_be_exactly_its_form(game):
    """Generator.setstate ignores keys it does not know; the saved setup's generator
    was kept as read and written back with them."""
    Table, text = kept_save(game)
    data = json.loads(text)
    data["setup"]["rng"]["extra"] = 1
    _refused(Table, data, "setup.rng", "extra")


@pytest.mark.parametrize("game", GAMES)
def test_a_save_as_pedron_writes_it_still_loads_whatever_its_spacing(game):
    """Strict on values and keys, not on formatting: key order and spacing are free,
    in the save and in the kept histories' texts."""
    for Table, text in (kept_save(game), between_save(game)):
        data = json.loads(text)
        if data["history"]:
            data["history"] = [json.dumps(json.loads(h), indent=1, sort_keys=True)
                               for h in data["history"]]
        if data["last"]:
            data["last"] = json.dumps(json.loads(data["last"]), indent=2, sort_keys=True)
        table = Table.from_json(json.dumps(data, indent=3, sort_keys=True))
        again = json.loads(table.to_json())
        assert again["state"] == data["state"] and again["setup"] == data["setup"]


@pytest.mark.parametrize("game", GAMES)
def test_tables_of_both_games_round_trip(game):
    for Table, text in (kept_save(game), between_save(game)):
        assert Table.from_json(text).to_json() == text


# -- exact numbers where a number ranks or pays -----------------------------------------------

HAND = "Ah Kh 2c 7d 7s"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, np.float64("nan"),
                                 Decimal("NaN"), Decimal("Infinity")])
def test_a_custom_objective_returning_nan_or_inf_is_refused(bad):
    """NaN compares false with everything: draw_odds took it and ranked the exchanges in
    no order at all (the best exchange listed was not the best)."""
    with pytest.raises(PedronValueError, match="objective returned"):
        diablo.draw_odds(HAND, 2, objective=lambda o: bad if o.discard else 1.0)
    with pytest.raises(PedronValueError):
        diablo.best_draw(HAND, 2, objective=lambda o: bad)


def test_a_custom_objectives_numbers_are_read_exactly():
    def by(kind):
        return lambda o: kind(len(o.discard))

    plain = [o.discard for o in diablo.draw_odds(HAND, 2, objective=lambda o: len(o.discard))]
    for kind in (np.int64, np.float32, Decimal, Fraction, float):
        got = diablo.draw_odds(HAND, 2, objective=by(kind))
        assert [o.discard for o in got] == plain
        assert type(got[0].value) in (int, float, Fraction)
    for bad in ("2", None, True, [1], np.array([1.0, 2.0]), object()):
        with pytest.raises(PedronTypeError):
            diablo.draw_odds(HAND, 2, objective=lambda o, bad=bad: bad)


def test_beat_counts_are_summed_exactly_not_in_64_bits():
    """The target's counts were added in uint64: 2**64 - 1 and 2 made one opponent."""
    for target in ({5: 2**64 - 1, 6: 2}, {5: 2**63, 6: 2**63}, {5: 2**64}):
        with pytest.raises(PedronValueError, match="too large"):
            Beat(target)
    assert Beat({5: 3, 6: 4}).opponents == 7


@pytest.mark.parametrize("call", [
    lambda f: outcome_classes(f),
    lambda f: outcome_rows(f),
    lambda f: diamondback.dealing_odds(3, names=f),
    lambda f: diamondback.dealing_counts(3, names=f),
    lambda f: _observation().encode(_view(), public=f),
    lambda f: view_text(_view(), diamondback.format_id, public=f),
], ids=["outcome_classes", "outcome_rows", "dealing_odds", "dealing_counts", "encode",
        "view_text"])
def test_flags_take_true_or_false_only(call):
    """An array's truth is ambiguous (a bare numpy ValueError), and 1, "yes" or None
    were read for their truth."""
    for bad in (np.array([True, False]), np.array([True]), 1, 0, "yes", None, 1.0):
        with pytest.raises(PedronTypeError):
            call(bad)
    assert repr(call(np.bool_(True))) == repr(call(True))
    call(False)


def _view():
    table = diamondback.Table(3, seed=1)
    table.next_deal()
    return table.view(0).deal


def _observation():
    from pedron.diamondback.encodings import DiamondbackObservation

    return DiamondbackObservation(3, 300)


def test_diamondback_counts_read_numpy_ints_exactly():
    """np.int64(3) players was refused as "not 3 players"."""
    assert diamondback.odds("Q K", players=np.int64(3)) == diamondback.odds("Q K", players=3)
    assert diamondback.dealing_odds(np.int32(2)) == diamondback.dealing_odds(2)
    for bad in (3.0, Fraction(3), Decimal(3), "3"):
        with pytest.raises(PedronTypeError):
            diamondback.odds("Q K", players=bad)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400],
                         ids=["nan", "inf", "-inf", "10**400"])
def test_bot_parameters_are_finite_numbers(value):
    """aggression=nan or margin=inf were taken (NaN makes every threshold false);
    an int beyond any float raised a bare OverflowError."""
    with pytest.raises(PedronValueError):
        parse_bot({"name": "odds", "margin": value}, "diamondback")
    assert str(parse_bot({"name": "odds", "margin": 0.25}, "diamondback")) == \
        "odds:margin=0.25"


# -- one validation order: ceilings, checked before any work ------------------------------------


def test_counts_past_their_ceilings_are_pedron_errors_before_any_work():
    with pytest.raises(ArrayError, match="memory"):
        deal_batch(10**12, 5, seed=1)  # (a bare MemoryError, 4.5 TiB asked)
    with pytest.raises(SeedError, match="memory"):
        Generator(1).random_raw(2**40)  # (a bare MemoryError)
    started = time.perf_counter()
    with pytest.raises(RulesError, match="2 to 4 players"):
        diamondback.Table(10**9, seed=1)  # (a billion names made first: seconds)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize("stacks", [2**53, 10**100, 10**5000, [2**52, 2**52, 1]],
                         ids=["2**53", "10**100", "10**5000", "list"])
def test_a_tables_chips_have_a_ceiling(stacks):
    """A table of 10**5000 chips could not be saved (its stacks' text is past what
    int() may write: a bare ValueError) nor observed as floats."""
    with pytest.raises(RulesError, match="2\\*\\*53"):
        diamondback.Table(3, stacks=stacks, seed=1)
    with pytest.raises(RulesError, match="2\\*\\*53"):
        diablo.Table(3, stacks=stacks, seed=1)
    table = diamondback.Table(2, stacks=2**52, seed=1)  # (the ceiling itself: allowed)
    table.next_deal()
    assert json.loads(table.to_json())["setup"]["stacks"] == [2**52, 2**52]


@pytest.mark.parametrize("option", ["min_bet", "max_bet", "ante_min", "multiplier"])
def test_amounts_in_the_rules_have_the_same_ceiling(option):
    with pytest.raises(RulesError, match="at most"):
        diamondback.Rules(**{option: 10**100})
    with pytest.raises(RulesError, match="at most"):
        diablo.Rules(max_raises=2**60)


def test_studies_refuse_counts_past_a_machine_word():
    from pedron.match import match
    from pedron.simulation import simulate

    for options in ({"games": 2**63}, {"games": 10**5000}, {"games": 5, "session_games": 2**70},
                    {"games": 5, "stacks": 2**60}):
        with pytest.raises(PedronValueError, match="at most"):
            simulate("diamondback", players=2, **options)
    for options in ({"sets": 10**5000}, {"sets": 2, "deals": 2**64}, {"sets": 2, "stacks": 2**60}):
        with pytest.raises(PedronValueError, match="at most"):
            match("diamondback", ["odds", "random"], **options)


def test_plan_chunks_checks_its_counts_before_listing_units():
    """The surface sweep's finding: plan_chunks(1e308, 10, 5) read the float and listed
    about 10**307 units (a hang); 2**63 games in units of one was the same."""
    from pedron.simulation import plan_chunks

    for bad in (1e308, 2.5, "9", True, None):
        with pytest.raises(PedronTypeError, match="games"):
            plan_chunks(bad, 10, 5)
    for args in ((0, 10, 5), (10, 0, 5), (10, 10, -1)):
        with pytest.raises(PedronValueError, match="at least 1"):
            plan_chunks(*args)
    started = time.perf_counter()
    with pytest.raises(PedronValueError, match="units"):
        plan_chunks(2**62, 1, 1)
    assert time.perf_counter() - started < 1
    assert plan_chunks(950, 100, 250) == [(0, 3), (3, 6), (6, 9), (9, 10)]


@pytest.mark.parametrize("encoding", ["diamondback", "diablo"])
def test_an_encodings_names_refuse_an_index_outside_it(encoding):
    """describe(-1) read a name from the end of a tuple (a wrong answer); past the end,
    a bare IndexError."""
    from pedron.diablo import DiabloActions
    from pedron.diamondback.encodings import DiamondbackActions

    actions = (DiamondbackActions(diamondback.Rules(), 30) if encoding == "diamondback"
               else DiabloActions(diablo.Rules()))
    for bad in (-1, -5, actions.n, 10**9):
        with pytest.raises(PedronValueError, match="no action"):
            actions.describe(bad)
    for bad in (True, 1.0, "1"):
        with pytest.raises(PedronTypeError, match="an action is an index"):
            actions.describe(bad)
    assert actions.describe(0) == "fold"


# -- the surface sweep's findings (scripts/fuzz/surface.py) --------------------------------------


class _Liar(int):
    """An int whose comparisons all say yes (the sweep's lying subclass)."""

    def __lt__(self, other):
        return True

    __le__ = __gt__ = __ge__ = __lt__
    __hash__ = int.__hash__


def _surface_calls():
    from pedron import CardSet, Generator, cards, videopoker
    from pedron.bench import assert_same_order
    from pedron.bots import amount_between
    from pedron.diablo import DiabloActions, RuleBot
    from pedron.diamondback.bots import OddsBot
    from pedron.diamondback.solver import estimate, game_spec, solve
    from pedron.encodings import action_index
    from pedron.envs import SingleAgentEnv
    from pedron.match import match, t95
    from pedron.simulation import derive_seed, simulate

    huge = 10**5000
    flat = memoryview(bytes(10)).cast("B", (2, 5))
    return {
        # a message that wrote a refused int of 5,000 digits raised Python's ValueError
        "check_card huge": lambda: cards.check_card(huge),
        "card_id huge": lambda: diamondback.card_id(huge, 1),
        "Generator huge": lambda: Generator(huge),
        "describe huge": lambda: diablo.describe(huge),
        "threads huge": lambda: diablo.evaluate_batch([[0, 4, 8, 12, 17]], threads=huge),
        "deal k huge": lambda: deal_batch(3, huge, seed=1),
        "Beat ties huge": lambda: diablo.Beat([51, 47, 43, 39, 35], ties=huge),
        "PayRow pays huge": lambda: videopoker.PayRow("flush", huge),
        "game_spec stacks huge": lambda: game_spec(huge),
        "timeout huge": lambda: simulate("diamondback", players=2, games=2, timeout=huge),
        "t95 huge": lambda: t95(huge) and t95("3"),
        # a 0-d array, a 2-D memoryview, a range of 10**12: another library's error
        "pays 0-d": lambda: diablo.PayTable(np.array(3)),
        "best_hold 0-d": lambda: videopoker.best_hold(np.array(3)),
        "why_not 0-d": lambda: diablo.DrawLimit(2).why_not(np.array(3), [0]),
        "replay 0-d": lambda: diamondback.replay(np.array(3)),
        "return_cards 2-D": lambda: diablo.Deck(1).return_cards(flat),
        "odds dead 2-D": lambda: diamondback.odds("Q K", None, flat),
        "simulate bots 2-D": lambda: simulate("diamondback", players=2, games=2, bots=flat),
        "evaluate range": lambda: diablo.evaluate(range(10**12)),
        "CardSet range": lambda: CardSet(range(10**12)),
        "db hand range": lambda: diamondback.evaluate(range(10**12)),
        "match bots range": lambda: match("diamondback", range(10**12)),
        # numbers and arrays where text or a flag is expected (numpy's "truth value")
        "game_spec variant array": lambda: game_spec(2, np.array(["normal", "x"])),
        "rotations array": lambda: match("diamondback", ["odds", "random"], sets=1,
                                         rotations=np.array([True, False])),
        # foreign errors of one function each
        "estimate of a number": lambda: estimate(3),
        "DiabloActions of text": lambda: DiabloActions("rules"),
        "action_index n": lambda: action_index(3, "13"),
        "Odds.from_counts text": lambda: diamondback.Odds.from_counts("123456", 6),
        "replay of an int": lambda: diablo.replay(5),
        "RuleBot open_at -1": lambda: RuleBot(open_at=-1),
        "OddsBot margin nan": lambda: OddsBot(margin=math.nan),
        "amount_between text": lambda: amount_between(Generator(1), "a", 3),
        "derive_seed text": lambda: derive_seed("x", 1),
        "assert_same_order no hands": lambda: assert_same_order(diablo.strength, wild=True,
                                                                hands=[]),
        "SingleAgentEnv lying seat": lambda: SingleAgentEnv("diamondback", seat=_Liar(7)),
        "SingleAgentEnv opponents int": lambda: SingleAgentEnv("diamondback", opponents=3),
        "SingleAgentEnv reset seed -1": lambda: SingleAgentEnv("diamondback").reset(seed=-1),
        "solve lying target": lambda: solve(game_spec(2), iterations=5, target=_Liar(-1)),
    }


@pytest.mark.parametrize("name", list(_surface_calls()))
def test_the_surface_sweeps_findings_are_pedron_errors(name):
    """Each raised another library's error (or, for the lying target, was taken) on the
    code before; the sweep found them all. Each answers at once."""
    from pedron.errors import PedronError

    started = time.perf_counter()
    with pytest.raises(PedronError) as err:
        _surface_calls()[name]()
    assert isinstance(err.value, (ValueError, TypeError))
    assert len(str(err.value)) < 1000
    assert time.perf_counter() - started < 5


def test_openspiel_parameters_must_be_a_dict():
    pytest.importorskip("pyspiel")
    from pedron import spiel

    for bad in (3, "stacks=4", [("stacks", 4)], np.array([1, 2])):
        for game in (spiel.DiamondbackSpielGame, spiel.DiabloSpielGame):
            with pytest.raises(PedronTypeError, match="parameters are a dict"):
                game(bad)
    assert spiel.DiamondbackSpielGame({"stacks": 4}).num_distinct_actions() > 0


def test_a_checkpoint_path_with_a_nul_or_too_long_is_a_pedron_error(tmp_path):
    from pedron.simulation.checkpoint import check_checkpoint_path

    for bad in ("a\x00b.json", str(tmp_path / ("x" * 5000))):
        with pytest.raises(PedronValueError, match="checkpoint"):
            check_checkpoint_path(bad)
    assert check_checkpoint_path(tmp_path / "ok.json") == tmp_path / "ok.json"
