"""The public API is a promise (docs/releasing.md, "The public API"):

* every public callable answers ``inspect.signature`` with its real parameters (an
  IDE, ``help()`` and a documentation generator read them);
* the list of public names and signatures, docs/api-surface.txt, is the one the code
  gives: a change of the API cannot land without a change of that file, in the same
  commit, where a reviewer sees it;
* an old name kept for a release warns, naming the new one, and gives the new object.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import sys
import types
import warnings
from pathlib import Path

import pytest

from tests.test_docs import GEN_API

ROOT = Path(__file__).resolve().parent.parent


def _public_callables():
    """(label, object) for every public callable of every public module that imports
    here, and every public method of every public class."""
    seen: set[int] = set()
    for modname in GEN_API.MODULES:
        try:
            module = importlib.import_module(modname)
        except ImportError:  # (an extra that is not installed: its own tests skip)
            continue
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if id(obj) in seen or not callable(obj):
                continue
            seen.add(id(obj))
            yield f"{modname}.{name}", obj
            if inspect.isclass(obj):
                for member, value in GEN_API._public_members(obj):
                    if callable(value) and not isinstance(
                            value, (property, functools.cached_property)):
                        yield f"{modname}.{name}.{member}", value


def test_every_public_callable_has_a_signature():
    missing = []
    count = 0
    for label, obj in _public_callables():
        count += 1
        try:
            inspect.signature(obj)
        except (TypeError, ValueError) as exc:
            missing.append(f"{label}: {exc}")
    assert count > 400  # (the walk reached the API: it holds about 500)
    assert not missing, "no signature:\n" + "\n".join(missing)


# The classes the build compiles from .py sources (setup.py, ENGINE): an extension
# type has no signature of its own, so each answers through pedron._signature.
COMPILED_CLASSES = [
    ("pedron.engine.moves", ["Ante", "Bet", "Call", "Check", "Choose", "Declare", "Draw",
                             "Fold", "Leave", "Match", "RaiseBy", "RaiseTo", "Reveal",
                             "Stop", "Vote"]),
    ("pedron.engine.actions", ["LegalAction", "Record"]),
    ("pedron.engine.pots", ["Pot"]),
    ("pedron.engine.settle", ["Settlement"]),
    ("pedron.engine.deal", ["DealContext", "Deal"]),
    ("pedron.engine.ledger", ["Ledger"]),
    ("pedron.engine.betting", ["BettingRound"]),
    ("pedron.diablo.game", ["Game"]),
    ("pedron.diamondback.deal", ["Hand"]),
]


def _as_plain_python(modname: str) -> types.ModuleType:
    """The module's source run as plain Python (not the compiled extension), under a
    name of its own: its classes are ordinary classes with ordinary ``__init__``."""
    source = ROOT / "src" / (modname.replace(".", "/") + ".py")
    plain_name = "_plain_" + modname.replace(".", "_")
    spec = importlib.util.spec_from_file_location(plain_name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[plain_name] = module  # (dataclasses look their module up while made)
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[plain_name]
    return module


def _parameters(sig: inspect.Signature) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in sig.parameters.values()]


@pytest.mark.parametrize(("modname", "names"), COMPILED_CLASSES,
                         ids=[m for m, _ in COMPILED_CLASSES])
def test_compiled_classes_show_the_parameters_their_source_takes(modname, names):
    pytest.importorskip("cython")  # (the test extra has it: the sources' decorators)
    compiled = importlib.import_module(modname)
    plain = _as_plain_python(modname)
    for name in names:
        cls = getattr(compiled, name)
        init = getattr(plain, name).__init__  # (the dataclass's or the source's own)
        assert inspect.isfunction(init), f"{modname}.{name} plain __init__: {init!r}"
        real = _parameters(inspect.signature(init))[1:]  # (without self)
        assert _parameters(inspect.signature(cls)) == real, f"{modname}.{name}"


def test_the_signature_is_the_classs_not_its_instances():
    from pedron.engine import Bet

    assert "amount" in inspect.signature(Bet).parameters
    assert not hasattr(Bet(3), "__signature__")
    assert str(inspect.signature(Bet)) == "(amount: 'int', seat: 'int | None' = None) -> 'None'"


def test_the_api_list_is_current():
    current = GEN_API.SURFACE.read_text(encoding="utf-8")
    assert GEN_API.render_surface(current) == current, (
        "the public API changed: run python scripts/gen_api.py and commit "
        "docs/api-surface.txt with the change. A public name removed or renamed keeps "
        "working for one release with a DeprecationWarning (docs/releasing.md)")


def test_the_api_list_names_every_public_name():
    written = GEN_API.read_surface(GEN_API.SURFACE.read_text(encoding="utf-8"))
    assert list(written) == GEN_API.MODULES
    for modname in GEN_API.MODULES:
        try:
            module = importlib.import_module(modname)
        except ImportError:
            continue
        labels = {line.split(":", 1)[0] for line in written[modname].splitlines()[1:]}
        for name in getattr(module, "__all__", ()):
            assert f"{modname}.{name}" in labels, f"{modname}.{name}"


def test_an_old_name_warns_and_gives_the_new_object():
    from pedron._deprecate import Moved, moved_names

    module = types.ModuleType("pedron_old_place")
    module.__getattr__ = moved_names("pedron_old_place", {  # type: ignore[method-assign]
        "OldCardSet": Moved("pedron.cards", "CardSet", since="0.2.0", until="0.3.0"),
    })
    from pedron.cards import CardSet

    with pytest.warns(DeprecationWarning,
                      match=r"pedron_old_place\.OldCardSet is deprecated since pedron 0\.2\.0 "
                            r"and will be removed in 0\.3\.0: use pedron\.cards\.CardSet"):
        assert module.OldCardSet is CardSet
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
            module.Nothing  # noqa: B018


def test_old_names_beside_lazy_ones_warn_at_the_callers_line():
    # A package with lazy attributes too: its other names are asked of ``otherwise``, in
    # the same __getattr__, so the warning still names the caller's line, not pedron's.
    from pedron._deprecate import Moved, moved_names
    from pedron._lazy import lazy_attributes

    module = types.ModuleType("pedron_old_package")
    sys.modules["pedron_old_package"] = module
    try:
        module.__getattr__ = moved_names("pedron_old_package", {  # type: ignore[method-assign]
            "OldCardSet": Moved("pedron.cards", "CardSet", since="0.2.0", until="0.3.0"),
        }, otherwise=lazy_attributes("pedron_old_package", {"Deck": "pedron.diablo"}))
        from pedron.cards import CardSet
        from pedron.diablo import Deck

        with pytest.warns(DeprecationWarning, match="use pedron.cards.CardSet") as record:
            assert module.OldCardSet is CardSet
        assert [w.filename for w in record] == [__file__]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert module.Deck is Deck
            with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
                module.Nothing  # noqa: B018
    finally:
        del sys.modules["pedron_old_package"]
