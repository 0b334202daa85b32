"""A Ctrl-C during a threaded call (issue 37): every function that runs work on threads
stops at its next piece, joins every thread it started, and only then lets the
KeyboardInterrupt leave; nothing writes the caller's memory after that, and the next
call gives the right answer (see docs/reliability.md, "Threads and interrupts").

SIGINT is sent to the main thread by a helper thread once the call is under way (for a
batch with ``out``: once its first rows are written), a bounded number of times.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest

from pedron import deal_batch, diablo, diamondback
from pedron.drawpoker import analyse_batch
from pedron.videopoker import analyse

np = pytest.importorskip("numpy")

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_kill"),
                                reason="needs signal.pthread_kill")

TRIES = 6
ROWS = 8_000_000  # (a few tens of milliseconds of evaluation with two threads)


@contextmanager
def sigint_raises() -> Iterator[dict[str, bool]]:
    """While ``armed["on"]``, a SIGINT raises KeyboardInterrupt; otherwise it is ignored
    (so a signal that comes after the call has returned cannot hit the test itself)."""
    armed = {"on": False}

    def handler(signum: int, frame: Any) -> None:
        if armed["on"]:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield armed
    finally:
        signal.signal(signal.SIGINT, previous)


def interrupt(call: Callable[[], Any], started: Callable[[], bool] | None = None,
              out: Any = None, delay: float = 0.0) -> Any:
    """Run ``call`` while a helper thread sends SIGINT to this thread once the call is
    under way (``started()`` true; else ``delay`` seconds after it began). If the call
    was interrupted: no thread it started is left, ``out`` (if any) is not written after
    the KeyboardInterrupt, and the result is True or, with ``out``, a copy of it taken
    then; else None."""
    before = set(threading.enumerate())
    main = threading.main_thread().ident
    calling = threading.Event()
    finished = threading.Event()

    def sender() -> None:
        calling.wait()
        if started is None:
            finished.wait(delay)
        while not finished.is_set() and started is not None and not started():
            time.sleep(0.0005)
        if not finished.is_set():
            signal.pthread_kill(main, signal.SIGINT)

    helper = threading.Thread(target=sender, name="test-sigint")
    helper.start()
    interrupted: Any = None
    with sigint_raises() as armed:
        try:
            try:
                armed["on"] = True
                calling.set()
                call()
            finally:
                armed["on"] = False
                finished.set()
        except KeyboardInterrupt:
            snapshot = None if out is None else np.array(out, copy=True)
            interrupted = True if out is None else snapshot
            left = [t.name for t in set(threading.enumerate()) - before - {helper}]
            time.sleep(0.05)
            try:
                assert not left, f"threads still running after the KeyboardInterrupt: {left}"
                if out is not None:
                    assert np.array_equal(snapshot, out), "out written after the call returned"
            finally:
                # (on a failure, the unfixed code's threads still write into out: wait
                # for them before out is freed, or the test process itself would crash)
                for t in set(threading.enumerate()) - before - {helper}:
                    t.join()
        finally:
            helper.join()
    return interrupted


@pytest.fixture(scope="module")
def rows() -> Any:
    return np.asarray(deal_batch(ROWS, 5, seed=37))


@pytest.mark.parametrize("unchecked", [False, True], ids=["checked", "unchecked"])
def test_diablo_batch_interrupted(rows: Any, unchecked: bool) -> None:
    fn = diablo.evaluate_batch_unchecked if unchecked else diablo.evaluate_batch
    hits = early = 0
    for _ in range(TRIES):
        out = np.zeros(len(rows), np.uint16)
        # (no hand has strength 0: the first row of either slice written, it is under way)
        got = interrupt(partial(fn, rows, out=out, threads=2),
                        lambda out=out: bool(out[0]) or bool(out[len(out) // 2]), out)
        hits += got is not None
        early += got is not None and not got.all()  # (it stopped before the last rows)
    assert hits >= 1 and early >= 1
    small = rows[:300_000]
    got = fn(small, threads=2)
    assert got.tolist() == fn(small, threads=1).tolist()
    sample = range(0, len(small), 997)
    assert [int(got[i]) for i in sample] == [diablo.strength(small[i].tolist()) for i in sample]


def test_diamondback_batch_interrupted() -> None:
    ranks = np.random.default_rng(37).integers(0, 4, size=(4 * ROWS, 2), dtype=np.uint8)
    hits = early = 0
    for _ in range(TRIES):
        out = np.full(len(ranks), 255, np.uint8)  # (no strength is 255)
        got = interrupt(partial(diamondback.evaluate_batch, ranks, out=out, threads=2),
                        lambda out=out: out[0] != 255 or out[len(out) // 2] != 255, out)
        hits += got is not None
        early += got is not None and (got == 255).any()  # (it stopped before the last rows)
    assert hits >= 1 and early >= 1
    small = ranks[:3_000_000]  # (two slices of at least 2**20 rows)
    got = diamondback.evaluate_batch(small, threads=2)
    sample = range(0, len(small), 99_991)
    assert [int(got[i]) for i in sample] == [
        diamondback.evaluate(small[i].tolist()).strength for i in sample]


def test_draw_batch_interrupted(rows: Any) -> None:
    # (by enumeration below 20,000 rows, about 10 us a row; by the subset sums above,
    # about 1 us: a few hundred milliseconds each, which a signal interrupts)
    want = analyse_batch(rows[:3000], threads=1)
    hits = 0
    for i in range(TRIES):
        hands = rows[:400_000] if i % 2 else rows[:19_000]
        hits += interrupt(partial(analyse_batch, hands, threads=2), delay=0.03) is not None
    assert hits >= 1
    got = analyse_batch(rows[:3000], threads=2)
    assert got.masks.tolist() == want.masks.tolist()
    assert got.values() == want.values()


def test_videopoker_analyse_interrupted() -> None:
    want = analyse("deuces-wild", threads=1)
    hits = 0
    for _ in range(TRIES):
        hits += interrupt(partial(analyse, "deuces-wild", threads=2), delay=0.02) is not None
    assert hits >= 1
    got = analyse("deuces-wild", threads=2)
    assert got.return_ == want.return_ and got.counts == want.counts
    # (Deuces Wild, full pay, played perfectly: 100.76%)
    assert round(float(got.return_), 4) == 1.0076


def test_deal_batch_interrupted() -> None:
    from pedron import Generator

    want = np.asarray(deal_batch(300_000, 5, seed=Generator(9)))
    g = Generator(5)
    hits = early = 0
    for _ in range(TRIES):
        out = np.zeros((ROWS, 5), np.uint8)
        got = interrupt(partial(deal_batch, ROWS, 5, seed=g, out=out),
                        lambda out=out: bool(out[0].any()), out)
        hits += got is not None
        early += got is not None and not got[-1].any()  # (it stopped before the last row)
    assert hits >= 1 and early >= 1
    # the generator is not left locked, and dealing (over several pieces) is as before
    assert len(np.asarray(deal_batch(10, 5, seed=g))) == 10
    again = np.asarray(deal_batch(300_000, 5, seed=Generator(9)))
    assert np.array_equal(again, want)
    assert all(len(set(r)) == 5 for r in again[::1000].tolist())


CRASH = textwrap.dedent("""
    import gc, signal, sys, threading, time
    import numpy as np
    from pedron import deal_batch, diablo, diamondback

    game = sys.argv[1]
    if game == "diablo":
        rows = np.asarray(deal_batch(20_000_000, 5, seed=3))
        fn, dtype = diablo.evaluate_batch, np.uint16
    else:
        rows = np.random.default_rng(3).integers(0, 4, (20_000_000, 2), dtype=np.uint8)
        fn, dtype = diamondback.evaluate_batch, np.uint8
    main = threading.main_thread().ident
    armed = [False]

    def handler(signum, frame):
        if armed[0]:  # (a signal after the call is ignored)
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, handler)
    for k in range(12):
        out = np.zeros(len(rows), dtype)
        timer = threading.Timer(0.002 * (k % 6), signal.pthread_kill, (main, signal.SIGINT))
        try:
            try:
                armed[0] = True
                timer.start()
                fn(rows, out=out, threads=2)
            finally:
                armed[0] = False
        except KeyboardInterrupt:
            pass
        timer.join()
        del out  # (freed: a thread still writing would write into freed memory)
        junk = [np.ones(1 << 20, np.uint8) for _ in range(30)]
        del junk
        gc.collect()
    time.sleep(0.2)
    print("done")
