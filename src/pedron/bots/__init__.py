"""Bots: players that choose an action from what they may see.

A bot is any callable ``bot(view, legal) -> action`` (:class:`BotFunction`):
it receives its own per-player view (never another player's hidden cards)
and the list of legal actions, and returns one of them: a move (``Bet(3)``,
``RaiseTo(8)``), text (``"raise 8"``) or a tuple (``("raise", 8)``). pedron's
bots (:class:`RandomBot`; each game's own in its package: Diablo's
:class:`~pedron.diablo.RuleBot`, :class:`~pedron.diablo.ThresholdBot`,
:class:`~pedron.diablo.StrongBot`, Diamondback's :class:`~pedron.diamondback.OddsBot`)
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

import functools
import importlib
import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any, Protocol

from pedron import games
from pedron._copying import deep_copy
from pedron._deprecate import Moved, moved_names
from pedron._exact import exact_int
from pedron._kernels.rng import Generator, as_generator
from pedron.engine import LegalAction
from pedron.engine.moves import MOVE_TYPES
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.games.botspec import BotParam, BotParams
from pedron.text import shown

__all__ = ["BOTS", "Bot", "BotFunction", "BotSpec", "RandomBot", "amount_between", "make_bot",
           "parse_bot"]



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

#: The bot every game has (it reads only the legal actions).
RANDOM = "random"


def _builtin_games(name: str) -> tuple[GameInfo, ...]:
    """The registered games with a built-in bot called ``name`` (every game for
    ``random``)."""
    infos = tuple(games.get(g) for g in games.names())
    if name == RANDOM:
        return infos
    return tuple(info for info in infos if name in info.bots)


def _params(info: GameInfo, name: str) -> BotParams:
    return info.bot_params.get(name) or _NO_PARAMS


_NO_PARAMS = BotParams()


def _bots_table() -> dict[str, tuple[tuple[str, ...], dict[str, str]]]:
    """:data:`BOTS`, from the registered games' descriptors."""
    out: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
        RANDOM: (games.names(), {})}
    for g in games.names():
        info = games.get(g)
        for name in info.bots:
            played, keys = out.get(name, ((), {}))
            keys = dict(keys)
            keys.update({k: p.keyword for k, p in _params(info, name).params.items()})
            out[name] = ((*played, info.name), keys)
    return out


def _default_bots() -> dict[str, str]:
    return {g: games.get(g).default_bot for g in games.names()}


def _bots_for(info: GameInfo) -> str:
    """The built-in bots of a game, for a message: ``"random, rule, strong"``."""
    return ", ".join([RANDOM, *info.bots])


def _attribute(name: str) -> Any:
    # BOTS (built-in bot names: the games each plays and its parameters, short name ->
    # keyword) and DEFAULT_BOT (each game's bot for a seat nobody named) are read from
    # the registered games when asked for: a game registered later is listed too.
    if name == "BOTS":
        return _bots_table()
    if name == "DEFAULT_BOT":
        return _default_bots()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# (moved in 0.2.0 to their game's package: pedron.diablo.RuleBot, ...)
__getattr__ = moved_names(__name__, {
    **{name: Moved("pedron.diablo", name, since="0.2.0", until="0.3.0")
       for name in ("RuleBot", "StrongBot", "ThresholdBot")},
    "OddsBot": Moved("pedron.diamondback.bots", "OddsBot", since="0.2.0", until="0.3.0"),
    "EquilibriumBot": Moved("pedron.diamondback.equilibrium", "EquilibriumBot", since="0.2.0",
                            until="0.3.0"),
}, otherwise=_attribute)


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
    if isinstance(value, Enum):  # (a hand category: its name)
        return value.name.lower()
    return str(value)


