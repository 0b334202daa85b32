"""pedron.testing, used as a user would: a pytest suite of its own with the plugin."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

SUITE = '''
from pedron import diablo
from pedron.reference import diablo as ref
from pedron.testing import CORPUS_HANDS, assert_same_order

def independent(h):
    return ref.best_value([divmod(c, 4) for c in h], False)

def swapped(h):  # pedron's order, except that a pair of aces beats two pair
    v = diablo.evaluate(h, wild=False)
    if v.category == 2 and v.ranks[0] == 12:
        return 10_000
    return v.strength

def test_the_corpus(pedron_hands, pedron_strengths):
    assert len(pedron_hands) == CORPUS_HANDS == len(pedron_strengths["wild"])
    assert all(len(set(h)) == 5 and max(h) < 52 for h in pedron_hands)

def test_independent_agrees(pedron_hands):
    assert_same_order(independent, hands=pedron_hands[:3000])

def test_swapped_fails(pedron_hands):
    assert_same_order(swapped, hands=pedron_hands)

def test_speed(evaluator_benchmark):
    assert len(evaluator_benchmark(independent)) == CORPUS_HANDS

def test_baseline(evaluator_benchmark):
    evaluator_benchmark("pedron")

def test_unknown_baseline(evaluator_benchmark):
    evaluator_benchmark("nobody")
'''


def test_the_plugin_in_a_users_suite(pytester):
    pytest.importorskip("pytest_benchmark")
    pytester.makeconftest('pytest_plugins = ["pedron.testing"]\n')
    pytester.makepyfile(test_user=SUITE)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--benchmark-min-rounds=1",
                                           "--benchmark-max-time=0.01", "--benchmark-warmup=off")
    result.assert_outcomes(passed=4, failed=2)
    text = result.stdout.str()
    assert "test_swapped_fails" in text and "beats" in text and "A" in text
    assert "unknown evaluator 'nobody'" in text
    # the corpus is the same in every run: pedron's versioned generator
    from pedron.testing import hand_corpus

    assert hand_corpus(3) == hand_corpus(3) and hand_corpus(3) != hand_corpus(3, seed=1)
