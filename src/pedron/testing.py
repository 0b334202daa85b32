"""pytest fixtures for checking and timing your own evaluator against pedron.

Enable them in a ``conftest.py``::

    pytest_plugins = ["pedron.testing"]

and then, in a test module::

    from pedron.testing import assert_same_order

    def test_my_evaluator_orders_hands_as_pedron():
        assert_same_order(my_evaluate, form="text")          # all 2,598,960 hands

    def test_my_evaluator_speed(evaluator_benchmark):         # needs pytest-benchmark
        evaluator_benchmark(my_evaluate, form="text")

    def test_pedron_speed(evaluator_benchmark):
        evaluator_benchmark("pedron")                          # the same hands, to compare

Fixtures: ``pedron_hands`` (a fixed corpus of random five-card hands, the same
in every run), ``pedron_strengths`` (pedron's strengths of them, natural and
wild) and ``evaluator_benchmark`` (times an evaluator on the corpus with
pytest-benchmark's ``benchmark`` fixture, cards converted beforehand; the
benchmarks of one test session fall in one group, so pytest-benchmark's table
compares them). This module needs pytest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pedron.bench import PEER_EVALUATORS, Evaluator, assert_same_order, check_evaluator
from pedron.bench.entry import peer_entries
from pedron.cards import deal_batch

__all__ = ["CORPUS_HANDS", "CORPUS_SEED", "assert_same_order", "check_evaluator",
           "hand_corpus"]

#: The corpus of the fixtures: this many hands, dealt from this seed.
CORPUS_HANDS = 20_000
CORPUS_SEED = 2026


def hand_corpus(hands: int = CORPUS_HANDS, seed: int = CORPUS_SEED) -> list[tuple[int, ...]]:
    """``hands`` random five-card hands (card ids, 2c = 0 .. As = 51), the same for
    the same ``seed`` on every machine (pedron's generator is versioned)."""
    return [tuple(row) for row in deal_batch(hands, 5, seed=seed).tolist()]


def _baseline(name: str, wild: bool) -> Callable[[list[tuple[int, ...]]], Callable[[], Any]]:
    module = peer_entries() if name == "pedron" else None
    if module is not None:  # (the game whose hands the peers rank: its descriptor's bench)
        evaluate = module.evaluate

        def prepare(hands: list[tuple[int, ...]]) -> Callable[[], Any]:
            return lambda: [evaluate(h, wild=wild) for h in hands]

        return prepare
    for peer in PEER_EVALUATORS:
        if peer.name == name:
            if wild:
                raise ValueError(f"{name} does not rank wild cards")
            if not peer.available():
                pytest.skip(f"{name} is not installed")
            return peer.prepare
    names = ", ".join(["pedron", *(p.name for p in PEER_EVALUATORS)])
    raise ValueError(f"unknown evaluator {name!r}: give a function, or one of {names}")


@pytest.fixture(scope="session")
def pedron_hands() -> list[tuple[int, ...]]:
    """The corpus: :data:`CORPUS_HANDS` random hands dealt from :data:`CORPUS_SEED`."""
    return hand_corpus()


@pytest.fixture(scope="session")
def pedron_strengths(pedron_hands: list[tuple[int, ...]]) -> dict[str, list[int]]:
    """pedron's strengths of the corpus, by mode (``"natural"``, ``"wild"``)."""
    from pedron.bench.order import pedron_strengths as strengths

    return {mode: list(strengths(pedron_hands, mode == "wild")) for mode in ("natural", "wild")}


@pytest.fixture
def evaluator_benchmark(benchmark: Any, pedron_hands: list[tuple[int, ...]]) -> Callable[..., Any]:
    """``evaluator_benchmark(evaluator, form="ids", wild=False)``: time ``evaluator``
    (a function, an :class:`~pedron.bench.Evaluator`, or ``"pedron"`` or a peer's
    name for a baseline) on the corpus with pytest-benchmark; returns its values."""

    def run(evaluator: Any, form: str = "ids", wild: bool = False) -> Any:
        if isinstance(evaluator, str):
            runner = _baseline(evaluator, wild)(pedron_hands)
            name = evaluator
        else:
            ev = evaluator if isinstance(evaluator, Evaluator) else Evaluator(evaluator, form, wild)
            runner = ev.runner(pedron_hands)
            name = ev.name
        benchmark.group = "pedron.testing: five-card evaluators"
        benchmark.extra_info.update({"hands": len(pedron_hands), "evaluator": name})
        return benchmark(runner)

    return run
