"""Diamondback in plain Python: hand values, dealing counts and odds in play.

Written to be obviously correct rather than fast; the tests check the compiled
kernels and :mod:`pedron.diamondback` against these functions.

Ranks are ints, Priest 0, King 1, Queen 2, Priestess 3, Magician 4; card ids
follow :mod:`pedron.diamondback.cards` (id 0 the Magician, then per deck five
Priests, four Kings, three Queens, two Priestesses).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

NAMES = ("Priest", "King", "Queen", "Priestess", "Magician")

#: The hands of the rules, best first, with their points labels.
TABLE = (
    ("Magician-Priestess", 70),
    ("Priestess-Priestess", 65),
    ("Magician-Queen", 60),
    ("Magician-King", 55),
    ("Priestess-King", 50),
    ("Priestess-Queen", 45),
    ("Priestess-Priest", 40),
    ("Queen-King", 35),
    ("Magician-Priest", 30),
    ("Queen-Queen", 25),
    ("King-King", 20),
    ("Queen-Priest", 15),
    ("King-Priest", 10),
    ("Priest-Priest", 5),
)

OUTCOMES = ("win", "share2", "share3", "share4", "carry", "lose")


def position(rank_a: int, rank_b: int) -> int:
    """Line of the hand in the table, 1 (best) .. 14; ValueError for Magician-Magician."""
    for i, (name, _) in enumerate(TABLE):
        first, second = name.split("-")
        if {first, second} == {NAMES[rank_a], NAMES[rank_b]} and (
            (first == second) == (rank_a == rank_b)
        ):
            return i + 1
    raise ValueError(f"no such hand: {NAMES[rank_a]}-{NAMES[rank_b]}")


def strength(rank_a: int, rank_b: int) -> int:
    """14 for the best hand .. 1 for the worst."""
    return 15 - position(rank_a, rank_b)


def deck_ids(players: int) -> list[int]:
    """The card ids of the deck for 2, 3 or 4 players."""
    return list(range({2: 15, 3: 29, 4: 43}[players]))


def rank_of_id(card: int) -> int:
    """Rank of a card id, from the layout (id 0 Magician, blocks of 14 per deck)."""
    if card == 0:
        return 4
    i = (card - 1) % 14
    if i < 5:
        return 0
    if i < 9:
        return 1
    if i < 12:
        return 2
    return 3


def dealing_counts(players: int) -> dict[str, int]:
    """Two-card sets of the deck giving each hand name, counted one by one."""
    counts: Counter[str] = Counter()
    for a, b in itertools.combinations(deck_ids(players), 2):
        counts[TABLE[position(rank_of_id(a), rank_of_id(b)) - 1][0]] += 1
    return {name: counts[name] for name, _ in TABLE}


def showdown(hero: int, opponents: Sequence[int], carry: bool = True) -> str:
    """Outcome for the hero given every showdown strength: one of :data:`OUTCOMES`.

    When every hand is equal the pot carries over with ``carry`` (the
    default), else all of them divide it.
    """
    everyone = [hero, *opponents]
    best = max(everyone)
    if carry and all(s == best for s in everyone):
        return "carry"
    if hero < best:
        return "lose"
    tied = everyone.count(best)
    return "win" if tied == 1 else f"share{tied}"


def _unseen(
    players: int,
    known_ranks: Sequence[int],
    known_ids: Sequence[int],
) -> list[int]:
    pool = [c for c in deck_ids(players) if c not in known_ids]
    for rank in known_ranks:  # cards known only by rank: take any card of that rank
        for c in pool:
            if rank_of_id(c) == rank:
                pool.remove(c)
                break
        else:
            raise ValueError(f"no {NAMES[rank]} left")
    return pool


def odds_by_ids(
    hand: Sequence[int],
    revealed: Sequence[int | None],
    dead: Sequence[int] = (),
    players: int = 2,
    carry: bool = True,
) -> dict[str, int]:
    """Outcome counts over every concrete choice of the opponents' hidden cards.

    ``hand``, ``revealed`` (one entry per opponent still in, ``None`` before
    the reveal) and ``dead`` are ranks. Each opponent's hidden cards are chosen
    as a set of card ids from the unseen cards, opponent after opponent.
    ``carry`` as in :func:`showdown`. Returns counts for each of
    :data:`OUTCOMES` and ``"total"``.
    """
    shown = [r for r in revealed if r is not None]
    pool = _unseen(players, [*hand, *shown, *dead], [])
    hero = strength(*hand)
    tally: Counter[str] = Counter()

    def deal(j: int, rest: list[int], strengths: list[int]) -> None:
        if j == len(revealed):
            tally[showdown(hero, strengths, carry)] += 1
            return
        shown = revealed[j]
        need = 1 if shown is not None else 2
        for chosen in itertools.combinations(rest, need):
            ranks = [rank_of_id(c) for c in chosen]
            if shown is not None:
                ranks.append(shown)
            left = [c for c in rest if c not in chosen]
            deal(j + 1, left, [*strengths, strength(*ranks)])

    deal(0, pool, [])
    out = {name: tally[name] for name in OUTCOMES}
    out["total"] = sum(tally.values())
    return out


def odds_by_ranks(
    hand: Sequence[int],
    revealed: Sequence[int | None],
    dead: Sequence[int] = (),
    players: int = 2,
    carry: bool = True,
) -> dict[str, int]:
    """Outcome counts over every ordered sequence of hidden ranks, with weights.

    The hidden cards are dealt one at a time, opponent after opponent; an
    ordered sequence of ranks stands for prod(c_r * (c_r - 1) * ... ) ordered
    sequences of distinct unseen cards (c_r the unseen cards of rank r).
    Probabilities equal those of :func:`odds_by_ids` (counts differ by a
    constant factor: the order of each opponent's two hidden cards).
    ``carry`` as in :func:`showdown`.
    """
    shown = [r for r in revealed if r is not None]
    pool = Counter(rank_of_id(c) for c in _unseen(players, [*hand, *shown, *dead], []))
    hero = strength(*hand)
    needs = [1 if r is not None else 2 for r in revealed]
    tally: Counter[str] = Counter()
    for seq in itertools.product(range(5), repeat=sum(needs)):
        used = Counter(seq)
        weight = 1
        for rank, n in used.items():
            for i in range(n):
                weight *= pool[rank] - i
        if weight <= 0:
            continue
        strengths = []
        pos = 0
        for r, need in zip(revealed, needs, strict=True):
            cards = list(seq[pos : pos + need]) + ([r] if r is not None else [])
            pos += need
            strengths.append(strength(*cards))
        tally[showdown(hero, strengths, carry)] += weight
    out = {name: tally[name] for name in OUTCOMES}
    out["total"] = sum(tally.values())
    return out
