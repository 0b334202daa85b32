"""pedron.simulate: reproducible however the work is split, chips conserved, the CLI."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import pickle
import subprocess
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pedron
from pedron.errors import PedronError, PedronValueError
from pedron.simulation import (
    SimulationResult,
    Study,
    Tally,
    UnitResult,
    WorkUnit,
    derive_seed,
    plan_chunks,
    run_chunk,
)

DIABLO = {"game": "diablo", "players": 4, "games": 900, "seed": 11,
          "bots": ["rule", "rule:open=one_pair", "random", "rule:call=two_pair,draw=1"]}
DIAMONDBACK = {"game": "diamondback", "players": 3, "games": 600, "seed": 5,
               "bots": ["odds", "random", "odds:margin=0.1,aggression=2,stop=0.6"]}


def sim(**kw):
    base = dict(DIABLO if kw.get("game", "diablo") == "diablo" else DIAMONDBACK)
    base.update(kw)
    game = base.pop("game")
    return pedron.simulate(game, **base)


@pytest.fixture(scope="module")
def diablo_ref():
    return sim(chunk_size=100)


@pytest.fixture(scope="module")
def diamondback_ref():
    return sim(game="diamondback", chunk_size=100)


# -- the same seed gives the same table, however the work is split ---------------------


def test_same_seed_same_result_for_every_chunk_size(diablo_ref):
    for chunk in (1, 250, 900, 10_000):
        assert sim(chunk_size=chunk) == diablo_ref


def test_one_and_two_workers_agree(diablo_ref, diamondback_ref):
    two = sim(workers=2, chunk_size=300)
    assert two == diablo_ref
    assert two.executor == "ProcessPoolExecutor(2)" and two.chunks == 3
    assert sim(game="diamondback", workers=2) == diamondback_ref
    assert sim(workers=1) == diablo_ref


def test_any_executor_agrees(diablo_ref):
    with ProcessPoolExecutor(2) as pool:
        assert sim(executor=pool, chunk_size=200) == diablo_ref
    with ThreadPoolExecutor(3) as threads:
        result = sim(executor=threads)
    assert result == diablo_ref and result.executor == "ThreadPoolExecutor"


def test_a_different_seed_or_session_length_is_a_different_experiment(diablo_ref):
    assert sim(seed=12) != diablo_ref
    other = sim(session_games=50)
    assert other != diablo_ref and other.session_games == 50


def test_work_units_are_named_records():
    chunks = plan_chunks(games=950, session_games=100, chunk_size=250)
    assert chunks == [(0, 3), (3, 6), (6, 9), (9, 10)]
    study = Study(game="diablo", players=3, rules={"cap": 10}, bots=("rule",) * 3,
                  stacks=50, seed=1, session_games=100, games=950)
    unit = WorkUnit(study, 9, 10)
    assert pickle.loads(pickle.dumps(unit)) == unit  # (it travels to a process, a cluster)
    with pytest.raises(dataclasses.FrozenInstanceError):
        unit.first = 0  # type: ignore[misc]
    assert json.loads(json.dumps(study.to_json())) == study.to_json()  # (a checkpoint's)
    part = run_chunk(unit)
    assert isinstance(part, UnitResult) and pickle.loads(pickle.dumps(part)) == part
    tally = part.tally
    assert tally.scalars["games"] >= 50  # the last block holds the 50 games left over
    assert run_chunk(unit).tally == tally  # the same games again
    assert part.cpu_seconds > 0  # recorded beside the tally, never compared
    # the plain data of earlier releases is still a unit
    task = dict(study.to_json(), blocks=[9, 10])
    assert WorkUnit.from_json(task) == unit and run_chunk(task).tally == tally
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3) != derive_seed(1, 3, 2)
    assert 0 <= derive_seed(2**64 - 1, 0) < 2**64


# -- the table adds up -----------------------------------------------------------------


def test_diablo_results_add_up(diablo_ref):
    r = diablo_ref
    r.check()
    t = r.tally
    assert sum(r.net) == 0
    assert r.games >= r.requested and r.sessions >= 9
    assert t.scalars["blocks"] == 9  # 900 games in blocks of 100: the unit of randomness
    assert t.scalars["block_games_sq"] >= 9 * 100 * 100
    assert all(row["net_se"] > 0 for row in r.to_rows())
    assert t.scalars["openings"] == sum(t.seats["opened"]) == sum(t.categories["opened"])
    assert sum(t.categories["won"]) == sum(t.seats["opener_won"])
    assert sum(t.categories["net"]) == sum(t.seats["opener_net"])
    assert sum(t.categories["paid"]) == sum(t.seats["diablo_paid"]) == t.scalars["diablo_chips"]
    assert t.scalars["diablo_payments"] == sum(t.seats["diablo_payments"])
    assert t.scalars["openings"] + t.scalars["passed"] + t.scalars["no_opener"] == r.games
    lengths = t.histograms["series_length"]
    assert sum(lengths.values()) == t.scalars["series"]
    assert sum(k * v for k, v in lengths.items()) == t.scalars["series_games"]
    # A Diablo payment is a new pot that the next games are played for.
    assert t.scalars["series"] >= 1 and t.scalars["diablo_payments"] >= t.scalars["series"]
    rows = r.to_rows()
    assert [row["bot"] for row in rows] == DIABLO["bots"]
    assert sum(row["net"] for row in rows) == 0
    assert all(0 <= row["opener_win_rate"] <= 1 for row in rows)
    cats = r.category_rows()
    assert sum(c["opened"] for c in cats) == t.scalars["openings"]
    assert {c["category"] for c in cats} >= {"one pair", "three of a kind"}


def test_diamondback_results_add_up(diamondback_ref):
    r = diamondback_ref
    r.check()
    t = r.tally
    assert sum(r.net) == 0 and r.games >= r.requested
    assert sum(t.seats["dealer"]) == r.games
    summary = r.summary()
    assert summary["dealer_net"] == sum(t.seats["dealer_net"])
    rows = r.to_rows()
    assert all(row["dealer_net"] + row["non_dealer_net"] == row["net"] for row in rows)
    assert summary["carry_games"] >= 0 and summary["showdowns"] > 0


def test_every_variant_runs_and_conserves_chips():
    from pedron.diablo import Rules

    for rules in ({"cap": 10}, {"more_draw": True}, {"jacks_or_better": True},
                  {"declare": True}, {"dealers_choice": True}, Rules(variant="deuces_wild")):
        r = pedron.simulate("diablo", players=5, games=150, rules=rules, bots="rule:open=pair")
        assert sum(r.net) == 0
    for variant in ("dealers", "match"):
        r = pedron.simulate("diamondback", players=2, games=150, rules={"variant": variant},
                            bots=["odds", "random"], stacks=30)
        assert sum(r.net) == 0 and r.rules["variant"] == variant


def test_short_stacks_restart_tables():
    r = pedron.simulate("diablo", players=3, games=300, stacks=5, bots="random")
    assert r.sessions > 3 and sum(r.net) == 0
    assert r.summary()["settled_at_session_end"] >= 0


# -- output ------------------------------------------------------------------------------


def test_outputs(diablo_ref, diamondback_ref):
    data = diablo_ref.to_json()
    text = json.dumps(data, allow_nan=False)
    assert SimulationResult.from_json(text) == diablo_ref
    assert data["summary"]["games"] == diablo_ref.games and len(data["seats"]) == 4
    rows = list(csv.DictReader(io.StringIO(diablo_ref.to_csv())))
    assert [int(row["net"]) for row in rows] == list(diablo_ref.net)
    shown = str(diablo_ref)
    assert "Openings by the opener's hand" in shown and "net sums to 0" in shown
    assert "dealer net" in str(diamondback_ref)
    assert repr(diablo_ref).startswith("<SimulationResult diablo players=4")
    assert "games=" in repr(diablo_ref.tally)


def test_progress_reports_every_unit():
    seen = []
    pedron.simulate("diablo", players=3, games=500, chunk_size=100,
                    progress=lambda done, total: seen.append((done, total)))
    assert seen == [(100 * k, 500) for k in range(1, 6)]


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kw",
    [
        {"game": "poker"},
        {"players": 8},
        {"games": 0},
        {"seed": -1},
        {"seed": 2**64},
        {"bots": "odds"},
        {"bots": ["rule", "rule"]},
        {"bots": "rule:open=nothing"},
        {"rules": {"cap": 0}},
        {"workers": 0},
        {"chunk_size": 0},
        {"session_games": 0},
        {"stacks": 0},
        {"games": 1.5},
    ],
)
def test_bad_input_is_a_pedron_error(kw):
    with pytest.raises(PedronError):
        sim(**kw)


def test_a_bot_that_cheats_is_named(tmp_path, monkeypatch):
    (tmp_path / "cheats.py").write_text(textwrap.dedent("""
        class AlwaysBets:
            def __call__(self, view, legal):
                return ("bet", 1)
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PedronValueError, match="illegal action"):
        pedron.simulate("diablo", players=3, games=20, bots="cheats.AlwaysBets")


