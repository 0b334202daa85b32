"""Fuzz targets for pedron's foundation and evaluators, shared by every driver.

Each target ``fuzz_<name>(src)`` builds one input from a :class:`Source`
(random numbers from hypothesis, atheris or :mod:`random`), calls pedron and
checks the contract: either a correct result or a :class:`PedronError`. Any
other exception (or an assertion about the result) is a finding; a crash of
the compiled core kills the driver, which is a finding too.

Drivers: ``tests/hardening/test_fuzz.py`` (hypothesis, bounded, in the test
suite), ``scripts/fuzz/run_random.py`` (long runs, :mod:`random`) and
``scripts/fuzz/run_atheris.py`` (coverage-guided, atheris).
"""

from __future__ import annotations

import array
import math
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np

from pedron import cards as pcards
from pedron import diablo, diamondback
from pedron._kernels.rng import Generator
from pedron.cards import CardSet
from pedron.diamondback.cards import RANK_OF_ID
from pedron.errors import ArrayError, PedronError
from pedron.reference import diamondback as db_ref

DbCardSet = diamondback.CardSet
DB_STRENGTH = diamondback.STRENGTH


# ---------------------------------------------------------------------------
# Sources of randomness


class Source:
    """What a target may ask for. Subclasses map it onto one fuzzing engine."""

    def int(self, lo: int, hi: int) -> int:  # inclusive
        raise NotImplementedError

    def bytes(self, n: int) -> bytes:  # up to n bytes
        raise NotImplementedError

    def text(self, n: int) -> str:  # up to n arbitrary code points
        raise NotImplementedError

    def bool(self) -> bool:
        return self.int(0, 1) == 1

    def pick(self, seq: Sequence[Any]) -> Any:
        return seq[self.int(0, len(seq) - 1)]

    def chance(self, num: int, den: int) -> bool:
        return self.int(0, den - 1) < num


class RandomSource(Source):
    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    def int(self, lo: int, hi: int) -> int:
        return self.r.randint(lo, hi)

    def bytes(self, n: int) -> bytes:
        return self.r.randbytes(self.r.randint(0, n))

    def text(self, n: int) -> str:
        k = self.r.randint(0, n)
        out = []
        for _ in range(k):
            band = self.r.random()
            if band < 0.6:
                out.append(chr(self.r.randint(32, 126)))
            elif band < 0.8:
                out.append(self.r.choice(" \t\n,;-\u00a0\u2003\u3000♣♦♥♠♧♢♡♤٣𝟗"))
            else:
                cp = self.r.randint(0, 0x10FFFF)
                out.append(chr(cp) if not 0xD800 <= cp <= 0xDFFF else "?")
        return "".join(out)


class AtherisSource(Source):
    """Reads from an ``atheris.FuzzedDataProvider``; runs dry as zeros."""

    def __init__(self, fdp: Any) -> None:
        self.f = fdp

    def int(self, lo: int, hi: int) -> int:
        return self.f.ConsumeIntInRange(lo, hi)

    def bytes(self, n: int) -> bytes:
        return self.f.ConsumeBytes(self.f.ConsumeIntInRange(0, n))

    def text(self, n: int) -> str:
        return self.f.ConsumeUnicodeNoSurrogates(self.f.ConsumeIntInRange(0, n))


class HypothesisSource(Source):
    """Draws from hypothesis ``st.data()`` (so failures shrink)."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self.d = data
        self.st = st

    def int(self, lo: int, hi: int) -> int:
        return self.d.draw(self.st.integers(lo, hi))

    def bytes(self, n: int) -> bytes:
        return self.d.draw(self.st.binary(max_size=n))

    def text(self, n: int) -> str:
        return self.d.draw(self.st.text(max_size=n))


# ---------------------------------------------------------------------------
# Helpers


#: Calls made through :func:`attempt`: how many returned, how many raised a PedronError.
STATS = {"returned": 0, "refused": 0}


def attempt(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, result)`` or ``(False, the PedronError)``; anything else propagates."""
    try:
        result = fn(*args, **kwargs)
    except PedronError as exc:
        assert isinstance(exc, ValueError | TypeError), f"{type(exc)} is not a ValueError/TypeError"
        STATS["refused"] += 1
        return False, exc
    STATS["returned"] += 1
    return True, result


_CARD_WORDS = (
    [r + s for r in "23456789TJQKAtjqka" for s in "cdhsCDHS♣♦♥♠♧♢♡♤"]
    + ["10h", "10S", "1h", "0c", "11d", "Xx", "A", "h", "AhK", "2", "**"]
)
_SEPS = [" ", "", ",", ";", "  ", "\t", "\n", ", ", "-", "\u00a0", "\u2003", "/", "|"]
_DB_WORDS = [
    "Priest", "priestess", "KING", "Queen", "magician", "P", "K", "Q", "S", "M", "p", "s",
    "M1", "M2", "S1", "S6", "S7", "Q4", "Q9", "Q10", "P15", "P16", "K12", "K0", "P01",
    "Magician-Priestess", "Priestess-Priestess", "Queen-King", "X", "Pri", "٣", "Q٣", "Q𝟗",
    # letters Unicode case folding matches with s, i, k (long s, dotless i, dotted I, Kelvin)
    "\u017f", "Prie\u017ft", "pr\u0131est", "MAG\u0130CIAN", "\u212aing", "\u212a2",
]


