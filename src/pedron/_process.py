"""Helper processes that do not outlive the process that started them.

A process killed outright (SIGKILL, a crash) cannot stop the helpers it
started, and a helper blocked on a pipe whose other end it inherited itself
would wait forever: each helper watches its parent instead and leaves as soon
as it is gone (within half a second).
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["leave_with_parent"]


def leave_with_parent() -> None:
    """In a helper process: exit at once when the parent process is gone."""
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), daemon=True,
                     name="pedron-parent-watch").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # (the parent is gone: nothing to report to, nothing to clean)
