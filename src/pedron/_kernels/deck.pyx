"""A deck of up to 64 distinct cards: a shuffled stock dealt from the top.

The stock lives in a fixed C array (``buf[top:end]``, top card first), the
generator in the deck object; nothing is shared between decks.

Threads. A deck has no lock of its own: it relies on the GIL (this module
does not declare itself free-threading compatible, so importing it keeps the
GIL on a free-threaded CPython). Every method first turns its arguments into
plain C values (the caller's objects may run Python code, and another thread
may then run), and then checks them against the deck and changes the deck in
one step that runs no Python code and never gives up the GIL. A method that
shuffles takes the generator's lock *before* that step: waiting for it gives
up the GIL (a batch on the same generator can hold it for a long time), and
what another thread did meanwhile must be seen by the check.
"""

from libc.stdint cimport uint8_t, uint64_t
from cpython.long cimport PyLong_FromLong
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memmove

from pedron._kernels.bits cimport ctz64, popcount64
from pedron._kernels.cardset cimport CardSet, make_set
from pedron._kernels.exact cimport flag_arg, int_arg
from pedron._kernels.rng cimport (
    Generator, lock_state, rng_state, shuffle_u8, state_json, unlock_state,
)

from copy import deepcopy

from pedron._copying import deep_copy, fields_state, set_fields_state
from pedron._kernels.rng import as_generator
from pedron._exact import check_iterable, exact_int
from pedron.errors import DeckError, DuplicateCardError, PedronTypeError
from pedron.text import shown

STATE_VERSION = 1


cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object obj, int* overflow) except? -1


cdef long count_of(object k) except? -2:
    """A number of cards (a plain int) as a C long; -1 when it cannot be a
    count of cards (negative, or more than any deck holds)."""
    cdef int overflow = 0
    cdef long v = PyLong_AsLongAndOverflow(k, &overflow)
    if overflow or v < 0 or v > 64:
        return -1
    return v


