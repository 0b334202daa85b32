"""``diamondback_v0``: Diamondback (2-4 players) as a PettingZoo AEC environment.

``env(players=None, stacks=None, reward="deal", ..., **rules)``: every option of
:class:`pedron.diamondback.Rules` is a keyword (``variant="dealers"``,
``tie_rule="split"``, ``max_bet=4`` ...). ``players`` None (the default) is 2;
``stacks`` None (the default) is 20 chips each, the environment's own default (a
``Table``'s is 100). The actions are
:class:`~pedron.diamondback.encodings.DiamondbackActions` (``bet_sizes``: the bet
sizes offered; default every amount the table allows); the observation is
:class:`~pedron.diamondback.encodings.DiamondbackObservation` with the action
mask. The environment is the game's :class:`~pedron.envs.base.GameEnv`, made from
its descriptor. See ``docs/rl.md``.
"""

from __future__ import annotations

from pedron.envs.base import module_env

__all__ = ["env", "raw_env"]

raw_env, env = module_env(__name__)