def mixed_text(src: Source, words: Sequence[str], max_tokens: int = 8) -> str:
    """Text of valid tokens, separators and noise; sometimes huge."""
    mode = src.int(0, 9)
    if mode == 0:
        return src.text(40)
    parts = []
    for _ in range(src.int(0, max_tokens)):
        if src.chance(1, 10):
            parts.append(src.text(4))
        else:
            parts.append(src.pick(words))
        parts.append(src.pick(_SEPS))
    text = "".join(parts)
    if mode == 1:  # huge: a long repetition, optionally with a tail
        text = text * src.int(100, 3000) + src.pick(["", "Zz", "9" * 5000, " "])
    return text


def random_object(src: Source) -> Any:
    """Something that is rarely a valid argument."""
    return src.pick([
        None, 1.5, float("nan"), -1, 2**70, True, b"Ah", bytearray(b"\x01\x02"), object(),
        {"a": 1}, {1, 2}, "", "Ah Kd", [], [None], (1, "x"), np.float64(3.0), np.array([1, 2]),
        np.int64(-5), complex(1, 2), range(3), iter([1, 2, 3]),
    ])


def card_item(src: Source, size: int = 52) -> Any:
    """One element of a card list: mostly a valid int, sometimes anything."""
    k = src.int(0, 19)
    if k < 12:
        return src.int(0, size - 1)
    if k == 12:
        return src.int(-3, size + 3)
    if k == 13:
        return np.uint8(src.int(0, size - 1))
    if k == 14:
        return np.int64(src.int(-1, size))
    if k == 15:
        return pcards.format_card(src.int(0, 51)) if size == 52 else diamondback.format_id(
            src.int(0, size - 1))
    if k == 16:
        return src.pick([True, False])
    return random_object(src)


def distinct_cards(src: Source, k: int, size: int = 52) -> list[int]:
    pool = list(range(size))
    out = []
    for _ in range(k):
        out.append(pool.pop(src.int(0, len(pool) - 1)))
    return out


# ---------------------------------------------------------------------------
# Text parsing


def fuzz_card_text(src: Source) -> None:
    text = mixed_text(src, _CARD_WORDS)
    ok, cards = attempt(pcards.parse_cards, text)
    if ok:
        assert all(type(c) is int and 0 <= c < 52 for c in cards)
        assert pcards.parse_cards(pcards.format_cards(cards)) == cards
    ok1, card = attempt(pcards.parse_card, text)
    if ok1:
        assert 0 <= card < 52
        assert ok and cards == [card]
    ok2, cs = attempt(CardSet, text)
    if ok2:
        assert ok and len(cs) == len(cards) == len(set(cards)) and set(cs) == set(cards)
    elif ok:
        assert len(set(cards)) != len(cards)  # only duplicates may refuse parsed text
    wild = src.bool()
    ok3, value = attempt(diablo.evaluate, text, wild=wild)
    if ok3:
        assert ok and len(cards) == 5 == len(set(cards))
        assert value.strength == diablo.strength(cards, wild=wild)
    elif ok and len(cards) == 5 == len(set(cards)):
        raise AssertionError(f"evaluate refused a valid hand {text!r}: {value!r}")
    ok4, mask = attempt(pcards.mask_of, text)
    assert ok4 == ok2 and (not ok4 or mask == cs.mask)


def fuzz_db_text(src: Source) -> None:
    text = mixed_text(src, _DB_WORDS, 4)
    ok, ranks = attempt(diamondback.parse_ranks, text)
    if ok:
        assert all(type(r) is int and 0 <= r <= 4 for r in ranks)
        assert all(ch.isascii() for ch in text if ch.isalpha()), f"read {text!r} as cards"
    ok2, ids = attempt(diamondback.parse_ids, text)
    if ok2:
        assert ok and [RANK_OF_ID[i] for i in ids] == ranks
        assert diamondback.parse_ids(" ".join(diamondback.format_id(i) for i in ids)) == ids
    ok3, cs = attempt(DbCardSet, text)
    if ok3:
        assert ok2 and set(cs) == set(ids) and len(cs) == len(ids)
    ok4, value = attempt(diamondback.evaluate, text)
    if ok4:
        assert ok and len(ranks) == 2
        assert value.strength == db_ref.strength(*ranks)
    elif ok and len(ranks) == 2 and ranks != [4, 4] and not any(c.isdigit() for c in text):
        raise AssertionError(f"evaluate refused {text!r}: {value!r}")


# ---------------------------------------------------------------------------
# Card sets


def fuzz_cardset(src: Source) -> None:
    cls = src.pick([CardSet, DbCardSet])
    size = cls.SIZE
    how = src.int(0, 4)
    if how == 0:
        items = [card_item(src, size) for _ in range(src.int(0, 8))]
        ok, s = attempt(cls, items)
        plain = [c for c in items if type(c) is int]
        if ok:
            assert len(s) == len(items)
        if len(plain) == len(items):
            valid = all(0 <= c < size for c in plain) and len(set(plain)) == len(plain)
            assert ok == valid
            if ok:
                assert set(s) == set(plain)
    elif how == 1:
        m = src.pick([src.int(0, (1 << size) - 1), src.int(-5, 5), 1 << src.int(0, 70),
                      src.int(0, 2**64 + 5), random_object(src)])
        ok, s = attempt(cls.from_mask, m)
        if type(m) is int:
            assert ok == (0 <= m < (1 << size))
            if ok:
                assert s.mask == m and len(s) == bin(m).count("1")
    elif how == 2:
        ok, s = attempt(cls, random_object(src))
    elif how == 3:
        ok, s = attempt(cls.from_indices, [card_item(src, size) for _ in range(src.int(0, 6))])
    else:
        ok, s = attempt(cls, distinct_cards(src, src.int(0, size), size))
        assert ok
    if ok:
        check_cardset(s, src)


