"""Read AddressSanitizer / LeakSanitizer / UBSan logs and fail on pedron's findings.

The checked build (``PEDRON_DEBUG=1``) runs the tests with the sanitizers'
runtime preloaded into an ordinary interpreter, which keeps some memory of its
own (and of numpy, scipy, OpenSSL...) alive until exit. Those leaks are not
pedron's and are ignored. Everything else fails: any memory error or undefined
behaviour, wherever it is reported, and any leak whose allocation stack passes
through one of pedron's compiled modules.

    python scripts/check_sanitizer_logs.py LOG_PREFIX
"""

from __future__ import annotations

import glob
import re
import sys
from pathlib import Path

_OURS = re.compile(r"pedron/_kernels/|pedron_|__pyx_")


def findings(text: str) -> list[str]:
    """The reports in one log that are pedron's (or that are not leaks)."""
    out = []
    for block in re.split(r"\n(?=\S)", text):
        error = "runtime error:" in block or "ERROR: AddressSanitizer" in block
        leak = block.startswith(("Direct leak", "Indirect leak"))
        if error or (leak and _OURS.search(block)):
            out.append(block)
    return out


def main(prefix: str) -> int:
    logs = sorted(glob.glob(prefix + "*"))
    bad = [(path, f) for path in logs
           for f in findings(Path(path).read_text(errors="replace"))]
    for path, block in bad:
        print(f"{path}:\n{block}\n")
    print(f"{len(logs)} sanitizer log(s), {len(bad)} finding(s) in pedron")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
