"""Copies and pickles: one contract for every public class (``docs/reliability.md``,
"Copies and pickles").

The suite walks every class in the ``__all__`` of every public module (pedron's
top-level modules and packages, and the modules the API reference documents)
and needs an example of each (:data:`EXAMPLES`) or a reason it has none
(:data:`EXEMPT`): a new class without either fails. For each example:

* ``pickle`` under every protocol from 2 to ``pickle.HIGHEST_PROTOCOL`` and
  ``copy.deepcopy`` give an object of the same type, equal to the original
  (by value, or for a class without value equality by its observable state:
  :data:`OBSERVE`), sharing no mutable object with it (the object graphs are
  walked), and behaving the same from then on (:data:`FUTURE`: the same
  draws, the same moves and saves), while playing on leaves the original
  as it was;
* ``copy.copy`` gives the original back (an immutable value), or the same as
  ``copy.deepcopy`` (every mutable class of pedron: :data:`MUTABLE`).

Tables are taken mid-deal, at several points of random playouts, in both
games, keeping their hand history or not.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import gc
import importlib
import inspect
import pickle
import pkgutil
import random
import types
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pedron
from pedron import diablo, diamondback
from pedron.engine.moves import MOVE_TYPES, Ante, Bet, Choose, Declare, Draw, RaiseTo, Reveal
from pedron.errors import PedronTypeError
from tests.test_docs import GEN_API

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)


# -- the public classes ---------------------------------------------------------------------
def public_modules() -> list[str]:
    """pedron, its top-level modules and packages, and the modules its API reference
    documents (``scripts/gen_api.py``), each importable here."""
    documented = GEN_API.MODULES
    names = ["pedron"] + [f"pedron.{m.name}" for m in pkgutil.iter_modules(pedron.__path__)
                          if not m.name.startswith("_")]
    return names + [m for m in documented if m not in names]


def public_classes() -> dict[type, str]:
    """Every class a public ``__all__`` names, with the first name it goes by."""
    out: dict[type, str] = {}
    for name in public_modules():
        try:
            module = importlib.import_module(name)
        except ImportError:  # an extra not installed here
            continue
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if inspect.isclass(value):
                out.setdefault(value, f"{name}.{attr}")
    return out


# -- random play ------------------------------------------------------------------------------
def random_move(legal: list[Any], rnd: random.Random) -> Any:
    """A random move one of ``legal`` allows."""
    a = rnd.choice(legal)
    kind = a.kind
    if kind in ("check", "fold", "stop", "call", "match"):
        return MOVE_TYPES[kind]()
    if kind in ("bet", "raise", "ante"):
        return {"bet": Bet, "raise": RaiseTo, "ante": Ante}[kind](rnd.randint(a.min, a.max))
    if kind == "reveal":
        return Reveal(rnd.choice(list(a.cards)))
    if kind == "draw":
        for _ in range(20):
            cards = list(a.cards)
            move = Draw(tuple(rnd.sample(cards, rnd.randint(0, min(a.max, len(cards))))))
            if a.limit is None or a.limit.why_not(move, a) is None:
                return move
        return Draw(())
    cls = Declare if kind == "declare" else Choose
    return cls(*rnd.choice(list(a.limit.choices())))


def play_table(table: Any, rnd: random.Random, moves: int) -> None:
    """Up to ``moves`` random moves, dealing whenever a deal is needed."""
    for _ in range(moves):
        if table.over:
            return
        if not table.in_progress:
            table.next_deal()
            continue
        table.apply(random_move(table.legal_actions(), rnd))


def play_deal(deal: Any, rnd: random.Random, moves: int) -> None:
    for _ in range(moves):
        if deal.done:
            return
        deal.apply(random_move(deal.legal_actions(), rnd))


def tables(game: Any, keep: bool) -> list[Any]:
    """Tables of ``game`` in the middle of a deal, at several points of random playouts."""
    out = []
    for seed in range(4):
        rnd = random.Random(seed)
        table = game.Table(3 + seed % 2, seed=seed, keep_history=keep)
        play_table(table, rnd, rnd.randint(3, 60))
        if not table.in_progress and not table.over:
            table.next_deal()
        out.append(table)
    return out


def table_future(table: Any) -> list[str]:
    saves = []
    rnd = random.Random(7)
    for _ in range(3):
        play_table(table, rnd, 15)
        saves.append(table.to_json())
    type(table).from_json(saves[-1])  # (its own restore takes it)
    return saves


def deal_future(deal: Any) -> Any:
    play_deal(deal, random.Random(5), 40)
    return deal.getstate()


# -- examples -------------------------------------------------------------------------------
@cache
def _diablo_table() -> Any:
    return max(tables(diablo, True), key=lambda t: len(t.history))


@cache
def _diamondback_table() -> Any:
    return max(tables(diamondback, True), key=lambda t: len(t.history))


@cache
def _analysis() -> Any:
    from pedron import videopoker

    return videopoker.analyse("9/6")


@cache
def _solution() -> Any:
    from pedron.diamondback.solver import game_spec, solve

    return solve(game_spec(1), iterations=20, target=0)


def _equilibrium_bot() -> Any:
    import tempfile

    from pedron.diamondback import EquilibriumBot
    from pedron.diamondback.solver import write_strategy

    path = write_strategy(_solution(), Path(tempfile.mkdtemp()) / "eq.json")
    return EquilibriumBot(path, seed=3)


def _finished(table: Any) -> Any:
    """A table's first finished deal (its history, result...)."""
    return table.history[-1]


