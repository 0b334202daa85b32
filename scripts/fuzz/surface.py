"""The hostile-object sweep of pedron's whole public surface (issue 29).

Every public function, every public class a caller builds or feeds, and the
adapters (OpenSpiel, PettingZoo, Gymnasium) are listed here as *slots*: one
argument of one call, the others valid. A sweep puts a hostile object in a
slot and checks pedron's contract on it:

* the call returns, or raises a :class:`~pedron.errors.PedronError` (which is
  also a ``ValueError`` or ``TypeError``); never another exception, never a
  crash, never a hang (a call over :data:`SLOW` seconds is a finding);
* a refused call on a table, a deal, a deck, a generator or an environment
  leaves it as it was (its save, state or observation compared);
* by the slot's kind: an ``int`` slot reads an object's exact integer value
  (a lying ``int`` subclass, ``__index__``, numpy's integers) or refuses it,
  never a float, a bool, a string or an array; a ``flag`` slot takes only
  ``True``/``False`` (or a numpy bool); a ``number`` slot (a payout, a
  probability, a threshold, seconds) refuses NaN and the infinities and reads
  any other number exactly (an ``int``, a ``Fraction``, a ``Decimal``, a
  numeric string, numpy's numbers) or refuses it; a ``text`` slot reads a
  ``str`` subclass as its plain text. The answer for an accepted object is
  the answer for its plain value. Refusing is always allowed.

Not findings: an exception the hostile object's own method raised (the
caller's error passing through pedron), and Python's own ``TypeError`` for an
operator's operand the type does not take (``CardSet | 5``, as ``set | 5``).

:data:`SLOTS` lists the slots; :data:`NOT_SWEPT_NAMES` the public names left
out, under a reason of :data:`NOT_SWEPT` (``--coverage``, and
``tests/hardening/test_surface.py``, check that every name in the ``__all__``
of :data:`PUBLIC_MODULES` is one or the other). :func:`hostile_values` is the
fixed catalogue every slot is swept with; :func:`hostile` draws from the same
families at random. From the repository root::

    python scripts/fuzz/surface.py --coverage                # swept or listed, every name
    python scripts/fuzz/surface.py                           # the catalogue through every slot
    python scripts/fuzz/surface.py --random 20000 --seed 29  # then random pairs
    python scripts/fuzz/surface.py --only openspiel          # some slots

It prints a table of the calls per area (returned, refused, skipped, findings)
and every finding; exit status 1 if there was one.
"""

from __future__ import annotations

import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
from hostile import REFUSED, Idx, Liar, LyingStr, plain_flag
from hostile import plain_int as hostile_plain_int

from pedron import CardSet, Generator, cards, diablo, diamondback, videopoker
from pedron.errors import PedronError
from pedron.text import shown

#: A call slower than this (seconds) is a finding: a hang, or work the input decided.
SLOW = 20.0


# -- hostile objects ------------------------------------------------------------------------


