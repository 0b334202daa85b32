"""What both games' ``Table`` classes share when they are set up or restored.

One place for the rules about seats, starting stacks, prearranged deck
orders and the chip part of a saved snapshot, so Diamondback and Diablo
check them the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron._kernels.rng import Generator
from pedron.engine import save
from pedron.engine.errors import ActionTypeError, RulesError, SaveError
from pedron.errors import DuplicateCardError, PedronError, PedronTypeError

__all__ = [
    "check_ledger_snapshot",
    "check_order",
    "generator_from_setup",
    "restore",
    "seat_names",
    "stack_list",
]


def seat_names(players: Any, low: int, high: int, game: str) -> tuple[str, ...]:
    """Names for ``players`` (a count, or a list of distinct names), ``low..high`` of them."""
    if isinstance(players, bool):
        raise PedronTypeError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(players)
    else:
        raise PedronTypeError("players must be a count or a list of names")
    if not low <= len(names) <= high:
        raise RulesError(f"{game} is for {low} to {high} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("player names must differ")
    return names


def stack_list(stacks: Any, n: int) -> list[int]:
    """Starting stacks: one int for everyone, or one whole number (>= 1) per seat."""
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [stacks] * n
    elif isinstance(stacks, (list, tuple)):
        out = list(stacks)
    else:
        raise PedronTypeError("stacks must be an int or a list of ints")
    if len(out) != n or not all(type(s) is int and s >= 1 for s in out):
        raise RulesError(f"stacks must be {n} whole numbers of at least 1 chip")
    return out


def check_order(
    order: Any, parse_text: Callable[[str], list[int]], check_card: Callable[[int], Any]
) -> list[int]:
    """A prearranged deck order (card ids or text), each card once and in range."""
    if isinstance(order, str):
        order = list(parse_text(order))
    if not isinstance(order, (list, tuple)):
        raise ActionTypeError("a deck order must be a list of card ids")
    out = []
    for c in order:
        if isinstance(c, bool) or not isinstance(c, int):
            raise ActionTypeError(f"a card id must be an int, not {type(c).__name__}")
        check_card(c)  # raises a CardError when out of range
        out.append(c)
    if len(set(out)) != len(out):
        raise DuplicateCardError("a card appears twice in the deck order")
    return out


def check_ledger_snapshot(setup: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Check the chips of a saved snapshot against its setup; return the ledger part.

    Raises :class:`SaveError` when the chip lists do not fit the seats or the
    chips do not add up to the table's total. Malformed data raises the
    usual ``KeyError``/``TypeError`` for the caller to turn into a SaveError.
    """
    n = len(setup["names"])
    ledger: dict[str, Any] = state["ledger"]
    if len(ledger["stacks"]) != n or len(ledger["committed"]) != n:
        raise SaveError("chip lists do not match the number of seats")
    save.check_chips(
        ledger["stacks"], ledger["committed"], ledger["carry"], ledger["total"],
        sum(setup["stacks"]),
    )
    return ledger


def generator_from_setup(setup: dict[str, Any]) -> tuple[Generator, int | None]:
    """The table generator a saved setup starts from, and the seed it records.

    The seed must be an int or null (OS entropy); the state is checked by
    :meth:`Generator.setstate`. Bad data raises :class:`SaveError`.
    """
    try:
        seed = setup.get("seed")
        if seed is not None and type(seed) is not int:
            raise SaveError(f"the seed must be an int or null, not {save.short(seed)}")
        rng = Generator(seed if type(seed) is int else 0)
        rng.setstate(setup["rng"])
    except SaveError:
        raise
    except PedronError as exc:
        raise SaveError(f"bad setup: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"bad setup: {exc!r}") from None
    return rng, seed


def restore(
    text: str | bytes | dict[str, Any],
    fmt: str,
    version: int,
    check_snapshot: Callable[[dict[str, Any], dict[str, Any]], None],
    from_setup: Callable[[dict[str, Any]], Any],
) -> Any:
    """Restore a saved table by replaying its log, and require the saved snapshot.

    ``check_snapshot`` gives clear errors for the usual kinds of damage first;
    ``from_setup`` builds the table as it was set up; every log entry is then
    replayed through the table's ``_replay_entry`` and the result must equal
    the snapshot exactly. Anything else raises :class:`SaveError`, so a restore
    is exact by construction and a tampered save is refused.
    """
    setup, log, state = save.load(text, fmt, version)
    check_snapshot(setup, state)
    try:
        table = from_setup(setup)
        for entry in log:
            table._replay_entry(entry)
    except SaveError:
        raise
    except PedronError as exc:
        raise SaveError(f"the saved log does not replay: {exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise SaveError(f"malformed saved table: {exc!r}") from None
    save.require_same(table.getstate(), state)
    return table
