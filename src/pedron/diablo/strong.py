"""The strong Diablo bot: a policy over an abstraction of hands, draws and bets,
trained by Monte Carlo policy iteration (``scripts/train_strong_bot.py``).

The bot sees only its own view and the legal actions. At each betting decision it
reduces what it sees to a *situation* and a *key*:

* ``open`` (first round, nobody has bet: check or open), keyed by the players
  dealt in, the live players still to act after it, the pot's kind and the
  strength of its hand before the draw;
* ``face1`` (first round, facing a bet: fold, call or raise), keyed by the live
  opponents, the raises so far, whether it is the opener, the pot's kind, the
  price of the call and the strength before the draw;
* ``lead2`` (second round, no bet yet: check or bet), keyed by the live
  opponents, whether it is the opener, the fewest cards a live opponent drew,
  the pot's kind and the strength of its final hand;
* ``face2`` (second round, facing a bet), keyed like ``lead2`` with the raises
  and the price of the call.

The *strength* is one number for both rounds: the chance of beating one
*reference hand*, a random five-card hand after the draw advisor's best
exchange. Before the draw it is exact over every replacement of the best exchange
(:func:`pedron.diablo.draw_odds` with a :class:`~pedron.drawpoker.Beat`
objective, ties counting half); after the draw it is the reference's distribution
at the hand's strength. It is cut into buckets (:attr:`Strategy.edges`).

The strategy file (``strong_diablo.json``, package data read through
:mod:`importlib.resources` on first use) holds the reference distributions, the
bucket edges and, for every key seen in training, the probabilities of the
situation's abstract actions (``check``/``small``/``big``: check, bet the least,
bet the most; ``fold``/``call``/``raise``: raise to the most). A key the file
does not hold is played by the bot's built-in thresholds (:func:`fallback_probs`),
which were also the training's starting point; :attr:`StrongBot.fallbacks` counts
them. Draws are the advisor's best exchange for beating the reference hand;
declarations name the hand truthfully; in Dealer's Choice it calls Diablo when it
may.
"""

from __future__ import annotations

import json
import os
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from typing import Any

from pedron._kernels.rng import Generator, as_generator
from pedron._locks import module_lock
from pedron.bots import Bot
from pedron.diablo.rules import Rules
from pedron.engine import LegalAction
from pedron.engine.moves import Bet, Call, Check, Choose, Declare, Draw, Fold, RaiseTo
from pedron.errors import PedronTypeError, PedronValueError

__all__ = ["ACTIONS", "FORMAT", "Decision", "Strategy", "StrongBot", "fallback_probs",
           "load_diablo_strategy"]

#: The strategy file's format name.
FORMAT = "pedron.diablo-strategy"
#: The file shipped with pedron (in this package).
DATA_FILE = "strong_diablo.json"
#: The abstract actions of each situation, in the order of the file's probabilities.
ACTIONS: dict[str, tuple[str, ...]] = {
    "open": ("check", "small", "big"),
    "face1": ("fold", "call", "raise"),
    "lead2": ("check", "small", "big"),
    "face2": ("fold", "call", "raise"),
}
#: Probabilities are whole numbers out of this.
SCALE = 100
#: Hands whose strength before the draw a strategy keeps (a game asks several times).
_CACHE_SIZE = 4096
#: The variant the strategy was trained on, called in Dealer's Choice when offered.
_TRAINED = Rules().variant


@dataclass(frozen=True)
class Decision:
    """One betting decision as the bot abstracts it: the ``situation``, its ``key``
    (small ints), the hand's ``strength`` (0..1) and the ``probs`` it plays (one per
    action of ``ACTIONS[situation]``, out of :data:`SCALE`)."""

    situation: str
    key: tuple[int, ...]
    strength: float
    probs: tuple[int, ...]


def _pot_kind(view: Any) -> int:
    """0: a game with antes (a passed pot included); 1, 2: for a Diablo pot of at most
    12 chips, of more."""
    if not view.diablo_pot:
        return 0
    return 1 if view.carry <= 12 else 2


def _price(view: Any) -> int:
    """0: the call is less than a fifth of the pot after calling; 1: more."""
    to_call = view.to_call
    return int(to_call > 0 and to_call / (view.pot + to_call) >= 0.2)


