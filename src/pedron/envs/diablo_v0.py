"""``diablo_v0``: Diablo (3-7 players) as a PettingZoo AEC environment.

``env(players=None, stacks=None, reward="deal", ..., **rules)``: every option of
:class:`pedron.diablo.Rules` is a keyword (``variant="deuces_wild"``,
``more_draw=True``, ``declare=True``, ``dealers_choice=True`` ...). ``players``
None (the default) is 3; ``stacks`` None (the default) is ``Rules.stacks`` (100
chips each). The actions are
:class:`~pedron.diablo.DiabloActions`; the observation is
:class:`~pedron.diablo.DiabloObservation` with the action mask. The
environment is the game's :class:`~pedron.envs.base.GameEnv`, made from its
descriptor. See ``docs/rl.md``.
"""

from __future__ import annotations

from pedron.envs.base import module_env

__all__ = ["env", "raw_env"]

raw_env, env = module_env(__name__)