def _dataclass(cls: type, **given: Any) -> Any:
    """An instance of a value dataclass, every field not ``given`` a plain value."""
    plain = {"int": 1, "float": 0.5, "str": "x", "bool": True}
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in given or not f.init:
            continue
        kind = str(f.type)
        values[f.name] = next((v for k, v in plain.items() if kind.startswith(k)),
                              {} if kind.startswith("dict") else ())
    return cls(**{**values, **given})


def _observation(cls_name: str) -> Callable[[], Any]:
    def make() -> Any:
        from pedron.envs import observations

        return [getattr(observations, cls_name)(3, 60)]
    return make


def _study() -> Any:
    from pedron import simulation

    return simulation.Study(game="diamondback", players=2, rules={}, bots=("odds", "random"),
                            stacks=20, seed=1, session_games=3, games=3)


def _match_unit() -> Any:
    from pedron import match

    return match.MatchUnit(game="diamondback", players=2, bots={"a": "odds", "b": "random"},
                           seatings=(("a", "b"), ("b", "a")), deals=2, seed=1, duplicate=True,
                           rules={}, stacks=20, first=0, last=2)


def _thresholds(**settings: Any) -> Any:
    """A threshold bot's settings (imported on first use, as the bots are)."""
    from pedron.diablo.bots import Thresholds

    return Thresholds(**settings)