def fallback_probs(situation: str, key: tuple[int, ...], strength: float) -> tuple[int, ...]:
    """The built-in thresholds: the policy training started from, and what the bot
    plays at a key its strategy file does not hold."""
    s = strength
    if situation == "open":
        behind = key[1]
        if s >= 0.95:
            return (0, 0, SCALE)
        return (0, SCALE, 0) if s >= 0.78 + 0.02 * behind else (SCALE, 0, 0)
    if situation == "face1":
        opponents, raises, opener = key[0], key[1], key[2]
        if s >= 0.95:
            return (0, 0, SCALE)
        need = 0.5 if opener else 0.75 + 0.03 * (opponents - 1) + 0.04 * raises
        return (0, SCALE, 0) if s >= need else (SCALE, 0, 0)
    if situation == "lead2":
        if s >= 0.95:
            return (0, 0, SCALE)
        return (0, SCALE, 0) if s >= 0.85 else (SCALE, 0, 0)
    # face2
    opener = key[2]
    if s >= 0.97:
        return (0, 0, SCALE)
    return (0, SCALE, 0) if s >= (0.5 if opener else 0.8) else (SCALE, 0, 0)


@dataclass
class Strategy:
    """A strategy file's contents: the reference hands' distributions (``strength ->
    count``, per scale: ``"wild"`` and ``"natural"``), the strength bucket edges
    (``"q"`` before the draw, ``"p"`` after), the ``policy`` (situation -> key ->
    probabilities) and what the file says of its ``training``."""

    reference: dict[str, dict[int, int]]
    edges: dict[str, tuple[float, ...]]
    policy: dict[str, dict[tuple[int, ...], tuple[int, ...]]]
    training: dict[str, Any] = field(default_factory=dict)
    _cdf: dict[bool, list[float]] = field(default_factory=dict, repr=False, compare=False)
    _beat: dict[bool, Any] = field(default_factory=dict, repr=False, compare=False)
    _before_draw: dict[tuple[Any, ...], float] = field(default_factory=dict, repr=False,
                                                       compare=False)

    def cdf(self, wild: bool) -> list[float]:
        """``cdf[s]``: the chance a reference hand is weaker than strength ``s``, ties
        counting half."""
        table = self._cdf.get(wild)
        if table is None:
            from pedron.diablo.hand import strength_count

            counts = self.reference["wild" if wild else "natural"]
            n = strength_count(wild=wild)
            total = sum(counts.values())
            table = [0.0] * (n + 1)
            below = 0
            for s in range(1, n + 1):
                c = counts.get(s, 0)
                table[s] = (below + c / 2) / total
                below += c
            self._cdf[wild] = table
        return table

    def beat(self, wild: bool) -> Any:
        """The draw objective: beat one reference hand, ties counting half."""
        objective = self._beat.get(wild)
        if objective is None:
            from pedron.drawpoker import Beat

            counts = self.reference["wild" if wild else "natural"]
            objective = Beat(counts, wild=wild, ties=Fraction(1, 2))
            self._beat[wild] = objective
        return objective

    def to_json(self) -> dict[str, Any]:
        """The file's data (keys as comma-separated ints)."""
        return {
            "format": FORMAT, "version": 1, "training": self.training,
            "reference": {scale: [[s, c] for s, c in sorted(counts.items())]
                          for scale, counts in self.reference.items()},
            "edges": {k: list(v) for k, v in self.edges.items()},
            "policy": {sit: {",".join(map(str, k)): list(p) for k, p in sorted(table.items())}
                       for sit, table in self.policy.items()},
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "strategy") -> Strategy:
        """A strategy from :meth:`to_json`'s data, checked."""
        try:
            if data["format"] != FORMAT or data["version"] != 1:
                raise ValueError("not a version 1 Diablo strategy")
            reference = {scale: {int(s): int(c) for s, c in data["reference"][scale]}
                         for scale in ("wild", "natural")}
            edges = {k: tuple(float(x) for x in data["edges"][k]) for k in ("q", "p")}
            policy: dict[str, dict[tuple[int, ...], tuple[int, ...]]] = {}
            for sit, actions in ACTIONS.items():
                table = {}
                for text, probs in data["policy"].get(sit, {}).items():
                    p = tuple(int(x) for x in probs)
                    if len(p) != len(actions) or sum(p) != SCALE or min(p) < 0:
                        raise ValueError(f"bad probabilities {probs!r} at {sit} {text}")
                    table[tuple(int(x) for x in text.split(","))] = p
                policy[sit] = table
            training = dict(data.get("training", {}))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PedronValueError(f"{where}: not a Diablo strategy file ({exc})") from None
        return cls(reference, edges, policy, training)


