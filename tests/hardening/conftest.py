"""Make the shared fuzz targets (scripts/fuzz/pedron_targets.py) importable."""

import sys
from pathlib import Path

FUZZ_DIR = Path(__file__).resolve().parents[2] / "scripts" / "fuzz"
if str(FUZZ_DIR) not in sys.path:
    sys.path.insert(0, str(FUZZ_DIR))
