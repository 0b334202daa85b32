"""The AEC environment every game shares: a pedron table played through PettingZoo's API.

:func:`game_env` makes a game's environment class from its descriptor
(:attr:`pedron.games.GameInfo.encodings`: its action and observation encodings,
how many players and chips when not told); :mod:`pedron.envs.diamondback_v0` and
:mod:`pedron.envs.diablo_v0` are the built-in games' modules.
:class:`TableEnv` runs one pedron ``Table``: ``reset(seed=...)`` seats the
players (a fresh table on a generator from the seed, so the same seed deals
the same cards and draws the same first dealer), every ``step`` applies the
acting player's move to the deal in progress, and rewards are the chips each
player won or lost, paid when a deal ends:

* ``reward="deal"`` (default): an episode is one deal; every agent's reward
  is his net over it (``result.net``: a carried-over pot is a loss of what he
  put in).
* ``reward="session"``: an episode is a session of deals, until the table's
  session ends (fewer than two players can play) or ``max_deals`` deals
  (then the agents are *truncated*); after each deal the reward is the
  change of every stack since the deal before, so the rewards of an episode
  add up to each player's stack at the end minus his buy-in (chips of a pot
  still carried at a truncation belong to nobody yet and are not counted).

Only the player to act is ever selected; a player who folded or was not
dealt in waits for the deal's end. An illegal action raises the engine's
:class:`~pedron.engine.IllegalActionError` (the state does not change);
``observation["action_mask"]`` lists the legal ones.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        f"pedron's environments need PettingZoo and Gymnasium ({exc}): "
        "pip install 'pedron[rl]'") from exc

from pedron import games
from pedron._copying import deep_copy
from pedron._kernels.rng import Generator
from pedron._locks import module_lock
from pedron.encodings import action_index
from pedron.errors import NotResetError, PedronTypeError, PedronValueError
from pedron.games import GameInfo

__all__ = ["GameEnv", "OrderEnforcing", "TableEnv", "action_index", "game_env", "module_env"]

_REWARDS = ("deal", "session")


class TableEnv(AECEnv):  # type: ignore[misc]
    """Base of every game's environment (see the module docstring).

    A game's environment sets ``metadata``, builds its rules, table, action
    encoding (``self.actions``) and observation encoder (``self.encoder``).
    """

    __copy__ = deep_copy  # (copy.copy: an independent copy, as copy.deepcopy)

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int,
        stacks: int | list[int],
        rules: Any,
        table_class: Any,
        reward: str,
        max_deals: int | None,
        dealer: int | None,
        render_mode: str | None,
    ) -> None:
        super().__init__()
        if reward not in _REWARDS:
            raise PedronValueError(f"reward must be one of {_REWARDS}, not {reward!r}")
        if max_deals is not None and (isinstance(max_deals, bool) or not isinstance(
                max_deals, int) or max_deals < 1):
            raise PedronValueError(f"max_deals must be a whole number of at least 1 or None, "
                                   f"not {max_deals!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise PedronValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.rules = rules
        self.reward_mode = reward
        self.max_deals = max_deals
        self.render_mode = render_mode
        self._table_class = table_class
        self._dealer = dealer
        # A table built now checks players, stacks and dealer, and fixes the chips at play.
        probe = table_class(players, stacks, rules, 0, dealer=0 if dealer is None else dealer)
        self._players = probe.n
        self._stacks = stacks
        self.total = probe.total
        self._buy_in = probe.stacks
        self.possible_agents = [f"player_{i}" for i in range(self._players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng = Generator(None)
        self._pristine: Any = None
        self._cache: dict[int, Any] = {}
        self.table: Any = None
        self.deal: Any = None
        self._stacks_before: tuple[int, ...] = ()

    def _build_spaces(self) -> None:
        """The spaces of every agent (the same objects on every call, as the API asks)."""
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.n,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.n) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a fresh table (on a generator from ``seed``; without one,
        the next seed of the environment's own generator) and its first deal."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise PedronTypeError(f"seed must be an int or None, not {seed!r}")
            self._rng = Generator(int.__index__(int(seed)))  # (its checks: 0..2**64-1)
        table_seed = Generator(self._rng.next_u32() << 32 | self._rng.next_u32())
        if self.reward_mode == "deal":
            self.table = self._fresh_table(table_seed)
        else:
            self.table = self._table_class(self._players, self._stacks, self.rules, table_seed,
                                           dealer=self._dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        # (before the deal: a Diablo ante, paid as the deal is made, is the deal's too)
        self._stacks_before = tuple(self._buy_in)
        self._next_deal()

    def _fresh_table(self, rng: Generator) -> Any:
        """A table as ``Table(players, stacks, rules, rng, dealer=...)`` builds it, with
        its first deal dealt: made once, then started again on each new generator
        (:meth:`~pedron.engine.Table.reset`: a table's construction costs several
        environment steps)."""
        table = self._pristine
        if table is None:
            table = self._pristine = self._table_class(
                self._players, self._stacks, self.rules, rng, dealer=self._dealer)
        else:
            table.reset(rng, dealer=self._dealer)
        table.next_deal()
        return table

    def _next_deal(self) -> None:
        """Deal on until a deal waits for a move, or the episode ends."""
        table = self.table
        if self.reward_mode == "deal":
            deal = self.deal = table.last
            if deal.done:  # (an ante nobody can match: no deal)
                self._deal_over()
            else:
                self.agent_selection = self.possible_agents[deal.to_act]
            return
        while True:
            if table.over:
                self._end(truncated=False)
                return
            if self.max_deals is not None and table.deals_played >= self.max_deals:
                self._end(truncated=True)
                return
            deal = self.deal = table.next_deal()
            if not deal.done:
                self.agent_selection = self.possible_agents[deal.to_act]
                return
            self._deal_over()
            if self.reward_mode == "deal":
                return

    def _deal_over(self) -> None:
        """Pay the chips the deal moved; end the episode after one deal (``"deal"``)."""
        stacks = self.table.stacks
        before = self._stacks_before
        for i, agent in enumerate(self.possible_agents):
            self.rewards[agent] = stacks[i] - before[i]
        self._stacks_before = stacks
        if self.reward_mode == "deal":
            self._end(truncated=False)

    def _end(self, truncated: bool) -> None:
        if self.table.over:  # (the end of a session may divide a pot: paid now)
            stacks = self.table.stacks
            before = self._stacks_before
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] += stacks[i] - before[i]
            self._stacks_before = stacks
        flags = self.truncations if truncated else self.terminations
        for agent in self.agents:
            flags[agent] = True
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        """Play ``action`` (an index of the encoding) for the agent selected."""
        if self.table is None:
            raise not_reset_error("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        view, mask = self._seen(seat)
        index = action_index(action, self.actions.n)
        if not mask[index]:
            from pedron.errors import IllegalActionError

            raise IllegalActionError(
                f"{agent} may not {self.actions.describe(index)} now "
                f"(legal: {self.legal_names(agent)})")
        self._cumulative_rewards[agent] = 0
        self.play(self.actions.move(index, view))

    def play(self, move: Any) -> None:
        """Apply an engine move (checked by the deal) for the agent selected, then pay
        and move on as :meth:`step` does (the bots of :class:`SingleAgentEnv` play so)."""
        for a in self.agents:
            self.rewards[a] = 0
        deal = self.deal
        deal.apply(move)
        if deal.done:
            self._deal_over()
            if self.reward_mode == "session":
                self._next_deal()
        else:
            self.agent_selection = self.possible_agents[deal.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- what an agent sees -----------------------------------------------------------------
    def last(self, observe: bool = True) -> tuple[Any, ...]:
        """PettingZoo's ``last()``: the selected agent's observation, reward, flags, info."""
        if self.table is None:
            raise not_reset_error("last()")
        return super().last(observe)  # type: ignore[no-any-return]

    def _seen(self, seat: int) -> tuple[Any, np.ndarray]:
        """``seat``'s view and action mask now (made once per state: a step and the
        observation before it share them; every move adds a record to the history)."""
        deal = self.deal
        if deal is None:
            raise not_reset_error("observe()")
        key = (deal, len(deal.history), seat)
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        view = deal.view(seat)
        mask = self.actions.mask(view)
        self._cache[seat] = (key, view, mask)
        return view, mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": tensor, "action_mask": mask}`` of ``agent``'s own view (new
        arrays: the caller may keep or change them)."""
        view, mask = self._seen(self.agent_name_mapping[agent])
        return {"observation": self.encoder.encode(view), "action_mask": mask.copy()}

    def observation_text(self, agent: str) -> str:
        """What ``agent`` knows now, as text (his view: chips exact, no hidden card)."""
        return str(self.encoder.text(self.view(agent)))

    def view(self, agent: str) -> Any:
        """``agent``'s pedron view of the deal in progress (or the last one)."""
        if self.deal is None:
            raise not_reset_error("a view")
        return self.deal.view(self.agent_name_mapping[agent])

    def legal_names(self, agent: str) -> list[str]:
        """The legal actions of ``agent`` now, by name."""
        mask = self.actions.mask(self.view(agent))
        return [self.actions.describe(int(i)) for i in np.flatnonzero(mask)]

    def render(self) -> str | None:
        """``"ansi"``: the spectator's view of the deal as text; ``"human"``: printed."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.encoder.text(self.deal.view(None))) if self.deal is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the table is plain Python)."""

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} players={self._players} reward={self.reward_mode!r} "
                f"rules={self.rules!r}>")