class Weird:
    """Every conversion and comparison raises."""

    def __index__(self) -> int:
        raise RuntimeError("weird __index__")

    def __int__(self) -> int:
        raise RuntimeError("weird __int__")

    def __float__(self) -> float:
        raise RuntimeError("weird __float__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("weird __eq__")

    def __len__(self) -> int:
        raise RuntimeError("weird __len__")

    def __iter__(self) -> Any:
        raise RuntimeError("weird __iter__")

    def __bool__(self) -> bool:
        raise RuntimeError("weird __bool__")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "Weird()"


class Sneaky(list):  # type: ignore[type-arg]
    """A list whose length lies."""

    def __len__(self) -> int:
        return 1


def _deep(depth: int) -> Any:
    x: Any = []
    for _ in range(depth):
        x = [x]
    return x


def hostile_values() -> list[Any]:
    """The fixed catalogue every slot is swept with in the test suite."""
    return [
        # ints, plain and not
        0, 1, 2, 3, -1, 5, 52, 2**31, 2**63, 2**64, -(2**63), 10**30, 10**5000,
        Liar(2), Liar(-1), Liar(10**9), Idx(3), Idx(2.5), Idx(Liar(3)), Idx(RuntimeError("x")),
        np.int8(-3), np.uint8(3), np.int64(3), np.uint64(2**64 - 1), np.array(3),
        # flags
        True, False, np.bool_(True), np.array([True, False]), np.array([True]),
        # numbers that are not ints
        0.5, 3.0, -0.0, math.nan, math.inf, -math.inf, 1e308, 5e-324, np.float64(2.0),
        np.float32(0.5), np.float16(1.5), Fraction(3, 1), Fraction(1, 3), Decimal("3"),
        Decimal("1.5"), Decimal("NaN"), Decimal("sNaN"), Decimal("-Infinity"),
        Decimal("1e999999"), complex(1, 2),
        # text
        "", "3", " 3 ", "1e1000000000", "1/0", "nan", "٣", "As Ks", "bet", "BET", "\x00",
        "x" * 100_000, LyingStr("As"), b"3", bytearray(b"As"),
        # containers
        None, [], [3], [None], (1, 2), {"a": 1}, {1: 2}, {1, 2}, range(10**12), iter([1, 2]),
        Sneaky([1, 2, 3]), _deep(500), np.array([1, 2]), np.zeros((2, 5), np.uint8),
        np.zeros(3, "M8[s]"), memoryview(bytes(10)).cast("B", (2, 5)),
        # anything
        object(), Weird(), print, Ellipsis, CardSet([1]), diamondback.CardSet([1]),
    ]


def hostile(rnd: Any) -> Any:
    """One hostile object, drawn from the catalogue's families at random."""
    family = rnd.randrange(12)
    if family == 0:
        return rnd.choice(hostile_values())
    if family == 1:
        if rnd.random() >= 0.9:
            return Liar(rnd.randint(-2**70, 2**70))
        kind = rnd.choice([Liar, Idx, int, np.int64, np.uint8, np.int32])
        return kind(rnd.randint(0 if kind is np.uint8 else -3, 60))  # (numpy 2: no wrap)
    if family == 2:
        return rnd.choice([rnd.randint(-2**70, 2**70), 2 ** rnd.randint(0, 200),
                           -(2 ** rnd.randint(0, 200)), 10 ** rnd.randint(0, 6000)])
    if family == 3:
        return rnd.choice([float, np.float64, np.float32, Decimal, Fraction])(
            rnd.choice([rnd.uniform(-1e6, 1e6), rnd.randint(-5, 60), 0.5]))
    if family == 4:
        return rnd.choice([math.nan, math.inf, -math.inf, Decimal("NaN"), Decimal("Infinity"),
                           np.float64("nan"), Fraction(rnd.randint(-9, 9), rnd.randint(1, 9)),
                           Decimal(f"{rnd.randint(1, 9)}e{rnd.randint(-999999, 999999)}")])
    if family == 5:
        return rnd.choice([str(rnd.randint(-5, 60)), f"{rnd.random()}",
                           f"1e{rnd.randint(0, 10**9)}", f"{rnd.randint(1, 9)}/{rnd.randint(0, 9)}",
                           "٣", " 5 ", "0x10"])
    if family == 6:
        return rnd.choice([True, False, np.bool_(rnd.random() < 0.5),
                           np.array([rnd.random() < 0.5] * rnd.randint(0, 3))])
    if family == 7:
        return [rnd.choice([rnd.randint(-2, 60), None, "As", 2.5, Liar(3)])
                for _ in range(rnd.randint(0, 8))]
    if family == 8:
        dtype = rnd.choice(["uint8", "int64", "float64", "bool", "uint16", "M8[s]", "object"])
        shape = rnd.choice([(), (3,), (2, 5), (1, 2), (0, 5), (2, 2, 2)])
        return np.zeros(shape, dtype=dtype)
    if family == 9:
        return rnd.choice([None, object(), Weird(), {}, set(), Sneaky([1]),
                           _deep(rnd.randint(1, 500)), iter(range(3)), b"\xff", bytearray(3),
                           print, Ellipsis])
    if family == 10:
        letters = "AKQJT98765432cdhsx ,;-MPSQK0123456789BETbetfoldcallraise"
        return "".join(rnd.choice(letters) for _ in range(rnd.randint(0, 30)))
    return rnd.choice([LyingStr(rnd.choice(["As", "bet 3", "3"])), "x" * rnd.randint(0, 50_000)])


# -- what a slot's kind says an accepted object means ------------------------------------------

def plain_int(x: Any) -> Any:
    """The exact int an ``int`` slot must read from ``x``, or REFUSED; None stays None
    (an optional count's default: threads=None, top=None...)."""
    return None if x is None else hostile_plain_int(x)


def plain_number(x: Any) -> Any:
    """The value a ``number`` slot must read from ``x`` (an int, a Fraction, a float:
    a numpy float as the float it is), None if it may read it or refuse it as it
    likes (text, a Decimal), or REFUSED."""
    if isinstance(x, (bool, np.bool_)):
        return REFUSED
    v = plain_int(x)
    if v is not REFUSED and v is not None:
        return v
    if isinstance(x, Fraction):
        return x
    if isinstance(x, (float, np.floating)):
        return float(x) if math.isfinite(float(x)) else REFUSED
    if isinstance(x, Decimal):
        return None if x.is_finite() else REFUSED
    if isinstance(x, str) or x is None:
        return None
    return REFUSED


# -- slots ------------------------------------------------------------------------------------


@dataclass
class Slot:
    """One argument of one public call.

    ``call(x)`` makes the call with ``x`` in the slot (on a fresh subject when
    ``make`` is given: ``call(subject, x)``, and ``state(subject)`` must not
    change when the call is refused). ``kind``: ``int``, ``flag``, ``number``,
    ``text`` or ``any``. ``most``: the largest plain int the sweep passes (a
    bigger one asks for valid work of that size: refused or not, it is not made).
    ``operator``: the call is an operator (``|``, ``&``...): Python's own TypeError for
    an operand the type does not take (its ``NotImplemented``) is its refusal.
    """

    name: str
    kind: str
    call: Callable[..., Any]
    make: Callable[[], Any] | None = None
    state: Callable[[Any], Any] | None = None
    most: int | None = None
    operator: bool = False


SLOTS: list[Slot] = []


def slot(name: str, kind: str, call: Callable[..., Any], **options: Any) -> None:
    SLOTS.append(Slot(name, kind, call, **options))


HAND = [51, 47, 43, 39, 35]
HAND5 = "Ah Kh 2c 7d 7s"
_HANDS = np.array([[0, 4, 8, 12, 17], [51, 50, 49, 48, 47]], dtype=np.uint8)
_PAIRS = np.array([[4, 3], [0, 1]], dtype=np.uint8)


def _db_table() -> Any:
    t = diamondback.Table(3, 30, seed=5)
    t.next_deal()
    return t


def _dl_table() -> Any:
    t = diablo.Table(3, 30, seed=5)
    t.next_deal()
    return t


def _save(t: Any) -> str:
    return str(t.to_json())


def _deck() -> Any:
    d = diablo.Deck(3)
    d.deal(5)
    return d


def _deck_state(d: Any) -> Any:
    return d.getstate()


# cards and card sets
slot("parse_card", "text", lambda x: cards.parse_card(x))
slot("parse_cards", "text", lambda x: cards.parse_cards(x))
slot("format_card", "int", lambda x: cards.format_card(x))
slot("format_cards cards", "any", lambda x: cards.format_cards(x))
slot("format_cards sep", "text", lambda x: cards.format_cards([1, 2], x))
slot("check_card card", "int", lambda x: cards.check_card(x))
slot("check_card size", "int", lambda x: cards.check_card(3, x))
slot("mask_of", "any", lambda x: cards.mask_of(x))
slot("rank_of", "int", lambda x: cards.rank_of(x))
slot("suit_of", "int", lambda x: cards.suit_of(x))
slot("CardSet", "any", lambda x: CardSet(x))
slot("CardSet item", "any", lambda x: CardSet([x]))
slot("CardSet.from_mask", "int", lambda x: CardSet.from_mask(x))
slot("CardSet.from_indices", "any", lambda x: CardSet.from_indices(x))
slot("CardSet in", "any", lambda x: x in CardSet([1, 2]))
slot("CardSet ops", "any", lambda x: (CardSet([1]) | x, CardSet([1]) & x, CardSet([1]) - x),
     operator=True)
slot("CardSet methods", "any", lambda x: (CardSet([1]).union(x), CardSet([1]).issubset(x),
                                          CardSet([1]).isdisjoint(x)))
slot("CardSet.to_str sep", "text", lambda x: CardSet([1, 2]).to_str(x))
slot("CardSet diamondback", "any", lambda x: diamondback.CardSet(x))
slot("CardSet diamondback item", "any", lambda x: diamondback.CardSet([x]))
slot("CardSet diamondback.from_indices", "any", lambda x: diamondback.CardSet.from_indices(x))
slot("deal_batch n", "int", lambda x: cards.deal_batch(x, 5, seed=1).tolist(), most=1000)
slot("deal_batch k", "int", lambda x: cards.deal_batch(3, x, seed=1).tolist())
slot("deal_batch deck", "any", lambda x: cards.deal_batch(3, 2, deck=x, seed=1).tolist())
slot("deal_batch seed", "any", lambda x: cards.deal_batch(3, 2, seed=x).shape)
slot("deal_batch out", "any", lambda x: cards.deal_batch(2, 5, seed=1, out=x))

# generator and decks
slot("Generator", "any", lambda x: Generator(x).random_raw(2))
slot("Generator.integers", "int", lambda x: Generator(1).integers(x))
slot("Generator.random_raw", "int", lambda x: Generator(1).random_raw(x), most=1000)
slot("Generator.shuffle", "any", lambda g, x: g.shuffle(x), make=lambda: Generator(1),
     state=lambda g: g.getstate())
slot("Generator.setstate", "any", lambda g, x: g.setstate(x), make=lambda: Generator(1),
     state=lambda g: g.getstate())
slot("Deck seed", "any", lambda x: diablo.Deck(x).stock)
slot("Deck order", "any", lambda x: diablo.Deck(1, order=x).stock)
slot("Deck shuffle", "flag", lambda x: diablo.Deck(1, shuffle=x).stock)
slot("db.Deck players", "int", lambda x: diamondback.Deck(x, 1).stock)
slot("Deck.deal", "int", lambda d, x: d.deal(x), make=_deck, state=_deck_state)
slot("Deck.deal_set", "int", lambda d, x: d.deal_set(x), make=_deck, state=_deck_state)
slot("Deck.return_cards", "any", lambda d, x: d.return_cards(x), make=_deck, state=_deck_state)
slot("Deck.restock", "any", lambda d, x: d.restock(x), make=_deck, state=_deck_state)
slot("Deck.collect", "flag", lambda d, x: d.collect(shuffle=x), make=_deck, state=_deck_state)
slot("Deck.setstate", "any", lambda d, x: d.setstate(x), make=_deck, state=_deck_state)

# Diablo hands, draws, objectives
slot("diablo.evaluate", "any", lambda x: diablo.evaluate(x).description)
slot("diablo.evaluate card", "any", lambda x: diablo.evaluate([x, *HAND[1:]]).strength)
slot("diablo.evaluate wild", "flag", lambda x: diablo.evaluate(HAND, wild=x).strength)
slot("diablo.strength", "any", lambda x: diablo.strength(x))
slot("diablo.strength wild", "flag", lambda x: diablo.strength(HAND, wild=x))
slot("diablo.describe", "int", lambda x: diablo.describe(x))
slot("diablo.describe wild", "flag", lambda x: diablo.describe(5, wild=x))
slot("diablo.category_of", "int", lambda x: diablo.category_of(x))
slot("diablo.category_of wild", "flag", lambda x: diablo.category_of(5, wild=x))
slot("diablo.strength_count", "flag", lambda x: diablo.strength_count(wild=x))
slot("diablo.HandValue.from_strength", "int", lambda x: diablo.HandValue.from_strength(x))
slot("diablo.declarable", "flag", lambda x: len(diablo.declarable(x)))
slot("diablo.outcome_of", "any", lambda x: diablo.outcome_of(x))
slot("diablo.outcome_of wild", "flag", lambda x: diablo.outcome_of(HAND, wild=x))
slot("diablo.evaluate_batch", "any", lambda x: diablo.evaluate_batch(x).tolist())
slot("diablo.evaluate_batch wild", "flag", lambda x: diablo.evaluate_batch(_HANDS, wild=x).tolist())
slot("diablo.evaluate_batch out", "any", lambda x: diablo.evaluate_batch(_HANDS, out=x))
slot("diablo.evaluate_batch threads", "int", lambda x: diablo.evaluate_batch(_HANDS, threads=x)
     .tolist())
slot("diablo.evaluate_batch_unchecked", "any",
     lambda x: diablo.evaluate_batch_unchecked(x).tolist())
slot("diablo.evaluate_batch_unchecked threads", "int",
     lambda x: diablo.evaluate_batch_unchecked(_HANDS, threads=x).tolist())
slot("draw_odds hand", "any", lambda x: [o.discard for o in diablo.draw_odds(x)])
slot("draw_odds max_draw", "int", lambda x: len(diablo.draw_odds(HAND5, x)))
slot("draw_odds wild", "flag", lambda x: diablo.draw_odds(HAND5, wild=x)[0].discard)
slot("draw_odds dead", "any", lambda x: diablo.draw_odds(HAND5, dead=x)[0].discard)
slot("draw_odds objective", "any", lambda x: diablo.draw_odds(HAND5, objective=x)[0].discard)
slot("draw_odds custom value", "number",
     lambda x: [o.discard for o in diablo.draw_odds(HAND5, objective=lambda o: x)][:3])
slot("best_draw top", "int", lambda x: len(diablo.best_draw(HAND5, top=x)))
slot("best_draw hand", "any", lambda x: diablo.best_draw(x)[0].discard)
slot("analyse_batch hands", "any", lambda x: diablo.analyse_batch(x).masks.tolist())
slot("analyse_batch max_draw", "any", lambda x: diablo.analyse_batch(_HANDS, x).masks.tolist())
slot("analyse_batch wild", "flag", lambda x: diablo.analyse_batch(_HANDS, wild=x).masks.tolist())
slot("analyse_batch threads", "int",
     lambda x: diablo.analyse_batch(_HANDS, threads=x).masks.tolist())
slot("analyse_batch objective", "any",
     lambda x: diablo.analyse_batch(_HANDS, objective=x).masks.tolist())
slot("DrawLimit most", "int", lambda x: diablo.DrawLimit(x))
slot("DrawLimit ace_for_most", "flag", lambda x: diablo.DrawLimit(4, x))
slot("DrawLimit.from_max_draw", "int", lambda x: diablo.DrawLimit.from_max_draw(x))
slot("DrawLimit.from_max_draw more_draw", "flag",
     lambda x: diablo.DrawLimit.from_max_draw(2, more_draw=x))
slot("DrawLimit.from_json", "any", lambda x: diablo.DrawLimit.from_json(x))
slot("DrawLimit.why_not hand", "any", lambda x: diablo.DrawLimit(2).why_not(x, [0]))
slot("DrawLimit.why_not discards", "any", lambda x: diablo.DrawLimit(2).why_not(HAND, x))
slot("PayTable pays", "any", lambda x: repr(diablo.PayTable(x)))
slot("PayTable payout", "number", lambda x: repr(diablo.PayTable([800, x, 2])))
slot("PayTable wild", "any", lambda x: repr(diablo.PayTable([800, 200], wild=x)))
slot("PayTable wilds", "text", lambda x: repr(diablo.PayTable([800, 200], wilds=x)))
slot("PayTable name", "text", lambda x: repr(diablo.PayTable([800, 200], name=x)))
slot("PayTable.with_pays", "any", lambda x: repr(diablo.PayTable([800, 200]).with_pays(x)))
slot("PayTable.pay", "any", lambda x: diablo.PayTable([800, 200]).pay(x))
slot("Beat target", "any", lambda x: diablo.Beat(x).opponents)
slot("Beat count", "int", lambda x: diablo.Beat({5: x, 6: 1}).opponents)
slot("Beat wild", "flag", lambda x: diablo.Beat(HAND, wild=x).opponents)
slot("Beat ties", "number", lambda x: repr(diablo.Beat(HAND, ties=x).ties))
slot("diablo.Rules option", "any", lambda x: repr(diablo.Rules(ante=x)))
slot("diablo.Rules flag", "any", lambda x: repr(diablo.Rules(declare=x)))
slot("diablo.Rules variant", "any", lambda x: repr(diablo.Rules(variant=x)))
slot("diablo.Rules choices", "any", lambda x: repr(diablo.Rules(choices=x)))
slot("diablo.Rules.from_json", "any", lambda x: repr(diablo.Rules.from_json(x)))

# Diamondback hands and odds
slot("db.evaluate", "any", lambda x: diamondback.evaluate(x).strength)
slot("db.evaluate card", "any", lambda x: diamondback.evaluate([x, 1]).strength)
slot("db.evaluate ids", "flag", lambda x: diamondback.evaluate([4, 3], ids=x).strength)
slot("db.hand_ranks", "any", lambda x: diamondback.hand_ranks(x))
slot("db.hand_ranks ids", "flag", lambda x: diamondback.hand_ranks([4, 3], ids=x))
slot("db.evaluate_batch", "any", lambda x: diamondback.evaluate_batch(x).tolist())
slot("db.evaluate_batch ids", "flag", lambda x: diamondback.evaluate_batch(_PAIRS, ids=x).tolist())
slot("db.evaluate_batch out", "any", lambda x: diamondback.evaluate_batch(_PAIRS, out=x))
slot("db.evaluate_batch threads", "int",
     lambda x: diamondback.evaluate_batch(_PAIRS, threads=x).tolist())
slot("db.evaluate_batch_unchecked", "any",
     lambda x: diamondback.evaluate_batch_unchecked(x).tolist())
slot("db.card_id rank", "int", lambda x: diamondback.card_id(x, 1))
slot("db.card_id copy", "int", lambda x: diamondback.card_id(1, x))
slot("db.format_id", "int", lambda x: diamondback.format_id(x))
slot("db.rank_of", "int", lambda x: diamondback.rank_of(x))
slot("db.hand_by_strength", "int", lambda x: diamondback.hand_by_strength(x))
slot("db.strength_of_ranks", "int", lambda x: diamondback.strength_of_ranks(x, 1))
slot("db.strength_of_ids", "int", lambda x: diamondback.strength_of_ids(x, 1))
slot("db.parse_ids", "text", lambda x: diamondback.parse_ids(x))
slot("db.parse_ranks", "text", lambda x: diamondback.parse_ranks(x))
slot("db.deck_counts", "int", lambda x: diamondback.deck_counts(x))
slot("db.deck_mask", "int", lambda x: diamondback.deck_mask(x))
slot("db.dealing_counts", "int", lambda x: diamondback.dealing_counts(x))
slot("db.dealing_counts names", "flag", lambda x: list(diamondback.dealing_counts(3, names=x)))
slot("db.dealing_odds", "int", lambda x: diamondback.dealing_odds(x))
slot("db.dealing_odds names", "flag", lambda x: list(diamondback.dealing_odds(3, names=x)))
slot("db.odds hand", "any", lambda x: diamondback.odds(x).counts)
slot("db.odds revealed", "any", lambda x: diamondback.odds("Q K", x).counts)
slot("db.odds dead", "any", lambda x: diamondback.odds("Q K", None, x).counts)
slot("db.odds players", "int", lambda x: diamondback.odds("Q K", None, None, x).counts)
slot("db.odds opponents", "int", lambda x: diamondback.odds("Q K", opponents=x).counts)
slot("db.odds ids", "flag", lambda x: diamondback.odds([4, 3], ids=x).counts)
slot("db.odds rules", "any", lambda x: diamondback.odds("Q K", rules=x).counts)
slot("db.odds dealt_in", "int", lambda x: diamondback.odds("Q K", players=3, dealt_in=x).counts)
slot("db.equity", "any", lambda x: diamondback.equity(x))
slot("db.equity players", "int", lambda x: diamondback.equity("Q K", players=x))
slot("db.Odds.from_counts", "any", lambda x: diamondback.Odds.from_counts(x, 10))
slot("db.Rules option", "any", lambda x: repr(diamondback.Rules(min_bet=x)))
slot("db.Rules flag", "any", lambda x: repr(diamondback.Rules(all_in=x)))
slot("db.Rules tie_rule", "any", lambda x: repr(diamondback.Rules(tie_rule=x)))
slot("db.Rules.from_json", "any", lambda x: repr(diamondback.Rules.from_json(x)))

# tables, deals, moves (state unchanged when refused)
for _game, _make in (("db", _db_table), ("dl", _dl_table)):
    slot(f"{_game}.Table.apply", "any", lambda t, x: t.apply(x), make=_make, state=_save)
    slot(f"{_game}.Table.verify", "any", lambda t, x: t.verify(x), make=_make, state=_save)
    slot(f"{_game}.Table.apply text", "text", lambda t, x: t.apply(x), make=_make, state=_save)
    slot(f"{_game}.Table.apply tuple amount", "any", lambda t, x: t.apply(("bet", x)),
         make=_make, state=_save)
    slot(f"{_game}.Table.view", "any", lambda t, x: repr(t.view(x)), make=_make, state=_save)
    slot(f"{_game}.Table.leave", "any", lambda t, x: t.leave(x), make=_make, state=_save)
    slot(f"{_game}.Table.vote_end seat", "any", lambda t, x: t.vote_end(x, True), make=_make,
         state=_save)
    slot(f"{_game}.Table.vote_end agree", "any", lambda t, x: t.vote_end(0, x), make=_make,
         state=_save)
    slot(f"{_game}.Table.to_json key", "any", lambda t, x: len(t.to_json(key=x)), make=_make,
         state=_save)
    slot(f"{_game}.Table.reset seed", "any", lambda t, x: t.reset(x), make=_make, state=_save)
    slot(f"{_game}.Table.reset dealer", "any", lambda t, x: t.reset(1, dealer=x), make=_make,
         state=_save)
    slot(f"{_game}.Deal.apply", "any", lambda t, x: t.current.apply(x), make=_make, state=_save)
    slot(f"{_game}.Deal.view", "any", lambda t, x: repr(t.current.view(x)), make=_make,
         state=_save)
    slot(f"{_game}.Deal.bet", "any", lambda t, x: t.current.bet(x), make=_make, state=_save)
    slot(f"{_game}.Bet amount", "any", lambda t, x: t.current.apply(diablo_bet(x)), make=_make,
         state=_save)

slot("db.Hand.match seat", "any", lambda t, x: t.current.match(seat=x), make=_db_table,
     state=_save)
slot("db.Hand.reveal", "any", lambda t, x: t.current.reveal(x), make=_db_table, state=_save)
slot("db.Hand.set_ante", "any", lambda t, x: t.current.set_ante(x), make=_db_table, state=_save)
slot("dl.Game.raise_to", "any", lambda t, x: t.current.raise_to(x), make=_dl_table, state=_save)
slot("dl.Game.draw", "any", lambda t, x: t.current.draw(x), make=_dl_table, state=_save)
slot("dl.Game.declare", "any", lambda t, x: t.current.declare(x), make=_dl_table, state=_save)
slot("dl.Game.choose", "any", lambda t, x: t.current.choose(x), make=_dl_table, state=_save)
slot("db.Table.next_deal hands", "any", lambda x: diamondback.Table(2, seed=1).next_deal(hands=x))
slot("dl.Table.next_deal hands", "any", lambda x: diablo.Table(3, seed=1).next_deal(hands=x))
slot("dl.Table.next_deal stock", "any", lambda x: diablo.Table(3, seed=1).next_deal(stock=x))
slot("db.Table players", "any", lambda x: diamondback.Table(x, seed=1).stacks)
slot("db.Table stacks", "any", lambda x: diamondback.Table(2, x, seed=1).stacks)
slot("db.Table rules", "any", lambda x: diamondback.Table(2, rules=x, seed=1).stacks)
slot("db.Table seed", "any", lambda x: diamondback.Table(2, seed=x).stacks)
slot("db.Table dealer", "any", lambda x: diamondback.Table(2, seed=1, dealer=x).stacks)
slot("db.Table orders", "any", lambda x: diamondback.Table(2, seed=1, orders=x).stacks)
slot("db.Table keep_history", "any", lambda x: diamondback.Table(2, seed=1, keep_history=x).n)
slot("dl.Table players", "any", lambda x: diablo.Table(x, seed=1).stacks)
slot("dl.Table stacks", "any", lambda x: diablo.Table(3, x, seed=1).stacks)
slot("dl.Table rules", "any", lambda x: diablo.Table(3, rules=x, seed=1).stacks)
slot("db.Table.from_json", "any", lambda x: diamondback.Table.from_json(x).n)
slot("dl.Table.from_json", "any", lambda x: diablo.Table.from_json(x).n)
slot("db.Table.from_json key", "any", lambda x: diamondback.Table.from_json(
    diamondback.Table(2, seed=1).to_json(key="k"), key=x).n)
slot("db.Table.from_json defer_proof", "any", lambda x: diamondback.Table.from_json(
    diamondback.Table(2, seed=1).to_json(), defer_proof=x).n)
slot("db.replay", "any", lambda x: diamondback.replay(x).n)
slot("dl.replay", "any", lambda x: diablo.replay(x).n)
slot("db.HandHistory.from_json", "any", lambda x: diamondback.HandHistory.from_json(x))
slot("dl.GameHistory.from_json", "any", lambda x: diablo.GameHistory.from_json(x))


def diablo_bet(x: Any) -> Any:
    from pedron.engine import Bet

    return Bet(x)


def _history() -> Any:
    import random

    import games_targets as gt

    g = gt.GAMES["diamondback"]
    t = g.Table(2, 30, seed=1, keep_history=True)
    rnd = random.Random(1)
    while not t.history:
        gt.step_legal(g, t, rnd)
    return t.history[0]


slot("DealHistory.for_seat", "any", lambda h, x: h.for_seat(x).viewer, make=_history,
     state=lambda h: h.to_text())

# engine pieces a caller may use
slot("engine.to_move", "any", lambda x: repr(_engine().to_move(x)))
slot("engine.check_amount", "int", lambda x: _engine().check_amount(x))
slot("engine.check_seat", "int", lambda x: _engine().check_seat(x, 4))
slot("engine.is_plain", "any", lambda x: _engine().is_plain(x))
slot("engine.DealHistory.from_json", "any", lambda x: repr(_engine().DealHistory.from_json(x)))


def _engine() -> Any:
    import pedron.engine as engine

    return engine


# video poker
slot("videopoker.pay_table", "any", lambda x: repr(videopoker.pay_table(x)))
slot("videopoker.pay_table game", "any",
     lambda x: repr(videopoker.pay_table([1, 2, 3], game=x)))
slot("videopoker.PayTable pays", "any", lambda x: repr(videopoker.PayTable(x)))
slot("videopoker.PayTable payout", "number", lambda x: repr(videopoker.PayTable([800, x, 2])))
slot("videopoker.outcome_classes", "flag", lambda x: len(videopoker.outcome_classes(x)))
slot("videopoker.analyse pays", "any", lambda x: videopoker.analyse(x).return_)
slot("videopoker.analyse threads", "int", lambda x: videopoker.analyse(threads=x).return_)
slot("videopoker.analyse tie_break", "text", lambda x: videopoker.analyse(tie_break=x).return_)
slot("videopoker.analyse progress", "any", lambda x: videopoker.analyse(progress=x).return_)
slot("videopoker.best_hold hand", "any", lambda x: videopoker.best_hold(x)[0].held)
slot("videopoker.best_hold pays", "any", lambda x: videopoker.best_hold(HAND5, x)[0].held)
slot("videopoker.PayRow", "any", lambda x: repr(videopoker.PayRow(x)))
slot("videopoker.PayRow pays", "number", lambda x: repr(videopoker.PayRow("flush", x)))
slot("videopoker.PayRow ranks", "any", lambda x: repr(videopoker.PayRow("four of a kind", 5,
                                                                         ranks=x)))
slot("videopoker.strategy_chart time_limit", "number",
     # (how far it gets in the time is up to the machine: only that it answers is compared)
     lambda x: videopoker.strategy_chart("jacks-or-better", time_limit=x) is not None, most=0)

# bots
slot("bots.parse_bot", "any", lambda x: str(_bots().parse_bot(x)))
slot("bots.parse_bot param", "number",
     lambda x: str(_bots().parse_bot({"name": "odds", "margin": x}, "diamondback")))
slot("bots.make_bot spec", "any", lambda x: callable(_bots().make_bot(x, "diablo")))
slot("bots.make_bot game", "any", lambda x: callable(_bots().make_bot("random", x)))
slot("bots.make_bot seed", "any", lambda x: callable(_bots().make_bot("random", "diablo", x)))
slot("bots.amount_between low", "int", lambda x: _bots().amount_between(Generator(1), x, 10))
slot("bots.amount_between high", "int", lambda x: _bots().amount_between(Generator(1), 0, x))
slot("bots.RandomBot seed", "any", lambda x: callable(_bots().RandomBot(x)))
slot("bots.OddsBot margin", "number", lambda x: callable(diamondback.OddsBot(margin=x)))
slot("bots.RuleBot open_at", "any", lambda x: callable(diablo.RuleBot(open_at=x)))
slot("bots.ThresholdBot settings", "any", lambda x: callable(diablo.ThresholdBot(x)))
slot("bots.ThresholdBot seed", "any", lambda x: callable(diablo.ThresholdBot(None, x)))
slot("bots.Thresholds open_at", "any", lambda x: _thresholds(open_at=x).spec())
slot("bots.Thresholds bluff", "number", lambda x: _thresholds(bluff=x).spec())
slot("bots.Thresholds max_draw", "any", lambda x: _thresholds(max_draw=x).spec())
slot("bots.StrongBot seed", "any", lambda x: callable(diablo.StrongBot(x)))
slot("bots.StrongBot strategy", "any", lambda x: callable(diablo.StrongBot(strategy=x)))
slot("bots.bot view", "any", lambda x: _bots().RandomBot(1)(x, _legal()))


def _bots() -> Any:
    import pedron.bots as bots

    return bots


def _thresholds(**settings: Any) -> Any:
    return diablo.Thresholds(**settings)


def _legal() -> Any:
    return _db_table().legal_actions()


# studies
slot("simulate game", "any", lambda x: _sim().simulate(x, players=2, games=2).games)
slot("simulate players", "int", lambda x: _sim().simulate("diamondback", players=x, games=2).games)
slot("simulate games", "int", lambda x: _sim().simulate("diamondback", players=2, games=x).games,
     most=50)
slot("simulate seed", "int",
     lambda x: _sim().simulate("diamondback", players=2, games=2, seed=x).games)
slot("simulate stacks", "int",
     lambda x: _sim().simulate("diamondback", players=2, games=2, stacks=x).games)
slot("simulate workers", "int",
     lambda x: _sim().simulate("diamondback", players=2, games=2, workers=x).games, most=1)
slot("simulate bots", "any", lambda x: _sim().simulate("diamondback", players=2, games=2,
                                                       bots=x).games)
slot("simulate rules", "any", lambda x: _sim().simulate("diamondback", players=2, games=2,
                                                        rules=x).games)
slot("simulate timeout", "number",
     lambda x: _sim().simulate("diamondback", players=2, games=2, timeout=x).games)
slot("simulate checkpoint", "any",
     lambda x: _sim().simulate("diamondback", players=2, games=2, checkpoint=x).games)
slot("simulate oversubscribe", "flag",
     lambda x: _sim().simulate("diamondback", players=2, games=2, oversubscribe=x).games)
slot("simulate (pedron.simulate) games", "int",
     lambda x: _pedron().simulate("diablo", players=3, games=x).games, most=20)
slot("derive_seed", "int", lambda x: _sim().derive_seed(x, 1))
slot("plan_chunks", "int", lambda x: len(_sim().plan_chunks(x, 10, 5)), most=1000)
slot("Tally players", "int", lambda x: repr(_sim().Tally("diamondback", x).to_json()))
slot("match sets", "int", lambda x: _match().match("diamondback", ["odds", "random"], sets=x)
     .sets, most=4)
slot("match deals", "int", lambda x: _match().match("diamondback", ["odds", "random"], sets=1,
                                                    deals=x).sets, most=4)
slot("match bots", "any", lambda x: _match().match("diamondback", x, sets=1).sets)
slot("match lineup", "any", lambda x: _match().match("diamondback", ["odds", "random"], sets=1,
                                                     lineup=x).sets)
slot("match duplicate", "flag", lambda x: _match().match("diamondback", ["odds", "random"],
                                                         sets=1, duplicate=x).sets)
slot("match rotations", "text", lambda x: _match().match("diamondback", ["odds", "random"],
                                                         sets=1, rotations=x).sets)
slot("t95", "int", lambda x: _match().t95(x))


def _pedron() -> Any:
    import pedron

    return pedron


def _sim() -> Any:
    import pedron.simulation as sim

    return sim


def _match() -> Any:
    import pedron.match as m

    return m


# solver, encodings, bench, testing, text
slot("solver.game_spec stacks", "int", lambda x: repr(_solver().game_spec(x)))
slot("solver.game_spec bet_sizes", "any", lambda x: repr(_solver().game_spec(4, bet_sizes=x)))
slot("solver.game_spec variant", "text", lambda x: repr(_solver().game_spec(2, x)))
slot("solver.estimate", "any", lambda x: repr(_solver().estimate(x)))
slot("solver.solve iterations", "int",
     lambda x: _solver().solve(_solver().game_spec(2), iterations=x).iterations, most=200)
slot("solver.solve target", "number",
     lambda x: _solver().solve(_solver().game_spec(2), iterations=20, target=x).iterations)
slot("solver.solve max_memory", "int",
     lambda x: _solver().solve(_solver().game_spec(2), iterations=5, max_memory=x).iterations)
slot("encodings.DiabloActions rules", "any", lambda x: diablo.DiabloActions(x).n)
slot("encodings.DiamondbackActions total", "int",
     lambda x: diamondback.DiamondbackActions(diamondback.Rules(), x).n, most=10**6)
slot("encodings.DiamondbackActions sizes", "any",
     lambda x: diamondback.DiamondbackActions(diamondback.Rules(), 60, x).n)
slot("encodings.action_index action", "any", lambda x: _enc().action_index(x, 13))
slot("encodings.action_index n", "int", lambda x: _enc().action_index(3, x))
slot("encodings.describe", "any",
     lambda x: diamondback.DiamondbackActions(diamondback.Rules(), 90).describe(x))
slot("bench.parse_spec", "text", lambda x: repr(_bench().parse_spec(x)))
slot("bench.Evaluator function", "any", lambda x: repr(_bench().Evaluator(x)))
slot("bench.Evaluator form", "text", lambda x: repr(_bench().Evaluator(len, form=x)))
slot("bench.Evaluator wild", "flag", lambda x: repr(_bench().Evaluator(len, wild=x)))
slot("bench.assert_same_order hands", "any",
     lambda x: _bench().assert_same_order(diablo.strength, form="ids", wild=True,
                                          hands=x).agrees)
slot("bench.run_bench hands", "int", lambda x: len(_bench().run_bench(
    hands=x, scalar_hands=100, reference_hands=100, repeat=1, peers=False,
    diamondback=False).results), most=5000)
slot("bench.run_bench repeat", "int", lambda x: len(_bench().run_bench(
    hands=1000, scalar_hands=100, reference_hands=100, repeat=x, peers=False,
    diamondback=False).results), most=3)
slot("bench.run_bench time_limit", "number", lambda x: len(_bench().run_bench(
    hands=1000, scalar_hands=100, reference_hands=100, repeat=1, peers=False,
    diamondback=False, time_limit=x).results))
slot("testing.assert_same_order function", "any",
     lambda x: _testing().assert_same_order(x, hands=[(0, 4, 8, 12, 17)]).agrees)
slot("testing.assert_same_order hands", "any",
     lambda x: _testing().assert_same_order(diablo.strength, wild=True, hands=x).agrees)
slot("testing.hand_corpus hands", "int", lambda x: len(_testing().hand_corpus(x)), most=2000)
slot("testing.hand_corpus seed", "int", lambda x: len(_testing().hand_corpus(10, x)))


def _solver() -> Any:
    import pedron.diamondback.solver as solver

    return solver


def _enc() -> Any:
    import pedron.encodings as enc

    return enc


def _bench() -> Any:
    import pedron.bench as bench

    return bench


def _testing() -> Any:
    import pedron.testing as testing

    return testing


# adapters: PettingZoo, Gymnasium, OpenSpiel
def _aec() -> Any:
    from pedron.envs import diamondback_v0

    env = diamondback_v0.env()
    env.reset(seed=1)
    return env


def _env_state(env: Any) -> Any:
    agent = env.agent_selection
    return agent, repr(env.observe(agent)), env.rewards.copy()


def _single() -> Any:
    from pedron.envs import SingleAgentEnv

    env = SingleAgentEnv("diamondback")
    env.reset(seed=1)
    return env


def _single_state(env: Any) -> Any:
    return env.aec.agent_selection, repr(env.aec.observe(env.aec.agent_selection))


slot("pettingzoo.step", "any", lambda env, x: env.step(x), make=_aec, state=_env_state)
slot("pettingzoo.reset seed", "any", lambda env, x: env.reset(seed=x), make=_aec)
slot("gymnasium.step", "any", lambda env, x: env.step(x), make=_single, state=_single_state)
slot("gymnasium.reset seed", "any", lambda env, x: env.reset(seed=x), make=_single)
slot("gymnasium.SingleAgentEnv seat", "any", lambda x: _env_of(seat=x))
slot("gymnasium.SingleAgentEnv name", "any", lambda x: _single_of(x))
slot("gymnasium.gymnasium_id", "any", lambda x: _envs().gymnasium_id(x))
slot("pettingzoo.env game", "any", lambda x: repr(_envs().env(x)))


def _envs() -> Any:
    import pedron.envs as envs

    return envs


def _single_of(name: Any) -> Any:
    from pedron.envs import SingleAgentEnv

    return SingleAgentEnv(name).action_space.n
slot("gymnasium.SingleAgentEnv opponents", "any", lambda x: _env_of(opponents=x))


def _env_of(**options: Any) -> Any:
    from pedron.envs import SingleAgentEnv

    return SingleAgentEnv("diamondback", **options).action_space.n


def _spiel_state(game: str = "diamondback") -> Any:
    import pyspiel  # noqa: F401

    from pedron import spiel

    spiel.register()
    cls = spiel.DiamondbackSpielGame if game == "diamondback" else spiel.DiabloSpielGame
    state = cls().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


slot("openspiel.apply_action", "any", lambda s, x: s.apply_action(x), make=_spiel_state,
     state=lambda s: str(s))
slot("openspiel.apply_action diablo", "any", lambda s, x: s.apply_action(x),
     make=lambda: _spiel_state("diablo"), state=lambda s: str(s))
slot("openspiel.action_to_string", "any", lambda s, x: s.action_to_string(x),
     make=_spiel_state, state=lambda s: str(s))
slot("openspiel.params", "any", lambda x: _spiel_game(x, "diamondback"))
slot("openspiel.params diablo", "any", lambda x: _spiel_game(x, "diablo"))


def _spiel_game(params: Any, game: str) -> Any:
    from pedron import spiel

    cls = spiel.DiamondbackSpielGame if game == "diamondback" else spiel.DiabloSpielGame
    return cls(params).num_distinct_actions()


# -- the public names left out, and why --------------------------------------------------------

NOT_SWEPT: dict[str, str] = {
    "errors": "exception classes: raised, not called with a caller's values",
    "constants": "constants (tables, sizes, names): read, not called",
    "results": "results and views pedron builds (SimulationResult, Odds, GameView, Analysis, "
               "HandValue...): read by name; their from_json, where they have one, is swept",
    "moves": "typed moves (Bet, Draw...): made by callers but checked where they are "
             "applied, which the table and deal slots sweep with hostile amounts and cards",
    "engine internals": "the engine's building blocks for a game's own deal (Ledger, "
                        "BettingRound, settle, build_pots, collect_antes, draw_replacements, "
                        "Session, CardGame, DealContext, the seat arithmetic clockwise, "
                        "from_left and split_amount, the records' and pots' from_json, "
                        "DealPlan): called by pedron's deals with checked state, never "
                        "with a caller's raw values (a save's are checked before them)",
    "EquilibriumBot": "reads a strategy file a solve wrote: its path is checked like "
                      "simulate's checkpoint (swept), its contents by tests/test_solver.py",
    "bots' and encodings' calls": "a bot is called, and an encoding's move() made (an "
                                  "observation and its text too), with a view "
                                  "and the legal actions a deal gives (never a caller's own "
                                  "list); their constructors and parameters are swept",
    "text": "pedron.text formats pedron's own messages and reports from values pedron made",
    "run_chunk/run_sets": "a study's work unit and its records, sent by simulate/match to "
                          "its workers (their arguments are swept there); a unit from "
                          "elsewhere is checked against the study it names",
}


# -- the sweep ----------------------------------------------------------------------------------


@contextmanager
def scratch_dir() -> Iterator[None]:
    """Run in an empty temporary directory: a path slot given "3" or "bet" writes there."""
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="pedron-surface-") as where:
        os.chdir(where)
        try:
            yield
        finally:
            os.chdir(old)


