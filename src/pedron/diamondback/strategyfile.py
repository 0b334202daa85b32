"""The Diamondback strategy file: one format, read and written here only.

``pedron solve diamondback`` (pedron's own solver, :mod:`pedron.diamondback.solver`, or
OpenSpiel's, :mod:`pedron.diamondback.spiel`) writes it; the
:class:`pedron.diamondback.equilibrium.EquilibriumBot` plays it. A file is JSON:

* ``format`` (:data:`FORMAT`), ``version`` (:data:`VERSION`), ``game``
  (``"diamondback"``), the ``solver``, the game's OpenSpiel ``params``, its
  ``rules`` (:meth:`pedron.diamondback.Rules.to_json`) and ``settings``
  (``players``, ``stacks`` with the dealer first, ``bet_sizes``, ``dealer``,
  ``carry``);
* what the solve measured (``iterations``, ``nash_conv`` or ``exploitability``,
  ``values`` per seat, the dealer first, ...);
* ``strategy``: for every information set (:func:`info_key`), the probability
  of each action of the environments' encoding
  (:class:`pedron.diamondback.encodings.DiamondbackActions`), as ``[[action, probability],
  ...]``.

An information set is named from the player's own view only (:func:`info_key`),
from the parts :func:`roles_of`, :func:`move_text` and :func:`key_text` give
(the solvers build the same keys from their trees).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pedron.diamondback.cards import RANK_CODES, RANK_OF_ID
from pedron.engine.seats import from_left
from pedron.errors import PedronValueError

__all__ = ["FORMAT", "VERSION", "info_key", "key_text", "move_text", "read_strategy_file",
           "roles_of", "strategy_document", "write_strategy_file"]

#: The strategy file's format name.
FORMAT = "pedron.strategy"
#: The strategy file's version.
VERSION = 1
_MOVES = frozenset(("ante", "match", "fold", "bet", "stop", "reveal"))


def roles_of(view: Any) -> dict[int, str]:
    """Each seat's role in the keys: ``D`` the dealer, ``N0``, ``N1``... the others in
    turn from the dealer's left."""
    dealer = view.dealer
    # (before the deal, in Dealer's Diamondback, nobody is dealt in yet: seats from the left)
    order = view.dealt_in or from_left(dealer, len(view.stacks))
    return {s: ("D" if s == dealer else f"N{i}") for i, s in enumerate(order)}


def move_text(role: str, kind: str, amount: int = 0, rank: int | None = None) -> str:
    """One move in a key: ``D:bet2``, ``N0:match2``, ``D:stop``, ``N0:revealK`` (a
    revealed card by its rank only)."""
    if kind == "reveal":
        return f"{role}:reveal{RANK_CODES[rank] if rank is not None else '?'}"
    return f"{role}:{kind}{amount}" if amount else f"{role}:{kind}"


@cache
def _held(ranks: tuple[int, ...]) -> str:
    return "".join(sorted(RANK_CODES[r] for r in ranks)) or "-"


def key_text(role: str, ranks: Sequence[int], moves: Sequence[str] | str) -> str:
    """An information set's key from its parts: the role, the ranks held (any order;
    none before the deal) and the moves so far (:func:`move_text`; or already joined by
    spaces)."""
    tail = moves if isinstance(moves, str) else " ".join(moves)
    held = _held(tuple(ranks))
    return f"{role} {held} {tail}" if tail else f"{role} {held}"


def info_key(view: Any) -> str:
    """The information set of the player of ``view`` (his own view only): his role
    (``D`` dealer, ``N`` the others in turn), his two ranks (sorted: the order they came
    in changes nothing), and every move so far by role, with chips and revealed ranks.

    The stacks are not in the key: a strategy file is for the stacks it was solved at.
    """
    roles = roles_of(view)
    moves = []
    for r in view.history:
        if r.kind not in _MOVES:
            continue
        role = roles.get(r.seat, "?")
        rank = RANK_OF_ID[r.cards[0]] if r.kind == "reveal" else None
        moves.append(move_text(role, r.kind, r.amount, rank))
    return key_text(roles.get(view.seat, "?"), [RANK_OF_ID[c] for c in view.my_cards], moves)


def strategy_document(*, game: str, solver: str, params: Mapping[str, Any],
                      rules: Mapping[str, Any], settings: Mapping[str, Any],
                      strategy: Mapping[str, Any], **measured: Any) -> dict[str, Any]:
    """A strategy file's data: the header (format, version, game, ``solver``), the
    game's ``params``, ``rules`` and ``settings``, what the solve ``measured`` (keyword
    arguments, in order) and the ``strategy`` last."""
    return {"format": FORMAT, "version": VERSION, "game": game, "solver": solver,
            "params": dict(params), "rules": dict(rules), "settings": dict(settings),
            **measured, "strategy": strategy}


def write_strategy_file(document: Mapping[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write a strategy file (:func:`strategy_document`'s data) as compact JSON; returns
    the path. A failed write (a full disk) raises ``OSError`` naming the file."""
    out = Path(path)
    try:
        out.write_text(json.dumps(document, separators=(",", ":")) + "\n")
    except OSError as exc:
        if exc.filename is not None:
            raise
        # (a write's own error names no file: the caller's message could not say which)
        raise OSError(exc.errno, exc.strerror, str(out)) from exc
    return out


def read_strategy_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A strategy file's data, checked (a :class:`PedronValueError` says what is wrong)."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        raise PedronValueError(f"cannot read strategy file {str(path)!r}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PedronValueError(f"{str(path)!r} is not a pedron strategy file")
    if data.get("version") != VERSION or not isinstance(data.get("strategy"), dict):
        raise PedronValueError(f"{str(path)!r}: unsupported strategy file version")
    settings = data.get("settings")
    if not isinstance(settings, dict) or not isinstance(data.get("rules"), dict):
        raise PedronValueError(f"{str(path)!r}: a strategy file has rules and settings")
    return data
