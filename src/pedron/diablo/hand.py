"""Diablo hand values: five-card poker with the four 2s wild, or plain poker.

Ranking (the rules, "Diablo": docs/rules.md): five of a kind, straight flush, four of a kind,
full house, flush, straight, three of a kind, two pair, one pair, high card.
The ace also plays low in 5-4-3-2-A; suits never rank. A 2 stands for any card
the hand does not already hold, except that it may complete five of a kind;
so a wild in a flush becomes the highest card of that suit not held.

Every hand maps to a dense *strength*: an int, higher is better, equal exactly
when two hands tie. Wild (Diablo) and natural (plain poker) strengths are two
separate scales, each starting at 1; the natural scale has the well-known
7,462 classes, the wild one 5,162.
"""

from __future__ import annotations

import array
import functools
import os
import sys
import threading
from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from pedron._exact import exact_flag, exact_int
from pedron._kernels import diablo_eval as _k
from pedron.errors import ArrayError, PedronTypeError, PedronValueError

if TYPE_CHECKING:  # (numpy is optional: these names exist for type checkers only)
    import numpy as np
    import numpy.typing as npt

#: Where a batch writes its strengths, returned as given.
Out = TypeVar("Out")

__all__ = [
    "Category",
    "HandValue",
    "category_of",
    "describe",
    "evaluate",
    "evaluate_batch",
    "evaluate_batch_unchecked",
    "strength",
    "strength_count",
]


class Category(IntEnum):
    """Kinds of hand, ordered so that a higher value is a better hand."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10

    @property
    def label(self) -> str:
        """The category in words: ``"four of a kind"``."""
        return self.name.lower().replace("_", " ")


_RANK_CHARS = "23456789TJQKA"
_RANK_WORDS = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
_RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)


def _kickers(ranks: tuple[int, ...]) -> str:
    words = [_RANK_WORDS[r] for r in ranks]
    if len(words) == 1:
        return f"{words[0]} kicker"
    return "-".join(words) + " kickers"


def _describe(category: Category, ranks: tuple[int, ...]) -> str:
    r = ranks
    w, p = _RANK_WORDS, _RANK_PLURALS
    if category is Category.FIVE_OF_A_KIND:
        return f"five of a kind, {p[r[0]]}"
    if category is Category.STRAIGHT_FLUSH:
        if r[0] == 12:
            return "royal flush"
        return f"straight flush, {w[r[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {p[r[0]]}, {_kickers(r[4:])}"
    if category is Category.FULL_HOUSE:
        return f"full house, {p[r[0]]} over {p[r[3]]}"
    if category is Category.FLUSH:
        return f"flush, {'-'.join(w[x] for x in r)}"
    if category is Category.STRAIGHT:
        return f"straight, {w[r[0]]} high"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {p[r[0]]}, {_kickers(r[3:])}"
    if category is Category.TWO_PAIR:
        return f"two pair, {p[r[0]]} and {p[r[2]]}, {_kickers(r[4:])}"
    if category is Category.ONE_PAIR:
        return f"one pair, {p[r[0]]}, {_kickers(r[2:])}"
    return f"high card, {'-'.join(w[x] for x in r)}"


class HandValue:
    """The value of a five-card hand: immutable, hashable, totally ordered.

    Attributes:
        strength: dense int, higher is better; equal exactly when hands tie.
        category: the :class:`Category`.
        ranks: the five ranks (0..12 for 2..A) the hand plays as, wilds
            included as what they stand for, most important first (bigger
            groups, then higher ranks; a straight from its top card down, so
            the wheel is ``(3, 2, 1, 0, 12)``).
        wild: True on the Diablo (deuces wild) scale, False on the plain one.
        description: words such as ``"four of a kind, nines, king kicker"``.

    Values of the same mode compare by strength; values of different modes
    are never equal and refuse ordering. Equal strengths give the same
    (cached) object. Build one from a strength with :meth:`from_strength`.
    """

    __slots__ = ("category", "description", "ranks", "strength", "wild")

    strength: int
    category: Category
    ranks: tuple[int, ...]
    wild: bool
    description: str

    def __init__(self, strength: int, wild: bool = True) -> None:
        strength = _strength_arg(strength)  # keep the exact int, never the caller's object
        wild = exact_flag(wild, "wild")
        cat, ranks = _k.decode(strength, wild)
        category = Category(cat)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "category", category)
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "description", _describe(category, ranks))

    @classmethod
    def from_strength(cls, strength: int, *, wild: bool = True) -> HandValue:
        """The value of a strength, decoded by table lookup (no evaluation)."""
        return _VALUES.of_strength(_strength_arg(strength), wild)

    @property
    def rank_text(self) -> str:
        """The played ranks as text, most important first: ``"9999K"``."""
        return "".join(_RANK_CHARS[r] for r in self.ranks)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"HandValue is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandValue is immutable (cannot delete {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_value, (self.strength, self.wild))

    def __repr__(self) -> str:
        mode = "wild" if self.wild else "natural"
        return (
            f"HandValue({self.description!r}, strength={self.strength} ({mode}), "
            f"ranks={self.rank_text!r})"
        )

    def __str__(self) -> str:
        return self.description

    def __hash__(self) -> int:
        return hash((self.wild, self.strength))

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandValue:
            return NotImplemented
        return self.strength == other.strength and self.wild == other.wild

    def __ne__(self, other: object) -> bool:
        if type(other) is not HandValue:
            return NotImplemented
        return self.strength != other.strength or self.wild != other.wild

    def _key(self, other: object) -> int:
        if type(other) is not HandValue:
            return -1
        if other.wild != self.wild:
            raise PedronTypeError("cannot order a wild HandValue against a natural one")
        return other.strength

    def __lt__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k < 0 else self.strength < k

    def __le__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k < 0 else self.strength <= k

    def __gt__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k < 0 else self.strength > k

    def __ge__(self, other: object) -> bool:
        k = self._key(other)
        return NotImplemented if k < 0 else self.strength >= k


def _value(strength: int, wild: bool) -> HandValue:
    return _VALUES.of_strength(strength, wild)


def _value_cache() -> _k.ValueCache[HandValue]:
    """The module's value cache (pickling ``evaluate`` refers to it by this name)."""
    return _VALUES


