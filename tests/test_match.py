"""pedron.match: duplicate matches, their intervals, and the same result on every executor."""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from pedron.bots import RandomBot
from pedron.cli import main
from pedron.errors import PedronError
from pedron.match import MatchResult, match, seatings, t95

# -- bots the tests seat (module level: a process pool pickles them by reference) ----------

SEEN: list[tuple[str, int, tuple[int, ...]]] = []


class Recorder:
    """Plays as the random bot and notes the cards it holds at its first decision."""

    def __init__(self, seed: int = 0, name: str = "rec") -> None:
        self.inner = RandomBot(seed)
        self.name = name
        self.noted = False

    def __call__(self, view, legal):
        if not self.noted:
            SEEN.append((self.name, view.seat, tuple(view.my_cards)))
            self.noted = True
        return self.inner(view, legal)


def recorder_a(seed: int = 0) -> Recorder:
    return Recorder(seed, "a")


def recorder_b(seed: int = 0) -> Recorder:
    return Recorder(seed, "b")


def recorder_c(seed: int = 0) -> Recorder:
    return Recorder(seed, "c")


def not_a_bot() -> int:
    return 3


DIABLO = {"bots": {"rule": "rule", "random": "random", "open2": "rule:open=two_pair"},
          "sets": 40, "seed": 11}


# -- duplicate: the same cards at every seat, whoever sits there ----------------------------


@pytest.mark.parametrize("game, players", [("diablo", 3), ("diamondback", 3)])
def test_every_seating_of_a_set_is_dealt_the_same_cards(game, players):
    SEEN.clear()
    match(game, {"a": recorder_a, "b": recorder_b, "c": recorder_c}, players=players, sets=1,
          seed=5, stacks=50)
    # three seatings; each seat's first cards are the same in all three, held by each bot once
    by_seat: dict[int, set[tuple[int, ...]]] = {}
    bots_at: dict[int, set[str]] = {}
    for name, seat, cards in SEEN:
        if cards:
            by_seat.setdefault(seat, set()).add(cards)
            bots_at.setdefault(seat, set()).add(name)
    assert by_seat and all(len(c) == 1 for c in by_seat.values())
    assert all(b == {"a", "b", "c"} for b in bots_at.values() if len(b) == 3)
    # the plain match deals every seating its own cards
    SEEN.clear()
    match(game, {"a": recorder_a, "b": recorder_b, "c": recorder_c}, players=players, sets=1,
          seed=5, stacks=50, duplicate=False)
    by_seat = {}
    for _, seat, cards in SEEN:
        if cards:
            by_seat.setdefault(seat, set()).add(cards)
    assert any(len(c) > 1 for c in by_seat.values())


def test_identical_bots_score_exactly_zero_in_duplicate_not_in_plain():
    # Deterministic identical bots at every seat of the same cards: each bot's set total is
    # the sum of every seat's result, which is zero (chips are conserved): luck cancels.
    bots = {"r1": "rule", "r2": "rule", "r3": "rule"}
    dup = match("diablo", bots, sets=30, seed=3)
    for s in dup.scores.values():
        assert s.mean == 0 and s.ci95 == 0
    plain = match("diablo", bots, sets=30, seed=3, duplicate=False)
    assert any(s.ci95 > 0 for s in plain.scores.values())
    heads = match("diamondback", {"o1": "odds", "o2": "odds"}, sets=50, seed=3)
    assert heads.score("o1").mean == 0 and heads.score("o1").ci95 == 0


def test_results_are_conserved_and_the_interval_is_the_t_interval_over_sets():
    r = match("diablo", players=5, lineup=["rule", "random", "random", "random", "random"],
              bots={"rule": "rule", "random": "random"}, sets=60, seed=2)
    assert r.lineup == ("rule", "random", "random", "random", "random")
    assert r.seatings == 5
    # chips conserved: the bots' totals cancel
    assert sum(r.chips.values()) == 0
    s = r.score("rule")
    assert s.games == 60 * 5 * 1
    # the interval from the per-set sums, recomputed here
    n = r.sets
    per = r.games_per_set("rule")
    mean = r.chips["rule"] / n
    var = (r.squares["rule"] - r.chips["rule"] ** 2 / n) / (n - 1)
    assert s.mean == pytest.approx(mean / per)
    assert s.ci95 == pytest.approx(t95(n - 1) * math.sqrt(var / n) / per)
    assert s.low < s.mean < s.high
    # the paired difference of the two bots is the difference of the means
    d, half = r.difference("rule", "random")
    assert d == pytest.approx(s.mean - r.score("random").mean)
    assert half > 0


def test_t95():
    assert t95(1) == pytest.approx(12.706)
    assert t95(10) == pytest.approx(2.228, abs=0.002)
    assert t95(30) == pytest.approx(2.042, abs=0.001)
    assert t95(10**6) == pytest.approx(1.96, abs=0.001)


def test_seatings():
    assert seatings(["a", "b", "c"], "rotate") == [("a", "b", "c"), ("c", "a", "b"),
                                                   ("b", "c", "a")]
    assert len(seatings(["a", "b", "c"], "all")) == 6
    assert len(seatings(["a", "b", "b"], "all")) == 3  # distinct ones only


# -- reproducible, whatever runs it --------------------------------------------------------


def test_same_seed_same_result_whatever_the_unit_size():
    one = match("diablo", **DIABLO)
    assert one == match("diablo", chunk_size=7, **DIABLO)
    assert one == match("diablo", chunk_size=1, **DIABLO)
    other = match("diablo", **dict(DIABLO, seed=12))
    assert other != one
    assert MatchResult.from_json(json.loads(json.dumps(one.to_json()))) == one