def _examples() -> dict[str, Callable[[], Any]]:
    """Each public class (by the name the suite finds it under) -> its examples."""
    from pedron import (
        bench,
        bots,
        engine,
        games,
        match,
        simulation,
        solver,
        videopoker,
    )
    from pedron.bench.isolate import IsolatedEvaluator
    from pedron.diablo.strong import Decision, load_diablo_strategy
    from pedron.drawpoker import Custom, ObjectiveKind, deck_tables
    from pedron.games import screen

    table_d, table_b = _diablo_table, _diamondback_table
    pay = diablo.PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True, name="full pay")
    rules_d = diablo.Rules(more_draw=True, cap=12, declare=True)
    return {
        "pedron.CardSet": lambda: [pedron.CardSet("Ah Kd 2c"), pedron.CardSet()],
        "pedron.Generator": lambda: [pedron.Generator(5), _drawn(pedron.Generator(None)),
                                     pedron.Generator(pedron.Generator(2))],
        "pedron.SimulationResult": lambda: [pedron.simulate(
            "diablo", players=3, games=2, seed=1)],
        "pedron.games.GameInfo": lambda: [games.get("diablo"), games.get("diamondback")],
        "pedron.games.adapters.Encodings": lambda: [
            games.get(n).encodings for n in ("diablo", "diamondback")],
        "pedron.games.adapters.SpielParameters": lambda: [
            games.get(n).spiel for n in ("diablo", "diamondback")],
        "pedron.games.adapters.CardChance": lambda: [
            games.get("diablo").spiel.chance],  # type: ignore[union-attr]
        "pedron.games.screen.Screen": lambda: [
            games.get("diablo").screen, games.get("diamondback").screen,
            screen.Screen(games.get("diablo").game)],
        "pedron.games.screen.Shown": lambda: [screen.Shown("Q1 K2", {"cards": [0, 5]})],
        "pedron.games.screen.Verb": lambda: [screen.Verb("bet N", "bet N chips")],
        "pedron.bench.BenchReport": lambda: [_dataclass(bench.BenchReport)],
        "pedron.bench.BenchResult": lambda: [_dataclass(bench.BenchResult)],
        "pedron.bench.Evaluator": lambda: [bench.Evaluator(diablo.evaluate, name="mine")],
        "pedron.bench.EvaluatorCheck": lambda: [bench.EvaluatorCheck("x", True, "ok")],
        "pedron.bench.EvaluatorFailure": lambda: [bench.EvaluatorFailure("x", "crashed")],
        "pedron.bench.OrderCheck": lambda: [bench.OrderCheck(10, True, True, None)],
        "pedron.bench.Peer": lambda: list(bench.PEERS[:1]),
        "pedron.bench.Spread": lambda: [bench.Spread(1.0, 0.5, 2.0)],
        "pedron.bench.TableEvaluator": lambda: [bench.TableEvaluator()],
        "pedron.bench.isolate.IsolatedEvaluator": lambda: [IsolatedEvaluator(
            bench.Evaluator(diablo.evaluate), np.zeros((1, 5), np.uint8),
            np.zeros((1, 5), np.uint8))],
        "pedron.bots.BotSpec": lambda: [bots.parse_bot("rule:open=two_pair")],
        "pedron.diamondback.equilibrium.EquilibriumBot": lambda: [_equilibrium_bot()],
        "pedron.diamondback.bots.OddsBot": lambda: [diamondback.OddsBot(margin=0.1)],
        "pedron.bots.RandomBot": lambda: [bots.RandomBot(4)],
        "pedron.diablo.bots.RuleBot": lambda: [diablo.RuleBot()],
        "pedron.diablo.strong.StrongBot": lambda: [diablo.StrongBot(3), _used_strong_bot()],
        "pedron.diablo.bots.ThresholdBot": lambda: [
            diablo.ThresholdBot(seed=5),
            diablo.ThresholdBot(_thresholds(open_at=diablo.Category.ONE_PAIR, bluff=0.5),
                                seed=6)],
        "pedron.diablo.bots.Thresholds": lambda: [_thresholds(),
                                                  _thresholds(max_draw=1, bluff=0.1)],
        "pedron.diablo.strong.Decision": lambda: [Decision("open", (3, 1), 0.5, (1, 2))],
        "pedron.diablo.strong.Strategy": lambda: [load_diablo_strategy()],
        "pedron.diablo.Beat": lambda: [diablo.Beat("Ah Ad Kc Ks 2d"),
                                       diablo.Beat({5: 2, 900: 1}, ties=Fraction(1, 2))],
        "pedron.diablo.Category": lambda: [diablo.Category.FULL_HOUSE],
        "pedron.diablo.Deck": lambda: [_dealt(diablo.Deck(3)), _Deck(4)],
        "pedron.diablo.DrawLimit": lambda: [diablo.DrawLimit(3, True)],
        "pedron.diablo.DrawOdds": lambda: [_draw_odds()],
        "pedron.diablo.DrawOption": lambda: [_draw_odds()[0]],
        "pedron.diablo.ExpectedStrength": lambda: [diablo.ExpectedStrength()],
        "pedron.diablo.Game": lambda: [t.last for t in tables(diablo, False)[:2]],
        "pedron.diablo.GameHistory": lambda: [_finished(table_d()),
                                              _finished(table_d()).for_seat(1)],
        "pedron.diablo.GameResult": lambda: [_finished(table_d()).result],
        "pedron.diablo.GameView": lambda: [table_d().last.view(0)],
        "pedron.diablo.HandValue": lambda: [diablo.evaluate("Ah Ad Kc Ks 2d")],
        "pedron.diablo.Outcome": lambda: [diablo.Outcome.FLUSH],
        "pedron.diablo.PayTable": lambda: [pay, videopoker.pay_table("joker-poker")],
        "pedron.diablo.Rules": lambda: [rules_d],
        "pedron.diablo.Table": lambda: tables(diablo, True) + tables(diablo, False),
        "pedron.diablo.TableView": lambda: [table_d().view(None)],
        "pedron.drawpoker.Custom": lambda: [Custom(_expected)],
        "pedron.drawpoker.DeckTables": lambda: [deck_tables("none")],
        "pedron.drawpoker.KernelObjective": lambda: [
            pay.kernel(True), diablo.Beat({5: 2, 900: 1}, ties=Fraction(1, 2)).kernel(True),
            diablo.ExpectedStrength().kernel(False)],
        "pedron.drawpoker.ObjectiveKind": lambda: [ObjectiveKind.BEAT, ObjectiveKind.CUSTOM],
        "pedron.drawpoker.BatchDraws": lambda: [diablo.analyse_batch(
            np.asarray(pedron.deal_batch(40, 5, seed=3)), 3, objective=pay)],
        "pedron.diamondback.CardSet": lambda: [diamondback.CardSet("S1 M1")],
        "pedron.diamondback.Deck": lambda: [_dealt(diamondback.Deck(3, 9))],
        "pedron.diamondback.Hand": lambda: [t.last for t in tables(diamondback, False)[:2]],
        "pedron.diamondback.HandHistory": lambda: [_finished(table_b())],
        "pedron.diamondback.HandResult": lambda: [_finished(table_b()).result],
        "pedron.diamondback.HandValue": lambda: [diamondback.evaluate("M Q")],
        "pedron.diamondback.HandView": lambda: [table_b().last.view(1)],
        "pedron.diamondback.Odds": lambda: [diamondback.odds("M Q", players=2)],
        "pedron.diamondback.Rules": lambda: [diamondback.Rules.dealers()],
        "pedron.diamondback.Table": lambda: (tables(diamondback, True)
                                             + tables(diamondback, False)),
        "pedron.diamondback.TableView": lambda: [table_b().view(0)],
        "pedron.diablo.encodings.DiabloActions": lambda: [diablo.DiabloActions(rules_d)],
        "pedron.diamondback.encodings.DiamondbackActions": lambda: [diamondback.DiamondbackActions(
            diamondback.Rules(), 40)],
        **{f"pedron.engine.{m}": _move(m) for m in (
            "Ante", "Bet", "Call", "Check", "Choose", "Declare", "Draw", "Fold", "Leave",
            "Match", "RaiseBy", "RaiseTo", "Reveal", "Stop", "Vote")},
        "pedron.engine.BettingRound": lambda: [table_d().last.round],
        "pedron.engine.CardGame": lambda: [diablo.Table.GAME, diamondback.Table.GAME],
        "pedron.engine.CardText": lambda: [diablo.Table.GAME.cards],
        "pedron.engine.SessionSaving": lambda: [diablo.Table.GAME.saving,
                                                diamondback.Table.GAME.saving],
        "pedron.engine.DealContext": lambda: [table_d().deal_context(1, (0, 1, 2))],
        "pedron.engine.DealPlan": lambda: [engine.DealPlan(((0, (1, 2, 3, 4, 5)),), (9,))],
        "pedron.engine.Ledger": lambda: [table_d().ledger],
        "pedron.engine.LegalAction": lambda: list(table_d().legal_actions()),
        "pedron.engine.Pot": lambda: list(_finished(table_d()).result.pots),
        "pedron.engine.Record": lambda: list(table_d().last.history[:3]),
        "pedron.engine.Settlement": lambda: [_settled().settlement],
        "pedron.match.BotScore": lambda: [match.BotScore("rule", 0.5, 0.1, 3, 4, 2)],
        "pedron.match.MatchResult": lambda: [match.match(
            "diablo", {"a": "rule", "b": "random"}, sets=2, seed=1)],
        "pedron.simulation.Tally": lambda: [pedron.simulate(
            "diamondback", players=2, games=2, seed=1).tally],
        "pedron.simulation.Study": lambda: [_study()],
        "pedron.simulation.WorkUnit": lambda: [simulation.WorkUnit(_study(), 0, 1)],
        "pedron.simulation.UnitResult": lambda: [simulation.run_chunk(
            simulation.WorkUnit(_study(), 0, 1))],
        "pedron.match.MatchUnit": lambda: [_match_unit()],
        "pedron.match.SetsResult": lambda: [match.run_sets(_match_unit())],
        "pedron.diamondback.solver.Estimate": lambda: [solver.estimate(solver.game_spec(2))],
        "pedron.diamondback.solver.GameSpec": lambda: [solver.game_spec(2)],
        "pedron.diamondback.solver.Solution": lambda: [_solution()],
        "pedron.videopoker.Analysis": lambda: [_analysis()],
        "pedron.videopoker.ChartLine": lambda: [videopoker.ChartLine(
            "4 to a flush", "As Ks 9s 4s 2d", 3, Fraction(1, 7))],
        "pedron.videopoker.Game": lambda: [videopoker.GAMES["jacks-or-better"]],
        "pedron.videopoker.Hold": lambda: [videopoker.best_hold("As Kd 2h Ts 5s", "9/6")[0]],
        "pedron.videopoker.HoldAnalysis": lambda: [videopoker.best_hold("As 2d 2h Ts 5s",
                                                                        "9/6")],
        "pedron.drawpoker.PayRow": lambda: [pay.rows[0]],
        "pedron.videopoker.StrategyChart": lambda: [videopoker.StrategyChart(
            pay, (), Fraction(1), Fraction(1), 0.5)],
        "pedron.envs.SingleAgentEnv": lambda: [_env_single()],
        "pedron.envs.diablo_v0.raw_env": lambda: [_env("diablo_v0")],
        "pedron.envs.diamondback_v0.raw_env": lambda: [_env("diamondback_v0")],
        "pedron.diablo.encodings.DiabloObservation": lambda: [diablo.DiabloObservation(3, 60)],
        "pedron.diamondback.encodings.DiamondbackObservation": _observation(
            "DiamondbackObservation"),
        "pedron.spiel.DiabloSpielGame": lambda: [_spiel("DiabloSpielGame")],
        "pedron.spiel.DiamondbackSpielGame": lambda: [_spiel("DiamondbackSpielGame")],
    }