# Every HandValue comes from this cache, one per strength and mode, made by
# HandValue(strength, wild) on first use: equal hands give the same object.
# The compiled ValueCache does the lookup in C (it is on the path of every
# evaluate call) but only knows the factory; the cache belongs to this module.
_VALUES = _k.ValueCache(HandValue, _value_cache)


def _strength_arg(strength: Any) -> int:
    return exact_int(strength, "a strength")


# The scalar entry points are compiled callables themselves (no Python
# wrapper), so a call costs one C-level dispatch.
evaluate = _VALUES.evaluate
strength = _k.strength


def strength_count(*, wild: bool = True) -> int:
    """How many distinct strengths a mode has: 5,162 wild, 7,462 natural."""
    return _k.strength_count(wild)


def describe(strength: int, *, wild: bool = True) -> str:
    """The description of a strength (``"full house, nines over kings"``)."""
    return HandValue.from_strength(strength, wild=wild).description


def category_of(strength: int, *, wild: bool = True) -> Category:
    """The :class:`Category` of a strength."""
    return HandValue.from_strength(strength, wild=wild).category


# ---------------------------------------------------------------------------
# Batch evaluation

# (The kernel's one-call path, _k.simple_batch, accepts the same formats: change both.)
_U64_FORMATS = ("Q", "L", "<Q", "<L", "=Q", "=L")


@functools.cache
def _u16() -> Any:
    # numpy's uint16 dtype, made once: numpy.empty(n, <a dtype>) costs a third of
    # numpy.empty(n, numpy.uint16), which converts the type on every call.
    return sys.modules["numpy"].dtype("uint16")


