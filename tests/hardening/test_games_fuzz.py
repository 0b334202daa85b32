"""Bounded fuzzing of the two game engines: saved games, random calls, private views.

The targets are in scripts/fuzz/games_targets.py (the long runs:
scripts/fuzz/games_run.py; figures in docs/reliability.md):

* ``save_<game>``: real saves (format version 2) damaged by random edits (of the
  start state, the operations since, the kept histories, the log, the snapshot:
  fields and values replaced, deleted, duplicated; cards moved or duplicated
  across hands, stock, discards, a kept deal's deck and a prearranged deal;
  chips, turn, version, queued deals, the generator; wrong types, huge ints,
  deep nesting; parts of another save; text cut or bytes flipped).
  ``Table.from_json`` raises a SaveError (nothing else), or loads a table (with
  ``defer_proof=True``) whose kept histories, first read, or log, proven by a
  restore of its own save, are refused with a SaveError exactly when the
  default restore refuses the save (the table then plays on unharmed), or
  whose save is the undamaged one (or plays on exactly as it would), which
  re-serializes to a fixed point, holds every card once, conserves chips, has
  a live player to act and goes on playing legally.
* ``actions_<game>``: random calls of every method with arguments of any type,
  in every phase and after the end, on current and finished deals, moves in
  every form the boundary reads: an accepted move was legal (``verify``
  and ``legal_actions()`` agree, it is exact built-in values,
  it means what was said: a raise is its total), a refused call raised a
  pedron error, left the saved state unchanged and was not listed, chips are
  conserved after every step, no call warns. Every field of a typed move may
  be hostile; the move classes are final (a subclass of one cannot be made:
  TypeError), and a look-alike of one is refused.
* ``privacy_<game>``: every seat's (and a spectator's) view at every step holds
  no hidden card, and its repr and JSON do not change when the hidden cards
  are permuted (a permutation proven to reach every card the views are built
  from); every kept history's ``for_seat`` export likewise; neither the seed
  nor the generator's words appear.

Each target runs under hypothesis (``st.randoms``: the random choices are
hypothesis draws, so a failure shrinks) and on the long-run driver's fixed
input stream. Engine bugs the targets meet and know (``KNOWN_BUGS``, each a
strict xfail in test_games_regressions.py) are counted, not failed; so is what
the engine does by design (``BY_DESIGN``, each an ordinary test there: kept
histories read lazily, refused when first read, and the saved log left unproven
by a deferred restore; the start state's events taken as a record).
"""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")

import games_targets as gt

import pedron.diablo.game as dlgame
from pedron.diablo import table as dl
from pedron.diablo.rules import Rules as DLRules
from pedron.diamondback import table as db
from pedron.diamondback.rules import Rules as DBRules
from pedron.engine import history as engine_history
from pedron.engine.moves import Bet, RaiseBy, RaiseTo
from pedron.errors import SaveError

# (hypothesis examples, fixed-stream inputs) per target.
EXAMPLES = {
    "save_diamondback": (300, 400),
    "save_diablo": (300, 400),
    "actions_diamondback": (60, 60),
    "actions_diablo": (50, 50),
    "privacy_diamondback": (15, 15),
    "privacy_diablo": (8, 8),
}


def test_every_target_is_run():
    assert set(EXAMPLES) == set(gt.TARGETS)


def _regression_tests() -> tuple[set[str], set[str]]:
    """The tests of test_games_regressions.py: (strict xfails, ordinary tests: no
    xfail mark of any kind)."""
    source = (Path(__file__).parent / "test_games_regressions.py").read_text()
    tree = ast.parse(source)
    tests = [node for node in tree.body if isinstance(node, ast.FunctionDef)
             and node.name.startswith("test_")]

    def marked(node: ast.FunctionDef, word: str) -> bool:
        return any(word in ast.unparse(d) for d in node.decorator_list)

    strict = {node.name for node in tests if marked(node, "_strict_xfail")}
    ordinary = {node.name for node in tests if not marked(node, "xfail")}
    return strict, ordinary


