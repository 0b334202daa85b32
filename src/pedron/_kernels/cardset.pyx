# cython: freethreading_compatible = True
"""Standard cards as ints and bit-packed card sets, plus batch dealing.

A standard card is ``4 * rank + suit`` with ranks 0..12 for 2..A and suits
0..3 for clubs, diamonds, hearts, spades (2c = 0, As = 51). A set of cards is
a 64-bit mask in which bit ``i`` stands for card ``i``.
"""

import re

cimport cython
from cpython.exc cimport PyErr_CheckSignals
from cpython.pythread cimport PyThread_get_thread_ident
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.exact cimport int_arg
from pedron._kernels.rng cimport Generator, bounded_u32, lock_state, rng_state, unlock_state

from pedron._exact import check_iterable, exact_int, exact_str
from pedron.errors import (
    ArrayError,
    CardError,
    DeckError,
    DuplicateCardError,
    PedronTypeError,
    PedronValueError,
)
from pedron.text import shown

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
FULL_MASK = (1 << 52) - 1

_RANK_OF_CHAR = {c: i for i, c in enumerate(RANKS)}
_RANK_OF_CHAR.update({c.lower(): i for i, c in enumerate(RANKS)})
_RANK_OF_CHAR["10"] = 8
_SUIT_OF_CHAR = {c: i for i, c in enumerate(SUITS)}
_SUIT_OF_CHAR.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_OF_CHAR.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
_SUIT_OF_CHAR.update({c: i for i, c in enumerate("♧♢♡♤")})
_SEPARATORS = re.compile(r"[\s,;]+")
_CARD_TOKEN = re.compile(
    r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♧♢♡♤])"
)
_CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
_CARD_OF_NAME = {name: i for i, name in enumerate(_CARD_NAMES)}


def parse_card(text):
    """The card int for one card's text: ``"Ah"``, ``"10h"``, ``"th"``, ``"A♥"``..."""
    text = exact_str(text, "card text")  # a str subclass could lie to strip() or ==
    card = _CARD_OF_NAME.get(text)
    if card is not None:
        return card
    m = _CARD_TOKEN.fullmatch(text.strip())
    if m is None:
        raise CardError(f"not a card: {text!r}")
    return 4 * _RANK_OF_CHAR[m.group(1)] + _SUIT_OF_CHAR[m.group(2)]


def parse_cards(text):
    """Card ints, in order, from text such as ``"Ah Kd 2c"``, ``"AhKd2c"``, ``"10h,9s"``.

    Duplicates are kept; callers that need distinct cards check for them.
    """
    text = exact_str(text, "card text")  # a str subclass could lie to strip() or ==
    cards = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _CARD_TOKEN.match(chunk, pos)
            if m is None:
                bad = chunk[pos:pos + 3]
                raise CardError(f"not a card: {bad!r} in {text!r}")
            cards.append(4 * _RANK_OF_CHAR[m.group(1)] + _SUIT_OF_CHAR[m.group(2)])
            pos = m.end()
    return cards


def format_card(card):
    """Two-character text of a card int: ``51 -> "As"``."""
    return _CARD_NAMES[check_card(card)]


def format_cards(cards, sep=" "):
    """Text of a sequence of card ints, in the given order."""
    sep = exact_str(sep, "the separator")
    if isinstance(cards, (str, bytes)):
        raise PedronTypeError(f"format_cards takes card ints, not {type(cards).__name__}")
    try:
        check_iterable(cards, "cards")
        items = list(cards)
    except TypeError:
        raise PedronTypeError(
            f"format_cards takes an iterable of card ints, not {type(cards).__name__}"
        ) from None
    return sep.join([format_card(c) for c in items])


def check_card(card, size=52):
    """``card`` as an int after checking it names a card in ``0..size-1``
    (``size``: the deck's number of cards, 1..64)."""
    if type(size) is not int or not 1 <= size <= 64:
        size = int_arg(size, "size")
        if not 1 <= size <= 64:
            raise PedronValueError(f"size must be a number of cards 1..64, got {shown(size)}")
    c = card if type(card) is int else exact_int(card, "a card")
    if not 0 <= c < size:
        raise CardError(f"card number out of range 0..{size - 1}: {shown(c)}")
    return c


cdef CardSet make_set(type cls, uint64_t mask):
    cdef CardSet s = <CardSet>cls.__new__(cls)
    s.mask = mask
    return s


@cython.final
cdef class _Iter:
    cdef uint64_t rest

    def __iter__(self):
        return self

    def __next__(self):
        cdef int i
        if self.rest == 0:
            raise StopIteration
        i = ctz64(self.rest)
        self.rest &= self.rest - 1
        return i


