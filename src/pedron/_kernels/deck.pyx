"""A deck of up to 64 distinct cards: a shuffled stock dealt from the top.

The stock lives in a fixed C array (``buf[top:end]``, top card first), the
generator in the deck object; nothing is shared between decks.
"""

from libc.stdint cimport uint8_t, uint64_t
from cpython.long cimport PyLong_FromLong
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memmove

from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.cardset cimport CardSet, make_set
from pedron._kernels.exact cimport flag_arg
from pedron._kernels.rng cimport Generator, lock_state, shuffle_u8, unlock_state

from pedron._kernels.rng import as_generator
from pedron._exact import exact_int
from pedron.errors import DeckError, DuplicateCardError, PedronTypeError

STATE_VERSION = 1


cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object obj, int* overflow) except? -1


cdef int count_arg(object k, int left) except -1:
    """A number of cards to deal, checked against the ``left`` in the stock."""
    cdef int overflow = 0
    cdef long v
    if type(k) is int:  # the common case, without a Python-level call
        v = PyLong_AsLongAndOverflow(k, &overflow)
        if overflow or not 0 <= v <= left:
            raise DeckError(f"cannot deal {k} cards: {left} left in the stock")
        return <int>v
    n = exact_int(k, "the number of cards")  # check the exact value, not the object
    if not 0 <= n <= left:
        raise DeckError(f"cannot deal {n} cards: {left} left in the stock")
    return <int>n