def _fingerprint(result: Any) -> Any:
    """A result as comparable data (an array by its values)."""
    if isinstance(result, np.ndarray):
        return ("array", result.dtype.str, result.shape, result.tobytes())
    try:
        text = _repr(result)
    except Exception as exc:  # (a result pedron made must have a repr)
        raise AssertionError(f"the result's repr raised {exc!r}") from None
    return text if " at 0x" not in text else type(result).__name__


def _repr(result: Any) -> str:
    return shown(result)


#: The hostile classes above: an exception their own methods raise is the caller's.
_HOSTILE_CODE = {f.__code__ for cls in (Liar, Idx, LyingStr, Weird, Sneaky)
                 for f in vars(cls).values() if hasattr(f, "__code__")}


def _own_error(exc: BaseException) -> bool:
    """Whether ``exc`` was raised by the hostile object's own method (``Weird().__len__``,
    ``Idx(RuntimeError())``): the caller's error passing through pedron, not pedron's."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code in _HOSTILE_CODE


def _outcome(sl: Slot, x: Any) -> tuple[str, Any]:
    """("ok", fingerprint) or ("refused", error class), the contract checked on the way."""
    subject = sl.make() if sl.make is not None else None
    before = sl.state(subject) if sl.state is not None else None
    start = time.perf_counter()
    try:
        result = sl.call(subject, x) if sl.make is not None else sl.call(x)
    except PedronError as exc:
        assert isinstance(exc, (ValueError, TypeError)), f"{type(exc)} is not a Value/TypeError"
        if sl.state is not None:
            assert sl.state(subject) == before, "a refused call changed the state"
        outcome: tuple[str, Any] = ("refused", type(exc))
    except Exception as exc:
        if not (_own_error(exc) or (sl.operator and type(exc) is TypeError
                and str(exc).startswith("unsupported operand type"))):
            raise
        if sl.state is not None:
            assert sl.state(subject) == before, "a refused call changed the state"
        outcome = ("refused", type(exc))
    else:
        outcome = ("ok", _fingerprint(result))
    took = time.perf_counter() - start
    assert took < SLOW, f"the call took {took:.1f} s"
    return outcome


def check(sl: Slot, x: Any) -> str:
    """Sweep ``x`` through slot ``sl``; "returned", "refused" or "skipped" (a plain
    value past the slot's ``most``). An exception other than a PedronError, or a
    broken promise of the slot's kind, propagates (AssertionError: a finding)."""
    kind = sl.kind
    plain: Any = None
    if kind == "int":
        plain = plain_int(x)
    elif kind == "flag":
        plain = plain_flag(x)
    elif kind == "number":
        plain = plain_number(x)
    elif kind == "text" and isinstance(x, str) and type(x) is not str:
        plain = str.__str__(x)
    if sl.most is not None and type(plain) in (int, Fraction) and plain > sl.most:
        return "skipped"
    got = _outcome(sl, x)
    if kind in ("int", "flag", "number") and plain is REFUSED:
        assert got[0] == "refused", f"{kind} slot {sl.name} took {_describe(x)}: {got[1]!r}"
    elif plain is not None and plain is not REFUSED and got[0] == "ok":
        want = _outcome(sl, int(plain) if type(plain) is Fraction and plain.denominator == 1
                        else plain)
        # (a number slot may refuse a Fraction, which stands for a float's exact value)
        assert got == want or (kind == "number" and want[0] == "refused"), (
            f"{sl.name}: {_describe(x)} gave {got[1]!r}, its plain value "
            f"{_describe(plain)} gave {want[1]!r}")
    return "returned" if got[0] == "ok" else "refused"


# -- areas, coverage, the command line ----------------------------------------------------------

#: The table in docs/reliability.md counts by area: a slot's area is read from its name.
AREAS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("adapters (OpenSpiel, PettingZoo, Gymnasium)", ("openspiel", "pettingzoo", "gymnasium")),
    ("tables, deals and moves", ("db.Table", "dl.Table", "db.Deal", "dl.Deal", "db.Bet", "dl.Bet",
                                 "db.Hand.", "dl.Game.", "db.replay", "dl.replay",
                                 "db.HandHistory", "dl.GameHistory", "DealHistory")),
    ("cards, card sets, batch dealing", ("parse_card", "format_card", "check_card", "mask_of",
                                         "rank_of", "suit_of", "CardSet", "deal_batch")),
    ("generator and decks", ("Generator", "Deck", "db.Deck")),
    ("Diablo hands, draws, objectives", ("diablo.", "draw_odds", "best_draw", "analyse_batch",
                                         "DrawLimit", "PayTable", "Beat")),
    ("Diamondback hands and odds", ("db.",)),
    ("engine pieces", ("engine.",)),
    ("video poker", ("videopoker.",)),
    ("bots", ("bots.",)),
    ("studies (simulate, match)", ("simulate", "derive_seed", "plan_chunks", "Tally", "match",
                                   "t95")),
    ("solver, encodings, bench, testing, text", ("solver.", "encodings.", "bench.", "testing.",
                                                 "text.")),
)