# (its signature is written in clinic form below, so that inspect reads it)
@cython.embedsignature(False)
cdef class CardSet:
    """CardSet(cards=())
--

An immutable, hashable set of standard cards, held as a 64-bit mask.

    Build one from text (``CardSet("Ah Kd")``), from card ints
    (``CardSet([51, 45])``) or from a mask (``CardSet.from_mask(m)``). It
    supports ``|``, ``&``, ``-``, ``^``, ``in``, ``len``, iteration in
    ascending card order, comparisons as subsets, and conversions back to
    indices, text and masks. Duplicate cards in the input are an error.
    """

    SIZE = 52

    def __init__(self, cards=()):
        self.mask = type(self)._mask_of(cards)

    @classmethod
    def _parse_text(cls, text):
        return parse_cards(text)

    @classmethod
    def _format_card(cls, card):
        return _CARD_NAMES[card]

    @classmethod
    def _mask_of(cls, cards):
        """The mask of ``cards`` (text, CardSet or iterable of ints/text), checked."""
        cdef uint64_t mask = 0, bit
        cdef int size = cls.SIZE
        if isinstance(cards, CardSet):
            if type(cards) is not cls and not isinstance(cards, cls):
                raise PedronTypeError(
                    f"cannot build a {cls.__name__} from a {type(cards).__name__}"
                )
            return (<CardSet>cards).mask
        if isinstance(cards, str):
            cards = cls._parse_text(cards)
        elif isinstance(cards, (int, bytes)):
            raise PedronTypeError(
                f"{cls.__name__}() takes text or an iterable of cards, not "
                f"{type(cards).__name__}; use {cls.__name__}.from_mask() for a mask"
            )
        not_cards = PedronTypeError(
            f"{cls.__name__}() takes text or an iterable of cards, not {type(cards).__name__}"
        )
        try:
            cards = iter(cards)
        except TypeError:
            raise not_cards from None
        except NotImplementedError:  # (a memoryview of several dimensions)
            raise not_cards from None
        while True:
            try:
                card = next(cards)
            except StopIteration:
                break
            except NotImplementedError:  # (a memoryview of several dimensions)
                raise not_cards from None
            if isinstance(card, str):
                c = cls._parse_text(card)
                if len(c) != 1:
                    raise CardError(f"expected one card, got {card!r}")
                c = c[0]
            else:
                c = check_card(card, size)
            bit = (<uint64_t>1) << <int>c
            if mask & bit:
                raise DuplicateCardError(f"duplicate card: {cls._format_card(c)}")
            mask |= bit
        return mask

    @classmethod
    def from_mask(cls, mask):
        """The set whose bit ``i`` is set for each card ``i`` in it."""
        m = exact_int(mask, "a mask")
        if m < 0 or m >> cls.SIZE:
            raise CardError(f"mask has bits outside the {cls.SIZE} cards: {m:#x}")
        return make_set(cls, <uint64_t>m)

    @classmethod
    def from_indices(cls, indices):
        """The set of the given card ints (duplicates are an error)."""
        if isinstance(indices, (int, str, bytes, CardSet)):
            raise PedronTypeError(
                f"{cls.__name__}.from_indices takes an iterable of card ints, not "
                f"{type(indices).__name__}"
            )
        return cls(indices)

    @classmethod
    def full(cls):
        """Every card."""
        return make_set(cls, ((<uint64_t>1) << cls.SIZE) - 1 if cls.SIZE < 64 else ~(<uint64_t>0))

    def to_indices(self):
        """Card ints in ascending order, as a tuple."""
        return tuple(self)

    def to_str(self, sep=" "):
        """Text of the cards in ascending order."""
        cls = type(self)
        return exact_str(sep, "the separator").join([cls._format_card(c) for c in self])

    def __iter__(self):
        cdef _Iter it = _Iter.__new__(_Iter)
        it.rest = self.mask
        return it

    def __len__(self):
        return popcount64(self.mask)

    def __bool__(self):
        return self.mask != 0

    def __contains__(self, card):
        cdef int size = type(self).SIZE
        if isinstance(card, str):
            c = type(self)._parse_text(card)
            if len(c) != 1:
                return False
            c = c[0]
        elif type(card) is int:
            c = card
        else:
            try:
                c = exact_int(card, "a card")
            except PedronTypeError:  # not a card at all, so not in the set
                return False
        if not 0 <= c < size:
            return False
        return (self.mask >> <int>c) & 1 == 1

    cdef uint64_t _other(self, other) except? 0:
        if type(other) is type(self):
            return (<CardSet>other).mask
        raise PedronTypeError(
            f"cannot combine {type(self).__name__} with {type(other).__name__}"
        )

    def __or__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return make_set(type(self), self.mask | (<CardSet>other).mask)

    def __and__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return make_set(type(self), self.mask & (<CardSet>other).mask)

    def __sub__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return make_set(type(self), self.mask & ~(<CardSet>other).mask)

    def __xor__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return make_set(type(self), self.mask ^ (<CardSet>other).mask)

    def union(self, other):
        """Cards in either set; ``other`` may be text, card ints or a set."""
        return make_set(type(self), self.mask | type(self)._mask_of(other))

    def intersection(self, other):
        """Cards in both sets; ``other`` may be text, card ints or a set."""
        return make_set(type(self), self.mask & type(self)._mask_of(other))

    def difference(self, other):
        """Cards of this set not in ``other`` (text, card ints or a set)."""
        return make_set(type(self), self.mask & ~<uint64_t>type(self)._mask_of(other))

    def isdisjoint(self, other):
        """True when the two sets share no card."""
        return self.mask & self._other(other) == 0

    def issubset(self, other):
        """True when every card of this set is in ``other``."""
        return self.mask & ~self._other(other) == 0

    def issuperset(self, other):
        """True when every card of ``other`` is in this set."""
        return self._other(other) & ~self.mask == 0

    def complement(self):
        """Every card not in this set."""
        return make_set(type(self), (<CardSet>type(self).full()).mask & ~self.mask)

    def __richcmp__(self, other, int op):
        if type(other) is not type(self):
            if op == 2:
                return False
            if op == 3:
                return True
            return NotImplemented
        cdef uint64_t a = self.mask, b = (<CardSet>other).mask
        if op == 2:
            return a == b
        if op == 3:
            return a != b
        if op == 1:  # <=
            return a & ~b == 0
        if op == 0:  # <
            return a & ~b == 0 and a != b
        if op == 5:  # >=
            return b & ~a == 0
        return b & ~a == 0 and a != b

    def __hash__(self):
        return hash((type(self).__name__, self.mask))

    def __reduce__(self):
        return (type(self).from_mask, (int(self.mask),))

    def __str__(self):
        return self.to_str()

    def __repr__(self):
        return f"{type(self).__name__}({self.to_str()!r})"