cdef class Deck:
    """A deck: the cards it owns, the stock still to deal, its own generator.

    Subclasses fix the cards (``pedron.diablo.Deck``, ``pedron.diamondback.Deck``)
    and the :class:`CardSet` type used for reporting. A new deck is shuffled
    unless ``order`` gives the stock (top card first) or ``shuffle=False``.
    """

    cdef uint8_t buf[64]
    cdef int top
    cdef int end
    cdef readonly uint64_t full_mask
    cdef uint64_t stock_mask
    cdef readonly Generator rng

    card_set_type = CardSet

    def __cinit__(self, *args, **kwargs):
        # Never leave ``rng`` None, even for Deck.__new__() without __init__:
        # the C methods use its state directly.
        self.rng = Generator.__new__(Generator, 0)

    def __init__(self, cards, seed=None, *, order=None, shuffle=True):
        cdef uint64_t mask = self.card_set_type._mask_of(cards)
        cdef bint shuffled = flag_arg(shuffle, "shuffle")
        self.full_mask = mask
        self.rng = as_generator(seed)
        self._fill(list(CardSet.from_mask(mask)) if order is None else order)
        if order is None and shuffled:
            self.shuffle()

    cdef _fill(self, order):
        """Make ``order`` (cards of this deck, top first, each once) the stock."""
        cdef uint64_t seen = 0, bit
        cdef int i = 0
        try:
            order = list(order)
        except TypeError:
            raise PedronTypeError(
                f"a deck order is an iterable of card ints, not {type(order).__name__}"
            ) from None
        for c in order:
            if isinstance(c, bool) or not isinstance(c, int):
                raise PedronTypeError(f"a card must be an int, not {type(c).__name__}")
        # plain ints from here on: an int subclass could answer the checks below
        # one way and be stored another (a plain int is taken as it is: a method
        # call per card made a new table's decks the slow part of its set-up)
        order = [c if type(c) is int else int.__index__(c) for c in order]
        for c in order:
            if not 0 <= c < 64:
                raise DeckError(f"card {self._name(c)} does not belong to this deck")
            bit = (<uint64_t>1) << <int>c
            if not self.full_mask & bit:
                raise DeckError(f"card {self._name(c)} does not belong to this deck")
            if seen & bit:
                raise DuplicateCardError(f"card {self._name(c)} appears twice in the order")
            seen |= bit
        for c in order:
            self.buf[i] = c
            i += 1
        self.top = 0
        self.end = i
        self.stock_mask = seen

    def _name(self, card):
        try:
            return self.card_set_type._format_card(card)
        except Exception:
            return repr(card)

    def shuffle(self):
        """Shuffle the cards still in the stock."""
        shuffle_u8(lock_state(self.rng), &self.buf[self.top], self.end - self.top)
        unlock_state(self.rng)

    def deal(self, k=1):
        """Deal ``k`` cards from the top of the stock, as a tuple in dealing order."""
        cdef int i, n = count_arg(k, self.end - self.top)
        cdef uint8_t c
        out = PyTuple_New(n)
        for i in range(n):
            c = self.buf[self.top + i]
            self.stock_mask ^= (<uint64_t>1) << c
            item = <object>PyLong_FromLong(c)
            Py_INCREF(item)
            PyTuple_SET_ITEM(out, i, item)
        self.top += n
        return out

    def deal_one(self):
        """Deal the top card of the stock."""
        cdef uint8_t c
        if self.top == self.end:
            raise DeckError("cannot deal: the stock is empty")
        c = self.buf[self.top]
        self.top += 1
        self.stock_mask ^= (<uint64_t>1) << c
        return c

    def deal_set(self, k):
        """Deal ``k`` cards as a card set."""
        cdef uint64_t m = 0
        cdef int i, n = count_arg(k, self.end - self.top)
        for i in range(n):
            m |= (<uint64_t>1) << self.buf[self.top + i]
        self.top += n
        self.stock_mask &= ~m
        return make_set(self.card_set_type, m)

    cdef uint64_t _out_of_stock(self, cards) except? 0:
        # Every card must belong to the deck and be dealt (not in the stock).
        cdef uint64_t m = self.card_set_type._mask_of(cards)
        cdef uint64_t foreign = m & ~self.full_mask
        cdef uint64_t inside = m & self.stock_mask
        if foreign:
            raise DeckError(f"card {self._name(ctz64(foreign))} does not belong to this deck")
        if inside:
            raise DeckError(f"card {self._name(ctz64(inside))} is already in the stock")
        return m

    cdef _append(self, order):
        cdef int n = len(order), i
        if self.end + n > 64:
            memmove(&self.buf[0], &self.buf[self.top], self.end - self.top)
            self.end -= self.top
            self.top = 0
        for i in range(n):
            self.buf[self.end + i] = order[i]
            self.stock_mask |= (<uint64_t>1) << <int>order[i]
        self.end += n

    def return_cards(self, cards):
        """Put dealt ``cards`` back under the stock, in the order given."""
        cls = self.card_set_type
        if isinstance(cards, str):
            cards = cls._parse_text(cards)
        elif isinstance(cards, CardSet):
            cards = list(cards)
        elif isinstance(cards, (int, bytes)):
            raise PedronTypeError(
                f"return_cards takes text or an iterable of cards, not {type(cards).__name__}"
            )
        try:
            items = list(cards)
        except TypeError:
            raise PedronTypeError(
                f"return_cards takes text or an iterable of cards, not {type(cards).__name__}"
            ) from None
        # Every card becomes a plain int before the stock changes: card text
        # or objects with their own __index__ must not reach _append, where a
        # failure (or a different second answer) would leave a card half
        # returned, and where Python code could run between check and update.
        order = [c if type(c) is int and 0 <= c < 64 else cls._mask_of([c]).bit_length() - 1
                 for c in items]
        m = self._out_of_stock(order)
        if popcount64(m) != len(order):
            raise DuplicateCardError("a card is returned twice")
        self._append(order)

    def restock(self, cards):
        """Shuffle dealt ``cards`` and put them under the stock (e.g. discards)."""
        cdef uint64_t m = self._out_of_stock(cards)
        cdef uint8_t tmp[64]
        cdef int n = 0
        while m:
            tmp[n] = ctz64(m)
            m &= m - 1
            n += 1
        shuffle_u8(lock_state(self.rng), tmp, n)
        unlock_state(self.rng)
        self._append([tmp[i] for i in range(n)])

    def collect(self, shuffle=True):
        """Gather every card back into the stock, then shuffle it (unless told not to).

        Unshuffled, the stock is in ascending card order.
        """
        cdef uint64_t rest = self.full_mask
        cdef int n = 0
        cdef bint shuffled = flag_arg(shuffle, "shuffle")
        while rest:
            self.buf[n] = <uint8_t>ctz64(rest)
            rest &= rest - 1
            n += 1
        self.top = 0
        self.end = n
        self.stock_mask = self.full_mask
        if shuffled:
            shuffle_u8(lock_state(self.rng), &self.buf[0], n)
            unlock_state(self.rng)

    def __len__(self):
        return self.end - self.top

    @property
    def stock(self):
        """The stock, top card first (hidden information: never show it to players)."""
        return tuple(self.buf[i] for i in range(self.top, self.end))

    @property
    def cards(self):
        """Every card this deck owns."""
        return make_set(self.card_set_type, self.full_mask)

    @property
    def dealt(self):
        """The cards of this deck that are out of the stock."""
        return make_set(self.card_set_type, self.full_mask & ~self.stock_mask)

    def getstate(self):
        """The stock order and generator state as plain data (hidden information)."""
        return {"version": STATE_VERSION, "stock": list(self.stock), "rng": self.rng.getstate()}

    def setstate(self, state):
        """Restore :meth:`getstate` output, checking every card."""
        if not isinstance(state, dict):
            raise DeckError("unsupported deck state")
        version = state.get("version")
        if type(version) is not int or version != STATE_VERSION:  # (an array has no one truth)
            raise DeckError("unsupported deck state")
        stock = state.get("stock")
        if not isinstance(stock, list):
            raise DeckError("deck state has no stock list")
        rng = self.rng.copy()
        rng.setstate(state.get("rng"))
        self._fill(stock)
        self.rng = rng

    def copy(self):
        """An independent deck in the same state (generator included)."""
        cls = type(self)
        other = cls.__new__(cls)
        (<Deck>other).buf = self.buf
        (<Deck>other).top = self.top
        (<Deck>other).end = self.end
        (<Deck>other).full_mask = self.full_mask
        (<Deck>other).stock_mask = self.stock_mask
        (<Deck>other).rng = self.rng.copy()
        other.__dict__.update(getattr(self, "__dict__", {}))
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __repr__(self):
        # No card order and no generator state here: a repr may reach players.
        return (
            f"<{type(self).__module__}.{type(self).__qualname__}: "
            f"{self.end - self.top} of {popcount64(self.full_mask)} cards in the stock>"
        )
