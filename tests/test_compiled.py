"""A compiled module older than its source is refused when its package is imported."""

from __future__ import annotations

import importlib.machinery
import json

import pytest

from pedron import _compiled


def _tree(tmp_path, source: str, recorded: str | None):
    root = tmp_path / "pedron"
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "ledger.py").write_text(source)
    (root / "engine" / ("ledger" + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    if recorded is not None:
        (root / "_compiled.json").write_text(json.dumps({"pedron.engine.ledger": recorded}))
    return root


def test_a_source_as_compiled_is_accepted(tmp_path):
    root = _tree(tmp_path, "x = 1\n", None)
    digest = _compiled.source_hash(root / "engine" / "ledger.py")
    (root / "_compiled.json").write_text(json.dumps({"pedron.engine.ledger": digest}))
    _compiled.check("engine", root)


def test_an_edited_source_is_refused(tmp_path):
    root = _tree(tmp_path, "x = 1\n", "0" * 64)
    with pytest.raises(_compiled.StaleBuildError, match="rebuild"):
        _compiled.check("engine", root)


def test_a_compiled_module_without_a_record_is_refused(tmp_path):
    root = _tree(tmp_path, "x = 1\n", None)
    with pytest.raises(ImportError, match=r"pedron\.engine\.ledger"):
        _compiled.check("engine", root)


def test_this_checkout_is_built_from_its_sources():
    for package in ("engine", "diablo", "diamondback"):
        _compiled.check(package)
