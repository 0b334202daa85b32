"""``python_pedron_diamondback`` and ``python_pedron_diablo``: pedron's games in OpenSpiel.

Importing :mod:`pedron.spiel` registers both with ``pyspiel``; then
``pyspiel.load_game("python_pedron_diamondback", {"players": 2, "stacks": 4})``.
The parameters (all optional) are documented in ``docs/rl.md``:

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

from pedron.diablo.game import Game as DiabloGame
from pedron.diablo.rules import Rules as DiabloRules
from pedron.diablo.table import Table as DiabloTable
from pedron.diamondback.cards import DECK_SIZES, RANK_CODES, RANK_OF_ID
from pedron.diamondback.deal import Hand
from pedron.diamondback.odds import deck_counts
from pedron.diamondback.rules import Rules as DiamondbackRules
from pedron.diamondback.table import Table as DiamondbackTable
from pedron.encodings import DiabloActions, DiamondbackActions
from pedron.envs.observations import DiabloObservation, DiamondbackObservation, view_text
from pedron.errors import PedronTypeError, PedronValueError
from pedron.spiel.observer import Observer
from pedron.spiel.state import EngineState

__all__ = ["DIABLO", "DIAMONDBACK", "DiabloSpielGame", "DiamondbackSpielGame"]

DIAMONDBACK = "python_pedron_diamondback"
DIABLO = "python_pedron_diablo"
CARRY = ("split", "refund", "lost")

_DB_DEFAULTS: dict[str, Any] = {
    "players": 2, "stacks": 4, "dealer": 0, "bet_sizes": "", "carry": "split",
    "variant": "normal", "tie_rule": "showdown", "odd_chip": "first_left", "min_bet": 1,
    "max_bet": 0, "multiplier": 0, "ante_min": 1, "ante_max": 0, "all_in": True,
    "cap_to_stacks": True, "deal_order": "one_at_a_time",
}
_DL_DEFAULTS: dict[str, Any] = {
    "players": 3, "stacks": 20, "dealer": 0, "carry": "split", "variant": "diablo", "ante": 1,
    "min_bet_before": 1, "max_bet_before": 2, "min_bet_after": 2, "max_bet_after": 4,
    "max_raises": 1, "max_draw": 2, "more_draw": False, "cap": 0, "jacks_or_better": False,
    "declare": False, "all_in": True, "odd_chip": "first_left", "dealers_choice": False,
}


def _game_type(short: str, long: str, players: tuple[int, int], params: dict[str, Any],
               zero_sum: bool) -> Any:
    return pyspiel.GameType(
        short_name=short, long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params,
    )


@dataclass
class Settings:
    """What a game's states share: rules, chips, encodings and the chance model."""

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

    def extra(self) -> dict[str, Any]:
        if self.game_name == DIABLO:
            rules = self.rules
            return {"variant": None if rules.dealers_choice else rules.variant,
                    "diablo_pot": False}
        return {}

    # -- chance -------------------------------------------------------------------------
    def chance_outcomes(self, state: EngineState) -> list[tuple[int, float]]:
        chosen = state._chosen
        if self.game_name == DIAMONDBACK:
            counts = list(deck_counts(len(state._receivers) // 2))
            for r in chosen:
                counts[r] -= 1
            left = sum(counts)
            return [(r, c / left) for r, c in enumerate(counts) if c]
        deal = state.deal
        if deal is None or deal.deck is None:
            pool = [c for c in range(52) if c not in set(chosen)]
        else:
            taken = set(chosen)
            pool = sorted(c for c in deal.deck.stock if c not in taken)
        p = 1.0 / len(pool)
        return [(c, p) for c in pool]

    def card_ids(self, outcomes: list[int], cards: int, receivers: tuple[int, ...]) -> list[int]:
        """The cards the engine deals for the chance outcomes (Diamondback: each rank as
        its first copy not yet dealt; Diablo: the cards themselves)."""
        if self.game_name == DIABLO:
            return list(outcomes)
        players = cards // 2
        free: dict[int, list[int]] = {r: [] for r in range(5)}
        for c in range(DECK_SIZES[players]):
            free[RANK_OF_ID[c]].append(c)
        return [free[r].pop(0) for r in outcomes]

    @property
    def outcome_count(self) -> int:
        """How many chance outcomes there are: a rank (Diamondback), a card (Diablo)."""
        return len(RANK_CODES) if self.game_name == DIAMONDBACK else 52

    def outcome_text(self, outcome: int) -> str:
        if self.game_name == DIAMONDBACK:
            return RANK_CODES[outcome]
        from pedron.cards import format_card

        return format_card(outcome)

    def card_text(self, card: int) -> str:
        if self.game_name == DIAMONDBACK:
            return RANK_CODES[RANK_OF_ID[card]]  # (ranks only: a copy's number says nothing)
        from pedron.cards import format_card

        return format_card(card)

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


def _none_if_zero(value: int) -> int | None:
    return None if value <= 0 else value


class _PedronGame(pyspiel.Game):  # type: ignore[misc]
    settings: Settings

    def new_initial_state(self) -> EngineState:
        return EngineState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.settings, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


class DiamondbackSpielGame(_PedronGame):
    """Diamondback as an OpenSpiel game (see the module docstring for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = _params(params, _DB_DEFAULTS)
        rules = DiamondbackRules(
            variant=p["variant"], tie_rule=p["tie_rule"], odd_chip=p["odd_chip"],
            min_bet=p["min_bet"], max_bet=_none_if_zero(p["max_bet"]),
            multiplier=_none_if_zero(p["multiplier"]), ante_min=p["ante_min"],
            ante_max=_none_if_zero(p["ante_max"]), all_in=bool(p["all_in"]),
            cap_to_stacks=bool(p["cap_to_stacks"]), deal_order=p["deal_order"],
        )
        if p["variant"] == "match":
            raise PedronValueError("Match Diamondback is a session rule: one hand is 'normal'")
        settings = _settings(DIAMONDBACK, rules, p, DiamondbackTable, Hand)
        text = p["bet_sizes"]
        if not isinstance(text, str) or "," in text:
            raise PedronValueError(f"bet_sizes is text such as '1;2;4' (a ',' would break the "
                                   f"game's string), not {text!r}")
        try:
            sizes = tuple(int(x) for x in text.split(";") if x.strip()) or None
        except ValueError:
            raise PedronValueError(f"bet_sizes must be whole amounts such as '1;2;4', "
                                   f"not {text!r}") from None
        settings.actions = DiamondbackActions(rules, settings.total, sizes)
        settings.encoder = DiamondbackObservation(settings.players, settings.total)
        n, stack = settings.players, max(settings.stacks)
        bets = stack // max(1, min(rules.min_bet, stack)) + 1
        length = 2 * n + 3 * n + bets * n + 2
        settings.history_length = length
        self.settings = settings
        zero = p["carry"] != "lost"
        info = pyspiel.GameInfo(
            num_distinct_actions=settings.actions.n, max_chance_outcomes=5,
            num_players=n, min_utility=-float(stack), max_utility=float(settings.total - min(
                settings.stacks)), utility_sum=0.0 if zero else None,
            max_game_length=length)
        super().__init__(_game_type(DIAMONDBACK, "pedron Diamondback", (2, 4),
                                    _DB_DEFAULTS, zero), info, p)


class DiabloSpielGame(_PedronGame):
    """Diablo as an OpenSpiel game (see the module docstring for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = _params(params, _DL_DEFAULTS)
        rules = DiabloRules(
            variant=p["variant"], ante=p["ante"], stacks=p["stacks"],
            min_bet_before=p["min_bet_before"], max_bet_before=p["max_bet_before"],
            min_bet_after=p["min_bet_after"], max_bet_after=p["max_bet_after"],
            max_raises=None if p["max_raises"] < 0 else p["max_raises"],
            max_draw=p["max_draw"], more_draw=bool(p["more_draw"]), cap=_none_if_zero(p["cap"]),
            jacks_or_better=bool(p["jacks_or_better"]), declare=bool(p["declare"]),
            all_in=bool(p["all_in"]), odd_chip=p["odd_chip"],
            dealers_choice=bool(p["dealers_choice"]),
        )
        n = p["players"]
        most = rules.draw_limit.most
        if n * (5 + most) > 52:
            raise PedronValueError(
                f"{n} players drawing up to {most} cards could empty the stock (the discards "
                "would be shuffled back in): the OpenSpiel game needs n * (5 + draw) <= 52")
        settings = _settings(DIABLO, rules, p, DiabloTable, DiabloGame)
        settings.actions = DiabloActions(rules)
        settings.encoder = DiabloObservation(settings.players, settings.total)
        stack = max(settings.stacks)
        per_round = (stack + 2) * n if rules.max_raises is None else (rules.max_raises + 2) * n
        length = 1 + 5 * n + 2 * per_round + n * (1 + most) + n
        settings.history_length = length
        self.settings = settings
        zero = p["carry"] != "lost"
        info = pyspiel.GameInfo(
            num_distinct_actions=settings.actions.n, max_chance_outcomes=52,
            num_players=n, min_utility=-float(settings.total), max_utility=float(settings.total),
            utility_sum=0.0 if zero else None, max_game_length=length)
        super().__init__(_game_type(DIABLO, "pedron Diablo", (3, 7), _DL_DEFAULTS, zero),
                         info, p)


def _settings(name: str, rules: Any, p: dict[str, Any], table: Any, deal: Any) -> Settings:
    if p["carry"] not in CARRY:
        raise PedronValueError(f"carry must be one of {CARRY}, not {p['carry']!r}")
    probe = table(p["players"], p["stacks"], rules, 0, dealer=p["dealer"])
    return Settings(
        rules=rules, players=probe.n, stacks=list(probe.stacks), dealer=p["dealer"],
        carry=p["carry"], actions=None, encoder=None, deal_class=deal,
        make_deck=table.GAME.deck, deck_size=table.GAME.deck_size, game_name=name,
        total=probe.total, history_length=0,
    )


def register() -> None:
    """Register both games with ``pyspiel`` (done once, when :mod:`pedron.spiel` is imported)."""
    registered = set(pyspiel.registered_names())
    if DIAMONDBACK not in registered:
        pyspiel.register_game(_game_type(DIAMONDBACK, "pedron Diamondback", (2, 4),
                                         _DB_DEFAULTS, True), DiamondbackSpielGame)
    if DIABLO not in registered:
        pyspiel.register_game(_game_type(DIABLO, "pedron Diablo", (3, 7), _DL_DEFAULTS, True),
                              DiabloSpielGame)