def check_cardset(s: Any, src: Source) -> None:
    cls = type(s)
    members = list(s)
    assert members == sorted(set(members)) and all(0 <= c < cls.SIZE for c in members)
    assert s.mask == sum(1 << c for c in members) and len(s) == len(members)
    other = cls.from_mask(src.int(0, (1 << cls.SIZE) - 1))
    a, b = set(s), set(other)
    assert set(s | other) == a | b and set(s & other) == a & b
    assert set(s - other) == a - b and set(s ^ other) == a ^ b
    assert (s <= other) == (a <= b) and s.isdisjoint(other) == a.isdisjoint(b)
    assert set(s.complement()) == set(range(cls.SIZE)) - a
    assert cls(s.to_str()) == s == cls.from_mask(s.mask) and hash(cls(members)) == hash(s)
    probe = card_item(src, cls.SIZE)
    ok, inside = attempt(lambda: probe in s)
    if ok and type(probe) is int:
        assert inside == (probe in a)


# ---------------------------------------------------------------------------
# Decks


def check_deck(deck: Any, dealt_model: set[int]) -> None:
    stock = deck.stock
    full = set(deck.cards)
    assert len(stock) == len(set(stock)) == len(deck), "a card twice in the stock"
    assert set(stock) <= full
    dealt = set(deck.dealt)
    assert dealt == full - set(stock), "stock and dealt do not partition the deck"
    assert dealt == dealt_model, "a card was lost or dealt twice"


def fuzz_deck(src: Source) -> None:
    kind = src.int(0, 3)
    deck = diablo.Deck(src.int(0, 2**64 - 1)) if kind == 0 else diamondback.Deck(
        kind + 1, src.int(0, 100))
    size = 52 if kind == 0 else diamondback.DECK_SIZES[kind + 1]
    out: set[int] = set()
    for _ in range(src.int(1, 25)):
        before = (deck.stock, set(deck.dealt))
        op = src.int(0, 9)
        if op == 0:
            k = src.pick([src.int(0, 6), src.int(-2, size + 2), random_object(src)])
            ok, got = attempt(deck.deal, k)
            if ok:
                assert len(got) == len(set(got)) and not (set(got) & out)
                out |= set(got)
        elif op == 1:
            ok, got = attempt(deck.deal_one)
            if ok:
                assert got not in out
                out.add(got)
        elif op == 2:
            k = src.pick([src.int(0, 6), src.int(-2, size + 2), random_object(src)])
            ok, got = attempt(deck.deal_set, k)
            if ok:
                assert not (set(got) & out)
                out |= set(got)
        elif op in (3, 4):
            pool = sorted(out)
            chosen: list[Any] = [c for c in pool if src.chance(1, 2)]
            if src.chance(1, 3):
                chosen.insert(src.int(0, len(chosen)), card_item(src, size))
            if src.chance(1, 6):
                chosen = src.pick([random_object(src), chosen * 2])
            if isinstance(chosen, Iterator):
                chosen = list(chosen)
            expected = _card_ints(chosen, deck.card_set_type)
            fn = deck.return_cards if op == 3 else deck.restock
            ok, _ = attempt(fn, chosen)
            if ok:
                ordered = expected is not None
                if expected is None:  # text or an odd iterable: trust the deck, check below
                    expected = sorted(out - set(deck.dealt))
                assert set(expected) <= out and len(set(expected)) == len(expected)
                out -= set(expected)
                if op == 3 and expected and ordered:
                    assert list(deck.stock[-len(expected):]) == expected
        elif op == 5:
            deck.collect(shuffle=src.bool())
            out = set()
            ok = True
        elif op == 6:
            deck.shuffle()
            ok = True
            assert sorted(deck.stock) == sorted(before[0])
        elif op == 7:
            state = deck.getstate()
            if src.chance(2, 3):
                garbage_deck_state(src, state, size)
            ok, _ = attempt(deck.setstate, state)
            if ok:
                out = set(deck.cards) - set(deck.stock)
        elif op == 8:
            copy = deck.copy()
            assert copy.stock == deck.stock and copy.getstate() == deck.getstate()
            ok = True
        else:
            ok, _ = attempt(deck.return_cards, mixed_text(src, _CARD_WORDS if kind == 0
                                                          else _DB_WORDS, 3))
            if ok:
                out = set(deck.cards) - set(deck.stock)
        if not ok:
            assert (deck.stock, set(deck.dealt)) == before, "a refused operation changed the deck"
        check_deck(deck, out)


def _card_ints(items: Any, cls: Any) -> list[int] | None:
    """The card ints of a list of card items, or None if it is not such a list."""
    if not isinstance(items, list):
        return None
    out = []
    for c in items:
        ok, m = attempt(cls._mask_of, [c])
        if not ok:
            return None
        out.append(m.bit_length() - 1)
    return out


