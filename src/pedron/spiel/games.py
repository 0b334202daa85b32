"""``python_pedron_diamondback`` and ``python_pedron_diablo``: pedron's games in OpenSpiel.

Importing :mod:`pedron.spiel` registers both with ``pyspiel``; then
``pyspiel.load_game("python_pedron_diamondback", {"players": 2, "stacks": 4})``.
Every registered game whose descriptor gives the encodings and OpenSpiel facets
(:attr:`pedron.games.GameInfo.spiel`) is a game ``python_pedron_<name>``
(:func:`register` adds those registered after the import); its parameters are the
facet's. The built-in games' parameters (all optional) are documented in ``docs/rl.md``:

Diamondback: ``players`` (2-4), ``stacks`` (every player's chips), ``dealer``
(the dealer's seat), ``bet_sizes`` (text such as ``"1;2;4"``; empty: every
amount; ``;`` separates them), ``carry`` (how chips carried over to the next hand are valued:
``"split"``, ``"refund"`` or ``"lost"``) and the :class:`pedron.diamondback.Rules`
options ``variant``, ``tie_rule``, ``odd_chip``, ``min_bet``, ``max_bet``
(0: none), ``multiplier`` (0: the variant's), ``ante_min``, ``ante_max`` (0:
none), ``all_in``, ``cap_to_stacks``, ``deal_order``.

Diablo: ``players`` (3-7), ``stacks``, ``dealer``, ``carry`` and the
:class:`pedron.diablo.Rules` options ``variant``, ``ante``, ``min_bet_before``,
``max_bet_before``, ``min_bet_after``, ``max_bet_after``, ``max_raises``
(-1: none), ``max_draw``, ``more_draw``, ``cap`` (0: none), ``jacks_or_better``,
``declare``, ``all_in``, ``odd_chip``, ``dealers_choice``.

**Chance.** Diamondback's chance outcomes are *ranks* (0 Priest .. 4
Magician), each with probability copies left / cards left: the copies of a
rank are interchangeable in every rule of the game, so this abstraction loses
nothing. Diablo's are the 52 cards, uniform over those not yet dealt; a
draw's replacements are chance outcomes too (settings where the stock could
run out, and the discards be shuffled back, are refused).

**Carry-over** (a one-deal model must value the chips left on the table for
the next deal): ``"split"`` (default) gives them back in equal shares to the
players dealt in (the game stays zero-sum: nobody is favoured by the next
deal), ``"refund"`` gives each player back what he put into them, ``"lost"``
counts them as lost (general-sum).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from pedron import games
from pedron._locks import module_lock
from pedron.encodings import view_text
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games import GameInfo
from pedron.games.adapters import SpielParameters
from pedron.spiel.observer import Observer
from pedron.spiel.state import EngineState

# (and the built-in games' old names, served by __getattr__: DIAMONDBACK, DIABLO, their
# OpenSpiel names; DiamondbackSpielGame, DiabloSpielGame, their classes)
__all__ = ["CARRY", "PedronSpielGame", "Settings", "game_class", "register", "spiel_name"]

CARRY = ("split", "refund", "lost")
_PREFIX = "python_pedron_"


def spiel_name(game: str | GameInfo) -> str:
    """The OpenSpiel name of ``game`` (``"python_pedron_diablo"``)."""
    return _PREFIX + games.get(game).name  # type: ignore[arg-type]


def _facet(info: GameInfo) -> SpielParameters:
    if info.spiel is None or info.encodings is None:
        raise PedronValueError(f"{info.title} has no OpenSpiel game (its descriptor gives no "
                               "spiel or encodings facet)")
    return info.spiel


def _game_type(info: GameInfo, zero_sum: bool) -> Any:
    players = info.players
    return pyspiel.GameType(
        short_name=spiel_name(info), long_name=f"pedron {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.stop - 1, min_num_players=players.start,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(_facet(info).defaults),
    )


@dataclass
class Settings:
    """What a game's states share: its descriptor, rules, chips, encodings and chance."""

    info: GameInfo
    rules: Any
    players: int
    stacks: list[int]
    dealer: int
    carry: str
    actions: Any
    encoder: Any
    deal_class: Any
    make_deck: Any
    deck_size: Any
    game_name: str
    total: int
    history_length: int
    first: Any = None  # (what the first deal asks for, found once: see EngineState._start)

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        return self  # (shared by every state of a game, never changed)

    @property
    def facet(self) -> SpielParameters:
        return self.info.spiel  # type: ignore[return-value]

    def extra(self) -> Any:
        extra = self.facet.extra
        return {} if extra is None else extra(self.rules)

    # -- chance -------------------------------------------------------------------------
    def _dealt_in(self, receivers: tuple[int, ...]) -> int:
        """How many players the cards being dealt are for."""
        return len(receivers) // self.info.game.hand_size

    def chance_outcomes(self, state: EngineState) -> list[tuple[int, float]]:
        deal = state.deal
        stock = None if deal is None or deal.deck is None else deal.deck.stock
        return self.facet.chance.outcomes(self._dealt_in(state._receivers), state._chosen,
                                          stock)

    def card_ids(self, outcomes: list[int], cards: int, receivers: tuple[int, ...]) -> list[int]:
        """The cards the engine deals for the chance outcomes."""
        return self.facet.chance.card_ids(outcomes, self._dealt_in(receivers))

    @property
    def outcome_count(self) -> int:
        """How many chance outcomes there are (a rank of Diamondback, a card of Diablo)."""
        return self.facet.chance.count

    def outcome_text(self, outcome: int) -> str:
        return self.facet.chance.text(outcome)

    def card_text(self, card: int) -> str:
        return self.facet.card_text(card)

    def text(self, view: Any, public: bool = False) -> str:
        return view_text(view, self.card_text, public)

    # -- returns ---------------------------------------------------------------------------
    def value(self, deal: Any) -> list[float]:
        """Chips won or lost, with the chips carried over valued by ``carry``."""
        result = deal.result
        net = [float(x) for x in result.net]
        carried = result.carry
        if carried and self.carry != "lost":
            dealt = deal.order
            if self.carry == "split":
                for s in dealt:
                    net[s] += carried / len(dealt)
            else:  # refund: what each put into the carried pot
                done = deal.settlement
                committed = done.committed if done is not None else deal.ledger.committed
                put = [committed[s] for s in range(self.players)]
                whole = sum(put)
                for s in range(self.players):
                    if whole:
                        net[s] += carried * put[s] / whole
        return net


