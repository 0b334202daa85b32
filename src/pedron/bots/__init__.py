"""Bots: players that choose an action from what they may see.

A bot is any callable ``bot(view, legal) -> action`` (:class:`BotFunction`):
it receives its own per-player view (never another player's hidden cards)
and the list of legal actions, and returns one of them: a move (``Bet(3)``,
``RaiseTo(8)``), text (``"raise 8"``) or a tuple (``("raise", 8)``). pedron's
bots (:class:`RandomBot`, :class:`RuleBot`, :class:`ThresholdBot`, :class:`StrongBot`,
:class:`OddsBot`)
share the base class :class:`Bot`, so a list of them is a ``list[Bot]`` to a type
checker; yours may subclass it too. The built-in bots are deterministic for a given seed.

Bots are also named by *specs*, plain text that crosses process and machine
boundaries (the simulator's work units carry specs, never live bots):
``"random"``, ``"rule"``, ``"rule:open=two_pair,call=three_of_a_kind"``,
``"strong"``, ``"odds:margin=0.1,aggression=2"``, or an import path to your own bot class
or factory, ``"mypackage.mybots.Cautious:level=2"``. :func:`parse_bot` checks
and normalises a spec; :func:`make_bot` builds the bot.

====================  ===========  ==============================================
name                  game         parameters
====================  ===========  ==============================================
``random``            both         (none: the seed comes from the simulation)
``rule``              Diablo       ``open``, ``call``, ``raise``, ``big`` (a hand
                                   category: ``one_pair``, ``two_pair``,
                                   ``trips``, ``straight``, ... or 1-10),
                                   ``draw`` (most cards it exchanges)
``threshold``         Diablo       ``open``, ``call1``, ``raise1`` (before the
                                   draw), ``bet2``, ``call2``, ``raise2`` (after),
                                   ``big`` (categories), ``draw``, ``bluff``
                                   (a chance 0..1)
``strong``            Diablo       ``file`` (a strategy file; default: the one
                                   shipped with pedron)
``odds``              Diamondback  ``margin``, ``aggression``, ``stop`` (the
                                   dealer stops betting at or below this equity)
``equilibrium``       Diamondback  ``file`` (needed: a strategy file written by
                                   ``pedron solve``), ``fallback`` (the bot
                                   played where the file has no answer; ``odds``)
====================  ===========  ==============================================
"""

from __future__ import annotations

import importlib
import inspect
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from pedron._copying import deep_copy
from pedron._exact import exact_int
from pedron._kernels.rng import Generator, as_generator
from pedron._lazy import lazy_attributes
from pedron.engine import LegalAction
from pedron.engine.moves import MOVE_TYPES
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import shown

if TYPE_CHECKING:  # imported on first use at run time (see __getattr__)
    from pedron.bots.diablo import RuleBot, ThresholdBot
    from pedron.bots.diamondback import OddsBot
    from pedron.bots.equilibrium import EquilibriumBot
    from pedron.bots.strong import StrongBot

__all__ = ["BOTS", "Bot", "BotFunction", "BotSpec", "EquilibriumBot", "OddsBot", "RandomBot",
           "RuleBot", "StrongBot", "ThresholdBot", "amount_between", "make_bot", "parse_bot"]

# The game's bots come in when first named (they import the game and its advisor; the
# equilibrium bot reads a solved strategy file).
__getattr__ = lazy_attributes("pedron.bots", {
    "RuleBot": "pedron.bots.diablo", "ThresholdBot": "pedron.bots.diablo",
    "OddsBot": "pedron.bots.diamondback",
    "EquilibriumBot": "pedron.bots.equilibrium", "StrongBot": "pedron.bots.strong",
})


class BotFunction(Protocol):
    """Anything that plays as a bot: ``bot(view, legal) -> action`` (a move, text or
    a tuple: anything a deal's ``apply`` accepts).
    A plain function will do; what tables, the simulator and the environments take."""

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any: ...


class Bot(ABC):
    """The base class of pedron's bots: ``bot(view, legal) -> action`` (see
    :class:`BotFunction`). A subclass implements ``__call__``; a list of bots of
    several classes is then a ``list[Bot]`` to a type checker. ``copy.copy`` of a bot
    is an independent copy (its generator too), as ``copy.deepcopy``."""

    __slots__ = ()
    __copy__ = deep_copy

    @abstractmethod
    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        """The action to play, one of ``legal`` (in any form ``apply`` accepts)."""


