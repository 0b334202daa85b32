"""The command line under ordinary plumbing (issue 37): its output closed or full, its
input closed, an output encoding without the symbols it prints. Each ends as ``| head``
does: one plain line on stderr (or nothing, if stderr is gone) and a documented status,
never an "internal error" or a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import pedron

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bash, /dev/full")

SRC = Path(pedron.__file__).resolve().parent


def shell(command: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``command`` in bash, ``pedron`` standing for this interpreter's ``-m pedron``."""
    python = f"{sys.executable} -m pedron"
    environ = dict(os.environ, PYTHONPATH=str(SRC.parent), **env)
    environ.pop("PEDRON_TRACEBACK", None)
    return subprocess.run(["bash", "-c", command.replace("pedron", python, 1)],
                          capture_output=True, text=True, env=environ, timeout=120,
                          stdin=subprocess.DEVNULL)


def assert_plain(proc: subprocess.CompletedProcess[str]) -> None:
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert "Exception ignored" not in proc.stderr, proc.stderr


def test_closed_stdout_is_one_line_and_status_1():
    proc = shell('pedron eval "As Ks Qs Js 2c" >&-')
    assert_plain(proc)
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        "pedron eval: cannot write the output: standard output is closed"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", [
    'pedron eval "As Ks Qs Js 2c"',
    "pedron simulate diablo --games 300 --players 3 --csv",
])
def test_a_full_stdout_is_one_line_and_status_1(command):
    proc = shell(f"{command} > /dev/full")
    assert_plain(proc)
    assert proc.returncode == 1
    name = command.split()[1]
    assert proc.stderr.splitlines() == [
        f"pedron {name}: cannot write the output: No space left on device"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_under_a_written_file_names_the_file():
    # The strategy file fails to write (not standard output): the line says which file.
    proc = shell("pedron solve diamondback --stacks 1 --output /dev/full")
    assert_plain(proc)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[-1] == (
        "pedron solve: cannot write /dev/full: No space left on device")


@pytest.mark.parametrize("redirect", ["2>&- >&-", "2>/dev/full >/dev/full"])
def test_with_stderr_gone_too_the_status_still_tells(redirect):
    proc = shell(f'pedron eval "As Ks Qs Js 2c" {redirect}; echo "status $?"')
    assert proc.returncode == 0  # (the echo's)
    assert proc.stdout.strip().endswith("status 1")


def test_play_with_its_input_closed_says_so():
    proc = shell("pedron play diablo --seed 1 <&-")
    assert_plain(proc)
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pedron play: error: standard input is "
                                                   "closed"), lines
    assert "2 a mistake in the command or its input (play: its input closed)" in " ".join(
        shell("pedron play --help").stdout.split())


@pytest.mark.parametrize("command, name, what", [
    (["play", "diablo", "--seed", "1"], "play", "moves"),
    (["videopoker", "play", "--seed", "1", "--no-chart"], "videopoker", "holds"),
])
@pytest.mark.parametrize("stdin", ["none", "closed file"])
def test_each_command_that_reads_the_player_refuses_an_input_it_cannot_read(
        monkeypatch, capsys, command, name, what, stdin):
    """``sys.stdin`` None (no descriptor 0) or a closed file (an embedding program's):
    the one check both interactive commands share refuses it before anything is shown."""
    from pedron import cli

    closed = None
    if stdin == "closed file":
        closed = io.StringIO()
        closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    status = cli.main(command)
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith(f"pedron {name}: error: standard input is closed: ")
    assert f"reads your {what} from it" in err and len(err.splitlines()) == 1


def test_an_ascii_output_gets_ascii_fallbacks():
    command = "pedron simulate diablo --games 50 --players 3 --seed 5"
    wide = shell(command, PYTHONIOENCODING="utf-8")
    narrow = shell(command, PYTHONIOENCODING="ascii")
    assert_plain(narrow)
    assert wide.returncode == narrow.returncode == 0
    assert narrow.stdout.isascii() and "±" in wide.stdout
    # the same table, each symbol as its fallback (the last line times the run)
    expected = wide.stdout.replace("±", "+/-").splitlines()[:-1]
    assert narrow.stdout.splitlines()[:-1] == expected


def test_the_plain_table_view_falls_back_too():
    # (the table view names a hand after an em dash)
    proc = shell("printf 'quit\\n' | pedron play diablo --seed 3 --plain",
                 PYTHONIOENCODING="ascii")
    assert_plain(proc)
    assert proc.returncode == 0 and proc.stdout.isascii()
    assert " -- " in proc.stdout


def _printed_texts(path: Path):
    """Every string literal of a module that is not a docstring or a comment."""
    with open(path, encoding="utf-8") as f:
        tokens = list(tokenize.generate_tokens(f.readline))
    starts = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.STRING:
            continue
        before = next((t for t in reversed(tokens[:i]) if t.type not in (
            tokenize.NL, tokenize.COMMENT)), None)
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        alone = (before is None or before.type in starts) and (
            after is None or after.type in (tokenize.NEWLINE, tokenize.ENDMARKER))
        if not alone:  # (a string standing alone as a statement: a docstring)
            yield tok.string


def test_every_symbol_the_command_line_prints_has_a_fallback():
    from pedron.cli.output import ASCII_FALLBACKS, fallback

    modules = [*sorted((SRC / "cli").glob("*.py")), SRC / "text.py", SRC / "match.py",
               SRC / "simulation" / "results.py", SRC / "bench" / "render.py",
               SRC / "spiel" / "solve.py"]
    found = set()
    for path in modules:
        for text in _printed_texts(path):
            found.update(ch for ch in text if not ch.isascii())
    assert "±" in found  # (the scan sees the results' tables)
    assert found - set(ASCII_FALLBACKS) == set()
    for symbol, plain in ASCII_FALLBACKS.items():
        assert plain.isascii() and fallback(symbol, "ascii") == plain
        assert fallback(symbol, "utf-8") == symbol


def test_fallback_keeps_what_the_encoding_shows():
    from pedron.cli.output import fallback

    assert fallback("a ± b — ♠ ☃", "ascii") == "a +/- b -- s ?"
    assert fallback("± ♠", "latin-1") == "± s"  # (latin-1 has ±, not the suits)