""")


@pytest.mark.parametrize("game", ["diablo", "diamondback"])
def test_interrupted_batch_does_not_crash(game: str) -> None:
    # (in a subprocess: the unfixed code crashed the whole process)
    run = subprocess.run([sys.executable, "-c", CRASH, game], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert run.stdout.strip() == "done"



@pytest.mark.parametrize("made", ["late", "before", "never"])
def test_a_ctrl_c_inside_a_threads_start_leaves_no_thread(monkeypatch, made):
    """A Ctrl-C inside ``Thread.start()`` (while it waits for the new thread to run, the
    likeliest place under load): the thread is made, perhaps not yet running
    (``"late"``: it runs 50 ms after ``start()`` raised), already running
    (``"before"``), or never made (``"never"``). Whichever, it has ended before the
    KeyboardInterrupt leaves the call."""
    from pedron._kernels._common import in_threads

    returned = threading.Event()
    ended_after_return: list[bool] = []
    real_start = threading.Thread.start

    class StartRaises(threading.Thread):
        def start(self) -> None:
            if made == "before":
                super().start()
            elif made == "late":
                later = threading.Timer(0.05, real_start, args=(self,))
                later.start()
                self_timers.append(later)
            raise KeyboardInterrupt

        def run(self) -> None:
            try:
                super().run()
            finally:
                ended_after_return.append(returned.is_set())

    self_timers: list[threading.Timer] = []
    monkeypatch.setattr(threading, "Thread", StartRaises)
    ran = []

    def share(shares: Any, caller: bool) -> int:
        ran.append(caller)
        return 0

    try:
        with pytest.raises(KeyboardInterrupt):
            in_threads([share, share, share], "pedron-test")
    finally:
        returned.set()
        monkeypatch.undo()
        for timer in self_timers:
            timer.join()
    time.sleep(0.1)  # (time for a thread left running to show)
    assert True not in ended_after_return  # (no thread of the call ended after it returned)
    assert ended_after_return == ([] if made == "never" else [False])
    assert True not in ran  # (the caller's own share never began)
