"""Heads-up Diamondback solved with OpenSpiel's CFR+ (``pedron solve --solver openspiel``).

pedron's own compiled solver, :mod:`pedron.diamondback.solver`, is the default of ``pedron solve``
(faster by orders of magnitude, no OpenSpiel needed); this one stays as the independent
check it is compared with in the tests and ``benchmarks/solve_diamondback.py``.

The game is ``python_pedron_diamondback`` (one hand, the lossless rank chance).
Its tree is written once as a Gambit extensive-form game, with every
information set named by :func:`pedron.diamondback.strategyfile.info_key` (the
player's own view: role, his two ranks, the moves so far), and loaded with
``pyspiel.load_efg_game``; OpenSpiel's C++ ``CFRPlusSolver`` then runs on it,
and ``pyspiel.exploitability`` measures the average strategy (the mean of the
two best responses' gains, in chips; half the NashConv when ``carry="lost"`` makes the
game general-sum, where CFR+ has no guarantee). Nothing of the solver is pedron's own.

:func:`solve` returns a :class:`Solution` (strategy, exploitability, the
value of the hand to each seat); :func:`write_strategy` saves the strategy
file that :class:`~pedron.diamondback.equilibrium.EquilibriumBot` plays.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from pedron.diamondback.strategyfile import (
    info_key,
    read_strategy_file,
    strategy_document,
    write_strategy_file,
)
from pedron.errors import PedronValueError
from pedron.spiel.games import DIAMONDBACK
from pedron.spiel.solve import export_efg

__all__ = ["HandsPlayed", "Solution", "play_hands", "solve", "strategy_key", "write_strategy"]


@dataclass
class Solution:
    """An equilibrium of one heads-up hand: ``params`` (the game's), ``iterations`` of
    CFR+, ``exploitability`` (chips), ``values`` (what the hand is worth to each seat
    under the strategy, seat 0 the dealer), ``strategy`` (information set -> [[action,
    probability], ...]), the tree's size and the seconds each part took."""

    params: dict[str, Any]
    rules: dict[str, Any]
    settings: dict[str, Any]
    iterations: int
    exploitability: float
    values: list[float]
    strategy: dict[str, list[list[float]]]
    nodes: int
    infosets: int
    seconds: dict[str, float] = field(default_factory=dict)
    game: str = DIAMONDBACK.removeprefix("python_pedron_")
    """The registry's name of the game solved."""

    def to_json(self) -> dict[str, Any]:
        return strategy_document(
            game=self.game, solver="openspiel-cfr+", params=self.params, rules=self.rules,
            settings=self.settings, iterations=self.iterations,
            exploitability=self.exploitability, values=self.values, nodes=self.nodes,
            infosets=self.infosets, seconds=self.seconds, strategy=self.strategy)


def strategy_key(state: Any, player: int) -> str:
    """The information set of ``player`` at ``state`` as a strategy file names it
    (:func:`pedron.strategyfile.info_key` of his view: Diamondback's roles and ranks,
    coarser than OpenSpiel's information state: the order his cards came in and the
    stacks are left out). For Diamondback's OpenSpiel game only (other games: a
    :class:`~pedron.errors.PedronValueError`)."""
    name = state.settings.info.name
    if name != "diamondback":
        raise PedronValueError(f"the strategy file's keys are Diamondback's, not "
                               f"{state.settings.info.title}'s: export {name} with its own "
                               "information states (export_efg's default)")
    return info_key(state.deal.view(player))


def solve(
    params: dict[str, Any] | None = None,
    iterations: int = 1000,
    target: float | None = None,
    progress: Callable[[int, float], None] | None = None,
    check_every: int = 100,
) -> Solution:
    """Solve one heads-up hand of ``python_pedron_diamondback(params)`` with CFR+.

    Runs ``iterations`` (or stops once the exploitability, measured every
    ``check_every`` iterations, is at most ``target`` chips); ``progress(iteration,
    exploitability)`` is called at each measure.
    """
    params = dict(params or {})
    params.setdefault("players", 2)
    if params["players"] != 2:
        raise PedronValueError("the solver takes heads-up Diamondback (players=2)")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise PedronValueError(f"iterations must be a whole number of at least 1, "
                               f"not {iterations!r}")
    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    import pedron.spiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(DIAMONDBACK, params)
    text, infosets, nodes = export_efg(game, strategy_key)
    efg = pyspiel.load_efg_game(text)
    seconds["tree"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(efg)
    zero_sum = efg.get_type().utility != pyspiel.GameType.Utility.GENERAL_SUM
    exploit = float("inf")
    done = 0
    while done < iterations:
        step = min(check_every, iterations - done)
        for _ in range(step):
            solver.evaluate_and_update_policy()
        done += step
        policy = solver.average_policy()
        # (general-sum, carry="lost": half the NashConv, the same measure in chips)
        exploit = float(pyspiel.exploitability(efg, policy) if zero_sum
                        else pyspiel.nash_conv(efg, policy) / 2)
        if progress is not None:
            progress(done, exploit)
        if target is not None and exploit <= target:
            break
    seconds["cfr"] = time.perf_counter() - t1
    policy = solver.average_policy()
    values = [float(v) for v in pyspiel.expected_returns(efg.new_initial_state(), policy, -1,
                                                         True)]
    strategy = _strategy(efg, policy)
    settings = game.settings
    seconds["total"] = time.perf_counter() - t0
    return Solution(
        params={k: game.get_parameters()[k] for k in sorted(game.get_parameters())},
        rules=settings.rules.to_json(),
        settings={"players": settings.players, "stacks": settings.stacks,
                  "bet_sizes": list(settings.actions.sizes), "dealer": settings.dealer,
                  "carry": settings.carry},
        iterations=done, exploitability=exploit, values=values, strategy=strategy,
        nodes=nodes, infosets=len(infosets), seconds=seconds, game=settings.info.name,
    )


def _strategy(efg: Any, policy: Any) -> dict[str, list[list[float]]]:
    """Each information set's action probabilities, read off the EFG game's tree."""
    out: dict[str, list[list[float]]] = {}
    stack = [efg.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            name = state.information_state_string().split("-", 3)[3]
            if name not in out:
                pairs = []
                for action, p in policy.get_state_policy(state):
                    label = state.action_to_string(state.current_player(), action)
                    pairs.append([int(label[1:]), round(float(p), 6)])
                out[name] = pairs
        stack.extend(state.child(a) for a in state.legal_actions())
    return out


def write_strategy(solution: Solution, path: str | Path) -> Path:
    """Save ``solution`` as a strategy file (JSON); returns the path."""
    return write_strategy_file(solution.to_json(), path)


@dataclass
class HandsPlayed:
    """What :func:`play_hands` measured: per seat (0 the dealer) the mean chips per hand
    (the carried-over chips valued as in the solved game) and the half-width of its 95%
    confidence interval, over ``hands`` hands."""

    hands: int
    mean: list[float]
    ci95: list[float]

    def __str__(self) -> str:
        return ", ".join(f"seat {s}: {m:+.4f} ± {c:.4f}" for s, (m, c) in
                         enumerate(zip(self.mean, self.ci95, strict=True)))


def play_hands(strategy: str | Path, bots: list[Any], hands: int, seed: int = 0) -> HandsPlayed:
    """Play ``hands`` hands at the settings of the ``strategy`` file, seat 0 dealing, each
    from the solved stacks; ``bots[s]`` plays seat ``s`` (a bot spec, ``"equilibrium"``
    for the file's strategy, or a bot). Every hand is dealt by a pedron ``Table``."""
    from pedron import games
    from pedron._kernels.rng import Generator
    from pedron.bots import make_bot
    from pedron.diamondback.solver.tree import hand_value

    data = read_strategy_file(strategy)
    info = games.get(data.get("game", Solution.game))
    Table = info.table
    rules = info.rules.from_json(data["rules"])  # type: ignore[attr-defined]
    stacks = data["settings"]["stacks"]
    carry = data["settings"]["carry"]
    source = Generator(seed)
    players: list[Any] = []
    for spec in bots:
        if spec == "equilibrium":  # (the game's bot, where its descriptor says)
            players.append(make_bot({"name": "equilibrium", "file": str(strategy)}, info,
                                    Generator(source.next_u32())))
        elif isinstance(spec, str):
            players.append(make_bot(spec, info.name, Generator(source.next_u32()),
                                    rules=rules))
        else:
            players.append(spec)
    n = len(stacks)
    sums = [0.0] * n
    squares = [0.0] * n
    for _ in range(hands):
        table = Table(n, stacks, rules, Generator(source.next_u32()), dealer=0)
        hand = table.next_deal()
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            hand.apply(players[seat](view, view.legal))
        net = hand_value(hand, carry)
        for s in range(n):
            sums[s] += net[s]
            squares[s] += net[s] * net[s]
    mean = [x / hands for x in sums]
    ci = [1.96 * (max(q / hands - m * m, 0.0) / hands) ** 0.5 for q, m in
          zip(squares, mean, strict=True)]
    return HandsPlayed(hands, mean, ci)