class GameEnv(TableEnv):
    """A registered game as an AEC environment (its class is :func:`game_env`'s).

    ``raw_env(players=None, stacks=None, *, reward="deal", max_deals=100, dealer=None,
    render_mode=None, **options)``: ``players`` and ``stacks`` None (their defaults)
    are the game's encodings facet's (:class:`~pedron.games.adapters.Encodings`:
    Diamondback 2 players of 20 chips), or where it gives none its table's
    (Diablo: 3 players, ``Rules.stacks``); of the ``options``, those the facet names
    (Diamondback's ``bet_sizes``) go to the action encoding, every other one to the
    game's ``Rules``.
    """

    INFO: ClassVar[GameInfo]

    def __init__(
        self,
        players: int | None = None,
        stacks: int | list[int] | None = None,
        *,
        reward: str = "deal",
        max_deals: int | None = 100,
        dealer: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        info = self.INFO
        facet = info.encodings
        assert facet is not None  # (game_env makes no class for a game without it)
        own = {k: options.pop(k) for k in facet.options if k in options}
        rules = info.rules(**options)
        game = info.game
        if players is None:
            players = game.default_players if facet.players is None else facet.players
        if stacks is None:
            stacks = game.default_stacks(rules) if facet.stacks is None else facet.stacks
        super().__init__(players, stacks, rules, info.table, reward, max_deals, dealer,
                         render_mode)
        self.actions = facet.actions(self.rules, self.total, **own)
        self.encoder = facet.observation(self._players, self.total)
        self._build_spaces()


_classes: dict[str, type[GameEnv]] = {}  # (a game's class, made once: under _lock)
_lock = module_lock(__name__, "_lock")


def game_env(game: str | GameInfo) -> type[GameEnv]:
    """The environment class (``raw_env``) of ``game`` (a registered game's name or
    descriptor): a :class:`GameEnv`, made once per game. A game without the encodings
    facet has none (:class:`~pedron.errors.PedronValueError`)."""
    info = games.get(game)  # type: ignore[arg-type]
    with _lock:
        made = _classes.get(info.name)
        if made is not None and made.INFO is info:
            return made
    if info.encodings is None:
        raise PedronValueError(f"{info.title} has no environment (its descriptor gives no "
                               "encodings)")
    module = f"pedron.envs.{info.name}_v0"
    made = type("raw_env", (GameEnv,), {
        "INFO": info, "__module__": module, "__qualname__": "raw_env",
        "metadata": {**TableEnv.metadata, "name": f"{info.name}_v0"},
        "__doc__": f"{info.title} as an AEC environment (see :class:`GameEnv`).",
    })
    with _lock:  # (a game registered again replaces its class)
        known = _classes.get(info.name)
        if known is None or known.INFO is not info:
            known = _classes[info.name] = made
        return known


def module_env(module: str) -> tuple[type[GameEnv], Callable[..., Any]]:
    """``raw_env, env`` of the game a PettingZoo module is named after
    (``pedron.envs.<game>_v0``)."""
    cls = game_env(module.rsplit(".", 1)[-1].removesuffix("_v0"))

    def env(*args: Any, **kwargs: Any) -> Any:
        """:class:`raw_env` in PettingZoo's order-enforcing wrapper (the usual entry point)."""
        return OrderEnforcing(cls(*args, **kwargs))

    env.__module__ = module
    env.__signature__ = inspect.signature(cls).replace(  # type: ignore[attr-defined]
        return_annotation="OrderEnforcing")  # (raw_env's parameters)
    return cls, env


def not_reset_error(what: str) -> NotResetError:
    return NotResetError(f"{what} before the environment's first reset(): call reset() first")


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, with ``last()`` asked of the environment in
    one call (the same checks and answers; the generic ``last`` reaches the environment
    through the wrapper once per attribute, a large part of a step's cost). A call
    before the first ``reset()`` raises :class:`~pedron.errors.NotResetError` (the
    attributes PettingZoo lists, ``agents``, ``rewards``..., an ``AttributeError``)."""

    def last(self, observe: bool = True) -> tuple[Any, ...]:
        if not self._has_reset:
            raise not_reset_error("last()")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            raise not_reset_error("step()")
        super().step(action)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            raise not_reset_error("observe()")
        return super().observe(agent)

    def render(self) -> Any:
        if not self._has_reset:
            raise not_reset_error("render()")
        return super().render()

    def state(self) -> Any:
        if not self._has_reset:
            raise not_reset_error("state()")
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            raise not_reset_error("agent_iter()")
        return super().agent_iter(max_iter)

    # (read at every turn by agent_iter and step: asked of the environment directly)
    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]