def test_a_real_process_pool_gives_the_in_process_result():
    one = match("diablo", **DIABLO)
    pooled = match("diablo", workers=2, **DIABLO)
    assert pooled == one and pooled.executor == "ProcessPoolExecutor(2)"
    with ProcessPoolExecutor(2) as pool:
        assert match("diablo", executor=pool, chunk_size=9, **DIABLO) == one
    with ThreadPoolExecutor(2) as pool:
        assert match("diablo", executor=pool, **DIABLO) == one
    # factories cross process boundaries by reference
    bots = {"a": recorder_a, "b": recorder_b}
    assert (match("diamondback", bots, sets=20, seed=1, workers=2)
            == match("diamondback", bots, sets=20, seed=1))


def test_workers_beyond_the_usable_cores_are_refused_before_any_process(monkeypatch, capsys):
    # The rule simulate keeps: more local workers than cores only slow the match.
    import pedron.simulation.engines as engines

    monkeypatch.setattr(engines, "usable_cores", lambda: 2)

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started")

    monkeypatch.setattr("pedron.match.make_engine", no_pool)
    with pytest.raises(PedronError, match=r"^workers 3: this machine has 2 usable cores; more "
                       r"workers than cores only slow the match \(oversubscribe allows up to 8\)$"):
        match("diablo", workers=3, **DIABLO)
    with pytest.raises(PedronError, match=r"^workers 9: at most 8 local worker processes"):
        match("diablo", workers=9, oversubscribe=True, **DIABLO)
    with pytest.raises(PedronError, match="oversubscribe must be True or False"):
        match("diablo", workers=2, oversubscribe=1, **DIABLO)
    assert main(["match", "diablo", "--bots", "rule", "strong", "--players", "3", "--sets", "2",
                 "--workers", "3", "--quiet"]) == 2
    assert capsys.readouterr().err.strip() == (
        "pedron match: error: --workers 3: this machine has 2 usable cores; more workers than "
        "cores only slow the match (--oversubscribe allows up to 8)")


def test_oversubscribed_workers_play_the_same_match():
    from pedron.simulation.engines import usable_cores

    one = match("diablo", **DIABLO)
    assert match("diablo", workers=usable_cores() + 1, oversubscribe=True, **DIABLO) == one


def test_progress_is_reported_per_unit():
    calls: list[tuple[int, int]] = []
    match("diablo", progress=lambda d, t: calls.append((d, t)), chunk_size=10, **DIABLO)
    assert calls == [(10, 40), (20, 40), (30, 40), (40, 40)]


# -- mistakes -------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, text", [
    ({"bots": ["rule"]}, "at least two bots"),
    ({"bots": "rule"}, "list or a dict"),
    ({"bots": ["rule", "rule"]}, "two bots are called"),
    ({"bots": ["rule", 3]}, "spec or a factory"),
    ({"bots": ["rule", "nonsense"]}, "nonsense"),
    ({"bots": ["rule", "random"], "players": 2}, "3 to 7 players"),
    ({"bots": ["rule", "random"], "players": 3, "lineup": ["rule", "rule", "x"]}, "not one of"),
    ({"bots": ["rule", "random"], "players": 3, "lineup": ["rule", "rule", "rule"]},
     "no seat"),
    ({"bots": ["rule", "random"], "sets": 0}, "sets must be at least 1"),
    ({"bots": ["rule", "random"], "sets": 2.0}, "must be an int"),
    ({"bots": ["rule", "random"], "seed": -1}, "seed"),
    ({"bots": ["rule", "random"], "rotations": "some"}, "rotations"),
    ({"bots": ["rule", "random"], "executor": object()}, "executor must be"),
    ({"bots": {"x": not_a_bot, "rule": "rule"}}, "not a bot"),
])
def test_bad_arguments_are_refused_before_any_work(kwargs, text):
    with pytest.raises(PedronError, match=text):
        match("diablo", **kwargs)


# -- the command ----------------------------------------------------------------------------


def test_cli_match(capsys):
    assert main(["match", "diablo", "--bots", "rule", "random", "--players", "4",
                 "--lineup", "1", "2", "2", "2", "--sets", "20", "--seed", "4",
                 "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    api = match("diablo", {"rule": "rule", "random": "random"}, players=4, sets=20, seed=4,
                lineup=["rule", "random", "random", "random"])
    assert data["chips"] == api.chips and data["scores"]["rule"]["mean"] == api.score(
        "rule").mean
    assert main(["match", "diamondback", "--bots", "odds", "random", "--sets", "10",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "95% interval" in out and "odds" in out
    assert main(["match", "diablo", "--bots", "rule", "random", "--lineup", "1", "3", "2",
                 "--sets", "5"]) == 2
    assert "--lineup 3" in capsys.readouterr().err


def test_every_64_bit_seed_is_taken_and_a_longer_one_refused():
    # (a seed from derive_seed can use the top bit: match once refused half of them)
    top = (1 << 64) - 1
    assert match("diablo", ["rule", "random"], players=3, sets=1, seed=top).seed == top
    with pytest.raises(PedronError, match="seed must be at most"):
        match("diablo", ["rule", "random"], players=3, sets=1, seed=top + 1)


def test_a_count_given_as_a_numpy_int_is_read_exactly():
    np = pytest.importorskip("numpy")
    assert match("diablo", ["rule", "random"], players=3, sets=np.int64(2), seed=1).sets == 2