class _Deck(diablo.Deck):
    """A Deck subclass of a user's: a copy stays of the subclass, its own fields kept."""

    def __init__(self, seed: Any) -> None:
        super().__init__(seed)
        self.label = ["mine"]


def _drawn(g: Any) -> Any:
    g.next_u32()  # (half a number left over in the state)
    return g


def _dealt(deck: Any) -> Any:
    deck.deal(5)
    return deck


def _expected(option: Any) -> Any:
    return option.expected_strength


def _draw_odds() -> Any:
    return diablo.draw_odds("Ah Kh 7c 7d 3s")


def _used_strong_bot() -> Any:
    bot = diablo.StrongBot(4)
    table = diablo.Table(3, seed=2)
    game = table.next_deal()
    bot(game.view(game.to_act), game.legal_actions())  # (its strategy's caches filled)
    return bot


def _settled() -> Any:
    table = diablo.Table(3, seed=5)
    rnd = random.Random(1)
    while table.last is None or not table.last.done:
        play_table(table, rnd, 1)
    return table.last


def _move(name: str) -> Callable[[], Any]:
    from pedron import engine

    args = {"Ante": (2,), "Bet": (3,), "Call": (4,), "Match": (2,), "RaiseTo": (8,),
            "RaiseBy": (2,), "Reveal": (5,), "Draw": ((1, 2),), "Declare": ("full_house",),
            "Choose": ("draw",), "Leave": (1,), "Vote": (1, False)}
    return lambda: [getattr(engine, name)(*args.get(name, ()))]


