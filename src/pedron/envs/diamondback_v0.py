"""``diamondback_v0``: Diamondback (2-4 players) as a PettingZoo AEC environment.

``env(players=2, stacks=20, reward="deal", ..., **rules)``: every option of
:class:`pedron.diamondback.Rules` is a keyword (``variant="dealers"``,
``tie_rule="split"``, ``max_bet=4`` ...). The actions are
:class:`~pedron.encodings.DiamondbackActions` (``bet_sizes``: the bet
sizes offered; default every amount the table allows); the observation is
:class:`~pedron.envs.observations.DiamondbackObservation` with the action
mask. See ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pedron.diamondback import Rules, Table
from pedron.encodings import DiamondbackActions
from pedron.envs.base import OrderEnforcing, TableEnv
from pedron.envs.observations import DiamondbackObservation

__all__ = ["env", "raw_env"]


class raw_env(TableEnv):
    """Diamondback as an AEC environment (see the module docstring and :class:`TableEnv`)."""

    metadata: ClassVar[dict[str, Any]] = {**TableEnv.metadata, "name": "diamondback_v0"}

    def __init__(
        self,
        players: int = 2,
        stacks: int | list[int] = 20,
        *,
        reward: str = "deal",
        max_deals: int | None = 100,
        bet_sizes: Sequence[int] | None = None,
        dealer: int | None = None,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        super().__init__(players, stacks, Rules(**rules), Table, reward, max_deals, dealer,
                         render_mode)
        self.actions = DiamondbackActions(self.rules, self.total, bet_sizes)
        self.encoder = DiamondbackObservation(self._players, self.total)
        self._build_spaces()


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return OrderEnforcing(raw_env(**kwargs))