def _new_out(n: int, like_numpy: bool) -> Any:
    if like_numpy:
        return sys.modules["numpy"].empty(n, _u16())  # (numpy is imported: cards is an array)
    return array.array("H", bytes(2 * n))


def _is_numpy(obj: Any) -> bool:
    np = sys.modules.get("numpy")
    return np is not None and isinstance(obj, np.ndarray)


def _classify(cards: Any) -> tuple[str, int, memoryview]:
    try:
        view = memoryview(cards)
    except TypeError:
        raise PedronTypeError(
            "cards must be a buffer: an (n, 5) uint8 array of card ints or a length-n "
            f"uint64 array of masks, not {type(cards).__name__}"
        ) from None
    if not view.c_contiguous:
        raise ArrayError("cards must be C-contiguous")
    fmt = view.format
    shape = view.shape or ()
    if view.ndim == 2 and fmt == "B":
        if shape[1] != 5:
            raise ArrayError(f"a uint8 card array must have shape (n, 5), got {shape}")
        return "cards", shape[0], view
    if view.ndim == 1 and fmt in _U64_FORMATS and view.itemsize == 8:
        return "masks", shape[0], view
    raise ArrayError(
        "cards must be an (n, 5) uint8 array of card ints or a length-n uint64 array of "
        f"masks; got ndim={view.ndim}, format={fmt!r}, itemsize={view.itemsize}, "
        f"shape={view.shape}"
    )


def _check_out(out: Any, n: int) -> None:
    try:
        view = memoryview(out)
    except TypeError:
        raise PedronTypeError(f"out must be a uint16 buffer, not {type(out).__name__}") from None
    if (
        view.ndim != 1
        or view.format not in ("H", "<H", "=H")
        or (view.shape or (0,))[0] != n
        or view.readonly
        or not view.c_contiguous
    ):
        raise ArrayError(
            f"out must be a writable C-contiguous uint16 array of length {n}; got "
            f"format={view.format!r}, shape={view.shape}, readonly={view.readonly}"
        )


def _bad_row_error(kind: str, view: memoryview, row: int) -> ArrayError:
    if kind == "cards":
        values = list(view.cast("B")[5 * row : 5 * row + 5])
        bad = [v for v in values if v >= 52]
        if bad:
            return ArrayError(f"row {row}: card number out of range 0..51: {bad[0]} in {values}")
        seen: set[int] = set()
        for v in values:
            if v in seen:
                return ArrayError(f"row {row}: duplicate card {_k_format(v)} in {values}")
            seen.add(v)
        return ArrayError(f"row {row}: invalid hand {values}")
    mask = int(view[row])
    if mask >> 52:
        return ArrayError(f"row {row}: mask has bits outside the 52 cards: {mask:#x}")
    return ArrayError(f"row {row}: mask has {bin(mask).count('1')} cards, expected 5: {mask:#x}")


def _k_format(card: int) -> str:
    from pedron.cards import format_card

    return format_card(card)


def _threads_arg(threads: Any) -> int:
    if threads is None:
        return os.cpu_count() or 1
    t = exact_int(threads, "threads (an int or None)")
    if t < 1:
        raise PedronValueError(f"threads must be >= 1, got {t}")
    return t


_MIN_ROWS_PER_THREAD = 1 << 16