cdef class Deck:
    """A deck: the cards it owns, the stock still to deal, its own generator.

    Subclasses fix the cards (``pedron.diablo.Deck``, ``pedron.diamondback.Deck``)
    and the :class:`CardSet` type used for reporting. A new deck is shuffled
    unless ``order`` gives the stock (top card first) or ``shuffle=False``.

    Threads: a deck may be shared. Each call is atomic (checked and done in one
    step, never half done), so no card is ever lost, dealt twice or twice in
    the stock, whatever the threads do; the generator it shuffles with is
    locked (:class:`~pedron.Generator`). Sharing gives up reproducibility
    (which thread gets which card) and the atomicity of a sequence of calls
    (``len(deck)``, then ``deal``, can fail with :class:`DeckError` if another
    thread dealt between): hold your own lock around such sequences, or give
    each thread its own deck.
    """

    cdef uint8_t buf[64]
    cdef int top
    cdef int end
    cdef readonly uint64_t full_mask
    cdef uint64_t stock_mask
    cdef readonly Generator rng

    card_set_type = CardSet

    # Thread safety (see the module docstring): a deck shared by threads
    # never loses a card or holds one twice, whatever the calls; what sharing
    # gives up is which thread gets which card, and the atomicity of a
    # sequence of calls ("len(deck), then deal") -- lock around those.

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
            check_iterable(order, "order")
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
        cdef Generator g = self.rng
        cdef rng_state* st = lock_state(g)  # (first: waiting may give up the GIL)
        shuffle_u8(st, &self.buf[self.top], self.end - self.top)
        unlock_state(g)

    def deal(self, k=1):
        """Deal ``k`` cards from the top of the stock, as a tuple in dealing order."""
        cdef uint8_t taken[64]
        cdef long n
        cdef int i
        k = int_arg(k, "the number of cards")  # the exact value, not the object
        n = count_of(k)
        # -- one step: checked against the stock and taken, no Python code --
        if n < 0 or n > self.end - self.top:
            raise DeckError(f"cannot deal {shown(k)} cards: {self.end - self.top} left in the stock")
        for i in range(n):
            taken[i] = self.buf[self.top + i]
            self.stock_mask ^= (<uint64_t>1) << taken[i]
        self.top += n
        # -- the result, from the cards taken (another thread may deal now) --
        out = PyTuple_New(n)
        for i in range(n):
            item = <object>PyLong_FromLong(taken[i])
            Py_INCREF(item)
            PyTuple_SET_ITEM(out, i, item)
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
        cdef long n
        cdef int i
        k = int_arg(k, "the number of cards")
        n = count_of(k)
        if n < 0 or n > self.end - self.top:
            raise DeckError(f"cannot deal {shown(k)} cards: {self.end - self.top} left in the stock")
        for i in range(n):
            m |= (<uint64_t>1) << self.buf[self.top + i]
        self.top += n
        self.stock_mask &= ~m
        return make_set(self.card_set_type, m)

    cdef uint64_t _misfits(self, uint64_t m) noexcept:
        # The cards of ``m`` that cannot go under the stock: not of this deck, or
        # already in the stock.
        return (m & ~self.full_mask) | (m & self.stock_mask)

    cdef object _refusal(self, uint64_t misfits):
        cdef int c = ctz64(misfits)
        if not (self.full_mask >> c) & 1:
            return DeckError(f"card {self._name(c)} does not belong to this deck")
        return DeckError(f"card {self._name(c)} is already in the stock")

    cdef void _put_under(self, const uint8_t* cards, int n) noexcept:
        # Cards checked with _fits, in this same step: the stock then holds at
        # most the deck's cards, so buf (64 cards) never overflows.
        cdef int i
        if self.end + n > 64:
            memmove(&self.buf[0], &self.buf[self.top], self.end - self.top)
            self.end -= self.top
            self.top = 0
        for i in range(n):
            self.buf[self.end + i] = cards[i]
            self.stock_mask |= (<uint64_t>1) << cards[i]
        self.end += n

    def return_cards(self, cards):
        """Put dealt ``cards`` back under the stock, in the order given."""
        cdef uint8_t order[64]
        cdef uint64_t m = 0, bit, bad
        cdef Py_ssize_t i, n
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
            check_iterable(cards, "cards")
            items = list(cards)
        except TypeError:
            raise PedronTypeError(
                f"return_cards takes text or an iterable of cards, not {type(cards).__name__}"
            ) from None
        # Every card becomes a plain C value before the stock is looked at: card
        # text or objects with their own __index__ run Python code (and another
        # thread may run then), and a failure (or a different second answer)
        # must never leave a card half returned.
        plain = [c if type(c) is int and 0 <= c < 64 else cls._mask_of([c]).bit_length() - 1
                 for c in items]
        n = len(plain)
        for i in range(n):
            bit = (<uint64_t>1) << <int>plain[i]
            if m & bit:
                raise DuplicateCardError("a card is returned twice")
            m |= bit
            order[i] = <uint8_t>plain[i]  # (distinct cards below 64: at most 64 of them)
        # -- one step: checked against the stock and put under it, no Python code --
        bad = self._misfits(m)
        if not bad:
            self._put_under(order, <int>n)
            return
        raise self._refusal(bad)

    def restock(self, cards):
        """Shuffle dealt ``cards`` and put them under the stock (e.g. discards)."""
        cdef uint64_t m = self.card_set_type._mask_of(cards), rest, bad
        cdef uint8_t tmp[64]
        cdef int n = 0
        cdef Generator g = self.rng
        cdef rng_state* st
        if m & ~self.full_mask:
            raise self._refusal(m & ~self.full_mask)
        # The generator's lock first: waiting for it gives up the GIL, and a
        # check made before could be stale by the time the cards are put back
        # (another thread returning the same cards: a card twice in the stock).
        st = lock_state(g)
        # -- one step: checked, shuffled and put under the stock, no Python code --
        bad = self._misfits(m)
        if not bad:
            rest = m
            while rest:
                tmp[n] = ctz64(rest)
                rest &= rest - 1
                n += 1
            shuffle_u8(st, tmp, n)
            self._put_under(tmp, n)
        unlock_state(g)
        if bad:
            raise self._refusal(bad)

    def collect(self, shuffle=True):
        """Gather every card back into the stock, then shuffle it (unless told not to).

        Unshuffled, the stock is in ascending card order.
        """
        cdef uint64_t rest = self.full_mask
        cdef int n = 0
        cdef bint shuffled = flag_arg(shuffle, "shuffle")
        cdef Generator g = self.rng
        cdef rng_state* st = NULL
        if shuffled:
            st = lock_state(g)  # (first: waiting may give up the GIL)
        while rest:
            self.buf[n] = <uint8_t>ctz64(rest)
            rest &= rest - 1
            n += 1
        self.top = 0
        self.end = n
        self.stock_mask = self.full_mask
        if shuffled:
            shuffle_u8(st, &self.buf[0], n)
            unlock_state(g)

    def __len__(self):
        return self.end - self.top

    @property
    def stock(self):
        """The stock, top card first (hidden information: never show it to players)."""
        cdef uint8_t cards[64]
        cdef int i, n = self.end - self.top
        for i in range(n):  # (copied in one step: building the tuple may run Python code)
            cards[i] = self.buf[self.top + i]
        return tuple([cards[i] for i in range(n)])

    @property
    def cards(self):
        """Every card this deck owns."""
        return make_set(self.card_set_type, self.full_mask)

    @property
    def dealt(self):
        """The cards of this deck that are out of the stock."""
        return make_set(self.card_set_type, self.full_mask & ~self.stock_mask)

    def getstate(self):
        """The stock order and generator state as plain data (hidden information),
        both taken at the same moment."""
        cdef uint8_t cards[64]
        cdef rng_state words
        cdef int i, n
        cdef Generator g = self.rng
        words = lock_state(g)[0]
        n = self.end - self.top
        for i in range(n):
            cards[i] = self.buf[self.top + i]
        unlock_state(g)
        return {"version": STATE_VERSION, "stock": [cards[i] for i in range(n)],
                "rng": state_json(&words)}

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
        """An independent deck in the same state (generator included).

        Dealing from one never changes the other. A subclass's own fields are
        copied as ``copy.deepcopy`` copies them (the deck itself or its generator
        named by a field is the copy's)."""
        cls = type(self)
        other = cls.__new__(cls)
        cdef Generator g = self.rng
        cdef Generator rng = Generator.__new__(Generator, 0)
        rng.seed = g.seed
        # the deck and its generator copied at the same moment
        rng.state = lock_state(g)[0]
        (<Deck>other).buf = self.buf
        (<Deck>other).top = self.top
        (<Deck>other).end = self.end
        (<Deck>other).full_mask = self.full_mask
        (<Deck>other).stock_mask = self.stock_mask
        unlock_state(g)
        (<Deck>other).rng = rng
        state = fields_state(self)
        if state is not None:
            set_fields_state(other, deepcopy(state, {id(self): other, id(g): rng}))
        return other

    __copy__ = deep_copy  # (a subclass's own fields copied too, as by deepcopy)

    def __reduce__(self):
        # Pickle and deepcopy: the deck's type (a subclass stays the subclass), its
        # cards, its stock and its generator as an object of its own (seed and state:
        # a generator the deck shares, with a table's shoe, stays shared in the copy),
        # and a subclass's own fields (its __dict__ and slots).
        return (_rebuild, (type(self), self.full_mask, self.stock, self.rng),
                fields_state(self))

    def __repr__(self):
        # No card order and no generator state here: a repr may reach players.
        return (
            f"<{type(self).__module__}.{type(self).__qualname__}: "
            f"{self.end - self.top} of {popcount64(self.full_mask)} cards in the stock>"
        )


def _rebuild(cls, full_mask, stock, rng):
    """A deck from :meth:`Deck.__reduce__` (its stock checked as a new deck's order)."""
    cdef Deck deck
    if not (isinstance(cls, type) and issubclass(cls, Deck)) or not isinstance(rng, Generator):
        raise DeckError("not a pickled deck")
    mask = exact_int(full_mask, "a deck's cards", DeckError)
    if not 0 < mask < (1 << 64):
        raise DeckError("not a pickled deck")
    deck = cls.__new__(cls)
    deck.full_mask = mask
    deck.rng = rng
    deck._fill(stock)
    return deck