def garbage_deck_state(src: Source, state: dict[str, Any], size: int) -> None:
    what = src.int(0, 7)
    if what == 0:
        state["version"] = src.pick([0, 2, None, "1", 1.0])
    elif what == 1:
        state["stock"] = [card_item(src, size) for _ in range(src.int(0, 6))]
    elif what == 2:
        state["stock"] = state["stock"] + state["stock"][:1]
    elif what == 3:
        state["stock"] = random_object(src)
    elif what == 4:
        state["rng"] = random_object(src)
    elif what == 5:
        state["rng"] = dict(state["rng"], s=[src.int(-1, 2**64) for _ in range(src.int(0, 5))])
    elif what == 6:
        state.pop(src.pick(["version", "stock", "rng"]))
    else:
        state["stock"] = list(reversed(state["stock"]))


def fuzz_generator_state(src: Source) -> None:
    gen = Generator(src.int(0, 2**64 - 1))
    gen.random_raw(src.int(0, 3))
    good = gen.getstate()
    state: Any = dict(good)
    what = src.int(0, 7)
    if what == 0:
        state = random_object(src)
    elif what == 1:
        state["s"] = [src.pick([src.int(-2, 2**64 + 2), 0, 2**64 - 1, True, 1.0, "1"])
                      for _ in range(src.int(0, 5))]
    elif what == 2:
        state["spare"] = src.pick([src.int(-1, 2**33), None, True, 1.5])
    elif what == 3:
        state["algorithm"] = src.pick(["xoshiro256**", "pcg64", None, 1])
    elif what == 4:
        state["version"] = src.pick([1, 2, 0, None, True])
    elif what == 5:
        state.pop(src.pick(list(state)))
    elif what == 6:
        state["s"] = [0, 0, 0, 0]
    ref = gen.copy()
    ok, _ = attempt(gen.setstate, state)
    if ok:
        assert gen.getstate()["s"] == list(state["s"])
        assert gen.random_raw(3) == _replay(state, 3)
    else:
        assert gen.getstate() == ref.getstate(), "a refused setstate changed the generator"
        assert gen.random_raw(3) == ref.random_raw(3)
    n = src.pick([src.int(1, 2**32), 0, -1, 2**32 + 1, 1.0, True])
    ok, v = attempt(gen.integers, n)
    if ok:
        assert 0 <= v < n


def _replay(state: dict[str, Any], k: int) -> list[int]:
    g = Generator(0)
    g.setstate(state)
    return g.random_raw(k)


# ---------------------------------------------------------------------------
# Batch dealing


def fuzz_deal_batch(src: Source) -> None:
    n = src.pick([src.int(0, 50)] * 4 + [src.int(-2, 3), random_object(src)])
    k = src.pick([src.int(0, 6)] * 4 + [src.int(-1, 60), random_object(src)])
    deck_kind = src.pick([0, 0, 0, 1, 1, 2, 3, 4, 5, 6])
    deck: Any
    if deck_kind == 0:
        deck = None
        allowed = set(range(52))
    elif deck_kind == 1:
        deck = CardSet(distinct_cards(src, src.int(0, 52)))
        allowed = set(deck)
    elif deck_kind == 2:
        deck = DbCardSet.from_mask(diamondback.deck_mask(src.int(2, 4)))
        allowed = set(deck)
    elif deck_kind == 3:
        deck = src.pick([src.int(0, 2**52 - 1), src.int(-1, 2**64)])
        allowed = {i for i in range(64) if deck >= 0 and deck >> i & 1}
    elif deck_kind == 4:
        deck = mixed_text(src, _CARD_WORDS, 10)
        allowed = set(range(52))
    else:
        deck = random_object(src)
        allowed = set(range(64))
    seed = src.pick([src.int(0, 2**64 - 1)] * 3 + [Generator(src.int(0, 9))] * 2 + [
        -1, 2**64, 1.5, None])
    out_kind = src.int(0, 5)
    out = None
    if out_kind == 1 and type(n) is int and type(k) is int and 0 <= n < 100 and 0 <= k < 100:
        out = np.zeros((n, k), np.uint8)
    elif out_kind == 2:
        out = src.pick([np.zeros((3, 5), np.uint16), np.zeros((2, 5), np.uint8)[:, ::2],
                        bytes(10), np.zeros(10, np.uint8), [0] * 10, random_object(src)])
    seed2 = seed.copy() if isinstance(seed, Generator) else seed
    ok, got = attempt(pcards.deal_batch, n, k, deck=deck, seed=seed, out=out)
    if not ok:
        return
    a = np.asarray(got)
    assert a.shape == (n, k) and a.dtype == np.uint8
    for row in a.tolist():
        assert len(set(row)) == len(row) and set(row) <= allowed
    if out is not None:
        assert got is out
    if seed is not None and deck_kind < 5:
        again = pcards.deal_batch(n, k, deck=deck, seed=seed2)
        assert np.array_equal(np.asarray(again), a), "same seed, different deal"


# ---------------------------------------------------------------------------
# Buffers for the batch evaluators

_DTYPES = [np.uint8, np.int8, np.uint16, np.int64, np.uint64, np.float64, np.bool_, object,
           np.dtype(">u8"), np.uint32]