def area_of(sl: Slot) -> str:
    for area, prefixes in AREAS:
        if sl.name.startswith(prefixes):
            return area
    raise ValueError(f"slot {sl.name!r} has no area")


#: The public namespaces a caller imports (their ``__all__``); their submodules re-export
#: what these hold, and pedron.cli is swept through command lines (tests/test_cli.py).
PUBLIC_MODULES: dict[str, tuple[str, ...]] = {
    # module: the names this file reaches it by
    "pedron": ("_pedron", "CardSet", "Generator", "cards"),
    "pedron.cards": ("cards", "CardSet"),
    "pedron.diablo": ("diablo",),
    "pedron.diamondback": ("diamondback",),
    "pedron.videopoker": ("videopoker",),
    "pedron.engine": ("_engine", "engine", "Bet"),
    "pedron.bots": ("_bots",),
    "pedron.simulation": ("_sim",),
    "pedron.match": ("_match",),
    "pedron.diamondback.solver": ("_solver",),
    "pedron.encodings": ("_enc",),
    "pedron.bench": ("_bench",),
    "pedron.testing": ("_testing",),
    "pedron.text": ("_text",),
    "pedron.envs": ("SingleAgentEnv", "diamondback_v0", "envs"),
    "pedron.spiel": ("spiel",),
}

