"""Your own evaluator, timed and checked beside pedron's.

An :class:`Evaluator` wraps any callable with the form of cards it takes (see
:data:`FORMS`), and whether it ranks deuces wild. ``pedron bench --evaluator
module:function[:form][:wild]`` builds one from text with :func:`parse_spec`.
Cards are converted to the evaluator's form before timing, so its figure is
its own cost per hand, as pedron's peers are timed.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pedron._exact import check_iterable
from pedron.bench.order import ALL_HANDS, OrderCheck, all_hands, compare_order, pedron_strengths
from pedron.bench.peers import treys_int
from pedron.cards import check_card, format_card
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = ["FORMS", "Evaluator", "assert_same_order", "check_evaluator", "parse_spec"]

Hands = Sequence[tuple[int, ...]]

#: The forms of cards an evaluator may take, for one hand (``batch``: all at once).
#: Card ids are pedron's: ``rank * 4 + suit``, 2c = 0, 2d = 1, ... As = 51 (suits
#: c, d, h, s; phevaluator numbers cards the same way).
FORMS: dict[str, str] = {
    "ids": "f((c1, c2, c3, c4, c5)): a tuple of five card ids",
    "args": "f(c1, c2, c3, c4, c5): five card ids as arguments",
    "text": 'f("Ah Kd Qs Jc Tc"): one string',
    "cards": 'f(["Ah", "Kd", "Qs", "Jc", "Tc"]): a list of card strings',
    "treys": "f([i1, ..., i5]): Cactus Kev's card integers (treys, deuces)",
    "batch": "f(array): every hand at once, an (n, 5) uint8 numpy array of card ids, "
             "returning n values",
}


def _converted(form: str, hands: Hands) -> list[Any]:
    if form == "ids" or form == "args":
        return [tuple(h) for h in hands]
    if form == "text":
        return [" ".join(format_card(c) for c in h) for h in hands]
    if form == "cards":
        return [[format_card(c) for c in h] for h in hands]
    if form == "treys":
        return [[treys_int(c) for c in h] for h in hands]
    raise AssertionError(form)


@dataclass(frozen=True)
class Evaluator:
    """A five-card evaluator to time and check: ``function`` takes one hand in
    ``form`` (one of :data:`FORMS`) and returns a value that orders hands (higher
    or lower better: either is read off its values); ``wild``: it ranks deuces wild
    (as pedron's Diablo); ``name`` is shown (default the function's)."""

    function: Callable[..., Any]
    form: str = "ids"
    wild: bool = False
    name: str = field(default="")

    def __post_init__(self) -> None:
        if not callable(self.function):
            raise PedronTypeError(f"an evaluator must be callable, not {shown(self.function)}")
        if type(self.form) is not str or self.form not in FORMS:
            raise PedronValueError(
                f"form must be one of {', '.join(FORMS)}, not {shown(self.form)}")
        if type(self.wild) is not bool:
            raise PedronTypeError(f"wild must be True or False, not {shown(self.wild)}")
        if not self.name:
            name = getattr(self.function, "__qualname__", None) or repr(self.function)
            module = getattr(self.function, "__module__", None)
            object.__setattr__(self, "name", f"{module}.{name}" if module else name)

    @property
    def mode(self) -> str:
        return "wild" if self.wild else "natural"

    def runner(self, hands: Hands) -> Callable[[], list[Any]]:
        """A function of no arguments evaluating every hand once (cards converted
        beforehand), returning the values in order."""
        f = self.function
        if self.form == "batch":
            import numpy as np

            rows = np.asarray(hands, dtype=np.uint8).reshape(len(hands), 5)

            def run_batch() -> list[Any]:
                return list(f(rows))

            return run_batch
        data = _converted(self.form, hands)
        if self.form == "args":
            def run_args() -> list[Any]:
                return [f(*h) for h in data]

            return run_args

        def run() -> list[Any]:
            return [f(h) for h in data]

        return run

    def values(self, hands: Hands) -> list[Any]:
        """The evaluator's values of ``hands``; its exceptions become a pedron error
        naming the first hand it failed on."""
        run = self.runner(hands)
        try:
            out = run()
        except Exception as exc:  # (the caller's code: any exception is reported)
            raise PedronValueError(
                f"evaluator {self.name} raised {exc!r} on "
                f"{self._failing(hands) or 'these hands'}") from exc
        if len(out) != len(hands):
            raise PedronValueError(
                f"evaluator {self.name} returned {len(out)} values for {len(hands)} hands")
        return out

    def _failing(self, hands: Hands) -> str | None:
        if self.form == "batch":
            return None
        for h in hands:
            try:
                self.runner([h])()
            except Exception:
                return " ".join(format_card(c) for c in h)
        return None


@contextlib.contextmanager
def current_folder_first() -> Iterator[None]:
    """The current folder at the front of ``sys.path`` while the block runs (as ``python -m``
    puts it there), and taken out again after: so that ``pedron bench --evaluator
    myeval:score`` finds ``myeval.py`` here, whichever way pedron was started."""
    try:
        here = os.getcwd()
    except OSError:  # (a folder since removed: nothing to look in)
        yield
        return
    sys.path.insert(0, here)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(here)


def parse_spec(spec: str) -> Evaluator:
    """``"module:function[:form][:wild|natural]"`` as an :class:`Evaluator`, e.g.
    ``"mypkg.poker:score"`` or ``"mypkg.poker:score:text:wild"``. ``function`` may
    be dotted (``"mypkg:Evaluator.rank"`` for a static or class method). The module
    is looked for in the current folder first, then on ``sys.path``."""
    if type(spec) is not str:
        raise PedronTypeError(f"an evaluator is given as text, not {shown(spec)}")
    parts = spec.split(":")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise PedronValueError(
            f"an evaluator is module:function[:form][:wild|natural], not {spec!r}")
    form, wild = "ids", False
    for extra in parts[2:]:
        if extra in FORMS:
            form = extra
        elif extra in ("wild", "natural"):
            wild = extra == "wild"
        else:
            raise PedronValueError(
                f"{extra!r} in {spec!r} is neither a form ({', '.join(FORMS)}) "
                "nor wild/natural")
    try:
        with current_folder_first():
            target: Any = importlib.import_module(parts[0])
    except ImportError as exc:
        raise PedronValueError(f"cannot import {parts[0]!r} for {spec!r}: {exc}") from None
    for attr in parts[1].split("."):
        try:
            target = getattr(target, attr)
        except AttributeError:
            raise PedronValueError(f"{parts[0]!r} has no {parts[1]!r} ({spec!r})") from None
    return Evaluator(target, form, wild, f"{parts[0]}:{parts[1]}")


def _checked_hands(hands: Any) -> list[tuple[int, ...]]:
    """``hands`` as a list of 5-card tuples of card ids, or a pedron error."""
    import numpy as np

    def sequence(x: Any) -> bool:
        return isinstance(x, np.ndarray) or (
            isinstance(x, Sequence) and not isinstance(x, (str, bytes)))

    if not sequence(hands):
        raise PedronTypeError(f"hands must be a list of hands, not {type(hands).__name__}")
    check_iterable(hands, "hands", most=ALL_HANDS)
    if len(hands) > ALL_HANDS:
        raise PedronValueError(f"{len(hands):,} hands: there are {ALL_HANDS:,} hands of five")
    if len(hands) == 0:
        raise PedronValueError("hands: at least one hand is needed")
    out = []
    for hand in hands:
        if not sequence(hand) or len(hand) != 5:
            raise PedronValueError(f"a hand is five card ids, not {shown(hand)[:80]}")
        out.append(tuple(check_card(card) for card in hand))
    return out


def check_evaluator(
    evaluator: Evaluator,
    hands: Hands | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> OrderCheck:
    """Compare ``evaluator``'s order with pedron's on ``hands`` (default: all
    2,598,960 hands, in chunks); ``progress(done, total)`` is told as it goes."""
    if not isinstance(evaluator, Evaluator):
        raise PedronTypeError(f"expected an Evaluator, not {type(evaluator).__name__}")
    if hands is not None:
        hands = _checked_hands(hands)
    chunks = all_hands() if hands is None else iter([list(hands)])
    total = ALL_HANDS if hands is None else len(hands)
    strengths: list[int] = []
    values: list[Any] = []
    for block in chunks:
        strengths.extend(pedron_strengths(block, evaluator.wild))
        values.extend(evaluator.values(block))
        if progress is not None:
            progress(len(strengths), total)

    def hand_at(i: int) -> tuple[int, ...]:
        if hands is not None:
            return tuple(hands[i])
        return next(itertools.islice(itertools.combinations(range(52), 5), i, None))

    return compare_order(strengths, values, hand_at)


def assert_same_order(
    function: Callable[..., Any] | Evaluator,
    *,
    form: str = "ids",
    wild: bool = False,
    hands: Hands | None = None,
) -> OrderCheck:
    """Assert that ``function`` orders hands as pedron does (all 2,598,960 hands by
    default, or ``hands``); raises ``AssertionError`` naming the first two hands it
    orders otherwise. For a test suite: ``assert_same_order(my_eval, form="text")``."""
    ev = function if isinstance(function, Evaluator) else Evaluator(function, form, wild)
    result = check_evaluator(ev, hands)
    if not result.agrees:
        raise AssertionError(f"{ev.name} ({ev.mode}): {result}")
    return result
