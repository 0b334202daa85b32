"""One seat of a pedron game as a Gymnasium environment, the other seats played by bots.

``SingleAgentEnv("diamondback", seat=0, opponents="odds", **options)``: the
first argument names the card game (a registered game with the encodings facet, or
its descriptor; positional only, so that every keyword
goes to the environment: ``SingleAgentEnv("diablo", variant="deuces_wild")``
plays Deuces Wild); the ``options`` are those of the game's PettingZoo
environment (:mod:`pedron.envs.diamondback_v0`, :mod:`pedron.envs.diablo_v0`:
players, stacks, reward, every ``Rules`` option...). Registered with
Gymnasium when :mod:`pedron.envs` is imported: ``gymnasium.make(
"pedron/Diamondback-v0", **options)`` and ``"pedron/Diablo-v0"`` (or, without
importing it first, ``"pedron.envs:pedron/Diamondback-v0"``). ``opponents`` is one bot spec for
every other seat or one per other seat, in seat order (``"random"``,
``"odds"``, ``"rule:open=two_pair"``, ``"equilibrium:file=..."``, an import
path: see :mod:`pedron.bots`; default the game's ``default_bot``). The observation is the learner's
``{"observation", "action_mask"}``; the reward is his chips won or lost.

Gymnasium lets ``step`` take any action of the space: with ``illegal="replace"``
(default) an action the mask refuses is played as the first legal one and
``info["illegal"]`` holds the action asked for (a learner may penalise it);
``illegal="raise"`` raises the engine's ``IllegalActionError`` instead. If the
episode ends before the learner is first to act, ``reset`` returns its final
observation and ``info["reward_before"]`` the chips it moved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from pedron import games
from pedron._copying import deep_copy
from pedron._kernels.rng import Generator
from pedron.bots import make_bot
from pedron.envs import gymnasium_id
from pedron.envs.base import action_index, game_env, not_reset_error
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.text import shown

__all__ = ["SingleAgentEnv", "entry_point"]


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc, unused-ignore]
    """The learner plays ``seat``; pedron's bots play the others (see the module docstring).

    Each ``reset(seed=...)`` seeds the table and the bots, so one seed gives
    the same episode for the same actions.
    """

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    # (render_fps: Gymnasium's checker asks for one; a text render has no frame rate)
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        name: str | GameInfo = games.DEFAULT,
        /,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        render_mode: str | None = None,
        illegal: str = "replace",
        **options: Any,
    ) -> None:
        if illegal not in ("replace", "raise"):
            raise PedronValueError(f"illegal must be 'replace' or 'raise', not {illegal!r}")
        self.illegal = illegal
        info = games.get(name)  # type: ignore[arg-type]
        if info.encodings is None:
            playable = [n for n in games.names() if games.get(n).encodings is not None]
            raise PedronValueError(f"{info.title} has no environment: the card game is one "
                                   f"of {', '.join(map(repr, playable))}")
        game = self.game = info.name  # (the card game the bots play)
        self.aec = game_env(info)(render_mode=render_mode, **options)
        n = len(self.aec.possible_agents)
        # (the plain value of an int: a subclass's comparisons may lie)
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= int.__index__(seat) < n:
            raise PedronValueError(f"seat must be 0..{n - 1}, not {shown(seat)}")
        seat = self.seat = int.__index__(seat)
        self.agent = self.aec.possible_agents[seat]
        if opponents is None:
            opponents = info.default_bot
        if isinstance(opponents, str):
            specs = [opponents] * (n - 1)
        elif isinstance(opponents, (list, tuple)):
            specs = list(opponents)
        else:
            raise PedronTypeError(f"opponents are a bot spec or a list of them, not "
                                  f"{type(opponents).__name__}")
        if len(specs) != n - 1:
            raise PedronValueError(f"{n - 1} opponents are needed, not {len(specs)}")
        self.opponents = specs
        for spec in specs:  # (checked now: a bad spec fails here, not at the first reset)
            make_bot(spec, game, 0, rules=self.aec.rules)
        self.bots: dict[int, Any] = {}
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = render_mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        self.aec.reset(seed=seed)  # (first: it checks the seed, which Gymnasium would refuse
        super().reset(seed=None if seed is None else int(seed))  # with its own error)
        source = Generator(self.aec._rng.next_u32())
        others = [s for s in range(len(self.aec.possible_agents)) if s != self.seat]
        self.bots = {s: make_bot(spec, self.game, Generator(source.next_u32()),
                                 rules=self.aec.rules) for s, spec in zip(others, self.opponents,
                                                                          strict=True)}
        reward = self._play_others()
        return self.aec.observe(self.agent), {"reward_before": reward}

    def _play_others(self) -> float:
        """Let the bots act until the learner is to act or the episode is over; the
        learner's reward meanwhile."""
        aec = self.aec
        me = self.agent
        reward = 0.0
        while not (aec.terminations[me] or aec.truncations[me]) and aec.agent_selection != me:
            agent = aec.agent_selection
            seat = aec.agent_name_mapping[agent]
            view = aec.deal.view(seat)
            aec._cumulative_rewards[agent] = 0
            aec.play(self.bots[seat](view, view.legal))
            reward += aec.rewards[me]
        return reward

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        me = self.agent
        if aec.table is None:
            raise not_reset_error("step()")
        if aec.terminations[me] or aec.truncations[me]:
            raise PedronValueError("the episode is over: call reset()")
        info: dict[str, Any] = {}
        # An action of the space is an index 0..n-1 (anything else is refused whatever
        # ``illegal`` says); only a masked one is replaced.
        index = action_index(action, aec.actions.n)
        if self.illegal == "replace":
            mask = aec.actions.mask(aec.deal.view(self.seat))
            if not mask[index]:
                info["illegal"] = index
                index = int(np.flatnonzero(mask)[0])
        aec.step(index)
        reward = aec.rewards[me] + self._play_others()
        return aec.observe(me), float(reward), aec.terminations[me], aec.truncations[me], info

    def render(self) -> str | None:
        return self.aec.render()

    def __repr__(self) -> str:
        return (f"<SingleAgentEnv {self.game} seat={self.seat} opponents={self.opponents} "
                f"{self.aec!r}>")


def entry_point(game: str) -> Callable[..., SingleAgentEnv]:
    """``SingleAgentEnv(game, **options)`` as a function of the options alone: the entry
    point of the game's Gymnasium id (:data:`pedron.envs.GYMNASIUM_IDS`)."""
    info = games.get(game)

    def make(**options: Any) -> SingleAgentEnv:
        return SingleAgentEnv(info, **options)

    make.__name__ = make.__qualname__ = info.name
    make.__doc__ = (f"``SingleAgentEnv({info.name!r}, **options)``: the entry point of "
                    f"Gymnasium's ``{gymnasium_id(info)!r}``.")
    return make


def __getattr__(name: str) -> Any:
    # (each game's entry point, as the Gymnasium ids name it: pedron.envs.single:<game>)
    if name in games.names():
        return entry_point(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
