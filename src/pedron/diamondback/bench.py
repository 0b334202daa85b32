"""Diamondback's entries of the bench (named by its descriptor, ``GameInfo.bench``): its
evaluators on two-card hands against the reference."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron import diamondback
from pedron.bench.entry import Entry, Hands, both
from pedron.cards import deal_batch
from pedron.games import GameInfo
from pedron.reference import diamondback as reference

__all__ = ["entries"]


def entries(info: GameInfo, hands: Hands) -> list[Entry]:
    """Diamondback's timed entries: the batch, ``evaluate()`` and ``strength_of_ids()``
    on two-card hands of the largest deck, and the reference."""
    n, scalar, ref, seed = hands.hands, hands.scalar_hands, hands.reference_hands, hands.seed
    game = info.name
    ids = deal_batch(n, 2, deck=diamondback.deck_mask(4), seed=seed)
    pairs = [(int(a), int(b)) for a, b in ids[:scalar].tolist()]
    evaluate = diamondback.evaluate
    evaluate_batch = diamondback.evaluate_batch
    strength_of_ids = diamondback.strength_of_ids
    rank_of = reference.rank_of_id
    ranks = [(rank_of(a), rank_of(b)) for a, b in pairs[:ref]]
    ref_strength = reference.strength

    def make_batch(data: Any) -> Callable[[], Any]:
        return lambda: evaluate_batch(data, ids=True)

    def make_evaluate(data: list[tuple[int, int]]) -> Callable[[], list[Any]]:
        def run_evaluate() -> list[Any]:
            return [evaluate(p, ids=True) for p in data]

        return run_evaluate

    def make_strength(data: list[tuple[int, int]]) -> Callable[[], list[Any]]:
        def run_strength() -> list[Any]:
            return [strength_of_ids(a, b) for a, b in data]

        return run_strength

    def make_ref(data: list[tuple[int, int]]) -> Callable[[], list[Any]]:
        def run_ref() -> list[Any]:
            return [ref_strength(a, b) for a, b in data]

        return run_ref

    out = []
    for name, kind, make, data, entry in (
        ("pedron batch", "batch", make_batch, ids, "pedron.diamondback.evaluate_batch"),
        ("pedron evaluate()", "scalar", make_evaluate, pairs, "pedron.diamondback.evaluate"),
        ("pedron strength_of_ids()", "scalar", make_strength, pairs,
         "pedron.diamondback.strength_of_ids"),
        ("pedron.reference", "reference", make_ref, ranks,
         "pedron.reference.diamondback.strength"),
    ):
        run, warm = both(make, data)
        out.append(Entry(name, kind, game, "-", len(data), run, entry, warm=warm))
    return out
