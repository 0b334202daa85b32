"""The guides' examples run as written, and the API reference is current."""

from __future__ import annotations

import doctest
import importlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ["getting-started.md", "cookbook.md", "histories.md", "draw_analysis.md", "videopoker.md"]
FENCE = re.compile(r"```python\n(.*?)```", re.S)


@pytest.mark.parametrize("name", GUIDES)
def test_guide_examples_run(name):
    text = (ROOT / "docs" / name).read_text()
    blocks = [b for b in FENCE.findall(text) if ">>>" in b]
    assert blocks, f"{name} has no examples"
    # One doctest for the whole page: later examples use earlier names.
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def _gen_api():
    import importlib.util

    spec = importlib.util.spec_from_file_location("gen_api", ROOT / "scripts" / "gen_api.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN_API = _gen_api()


@pytest.fixture(scope="module")
def api_sections():
    return GEN_API.sections(), GEN_API.read_sections((ROOT / "docs" / "api.md").read_text())


@pytest.mark.parametrize("module", GEN_API.MODULES)
def test_api_reference_is_current(module, api_sections):
    # Module by module: what an extra that is not installed would provide is skipped
    # (its section in the file is left as it is), the rest is checked.
    generated, written = api_sections
    if generated[module] is None:
        extra = GEN_API.EXTRAS.get(module, "?")
        pytest.skip(f"{module} needs the {extra!r} extra (pip install 'pedron[{extra}]')")
    assert written.get(module) == generated[module], (
        f"docs/api.md's {module} is out of date: run python scripts/gen_api.py")


def test_api_reference_covers_every_package_and_name(api_sections):
    import pkgutil

    import pedron

    packages = {f"pedron.{m.name}" for m in pkgutil.iter_modules(pedron.__path__)
                if m.ispkg and not m.name.startswith("_")} - set(GEN_API.DEPRECATED)
    assert packages <= set(GEN_API.MODULES), packages - set(GEN_API.MODULES)
    _, written = api_sections
    assert list(written) == GEN_API.MODULES  # every one written, in order
    for module in GEN_API.MODULES:
        try:
            names = getattr(importlib.import_module(module), "__all__", ())
        except ImportError:
            continue
        for name in names:
            assert f"`{name}" in written[module], (module, name)
    bots = written["pedron.bots"]
    for name in ("class `RandomBot", "class `Bot", "`make_bot("):
        assert name in bots, name
    assert "class `OddsBot" in written["pedron.diamondback.bots"]  # (a game's bots: its own)
    assert "class `RuleBot" in written["pedron.diablo.bots"]


def test_readme_opens_with_the_two_commands():
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    assert blocks[0].strip() == "pip install . && python -m pedron bench"
    assert blocks[1].strip() == 'pip install ".[test]" && python -m pytest'
    ci = (ROOT / ".ci" / "run").read_text()
    assert blocks[1].strip() in ci


@pytest.mark.slow
def test_readme_main_job_runs_as_written():
    # The install half ran already (this suite runs against an installed pedron);
    # the main job runs exactly as the README gives it, with its built-in defaults.
    text = (ROOT / "README.md").read_text()
    first = re.findall(r"```bash\n(.*?)```", text, re.S)[0].strip()
    install, job = (part.strip() for part in first.split("&&"))
    assert install == "pip install ."
    assert job.startswith("python -m pedron ")
    proc = subprocess.run(
        [sys.executable, *job.split()[1:]], capture_output=True, text=True, timeout=900
    )
    assert proc.returncode == 0, proc.stderr
    assert "pedron batch" in proc.stdout and "pedron.reference" in proc.stdout
    assert "NO" not in proc.stdout.split()  # every installed peer ranks the hands as pedron does


def _shell_commands() -> list[tuple[str, str]]:
    """Every ``pedron ...`` line of the README's and the guides' bash blocks."""
    out = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for block in re.findall(r"```bash\n(.*?)```", path.read_text(), re.S):
            out.extend((path.name, line.strip()) for line in block.splitlines()
                       if line.strip().startswith("pedron "))
    return out


SHELL_COMMANDS = _shell_commands()
# Quick to run: these run as written (``play`` with no input: it leaves at once).
QUICK = ("pedron eval ", "pedron odds ", "pedron draw ", "pedron deal ", "pedron play ")


def test_the_docs_have_shell_commands():
    assert any(name == "README.md" for name, _ in SHELL_COMMANDS)
    assert any("--revealed" in cmd for _, cmd in SHELL_COMMANDS)


SHELLS = [sh for sh in ("bash", "zsh") if shutil.which(sh)]


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("name, command", SHELL_COMMANDS)
def test_doc_commands_are_safe_from_globbing(name, command, shell, tmp_path):
    # In a directory holding one-letter files, a shell expands an unquoted '?' or '*'
    # (bash to the files' names; zsh aborts on no match): the words must be those the
    # command has with globbing off.
    for letter in "aKSQ":
        (tmp_path / letter).write_text("")
    script = 'for w in {cmd}; do printf "%s\\n" "$w"; done'.format(cmd=command.split("#")[0])
    words = [subprocess.run([shell, "-c", prefix + script], cwd=tmp_path, capture_output=True,
                            text=True).stdout for prefix in ("", "set -f; ")]
    assert words[0] == words[1], f"{name}: {command!r} is changed by {shell}'s globbing"
    assert words[1].split("\n")[0] == "pedron"


@pytest.mark.parametrize(
    "name, command", [(n, c) for n, c in SHELL_COMMANDS if c.startswith(QUICK)]
)
def test_doc_commands_run_as_written(name, command, tmp_path):
    (tmp_path / "K").write_text("")  # a one-letter file, as in many a directory
    script = f'pedron() {{ "{sys.executable}" -m pedron "$@"; }}\n{command}\n'
    proc = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, f"{name}: {command}\n{proc.stderr}"
    assert proc.stdout.strip() and "Traceback" not in proc.stderr


def test_readme_links_work_on_the_package_index():
    # The README is the package's page on the index, where a relative link is
    # dead: every link is absolute, and those into this repository name a file
    # that exists (the base is the project's Source URL, in pyproject.toml).
    text = (ROOT / "pyproject.toml").read_text()
    source = re.search(r'^Source = "([^"]+)"', text, re.M)
    assert source, "pyproject.toml names no Source URL"
    base = source.group(1) + "/blob/main/"
    links = re.findall(r"\]\(([^)\s]+)\)", (ROOT / "README.md").read_text())
    assert len(links) > 10
    relative = [link for link in links if not re.match(r"https?://|#", link)]
    assert not relative, f"relative links in README.md: {relative}"
    ours = [link[len(base):].split("#")[0] for link in links if link.startswith(base)]
    assert ours, "no link into the repository"
    missing = [path for path in ours if not (ROOT / path).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


def test_no_merge_conflict_is_left_in_a_text_file():
    # (a conflict's markers once survived a merge in docs/performance.md)
    marker = re.compile(r"^(<{7}|>{7}) ", re.MULTILINE)
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in ("src", "tests", "scripts", "benchmarks"):
        files += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.suffix in {".py", ".pyx", ".pxd", ".pyi", ".c", ".h", ".md", ".txt"}]
    left = [str(p.relative_to(ROOT)) for p in files if marker.search(p.read_text("utf-8"))]
    assert left == []