def _values(src: Source, shape: tuple[int, ...], width: int, size: int,
            masks: bool) -> np.ndarray:
    """Mostly valid hands (rows of distinct cards or 5-card masks), some garbage."""
    n = int(np.prod(shape[:-1])) if len(shape) > 1 else (shape[0] if shape else 1)
    mode = src.int(0, 7)  # 0-4: all rows valid, 5-6: one bad row, 7: anything
    bad_row = src.int(0, max(n - 1, 0)) if mode in (5, 6) else -1
    rows = []
    for i in range(n):
        if i == bad_row or (mode == 7 and src.bool()):
            # garbage, often repeated cards from a few values (e.g. five aces)
            few = [src.int(0, 255), src.int(0, size - 1), size - 1, size - 2, max(size - 4, 0)]
            hand = [src.pick(few if src.bool() else few[:2]) for _ in range(width)]
        else:
            hand = distinct_cards(src, min(width, size), size)
        rows.append(hand)
    if masks:
        vals = []
        for hand in rows:
            m = 0
            for c in hand:
                m |= 1 << (c % 64)
            if mode == 7 and src.bool():
                m = src.pick([src.int(0, 2**64 - 1), 0xF << 48, 0x7 << 49, src.int(0, 2**52 - 1)])
            vals.append(m)
        return np.array(vals, dtype=np.uint64).reshape(shape)
    flat = [x for hand in rows for x in hand]
    need = int(np.prod(shape)) if shape else 1
    flat = (flat + [0] * need)[:need]
    return np.array(flat, dtype=np.int64).reshape(shape)


def random_buffer(src: Source, width: int, size: int) -> tuple[Any, bool]:
    """An input of random container, dtype, shape and layout; and whether it is canonical
    (a valid layout the evaluator must accept)."""
    n = src.pick([0, 1, 2, 3, 7, 8, 9, 16, 17, 33])
    sane = src.bool()  # half the inputs have a valid layout; the rest anything
    shape = (n, width) if sane else src.pick([
        (n, width), (n,), (n, width + 1), (n, 1), (2, n, width), (), (n * width,)])
    if sane and width == 5 and src.chance(1, 3):
        shape = (n,)
    masks = shape == (n,) and width == 5 and (sane or src.chance(3, 4))
    dtype = np.uint64 if masks else np.uint8 if sane else src.pick([np.uint8] * 3 + _DTYPES)
    vals = _values(src, shape, width, size, masks)
    try:
        a = vals.astype(dtype)
    except (OverflowError, ValueError):
        a = vals.astype(np.uint8)
    canonical = a.dtype in (np.uint8, np.uint64) and a.ndim == (1 if masks else 2) and (
        masks or a.shape[1] == width) and a.dtype == (np.uint64 if masks else np.uint8)
    layout = 0 if sane and src.chance(3, 4) else src.int(0, 9)
    if layout == 1 and a.ndim >= 1 and a.shape[0] > 1:
        a = a[::2]
        canonical = canonical and a.shape[0] <= 1
    elif layout == 2 and a.ndim >= 1:
        a = a[::-1]
        canonical = canonical and a.shape[0] <= 1
    elif layout == 3:
        a = a.T
        canonical = canonical and a.ndim == 1
    elif layout == 4:
        a = np.asfortranarray(a)
        canonical = canonical and (a.ndim < 2 or a.shape[0] <= 1 or a.shape[1] <= 1)
    elif layout == 5 and a.ndim == 2 and a.shape[1] > 1:
        a = a[:, ::-1]
        canonical = False
    if src.chance(1, 4):
        a.flags.writeable = False
    container = src.pick([0, 7, 11]) if sane else src.int(0, 11)
    if container == 8:
        return (a.tobytes() if a.dtype != object else b""), False
    if container == 9:
        return bytearray(a.tobytes() if a.dtype != object else b""), False
    if container == 10:
        return a.tolist(), False
    if container == 11 and a.dtype in (np.uint8, np.uint64) and a.flags.c_contiguous:
        code = "B" if a.dtype == np.uint8 else "Q"
        arr = array.array(code, a.ravel().tolist())
        if src.bool() and a.ndim > 1 and a.size:
            return memoryview(arr).cast("B").cast(code, a.shape), canonical
        return arr, canonical and a.ndim == 1
    if container == 7 and a.dtype != object:
        return memoryview(a), canonical
    return a, canonical


def rows_of(obj: Any) -> np.ndarray | None:
    """The logical values of a buffer input (None if it is not a buffer)."""
    if isinstance(obj, list | tuple):  # the Diamondback batch copies lists of pairs
        try:
            a = np.array(obj)
        except ValueError:
            return None
        if a.size == 0:
            return np.zeros((0, 2), np.int64)
        return a.astype(np.int64) if a.dtype.kind in "iub" else None
    try:
        return np.array(memoryview(obj))
    except (TypeError, ValueError, NotImplementedError):
        return None


