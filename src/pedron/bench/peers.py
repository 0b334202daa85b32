"""The peer evaluators ``pedron bench`` times, each through its fastest entry point.

A peer is timed the way a user who wants speed would call it: on cards already
converted to the peer's own form (conversion is not timed), through the
cheapest public function that returns a value two hands can be compared by.
Where a peer's public function only wraps a faster one, the faster one is
timed and named (``entry``), with the reason (``why``). None of the peers
ranks wild-card hands, so they are timed in natural mode only.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pedron.cards import format_card

__all__ = ["PEERS", "PEER_EVALUATORS", "Peer", "installed_peers", "peer_versions", "treys_int"]

Hands = Sequence[tuple[int, ...]]
#: ``prepare(hands)`` returns a runner: a function of no arguments that evaluates
#: every hand once and returns the values, in order.
Prepare = Callable[[Hands], Callable[[], list[Any]]]


@dataclass(frozen=True)
class Peer:
    """A third-party evaluator and how it is timed."""

    name: str  # as shown in the results
    module: str  # what must be importable
    dist: str  # the distribution, for its version
    entry: str  # the function timed
    why: str  # why this entry point is the fastest public one
    higher_is_better: bool
    prepare: Prepare

    def available(self) -> bool:
        """Whether the peer is installed (and its module can be found)."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except (ImportError, ValueError):
            return False


def _import(name: str) -> Any:
    return importlib.import_module(name)


def _texts(hands: Hands) -> list[list[str]]:
    return [[format_card(c) for c in h] for h in hands]


# -- treys and deuces: Cactus Kev's card integers -------------------------------------------
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SUIT_BITS = (8, 4, 2, 1)  # clubs, diamonds, hearts, spades (pedron's suit order)


def treys_int(card: int) -> int:
    """A pedron card id (``rank * 4 + suit``, 2c = 0 .. As = 51) as the 32-bit card
    integer of Cactus Kev's evaluator, which treys and deuces use: one bit for the
    rank (bits 16-28), the suit (bits 12-15), the rank (bits 8-11) and the rank's
    prime (bits 0-5)."""
    rank, suit = divmod(card, 4)
    return (1 << (16 + rank)) | (_SUIT_BITS[suit] << 12) | (rank << 8) | _PRIMES[rank]


def _prepare_phevaluator(hands: Hands) -> Callable[[], list[Any]]:
    ev = _import("phevaluator._pheval").evaluate_5cards  # (same card ids as pedron's)
    rows = [tuple(h) for h in hands]

    # (It takes its arguments as a tuple: ev(*hand) hands it the hand's own tuple,
    # while ev(a, b, c, d, e) builds a new one per call, about 1.5x slower.)
    def run() -> list[Any]:
        return [ev(*h) for h in rows]

    return run


def _prepare_eval7(hands: Hands) -> Callable[[], list[Any]]:
    e7 = _import("eval7")
    prebuilt = [[e7.Card(t) for t in h] for h in _texts(hands)]
    ev = e7.evaluate

    def run() -> list[Any]:
        return [ev(h) for h in prebuilt]

    return run


def _cactus(module: str, five: bool) -> Prepare:
    def prepare(hands: Hands) -> Callable[[], list[Any]]:
        evaluator = _import(module).Evaluator()
        rows = [[treys_int(c) for c in h] for h in hands]
        if five:
            ev5 = evaluator._five

            def run5() -> list[Any]:
                return [ev5(h) for h in rows]

            return run5
        ev = evaluator.evaluate
        split = [(h[:2], h[2:]) for h in rows]

        def run() -> list[Any]:
            return [ev(a, b) for a, b in split]

        return run

    return prepare


def _prepare_pokerkit(hands: Hands) -> Callable[[], list[Any]]:
    pk = _import("pokerkit")
    prebuilt = [tuple(pk.Card.parse("".join(h))) for h in _texts(hands)]
    get_entry = pk.StandardHighHand.lookup.get_entry

    def run() -> list[Any]:
        return [get_entry(h).index for h in prebuilt]

    return run


PEER_EVALUATORS: tuple[Peer, ...] = (
    Peer(
        "phevaluator", "phevaluator", "phevaluator", "phevaluator._pheval.evaluate_5cards",
        "the compiled function that phevaluator.evaluate_cards wraps: the wrapper converts "
        "and checks its arguments in Python on every call (about 5x slower); card ids are "
        "pedron's, so nothing is converted, and each hand's tuple is passed as the "
        "argument tuple (ev(*hand))",
        False, _prepare_phevaluator,
    ),
    Peer(
        "eval7", "eval7", "eval7", "eval7.evaluate",
        "eval7's only evaluator (compiled), given lists of eval7.Card built beforehand",
        True, _prepare_eval7,
    ),
    Peer(
        "treys", "treys", "treys", "treys.Evaluator().evaluate",
        "the public entry point, on card integers built beforehand (it adds the two lists "
        "and dispatches on their length to the five-card path)",
        False, _cactus("treys", five=False),
    ),
    Peer(
        "treys (five-card path)", "treys", "treys", "treys.Evaluator()._five",
        "the five-card path that evaluate dispatches to: private, shown as the floor of "
        "treys' cost per hand",
        False, _cactus("treys", five=True),
    ),
    Peer(
        "deuces", "deuces", "deuces", "deuces.Evaluator().evaluate",
        "treys' predecessor, called the same way",
        False, _cactus("deuces", five=False),
    ),
    Peer(
        "pokerkit", "pokerkit", "pokerkit", "pokerkit.StandardHighHand.lookup.get_entry",
        "the public lookup a StandardHighHand consults: constructing a hand looks its "
        "cards up once to validate them and comparing two looks each up again; the "
        "entry's index is the hand's rank (higher is better)",
        True, _prepare_pokerkit,
    ),
)


#: The peers' names, in the order they are timed.
PEERS: tuple[str, ...] = tuple(p.name for p in PEER_EVALUATORS)


def installed_peers() -> list[str]:
    """The names of the peers that can be found (``run_bench`` times each of them)."""
    return [p.name for p in PEER_EVALUATORS if p.available()]


def peer_versions() -> dict[str, str | None]:
    """Every peer distribution's installed version (``None``: not installed)."""
    out: dict[str, str | None] = {}
    for p in PEER_EVALUATORS:
        try:
            out[p.dist] = importlib.metadata.version(p.dist)
        except importlib.metadata.PackageNotFoundError:
            out[p.dist] = None
    return out
