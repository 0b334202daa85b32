"""What the draw advisor maximises: the objectives an exchange is ranked by.

Every objective gives each exchange an exact value (a :class:`~fractions.Fraction`)
from its exact outcome distribution; the advisor ranks exchanges by that value,
highest first, and breaks equal values by fewer cards exchanged, then by the
lower discard mask (position ``i`` of the hand counting ``2**i``).

* :class:`ExpectedStrength` (the default): the mean final strength, the
  evaluator's dense 1..N index.
* :class:`PayTable`: the mean payout of a pay table over the outcome classes.
* :class:`Beat`: the chance of finishing strictly better than a given hand, or
  than a hand drawn from a given distribution; a tie counts ``ties`` (0 by
  default, 1/2 to split it) and is reported separately.
* any callable ``f(option) -> number``: ranked by its result (see
  :class:`Custom`), which may use every exact count of the option.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, Any

import numpy as np

from pedron._exact import exact_int
from pedron._kernels import diablo_eval as _ev
from pedron._kernels import draw_kernel as _dk
from pedron.diablo.outcomes import Outcome, outcome_classes
from pedron.errors import PedronTypeError, PedronValueError

if TYPE_CHECKING:
    from pedron.diablo.draw import DrawOption

__all__ = ["Beat", "Custom", "ExpectedStrength", "Objective", "PayTable"]

_VALUE_TABLES: dict[tuple[Any, bool], tuple[Any, Any, int]] = {}
_SUBSET_SUMS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_LAST_VALUES: list[tuple[Any, bool, Any]] = [(None, False, None)]


class Objective:
    """Base of the built-in objectives (see the module text)."""

    __slots__ = ()
    kind = -1

    def kernel_args(self, wild: bool) -> tuple[Any, ...]:
        """(kind, pays, below, at, tie_num, tie_den, scale) for the kernel; the
        kernel's value divided by ``scale`` is the objective's value."""
        raise NotImplementedError

    def value(self, option: DrawOption) -> Fraction:
        """The exact value of one exchange under this objective."""
        raise NotImplementedError

    def value_tables(self, wild: bool) -> tuple[Any, Any, int]:
        """The kernel's per-strength values for the lean enumeration (cached)."""
        last = _LAST_VALUES[0]
        if last[0] is self and last[1] == wild:  # the same objective as the last call
            return last[2]
        cache = _VALUE_TABLES.get((self, wild))
        if cache is None:
            kind, pays, below, at, tn, td, _ = self.kernel_args(wild)
            cache = _dk.value_tables(wild, kind, pays, below, at, tn, td)
            if len(_VALUE_TABLES) > 64:  # a bounded cache: objectives come and go
                _VALUE_TABLES.clear()
            _VALUE_TABLES[(self, wild)] = cache
        _LAST_VALUES[0] = (self, wild, cache)
        return cache

    def cached_subset_sums(self, wild: bool) -> tuple[Any, ...] | None:
        """The subset sums if :meth:`subset_sums` has built them, else None."""
        return _SUBSET_SUMS.get(("sums", self, wild))

    def subset_sums(self, wild: bool) -> tuple[Any, ...]:
        """Sums of this objective's per-hand value over the five-card hands
        containing each set of 0..5 cards (for many hands without dead cards:
        the value of every exchange by inclusion-exclusion; cached)."""
        key = ("sums", self, wild)
        cache = _SUBSET_SUMS.get(key)
        if cache is None:
            from pedron._kernels import videopoker as _vp

            if self.kind == 1:
                tables, _ = _vp.class_tables(wild)
                _, pays, *_ = self.kernel_args(wild)
                v5 = np.asarray(pays, dtype=np.int64)[tables[0]]
            else:
                val = self.value_tables(wild)[0]
                v5 = val[_vp.hand_strengths(wild)]
            cache = _vp.subset_sums(np.ascontiguousarray(v5, dtype=np.int64))
            if len(_SUBSET_SUMS) >= 4:  # about 24 MB each
                _SUBSET_SUMS.clear()
            _SUBSET_SUMS[key] = cache
        return cache


class ExpectedStrength(Objective):
    """The mean final strength (the advisor's default)."""

    __slots__ = ()
    kind = 0

    def kernel_args(self, wild: bool) -> tuple[Any, ...]:
        return (0, None, None, None, 0, 1, 1)

    def value(self, option: DrawOption) -> Fraction:
        return Fraction(option.total_strength, option.outcomes)

    def __eq__(self, other: object) -> bool:
        return type(other) is ExpectedStrength

    def __hash__(self) -> int:
        return hash(ExpectedStrength)

    def __repr__(self) -> str:
        return "ExpectedStrength()"


