"""What the machine allows: the ceilings pedron ties to it, in one place.

* :func:`usable_cores`: the cores this process may run on (its CPU affinity
  where the system says it). Threads and worker processes default to it and
  are refused past a hard cap of their own (``docs/reliability.md``).
* :func:`memory_bytes`: the machine's physical memory. A request whose size
  the caller chooses (``deal_batch(n, k)``, ``Generator.random_raw(size)``)
  is refused with a pedron error, before anything is allocated, when it could
  not fit in it: it would otherwise end in a ``MemoryError`` or in swapping.
* :data:`MAX_COUNT`: the largest count of games, sets or deals a study
  takes (2**63 - 1: a machine word; no machine plays that many).
"""

from __future__ import annotations

import os

__all__ = ["MAX_COUNT", "memory_bytes", "usable_cores"]

#: The largest count of games, sets or deals a study takes: a signed 64-bit word.
MAX_COUNT = (1 << 63) - 1


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # (not every platform has affinity)
        return os.cpu_count() or 1


def memory_bytes() -> int:
    """The machine's physical memory in bytes (``sys.maxsize`` where the system does
    not say)."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # (not POSIX: no figure to go by)
        import sys

        return sys.maxsize
    if pages <= 0 or size <= 0:
        import sys

        return sys.maxsize
    return int(pages) * int(size)