_LOADED: dict[str, Strategy] = {}
_LOCK = module_lock(__name__, "_LOCK")


def load_diablo_strategy(path: str | None = None) -> Strategy:
    """The shipped Diablo strategy (``path=None``: read from the package on first use,
    then kept), or the Diablo strategy file at ``path`` (:data:`FORMAT`; Diamondback's
    strategy files are :func:`pedron.diamondback.strategyfile.read_strategy_file`'s)."""
    if path is not None:
        from pathlib import Path

        try:
            file = Path(path).resolve()
            name = f"{file}@{file.stat().st_mtime_ns}"  # (a file rewritten is read again)
            with _LOCK:
                strategy = _LOADED.get(name)
            if strategy is None:
                data = json.loads(file.read_text())
                strategy = Strategy.from_json(data, repr(path))
                with _LOCK:
                    _LOADED[name] = strategy
        except (OSError, ValueError) as exc:
            raise PedronValueError(f"cannot read strategy file {path!r}: {exc}") from None
        return strategy
    with _LOCK:
        strategy = _LOADED.get(DATA_FILE)
        if strategy is None:
            text = resources.files("pedron.diablo").joinpath(DATA_FILE).read_text()
            strategy = Strategy.from_json(json.loads(text), DATA_FILE)
            _LOADED[DATA_FILE] = strategy
    return strategy