def _params(params: dict[str, Any] | None, defaults: dict[str, Any]) -> dict[str, Any]:
    if params is not None and not isinstance(params, dict):
        raise PedronTypeError(f"a game's parameters are a dict, not {type(params).__name__}")
    out = dict(defaults)
    for key, value in (params or {}).items():
        if key not in defaults:
            raise PedronValueError(f"unknown parameter {key!r} (parameters: {sorted(defaults)})")
        out[key] = value
    return out


class PedronSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game as an OpenSpiel game (its class is :func:`game_class`'s): one
    deal, its parameters the game's :attr:`~pedron.games.GameInfo.spiel` facet's."""

    INFO: GameInfo
    settings: Settings

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = self.INFO
        facet = _facet(info)
        p = _params(params, dict(facet.defaults))
        rules = facet.rules(p)
        settings = _settings(info, rules, p)
        settings.actions = (facet.actions(rules, settings.total, p) if facet.actions
                            is not None else info.encodings.actions(  # type: ignore[union-attr]
                                rules, settings.total))
        settings.encoder = info.encodings.observation(  # type: ignore[union-attr]
            settings.players, settings.total)
        n = settings.players
        length = settings.history_length = facet.history_length(rules, n, settings.stacks)
        self.settings = settings
        zero = p["carry"] != "lost"
        low, high = facet.utility(settings.stacks)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=settings.actions.n, max_chance_outcomes=facet.chance.count,
            num_players=n, min_utility=low, max_utility=high,
            utility_sum=0.0 if zero else None, max_game_length=length)
        super().__init__(_game_type(info, zero), game_info, p)

    def new_initial_state(self) -> EngineState:
        return EngineState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.settings, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


def _settings(info: GameInfo, rules: Any, p: dict[str, Any]) -> Settings:
    if p["carry"] not in CARRY:
        raise PedronValueError(f"carry must be one of {CARRY}, not {p['carry']!r}")
    table = info.table
    probe = table(p["players"], p["stacks"], rules, 0, dealer=p["dealer"])
    return Settings(
        info=info, rules=rules, players=probe.n, stacks=list(probe.stacks),
        dealer=p["dealer"], carry=p["carry"], actions=None, encoder=None,
        deal_class=_facet(info).deal, make_deck=table.GAME.deck,
        deck_size=table.GAME.deck_size, game_name=spiel_name(info), total=probe.total,
        history_length=0,
    )


_classes: dict[str, type[PedronSpielGame]] = {}  # (each game's class, made once: under _lock)
_lock = module_lock(__name__, "_lock")


def game_class(game: str | GameInfo) -> type[PedronSpielGame]:
    """The OpenSpiel game class of ``game`` (a registered game's name or descriptor with
    the encodings and spiel facets), made once per game."""
    info = games.get(game)  # type: ignore[arg-type]
    _facet(info)
    with _lock:
        known = _classes.get(info.name)
        if known is None or known.INFO is not info:
            name = f"{info.title.replace(' ', '')}SpielGame"
            known = _classes[info.name] = type(name, (PedronSpielGame,), {
                "INFO": info, "__module__": __name__, "__qualname__": name,
                "__doc__": f"{info.title} as an OpenSpiel game (see :class:`PedronSpielGame`)."})
        return known


def register() -> None:
    """Register every game with the encodings and spiel facets with ``pyspiel`` (done
    when :mod:`pedron.spiel` is imported; again for a game registered since)."""
    registered = set(pyspiel.registered_names())
    for name in games.names():
        info = games.get(name)
        if info.spiel is None or info.encodings is None or spiel_name(info) in registered:
            continue
        pyspiel.register_game(_game_type(info, True), game_class(info))


def __getattr__(name: str) -> Any:
    # The built-in games' old names: DIAMONDBACK / DIABLO (their OpenSpiel names) and
    # DiamondbackSpielGame / DiabloSpielGame (their classes).
    for game in games.names():
        if name == game.upper():
            return spiel_name(game)
        if name == f"{games.get(game).title.replace(' ', '')}SpielGame":
            return game_class(game)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
