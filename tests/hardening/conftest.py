"""Make the shared fuzz targets (scripts/fuzz: pedron_targets.py, hostile.py...) and
this folder's helpers (thread_stress.py) importable: the suite imports test files
with --import-mode=importlib, which puts no folder on the path."""

import sys
from pathlib import Path

FUZZ_DIR = Path(__file__).resolve().parents[2] / "scripts" / "fuzz"
HERE = Path(__file__).resolve().parent
for folder in (FUZZ_DIR, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
