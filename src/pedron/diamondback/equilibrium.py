"""A Diamondback bot that plays a solved equilibrium from a strategy file.

``pedron solve diamondback`` (:func:`pedron.diamondback.solver.solve`, or OpenSpiel's
:func:`pedron.diamondback.spiel.solve`) writes the file (:mod:`pedron.diamondback.strategyfile`:
the settings solved, and for every information set the probabilities of each
action of the environments' encoding); an information set is named by
:func:`pedron.diamondback.strategyfile.info_key`, made from the player's own view only.

As a simulation bot: ``"equilibrium:file=strategy.json"`` (a built-in spec).
At a hand the file does not cover (other stacks, more players, a carried-over
pot on the table) the bot plays its ``fallback`` bot instead and counts it
(``fallbacks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pedron._kernels.rng import Generator, as_generator
from pedron.bots import Bot
from pedron.diamondback.rules import Rules
from pedron.diamondback.strategyfile import info_key as _info_key
from pedron.diamondback.strategyfile import read_strategy_file as _read_strategy_file
from pedron.diamondback.table import Table
from pedron.engine import LegalAction
from pedron.engine.seats import from_left
from pedron.errors import PedronValueError

__all__ = ["EquilibriumBot"]


class EquilibriumBot(Bot):
    """Plays the mixed strategy of a strategy file (see the module docstring).

    ``file``: the strategy file; ``seed``: its own generator (the mixing);
    ``rules``: the table's (only checked against the file's); ``fallback``: the
    bot spec played where the file has nothing to say (default ``"odds"``).
    """

    def __init__(
        self,
        file: str | Path,
        seed: int | Generator | None = None,
        rules: Rules | None = None,
        fallback: str = "odds",
    ) -> None:
        from pedron.bots import make_bot
        from pedron.diamondback.encodings import DiamondbackActions  # (numpy only)

        data = _read_strategy_file(file)
        self.file = str(file)
        self.settings: dict[str, Any] = data["settings"]
        self.rules = Rules.from_json(data["rules"])
        if rules is not None and rules.replace(next_dealer=None) != self.rules.replace(
                next_dealer=None):
            raise PedronValueError(f"the strategy in {self.file!r} was solved for other rules")
        self.players = int(self.settings["players"])
        self.stacks = tuple(self.settings["stacks"])
        self.strategy: dict[str, list[list[float]]] = data["strategy"]
        self.actions = DiamondbackActions(self.rules, sum(self.stacks),
                                          self.settings.get("bet_sizes") or None)
        self.rng = as_generator(seed)
        self.fallback = make_bot(fallback, Table.GAME.name, Generator(self.rng.next_u32()),
                                 rules=rules)
        self.fallbacks = 0
        self.plays = 0

    def covers(self, view: Any) -> bool:
        """Whether the file covers this hand (the stacks and players it was solved for)."""
        if view.carry:
            return False
        order = list(view.dealt_in or from_left(view.dealer, len(view.stacks)))
        if len(order) != self.players:
            # (Dealer's Diamondback: the file holds the hands where some decline the ante)
            order = list(from_left(view.dealer, len(view.stacks)))
            if len(order) != self.players or not view.dealt_in:
                return False
        start = [view.stacks[s] + view.committed[s] for s in order]
        return start[-1:] + start[:-1] == list(self.stacks)  # (the file: the dealer first)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        probs = self.strategy.get(_info_key(view)) if self.covers(view) else None
        if probs is None:
            self.fallbacks += 1
            return self.fallback(view, legal)
        self.plays += 1
        x = self.rng.next_u32() / 4294967296.0
        acc = 0.0
        index = int(probs[-1][0])
        for action, p in probs:
            acc += p
            if x < acc:
                index = int(action)
                break
        return self.actions.move(index, view)

    def __repr__(self) -> str:
        return f"EquilibriumBot(file={self.file!r}, seed={self.rng.seed})"
