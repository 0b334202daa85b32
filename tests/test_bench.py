"""pedron.bench: fair peers, interleaved rounds with spreads, your evaluator checked
against pedron."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from itertools import combinations

import pytest

from pedron import diablo
from pedron.bench import (
    ALL_HANDS,
    FORMS,
    BenchReport,
    Evaluator,
    Spread,
    assert_same_order,
    check_evaluator,
    installed_peers,
    parse_spec,
    run_bench,
)
from pedron.bench.harness import ratio, run_rounds
from pedron.bench.order import all_hands, compare_order, pedron_strengths
from pedron.bench.peers import PEER_EVALUATORS, treys_int
from pedron.bench.render import render
from pedron.cards import format_card
from pedron.errors import PedronTypeError, PedronValueError
from pedron.reference import diablo as reference

RND = random.Random(5)
SAMPLE = [tuple(sorted(RND.sample(range(52), 5))) for _ in range(3000)]


def reference_score(hand):
    """An evaluator written independently of pedron's kernel: the reference's score."""
    return reference.best_value([divmod(c, 4) for c in hand], False)


# -- the order check -------------------------------------------------------------------
def test_all_hands_are_every_five_card_hand_once():
    n = 0
    first = last = None
    for block in all_hands(chunk=500_000):
        n += len(block)
        first = first or block[0]
        last = block[-1]
    assert n == ALL_HANDS == 2_598_960
    assert first == (0, 1, 2, 3, 4) and last == (47, 48, 49, 50, 51)


def test_an_independent_evaluator_agrees_in_either_sense():
    strengths = pedron_strengths(SAMPLE, wild=False)
    up = check_evaluator(Evaluator(reference_score), SAMPLE)
    assert up.agrees and up.higher_is_better is True and up.hands == len(SAMPLE)
    # the same order told the other way round (lower is better) agrees too
    by_rank = {v: i for i, v in enumerate(sorted(set(map(reference_score, SAMPLE))))}
    down = compare_order(list(strengths), [-by_rank[reference_score(h)] for h in SAMPLE],
                         SAMPLE.__getitem__)
    assert down.agrees and down.higher_is_better is False


def _two_of_a_strength(strengths):
    seen = {}
    for i, s in enumerate(strengths):
        if s in seen:
            return seen[s], i
        seen[s] = i
    raise AssertionError("no two hands of one strength")


def test_a_tie_broken_is_reported_with_both_hands():
    strengths = list(pedron_strengths(SAMPLE, wild=False))
    _, j = _two_of_a_strength(strengths)
    values = [(reference_score(h), 0) for h in SAMPLE]
    values[j] = (values[j][0], 1)  # pedron's order kept, but two equal hands scored apart
    result = compare_order(strengths, values, SAMPLE.__getitem__)
    assert not result.agrees and result.first is not None and result.first.tie
    texts = {result.first.worse, result.first.better}
    assert " ".join(format_card(c) for c in SAMPLE[j]) in texts
    assert "equal hands" in str(result)


def test_an_inversion_is_reported():
    strengths = list(pedron_strengths(SAMPLE, wild=False))
    best = max(range(len(SAMPLE)), key=strengths.__getitem__)
    values = [strengths[k] if k != best else -1 for k in range(len(SAMPLE))]
    result = compare_order(strengths, values, SAMPLE.__getitem__)
    assert not result.agrees and not result.first.tie
    assert result.first.better == " ".join(format_card(c) for c in SAMPLE[best])
    assert "beats" in str(result)


def _weakest_scored_at_the_top(higher_is_better):
    """pedron's order told by an evaluator (higher or lower scores better) that is
    right about every hand but the weakest, which it scores above the strongest."""
    strengths = list(pedron_strengths(SAMPLE, wild=False))
    sign = 1 if higher_is_better else -1
    values = [sign * s for s in strengths]
    weakest = min(range(len(SAMPLE)), key=strengths.__getitem__)
    values[weakest] = sign * (max(strengths) + 1)
    return strengths, values, weakest


@pytest.mark.parametrize("higher_is_better", [True, False], ids=["higher", "lower"])
def test_the_weakest_hand_scored_at_the_top_is_the_one_reported(higher_is_better):
    strengths, values, weakest = _weakest_scored_at_the_top(higher_is_better)
    result = compare_order(strengths, values, SAMPLE.__getitem__)
    assert not result.agrees and result.higher_is_better is higher_is_better
    first = result.first
    # the wrongly scored hand, against a hand that does beat it (not two hands the
    # evaluator orders rightly, as when the direction came from the first two hands)
    assert first.worse == " ".join(format_card(c) for c in SAMPLE[weakest])
    assert first.worse_value == values[weakest] and not first.tie
    better = [" ".join(format_card(c) for c in h) for h in SAMPLE].index(first.better)
    assert strengths[better] > strengths[weakest]
    sense = "higher" if higher_is_better else "lower"
    assert f"({sense} scores better)" in str(result)


@pytest.mark.parametrize("higher_is_better", [True, False], ids=["higher", "lower"])
def test_the_strongest_hand_scored_at_the_bottom_is_the_one_reported(higher_is_better):
    strengths = list(pedron_strengths(SAMPLE, wild=True))
    sign = 1 if higher_is_better else -1
    values = [sign * s for s in strengths]
    strongest = max(range(len(SAMPLE)), key=strengths.__getitem__)
    values[strongest] = sign * (min(strengths) - 1)
    result = compare_order(strengths, values, SAMPLE.__getitem__)
    assert not result.agrees and result.higher_is_better is higher_is_better
    assert result.first.better == " ".join(format_card(c) for c in SAMPLE[strongest])
    sense = "higher" if higher_is_better else "lower"
    assert f"({sense} scores better)" in str(result)


def test_the_weakest_and_strongest_hand_scored_the_same_is_the_disagreement():
    hands = SAMPLE[:5]
    strengths = [10, 20, 30, 40, 50]
    result = compare_order(strengths, [7, 9, 1, 0, 7], hands.__getitem__)  # an even vote
    assert not result.agrees and result.higher_is_better is None
    first = result.first
    assert (first.worse, first.better) == tuple(" ".join(format_card(c) for c in hands[k])
                                                for k in (0, 4))
    assert "weakest and strongest hands score the same" in str(result)


def test_values_that_never_differ_disagree():
    strengths = list(pedron_strengths(SAMPLE[:50], wild=False))
    assert len(set(strengths)) > 1
    assert not compare_order(strengths, [0] * 50, SAMPLE.__getitem__).agrees


def test_wild_mode_is_checked_against_wild_strengths():
    wild = Evaluator(lambda h: diablo.evaluate(h, wild=True).strength, wild=True)
    assert check_evaluator(wild, SAMPLE).agrees
    natural_as_wild = Evaluator(lambda h: diablo.evaluate(h, wild=False).strength, wild=True)
    assert not check_evaluator(natural_as_wild, SAMPLE).agrees


@pytest.mark.slow
def test_a_third_party_evaluator_agrees_on_every_hand():
    pheval = pytest.importorskip("phevaluator._pheval")
    result = assert_same_order(pheval.evaluate_5cards, form="args")
    assert result.hands == ALL_HANDS and result.higher_is_better is False


@pytest.mark.slow
def test_assert_same_order_names_the_first_disagreement_on_every_hand():
    def off_by_one(hand):  # pedron's order, but 2c 3c 4c 5c 7d scored above its equals
        s = diablo.evaluate(hand, wild=False).strength
        return s + (0.5 if hand == (0, 4, 8, 12, 21) else 0)

    with pytest.raises(AssertionError, match="7d"):
        assert_same_order(off_by_one)


# -- forms and specs ---------------------------------------------------------------------
@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_form_gives_the_hand_as_documented(form):
    pytest.importorskip("numpy")
    got = []

    def record(*args):
        got.append(args)
        return [1] * len(args[0]) if form == "batch" else 1

    hand = (0, 17, 34, 43, 51)  # 2c 6d Th Qs As
    values = Evaluator(record, form).values([hand])
    assert values == [1]
    (args,) = got
    expected = {
        "ids": (hand,),
        "args": hand,
        "text": ("2c 6d Th Qs As",),
        "cards": (["2c", "6d", "Th", "Qs", "As"],),
        "treys": ([treys_int(c) for c in hand],),
    }
    if form == "batch":
        assert args[0].shape == (1, 5) and tuple(args[0][0]) == hand
    else:
        assert args == expected[form]


def test_treys_integers_are_treys_own():
    treys = pytest.importorskip("treys")
    for c in range(52):
        assert treys_int(c) == treys.Card.new(format_card(c)), format_card(c)


def test_parse_spec_reads_module_function_form_and_mode():
    ev = parse_spec("pedron.reference.diablo:strength:cards:wild")
    assert ev.function is reference.strength and ev.form == "cards" and ev.wild
    assert ev.name == "pedron.reference.diablo:strength"
    assert parse_spec("json:JSONDecoder.decode").function is json.JSONDecoder.decode


@pytest.mark.parametrize("spec", ["", "nomodule", "pedron:", ":f", "pedron.bench:nothing",
                                  "no_such_module_xyz:f", "pedron.bench:run_bench:sideways"])
def test_bad_specs_are_clear_errors(spec):
    with pytest.raises(PedronValueError):
        parse_spec(spec)


def test_bad_evaluators_are_clear_errors():
    with pytest.raises(PedronTypeError):
        parse_spec(3)
    with pytest.raises(PedronTypeError):
        Evaluator(42)
    with pytest.raises(PedronValueError):
        Evaluator(len, form="poker")
    with pytest.raises(PedronTypeError):
        Evaluator(len, wild=1)
    with pytest.raises(PedronTypeError):
        check_evaluator(len)


def test_an_evaluator_that_raises_names_the_hand():
    def picky(hand):
        if 51 in hand:
            raise KeyError("aces of spades are not welcome")
        return 0

    with pytest.raises(PedronValueError, match="As"):
        Evaluator(picky).values([(0, 1, 2, 3, 4), (0, 1, 2, 3, 51)])
    with pytest.raises(PedronValueError, match="returned 1 values for 2 hands"):
        Evaluator(lambda rows: [0], form="batch").values([(0, 1, 2, 3, 4)] * 2)


# -- the harness -------------------------------------------------------------------------
def test_rounds_are_interleaved_after_a_warm_up():
    calls = []
    runs = [lambda k=k: calls.append(k) or k for k in "abc"]
    timings, outs = run_rounds(runs, 3, warmup=True)
    # each round starts one runner further on: no runner always follows the same one
    assert "".join(calls) == "abc" + "abc" + "bca" + "cab"
    assert all(len(t.wall) == 3 and len(t.cpu) == 3 for t in timings)
    assert outs == ["a", "b", "c"]


def test_each_timed_run_follows_its_own_warm_up():
    calls = []
    runs = [lambda k=k: calls.append(k) for k in "abc"]
    warm = [lambda k=k: calls.append(k.upper()) for k in "abc"]
    run_rounds(runs, 4, warmup=True, warm=warm)
    assert "".join(calls) == "abc" + "AaBbCc" + "BbCcAa" + "CcAaBb" + "AaBbCc"
    with pytest.raises(ValueError):
        run_rounds(runs, 1, warm=warm[:2])


def test_a_runner_may_have_no_warm_up():
    calls = []
    runs = [lambda k=k: calls.append(k) for k in "ab"]
    run_rounds(runs, 2, warm=[None, lambda: calls.append("B")])
    assert "".join(calls) == "aBb" + "Bba"


def test_cpu_share_is_a_spread():
    from pedron.bench.harness import Timing

    t = Timing((1.0, 2.0, 4.0), (1.0, 1.0, 3.0))
    assert t.cpu_share == Spread(0.75, 0.5, 1.0) and t.busy == 0.75


def test_ratios_are_taken_round_by_round():
    from pedron.bench.harness import Timing

    a = Timing((1.0, 2.0, 4.0), (1.0, 2.0, 4.0))
    b = Timing((2.0, 4.0, 8.0), (2.0, 4.0, 8.0))
    # a was twice as fast as b in every round, though both slowed down 4x
    assert ratio(a, 100, b, 100) == Spread(2.0, 2.0, 2.0)
    assert a.rate(100) == Spread(50.0, 25.0, 100.0) and a.rate(100).relative == 1.5


# -- run_bench -----------------------------------------------------------------------------
def test_run_bench_times_everything_side_by_side():
    report = run_bench(hands=3000, scalar_hands=600, reference_hands=30, repeat=2,
                       evaluators=[Evaluator(reference_score, name="independent")],
                       check="bench")
    assert isinstance(report, BenchReport) and list(report) == list(report.results)
    names = {(r.game, r.name, r.mode) for r in report}
    for mode in ("wild", "natural"):
        for name in ("pedron batch", "pedron evaluate()", "pedron.reference"):
            assert ("diablo", name, mode) in names
    assert ("diamondback", "pedron batch", "-") in names
    assert ("diamondback", "pedron.reference", "-") in names
    assert set(installed_peers()) <= {n for _, n, _ in names}
    for r in report:
        assert r.rate_low <= r.rate <= r.rate_high and r.hands > 0
        assert r.agrees is not False, (r.name, r.note)
        if r.kind in ("peer", "yours"):
            assert r.agrees is True and r.entry
    mine = next(r for r in report if r.name == "independent")
    assert mine.kind == "yours" and mine.entry == "independent"
    assert (mine.vs_fastest_peer is not None) == bool(installed_peers())
    scalar = next(r for r in report if r.name == "pedron evaluate()" and r.mode == "natural")
    assert scalar.vs_reference.low <= scalar.vs_reference.median <= scalar.vs_reference.high
    # per call, each mode through its fastest public call form, and the printout says so
    forms = {r.mode: r.entry for r in report
             if r.name == "pedron evaluate()" and r.game == "diablo"}
    assert forms == {"wild": "pedron.diablo.evaluate(hand)",
                     "natural": "pedron.diablo.evaluate(hand, wild=False)"}
    text = render(report, "test", wide=True)
    assert ("fastest public call form:\n  wild: pedron.diablo.evaluate(hand)\n"
            "  natural: pedron.diablo.evaluate(hand, wild=False)") in text
    data = json.loads(report.to_json())
    assert set(data["machine"]) >= {"cpu", "cores", "python"}
    assert set(data["versions"]) == {p.dist for p in PEER_EVALUATORS}
    assert len(data["results"]) == len(report)
    # the fixed cost of a one-row batch call, with and without out= (seconds a call),
    # with its range over the rounds, printed and in the JSON
    assert set(report.fixed_cost) == {"out_given", "new_out"}
    for v in report.fixed_cost.values():
        assert isinstance(v, Spread) and 0 < v.low <= v.median <= v.high < 1e-3
    assert data["fixed_cost"] == {k: {"median": v.median, "low": v.low, "high": v.high}
                                  for k, v in report.fixed_cost.items()}
    given = report.fixed_cost["out_given"]
    assert f"{given.median * 1e6:,.2f} µs ({given.low * 1e6:,.2f}-" in text
    # the share of wall time on a CPU, with its range over the rounds
    for r, d in zip(report, data["results"], strict=True):
        share = r.cpu_share_spread
        assert isinstance(share, Spread) and share.low <= share.median == r.cpu_share
        assert d["cpu_share_spread"] == {"median": share.median, "low": share.low,
                                         "high": share.high}
    assert "on a CPU" in text
    # the Diablo batches beside the same checked evaluation as a plain C loop
    for mode in ("wild", "natural"):
        loop = next(r for r in report if r.kind == "c_loop" and r.mode == mode)
        assert loop.agrees is not False
        given = next(r for r in report if r.name == "pedron batch, out given" and r.mode == mode)
        assert given.vs_c_loop is not None and given.vs_c_loop.low <= given.vs_c_loop.high
    assert all(r.vs_c_loop is None for r in report if r.kind != "batch")


def test_run_bench_tells_its_steps_in_the_right_number():
    said = []
    counted = []
    report = run_bench(hands=400, scalar_hands=100, reference_hands=10, repeat=2, peers=False,
                       diamondback=False, evaluators=[Evaluator(reference_score)],
                       check="bench", progress=said.append,
                       count=lambda *c: counted.append(c))
    assert report.rounds == 2
    timing = next(m for m in said if m.startswith("timing "))
    assert "2 rounds round-robin" in timing
    # one step per check (none with check="bench"), dealing, timing, the fixed cost:
    # the number the command line's progress counts to; the timing counted run by run
    assert len(said) == 0 + 3
    runs = 2 * sum(1 for _ in report)
    assert counted == [("runs", k, runs) for k in range(1, runs + 1)]


def _cli(*args, path=None):
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    env.pop("PEDRON_TRACEBACK", None)
    return subprocess.run([sys.executable, "-m", "pedron", "bench", *args], capture_output=True,
                          text=True, timeout=300, env=env)


SMALL = ("--hands", "1000", "--scalar-hands", "100", "--reference-hands", "10", "--no-peers",
         "--no-diamondback")


def test_the_command_line_progress_counts_its_steps():
    proc = _cli(*SMALL, "--repeat", "2")
    assert proc.returncode == 0, proc.stderr
    steps = [line.split("]")[0].lstrip("[") for line in proc.stderr.splitlines()
             if line.startswith("[")]
    assert steps == [f"{k}/3" for k in range(1, 4)], proc.stderr
    assert _cli(*SMALL, "--repeat", "1", "--quiet").stderr == ""


def test_the_bench_counts_its_runs_with_the_time_left():
    import io

    from pedron.cli.commands import Progress

    out = io.StringIO()
    progress = Progress(total=3, stream=out, tty=False)
    progress.bar.delay = 0.0
    progress.bar.every = 0.0
    progress("dealing")
    for k in range(1, 11):
        progress.count("runs", k, 10)
    progress("the fixed cost")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[1/3] dealing  (") and lines[-1].startswith("[2/3] the fixed")
    counts = [line for line in lines if line.startswith("timed: ")]
    assert counts[0].startswith("timed:  10% 1/10 runs") and "estimating" in counts[0]
    assert "left" in counts[1] and counts[-1].endswith("done")


HERE_EVAL = (
    "from pedron import diablo\n"
    "def score(hand):\n    return diablo.evaluate(hand, wild=False).strength\n")


def _console_script():
    script = os.path.join(os.path.dirname(sys.executable), "pedron")
    if not os.path.exists(script):
        pytest.skip("no pedron console script beside this Python")
    return [script]


@pytest.mark.parametrize("started", ["console script", "python -m"])
def test_an_evaluator_is_imported_from_the_current_folder(tmp_path, started):
    # (the documented `pedron bench --evaluator myeval:score`, run where myeval.py is, with
    # nothing on PYTHONPATH for it: the console script's sys.path lacks the current folder)
    (tmp_path / "here_eval_mod.py").write_text(HERE_EVAL)
    command = (_console_script() if started == "console script"
               else [sys.executable, "-m", "pedron"])
    env = {k: v for k, v in os.environ.items() if k != "PEDRON_TRACEBACK"}
    proc = subprocess.run([*command, "bench", *SMALL, "--repeat", "1", "--check", "bench",
                           "--quiet", "--evaluator", "here_eval_mod:score"],
                          capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (row,) = [line for line in proc.stdout.splitlines() if line.startswith("here_eval_mod:score")]
    assert row.rstrip().endswith("yes"), proc.stdout


def test_a_spawned_child_finds_the_module_in_the_current_folder(tmp_path, monkeypatch):
    # (where there is no fork, macOS and Windows, the child unpickles the evaluator, so it
    # imports the module itself: from the current folder too)
    import multiprocessing

    from pedron.bench import isolate

    (tmp_path / "spawned_eval_mod.py").write_text(HERE_EVAL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(isolate, "_context", lambda: multiprocessing.get_context("spawn"))
    try:
        ev = parse_spec("spawned_eval_mod:score")
        assert str(tmp_path) not in sys.path  # (for that import only)
        iso = isolate.IsolatedEvaluator(ev, SAMPLE[:300], SAMPLE[:20], time_limit=60)
        try:
            iso.first()
            iso.run()
            agrees = iso.order().agrees
        finally:
            iso.close()
    finally:
        sys.modules.pop("spawned_eval_mod", None)
    assert agrees


@pytest.mark.parametrize("check", ["bench", "all"])
@pytest.mark.parametrize("where", [(), ("--in-process",)])
def test_an_evaluator_that_raises_is_named_in_one_line_and_left_out(tmp_path, check, where):
    (tmp_path / "raising_eval_mod.py").write_text(
        "def score(hand):\n    raise RuntimeError('no hands today')\n")
    proc = _cli(*SMALL, "--repeat", "1", "--evaluator", "raising_eval_mod:score",
                "--check", check, *where, path=tmp_path)
    assert proc.returncode == 1, proc.stderr  # (the bench ran; an evaluator failed)
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    said = [line for line in proc.stdout.splitlines() if "raising_eval_mod:score" in line]
    assert len(said) == 1 and "no hands today" in said[0], proc.stdout
    assert "pedron batch" in proc.stdout  # (the others were timed)


@pytest.mark.parametrize("isolate", [True, False])
def test_an_evaluator_that_raises_later_while_timed_is_left_out(isolate):
    calls = []

    def late(hand):  # passes the first hands it is given, fails while timed
        calls.append(hand)
        if len(calls) > 200:
            raise KeyError("tired")
        return 0

    report = run_bench(hands=1000, scalar_hands=1000, reference_hands=10, repeat=1,
                       peers=False, diamondback=False, check="bench", isolate=isolate,
                       evaluators=[Evaluator(late, name="late"), Evaluator(reference_score)])
    (failure,) = report.failures
    assert failure.evaluator == "late"
    assert failure.reason.startswith("raised KeyError('tired')")
    assert failure.reason.endswith("while timed")
    assert "late" not in {r.name for r in report}
    assert any(r.kind == "yours" and r.agrees for r in report)  # the other one, timed
    assert not report.agrees


def test_peers_still_names_the_peers():
    from pedron.bench import PEERS

    assert PEERS[0] == "phevaluator" and all(type(n) is str for n in PEERS)
    assert set(installed_peers()) <= set(PEERS)


def test_peers_are_timed_through_their_fastest_entry_points():
    entries = {p.name: p.entry for p in PEER_EVALUATORS}
    assert entries["phevaluator"] == "phevaluator._pheval.evaluate_5cards"
    assert entries["pokerkit"] == "pokerkit.StandardHighHand.lookup.get_entry"
    assert all(p.why for p in PEER_EVALUATORS)


def test_every_installed_peer_orders_hands_as_pedron():
    strengths = list(pedron_strengths(SAMPLE, wild=False))
    for peer in PEER_EVALUATORS:
        if peer.available():
            values = peer.prepare(SAMPLE)()
            result = compare_order(strengths, values, SAMPLE.__getitem__)
            assert result.agrees, (peer.name, str(result))
            assert result.higher_is_better is peer.higher_is_better, peer.name


@pytest.mark.parametrize("kw", [{"hands": 0}, {"hands": 10, "scalar_hands": 20},
                                {"repeat": 1.0}, {"check": "some"}, {"seed": "x"},
                                {"evaluators": [3]}])
def test_run_bench_refuses_bad_arguments(kw):
    with pytest.raises((PedronValueError, PedronTypeError)):
        run_bench(**{"hands": 100, "scalar_hands": 10, "reference_hands": 5, **kw})


def test_all_hands_and_combinations_agree():
    assert next(all_hands(chunk=10)) == list(combinations(range(52), 5))[:10]


# -- the fast pure-Python evaluator ------------------------------------------------------
@pytest.mark.parametrize("wild", [pytest.param(True, marks=pytest.mark.slow), False])
def test_the_fast_python_evaluator_orders_every_key_as_the_reference(wild):
    """Every key of its table (one representative hand each) against the reference's
    score, which is written independently of pedron's kernel."""
    from pedron.bench.python_eval import TableEvaluator

    ev = TableEvaluator(wild)
    hands = [tuple(r * 4 + s for r, s in h) for h in reference.representatives(wild)]
    assert len({ev.strength(h) for h in hands}) == (5_162 if wild else 7_462)
    values = [reference.best_value([divmod(c, 4) for c in h], wild) for h in hands]
    result = compare_order([ev.strength(h) for h in hands], values, hands.__getitem__)
    assert result.agrees and result.higher_is_better, str(result)


