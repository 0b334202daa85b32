"""Running one piece of work in many threads at once, the interpreter switching between
them as often as it can: the stress tests' shared means (test_threads.py,
test_thread_contract.py)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["HANG_GUARD", "THREADS", "fast_switching", "run_threads"]

#: How many threads a stress test starts unless it says otherwise.
THREADS = 8

#: Seconds after which a thread still running is a hang. Only a guard: every stress test
#: makes a fixed number of calls that takes seconds under any scheduling (a test that
#: waits for a time to pass would fail by the machine's load, not by pedron).
HANG_GUARD = 600


@contextmanager
def fast_switching() -> Iterator[None]:
    """Make the interpreter switch threads as often as it can."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def run_threads(work: Callable[[int], Any], n: int = THREADS) -> list[Any]:
    """Run ``work(i)`` in n threads started together; return results, re-raise errors."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n
    errors: list[BaseException] = []

    def body(i: int) -> None:
        try:
            barrier.wait()
            results[i] = work(i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    with fast_switching():
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=HANG_GUARD)
    assert not any(t.is_alive() for t in threads), f"a thread hung (running after {HANG_GUARD} s)"
    if errors:
        raise errors[0]
    return results
