"""A child forked while other threads hold pedron's locks (issue 37): it must not inherit
them held (a generator's lock during another thread's deal_batch, a module's cache
lock), and its generators continue the parent's stream from the fork point (see
docs/reliability.md, "Forked processes")."""

from __future__ import annotations

import ast
import os
import signal
import threading
import time

import pytest

from pedron import Generator, deal_batch

np = pytest.importorskip("numpy")  # (imported before any fork: see _wait)

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

FORKS = 8
HANG = 60.0  # seconds a child may take for a few draws before it is called hung


def _wait(pid: int) -> int:
    """The child's exit status; a child still running after HANG seconds is hung: it is
    killed and the test fails (the failure is the hang, not the time of normal work)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"forked child {pid} hung (an inherited lock held)")


def _fork(child: object) -> int:
    pid = os.fork()
    if pid == 0:  # (the child: never returns into pytest)
        code = 1
        try:
            child()  # type: ignore[operator]
            code = 0
        finally:
            os._exit(code)
    return _wait(pid)


def test_fork_while_another_thread_deals_from_the_generator() -> None:
    g = Generator(37)
    deal_batch(1000, 5, seed=g)  # (everything dealing needs, imported before the forks)
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            deal_batch(300_000, 5, seed=g)  # (its lock held most of the time)

    def child() -> None:
        g.random_raw()
        rows = np.asarray(deal_batch(100, 5, seed=g))
        assert all(len(set(r)) == 5 for r in rows.tolist())

    dealer = threading.Thread(target=loop)
    dealer.start()
    try:
        codes = [_fork(child) for _ in range(FORKS)]
    finally:
        stop.set()
        dealer.join()
    assert codes == [0] * FORKS


def test_fork_while_a_module_lock_is_held() -> None:
    from pedron.drawpoker import objectives

    objectives.deck_tables("deuces")  # (built before: the child only looks it up)
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with objectives._DECKS_LOCK:
            held.set()
            release.wait()

    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    try:
        code = _fork(lambda: objectives.deck_tables("deuces"))
    finally:
        release.set()
        t.join()
    assert code == 0


def test_child_continues_the_parents_stream() -> None:
    # The documented behaviour: parent and child draw the same numbers after a fork
    # unless one of them reseeds or jumps.
    g = Generator(2026)
    g.random_raw(5)
    read, write = os.pipe()

    def child() -> None:
        os.write(write, repr(g.random_raw(4)).encode())

    try:
        assert _fork(child) == 0
        os.close(write)
        got = os.read(read, 4096).decode()
    finally:
        os.close(read)
    assert got == repr(g.random_raw(4))
    g.jump()  # (a jump gives a stream of its own)
    assert g.random_raw(4) != ast.literal_eval(got)