def _env(name: str) -> Any:
    module = importlib.import_module(f"pedron.envs.{name}")
    env = module.raw_env(seed=3) if "seed" in inspect.signature(module.raw_env).parameters \
        else module.raw_env()
    env.reset(seed=3)
    return env


def _env_single() -> Any:
    from pedron.envs import SingleAgentEnv

    env = SingleAgentEnv("diablo")
    env.reset(seed=4)
    return env


def _spiel(name: str) -> Any:
    spiel = importlib.import_module("pedron.spiel")
    return getattr(spiel, name)()


#: Classes without examples, and why.
EXEMPT: dict[str, str] = {
    "pedron.bots.Bot": "an abstract base class (its subclasses have examples)",
    "pedron.bots.BotFunction": "a Protocol: any callable",
    "pedron.engine.Session": "a base class (DiabloSession, DiamondbackSession: in every table)",
    "pedron.engine.SessionState": "a Protocol (DiabloSessionState, DiamondbackSessionState: in "
                                  "every table's journal)",
    "pedron.engine.Deal": "the base of Game and Hand (examples of both)",
    "pedron.engine.Table": "the base of both games' Table (examples of both)",
    "pedron.engine.DealHistory": "the base of GameHistory and HandHistory (examples of both)",
    "pedron.engine.DealResult": "the base of GameResult and HandResult (examples of both)",
    "pedron.engine.DealView": "the base of GameView and HandView (examples of both)",
    "pedron.engine.TableViewBase": "the base of both games' TableView (examples of both)",
    "pedron.rules.RulesBase": "the base of both games' Rules (examples of both)",
    "pedron.drawpoker.Objective": "an abstract base (every objective has examples)",
    "pedron.drawpoker.Distribution": "a Protocol (DrawOption, which has examples, is one)",
    "pedron.drawpoker.HasDrawLimit": "a Protocol (diablo.Rules, which has examples, is one)",
    "pedron.encodings.Observation": "the base of every game's observation (examples of both)",
    "pedron.encodings.ActionEncoding": "a Protocol (DiabloActions, DiamondbackActions)",
    "pedron.encodings.ObservationEncoding": "a Protocol (DiabloObservation, ...)",
    "pedron.games.adapters.ChanceModel": "a Protocol (CardChance, Diamondback's ranks)",
}

#: The classes whose objects change: ``copy.copy`` of one is a ``copy.deepcopy``.
MUTABLE_NAMES = {
    "pedron.Generator", "pedron.diablo.Deck", "pedron.diamondback.Deck", "pedron.diablo.Game",
    "pedron.diamondback.Hand", "pedron.diablo.Table", "pedron.diamondback.Table",
    "pedron.engine.BettingRound", "pedron.engine.Ledger",
    "pedron.diamondback.equilibrium.EquilibriumBot", "pedron.diamondback.bots.OddsBot",
    "pedron.bots.RandomBot", "pedron.diablo.bots.RuleBot",
    "pedron.diablo.strong.StrongBot", "pedron.diablo.bots.ThresholdBot",
    "pedron.envs.SingleAgentEnv",
    "pedron.envs.diablo_v0.raw_env",
    "pedron.envs.diamondback_v0.raw_env",
}

#: The classes whose objects refuse to be copied or pickled (a PedronTypeError), and why.
REFUSED = {
    "pedron.bench.isolate.IsolatedEvaluator": "it runs a process of its own",
}


def _generator_state(g: Any) -> Any:
    return (g.seed, g.getstate())


def _deck_state(d: Any) -> Any:
    return (d.stock, d.dealt, d.cards, _generator_state(d.rng), getattr(d, "__dict__", None))