def test_bots_by_import_path_get_their_seed():
    a = pedron.simulate("diablo", players=3, games=200, bots="pedron.bots.RandomBot", seed=3)
    b = pedron.simulate("diablo", players=3, games=200, bots="random", seed=3)
    assert a.tally == b.tally


# -- the command line --------------------------------------------------------------------


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "pedron", "simulate", *args],
                          capture_output=True, text=True, timeout=300)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_cli_table_json_csv():
    out = run("diablo", "--players", "3", "--games", "300", "--seed", "2").stdout
    assert "Diablo, 3 players" in out and "net sums to 0" in out
    data = json.loads(run("diablo", "--players", "3", "--games", "300", "--seed", "2",
                          "--json").stdout)
    direct = pedron.simulate("diablo", players=3, games=300, seed=2)
    assert data["tally"] == direct.to_json()["tally"]
    rows = list(csv.DictReader(io.StringIO(
        run("diamondback", "--games", "200", "--bots", "odds", "random", "--csv").stdout)))
    assert [r["bot"] for r in rows] == ["odds", "random"]
    assert sum(int(r["net"]) for r in rows) == 0


def test_cli_two_workers_and_rules():
    args = ["diablo", "--players", "5", "--games", "600", "--rule", "cap=20",
            "--bots", "rule:open=pair", "--json", "--quiet"]
    one = json.loads(run(*args).stdout)
    two = json.loads(run(*args, "--workers", "2", "--chunk-size", "200").stdout)
    assert one["tally"] == two["tally"] and one["rules"]["cap"] == 20
    assert two["run"]["workers"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ("poker",),
        ("diablo", "--players", "2"),
        ("diamondback", "--players", "5"),
        ("diablo", "--games", "0"),
        ("diablo", "--bots", "odds"),
        ("diablo", "--bots", "rule", "rule"),
        ("diablo", "--rule", "cap"),
        ("diablo", "--rule", "nonsense=1"),
        ("diablo", "--json", "--csv"),
        ("diablo", "--workers", "0"),
        ("diablo", "--games", "ten"),
    ],
)
def test_cli_errors_are_one_line(args):
    proc = run(*args, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "error:" in proc.stderr and "Traceback" not in proc.stderr


def test_progress_bar_waits_a_second_then_draws_on_stderr():
    from pedron.cli.simulate import ProgressBar

    quiet = io.StringIO()
    bar = ProgressBar(stream=quiet)  # shown only once the work has taken a second
    bar(50, 100)
    bar.close()
    assert quiet.getvalue() == ""
    out = io.StringIO()
    bar = ProgressBar("hands", stream=out, delay=0.0, tty=True)
    bar(40, 100)
    bar(100, 100, 3)
    bar.close()
    text = out.getvalue()
    assert text.count("\r[") == 2 and "100% 100/100 hands" in text and text.endswith("\n")
    assert "3 workers" in text


def test_progress_off_a_terminal_is_plain_lines():
    from pedron.cli.simulate import ProgressBar

    out = io.StringIO()  # not a terminal: no carriage returns, a line now and then
    bar = ProgressBar("games", stream=out, delay=0.0)
    bar(10, 100, 1)
    bar(20, 100, 1)  # within ten seconds of the last line: not shown
    bar(100, 100, 1)
    bar.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue() and len(lines) == 2
    assert lines[0].startswith(" 10% 10/100 games") and "1 worker " in lines[0]
    assert lines[1].startswith("100% 100/100 games")


# -- immutable results -------------------------------------------------------------------


def test_results_and_tallies_cannot_be_changed(diablo_ref):
    import pickle

    before = diablo_ref.to_json()
    tally = diablo_ref.tally
    merged = tally.merge(tally)
    assert diablo_ref.to_json() == before  # merging made a new tally
    assert merged is not tally and merged.scalars["games"] == 2 * tally.scalars["games"]
    assert merged.seats["net"] == tuple(2 * v for v in tally.seats["net"])
    assert merged.scalars["pot_max"] == tally.scalars["pot_max"]  # a maximum, not a sum
    with pytest.raises(TypeError):
        tally.scalars["games"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        tally.seats["net"][0] = 5  # type: ignore[index]
    with pytest.raises(AttributeError):
        tally.players = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        tally.histograms["series_length"][1] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        diablo_ref.seed = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        diablo_ref.rules["cap"] = 3  # type: ignore[index]
    assert diablo_ref.to_json() == before
    with pytest.raises(PedronError):
        tally.merge(Tally("diablo", 5))
    assert pickle.loads(pickle.dumps(diablo_ref)) == diablo_ref
    assert pickle.loads(pickle.dumps(tally)) == tally


def test_a_result_keeps_its_own_copy_of_the_rules():
    rules = {"cap": 10}
    r = pedron.simulate("diablo", players=3, games=50, rules=rules)
    rules["cap"] = 99
    assert r.rules["cap"] == 10


def test_workers_says_what_was_used(diablo_ref):
    assert diablo_ref.workers == 1 and diablo_ref.executor == "in-process"
    with ThreadPoolExecutor(3) as threads:
        r = sim(executor=threads, chunk_size=100)
    assert 1 <= r.workers <= 3 and r.chunks == 9


# -- checkpoints -------------------------------------------------------------------------


class Stop(Exception):
    pass


def _interrupted(path, after, **kw):
    def stop(done, total):
        if done >= after:
            raise Stop

    with pytest.raises(Stop):
        sim(checkpoint=path, progress=stop, **kw)


@pytest.mark.parametrize("games", [1, 137, 999, 1001])
def test_a_resumed_study_is_identical(tmp_path, games):
    path = tmp_path / "ckpt.json"
    whole = sim(games=games, session_games=30)
    _interrupted(path, games // 2, games=games, session_games=30, chunk_size=60)
    if games > 1:
        saved = json.loads(path.read_text())
        assert saved["done"] and saved["done"][0][0] == 0
    # resumed with other units (another chunk size, two processes): the blocks decide
    resumed = sim(games=games, session_games=30, checkpoint=path, chunk_size=90, workers=2)
    assert resumed == whole
    again = sim(games=games, session_games=30, checkpoint=path)  # finished: nothing to play
    assert again == whole and again.chunks == 0


def test_a_checkpoint_of_another_study_is_refused(tmp_path):
    path = tmp_path / "ckpt.json"
    _interrupted(path, 300, chunk_size=100)
    for other in ({"seed": 12}, {"games": 901}, {"bots": "rule"}, {"rules": {"cap": 10}}):
        with pytest.raises(PedronValueError, match="another study"):
            sim(checkpoint=path, **other)
    data = json.loads(path.read_text())
    data["study"]["pedron"] = "0.0.1"
    path.write_text(json.dumps(data))
    with pytest.raises(PedronValueError, match="pedron"):
        sim(checkpoint=path)
    path.write_text("not a checkpoint")
    with pytest.raises(PedronValueError, match="not a pedron simulation checkpoint"):
        sim(checkpoint=path)


def test_cli_checkpoint_resumes(tmp_path):
    path = tmp_path / "study.ckpt"
    args = ["diablo", "--games", "500", "--seed", "4", "--json", "--quiet"]
    whole = json.loads(run(*args).stdout)
    first = json.loads(run(*args, "--checkpoint", str(path)).stdout)
    again = json.loads(run(*args, "--checkpoint", str(path)).stdout)
    assert first["tally"] == again["tally"] == whole["tally"]
    assert again["run"]["chunks"] == 0
    proc = run("diablo", "--games", "500", "--seed", "5", "--checkpoint", str(path), check=False)
    assert proc.returncode == 2 and "another study" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


# -- bots, executors and options checked before anything runs -------------------------------


class TakesNothing:
    def __call__(self):
        return None


@pytest.mark.parametrize("bot", ["os.getcwd", "os.path.join", "test_simulate.TakesNothing",
                                 "json.JSONDecoder"])
def test_a_bot_spec_must_name_a_bot_class_or_factory(bot, monkeypatch):
    monkeypatch.syspath_prepend(str(__import__("pathlib").Path(__file__).parent))
    with pytest.raises(PedronError, match="bot"):
        pedron.simulate("diablo", players=3, games=20, bots=bot)


@pytest.mark.parametrize("executor", [object(), "tcp://127.0.0.1:8786", 4])
def test_an_executor_that_is_not_one_is_refused(executor):
    with pytest.raises(PedronError, match="executor must be"):
        sim(executor=executor)


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), "10", True])
def test_a_bad_timeout_is_refused(timeout):
    with pytest.raises(PedronError, match="timeout"):
        sim(timeout=timeout)


