"""Diamondback's descriptor: two cards of five ranks, matched or folded against the dealer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pedron.diamondback.cards import DECK_SIZES, RANK_CODES, RANK_OF_ID
from pedron.diamondback.deal import Hand
from pedron.diamondback.encodings import DiamondbackActions, DiamondbackObservation, actions
from pedron.diamondback.odds import deck_counts
from pedron.diamondback.rules import Rules
from pedron.diamondback.table import Table
from pedron.errors import PedronValueError
from pedron.games import GameInfo
from pedron.games.adapters import Encodings, SpielParameters
from pedron.games.bench import BenchFacet, BenchTable
from pedron.games.diamondback_bots import BOT_PARAMS
from pedron.games.diamondback_screen import DiamondbackScreen
from pedron.games.diamondback_study import STUDY

# -- the OpenSpiel game (pedron.spiel) -----------------------------------------------------------
_SPIEL_DEFAULTS: dict[str, Any] = {
    "players": 2, "stacks": 4, "dealer": 0, "bet_sizes": "", "carry": "split",
    "variant": "normal", "tie_rule": "showdown", "odd_chip": "first_left", "min_bet": 1,
    "max_bet": 0, "multiplier": 0, "ante_min": 1, "ante_max": 0, "all_in": True,
    "cap_to_stacks": True, "deal_order": "one_at_a_time",
}


def _none_if_zero(value: int) -> int | None:
    return None if value <= 0 else value


def _spiel_rules(p: Mapping[str, Any]) -> Rules:
    rules = Rules(
        variant=p["variant"], tie_rule=p["tie_rule"], odd_chip=p["odd_chip"],
        min_bet=p["min_bet"], max_bet=_none_if_zero(p["max_bet"]),
        multiplier=_none_if_zero(p["multiplier"]), ante_min=p["ante_min"],
        ante_max=_none_if_zero(p["ante_max"]), all_in=bool(p["all_in"]),
        cap_to_stacks=bool(p["cap_to_stacks"]), deal_order=p["deal_order"],
    )
    if p["variant"] == "match":
        raise PedronValueError("Match Diamondback is a session rule: one hand is 'normal'")
    return rules


def _spiel_actions(rules: Rules, total: int, p: Mapping[str, Any]) -> DiamondbackActions:
    text = p["bet_sizes"]
    if not isinstance(text, str) or "," in text:
        raise PedronValueError(f"bet_sizes is text such as '1;2;4' (a ',' would break the "
                               f"game's string), not {text!r}")
    try:
        sizes = tuple(int(x) for x in text.split(";") if x.strip()) or None
    except ValueError:
        raise PedronValueError(f"bet_sizes must be whole amounts such as '1;2;4', "
                               f"not {text!r}") from None
    return DiamondbackActions(rules, total, sizes)


def _history_length(rules: Rules, n: int, stacks: Sequence[int]) -> int:
    stack = max(stacks)
    bets = stack // max(1, min(rules.min_bet, stack)) + 1
    return 2 * n + 3 * n + bets * n + 2


def _utility(stacks: Sequence[int]) -> tuple[float, float]:
    return -float(max(stacks)), float(sum(stacks) - min(stacks))


@dataclass(frozen=True)
class RankChance:
    """Chance deals *ranks* (0 Priest .. 4 Magician), each with probability copies left /
    cards left: the copies of a rank are interchangeable in every rule of the game, so
    this abstraction loses nothing."""

    count: int = len(RANK_CODES)

    def outcomes(self, players: int, chosen: Sequence[int], stock: Sequence[int] | None
                 ) -> list[tuple[int, float]]:
        counts = list(deck_counts(players))
        for r in chosen:
            counts[r] -= 1
        left = sum(counts)
        return [(r, c / left) for r, c in enumerate(counts) if c]

    def card_ids(self, outcomes: Sequence[int], players: int) -> list[int]:
        """Each rank as its first copy not yet dealt."""
        free: dict[int, list[int]] = {r: [] for r in range(len(RANK_CODES))}
        for c in range(DECK_SIZES[players]):
            free[RANK_OF_ID[c]].append(c)
        return [free[r].pop(0) for r in outcomes]

    def text(self, outcome: int) -> str:
        return RANK_CODES[outcome]


def _rank_text(card: int) -> str:
    return RANK_CODES[RANK_OF_ID[card]]  # (ranks only: a copy's number says nothing)


INFO = GameInfo(
    name="diamondback",
    title="Diamondback",
    summary="two cards of five ranks: each player matches the dealer's bet or folds",
    table=Table,
    study_players=2,
    default_bot="odds",
    bots={"odds": "pedron.diamondback.bots:OddsBot",
          "equilibrium": "pedron.diamondback.equilibrium:EquilibriumBot"},
    # the command line
    screen=DiamondbackScreen(Table.GAME),
    solver="pedron.diamondback.solver",
    module=__name__,
    # -- the environments and the OpenSpiel adapter (envs, spiel, encodings) ----------------
    encodings=Encodings(actions=actions, observation=DiamondbackObservation,
                        options=("bet_sizes",), players=2, stacks=20),
    spiel=SpielParameters(
        defaults=_SPIEL_DEFAULTS, rules=_spiel_rules, deal=Hand, chance=RankChance(),
        card_text=_rank_text, history_length=_history_length, utility=_utility,
        actions=_spiel_actions, solver="pedron.diamondback.spiel"),
    # -- simulation, match, bots, bench
    study=STUDY,
    bot_params=BOT_PARAMS,
    bench=BenchFacet(title="Diamondback (two cards)",
                     tables=(BenchTable("-", "Diamondback (two cards)"),),
                     entries="pedron.diamondback.bench"),
)
