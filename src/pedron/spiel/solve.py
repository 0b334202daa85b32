"""Any pedron game's OpenSpiel tree as a Gambit extensive-form game (:func:`export_efg`).

Heads-up Diamondback's OpenSpiel CFR+ solver, which wrote its tree this way, is
:mod:`pedron.diamondback.spiel` (its old names here warn until 0.3.0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron._deprecate import Moved, moved_names
from pedron.errors import PedronValueError

__all__ = ["export_efg"]

__getattr__ = moved_names(__name__, {
    name: Moved("pedron.diamondback.spiel", name, since="0.2.0", until="0.3.0")
    for name in ("HandsPlayed", "Solution", "play_hands", "solve", "strategy_key",
                 "write_strategy")
})


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _information_state(state: Any, player: int) -> str:
    return str(state.information_state_string(player))


def export_efg(game: Any, key: Callable[[Any, int], str] | None = None,
               ) -> tuple[str, dict[tuple[int, str], list[int]], int]:
    """The game's tree as Gambit EFG text, its information sets ((player, key) -> the
    legal actions, checked equal at every node of the set) and its number of nodes.

    ``key(state, player)`` names the information set of ``player`` at ``state``; by
    default the game's own, OpenSpiel's ``state.information_state_string(player)`` (any
    game that provides it: pedron's games make it from the player's view).
    :func:`pedron.diamondback.spiel.solve` names Diamondback's as its strategy file does
    (:func:`pedron.diamondback.spiel.strategy_key`)."""
    kind = game.get_type()
    if key is None:
        if not kind.provides_information_state_string:
            raise PedronValueError(f"{kind.long_name} gives no information state strings: "
                                   "name its information sets with key=")
        key = _information_state
    players = game.num_players()
    lines = ["EFG 2 R " + _quote(kind.long_name) + " { "
             + " ".join(_quote(f"seat {p}") for p in range(players)) + " }", '""']
    infosets: dict[tuple[int, str], list[int]] = {}
    numbers: dict[tuple[int, str], int] = {}
    counts = [0] * players
    chance = 0
    outcome = 0
    nodes = 0
    stack = [game.new_initial_state()]
    while stack:  # (depth first, children in order: the EFG's preorder)
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            outcome += 1
            pay = ", ".join(repr(float(x)) for x in state.returns())
            lines.append(f't "" {outcome} "" {{ {pay} }}')
            continue
        if state.is_chance_node():
            chance += 1
            outcomes = state.chance_outcomes()
            moves = " ".join(f'"r{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {chance} "" {{ {moves} }} 0')
            actions = [a for a, _ in outcomes]
        else:
            player = state.current_player()
            key_of = (player, key(state, player))
            actions = state.legal_actions()
            known = infosets.get(key_of)
            if known is None:
                infosets[key_of] = actions
                counts[player] += 1
                numbers[key_of] = counts[player]
            elif known != actions:
                raise PedronValueError(f"information set {key_of} has two sets of actions")
            moves = " ".join(f'"a{a}"' for a in actions)
            lines.append(f'p "" {player + 1} {numbers[key_of]} {_quote(key_of[1])} '
                         f'{{ {moves} }} 0')
        stack.extend(state.child(a) for a in reversed(actions))
    return "\n".join(lines) + "\n", infosets, nodes