def _run(cards: Any, wild: bool, out: Any, threads: Any, check: bool) -> Any:
    """The batch call. The public functions (the kernel's ``BatchEntry``)
    make the usual call, one thread into a given ``out``, in C without coming
    here (the fixed cost of a call is most of the cost of a small batch);
    anything else comes here."""
    if wild is not True and wild is not False:
        wild = exact_flag(wild, "wild")  # an array's truth is not a mode
    if type(threads) is int and threads == 1:
        # The usual call, one thread on an ordinary buffer, is done by one kernel
        # call; anything else (or any doubt) takes the general path below, which
        # checks every argument and says what is wrong.
        target = out
        if out is None and _is_numpy(cards) and cards.ndim in (1, 2):
            target = _new_out(cards.shape[0], True)  # (a numpy array's rows are its own)
        if target is not None:
            bad = _k.batch_simple(cards, target, wild, check)
            if bad == -1:
                return target
            if bad >= 0:
                raise _bad_row_error(*_classify(cards)[::2], bad)
    kind, n, view = _classify(cards)
    nthreads = _threads_arg(threads)
    if out is None:
        out = _new_out(n, _is_numpy(cards))
    else:
        _check_out(out, n)
    if n == 0:
        return out
    src = cards if kind == "cards" and view.format == "B" else view
    if kind == "masks" and view.format != "Q":
        src = view.cast("B").cast("Q")
    if _k.buffers_overlap(view, out) or (kind == "masks" and _k.misaligned(view, 8)):
        # ``out`` shares memory with ``cards`` (the strengths written would
        # overwrite rows not read yet), or the masks are not 8-byte aligned:
        # evaluate a private copy.
        flat = memoryview(view.tobytes())
        src = flat.cast("B", (n, 5)) if kind == "cards" else flat.cast("Q")
        view = src
    # An unaligned ``out`` (a numpy view at an odd offset) is filled from an
    # aligned one: the kernels write whole uint16 values.
    target = _new_out(n, False) if _k.misaligned(out, 2) else out
    fn = _k.batch_cards if kind == "cards" else _k.batch_masks
    nthreads = max(1, min(nthreads, n // _MIN_ROWS_PER_THREAD))
    bad = _rows_in_threads(fn, (src, target, wild, check), n, nthreads)
    if bad >= 0:
        raise _bad_row_error(kind, view, bad)
    if target is not out:
        memoryview(out).cast("B")[:] = memoryview(target).cast("B")
    return out


def _rows_in_threads(fn: Callable[..., int], args: tuple[Any, ...], n: int, nthreads: int) -> int:
    """``fn(*args, start, stop)`` over rows ``0..n-1`` split across ``nthreads``
    threads (the kernels release the GIL), or ``fn(*args)`` for one: the first
    bad row any slice reports (the lowest index), or -1."""
    if nthreads == 1:
        return fn(*args)
    step = -(-n // nthreads)
    results = [-1] * nthreads

    def work(i: int) -> None:
        results[i] = fn(*args, i * step, min(n, (i + 1) * step))

    pool = [threading.Thread(target=work, args=(i,)) for i in range(1, nthreads)]
    for t in pool:
        t.start()
    work(0)
    for t in pool:
        t.join()
    bads = [r for r in results if r >= 0]
    return min(bads) if bads else -1


def _batch_entry() -> Any:
    return _BATCH


# The public batch functions are the kernel's: their usual call (one thread into
# a given ``out``) never enters Python, anything else comes to _run. Their
# docstrings are the kernel's; the overloads below are their types.
_BATCH = _k.BatchEntry(_run, _batch_entry)

if TYPE_CHECKING:
    class _BatchFunction(Protocol):
        """The types of :func:`evaluate_batch` and :func:`evaluate_batch_unchecked`."""

        @overload
        def __call__(
            self, cards: npt.NDArray[Any], *, wild: bool = ..., out: None = ...,
            threads: int | None = ...,
        ) -> npt.NDArray[np.uint16]: ...
        @overload
        def __call__(
            self, cards: Any, *, wild: bool = ..., out: None = ..., threads: int | None = ...
        ) -> array.array[int]: ...
        @overload
        def __call__(
            self, cards: Any, *, wild: bool = ..., out: Out, threads: int | None = ...
        ) -> Out: ...


evaluate_batch: _BatchFunction = _BATCH.evaluate_batch
evaluate_batch_unchecked: _BatchFunction = _BATCH.evaluate_batch_unchecked
