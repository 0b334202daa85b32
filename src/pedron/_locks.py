"""Module-level locks that a forked child renews.

A child forked (``os.fork``, or multiprocessing's "fork" start method) while another
thread held a ``threading.Lock`` inherits it held, by a thread the child does not have:
its first ``with lock:`` would wait for ever. :func:`module_lock` makes a module's lock
and registers an ``os.register_at_fork`` hook that puts a new one in its place in every
child (what the lock guards is whole in the child: every holder changes it in single
steps, each done before the fork can happen).
"""

from __future__ import annotations

import os
import sys
import threading


def module_lock(module: str, name: str) -> threading.Lock:
    """A new lock for the global ``name`` of ``module`` (``__name__``), which every
    child forked from this process replaces by a new one."""

    def renew() -> None:
        setattr(sys.modules[module], name, threading.Lock())

    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=renew)
    return threading.Lock()