def amount_between(rng: Generator, low: int, high: int) -> int:
    """A uniform whole amount in ``low..high`` (any size: stacks need not fit 32 bits)."""
    low, high = exact_int(low, "low"), exact_int(high, "high")
    if high < low:
        raise PedronValueError(f"no amount between {shown(low)} and {shown(high)}")
    span = high - low + 1
    if span <= 1 << 32:
        return low + rng.integers(span)
    # Wider than one draw: rejection sampling on enough 64-bit words, uniform.
    bits = (span - 1).bit_length()
    words = -(-bits // 64)
    while True:
        value = 0
        for word in rng.random_raw(words):
            value = (value << 64) | word
        value >>= words * 64 - bits
        if value < span:
            return low + value


class RandomBot(Bot):
    """Plays a uniformly random legal action (amounts and cards uniform too).

    It knows no game: it reads only the legal-action descriptors. A descriptor
    whose ``limit`` offers ``choices()`` (the variants of Dealer's Choice, the
    hand a declaration names truthfully) is played as one of them; a draw
    exchanges a number of its cards uniform in ``min..max`` (standing pat
    included), those cards uniform among the sets of that many the
    descriptor's ``limit`` accepts (its ``why_not``: Diablo's kept-ace rule);
    another descriptor with cards names one card; one with a range of
    amounts, an amount in it. It never stops betting on purpose nor folds by
    preference: it is a stress-tester, not a strategy. ``seed`` makes its
    choices reproducible (every choice comes from its own generator).
    """

    def __init__(self, seed: int | Generator | None = None) -> None:
        self.rng = as_generator(seed)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        rng = self.rng
        choice = legal[rng.integers(len(legal))] if len(legal) > 1 else legal[0]
        move = MOVE_TYPES[choice.kind]
        choices = getattr(choice.limit, "choices", None)
        if choices is not None:
            options = choices()
            pick = options[rng.integers(len(options))] if len(options) > 1 else options[0]
            return move(*pick)
        if choice.cards:
            if choice.kind == "draw":
                return move(self._discards(move, choice))
            return move(choice.cards[rng.integers(len(choice.cards))])
        if choice.min is not None and choice.max is not None and choice.min != choice.max:
            return move(amount_between(rng, choice.min, choice.max))
        if choice.kind in ("bet", "raise", "ante"):
            return move(choice.min)
        return move()

    def _discards(self, move: Any, choice: LegalAction) -> tuple[int, ...]:
        """Cards to exchange: a count uniform in ``min..max``, then a set of that
        many uniform among those the descriptor allows (in the cards' order)."""
        rng = self.rng
        cards = choice.cards
        n = len(cards)
        low = max(choice.min or 0, 0)
        high = n if choice.max is None else min(choice.max, n)
        limit = choice.limit
        if limit is None:  # the count says it all: any cards, that many
            k = low + rng.integers(high - low + 1) if high > low else low
            picks = list(range(n))
            for i in range(k):  # (a partial shuffle: k distinct positions)
                j = i + rng.integers(n - i) if n - i > 1 else i
                picks[i], picks[j] = picks[j], picks[i]
            return tuple([cards[i] for i in sorted(picks[:k])])
        # A rule beyond the count (a kept ace for the most cards): the sets it
        # accepts, by count; a count none of whose sets it accepts is not offered.
        by_count = [
            sets for sets in (
                [d for d in combinations(cards, k) if limit.why_not(move(d), choice) is None]
                for k in range(low, high + 1)
            ) if sets
        ]
        if not by_count:
            raise ValueError(f"no exchange satisfies the draw's limit {limit!r}")
        sets = by_count[rng.integers(len(by_count))] if len(by_count) > 1 else by_count[0]
        return sets[rng.integers(len(sets))] if len(sets) > 1 else sets[0]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.rng.seed})"


# -- naming bots: specs ---------------------------------------------------------------------

#: Built-in bot names: the games each plays and its parameters (short name -> keyword).
BOTS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "random": (("diablo", "diamondback"), {}),
    "rule": (
        ("diablo",),
        {"open": "open_at", "call": "call_at", "raise": "raise_at", "big": "bet_big_at",
         "draw": "max_draw"},
    ),
    "threshold": (
        ("diablo",),
        {"open": "open_at", "call1": "call_before", "raise1": "raise_before",
         "bet2": "bet_after", "call2": "call_after", "raise2": "raise_after",
         "big": "bet_big_at", "draw": "max_draw", "bluff": "bluff"},
    ),
    "strong": (("diablo",), {"file": "strategy"}),
    "odds": (
        ("diamondback",),
        {"margin": "margin", "aggression": "aggression", "stop": "stop_below"},
    ),
    "equilibrium": (("diamondback",), {"file": "file", "fallback": "fallback"}),
}