def test_every_known_bug_is_a_strict_xfail():
    """Each bug the targets tolerate (``KNOWN_BUGS``) names a strict xfail test: when
    the bug is fixed that test fails, and its entry here must go."""
    xfails, _ = _regression_tests()
    assert set(gt.KNOWN_BUGS.values()) <= xfails, set(gt.KNOWN_BUGS.values()) - xfails


def test_every_behaviour_by_design_is_an_ordinary_test():
    """Each behaviour the targets count as the engine's design (``BY_DESIGN``), not a
    bug, names an ordinary test (no xfail) that documents and checks it."""
    _, ordinary = _regression_tests()
    assert set(gt.BY_DESIGN.values()) <= ordinary, set(gt.BY_DESIGN.values()) - ordinary
    assert not set(gt.BY_DESIGN) & set(gt.KNOWN_BUGS)


@pytest.mark.parametrize("share", [4, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["quarter", "all"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_games_target(name, share):
    """A quarter of the examples in the default run, all of them in the slow run."""
    fn = gt.TARGETS[name]
    gt.STATS.update(accepted=0, refused=0)

    @settings(max_examples=max(1, EXAMPLES[name][0] // share), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.randoms(use_true_random=False))
    def run(rnd):
        fn(rnd)

    run()
    # Which examples hypothesis explores shifts with small changes anywhere (it
    # is derandomized, not frozen), and only a few % of damaged saves load: so
    # this run only has to make calls; the fixed stream below, whose inputs do
    # not move, shows both outcomes.
    assert gt.STATS["accepted"] + gt.STATS["refused"] > 0


@pytest.mark.parametrize("half", [0, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["first", "second"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_games_target_random_stream(name, half):
    """The long-run driver's inputs 0..N-1 (seed 0), the first half in the default run,
    the second in the slow run: in each, both outcomes occur."""
    fn = gt.TARGETS[name]
    gt.STATS.update(accepted=0, refused=0, views=0, permuted=0, exports=0)
    rng = random.Random()
    inputs = EXAMPLES[name][1]
    for n in range(half * inputs // 2, (half + 1) * inputs // 2):
        rng.seed(f"{name}:0:{n}")
        fn(rng)
    assert gt.STATS["accepted"] > 0
    if name.startswith("privacy"):
        assert gt.STATS["views"] and gt.STATS["permuted"] and gt.STATS["exports"]
    else:
        assert gt.STATS["refused"] > 0


def small_save(name: str, keep: bool = False) -> str:
    """A small save mid-deal (``keep``: with a kept history and the log)."""
    g = gt.GAMES[name]
    rnd = random.Random(5)
    if keep:
        table = (db.Table(2, 20, DBRules(), seed=12345, dealer=0, keep_history=True)
                 if name == "diamondback" else
                 dl.Table(3, 20, DLRules(), seed=12345, dealer=0, keep_history=True))
        while not table.history:
            gt.step_legal(g, table, rnd)
    else:
        table = g.make(rnd, seed=12345)
    for _ in range(3):
        gt.step_legal(g, table, rnd)
    return table.to_json()


@pytest.mark.parametrize("name", ["diamondback", "diablo"])
def test_truncated_save_at_every_cut_point(name):
    g = gt.GAMES[name]
    text = small_save(name)
    assert g.Table.from_json(text).to_json() == text
    data = text.encode()
    for cut in range(len(text)):
        with pytest.raises(SaveError):
            g.Table.from_json(text[:cut])
    for cut in range(0, len(data), 7):
        with pytest.raises(SaveError):
            g.Table.from_json(data[:cut])


@pytest.mark.slow  # (exhaustive over a save's values: about 15 s, run by CI after the loop)
@pytest.mark.parametrize("name", ["diamondback", "diablo"])
@pytest.mark.parametrize("keep", [False, True])
def test_every_single_value_edit_of_a_small_save(name, keep):
    """Every int, bool and string of a small save (inside its kept history and log
    too) replaced by a few others: refused with a SaveError, or loaded as the
    undamaged table (check_restored) and consistent (check_loaded)."""
    g = gt.GAMES[name]
    text = small_save(name, keep)
    assert g.Table.from_json(text).to_json() == text
    data = json.loads(text)
    texts = gt.unpack(data)
    assert any(p[0] == "history" for p in texts) == keep
    rnd = random.Random(1)
    paths = [p for p in gt._paths(data) if p and not isinstance(gt._get(data, p), (dict, list))]
    accepted = 0  # (loads that met no known engine bug)
    gt.STATS.update(accepted=0, refused=0)
    for p in paths:
        old = gt._get(data, p)
        for new in {repr(x): x for x in (None, -1, 2**64, 1.5, "x", [old], not old
                                         if isinstance(old, bool) else 0)}.values():
            edited = json.loads(json.dumps(data))
            gt._get(edited, p[:-1])[p[-1]] = new
            for path in texts:  # (the parts saved as JSON text, as text again)
                parent = gt._at(edited, *path[:-1]) if len(path) > 1 else edited
                parent[path[-1]] = json.dumps(parent[path[-1]], separators=(",", ":"))
            before = gt.STATS["accepted"], gt.STATS["known"]
            gt.load_and_check(g, json.dumps(edited), rnd, text)
            accepted += gt.STATS["accepted"] > before[0] and gt.STATS["known"] == before[1]
    assert gt.STATS["refused"] > 0
    assert accepted < len(paths)  # almost every edit is refused


def _fresh(g, rnd):
    return g.make(rnd, seed=2**63 + 5)


def test_privacy_checker_catches_a_leak(monkeypatch):
    """Control: views built from the history as it is (not censored) are caught."""
    g = gt.GAMES["diamondback"]
    table = _fresh(g, random.Random(0))
    table.next_deal()
    gt.check_views(g, table, random.Random(0))
    leaky = _fresh(g, random.Random(0))
    leaky.next_deal()
    deal = leaky.last
    deal.seen_by(None)  # (the censored copies made) ...
    deal._seen.public[:] = deal.history  # ... and the spectator's replaced by the truth
    with pytest.raises(AssertionError, match="hidden"):
        gt.check_views(g, leaky, random.Random(0))


def test_privacy_checker_catches_a_stock_leak(monkeypatch):
    """Control: a Diablo view whose repr reveals the stock order is caught."""
    g = gt.GAMES["diablo"]
    rnd = random.Random(0)
    table = dl.Table(4, seed=2**63 + 5, dealer=0)
    table.next_deal()
    gt.check_views(g, table, rnd)
    orig = dl.Table.view

    def leaky(self, seat):
        v = orig(self, seat)
        return dataclasses.replace(v, end_reason=str(self.last.deck.stock[:3]))

    monkeypatch.setattr(dl.Table, "view", leaky)
    with pytest.raises(AssertionError, match="depends on hidden"):
        gt.check_views(g, table, rnd)


def _diablo_with_draws():
    g = gt.GAMES["diablo"]
    table = dl.Table(4, 30, DLRules(), seed=2**63 + 9, dealer=0, keep_history=True)
    rnd = random.Random(3)
    while not any(m.kind == "draw" and m.cards for h in table.history for m in h.moves):
        gt.step_legal(g, table, rnd)
    return g, table


def test_export_checker_catches_a_leak(monkeypatch):
    """Control: an export that keeps other players' discards is caught."""
    g, table = _diablo_with_draws()
    for h in table.history:
        gt.check_exports(g, table, h, random.Random(0))
    monkeypatch.setattr(engine_history, "_censor_move", lambda move, viewer: move)
    with pytest.raises(AssertionError, match="hidden"):
        for h in table.history:
            gt.check_exports(g, table, h, random.Random(0))


def test_permutation_checker_catches_a_stale_copy(monkeypatch):
    """Control: a permuted clone that misses where views are built from (a deal's
    censored copies of its records) is caught, not silently equal."""
    g = gt.GAMES["diablo"]
    rnd = random.Random(0)
    table = dl.Table(4, seed=2**63 + 5, dealer=0)
    table.next_deal()
    gt.check_views(g, table, rnd)  # (views made: the deal keeps its censored copies)
    slots = gt._slots
    monkeypatch.setattr(gt, "_slots", lambda obj: [n for n in slots(obj) if n != "_seen"])
    with pytest.raises(AssertionError, match="not permuted everywhere"):
        for _ in range(20):  # (which other seat is compared is random)
            gt.check_views(g, table, rnd)


def test_meaning_checker_catches_a_raise_read_by_as_to(monkeypatch):
    """Control: an engine reading RaiseBy(x) as a raise to x is caught (the move's
    meaning is worked out apart from the engine)."""
    g = gt.GAMES["diablo"]
    table = dl.Table(3, 50, DLRules(), seed=1, dealer=0)
    game = table.next_deal()
    game.apply(Bet(2))
    current = game.round.current
    assert gt.meaning(g, RaiseBy(3), game) == RaiseTo(current + 3, seat=game.to_act)
    assert gt.meaning(g, "raise 8", game) == RaiseTo(8, seat=game.to_act)
    assert game.verify(RaiseBy(3)) == gt.meaning(g, RaiseBy(3), game)
    # (the engine's one place that turns a RaiseBy into a RaiseTo, made wrong in a game
    # of its own: compiled classes cannot be patched, but a subclass's method is called)
    class WrongGame(dlgame.Game):
        def _normalise(self, move, legal):
            if type(move) is RaiseBy:
                return RaiseTo(move.amount, seat=move.seat)
            return super()._normalise(move, legal)

    other = dl.Table(3, 50, DLRules(), seed=1, dealer=0)
    game = WrongGame(other.deal_context(1, other.seats_from_left(other.seated),
                                        {"variant": "diablo", "diablo_pot": False}))
    game.apply(Bet(2))
    assert game.verify(RaiseBy(3)) != gt.meaning(g, RaiseBy(3), game)


def test_restore_checker_catches_another_table():
    """Control: a table loaded from a damaged save that is not the undamaged one is
    caught; one that merely plays on differently too."""
    g = gt.GAMES["diamondback"]
    text = small_save("diamondback")
    other = g.Table.from_json(text)
    gt.step_legal(g, other, random.Random(0))
    with pytest.raises(AssertionError, match="different 'state'"):
        gt.check_restored(g, other, text, random.Random(0))
    # A deal queued in the setup, the start of an ante round and the snapshot's plan
    # alike (the setup is trusted: no replay can contradict it): the tables deal
    # differently, and that is caught.
    t = db.Table(3, 20, DBRules.dealers(), seed=5, dealer=0)
    t.next_deal().set_ante(1)
    data = json.loads(t.to_json())
    plan = {"order": list(range(9, -1, -1))}
    data["setup"]["plans"] = data["start"]["plans"] = [plan]
    data["state"]["plan"] = plan
    rigged = db.Table.from_json(json.dumps(data))
    assert rigged.getstate() == {**t.getstate(), "plan": plan}
    with pytest.raises(AssertionError, match="plays on differently"):
        gt.check_equivalent(g, rigged, t.to_json(), random.Random(0))


@pytest.mark.parametrize("T", [db.Table, dl.Table])
def test_seed_none_draws_from_os_entropy(T):
    tables = [T(seed=None) for _ in range(4)]
    states = {json.dumps(t.rng.getstate()) for t in tables}
    assert len(states) == 4  # four different generator states
    deals = set()
    for t in tables:
        cur = t.next_deal()
        deals.add(tuple(map(tuple, cur.cards)))
    assert len(deals) > 1
    for t in tables:
        assert t.rng.seed is None
        secret = gt.secrets(t)
        assert secret  # the generator's words
        for seat in [*range(t.n), None]:
            v = t.view(seat)
            text = repr(v) + json.dumps(v.to_json())
            assert not any(s in text for s in secret)