def random_out(src: Source, cards: Any, n_rows: int, dtype: Any) -> tuple[Any, str]:
    kind = src.int(0, 9)
    if kind <= 3:
        return None, "none"
    if kind == 4:
        return np.full(n_rows, 7, dtype), "good"
    if kind == 5:
        return src.pick([np.zeros(n_rows, np.uint32), np.zeros(n_rows + 1, dtype),
                         np.zeros((n_rows, 1), dtype), bytes(2 * n_rows + 2), [0] * n_rows,
                         np.zeros(2 * n_rows + 2, dtype)[::2]]), "bad"
    if kind == 6:
        o = np.zeros(n_rows, dtype)
        o.flags.writeable = False
        return o, "bad"
    if kind == 7:
        return array.array("H" if dtype == np.uint16 else "B", bytes(
            n_rows * np.dtype(dtype).itemsize)), "good"
    # aliasing: a view of the input's own memory
    if (isinstance(cards, np.ndarray) and cards.flags.c_contiguous and cards.flags.writeable
            and cards.dtype != object):
        raw = cards.reshape(-1).view(np.uint8)
        need = n_rows * np.dtype(dtype).itemsize
        if raw.size >= need:
            off = src.int(0, raw.size - need)
            return raw[off: off + need].view(dtype), "alias"
    return None, "none"


def fuzz_diablo_batch(src: Source) -> None:
    cards, canonical = random_buffer(src, 5, 52)
    logical = rows_of(cards)
    wild = src.bool()
    checked = src.chance(2, 3)
    threads = src.pick([1, 1, 1, 1, 2, 3, None, None, 0, -1, 1.5, True])
    n_rows = logical.shape[0] if logical is not None and logical.ndim >= 1 else 0
    out, out_kind = random_out(src, cards, n_rows, np.uint16)
    logical = None if logical is None else logical.copy()  # before any aliased write
    fn = diablo.evaluate_batch if checked else diablo.evaluate_batch_unchecked
    ok, got = attempt(fn, cards, wild=wild, out=out, threads=threads)
    good_threads = threads is None or (type(threads) is int and threads >= 1)
    if canonical and out_kind in ("none", "good", "alias") and good_threads and not ok:
        assert checked and isinstance(got, ArrayError) and "row " in str(got), got
    if not ok and not (isinstance(got, ArrayError) and str(got).startswith("row ")):
        return
    assert logical is not None
    if _mask_rows(cards, logical):
        hands = [(m, m < 2**52 and bin(m).count("1") == 5) for m in logical.tolist()]
        strength_of = _strength_of_mask
    else:  # card rows: (n, 5), or flat (5n values)
        rows = logical.reshape(-1, 5).tolist() if logical.size else []
        hands = [(row, len(set(row)) == 5 and max(row) < 52) for row in rows]
        strength_of = _strength_of_cards
    if not ok:
        bad = int(str(got).split()[1].rstrip(":"))
        assert not hands[bad][1] and all(v for _, v in hands[:bad]), (str(got), hands)
        return
    res = np.asarray(got).tolist()
    assert len(res) == len(hands)
    if out is not None:
        assert got is out
    limit = diablo.strength_count(wild=wild)
    for (hand, valid), s in zip(hands, res, strict=True):
        if valid:
            assert s == strength_of(hand, wild), (hand, s)
        else:
            assert not checked, f"checked batch accepted bad row {hand}"
            assert 0 <= s <= limit


def _mask_rows(cards: Any, logical: np.ndarray) -> bool:
    """Whether a batch input holds masks: a uint64 buffer, or a list of ints (not rows)."""
    if isinstance(cards, list | tuple):
        return logical.ndim == 1 and logical.size > 0
    return logical.dtype == np.uint64


def _strength_of_cards(row: list[int], wild: bool) -> int:
    return diablo.strength(row, wild=wild)


def _strength_of_mask(m: int, wild: bool) -> int:
    return diablo.strength(m, wild=wild)


def fuzz_diamondback_batch(src: Source) -> None:
    ids = src.bool()
    cards, canonical = random_buffer(src, 2, 43 if ids else 5)
    logical = rows_of(cards)
    checked = src.chance(2, 3)
    n_rows = 0
    if logical is not None and logical.ndim >= 1:
        n_rows = logical.shape[0] if logical.ndim == 2 else logical.size // 2
    out, out_kind = random_out(src, cards, n_rows, np.uint8)
    logical = None if logical is None else logical.copy()
    fn = diamondback.evaluate_batch if checked else diamondback.evaluate_batch_unchecked
    ok, got = attempt(fn, cards, out=out, ids=ids)
    if canonical and out_kind in ("none", "good", "alias") and not ok:
        assert checked and isinstance(got, ArrayError) and str(got).startswith("row "), got
    if not ok and not (isinstance(got, ArrayError) and str(got).startswith("row ")):
        return
    assert logical is not None
    expect = []
    if _mask_rows(cards, logical):  # (ids only: rank rows refuse masks before any row)
        for m in logical.tolist():
            valid = m < 2**43 and bin(m).count("1") == 2
            a, b = (i for i in range(43) if m >> i & 1) if valid else (0, 0)
            expect.append((valid, DB_STRENGTH[RANK_OF_ID[a]][RANK_OF_ID[b]] if valid else 0x80))
    else:
        pairs = logical.reshape(-1, 2).tolist() if logical.size else []
        for a, b in pairs:
            if ids:
                valid = a < 43 and b < 43 and a != b
                s = DB_STRENGTH[RANK_OF_ID[a]][RANK_OF_ID[b]] if valid else 0x80
            else:
                valid = a < 5 and b < 5 and not a == b == 4
                s = DB_STRENGTH[a][b] if valid else 0x80
            expect.append((valid, s))
    if not ok:
        bad = int(str(got).split()[1].rstrip(":"))
        assert not expect[bad][0] and all(v for v, _ in expect[:bad]), (str(got), pairs)
        return
    res = np.asarray(got).tolist()
    assert len(res) == len(expect)
    for (valid, s), r in zip(expect, res, strict=True):
        assert r == s, (valid, s, r)
        assert valid or not checked


