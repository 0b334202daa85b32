"""The kernels' user-visible workloads, one per run, timed in this interpreter.

    python benchmarks/kernel_workloads.py evaluate_wild      # prints {"evaluate_wild": <rate>}

Run by ``compare_kernels.py``, once per round in a fresh interpreter for this tree and
once for a baseline pedron. Every workload uses only the public API that both sides
have (``out=`` by keyword, as every pedron has taken it), so the same code times both.
A rate is items per second: the best of several timings (the least disturbed by
the other work on a shared machine).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

REPEATS = 7


def _best_rate(body: Callable[[], Any], items: int, number: int = 1) -> float:
    body()  # (warm: tables, caches, values made)
    best = float("inf")
    for _ in range(REPEATS):
        t = time.perf_counter()
        for _ in range(number):
            body()
        best = min(best, (time.perf_counter() - t) / number)
    return items / best


def _hands(n: int) -> list[tuple[int, ...]]:
    from pedron.cards import deal_batch

    return [tuple(r) for r in deal_batch(n, 5, seed=20261130).tolist()]


def _per_call(wild: bool | None) -> float:
    from pedron import diablo

    hands = _hands(10_000)
    ev = diablo.evaluate
    if wild is None:
        return _best_rate(lambda: [ev(h) for h in hands], len(hands), 5)
    return _best_rate(lambda: [ev(h, wild=wild) for h in hands], len(hands), 5)


def evaluate_wild() -> float:
    """``diablo.evaluate(hand)`` per call, tuples of ints: hands/s."""
    return _per_call(None)


def evaluate_natural() -> float:
    """``diablo.evaluate(hand, wild=False)`` per call: hands/s."""
    return _per_call(False)


def strength_calls() -> float:
    """``diablo.strength(hand)`` per call: hands/s."""
    from pedron import diablo

    hands = _hands(10_000)
    st = diablo.strength
    return _best_rate(lambda: [st(h) for h in hands], len(hands), 5)


def phevaluator_calls() -> float:
    """phevaluator's ``_pheval.evaluate_5cards(*hand)`` per call: hands/s (the peer)."""
    from phevaluator._pheval import evaluate_5cards as ph

    hands = _hands(10_000)
    return _best_rate(lambda: [ph(*h) for h in hands], len(hands), 5)


def _rows(n: int) -> Any:
    import numpy as np

    from pedron.cards import deal_batch

    return np.asarray(deal_batch(n, 5, seed=20261130))


def batch_checked() -> float:
    """``diablo.evaluate_batch`` on 1 M card rows, ``out=`` given: hands/s."""
    import numpy as np

    from pedron import diablo

    rows = _rows(1_000_000)
    out = np.empty(len(rows), np.uint16)
    return _best_rate(lambda: diablo.evaluate_batch(rows, out=out), len(rows), 3)


def batch_unchecked() -> float:
    """``diablo.evaluate_batch_unchecked``, the same rows: hands/s."""
    import numpy as np

    from pedron import diablo

    rows = _rows(1_000_000)
    out = np.empty(len(rows), np.uint16)
    return _best_rate(lambda: diablo.evaluate_batch_unchecked(rows, out=out), len(rows), 3)


def batch_masks() -> float:
    """``diablo.evaluate_batch`` on the same hands as 1 M uint64 masks: hands/s."""
    import numpy as np

    from pedron import diablo

    rows = _rows(1_000_000)
    masks = np.zeros(len(rows), np.uint64)
    for j in range(5):
        masks |= np.uint64(1) << rows[:, j].astype(np.uint64)
    out = np.empty(len(rows), np.uint16)
    return _best_rate(lambda: diablo.evaluate_batch(masks, out=out), len(rows), 3)


def batch_call_out() -> float:
    """Diablo batch calls on one row, ``out=`` given (the call's fixed cost): calls/s."""
    import numpy as np

    from pedron import diablo

    one = _rows(1)
    out = np.empty(1, np.uint16)
    return _best_rate(lambda: diablo.evaluate_batch(one, out=out), 1, 20_000)


def batch_call_new() -> float:
    """The same, a new numpy result each call: calls/s."""
    from pedron import diablo

    one = _rows(1)
    return _best_rate(lambda: diablo.evaluate_batch(one), 1, 20_000)


def diamondback_batch() -> float:
    """``diamondback.evaluate_batch`` on 1 M rank rows, ``out=`` given: hands/s."""
    import numpy as np

    from pedron import diamondback

    rng = np.random.default_rng(1)
    rows = rng.integers(0, 5, size=(1_000_000, 2), dtype=np.uint8)
    rows[(rows[:, 0] == 4) & (rows[:, 1] == 4)] = (4, 3)
    out = np.empty(len(rows), np.uint8)
    return _best_rate(lambda: diamondback.evaluate_batch(rows, out=out), len(rows), 20)


def diamondback_batch_ids() -> float:
    """The same on 1 M card-id rows (``ids=True``): hands/s."""
    import numpy as np

    from pedron import diamondback

    rng = np.random.default_rng(1)
    rows = rng.integers(0, 43, size=(1_000_000, 2), dtype=np.uint8)
    rows[rows[:, 0] == rows[:, 1], 1] = (rows[rows[:, 0] == rows[:, 1], 0] + 1) % 43
    out = np.empty(len(rows), np.uint8)
    return _best_rate(lambda: diamondback.evaluate_batch(rows, out=out, ids=True), len(rows), 20)


def import_diablo() -> float:
    """``import pedron.diablo`` in a fresh interpreter (numpy already imported): imports/s.

    With bytecode caching on whatever the environment says (an installed pedron has
    its .pyc files; a source tree gets them from the first, untimed, import)."""
    code = ("import time, numpy; t = time.perf_counter(); import pedron.diablo; "
            "print(time.perf_counter() - t)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def once() -> float:
        return float(subprocess.run([sys.executable, "-c", code], check=True,
                                    capture_output=True, text=True, env=env).stdout)

    once()
    return 1 / min(once() for _ in range(REPEATS))


WORKLOADS: dict[str, Callable[[], float]] = {
    f.__name__: f
    for f in (evaluate_wild, evaluate_natural, strength_calls, phevaluator_calls,
              batch_checked, batch_unchecked, batch_masks, batch_call_out, batch_call_new,
              diamondback_batch, diamondback_batch_ids, import_diablo)
}


if __name__ == "__main__":
    name = sys.argv[1]
    print(json.dumps({name: WORKLOADS[name]()}))
