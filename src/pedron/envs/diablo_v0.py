"""``diablo_v0``: Diablo (3-7 players) as a PettingZoo AEC environment.

``env(players=3, stacks=None, reward="deal", ..., **rules)``: every option of
:class:`pedron.diablo.Rules` is a keyword (``variant="deuces_wild"``,
``more_draw=True``, ``declare=True``, ``dealers_choice=True`` ...);
``stacks`` defaults to ``Rules.stacks``. The actions are
:class:`~pedron.encodings.DiabloActions`; the observation is
:class:`~pedron.envs.observations.DiabloObservation` with the action mask.
See ``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pedron.diablo.rules import Rules
from pedron.diablo.table import Table
from pedron.encodings import DiabloActions
from pedron.envs.base import OrderEnforcing, TableEnv
from pedron.envs.observations import DiabloObservation

__all__ = ["env", "raw_env"]


class raw_env(TableEnv):
    """Diablo as an AEC environment (see the module docstring and :class:`TableEnv`)."""

    metadata: ClassVar[dict[str, Any]] = {**TableEnv.metadata, "name": "diablo_v0"}

    def __init__(
        self,
        players: int = 3,
        stacks: int | list[int] | None = None,
        *,
        reward: str = "deal",
        max_deals: int | None = 100,
        dealer: int | None = None,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        made = Rules(**rules)
        super().__init__(players, made.stacks if stacks is None else stacks, made, Table,
                         reward, max_deals, dealer, render_mode)
        self.actions = DiabloActions(self.rules)
        self.encoder = DiabloObservation(self._players, self.total)
        self._build_spaces()


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return OrderEnforcing(raw_env(**kwargs))