def _rational(x: Any, what: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (Rational, float, str)):
        raise PedronTypeError(f"{what} must be a number, not {type(x).__name__}")
    if isinstance(x, float) and not math.isfinite(x):
        raise PedronValueError(f"{what} must be finite, not {x}")
    try:
        return Fraction(x)
    except (ValueError, ZeroDivisionError):
        raise PedronValueError(f"{what} is not a number: {x!r}") from None


class PayTable(Objective):
    """A payout for every outcome class of one mode (deuces wild or natural).

    ``pays`` maps :class:`~pedron.diablo.outcomes.Outcome` to a payout, or
    lists payouts for the mode's classes best first (:func:`outcome_classes`);
    a shorter list pays 0 on the classes left over. Payouts are exact
    (ints, Fractions, decimal strings; floats are taken at their exact
    binary value) and per unit bet, the amount returned including the bet:
    ``1`` on jacks or better is "even money back". ``name`` is for display.

    >>> PayTable([800, 200, 25, 15, 9, 5, 3, 2, 2, 1], wild=True).pay(Outcome.FLUSH)
    Fraction(2, 1)
    """

    __slots__ = ("_scale", "_scaled", "name", "pays", "wild")
    kind = 1
    pays: tuple[Fraction, ...]
    wild: bool
    name: str | None
    _scale: int
    _scaled: tuple[int, ...]

    def __init__(
        self, pays: Mapping[Outcome, Any] | Iterable[Any], *, wild: bool = True,
        name: str | None = None,
    ) -> None:
        if type(wild) is not bool:
            raise PedronTypeError(f"wild must be a bool, not {type(wild).__name__}")
        classes = outcome_classes(wild)
        if isinstance(pays, Mapping):
            bad = [k for k in pays if k not in classes]
            if bad:
                mode = "deuces-wild" if wild else "natural"
                raise PedronValueError(f"not a {mode} outcome class: {bad[0]!r}")
            values = [_rational(pays.get(c, 0), f"pay for {c.label}") for c in classes]
        elif isinstance(pays, (str, bytes)) or not isinstance(pays, Iterable):
            raise PedronTypeError(
                f"pays must be a mapping or a list of payouts, not {type(pays).__name__}"
            )
        else:
            given = [_rational(p, f"payout {i + 1}") for i, p in enumerate(pays)]
            if not given or len(given) > len(classes):
                raise PedronValueError(
                    f"pays: 1..{len(classes)} payouts (one per class, best first), "
                    f"got {len(given)}"
                )
            values = given + [Fraction(0)] * (len(classes) - len(given))
        scale = math.lcm(*(v.denominator for v in values))
        scaled = tuple(int(v * scale) for v in values)
        if any(abs(x) >= 1 << 40 for x in scaled):
            raise PedronValueError("pays: payouts too large or too finely divided")
        object.__setattr__(self, "pays", tuple(values))
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_scale", scale)
        object.__setattr__(self, "_scaled", scaled)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"PayTable is immutable (cannot set {name!r})")

    @property
    def classes(self) -> tuple[Outcome, ...]:
        """The outcome classes paid on, best first (aligned with :attr:`pays`)."""
        return outcome_classes(self.wild)

    def pay(self, outcome: Outcome) -> Fraction:
        """The payout of one outcome class."""
        try:
            return self.pays[self.classes.index(outcome)]
        except ValueError:
            raise PedronValueError(f"{outcome!r} is not a class of this pay table") from None

    def as_dict(self) -> dict[str, Any]:
        """Plain data: the name, the mode and the payout of every class (as text)."""
        return {
            "name": self.name,
            "wild": self.wild,
            "pays": {c.name.lower(): str(p) for c, p in zip(self.classes, self.pays, strict=True)},
        }

    def kernel_args(self, wild: bool) -> tuple[Any, ...]:
        if wild != self.wild:
            mode = "deuces-wild" if self.wild else "natural"
            raise PedronValueError(f"a {mode} pay table cannot rank a wild={wild} analysis")
        return (1, self._scaled, None, None, 0, 1, self._scale)

    def value(self, option: DrawOption) -> Fraction:
        counts = option.class_count_values
        total = sum(p * n for p, n in zip(self._scaled, counts, strict=True))
        return Fraction(total, option.outcomes * self._scale)

    def __eq__(self, other: object) -> bool:
        return (type(other) is PayTable and other.pays == self.pays and other.wild == self.wild)

    def __hash__(self) -> int:
        return hash((self.pays, self.wild))

    def __repr__(self) -> str:
        shown = len(self.pays)
        while shown > 1 and self.pays[shown - 1] == 0:
            shown -= 1
        body = "/".join(str(p) for p in self.pays[:shown])
        label = f"{self.name!r}, " if self.name else ""
        return f"PayTable({label}{body}, wild={self.wild})"