# ---------------------------------------------------------------------------
# Scalar evaluators


def diablo_hand(src: Source) -> tuple[Any, list[int] | None]:
    """A hand in one of the accepted forms (or not), and its cards when valid."""
    cards = distinct_cards(src, 5)
    form = src.int(0, 11)
    if form == 0:
        return cards, cards
    if form == 1:
        return tuple(cards), cards
    if form == 2:
        return pcards.format_cards(cards, sep=src.pick(["", " ", ","])), cards
    if form == 3:
        return CardSet(cards), cards
    if form == 4:
        return sum(1 << c for c in cards), cards
    if form == 5:
        return np.array(cards, dtype=src.pick([np.uint8, np.int64, np.uint16])), cards
    if form == 6:
        return [np.uint8(c) for c in cards], cards
    if form == 7:
        return [pcards.format_card(c) for c in cards], cards
    if form == 8:
        bad = list(cards)
        bad[src.int(0, 4)] = card_item(src)
        return bad, None
    if form == 9:
        return [card_item(src) for _ in range(src.int(0, 7))], None
    if form == 10:
        return random_object(src), None
    return src.pick([cards[:4], [*cards, 0], cards[:4] + cards[:1], np.array(cards, float),
                     np.array([cards]), DbCardSet([0, 1, 2, 3, 4]), np.uint64(31),
                     sum(1 << c for c in cards) | (1 << 60)]), None


def fuzz_diablo_scalar(src: Source) -> None:
    hand, cards = diablo_hand(src)
    wild = src.bool()
    ok, value = attempt(diablo.evaluate, hand, wild=wild)
    ok2, s = attempt(diablo.strength, hand, wild=wild)
    assert ok == ok2
    if cards is not None:
        assert ok, f"valid hand refused: {hand!r}: {value!r}"
    if not ok:
        return
    assert value.strength == s and 1 <= s <= diablo.strength_count(wild=wild)
    mask = diablo.evaluate(list(CardSet.from_mask(_hand_mask(hand))), wild=wild)
    assert mask.strength == s
    assert diablo.describe(s, wild=wild) == value.description
    assert diablo.category_of(s, wild=wild) == value.category
    if src.chance(1, 4):  # the batch path on the same hand
        row = np.array([sorted(CardSet.from_mask(_hand_mask(hand)))], np.uint8)
        assert int(diablo.evaluate_batch(row, wild=wild)[0]) == s
    bad = src.pick([0, -1, 10**6, 1.5, None, "3", True, np.int64(5)])
    ok3, _ = attempt(diablo.describe, bad, wild=wild)
    assert ok3 == (bad is not True and isinstance(bad, int | np.integer)
                   and 1 <= bad <= diablo.strength_count(wild=wild))


def _hand_mask(hand: Any) -> int:
    from pedron._kernels import diablo_eval

    return diablo_eval.hand_mask_checked(hand)


def fuzz_diamondback_scalar(src: Source) -> None:
    ids = src.bool()
    form = src.int(0, 6)
    size = 43 if ids else 5
    a, b = src.int(0, size - 1), src.int(0, size - 1)
    ranks = (RANK_OF_ID[a], RANK_OF_ID[b]) if ids else (a, b)
    valid = ranks != (4, 4) and not (ids and a == b)
    hand: Any
    if form == 0:
        hand = [a, b]
    elif form == 1:
        hand = (np.uint8(a), np.int64(b))
    elif form == 2:
        hand = (diamondback.format_id(a) + " " + diamondback.format_id(b)) if ids else (
            diamondback.RANK_NAMES[a] + src.pick(["-", " ", ""]) + diamondback.RANK_CODES[b])
    elif form == 3 and ids and a != b:
        hand = DbCardSet([a, b])
    elif form == 4:
        hand = [card_item(src, size) for _ in range(src.int(0, 3))]
        valid = None
    else:
        hand = random_object(src)
        valid = None
    ok, value = attempt(diamondback.evaluate, hand, ids=ids and form != 2)
    if valid is True:
        assert ok, f"valid Diamondback hand refused: {hand!r}: {value!r}"
    if valid is False:
        assert not ok
    if ok and valid:
        assert value.strength == db_ref.strength(*ranks)
        assert diamondback.hand_by_strength(value.strength) is value


# ---------------------------------------------------------------------------
# Draw advisor and odds