#: Parameters a built-in bot cannot do without.
_REQUIRED = {"equilibrium": ("file",)}


def _bots_for(game: str) -> str:
    """The built-in bots of ``game``, for a message: ``"random, rule, strong"``."""
    return ", ".join(name for name, (games, _) in BOTS.items() if game in games)

#: The bot every seat gets when none is named.
DEFAULT_BOT = {"diablo": "rule", "diamondback": "odds"}


@dataclass(frozen=True)
class BotSpec:
    """A bot named as plain data: ``name`` and its ``params`` (sorted key-value pairs).

    ``str(spec)`` is the canonical text (``"rule:call=two_pair,open=one_pair"``),
    which :func:`parse_bot` reads back; a spec pickles and travels as text.
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_text(v)}" for k, v in self.params)

    def __repr__(self) -> str:
        return f"BotSpec({str(self)!r})"


def _text(value: Any) -> str:
    from pedron.diablo.hand import Category

    if isinstance(value, Category):
        return value.name.lower()
    return str(value)


def _scalar(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _category(key: str, value: Any) -> Any:
    from pedron.diablo.hand import Category

    if isinstance(value, int) and not isinstance(value, bool):
        if 1 <= int.__index__(value) <= len(Category):  # (the plain value: a subclass may lie)
            return Category(int.__index__(value))
    elif isinstance(value, str):
        name = value.strip().lower().replace(" ", "_").replace("-", "_")
        name = _CATEGORY_ALIASES.get(name, name)
        if name.isascii() and name.upper() in Category.__members__:  # ("ſ".upper() is "S")
            return Category[name.upper()]
    names = ", ".join(c.name.lower() for c in Category)
    raise PedronValueError(f"bot parameter {key}={shown(value)}: not a hand category ({names})")


_CATEGORY_ALIASES = {
    "pair": "one_pair", "trips": "three_of_a_kind", "set": "three_of_a_kind",
    "quads": "four_of_a_kind", "full": "full_house", "boat": "full_house",
    "quints": "five_of_a_kind", "high": "high_card",
}


def _check_draw(value: Any) -> int:
    """A number of cards a bot exchanges at most: 0..4."""
    if isinstance(value, bool) or not isinstance(value, int) or \
            not 0 <= int.__index__(value) <= 4:
        raise PedronValueError(f"bot parameter draw={shown(value)}: a number of cards 0..4")
    return int.__index__(value)


#: The category parameters of the rule-based Diablo bots.
_CATEGORY_KEYS = {"rule": ("open", "call", "raise", "big"),
                  "threshold": ("open", "call1", "raise1", "bet2", "call2", "raise2", "big")}


def _check_param(name: str, key: str, value: Any) -> Any:
    """One built-in bot parameter, checked and converted."""
    if key in _CATEGORY_KEYS.get(name, ()):
        return _category(key, value)
    if key == "file":  # (strong, equilibrium: a path, kept as given)
        if not isinstance(value, str) or not value:
            raise PedronValueError(f"bot parameter file={value!r}: a strategy file's path")
        return value
    if key == "fallback":  # (equilibrium: a Diamondback bot's spec, checked now)
        if not isinstance(value, str):
            raise PedronValueError(f"bot parameter fallback={shown(value)}: a bot's name")
        return str(parse_bot(value, "diamondback"))
    if name in ("rule", "threshold") and key == "draw":
        return _check_draw(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PedronValueError(f"bot parameter {key}={shown(value)}: a number is needed")
    try:
        number = float(value)
    except OverflowError:  # (an int beyond any float)
        raise PedronValueError(f"bot parameter {key}: a number of {int(value).bit_length()} "
                               "bits is too large") from None
    if not math.isfinite(number):  # (NaN compares false with everything: no threshold)
        raise PedronValueError(f"bot parameter {key}={value!r}: a finite number is needed")
    if key == "aggression" and number < 0:
        raise PedronValueError(f"bot parameter aggression={value!r}: must be at least 0")
    if key == "bluff" and not 0.0 <= number <= 1.0:
        raise PedronValueError(f"bot parameter bluff={value!r}: a chance from 0 to 1")
    return number


def parse_bot(spec: str | BotSpec | Mapping[str, Any], game: str | None = None) -> BotSpec:
    """Check and normalise a bot spec (text, a mapping ``{"name": ..., **params}`` or a
    :class:`BotSpec`); with ``game``, also that the bot plays that game.

    Raises :class:`~pedron.errors.PedronValueError` for an unknown bot or parameter,
    a bad value, or a bot for the other game.
    """
    if isinstance(spec, BotSpec):
        name, raw = spec.name, dict(spec.params)
    elif isinstance(spec, Mapping):
        raw = dict(spec)
        name = raw.pop("name", None)
        if not isinstance(name, str):
            raise PedronValueError(f"a bot spec mapping needs a 'name': {spec!r}")
    elif isinstance(spec, str):
        name, _, rest = spec.strip().partition(":")
        raw = {}
        for item in filter(None, (part.strip() for part in rest.split(","))):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise PedronValueError(f"bot spec {spec!r}: expected key=value, got {item!r}")
            raw[key.strip()] = _scalar(value.strip())
    else:
        raise PedronValueError(
            f"a bot spec is text such as 'rule:open=two_pair', not {shown(spec)}")
    name = name.strip()
    if "." in name:  # an import path: parameters are passed through as given
        return BotSpec(name, tuple(sorted(raw.items())))
    name = name.lower()
    if name not in BOTS:
        known = ", ".join(sorted(BOTS))
        raise PedronValueError(f"unknown bot {name!r} (built-in: {known}; or a.module.Class)")
    games, keys = BOTS[name]
    if game is not None and not isinstance(game, str):  # (an array's "in" is elementwise)
        raise PedronTypeError(f"game must be 'diablo' or 'diamondback', not {shown(game)}")
    if game is not None and game not in games:
        known = _bots_for(game)  # (none: a game no built-in bot plays)
        others = f" ({game}'s bots: {known})" if known else ""
        raise PedronValueError(f"bot {name!r} plays {' and '.join(games)}, not "
                               f"{shown(game)}{others}")
    params = {}
    for key, value in raw.items():
        short = next((k for k, kw in keys.items() if key in (k, kw)), None)
        if short is None:
            allowed = ", ".join(keys) or "none"
            raise PedronValueError(f"bot {name!r} has no parameter {key!r} (it has: {allowed})")
        params[short] = _check_param(name, short, value)
    for key in _REQUIRED.get(name, ()):
        if key not in params:
            raise PedronValueError(f"bot {name!r} needs {key}=... (e.g. {name}:{key}=PATH, "
                                   "a strategy file written by pedron solve)")
    return BotSpec(name, tuple(sorted(params.items())))


def make_bot(
    spec: str | BotSpec | Mapping[str, Any],
    game: str,
    seed: int | Generator | None = None,
    *,
    rules: Any = None,
) -> BotFunction:
    """Build the bot a spec names, for ``game`` (``"diablo"`` or ``"diamondback"``).

    ``seed`` seeds bots that use randomness (``random``, ``threshold``, ``strong``,
    ``equilibrium``; an imported factory that takes a ``seed`` keyword gets it too);
    ``rules`` are the table's (``odds`` reads its tie rule, ``strong`` its draw limit;
    an imported factory that takes a ``rules`` keyword gets them).
    """
    parsed = parse_bot(spec, game)
    params = dict(parsed.params)
    if parsed.name == "random":
        return RandomBot(seed)
    if parsed.name in BOTS:
        keys = BOTS[parsed.name][1]
        kwargs = {keys[k]: v for k, v in params.items()}
        if parsed.name == "rule":
            from pedron.bots.diablo import RuleBot

            return RuleBot(**kwargs)
        if parsed.name == "threshold":
            from pedron.bots.diablo import ThresholdBot, Thresholds

            return ThresholdBot(Thresholds(**kwargs), seed)
        if parsed.name == "strong":
            from pedron.bots.strong import StrongBot

            return StrongBot(seed, rules=rules, **kwargs)
        if parsed.name == "equilibrium":
            from pedron.bots.equilibrium import EquilibriumBot

            return EquilibriumBot(seed=seed, rules=rules, **kwargs)
        from pedron.bots.diamondback import OddsBot

        return OddsBot(**kwargs, rules=rules)
    factory = _import(parsed.name)
    try:
        accepts_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        accepts_seed = False
    if accepts_seed and "seed" not in params:
        params["seed"] = seed
    try:
        accepts_rules = "rules" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        accepts_rules = False
    if accepts_rules and "rules" not in params:
        params["rules"] = rules
    return factory(**params)  # type: ignore[no-any-return]


def _import(path: str) -> Callable[..., Any]:
    module, _, attr = path.rpartition(".")
    try:
        obj = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise PedronValueError(f"cannot import bot {path!r}: {exc}") from None
    if not callable(obj):
        raise PedronValueError(f"bot {path!r} is not callable")
    return obj  # type: ignore[no-any-return]