class Beat(Objective):
    """The chance of finishing strictly better than ``target``.

    ``target`` is a hand (any form :func:`~pedron.diablo.evaluate` takes), or
    a distribution of opponent hands: a mapping ``strength -> count`` (or
    weight; ints), or a :class:`~pedron.diablo.draw.DrawOption`, whose final
    hands are taken with their counts. The value of an exchange is
    ``P(win) + ties * P(tie)``, where ``P(win)`` is the chance the final hand
    is strictly stronger and ``P(tie)`` equally strong (the opponent's and the
    player's cards are treated as independent: no card removal between them).
    """

    __slots__ = ("_arrays", "_total", "target", "ties", "wild")
    kind = 2
    target: Any
    wild: bool
    ties: Fraction
    _arrays: tuple[Any, Any]
    _total: int

    def __init__(self, target: Any, *, wild: bool = True, ties: Any = 0) -> None:

        from pedron.diablo.draw import DrawOption

        if type(wild) is not bool:
            raise PedronTypeError(f"wild must be a bool, not {type(wild).__name__}")
        n = _ev.strength_count(wild)
        weights = np.zeros(n + 1, dtype=np.uint64)
        if isinstance(target, DrawOption):
            if target.wild != wild:
                raise PedronValueError("the target option is on the other strength scale")
            for s, c in target.strength_counts().items():
                weights[s] += c
        elif isinstance(target, Mapping):
            for s, c in target.items():
                s = exact_int(s, f"target: a strength (1..{n})", PedronValueError)
                if not 1 <= s <= n:
                    raise PedronValueError(f"target: a strength is an int 1..{n}, not {s!r}")
                c = exact_int(c, "target: a count (>= 0)", PedronValueError)
                if c < 0:
                    raise PedronValueError(f"target: a count is an int >= 0, not {c!r}")
                weights[s] += c
        else:
            weights[_ev.strength(target, wild=wild)] = 1
        total = int(weights.sum())
        if total == 0:
            raise PedronValueError("target: the distribution is empty")
        tie = _rational(ties, "ties")
        if not 0 <= tie <= 1:
            raise PedronValueError(f"ties must be 0..1, not {tie}")
        if total * tie.denominator * 1533939 >= 1 << 62:
            raise PedronValueError("target: the weights are too large to count exactly")
        below = np.zeros(n + 1, dtype=np.uint64)
        below[1:] = np.cumsum(weights)[:-1]
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "ties", tie)
        object.__setattr__(self, "_arrays", (below, weights))
        object.__setattr__(self, "_total", total)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Beat is immutable (cannot set {name!r})")

    @property
    def opponents(self) -> int:
        """Total weight of the target distribution (1 for one hand)."""
        return int(self._total)

    def kernel_args(self, wild: bool) -> tuple[Any, ...]:
        if wild != self.wild:
            raise PedronValueError("Beat: the target is on the other strength scale")
        below, at = self._arrays
        t = self.ties
        return (2, None, below, at, t.numerator, t.denominator, self._total)

    def wins_ties(self, option: DrawOption) -> tuple[Fraction, Fraction]:
        """(P(win), P(tie)) of one exchange, exactly."""
        below, at = self._arrays
        win = tie = 0
        for s, c in option.strength_counts().items():
            win += c * int(below[s])
            tie += c * int(at[s])
        d = option.outcomes * self._total
        return Fraction(win, d), Fraction(tie, d)

    def value(self, option: DrawOption) -> Fraction:
        win, tie = self.wins_ties(option)
        return win + self.ties * tie

    def __repr__(self) -> str:
        return f"Beat({self.target!r}, wild={self.wild}, ties={self.ties})"


class Custom(Objective):
    """Rank by any function of an exchange's exact distribution.

    ``fn(option)`` gets a :class:`~pedron.diablo.draw.DrawOption` (with its
    class counts and, on demand, its strength counts) and returns a number
    (int, Fraction or float); higher ranks first. Passing a plain callable as
    ``objective`` wraps it in this class.
    """

    __slots__ = ("fn",)
    fn: Callable[[DrawOption], Any]

    def __init__(self, fn: Callable[[DrawOption], Any]) -> None:
        if not callable(fn):
            raise PedronTypeError(f"a custom objective is callable, not {type(fn).__name__}")
        object.__setattr__(self, "fn", fn)

    def value(self, option: DrawOption) -> Any:
        v = self.fn(option)
        if isinstance(v, bool) or not isinstance(v, (Rational, float)):
            raise PedronTypeError(
                f"the objective returned {type(v).__name__}, not a number"
            )
        return v

    def __repr__(self) -> str:
        return f"Custom({getattr(self.fn, '__qualname__', self.fn)!r})"


DEFAULT = ExpectedStrength()


def objective_arg(objective: Any, wild: bool) -> Objective:
    """The objective a caller passed (None = expected strength)."""
    if objective is None:
        return DEFAULT
    if isinstance(objective, Objective):
        return objective
    if callable(objective):
        return Custom(objective)
    raise PedronTypeError(
        f"objective must be an Objective, a PayTable or a callable, not "
        f"{type(objective).__name__}"
    )