def test_counts_read_as_english():
    one = str(pedron.simulate("diablo", players=3, games=1, session_games=1))
    assert "1 game (1 requested; 1 session of at most 1 game," in one
    out = run("diamondback", "--games", "50", "--session-games", "10").stdout
    last = out.strip().splitlines()[-1]
    assert last.startswith("50 hands in") and "games" not in last
    assert "1 worker," in last and "5 work units" in last


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("diablo", "--chunk-size", "0"), "--chunk-size"),
        (("diablo", "--session-games", "0"), "--session-games"),
        (("diablo", "--seed", "-1"), "--seed"),
        (("diablo", "--stacks", "0"), "--stacks"),
        (("diablo", "--timeout", "0"), "--timeout"),
        (("diablo", "--bots", "os.getcwd"), "os.getcwd"),
        (("diablo", "--rule", "cap=0"), "--rule cap:"),
    ],
)
def test_cli_errors_name_the_option_as_typed(args, named):
    proc = run(*args, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert named in proc.stderr and "_" not in proc.stderr.split("error:")[1].split("got")[0]


def test_the_performance_report_keeps_the_cluster_figures():
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("perf_report", root / "scripts" /
                                                  "perf_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = (root / "docs" / "performance.md").read_text()
    kept = module.kept_sections(page)
    assert kept.startswith("## ") and "## Simulation on a Dask cluster\n" in kept
    assert "benchmarks/simulate_cluster.py" in kept.split("## Simulation on a Dask cluster")[1]


def test_a_unit_for_another_pedron_is_refused_by_the_worker():
    from pedron.errors import ClusterError
    from pedron.simulation.engines import worker_versions

    task = {"game": "diablo", "players": 3, "rules": {}, "bots": ["rule"] * 3, "stacks": 50,
            "seed": 1, "session_games": 10, "games": 10, "blocks": [0, 1]}
    assert run_chunk(dict(task, **worker_versions())).tally.scalars["games"] >= 10
    with pytest.raises(ClusterError, match="pedron"):
        run_chunk(dict(task, pedron="0.0.1", stream_version=worker_versions()["stream_version"]))
    with pytest.raises(ClusterError, match="stream"):
        run_chunk(dict(task, pedron=pedron.__version__, stream_version=-1))


def test_finished_blocks_are_booked_in_any_order():
    from pedron.simulation.checkpoint import StudyState
    from pedron.simulation.results import Counters

    study = Study(game="diablo", players=3, rules={}, bots=("rule",) * 3, stacks=50, seed=1,
                  session_games=10, games=200)
    state = StudyState(study, blocks=20)
    empty = UnitResult(Counters("diablo", 3).freeze(), 0.0, "here")
    for unit in [(4, 6), (0, 2), (10, 12), (2, 4), (12, 13), (19, 20)]:
        state.record(unit, empty)
    assert state.done == [[0, 6], [10, 13], [19, 20]]
    assert list(state.remaining()) == [(6, 10), (13, 19)]
    assert state.blocks_done() == 10
    state.record((6, 10), empty)
    state.record((13, 19), empty)
    assert state.done == [[0, 20]] and list(state.remaining()) == []


@settings(max_examples=8, deadline=None)
@given(games=st.integers(1, 400), session=st.integers(7, 60), first=st.integers(5, 150),
       second=st.integers(5, 150), stop_at=st.floats(0.0, 1.0))
def test_resume_is_identical_for_any_game_count_and_stopping_point(
        tmp_path_factory, games, session, first, second, stop_at):
    path = tmp_path_factory.mktemp("resume") / "ckpt.json"
    kw = {"players": 3, "games": games, "session_games": session, "seed": games,
          "bots": "random"}
    whole = pedron.simulate("diablo", **kw)

    def stop(done, total):
        if done >= stop_at * total:
            raise Stop

    with pytest.raises(Stop):
        pedron.simulate("diablo", chunk_size=first, checkpoint=path, progress=stop, **kw)
    resumed = pedron.simulate("diablo", chunk_size=second, checkpoint=path, **kw)
    assert resumed == whole


# -- mistakes stay mistakes, and workers stay within the machine (issue 29) ------------------


def test_an_unwritable_checkpoint_is_a_mistake_named_before_any_work(tmp_path):
    proc = run("diablo", "--games", "100000", "--checkpoint", "/nonexistent/dir/x.json",
               check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "pedron simulate: error: --checkpoint /nonexistent/dir/x.json: cannot write there "
        "(no such directory: /nonexistent/dir)"]
    # A directory given as the file, through the library: a pedron error, nothing played.
    with pytest.raises(PedronValueError, match="is a directory"):
        sim(checkpoint=tmp_path)


def test_a_rule_value_too_long_to_read_is_a_mistake():
    for game in ("diablo", "diamondback"):
        proc = run(game, "--rule", "max_draw=" + "9" * 4301, check=False)
        assert proc.returncode == 2 and proc.stdout == ""
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "internal error" not in lines[0]
        assert lines[0].startswith("pedron simulate: error: --rule max_draw: ")


def test_workers_beyond_the_usable_cores_are_refused():
    from pedron.simulation.engines import WORKER_HARD_CAP, usable_cores

    cores = usable_cores()
    proc = run("diablo", "--workers", "10000", check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        f"pedron simulate: error: --workers 10000: this machine has {cores} usable "
        f"{'core' if cores == 1 else 'cores'}; more workers than cores only slow the study "
        f"(--oversubscribe allows up to {WORKER_HARD_CAP * cores})"]
    with pytest.raises(PedronValueError, match="usable core"):
        sim(workers=cores + 1)
    with pytest.raises(PedronValueError, match="at most"):
        sim(workers=WORKER_HARD_CAP * cores + 1, oversubscribe=True)
    # asked explicitly, within the cap: it runs (and gives the same table)
    assert sim(workers=cores + 1, oversubscribe=True, games=200) == sim(games=200)


def _children(pid):
    try:
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                             text=True, timeout=30).stdout
    except FileNotFoundError:  # pragma: no cover - no ps
        pytest.skip("needs ps")
    return [int(p) for p in out.split()]


def _alive(pid):
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # (a zombie has finished)
        return f.read().split(") ", 1)[1][0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("signal_name", ["SIGINT", pytest.param("SIGTERM", marks=pytest.mark.slow)])
def test_stopping_a_pooled_study_stops_its_workers(signal_name):
    import os
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "pedron", "simulate", "diablo", "--games", "2000000",
         "--workers", "2", "--oversubscribe", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        workers = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the pool did not start"
        time.sleep(1.0)  # (units running)
        os.kill(proc.pid, getattr(signal, signal_name))
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == (130 if signal_name == "SIGINT" else 143), err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "workers left running"


class _ParentTerminated(BaseException):
    pass


def _wait_until_started(pid: int) -> None:
    """Wait (bounded) until the helper process ``pid`` ignores SIGINT: it has set its
    signals (``_process.start_helper``, the first thing a worker does)."""
    import signal
    import time

    bit = 1 << (signal.SIGINT - 1)
    for _ in range(6000):  # (a bound for a broken start, not a measure: 60 s)
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            ignored = next(int(line.split()[1], 16) for line in f if line.startswith("SigIgn:"))
        if ignored & bit:
            return
        time.sleep(0.01)
    raise AssertionError(f"worker {pid} never set its signals")


def _raise_terminated(signum, frame):  # (as the command line's SIGTERM handler does)
    raise _ParentTerminated


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals")
def test_an_aborted_pool_terminates_its_workers_whatever_sigterm_does_in_the_parent():
    """The race behind the flaky Ctrl-C test: a forked worker inherited the parent's
    Python SIGTERM handler (the command line's raises), so the pool's terminate() raised
    in the worker, which reported the unit failed (or printed a traceback) and lived on
    until the shutdown's sentinel or the end of its unit: a stopped study's exit took
    as long as the units. A worker must die by the signal itself."""
    import signal
    import time

    from pedron.simulation.engines import LocalPoolEngine

    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        engine = LocalPoolEngine(time.sleep, 2, None)
        for _ in range(2):
            engine.submit(60)  # (a unit each, or one waiting: either way a live worker)
        processes = list(engine.pool._processes.values())
        for p in processes:  # (each past its start: a worker stopped before it set its
            _wait_until_started(p.pid)  # signals dies by the parent's handler instead)
        engine.close(aborted=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
    for p in processes:
        p.join(60)  # (a bound for a broken fix, not a measure: each is gone already)
        for _ in range(6000):  # (the pool's own thread may reap it: its status comes
            if p.exitcode is not None:  # to this object from there)
                break
            time.sleep(0.01)
        assert p.exitcode == -signal.SIGTERM, p.exitcode


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_of_a_killed_study_stop_by_themselves():
    import os
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "pedron", "simulate", "diablo", "--games", "2000000",
         "--workers", "2", "--oversubscribe", "--quiet"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        workers = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2
        time.sleep(1.0)
        os.kill(proc.pid, signal.SIGKILL)  # (no handler can run: the workers must notice)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 15
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers), "workers orphaned"
    finally:
        if proc.poll() is None:
            proc.kill()
        for w in workers:  # (on a failure: leave nothing running)
            if _alive(w):
                os.kill(w, signal.SIGKILL)


def test_the_time_left_counts_only_this_runs_work():
    # A resumed study reports the games of its checkpoint at once: the estimate is the
    # rate since the first report (none before a second one), not all games / elapsed.
    import time

    from pedron.cli.progress import ProgressBar

    out = io.StringIO()
    bar = ProgressBar("games", stream=out, delay=0.0, every=0.0)
    bar(900, 1000)  # (900 from the checkpoint)
    time.sleep(0.2)
    bar(910, 1000)
    bar.close()
    first, second = out.getvalue().splitlines()
    assert "estimating the time left" in first
    rate = float(second.split("games  ")[1].split(" games/s")[0].replace(",", ""))
    assert rate < 100  # 10 games in 0.2 s: about 50 a second, not 900 / 0.2
    left = second.split("about ")[1]
    assert left.endswith("left") and not left.startswith("0 s")


def test_every_64_bit_seed_is_taken_and_a_longer_one_refused():
    top = (1 << 64) - 1
    assert pedron.simulate("diablo", players=3, games=2, seed=top).seed == top
    with pytest.raises(PedronValueError, match="seed must be at most"):
        pedron.simulate("diablo", players=3, games=2, seed=top + 1)