#: Public names no slot calls, each in one of NOT_SWEPT's reasons.
NOT_SWEPT_NAMES: dict[str, tuple[str, ...]] = {
    "errors": ("PedronError", "DeclarationError", "EvaluatorFailed", "HistoryError",
               "SpielActionError"),
    "constants": ("__version__", "FULL_MASK", "RANKS", "SUITS", "SUIT_SYMBOLS", "VARIANTS",
                  "COPIES", "DECK_SIZES", "HANDS", "RANK_CODES", "RANK_NAMES", "STRENGTH",
                  "ALL_HANDS", "FORMS", "PEERS", "PEER_EVALUATORS", "BOTS", "GAMES",
                  "CATEGORY_NAMES", "DRAW_SUBSETS", "GYMNASIUM_IDS", "COMBINATIONS", "DEALS",
                  "JOKER", "MAX_THREADS", "PAY_TABLES", "TIE_BREAKS", "WEIGHT", "WILDS",
                  "CORPUS_HANDS", "CORPUS_SEED", "DIABLO", "DIAMONDBACK", "MAX_ACTIONS"),
    "results": ("SimulationResult", "BenchReport", "BenchResult", "EvaluatorCheck",
                "EvaluatorFailure", "OrderCheck", "Spread", "TableEvaluator", "Peer",
                "installed_peers", "Category", "DrawOdds", "DrawOption", "ExpectedStrength",
                "GameResult", "GameView", "HandValue", "Outcome", "TableView", "HandResult",
                "HandView", "Odds", "MatchResult", "BotScore", "Estimate", "GameSpec",
                "Solution", "Analysis", "Hold", "HoldAnalysis", "ChartLine", "StrategyChart",
                "Game", "DealResult", "DealView", "TableViewBase", "LegalAction", "Settlement",
                "BotSpec", "BotFunction", "Bot", "CardText"),
    "moves": ("Ante", "Call", "Check", "Choose", "Declare", "Draw", "Fold", "Leave", "Match",
              "Move", "RaiseBy", "RaiseTo", "Reveal", "Stop", "Vote"),
    "engine internals": ("BettingRound", "CardGame", "Deal", "DealContext", "Ledger", "Session",
                         "SessionSaving", "SessionState",
                         "build_pots", "collect_antes", "draw_replacements", "settle", "Hand",
                         "Table", "memory_limit", "write_strategy", "register", "diablo_v0",
                         "clockwise", "from_left", "split_amount", "Record", "Pot", "DealPlan"),
    "bots' and encodings' calls": ("Bot", "ActionEncoding", "ObservationEncoding",
                                   "Observation", "DiabloObservation", "view_text"),
    "text": ("WIDTH", "fields", "plural", "shown", "table", "wrap"),
    "EquilibriumBot": ("EquilibriumBot",),
    "run_chunk/run_sets": ("run_chunk", "run_sets", "check_evaluator", "Study", "WorkUnit",
                           "UnitResult", "MatchUnit", "SetsResult"),
}


