"""A Diamondback bot that plays a solved equilibrium from a strategy file.

``pedron solve diamondback`` (:func:`pedron.solver.solve`, or OpenSpiel's
:func:`pedron.spiel.solve.solve`) writes the file: the settings solved
(players, stacks, bet sizes, rules), and for every information set the
probabilities of each action of the environments' encoding
(:class:`pedron.encodings.DiamondbackActions`). An information set is named by
:func:`info_key`, made from the player's own view only.

As a simulation bot: ``"equilibrium:file=strategy.json"`` (a built-in spec).
At a hand the file does not cover (other stacks, more players, a carried-over
pot on the table) the bot plays its ``fallback`` bot instead and counts it
(``fallbacks``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pedron._kernels.rng import Generator, as_generator
from pedron.bots import Bot
from pedron.diamondback.cards import RANK_CODES, RANK_OF_ID
from pedron.diamondback.rules import Rules
from pedron.diamondback.table import Table
from pedron.engine import LegalAction
from pedron.engine.seats import from_left
from pedron.errors import PedronValueError

__all__ = ["FORMAT", "EquilibriumBot", "info_key", "key_text", "load_strategy", "move_text",
           "roles_of"]

FORMAT = "pedron.strategy"
_MOVES = frozenset(("ante", "match", "fold", "bet", "stop", "reveal"))


def roles_of(view: Any) -> dict[int, str]:
    """Each seat's role in the keys: ``D`` the dealer, ``N0``, ``N1``... the others in
    turn from the dealer's left."""
    dealer = view.dealer
    # (before the deal, in Dealer's Diamondback, nobody is dealt in yet: seats from the left)
    order = view.dealt_in or from_left(dealer, len(view.stacks))
    return {s: ("D" if s == dealer else f"N{i}") for i, s in enumerate(order)}


def move_text(role: str, kind: str, amount: int = 0, rank: int | None = None) -> str:
    """One move in a key: ``D:bet2``, ``N0:match2``, ``D:stop``, ``N0:revealK`` (a
    revealed card by its rank only)."""
    if kind == "reveal":
        return f"{role}:reveal{RANK_CODES[rank] if rank is not None else '?'}"
    return f"{role}:{kind}{amount}" if amount else f"{role}:{kind}"


@cache
def _held(ranks: tuple[int, ...]) -> str:
    return "".join(sorted(RANK_CODES[r] for r in ranks)) or "-"


def key_text(role: str, ranks: Sequence[int], moves: Sequence[str] | str) -> str:
    """An information set's key from its parts: the role, the ranks held (any order;
    none before the deal) and the moves so far (:func:`move_text`; or already joined by
    spaces)."""
    tail = moves if isinstance(moves, str) else " ".join(moves)
    held = _held(tuple(ranks))
    return f"{role} {held} {tail}" if tail else f"{role} {held}"


def info_key(view: Any) -> str:
    """The information set of the player of ``view`` (his own view only): his role
    (``D`` dealer, ``N`` the others in turn), his two ranks (sorted: the order they came
    in changes nothing), and every move so far by role, with chips and revealed ranks.

    The stacks are not in the key: a strategy file is for the stacks it was solved at.
    """
    roles = roles_of(view)
    moves = []
    for r in view.history:
        if r.kind not in _MOVES:
            continue
        role = roles.get(r.seat, "?")
        rank = RANK_OF_ID[r.cards[0]] if r.kind == "reveal" else None
        moves.append(move_text(role, r.kind, r.amount, rank))
    return key_text(roles.get(view.seat, "?"), [RANK_OF_ID[c] for c in view.my_cards], moves)


def load_strategy(path: str | Path) -> dict[str, Any]:
    """A strategy file's data, checked (a :class:`PedronValueError` says what is wrong)."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        raise PedronValueError(f"cannot read strategy file {str(path)!r}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PedronValueError(f"{str(path)!r} is not a pedron strategy file")
    if data.get("version") != 1 or not isinstance(data.get("strategy"), dict):
        raise PedronValueError(f"{str(path)!r}: unsupported strategy file version")
    return data


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
        from pedron.encodings import DiamondbackActions  # (numpy only)

        data = load_strategy(file)
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
        order = list(view.dealt_in or from_left(view.dealer, len(view.stacks)))
        if len(order) != self.players or view.carry:
            return False
        start = [view.stacks[s] + view.committed[s] for s in order]
        return start[-1:] + start[:-1] == list(self.stacks)  # (the file: the dealer first)

    def __call__(self, view: Any, legal: Sequence[LegalAction]) -> Any:
        probs = self.strategy.get(info_key(view)) if self.covers(view) else None
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
