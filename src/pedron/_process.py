"""Helper processes that stop with the process that started them.

:func:`start_helper` is the first thing a helper process does (a local pool's
worker, an isolated evaluator's child). Its signals: Ctrl-C is the parent's
(a terminal sends SIGINT to the whole process group, and the parent stops its
helpers itself), and SIGTERM, the parent's ``terminate()``, ends the helper at
once by the default action. A forked child inherits the parent's Python signal
handlers: the command line's SIGTERM handler raises an exception, which in a
helper would only fail the work in hand (or print a traceback), and the helper
would live on. A process killed outright (SIGKILL, a crash) cannot stop the
helpers it started, and a helper blocked on a pipe whose other end it inherited
itself would wait forever: each helper watches its parent instead and leaves
as soon as it is gone (within half a second).
"""

from __future__ import annotations

import os
import signal
import threading
import time

__all__ = ["leave_with_parent", "start_helper"]


def start_helper() -> None:
    """In a helper process, first: SIGINT ignored, SIGTERM's default action, and
    leave when the parent is gone (see the module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    leave_with_parent()


def leave_with_parent() -> None:
    """In a helper process: exit at once when the parent process is gone."""
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), daemon=True,
                     name="pedron-parent-watch").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # (the parent is gone: nothing to report to, nothing to clean)