@pytest.mark.slow
@pytest.mark.parametrize("wild", [True, False])
def test_the_fast_python_evaluator_is_pedron_on_every_hand(wild):
    from pedron.bench.python_eval import TableEvaluator

    strength = TableEvaluator(wild).strength
    for block in all_hands():
        assert [strength(h) for h in block] == list(pedron_strengths(block, wild))


# -- scripts/perf_report.py: the hand-written sections of docs/performance.md ------------
def _perf_report():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "perf_report.py"
    spec = importlib.util.spec_from_file_location("perf_report_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_run(module):
    bench = {"results": [], "versions": {"treys": "0"}, "rounds": 3, "warnings": [],
             "machine": {"cpu": "a CPU", "cores": 2},
             "fixed_cost": {k: {"median": 1e-6, "low": 9e-7, "high": 2e-6}
                            for k in ("out_given", "new_out")}}
    return module.render(["python -m pedron bench"], bench, "pytest benchmarks",
                         {"benchmarks": []}, 1.0)


def test_perf_report_keeps_every_section_it_does_not_write():
    module = _perf_report()
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "performance.md").read_text()
    new = module.with_kept(_fake_run(module), module.kept_sections(page))
    titles = [t for t, _ in module.sections(page)]
    assert "## The table engine against the engine before it" in titles
    assert [t for t, _ in module.sections(new)] == titles  # none lost, none moved
    for title, text in module.sections(page):
        if title not in module.GENERATED:
            assert text in new, title
    # a section nobody listed is kept too, where it was
    extra = page.replace("## Environments\n", "## A note by hand\n\nmeasured by hand\n\n"
                         "## Environments\n", 1)
    assert module.unlisted_sections(extra) == ["## A note by hand"]
    assert "## A note by hand\n\nmeasured by hand\n" in module.kept_sections(extra)


