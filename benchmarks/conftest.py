"""Benchmarks run with: python -m pytest benchmarks --benchmark-enable

Throughput figures (items per second) are derived from the median time and
recorded in docs/performance.md together with the command that produced them.
"""

import sys
from pathlib import Path

import pytest

# The shared workloads (engine_workloads.py) import as a plain module.
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Benchmarks run in this process, one at a time: pyproject's addopts spread the test
    suite over every core with pytest-xdist, under which pytest-benchmark times nothing
    (and timings taken beside each other would mislead)."""
    if getattr(config.option, "numprocesses", None):
        config.option.numprocesses = 0