class StrongBot(Bot):
    """Plays Diablo from a trained strategy (see the module docstring).

    ``seed`` makes its mixed choices reproducible; ``rules`` are the table's (the
    draw limit for judging a hand before the draw; default: two cards);
    ``strategy`` a :class:`Strategy` or a strategy file's path (default: the one
    shipped, loaded on first use, shared by every bot of the process).
    """

    def __init__(
        self,
        seed: int | Generator | None = None,
        rules: Any = None,
        strategy: Strategy | str | os.PathLike[str] | None = None,
    ) -> None:
        from pedron.drawpoker import DrawLimit

        self.rng = as_generator(seed)
        self.limit = DrawLimit(2) if rules is None else DrawLimit.from_rules(rules)
        self._strategy = strategy if isinstance(strategy, Strategy) else None
        self._path: str | None = None
        if strategy is not None and self._strategy is None:
            path = os.fspath(strategy) if isinstance(strategy, (str, os.PathLike)) else None
            if not isinstance(path, str):
                raise PedronTypeError("StrongBot's strategy is a Strategy or a strategy "
                                      f"file's path, not {type(strategy).__name__}")
            self._path = str.__str__(path)  # (its plain text, whatever a subclass says)
        self.fallbacks = 0

    def __getstate__(self) -> dict[str, Any]:
        # The shipped strategy is package data, one per process, shared by every bot
        # that plays it: a copy or a pickle loads it again where it is needed instead of
        # carrying a copy of its own (a quarter of a MB). (A strategy given as an object,
        # or read from a file that may change, travels with the bot.)
        state = dict(self.__dict__)
        if self._strategy is not None and self._path is None:
            with _LOCK:
                if _LOADED.get(DATA_FILE) is self._strategy:
                    state["_strategy"] = None
        return state

    @property
    def strategy(self) -> Strategy:
        """The strategy played (loaded on first use)."""
        if self._strategy is None:
            self._strategy = load_diablo_strategy(self._path)
        return self._strategy

    # -- the abstraction ------------------------------------------------------------------

    def strength(self, view: Any, wild: bool) -> float:
        """The hand's chance of beating one reference hand (0..1).

        After the draw, with the hand held; before, with the best exchange (exact
        over its replacements)."""
        from pedron.diablo.hand import strength
        from pedron.drawpoker import draw_odds

        cards = tuple(view.my_cards)
        strategy = self.strategy
        if view.phase == "first_round":
            limit = self.limit
            key = (tuple(sorted(cards)), limit.most, limit.ace_for_most, wild)
            cache = strategy._before_draw
            value = cache.get(key)
            if value is None:
                best = draw_odds(cards, limit, wild=wild, objective=strategy.beat(wild))[0]
                value = float(best.value)
                if len(cache) >= _CACHE_SIZE:  # (a bounded cache: hands come and go)
                    cache.clear()
                cache[key] = value
            return value
        return strategy.cdf(wild)[strength(cards, wild=wild)]

    def decision(self, view: Any, kinds: Mapping[str, LegalAction]) -> Decision:
        """The situation, key, strength and probabilities of a betting decision."""
        wild = view.variant != "draw"
        strategy = self.strategy
        s = self.strength(view, wild)
        seat = view.seat
        live = view.live
        opponents = sum(live) - 1
        opener = int(view.opener == seat)
        first = view.phase == "first_round"
        facing = "call" in kinds
        if first:
            q = bisect_right(strategy.edges["q"], s)
            if not facing:
                order = view.dealt_in
                behind = sum(1 for x in order[order.index(seat) + 1:] if live[x])
                situation = "open"
                key: tuple[int, ...] = (len(order), behind, _pot_kind(view), q)
            else:
                situation = "face1"
                key = (min(opponents, 4), min(view.raises, 2), opener, _pot_kind(view),
                       _price(view), q)
        else:
            p = bisect_right(strategy.edges["p"], s)
            drew = [view.drawn[x] for x in view.dealt_in if live[x] and x != seat]
            fewest = min(min(drew, default=2), 2)
            pot = _pot_kind(view)
            if not facing:
                situation = "lead2"
                key = (min(opponents, 3), opener, max(fewest, 0), pot, p)
            else:
                situation = "face2"
                key = (min(opponents, 3), min(view.raises, 1), opener, max(fewest, 0), pot,
                       _price(view), p)
        probs = strategy.policy[situation].get(key)
        if probs is None:
            self.fallbacks += 1
            probs = fallback_probs(situation, key, s)
        return Decision(situation, key, s, probs)

    def pick(self, probs: Sequence[int]) -> int:
        """An action index drawn from ``probs`` (no draw when one action is certain)."""
        for i, p in enumerate(probs):
            if p == SCALE:
                return i
        u = self.rng.integers(SCALE)
        for i, p in enumerate(probs):
            u -= p
            if u < 0:
                return i
        return len(probs) - 1

    @staticmethod
    def move(action: str, kinds: Mapping[str, LegalAction]) -> Any:
        """The legal move that plays an abstract action (the nearest one legal)."""
        if action in ("small", "big") and "bet" in kinds:
            option = kinds["bet"]
            low = option.min or 1
            return Bet(low if action == "small" else (option.max or low))
        if action == "raise" and "raise" in kinds:
            option = kinds["raise"]
            return RaiseTo(option.max or option.min or 0)
        if action == "fold" and "check" not in kinds and "fold" in kinds:
            return Fold()
        if "check" in kinds:
            return Check()
        if "call" in kinds:
            return Call()
        return Fold()

    # -- playing --------------------------------------------------------------------------

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        kinds = {a.kind: a for a in legal}
        if "choose" in kinds:  # Dealer's Choice: the default variant when it may (what it
            offered = [v for (v,) in kinds["choose"].limit.choices()]  # was trained on)
            return Choose(_TRAINED if _TRAINED in offered else offered[0])
        if "declare" in kinds:  # the hand, truthfully
            return Declare(*kinds["declare"].limit.choices()[0])
        if "draw" in kinds:
            return Draw(self.discards(view, kinds["draw"]))
        if not ("call" in kinds or "check" in kinds):
            raise PedronValueError(f"StrongBot: no betting action among {list(kinds)}")
        d = self.decision(view, kinds)
        return self.move(ACTIONS[d.situation][self.pick(d.probs)], kinds)

    def discards(self, view: Any, option: LegalAction) -> tuple[int, ...]:
        """The advisor's best exchange for beating the reference hand."""
        from pedron.drawpoker import DrawLimit, best_exchange

        most = option.max or 0
        rule = option.limit  # the ace rule, when the largest exchange needs a kept ace
        ace = bool(rule is not None and rule.ace_for_most and rule.most == most)
        wild = view.variant != "draw"
        return best_exchange(tuple(view.my_cards), DrawLimit(most, ace), wild,
                             self.strategy.beat(wild))

    def __repr__(self) -> str:
        # (the shipped strategy is the default; a file given by path is named)
        where = f", strategy={self._path!r}" if self._path is not None else ""
        return f"StrongBot(seed={self.rng.seed}{where})"