def test_perf_report_stops_naming_a_kept_section_it_cannot_find(tmp_path, capsys):
    module = _perf_report()
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "performance.md").read_text()
    renamed = page.replace("## Simulation on a Dask cluster\n", "## Dask\n", 1)
    with pytest.raises(module.MissingSection, match="'Simulation on a Dask cluster'"):
        module.kept_sections(renamed)
    module.DOC = tmp_path / "performance.md"
    module.DOC.write_text(renamed)
    module.ROOT = tmp_path
    assert module.main(["--check"]) == 2  # before measuring anything
    assert "Simulation on a Dask cluster" in capsys.readouterr().err
    module.DOC.write_text(page)
    assert module.main(["--check"]) == 0
    assert "## The table engine against the engine before it" in capsys.readouterr().out


def test_perf_report_says_which_sections_are_from_its_run():
    module = _perf_report()
    head = _fake_run(module).split("\n## ", 1)[0]
    assert "Every figure on this page" not in head
    for title in module.GENERATED[:2]:
        assert title.removeprefix("## ") in " ".join(head.split())
    assert "own date and command" in " ".join(head.split())


def test_the_pytest_benchmarks_time_the_peers_as_pedron_bench_does():
    import importlib.util
    from pathlib import Path

    pytest.importorskip("numpy")
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "test_bench_diablo_eval.py"
    spec = importlib.util.spec_from_file_location("bench_diablo_eval_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (mark,) = [m for m in module.test_peer.pytestmark if m.name == "parametrize"]
    assert mark.args[1] is PEER_EVALUATORS  # each peer's prepared runner, as pedron bench
    # no benchmark of a peer of its own (the slow paths: wrappers, parsing text)
    assert [n for n in dir(module) if n.startswith("test_peer_")] == [
        "test_peer_pedron_batch_natural", "test_peer_pedron_strength_natural"]


# -- your evaluators in child processes: whatever they do, the bench goes on (issue 29) ---

HOSTILE = """
import ctypes, os, sys, time

from pedron import diablo

CALLS = []


def good(hand):
    return diablo.evaluate(hand, wild=False).strength


def segfault(hand):
    ctypes.string_at(0)


def segfault_while_timed(hand):  # (its first hands pass: it crashes in the rounds)
    CALLS.append(hand)
    if len(CALLS) > 150:
        ctypes.string_at(0)
    return good(hand)


def leave(hand):
    sys.exit(3)


def abort(hand):
    os.abort()


def vanish(hand):
    os._exit(0)


def sleepy(hand):
    time.sleep(3600)
"""


@pytest.fixture
def hostile(tmp_path):
    (tmp_path / "hostile_eval_mod.py").write_text(HOSTILE)
    return tmp_path


@pytest.mark.parametrize("check", ["bench", pytest.param("all", marks=pytest.mark.slow)])
def test_evaluators_that_crash_exit_abort_or_hang_are_left_out(hostile, check):
    says = {"segfault": "crashed (SIGSEGV)", "leave": "called sys.exit(3)",
            "abort": "aborted (SIGABRT)", "vanish": "exited (status 0)",
            "sleepy": "took more than 2 s"}
    if check == "bench":
        says["segfault_while_timed"] = "crashed (SIGSEGV) while timed"
    # (checking every hand takes a good evaluator more than 2 s a block on a busy machine)
    specs = [f"hostile_eval_mod:{name}" for name in [*says, *(["good"] * (check == "bench"))]]
    proc = _cli(*SMALL, "--repeat", "2", "--check", check, "--evaluator-timeout", "2",
                *[a for spec in specs for a in ("--evaluator", spec)], path=hostile)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    out = proc.stdout
    for name, what in says.items():
        lines = [line for line in out.splitlines() if f"hostile_eval_mod:{name}:" in line]
        assert len(lines) == 1 and what in lines[0], (name, out)
    # the bench went on: pedron's own and the good one were timed
    assert any(line.startswith("pedron batch ") for line in out.splitlines())
    good = [line for line in out.splitlines() if line.startswith("hostile_eval_mod:good ")]
    assert len(good) == (check == "bench"), out
    assert all(line.rstrip().endswith("yes") for line in good)
    data = json.loads(_cli(*SMALL, "--repeat", "1", "--check", "bench", "--json",
                           "--evaluator-timeout", "2", "--evaluator",
                           "hostile_eval_mod:leave", path=hostile).stdout)
    assert data["failures"] == [{"evaluator": "hostile_eval_mod:leave",
                                 "reason": "called sys.exit(3) on its first hands"}]
    assert data["agrees"] is False


def test_the_child_processes_are_gone_when_the_bench_ends(hostile, monkeypatch):
    monkeypatch.syspath_prepend(str(hostile))
    import multiprocessing

    before = {p.pid for p in multiprocessing.active_children()}
    report = run_bench(hands=500, scalar_hands=100, reference_hands=10, repeat=1,
                       peers=False, diamondback=False, check="bench", time_limit=2,
                       evaluators=["hostile_eval_mod:good", "hostile_eval_mod:sleepy"])
    assert [f.evaluator for f in report.failures] == ["hostile_eval_mod:sleepy"]
    assert {p.pid for p in multiprocessing.active_children()} <= before


def test_in_process_on_request_takes_what_cannot_be_sent_to_a_child():
    report = run_bench(hands=500, scalar_hands=100, reference_hands=10, repeat=1,
                       peers=False, diamondback=False, check="bench", isolate=False,
                       evaluators=[Evaluator(lambda h: reference_score(h), name="lambda")])
    mine = next(r for r in report if r.kind == "yours")
    assert mine.agrees and "child process" not in mine.note
    with pytest.raises(PedronValueError, match="time_limit"):
        run_bench(hands=500, scalar_hands=100, reference_hands=10, time_limit=0)


# -- what pedron bench prints: 100 columns, a verdict, the exit status -----------------------


@pytest.fixture(scope="module")
def small_report():
    return run_bench(hands=3000, scalar_hands=600, reference_hands=30, repeat=3,
                     evaluators=[Evaluator(reference_score, name="independent")],
                     check="bench")


def test_the_default_page_fits_100_columns_with_a_verdict(small_report):
    text = render(small_report, "test")
    widest = max(text.splitlines(), key=len)
    assert len(widest) <= 100, widest
    verdict = small_report.verdict()
    assert verdict in text.splitlines()
    if installed_peers():
        batch = next(r for r in small_report if r.name == "pedron batch"
                     and r.mode == "natural")
        fastest = max((r for r in small_report if r.kind == "peer"), key=lambda r: r.rate)
        call = next(r for r in small_report if r.name == "pedron evaluate()"
                    and r.mode == "natural" and r.game == "diablo")
        assert verdict.startswith(f"pedron vs the fastest peer, {fastest.name}, called per "
                                  "hand: batch: ")
        # both comparisons, each labelled: the batch's and the like-for-like per call's
        for label, r in (("batch: ", batch), ("; per call: ", call)):
            m = r.vs_fastest_peer.median
            assert any(f"{label}{m:,.{d}f}x" in verdict for d in (0, 1, 2)), (label, verdict)
        assert len(verdict) <= 100
    # one table per game and mode, each with the ratio that matters for it
    assert "\nDiablo, deuces wild\n" in text and "vs pure Python" in text
    assert "\nDiamondback (two cards)\n" in text and "vs reference" in text
    assert "vs plain C loop" not in text and "on a CPU  " not in text
    # the row "plain C loop" said in one line: what it is, and what it is to pedron's batch
    (said,) = [line for line in text.splitlines() if line.startswith("plain C loop:")]
    assert "the same checked table lookup as a plain -O3 C loop" in said
    assert "floor for pedron's batch" in said
    wide = render(small_report, "test", wide=True)
    assert "vs plain C loop" in wide and "what each peer is timed through" in wide
    assert max(len(line) for line in wide.splitlines()) > 100


def card_sum(hand):
    """A wrong evaluator: the sum of the card ids."""
    return sum(hand)


@pytest.mark.parametrize("isolate", [True, False])
def test_a_wrong_evaluator_names_its_first_disagreeing_hands(isolate):
    from pedron.cards import parse_cards

    report = run_bench(hands=1000, scalar_hands=600, reference_hands=10, repeat=1,
                       peers=False, diamondback=False, check="bench", isolate=isolate,
                       evaluators=[Evaluator(card_sum, name="card_sum")])
    lines = render(report, "test").splitlines()
    assert max(len(line) for line in lines) <= 100
    start = lines.index("  card_sum (natural):")
    said = [line.strip() for line in lines[start + 1:start + 4]]
    assert lines[start - 1].startswith("not in pedron's order on the hands timed")
    assert len(said) == 3 and not lines[start + 4].startswith("    "), lines
    for line in said:  # (each pair really is ordered otherwise: pedron's answer and its)
        hands, _, scores = line.partition(", but ")
        if " are equal hands" in hands:
            a, b = hands.removesuffix(" are equal hands").split(" and ")
        else:
            a, b = hands.split(" beats ")
        a, b = parse_cards(a), parse_cards(b)
        pa, pb = (diablo.evaluate(h, wild=False).strength for h in (a, b))
        x, y = (int(v) for v in scores.split("scored ")[1].split(" (")[0].split(" and "))
        assert (x, y) == (sum(a), sum(b))
        if " are equal hands" in hands:
            assert pa == pb and x != y
        else:
            assert pa > pb and x <= y and line.endswith("(higher scores better)")
    assert report.to_json() and next(r for r in report if r.name == "card_sum").disagreements


def test_long_names_keep_the_function_and_fit(small_report):
    from dataclasses import replace

    module = "a_rather_long_package.with_several.submodules.evaluators"
    mine = next(r for r in small_report if r.name == "independent")
    names = [f"{module}:score_fast", f"{module}:score_exact"]
    report = replace(small_report, results=(*small_report.results,
                                            *(replace(mine, name=n) for n in names)))
    lines = render(report, "test").splitlines()
    assert max(len(line) for line in lines) <= 100
    rows = [[line for line in lines if line.startswith("...") and f":{name.split(':')[1]} "
             in line] for name in names]
    assert [len(r) for r in rows] == [1, 1], lines  # (two rows, each its function named)
    for (row,), name in zip(rows, names, strict=True):
        shown_name = row.split("  ")[0]
        assert name.endswith(shown_name[3:]) and len(shown_name) < len(name)


def test_warnings_are_one_line_with_the_worst_case(small_report):
    from dataclasses import replace

    from pedron.bench.render import warnings_summary

    # (every other figure steady and on a CPU throughout: the real ones vary with the
    # machine's load, and a busier one would be the worst case named)
    results = [replace(r, rate_low=r.rate, rate_high=r.rate, cpu_share=1.0)
               for r in small_report.results]
    results[0] = replace(results[0], rate_low=results[0].rate * 0.1,
                         rate_high=results[0].rate * 3.0, cpu_share=0.95)
    results[1] = replace(results[1], rate_low=results[1].rate * 0.9,
                         rate_high=results[1].rate * 1.4, cpu_share=0.5)
    results[2] = replace(results[2], rate_low=results[2].rate * 0.99,
                         rate_high=results[2].rate * 1.01, cpu_share=0.8)
    report = replace(small_report, results=tuple(results), warnings=("w",) * 16)
    line = warnings_summary(report)
    assert "\n" not in line and len(line) <= 100, line
    noisy = sum(r.noisy for r in results)
    assert f"{noisy}/{len(results)} figures spread >25% (worst" in line and "10-300%" in line
    assert "runs <90% on a CPU (worst" in line and "50%)" in line
    text = render(report, "test")
    assert [t for t in text.splitlines() if "busy" in t] == [line]


def test_missing_peers_are_named_with_the_command_that_installs_them(small_report):
    from dataclasses import replace

    versions = dict.fromkeys(small_report.versions)
    versions["phevaluator"] = "0.6.0"
    report = replace(small_report, versions=versions)
    missing = sorted(d for d in versions if d != "phevaluator")
    assert report.missing_peers == tuple(missing)
    text = " ".join(render(report, "test").split())
    assert f"not installed, so not compared: {', '.join(missing)} (pip install " \
           f"{' '.join(missing)}, or pip install \"pedron[bench]\" for every peer)" in text
    assert replace(report, peers_timed=False).missing_peers == ()  # (--no-peers: no nagging)


@pytest.mark.slow
def test_the_exit_status_says_whether_every_evaluator_checked_agrees(tmp_path):
    (tmp_path / "two_eval_mod.py").write_text(
        "from pedron import diablo\n"
        "def right(hand):\n    return diablo.evaluate(hand, wild=False).strength\n"
        "def wrong(hand):\n    return sum(hand)\n")
    ok = _cli(*SMALL, "--repeat", "1", "--check", "bench", "--evaluator", "two_eval_mod:right",
              path=tmp_path)
    assert ok.returncode == 0, ok.stderr
    bad = _cli(*SMALL, "--repeat", "1", "--check", "bench", "--evaluator", "two_eval_mod:right",
               "--evaluator", "two_eval_mod:wrong", path=tmp_path)
    assert bad.returncode == 1, bad.stderr
    assert "not pedron's order" in bad.stdout or " NO" in bad.stdout
    for usage in (("--repeat", "0"), ("--evaluator-timeout", "0"), ("--evaluator", "nope"),
                  ("--wide", "--no-such-option")):
        proc = _cli(*SMALL, *usage)
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, usage
    helped = subprocess.run([sys.executable, "-m", "pedron", "bench", "--help"],
                            capture_output=True, text=True, timeout=60).stdout
    assert "1 an evaluator checked" in " ".join(helped.split())