def _names_used(code: Any, module: dict[str, Any], seen: set[int]) -> set[str]:
    """Every global and attribute name a slot's code reaches, through the helpers of
    this file it calls (one slot's lambda, ``_db_table``, ``_spiel_state``...)."""
    if id(code) in seen:
        return set()
    seen.add(id(code))
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_used(const, module, seen)
    for name in list(names):
        helper = module.get(name)
        if callable(helper) and hasattr(helper, "__code__") and \
                getattr(helper, "__module__", None) == __name__:
            names |= _names_used(helper.__code__, module, seen)
    return names


def coverage() -> tuple[dict[str, list[str]], list[str]]:
    """(public name -> the slots that call it, public names neither swept nor listed).

    A name of module M is swept by a slot whose code reaches M (by one of the names
    :data:`PUBLIC_MODULES` gives) and the name itself."""
    import importlib

    module = globals()
    used = [(sl.name, set().union(*(_names_used(f.__code__, module, set())
                                    for f in (sl.call, sl.make, sl.state)
                                    if f is not None and hasattr(f, "__code__"))))
            for sl in SLOTS]
    listed = {n for names in NOT_SWEPT_NAMES.values() for n in names}
    swept: dict[str, list[str]] = {}
    missing = []
    for mod_name, aliases in PUBLIC_MODULES.items():
        mod = importlib.import_module(mod_name)
        for name in mod.__all__:
            by = [s for s, names in used if name in names and names & set(aliases)]
            if by:
                swept[f"{mod_name}.{name}"] = by
            elif name not in listed:
                missing.append(f"{mod_name}.{name}")
    return swept, missing