def _bot_state(bot: Any) -> Any:
    """A bot's fields (its generator's state, the fields of its parts without value
    equality; not the strategy it loads on first use)."""
    def plain(v: Any) -> Any:
        if isinstance(v, pedron.Generator):
            return _generator_state(v)
        if hasattr(v, "__dict__") and type(v).__eq__ is object.__eq__:
            return {k: plain(x) for k, x in vars(v).items()}
        return v

    return {k: plain(v) for k, v in vars(bot).items() if k != "_strategy"}


def _env_state(env: Any) -> Any:
    aec = env.aec if hasattr(env, "aec") else env
    return aec.unwrapped.table.to_json()


#: How to see the state of an object of a class without value equality (by the
#: first name the suite finds the class under).
OBSERVE: dict[str, Callable[[Any], Any]] = {
    "pedron.Generator": _generator_state,
    "pedron.diablo.Deck": _deck_state,
    "pedron.diamondback.Deck": _deck_state,
    # (a descriptor is the registry's one object for its game: a copy is that object)
    "pedron.games.GameInfo": lambda g: (g, g.name, g.table, dict(g.bots)),
    # (a screen keeps nothing but its game's facts)
    "pedron.games.screen.Screen": lambda s: (type(s), s.game, vars(s)),
    "pedron.diablo.Table": lambda t: (t.to_json(), [h.to_json() for h in t.history]),
    "pedron.diamondback.Table": lambda t: (t.to_json(), [h.to_json() for h in t.history]),
    "pedron.diablo.Game": lambda d: d.getstate(),
    "pedron.diamondback.Hand": lambda d: d.getstate(),
    "pedron.engine.BettingRound": lambda r: r.getstate(),
    "pedron.engine.DealContext": lambda c: (c.rules, c.number, c.dealer, c.seats, c.n,
                                            c.ledger.getstate(), c.extra),
    "pedron.engine.Ledger": lambda led: led.getstate(),
    "pedron.diamondback.equilibrium.EquilibriumBot": _bot_state,
    "pedron.diamondback.bots.OddsBot": _bot_state,
    "pedron.bots.RandomBot": _bot_state,
    "pedron.diablo.bots.RuleBot": _bot_state,
    "pedron.diablo.bots.ThresholdBot": _bot_state,
    "pedron.diablo.strong.StrongBot": _bot_state,
    "pedron.diablo.Beat": lambda b: (repr(b), b.opponents, b.kernel(b.wild)),
    "pedron.diablo.Outcome": lambda o: o,
    "pedron.drawpoker.Custom": lambda c: c.fn,
    "pedron.drawpoker.BatchDraws": lambda b: (b.hands.tolist(), b.masks.tolist(), b.values(),
                                              b.objective),
    "pedron.diablo.encodings.DiabloActions": lambda e: (e.n, e.describe(e.n - 1)),
    "pedron.diamondback.encodings.DiamondbackActions": lambda e: (e.n, e.describe(e.n - 1)),
    "pedron.envs.SingleAgentEnv": _env_state,
    "pedron.envs.diablo_v0.raw_env": _env_state,
    "pedron.envs.diamondback_v0.raw_env": _env_state,
    "pedron.diablo.encodings.DiabloObservation": lambda o: (o.players, o.total, o.size),
    "pedron.diamondback.encodings.DiamondbackObservation": lambda o: (
        o.players, o.total, o.size),
    "pedron.videopoker.Analysis": lambda a: a.as_dict(),
    "pedron.videopoker.Hold": lambda h: h.as_dict(),
    "pedron.videopoker.HoldAnalysis": lambda h: [x.as_dict() for x in h],
    "pedron.drawpoker.DeckTables": lambda t: repr(t),
    "pedron.bench.TableEvaluator": lambda e: (e.wild, e.strength([0, 4, 8, 12, 17])),
}


def _bot_future(bot: Any) -> Any:
    game = diablo if not type(bot).__name__.startswith(("Odds", "Equilibrium")) else diamondback
    table = game.Table(2 if game is diamondback else 3, seed=11)
    out = []
    for _ in range(12):
        if table.over:
            break
        if not table.in_progress:
            table.next_deal()
            continue
        deal = table.current
        move = bot(deal.view(deal.to_act), deal.legal_actions())
        out.append(str(move))
        table.apply(move)
    return out


def _env_future(env: Any) -> Any:
    rnd = random.Random(3)
    out = []
    for _ in range(10):
        if hasattr(env, "agent_selection"):  # (PettingZoo)
            if not env.agents:
                break
            agent = env.agent_selection
            done = env.terminations[agent] or env.truncations[agent]
            mask = env.observe(agent)["action_mask"]
            env.step(None if done else rnd.choice(np.flatnonzero(mask).tolist()))
        else:
            mask = env.aec.observe(env.agent)["action_mask"]
            _, reward, term, trunc, _ = env.step(rnd.choice(np.flatnonzero(mask).tolist()))
            out.append(reward)
            if term or trunc:
                break
    return out, _env_state(env)


