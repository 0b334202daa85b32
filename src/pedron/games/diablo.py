"""Diablo's descriptor: five-card draw with all deuces wild, where the opener must win."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pedron.cards import format_card
from pedron.diablo.encodings import DiabloActions, DiabloObservation, actions
from pedron.diablo.game import Game
from pedron.diablo.rules import Rules
from pedron.diablo.table import Table
from pedron.errors import PedronValueError
from pedron.games import GameInfo
from pedron.games.adapters import CardChance, Encodings, SpielParameters
from pedron.games.bench import BenchFacet, BenchTable
from pedron.games.diablo_bots import BOT_PARAMS
from pedron.games.diablo_screen import DiabloScreen
from pedron.games.diablo_study import STUDY

# -- the OpenSpiel game (pedron.spiel) -----------------------------------------------------------
_SPIEL_DEFAULTS: dict[str, Any] = {
    "players": 3, "stacks": 20, "dealer": 0, "carry": "split", "variant": Rules().variant,
    "ante": 1, "min_bet_before": 1, "max_bet_before": 2, "min_bet_after": 2,
    "max_bet_after": 4, "max_raises": 1, "max_draw": 2, "more_draw": False, "cap": 0,
    "jacks_or_better": False, "declare": False, "all_in": True, "odd_chip": "first_left",
    "dealers_choice": False,
}


def _spiel_rules(p: Mapping[str, Any]) -> Rules:
    rules = Rules(
        variant=p["variant"], ante=p["ante"], stacks=p["stacks"],
        min_bet_before=p["min_bet_before"], max_bet_before=p["max_bet_before"],
        min_bet_after=p["min_bet_after"], max_bet_after=p["max_bet_after"],
        max_raises=None if p["max_raises"] < 0 else p["max_raises"],
        max_draw=p["max_draw"], more_draw=bool(p["more_draw"]),
        cap=None if p["cap"] <= 0 else p["cap"],
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
    return rules


def _history_length(rules: Rules, n: int, stacks: Sequence[int]) -> int:
    stack = max(stacks)
    per_round = (stack + 2) * n if rules.max_raises is None else (rules.max_raises + 2) * n
    return 1 + 5 * n + 2 * per_round + n * (1 + rules.draw_limit.most) + n


def _utility(stacks: Sequence[int]) -> tuple[float, float]:
    return -float(sum(stacks)), float(sum(stacks))


def _extra(rules: Rules) -> Mapping[str, Any]:
    return {"variant": None if rules.dealers_choice else rules.variant, "diablo_pot": False}


def _spiel_actions(rules: Rules, total: int, p: Mapping[str, Any]) -> DiabloActions:
    return DiabloActions(rules)


INFO = GameInfo(
    name="diablo",
    title="Diablo",
    summary="five-card draw poker, deuces wild: whoever opens must win the pot or pay one",
    table=Table,
    study_players=4,
    default_bot="rule",
    bots={"rule": "pedron.diablo.bots:RuleBot", "threshold": "pedron.diablo.bots:_threshold_bot",
          "strong": "pedron.diablo.strong:StrongBot"},
    # the command line
    screen=DiabloScreen(Table.GAME),
    module=__name__,
    # -- the environments and the OpenSpiel adapter (envs, spiel, encodings) ----------------
    encodings=Encodings(actions=actions, observation=DiabloObservation, players=3),
    spiel=SpielParameters(
        defaults=_SPIEL_DEFAULTS, rules=_spiel_rules, deal=Game,
        chance=CardChance(Table.GAME.deck_size, format_card, 52), card_text=format_card,
        history_length=_history_length, utility=_utility, actions=_spiel_actions,
        extra=_extra),
    # -- simulation, match, bots, bench
    study=STUDY,
    bot_params=BOT_PARAMS,
    bench=BenchFacet(
        title="Diablo (five cards; peers rank natural hands only)",
        tables=(BenchTable("wild", "Diablo, deuces wild"),
                BenchTable("natural", "Diablo, natural hands (the peers rank these only)")),
        entries="pedron.diablo.bench", peers=True),
)
