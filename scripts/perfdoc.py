"""Write one section of docs/performance.md, leaving the rest of the page as it is.

Shared by the scripts that measure one part of the page (callgrind_kernels.py,
kernel_ratios.py); perf_report.py keeps their sections when it rewrites the page.
"""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def write_section(title: str, section: str, doc: Path = DOC) -> None:
    """Put ``section`` (starting with the ``title`` line) in place of the
    section of that title, or before "## Reproducing" when there is none."""
    page = doc.read_text()
    start = page.find("\n" + title + "\n")
    if start >= 0:
        end = page.find("\n## ", start + len(title) + 2)
        page = page[:start + 1] + section + ("\n" + page[end + 1:] if end >= 0 else "")
    else:
        at = page.find("\n## Reproducing\n") + 1  # (0: not found, append at the end)
        at = at or len(page)
        page = page[:at] + section + "\n" + page[at:]
    doc.write_text(page)