def fuzz_draw(src: Source) -> None:
    hand, cards = diablo_hand(src) if src.chance(1, 3) else (lambda c: (c, c))(
        distinct_cards(src, 5))
    dead: Any
    dk = src.int(0, 6)
    if dk == 0:
        dead = ()
    elif dk <= 3:
        dead = distinct_cards(src, src.int(0, 12 if dk < 3 else 47))
        if cards is not None and src.chance(3, 4):
            dead = [c for c in dead if c not in cards]
    elif dk == 4:
        dead = CardSet(distinct_cards(src, src.int(0, 6)))
    elif dk == 5:
        dead = src.pick([src.int(0, 2**52 - 1), src.int(-1, 2**64)])
    else:
        dead = random_object(src)
    if isinstance(dead, Iterator):
        dead = list(dead)
    max_draw = src.pick([0, 1, 2, 2, 2, 3, 3, 3, 4, 4, -1, 6, 2.0, True, None])
    wild = src.bool()
    fn = diablo.best_draw if src.bool() else diablo.draw_odds
    ok, odds = attempt(fn, hand, max_draw, wild=wild, dead=dead)
    if not ok:
        return
    assert cards is not None or diablo.strength(hand) > 0
    assert isinstance(max_draw, int) and not isinstance(max_draw, bool) and 0 <= max_draw <= 4
    hand_set = set(CardSet.from_mask(_hand_mask(hand)))
    dead_mask = dead if isinstance(dead, int) else pcards.mask_of(dead)
    dead_set = {i for i in range(52) if dead_mask >> i & 1}
    assert not (hand_set & dead_set)
    unseen = 52 - 5 - len(dead_set)
    seen_subsets = set()
    best = None
    for opt in odds:
        d = len(opt.discard)
        assert d <= max_draw and d <= unseen and set(opt.keep) | set(opt.discard) == hand_set
        assert opt.outcomes == math.comb(unseen, d)
        assert sum(n for _, n in opt.counts) == opt.outcomes
        assert opt.outcomes <= opt.total_strength <= opt.outcomes * diablo.strength_count(
            wild=wild)
        seen_subsets.add(frozenset(opt.discard))
        key = opt.total_strength / opt.outcomes
        assert best is None or key <= best + 1e-9
        best = key
    assert frozenset() in seen_subsets
    # An int max_draw is any exchange of up to that many cards (as Rules(max_draw=...)).
    legal = sum(1 for d in range(min(max_draw, unseen) + 1) for _ in combinations(range(5), d))
    assert len(seen_subsets) == len(odds) == legal


def fuzz_odds(src: Source) -> None:
    players = src.pick([2, 3, 4, 2, 3, 4, 1, 5, None, "3", True])
    ids = src.chance(1, 3)
    p = players if players in (2, 3, 4) and type(players) is int else 4
    deck = diamondback.Deck(p, src.int(0, 1000))
    hand_ids = deck.deal(2)
    k = src.int(1, p - 1) if src.chance(9, 10) else src.int(0, 5)
    revealed: list[Any] = []
    for _ in range(k):
        if src.bool() or len(deck) == 0:
            revealed.append(None)
        else:
            revealed.append(deck.deal_one())
    dead = list(deck.deal(src.int(0, min(3, len(deck)))))
    if not ids:
        hand: Any = [RANK_OF_ID[c] for c in hand_ids]
        rev: Any = [None if c is None else RANK_OF_ID[c] for c in revealed]
        dead = [RANK_OF_ID[c] for c in dead]
    else:
        hand, rev = list(hand_ids), list(revealed)
    valid = RANK_OF_ID[hand_ids[0]] + RANK_OF_ID[hand_ids[1]] != 8 and players in (2, 3, 4) and (
        type(players) is int) and 1 <= k <= p - 1
    hidden = sum(2 if r is None else 1 for r in revealed)
    if valid and diamondback.DECK_SIZES[p] - 2 - len([r for r in revealed if r is not None]) - len(
            dead) < hidden:
        valid = False
    mutate = src.int(0, 9)
    if mutate == 0:
        hand = random_object(src)
        valid = None
    elif mutate == 1 and rev:
        rev[src.int(0, len(rev) - 1)] = card_item(src, 43 if ids else 5)
        valid = None
    elif mutate == 2:
        dead = dead + [card_item(src, 43 if ids else 5) for _ in range(src.int(1, 4))]
        valid = None
    elif mutate == 3:
        rev = random_object(src)
        valid = None
    elif mutate == 4:
        dead = dead + list(hand)  # a card counted twice
        valid = None if not ids else False
    if players is None:
        valid = None  # the table size then follows len(revealed): not modelled here
    ok, res = attempt(diamondback.odds, hand, rev, dead, players, ids=ids)
    if valid is True:
        assert ok, (hand, rev, dead, players, ids, res)
    if valid is False:
        assert not ok, (hand, rev, dead, players, ids)
    if not ok:
        return
    assert res.win + res.share + res.carry + res.lose == 1
    assert min(res.win, res.share, res.carry, res.lose) >= 0
    if valid and not ids and k <= 2:
        ref = db_ref.odds_by_ranks(hand, rev, dead, players)
        total = ref["total"]
        assert res.win == Fraction(ref["win"], total) and res.lose == Fraction(ref["lose"], total)
        assert res.carry == Fraction(ref["carry"], total)
        assert res.shares == tuple(Fraction(ref[f"share{w}"], total) for w in (2, 3, 4))


# ---------------------------------------------------------------------------

TARGETS: dict[str, Callable[[Source], None]] = {
    "card_text": fuzz_card_text,
    "db_text": fuzz_db_text,
    "cardset": fuzz_cardset,
    "deck": fuzz_deck,
    "generator_state": fuzz_generator_state,
    "deal_batch": fuzz_deal_batch,
    "diablo_batch": fuzz_diablo_batch,
    "diamondback_batch": fuzz_diamondback_batch,
    "diablo_scalar": fuzz_diablo_scalar,
    "diamondback_scalar": fuzz_diamondback_scalar,
    "draw": fuzz_draw,
    "odds": fuzz_odds,
}