def _describe(x: Any) -> str:
    try:
        text = shown(x)
    except Exception:
        text = f"<{type(x).__name__}>"
    return text if len(text) <= 70 else text[:67] + "..."


def sweep(slots: list[Slot], values: Callable[[Slot], Iterator[Any]],
          deadline: float | None = None) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Run ``values(slot)`` through each slot: counts per area and the findings."""
    import warnings

    counts: dict[str, dict[str, int]] = {}
    findings: list[str] = []
    warnings.simplefilter("ignore")
    with open(os.devnull, "w") as quiet, redirect_stdout(quiet):
        _sweep(slots, values, deadline, counts, findings)
    return counts, findings


class Hang(BaseException):
    """A call that ran past :data:`SLOW` seconds (a BaseException: no ``except Exception``
    of the code under test stops it)."""


def _stop(signum: int, frame: Any) -> None:
    raise Hang(f"still running after {SLOW:.0f} s")


def _sweep(slots: list[Slot], values: Callable[[Slot], Iterator[Any]], deadline: float | None,
           counts: dict[str, dict[str, int]], findings: list[str]) -> None:
    import faulthandler
    import signal
    import sys

    signal.signal(signal.SIGALRM, _stop)
    for sl in slots:
        row = counts.setdefault(area_of(sl), {"slots": 0, "calls": 0, "returned": 0,
                                              "refused": 0, "skipped": 0, "findings": 0})
        row["slots"] += 1
        for x in values(sl):
            if deadline is not None and time.perf_counter() > deadline:
                return
            # A call still running after SLOW seconds is stopped by Hang, raised in it (a
            # loop in Python code); one stuck in C code ends the run with a traceback.
            signal.setitimer(signal.ITIMER_REAL, SLOW)
            faulthandler.dump_traceback_later(SLOW * 3, exit=True, file=sys.stderr)
            try:
                got = check(sl, x)
            except (Exception, Hang) as exc:  # a finding: not a PedronError, a broken promise
                row["findings"] += 1
                findings.append(f"{sl.name} <- {_describe(x)}: {type(exc).__module__}."
                                f"{type(exc).__name__}: {str(exc)[:160]}")
                got = "finding"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                faulthandler.cancel_dump_traceback_later()
            row["calls"] += 1
            if got != "finding":
                row[got] += 1


def main(argv: list[str] | None = None) -> int:
    import argparse
    import random
    import sys

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=0, metavar="N",
                        help="after the catalogue, N random (slot, hostile object) pairs")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random pairs")
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop the random pairs after this long")
    parser.add_argument("--no-catalogue", action="store_true",
                        help="skip the fixed catalogue (every slot x every value)")
    parser.add_argument("--only", default="", help="slots whose name contains this")
    parser.add_argument("--coverage", action="store_true",
                        help="list the public names swept and not, then stop")
    args = parser.parse_args(argv)
    if args.coverage:
        swept, missing = coverage()
        print(f"{len(swept)} public names swept by the slots")
        for name in missing:
            print(f"not swept and not listed: {name}")
        return 1 if missing else 0
    slots = [sl for sl in SLOTS if args.only in sl.name]
    start = time.perf_counter()
    totals: dict[str, dict[str, int]] = {}
    findings: list[str] = []
    with scratch_dir():
        if not args.no_catalogue:
            catalogue = hostile_values()
            counts, found = sweep(slots, lambda sl: iter(catalogue))
            _add(totals, counts)
            findings += found
        if args.random:
            rnd = random.Random(args.seed)
            deadline = None if args.seconds is None else time.perf_counter() + args.seconds
            pairs = [rnd.choice(slots) for _ in range(args.random)]
            for sl in pairs:
                counts, found = sweep([sl], lambda _sl: iter([hostile(rnd)]), deadline)
                for row in counts.values():
                    row["slots"] = 0
                _add(totals, counts)
                findings += found
    took = time.perf_counter() - start
    print("| area | slots | calls | returned | refused | skipped | findings |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for area, _ in AREAS:
        row = totals.get(area)
        if row:
            print(f"| {area} | {row['slots']} | {row['calls']:,} | {row['returned']:,} | "
                  f"{row['refused']:,} | {row['skipped']:,} | {row['findings']} |")
    all_calls = sum(r["calls"] for r in totals.values())
    print(f"\n{len(slots)} slots, {all_calls:,} calls in {took:.0f} s; "
          f"{len(findings)} findings", file=sys.stderr)
    for line in findings:
        print("FINDING " + line, file=sys.stderr)
    return 1 if findings else 0


def _add(totals: dict[str, dict[str, int]], counts: dict[str, dict[str, int]]) -> None:
    for area, row in counts.items():
        into = totals.setdefault(area, dict.fromkeys(row, 0))
        for key, value in row.items():
            into[key] += value


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main())