#: What an object does from now on (it may change the object): the copy must do the same.
FUTURE: dict[str, Callable[[Any], Any]] = {
    "pedron.Generator": lambda g: (g.random_raw(4), g.integers(52), g.next_u32()),
    "pedron.diablo.Deck": lambda d: (d.deal(3), d.collect(), d.stock, d.deal(40)),
    "pedron.diamondback.Deck": lambda d: (d.deal(3), d.collect(), d.stock),
    "pedron.diablo.Table": table_future,
    "pedron.diamondback.Table": table_future,
    "pedron.diablo.Game": deal_future,
    "pedron.diamondback.Hand": deal_future,
    "pedron.diamondback.equilibrium.EquilibriumBot": _bot_future,
    "pedron.diamondback.bots.OddsBot": _bot_future,
    "pedron.bots.RandomBot": _bot_future,
    "pedron.diablo.bots.RuleBot": _bot_future,
    "pedron.diablo.strong.StrongBot": _bot_future,
    "pedron.diablo.bots.ThresholdBot": _bot_future,
    "pedron.envs.SingleAgentEnv": _env_future,
    "pedron.envs.diablo_v0.raw_env": _env_future,
    "pedron.envs.diamondback_v0.raw_env": _env_future,
}


# -- the contract -----------------------------------------------------------------------------
def _observe(name: str, obj: Any) -> Any:
    see = OBSERVE.get(name)
    if see is not None:
        return see(obj)
    assert type(obj).__eq__ is not object.__eq__, f"{name}: no value equality and no OBSERVE"
    return obj


def _walked(obj: Any) -> bool:
    """Whether the graph walk goes into ``obj``: containers, bound methods and objects of
    pedron's classes (not classes, modules, functions or enum members: shared by all)."""
    if isinstance(obj, (list, dict, set, tuple, frozenset, types.MethodType)):
        return True
    kind = type(obj)
    return (kind.__module__.startswith("pedron") and not isinstance(obj, (type, enum.Enum))
            and not callable(getattr(kind, "__code__", None)))


def _mutables(root: Any) -> dict[int, Any]:
    """The mutable objects reachable from ``root`` (not through classes, modules or
    functions): containers that change, and objects with identity equality."""
    seen: dict[int, Any] = {}
    stack = [root]
    out: dict[int, Any] = {}
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, (list, dict, set, bytearray)) or (
            isinstance(obj, np.ndarray) and obj.flags.writeable
        ) or (_walked(obj) and type(obj).__eq__ is object.__eq__
              and not isinstance(obj, types.MethodType)):
            out[id(obj)] = obj
        if _walked(obj):
            stack.extend(gc.get_referents(obj))
    return out


def _copies(obj: Any) -> Iterator[tuple[str, Any]]:
    for protocol in PROTOCOLS:
        yield f"pickle protocol {protocol}", pickle.loads(pickle.dumps(obj, protocol))
    yield "deepcopy", copy.deepcopy(obj)


def check_contract(name: str, original: Any, how: str) -> None:
    """``original`` copied ``how``: the same type and state, sharing nothing mutable,
    doing the same from now on, and playing the copy on leaves the original alone."""
    if name in REFUSED:
        with pytest.raises(PedronTypeError):
            {"copy": copy.copy, "deepcopy": copy.deepcopy}.get(
                how, lambda x: pickle.dumps(x, int(how)))(original)
        return
    before = _observe(name, original)
    if how == "copy":
        got = copy.copy(original)
        if name not in MUTABLE_NAMES:  # (an immutable value: itself, or an equal one)
            assert got is original or _observe(name, got) == before, name
            return
    elif how == "deepcopy":
        got = copy.deepcopy(original)
    else:
        got = pickle.loads(pickle.dumps(original, int(how)))
    assert type(got) is type(original), name
    assert _observe(name, got) == before, name
    if name in MUTABLE_NAMES:
        mine = _mutables(original)
        shared = [v for k, v in _mutables(got).items() if k in mine]
        assert not shared, f"{name}: the copy shares {shared[:3]}"
    future = FUTURE.get(name)
    if future is not None:
        then = future(got)
        assert _observe(name, original) == before, f"{name}: the copy changed the original"
        assert then == future(original), name


