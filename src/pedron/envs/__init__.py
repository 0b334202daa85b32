"""PettingZoo environments and a Gymnasium wrapper for pedron's games (``pip install pedron[rl]``).

* :mod:`pedron.envs.diamondback_v0` and :mod:`pedron.envs.diablo_v0`: AEC
  environments (``diamondback_v0.env(**options)``);
* :class:`pedron.envs.SingleAgentEnv`: one seat as a Gymnasium environment,
  the other seats played by pedron's bots.

``import pedron`` never imports this package; it needs ``pettingzoo`` and
``gymnasium`` (the ``rl`` extra), imported with the environments
(:mod:`pedron.encodings`, the action encodings, needs only numpy). See
``docs/rl.md``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["SingleAgentEnv", "diablo_v0", "diamondback_v0"]

_LAZY = {"diamondback_v0": "pedron.envs.diamondback_v0", "diablo_v0": "pedron.envs.diablo_v0"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return import_module(_LAZY[name])
    if name == "SingleAgentEnv":
        from pedron.envs.single import SingleAgentEnv

        return SingleAgentEnv
    raise AttributeError(f"module 'pedron.envs' has no attribute {name!r}")
