"""The table-engine workloads of the one-engine issue, runnable on this pedron or an older one.

Each workload is a function of the installed ``pedron`` returning the number of
items it handled; ``compare_engines.py`` times them under two interpreters (this
tree and the previous commit's) alternately, so the ratios come from one run.
The few names that changed are looked up both ways (``next_deal`` or
``next_game``/``next_hand``; a raise is drawn from the legal range and applied
as a total, whatever that range means).

    python benchmarks/engine_workloads.py simulate_diablo     # one workload, prints items/s
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pedron
from pedron import diablo, diamondback

NEW = hasattr(diablo.Table, "next_deal")


def _next(table: Any) -> Any:
    if NEW:
        return table.next_deal()
    return table.next_game() if hasattr(table, "next_game") else table.next_hand()


def _table(game: str, players: int, stacks: int, seed: int, keep: bool = False, **kw: Any) -> Any:
    if game == "diablo":
        keep_kw = {"keep_history": keep} if NEW else {"keep_games": keep}
        return diablo.Table(players, stacks, seed=seed, dealer=0, **keep_kw, **kw)
    keep_kw = {"keep_history": keep} if NEW else {"keep_hands": keep}
    return diamondback.Table(players, stacks, seed=seed, dealer=0, **keep_kw, **kw)


def simulate_diablo() -> int:
    """``pedron.simulate``: Diablo, 5 rule bots, one worker."""
    return pedron.simulate("diablo", players=5, games=3000, seed=1, workers=1).games


def simulate_diamondback() -> int:
    """``pedron.simulate``: Diamondback, 3 odds bots, one worker."""
    return pedron.simulate("diamondback", players=3, games=3000, seed=1, workers=1).games


def play_random_diablo_game(game: Any, rnd: random.Random) -> None:
    """Random legal moves to the end of ``game``: bets and raises uniform, up to 3 cards drawn."""
    choice, randint, sample = rnd.choice, rnd.randint, rnd.sample
    while not game.done:
        a = choice(game.legal_actions())
        kind = a.kind
        if kind == "check":
            game.check()
        elif kind == "call":
            game.call()
        elif kind == "fold":
            game.fold()
        elif kind == "bet":
            game.bet(randint(a.min, a.max))
        elif kind == "raise":
            x = randint(a.min, a.max)
            game.raise_to(x) if NEW else game.raise_by(x)
        elif kind == "draw":
            game.draw(sample(a.cards, randint(0, min(a.max, 3))))
        elif kind == "declare":
            game.declare(game.hand_value(game.to_act))
        else:
            game.choose(diablo.VARIANTS[choice(a.cards)])


def play_random_diamondback_hand(hand: Any, rnd: random.Random, small: bool = False) -> None:
    """Random legal moves (``small``: every bet the least allowed, so no one goes broke)."""
    choice = rnd.choice
    randint = (lambda low, high: low) if small else rnd.randint
    while not hand.done:
        a = choice(hand.legal_actions())
        kind = a.kind
        if kind == "match":
            hand.match()
        elif kind == "fold":
            hand.fold()
        elif kind == "reveal":
            hand.reveal(choice(a.cards))
        elif kind == "bet":
            hand.bet(randint(a.min, a.max))
        elif kind == "stop":
            hand.stop()
        else:
            hand.set_ante(randint(a.min, a.max))


# Deals of a random-play run: long enough (about a second) that a burst of load on
# a shared machine does not decide a round.
RANDOM_DEALS = 12_000


def random_diablo(deals: int = RANDOM_DEALS) -> int:
    """Random legal play through the Python API: Diablo, 3 players, 12,000 games
    (stacks of 200: a table whose players go broke is replaced by a new one)."""
    rnd = random.Random(1)
    table = _table("diablo", 3, 200, 1)
    for _ in range(deals):
        if table.over:
            table = _table("diablo", 3, 200, rnd.randint(0, 1 << 30))
        play_random_diablo_game(_next(table), rnd)
    return deals


def random_diamondback(deals: int = RANDOM_DEALS) -> int:
    """Random legal play through the Python API: Diamondback, 4 players, 12,000 hands
    (stacks of 200: a table whose players go broke is replaced by a new one)."""
    rnd = random.Random(1)
    table = _table("diamondback", 4, 200, 1)
    for _ in range(deals):
        if table.over:
            table = _table("diamondback", 4, 200, rnd.randint(0, 1 << 30))
        play_random_diamondback_hand(_next(table), rnd)
    return deals


def _kept_session(deals: int) -> Any:
    """A Diablo table of 4 players that has played ``deals`` random games, kept."""
    rnd = random.Random(7)
    table = _table("diablo", 4, 10**6, 7, keep=True)
    for _ in range(deals):
        play_random_diablo_game(_next(table), rnd)
    return table


def _views_per_second(table: Any, repeats: int = 2000) -> float:
    game = _next(table)
    game.bet(1)
    seat = game.to_act
    start = time.perf_counter()
    for _ in range(repeats):
        table.view(seat)
    return repeats / (time.perf_counter() - start)


def view_at_deal_1() -> float:
    """Views per second of the player to act, in the 1st deal of a kept session."""
    return _views_per_second(_kept_session(0))


def view_at_deal_200() -> float:
    """The same in the 200th deal of the same kind of session."""
    return _views_per_second(_kept_session(199))


def _restore_5000(**options: Any) -> float:
    rnd = random.Random(3)
    table = _table("diamondback", 2, 10**6, 3, keep=True)
    for _ in range(5000):
        play_random_diamondback_hand(_next(table), rnd, small=True)
    text = table.to_json()
    start = time.perf_counter()
    again = diamondback.Table.from_json(text, **options)
    elapsed = time.perf_counter() - start
    assert again.to_json() == text
    return 1 / elapsed


def restore_5000() -> float:
    """Restores per second of a Diamondback session of 5,000 hands kept (its JSON),
    proven at once (every tree's default: the session played again)."""
    return _restore_5000()


def restore_5000_deferred() -> float:
    """The same with the proof of the kept histories deferred to their first read
    (``defer_proof=True``; a tree without that option restores as it always does)."""
    import inspect

    deferrable = "defer_proof" in inspect.signature(diamondback.Table.from_json).parameters
    return _restore_5000(**({"defer_proof": True} if deferrable else {}))


def _calls_per_second(call: Callable[[], Any], number: int = 20000) -> float:
    import timeit

    return number / min(timeit.repeat(call, number=number, repeat=7))


def batch_call_out() -> float:
    """Diablo batch calls per second on one hand, ``out=`` given: the call's fixed cost."""
    import numpy as np

    one = np.array([[0, 5, 10, 20, 30]], dtype=np.uint8)
    out = np.empty(1, dtype=np.uint16)
    return _calls_per_second(lambda: diablo.evaluate_batch(one, out=out))


def batch_call_new() -> float:
    """The same with a new numpy result each call."""
    import numpy as np

    one = np.array([[0, 5, 10, 20, 30]], dtype=np.uint8)
    return _calls_per_second(lambda: diablo.evaluate_batch(one))


def evaluate_calls() -> float:
    """Per-call ``diablo.evaluate`` on 10,000 random hands (tuples of ints): hands/s."""
    from pedron.cards import deal_batch

    rows = [tuple(r) for r in deal_batch(10_000, 5, seed=1).tolist()]
    evaluate = diablo.evaluate
    [evaluate(h) for h in rows]  # (every value built once)
    return len(rows) * _calls_per_second(lambda: [evaluate(h) for h in rows], number=5)


WORKLOADS: dict[str, Callable[[], float]] = {
    "simulate_diablo": simulate_diablo,
    "simulate_diamondback": simulate_diamondback,
    "random_diablo": random_diablo,
    "random_diamondback": random_diamondback,
    "view_at_deal_1": view_at_deal_1,
    "view_at_deal_200": view_at_deal_200,
    "restore_5000": restore_5000,
    "restore_5000_deferred": restore_5000_deferred,
    "batch_call_out": batch_call_out,
    "batch_call_new": batch_call_new,
    "evaluate_calls": evaluate_calls,
}
#: Workloads that return a rate themselves (the others return items, timed here).
RATES = {"view_at_deal_1", "view_at_deal_200", "restore_5000", "restore_5000_deferred",
         "batch_call_out",
         "batch_call_new", "evaluate_calls"}


def run(name: str) -> float:
    """The workload's rate: items per second (or what it measures itself)."""
    fn = WORKLOADS[name]
    if name in RATES:
        return fn()
    # A first run, not timed: what a process pays once (modules imported on first
    # use, tables built, and the sources compiled where no bytecode is cached) is
    # not the rate of play. Both trees measured get the same.
    fn()
    start = time.perf_counter()
    items = fn()
    return items / (time.perf_counter() - start)


if __name__ == "__main__":
    import warnings

    warnings.simplefilter("ignore", DeprecationWarning)
    print(json.dumps({name: run(name) for name in sys.argv[1:]}))