def _scalar(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _check_param(info: GameInfo, key: str, param: BotParam, value: Any) -> Any:
    """One built-in bot parameter, checked and converted."""
    if param.bot:  # (another bot of the same game: its spec, checked now)
        if not isinstance(value, str):
            raise PedronValueError(f"bot parameter {key}={shown(value)}: a bot's name")
        return str(parse_bot(value, info))
    return param.check(key, value)


def _game(game: str | GameInfo | None) -> GameInfo | None:
    if game is None or isinstance(game, GameInfo):
        return game
    if not isinstance(game, str):  # (an array's "in" is elementwise)
        raise PedronTypeError(f"game must be one of {games.names()}, not {shown(game)}")
    return games.get(game)


def parse_bot(spec: str | BotSpec | Mapping[str, Any],
              game: str | GameInfo | None = None) -> BotSpec:
    """Check and normalise a bot spec (text, a mapping ``{"name": ..., **params}`` or a
    :class:`BotSpec`); with ``game`` (a name or a :class:`~pedron.games.GameInfo`),
    also that the bot plays that game.

    Raises :class:`~pedron.errors.PedronValueError` for an unknown bot or parameter,
    a bad value, or a bot for another game.
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
    info = _game(game)
    if info is not None and (name == RANDOM or name in info.bots):
        played: tuple[GameInfo, ...] = (info,)  # (the usual case: no need to ask the others)
    else:
        played = _builtin_games(name)
    if not played:
        known = ", ".join(sorted({RANDOM, *(b for g in games.names() for b in games.get(g).bots)}))
        raise PedronValueError(f"unknown bot {name!r} (built-in: {known}; or a.module.Class)")
    if info is not None and info not in played:
        raise PedronValueError(f"bot {name!r} plays {' and '.join(i.name for i in played)}, "
                               f"not {shown(info.name)} ({info.name}'s bots: {_bots_for(info)})")
    # (without a game: the parameters of the first game that has the bot)
    params_of = _params(info or played[0], name)
    params = {}
    for key, value in raw.items():
        short = next((k for k, p in params_of.params.items() if key in (k, p.keyword)), None)
        if short is None:
            allowed = ", ".join(params_of.params) or "none"
            raise PedronValueError(f"bot {name!r} has no parameter {key!r} (it has: {allowed})")
        params[short] = _check_param(info or played[0], short, params_of.params[short], value)
    for key in params_of.required:
        if key not in params:
            raise PedronValueError(f"bot {name!r} needs {key}=... (e.g. {name}:{key}=PATH, "
                                   "a strategy file written by pedron solve)")
    return BotSpec(name, tuple(sorted(params.items())))


def make_bot(
    spec: str | BotSpec | Mapping[str, Any],
    game: str | GameInfo,
    seed: int | Generator | None = None,
    *,
    rules: Any = None,
) -> BotFunction:
    """Build the bot a spec names, for ``game`` (a game's name, ``"diablo"``, or its
    :class:`~pedron.games.GameInfo`).

    ``seed`` seeds bots that use randomness (``random``, ``threshold``, ``strong``,
    ``equilibrium``; an imported factory that takes a ``seed`` keyword gets it too);
    ``rules`` are the table's (``odds`` reads its tie rule, ``strong`` its draw limit;
    an imported factory that takes a ``rules`` keyword gets them).
    """
    info = _game(game)
    parsed = parse_bot(spec, info)
    params = dict(parsed.params)
    if parsed.name == RANDOM:
        return RandomBot(seed)
    if "." in parsed.name:
        factory = _import(parsed.name)
    else:  # a game's own bot: its class, where the descriptor says, with its keywords
        info = info or _builtin_games(parsed.name)[0]
        factory = _entry_point(info.bots[parsed.name])
        keys = _params(info, parsed.name).params
        params = {keys[k].keyword: v for k, v in params.items()}
    return _call(factory, params, seed, rules)


def _call(factory: Callable[..., Any], params: dict[str, Any], seed: Any,
          rules: Any) -> BotFunction:
    """``factory(**params)``, with ``seed`` and ``rules`` when it takes them (and the
    spec did not give them)."""
    try:
        accepted = _keywords(factory)
    except TypeError:  # (not hashable: read it each time)
        accepted = _keywords.__wrapped__(factory)
    if "seed" in accepted and "seed" not in params:
        params["seed"] = seed
    if "rules" in accepted and "rules" not in params:
        params["rules"] = rules
    return factory(**params)  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=256)
def _keywords(factory: Callable[..., Any]) -> frozenset[str]:
    """The parameters ``factory`` takes (read once per factory: a study makes its bots
    again for every session)."""
    try:
        return frozenset(inspect.signature(factory).parameters)
    except (TypeError, ValueError):
        return frozenset()


@functools.lru_cache(maxsize=256)
def _entry_point(where: str) -> Callable[..., Any]:
    """The class a descriptor names as ``"module:Class"``."""
    module, _, attr = where.partition(":")
    obj: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return obj


def _import(path: str) -> Callable[..., Any]:
    module, _, attr = path.rpartition(".")
    try:
        obj = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise PedronValueError(f"cannot import bot {path!r}: {exc}") from None
    if not callable(obj):
        raise PedronValueError(f"bot {path!r} is not callable")
    return obj  # type: ignore[no-any-return]
