"""PettingZoo environments and a Gymnasium wrapper for pedron's games (``pip install pedron[rl]``).

* :mod:`pedron.envs.diamondback_v0` and :mod:`pedron.envs.diablo_v0`: AEC
  environments (``diamondback_v0.env(**options)``);
* :class:`pedron.envs.SingleAgentEnv`: one seat as a Gymnasium environment,
  the other seats played by pedron's bots; registered with Gymnasium (when it
  is installed) as ``"pedron/Diamondback-v0"`` and ``"pedron/Diablo-v0"`` when
  this package is imported, so ``gymnasium.make("pedron/Diamondback-v0",
  stacks=20)`` works after ``import pedron.envs``;
* :func:`pedron.envs.env`: the environment of any registered game whose
  descriptor gives its encodings (:attr:`pedron.games.GameInfo.encodings`).

``import pedron`` never imports this package; it needs ``pettingzoo`` and
``gymnasium`` (the ``rl`` extra), imported with the environments
(:mod:`pedron.encodings`, the action encodings, needs only numpy). See
``docs/rl.md``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pedron import games
from pedron.games import GameInfo

__all__ = ["GYMNASIUM_IDS", "SingleAgentEnv", "diablo_v0", "diamondback_v0", "env",
           "gymnasium_id", "register"]


def gymnasium_id(game: str | GameInfo) -> str:
    """The Gymnasium id of ``game``'s single-agent environment (``"pedron/Diablo-v0"``:
    its title without spaces)."""
    return f"pedron/{games.get(game).title.replace(' ', '')}-v0"  # type: ignore[arg-type]


def _ids() -> dict[str, str]:
    return {gymnasium_id(name): f"pedron.envs.single:{name}" for name in games.names()
            if games.get(name).encodings is not None}


#: The Gymnasium ids of the single-agent environments, and their entry points (the games
#: registered when this package is imported; :func:`register` adds those registered since).
GYMNASIUM_IDS = _ids()


def env(game: str | GameInfo, **options: Any) -> Any:
    """The PettingZoo environment of ``game`` (a registered game's name or descriptor
    with the encodings facet), in the order-enforcing wrapper: ``env("diablo", **options)``
    is ``diablo_v0.env(**options)`` (:class:`pedron.envs.base.GameEnv` for the options)."""
    from pedron.envs.base import OrderEnforcing, game_env

    return OrderEnforcing(game_env(game)(**options))


def __getattr__(name: str) -> Any:
    if name in ("diamondback_v0", "diablo_v0"):  # (the built-in games' modules)
        return import_module(f"pedron.envs.{name}")
    if name == "SingleAgentEnv":
        from pedron.envs.single import SingleAgentEnv

        return SingleAgentEnv
    raise AttributeError(f"module 'pedron.envs' has no attribute {name!r}")


def register() -> bool:
    """Register :data:`GYMNASIUM_IDS` with Gymnasium (done when this package is
    imported), with the ids of the games registered since; ``False`` if Gymnasium is
    not installed."""
    try:
        from gymnasium.envs.registration import register as gymnasium_register
        from gymnasium.envs.registration import registry
    except ImportError:
        return False
    GYMNASIUM_IDS.update(_ids())
    for env_id, entry_point in GYMNASIUM_IDS.items():
        if env_id not in registry:
            gymnasium_register(id=env_id, entry_point=entry_point)
    return True


register()
