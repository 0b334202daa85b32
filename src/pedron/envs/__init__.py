"""PettingZoo environments and a Gymnasium wrapper for pedron's games (``pip install pedron[rl]``).

* :mod:`pedron.envs.diamondback_v0` and :mod:`pedron.envs.diablo_v0`: AEC
  environments (``diamondback_v0.env(**options)``);
* :class:`pedron.envs.SingleAgentEnv`: one seat as a Gymnasium environment,
  the other seats played by pedron's bots; registered with Gymnasium (when it
  is installed) as ``"pedron/Diamondback-v0"`` and ``"pedron/Diablo-v0"`` when
  this package is imported, so ``gymnasium.make("pedron/Diamondback-v0",
  stacks=20)`` works after ``import pedron.envs``.

``import pedron`` never imports this package; it needs ``pettingzoo`` and
``gymnasium`` (the ``rl`` extra), imported with the environments
(:mod:`pedron.encodings`, the action encodings, needs only numpy). See
``docs/rl.md``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["GYMNASIUM_IDS", "SingleAgentEnv", "diablo_v0", "diamondback_v0", "register"]

#: The Gymnasium ids of the single-agent environments, and their entry points.
GYMNASIUM_IDS = {
    "pedron/Diamondback-v0": "pedron.envs.single:diamondback",
    "pedron/Diablo-v0": "pedron.envs.single:diablo",
}

_LAZY = {"diamondback_v0": "pedron.envs.diamondback_v0", "diablo_v0": "pedron.envs.diablo_v0"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return import_module(_LAZY[name])
    if name == "SingleAgentEnv":
        from pedron.envs.single import SingleAgentEnv

        return SingleAgentEnv
    raise AttributeError(f"module 'pedron.envs' has no attribute {name!r}")


def register() -> bool:
    """Register :data:`GYMNASIUM_IDS` with Gymnasium (done when this package is
    imported); ``False`` if Gymnasium is not installed."""
    try:
        from gymnasium.envs.registration import register as gymnasium_register
        from gymnasium.envs.registration import registry
    except ImportError:
        return False
    for env_id, entry_point in GYMNASIUM_IDS.items():
        if env_id not in registry:
            gymnasium_register(id=env_id, entry_point=entry_point)
    return True


register()
