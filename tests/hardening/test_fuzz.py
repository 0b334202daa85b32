"""Bounded fuzzing of every entry point of the foundation and both evaluators.

Each target (scripts/fuzz/pedron_targets.py) builds an input from hypothesis
draws, calls pedron and checks: a correct result (compared with the scalar
path, the reference or a model) or a PedronError, never another exception and
never a crash. The long runs of the same targets are scripts/fuzz/run_random.py
and scripts/fuzz/run_atheris.py (see docs/reliability.md).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")

import pedron_targets as targets

# Examples per target: the whole file runs in about 15-25 s on the 2-core machine.
EXAMPLES = {
    "card_text": 150,
    "db_text": 150,
    "cardset": 300,
    "deck": 150,
    "generator_state": 300,
    "deal_batch": 300,
    "diablo_batch": 400,
    "diamondback_batch": 400,
    "diablo_scalar": 400,
    "diamondback_scalar": 300,
    "draw": 150,
    "odds": 200,
}


def test_every_target_is_run():
    assert set(EXAMPLES) == set(targets.TARGETS)


@pytest.mark.parametrize("share", [4, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["quarter", "all"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_fuzz_target(name, share):
    """A quarter of the examples in the default run, all of them in the slow run."""
    fn = targets.TARGETS[name]
    targets.STATS.update(returned=0, refused=0)

    @settings(
        max_examples=EXAMPLES[name] // share,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def run(data):
        fn(targets.HypothesisSource(data))

    run()
    # The target reached pedron both ways: some calls returned a checked result,
    # some were refused with a PedronError (a target that only ever hits one side
    # would not be testing much).
    assert targets.STATS["returned"] > 0
    assert targets.STATS["refused"] > 0


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_fuzz_target_random_stream(name):
    """The same targets on a fixed random stream (the long-run driver's inputs 0..199)."""
    import random

    fn = targets.TARGETS[name]
    rng = random.Random()
    for n in range(200):
        rng.seed(f"{name}:0:{n}")
        fn(targets.RandomSource(rng))


def test_unchecked_batch_every_row_over_a_small_alphabet():
    """Every 5-tuple of nine values (repeats, aces, 2s, out-of-range bytes): the
    unchecked batch stays in range, agrees with the scalar path on valid rows and
    the checked batch refuses exactly the invalid ones."""
    import itertools

    import numpy as np

    from pedron import diablo

    alphabet = [0, 1, 47, 48, 49, 50, 51, 52, 255]
    rows = np.array(list(itertools.product(alphabet, repeat=5)), dtype=np.uint8)
    valid = np.array([len(set(r)) == 5 and max(r) < 52 for r in rows.tolist()])
    assert 0 < valid.sum() < len(rows)
    for wild in (True, False):
        got = diablo.evaluate_batch_unchecked(rows, wild=wild)
        assert int(got.max()) <= diablo.strength_count(wild=wild)
        good = rows[valid]
        assert np.array_equal(got[valid], diablo.evaluate_batch(good, wild=wild))
        some = np.ascontiguousarray(good[:: max(1, len(good) // 50)])
        assert [int(x) for x in diablo.evaluate_batch(some, wild=wild)] == [
            diablo.strength(r.tolist(), wild=wild) for r in some]
        first_bad = int(np.flatnonzero(~valid)[0])
        with pytest.raises(targets.ArrayError, match=f"row {first_bad}:"):
            diablo.evaluate_batch(rows, wild=wild)
