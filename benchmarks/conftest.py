"""Benchmarks run with: python -m pytest benchmarks --benchmark-enable

Throughput figures (items per second) are derived from the median time and
recorded in docs/performance.md together with the command that produced them.
"""

import sys
from pathlib import Path

# The shared workloads (engine_workloads.py) import as a plain module.
sys.path.insert(0, str(Path(__file__).resolve().parent))