HOWS = [str(p) for p in PROTOCOLS] + ["deepcopy", "copy"]
CLASSES = public_classes()
NAMES = sorted(name for cls, name in CLASSES.items() if not issubclass(cls, BaseException))


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def test_every_public_class_has_an_example_or_a_reason() -> None:
    examples = _examples()
    missing = [n for n in NAMES if n not in examples and n not in EXEMPT]
    assert not missing, f"classes without an example (add one to _examples): {missing}"
    # (an example of a module that needs an extra not installed here: no class to match)
    unavailable = {n for n in examples if not _importable(n.rsplit(".", 1)[0])}
    assert not set(examples) - set(NAMES) - unavailable, set(examples) - set(NAMES)
    assert not set(EXEMPT) - set(NAMES), set(EXEMPT) - set(NAMES)
    assert set(examples) >= MUTABLE_NAMES and set(OBSERVE) <= set(examples)


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("name", [n for n in NAMES if n not in EXEMPT])
def test_copy_and_pickle_contract(name: str, how: str) -> None:
    make = _examples().get(name)
    if make is None:
        pytest.fail(f"{name} has no example")
    objects = make()
    assert objects, name
    for obj in objects:
        check_contract(name, obj, how)


@pytest.mark.parametrize("name", sorted(n for c, n in CLASSES.items()
                                        if issubclass(c, BaseException)))
def test_errors_pickle_and_copy(name: str) -> None:
    cls = next(c for c, n in CLASSES.items() if n == name)
    try:
        error = cls("what went wrong")
    except TypeError:  # (one that names what failed, then why)
        error = cls("it", "went wrong")
    for protocol in PROTOCOLS:
        got = pickle.loads(pickle.dumps(error, protocol))
        assert type(got) is cls and got.args == error.args
    assert copy.deepcopy(error).args == copy.copy(error).args == error.args


# -- regressions (issue 37: each failed before the fix) ---------------------------------------
def _pickled(protocol: int) -> Callable[[Any], Any]:
    return lambda x: pickle.loads(pickle.dumps(x, protocol))


COPIERS = [copy.deepcopy, copy.copy] + [_pickled(p) for p in PROTOCOLS]


@pytest.mark.parametrize("game", [diablo, diamondback])
def test_a_copied_table_keeps_one_generator_and_its_saves_restore(game: Any) -> None:
    # The deck's generator came out split from the table's: the copy played on, but
    # its saves were refused by its own from_json (or differed from the original's).
    for seed in range(12):
        rnd = random.Random(seed)
        table = game.Table(3, seed=seed)
        play_table(table, rnd, rnd.randint(1, 40))
        for copier in COPIERS:
            got = copier(table)
            deck = got.last.deck if got.last is not None else None
            if deck is not None and table.last.deck.rng is table.rng:
                assert deck.rng is got.rng
            assert table_future(got) == table_future(copy.deepcopy(table))


@pytest.mark.parametrize("game", [diablo, diamondback])
def test_copy_copy_of_a_table_shares_nothing_with_it(game: Any) -> None:
    # copy.copy shared the stacks and committed chips, not the deal: after the copy
    # bet, the original could neither deal (InvariantError) nor save.
    table = game.Table(3, seed=4)
    table.next_deal()
    before = table.to_json()
    other = copy.copy(table)
    play_table(other, random.Random(1), 30)
    assert table.to_json() == before
    play_table(table, random.Random(2), 30)
    game.Table.from_json(table.to_json())


def test_immutable_values_pickle_and_copy() -> None:
    # AttributeError "is immutable (cannot set ...)" from every protocol and copy.
    from pedron import videopoker
    from pedron.diablo import StrongBot

    values = [("pedron.diablo.PayTable", videopoker.pay_table("9/6")),
              ("pedron.diablo.PayTable", diablo.PayTable([800, 200, 25], wild=True)),
              ("pedron.diablo.Beat", diablo.Beat("Ah Ad Kc Ks 2d")),
              ("pedron.diablo.GameHistory", _finished(_diablo_table())),
              ("pedron.diamondback.HandHistory", _finished(_diamondback_table()))]
    for name, value in values:
        for copier in COPIERS:
            assert _observe(name, copier(value)) == _observe(name, value)
    bot = _used_strong_bot()
    for copier in COPIERS:
        got = copier(bot)
        assert type(got) is StrongBot and _bot_future(got) == _bot_future(copy.deepcopy(bot))
    for game in (diablo, diamondback):
        table = max(tables(game, True), key=lambda t: len(t.history))
        assert table.history
        for copier in COPIERS:
            got = copier(table)
            assert got.history == table.history and got.to_json() == table.to_json()


def test_a_pickled_deck_keeps_its_type_and_its_generators_seed() -> None:
    for deck in (_Deck(8), _dealt(diablo.Deck(9)), _dealt(diamondback.Deck(4, 10))):
        for protocol in PROTOCOLS:
            got = pickle.loads(pickle.dumps(deck, protocol))
            assert type(got) is type(deck)
            assert got.rng.seed == deck.rng.seed is not None
            assert got.stock == deck.stock and got.dealt == deck.dealt
            assert vars(got) == vars(deck)
            got.collect()
            twin = copy.deepcopy(deck)
            twin.collect()
            assert got.stock == twin.stock