def mask_of(cards):
    """The 64-bit mask of standard cards (text, ints or CardSet), duplicates refused."""
    return CardSet._mask_of(cards)


# ---------------------------------------------------------------------------
# Batch dealing


cdef enum:
    DEAL_PIECE_ROWS = 1 << 16  # rows of deal_batch_into dealt at a time (about 2 ms)


cdef void deal_rows(rng_state* st, uint8_t* pool, Py_ssize_t m,
                    uint8_t* out, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    # Stream v1: for each row, a partial Fisher-Yates over the pool, carried
    # from row to row: for i < k, j = i + bounded(m - i), swap, emit pool[i].
    cdef Py_ssize_t r, i, j
    cdef uint8_t t
    for r in range(n):
        for i in range(k):
            j = i + bounded_u32(st, <uint32_t>(m - i))
            t = pool[j]
            pool[j] = pool[i]
            pool[i] = t
            out[r * k + i] = t


def deal_batch_into(Generator gen not None, uint64_t deck_mask, uint8_t[:, ::1] out):
    """Fill ``out`` (n, k) with random k-card hands from the cards in ``deck_mask``.

    Each row holds k distinct cards; rows are independent. The GIL is released. The
    rows are dealt DEAL_PIECE_ROWS at a time under the generator's lock (held for the
    whole batch), each piece from a copy of its state written back with the GIL held
    (a child forked meanwhile by another thread sees a whole state); between pieces the
    signal handlers run, so a Ctrl-C stops the dealing within a piece (the generator
    then stands after the rows dealt).
    """
    cdef uint8_t pool[64]
    cdef Py_ssize_t m = 0, n = out.shape[0], k = out.shape[1], r = 0, end
    cdef uint64_t rest = deck_mask
    cdef rng_state* shared
    cdef rng_state st
    cdef uint8_t* rows
    while rest:
        pool[m] = <uint8_t>ctz64(rest)
        rest &= rest - 1
        m += 1
    if k > m:
        raise DeckError(f"cannot deal {k} distinct cards from a deck of {m}")
    if n == 0 or k == 0:
        return
    rows = &out[0, 0]
    shared = lock_state(gen)  # (held for the whole batch: one unbroken stretch of the stream)
    gen._dealer = PyThread_get_thread_ident()
    try:
        while r < n:
            end = min(n, r + DEAL_PIECE_ROWS)
            st = shared[0]
            with nogil:
                deal_rows(&st, pool, m, rows + r * k, end - r, k)
            shared[0] = st
            r = end
            if r < n:
                PyErr_CheckSignals()  # (a handler's exception raises here)
    finally:
        gen._dealer = 0
        unlock_state(gen)
