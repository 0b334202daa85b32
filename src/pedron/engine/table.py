"""What both games' ``Table`` classes share when they are set up or restored.

One place for the rules about seats, starting stacks, prearranged deck
orders and the chip part of a saved snapshot, so Diamondback and Diablo
check them the same way; and :class:`TableBase`, the session bookkeeping
both ``Table`` classes inherit (log, saving, replay, cloning).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from pedron._kernels.rng import Generator, as_generator
from pedron.engine import save
from pedron.engine.actions import Action, Record
from pedron.engine.errors import ActionTypeError, RulesError, SaveError
from pedron.engine.ledger import Ledger
from pedron.errors import DuplicateCardError, PedronError, PedronTypeError

__all__ = [
    "TableBase",
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


class TableBase:
    """What a Diamondback and a Diablo ``Table`` share once set up.

    The chips (``ledger``, ``stacks``, ``carry``, ``total``), the seats, the
    generator, the log of operations and the prearranged deck orders; saving
    (:meth:`to_json`), restoring by replay (:meth:`from_json`), the log's
    replay, cloning and the head of the ``repr``. Each game subclass sets the
    class attributes below and supplies its deal (``_next_deal``), the object
    being dealt (``_current``), ``getstate``, and how a logged action reads
    back (``_logged_action``, ``_replay_act``).
    """

    FORMAT: ClassVar[str]
    SAVE_VERSION: ClassVar[int]
    _RULES: ClassVar[Any]  # the game's Rules class (``from_json``)
    _DEAL_OP: ClassVar[str]  # the log entry that starts a deal: "hand" / "game"
    _KEEP: ClassVar[str]  # the name of the keep-past-deals option
    # the game's card text parser and card checker/formatter (deck orders)
    _ORDER_CARDS: ClassVar[tuple[Callable[[str], list[int]], Callable[[int], Any]]]

    rules: Any
    names: tuple[str, ...]
    n: int
    buy_in: tuple[int, ...]
    ledger: Ledger
    seated: list[bool]
    rng: Generator
    history: list[Record]
    results: list[Any]
    over: bool
    end_reason: str | None
    _setup: dict[str, Any]
    _orders: list[list[int]]
    _log: list[Sequence[Any]]

    def _set_up(
        self,
        names: tuple[str, ...],
        stacks: list[int],
        rules: Any,
        seed: Any,
        dealer: int | None,
        order: Any,
        orders: Any,
        keep: bool,
    ) -> None:
        """The state every table starts with (the arguments already checked)."""
        queue = [] if order is None else [self._check_order(order)]
        queue.extend(self._check_order(o) for o in orders or ())
        self.rules = rules
        self.names = names
        self.n = len(names)
        self.buy_in = tuple(stacks)
        self.ledger = Ledger(stacks)
        self.seated = [True] * self.n
        self.rng = as_generator(seed)
        self._setup = {
            "names": list(names),
            "stacks": list(stacks),
            "rules": rules.to_json(),
            "dealer": dealer,
            "seed": self.rng.seed,
            "rng": self.rng.getstate(),
            "orders": [list(o) for o in queue],
            self._KEEP: keep,
        }
        self._orders = queue
        self._log = []
        self.history = []
        self.results = []
        self.over = False
        self.end_reason = None

    @classmethod
    def _check_order(cls, order: Any) -> list[int]:
        return check_order(order, *cls._ORDER_CARDS)

    @staticmethod
    def _check_snapshot(setup: dict[str, Any], state: dict[str, Any]) -> None:
        """Clear errors for the usual kinds of damage to a save (each game's own checks)."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _push_order(self, order: Any) -> None:
        """Prearrange the next deal's deck (logged, so a replay does the same)."""
        checked = self._check_order(order)
        self._orders.insert(0, checked)
        self._log.append(["order", checked])

    # -- chips ----------------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips in front of him."""
        return tuple(self.ledger.stacks)

    @property
    def carry(self) -> int:
        """Chips carried to the next deal (a carry-over, a passed or Diablo pot)."""
        return self.ledger.carry

    @property
    def total(self) -> int:
        """Chips at the table (stacks, pots, carried pot)."""
        return self.ledger.total

    # -- the log, saving, replaying -------------------------------------------------------
    @property
    def log(self) -> list[list[Any]]:
        """Every operation since the table was set up (for replay)."""
        return [list(e) for e in self._log]

    @property
    def actions(self) -> list[Action]:
        """The players' actions in order, over all deals."""
        return [self._logged_action(e[1], e[2]) for e in self._log if e[0] == "act"]

    def getstate(self) -> dict[str, Any]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def to_json(self) -> str:
        """The table as versioned JSON: setup, log of operations, and a state snapshot."""
        return save.dump(self.FORMAT, self.SAVE_VERSION, self._setup, self._log, self.getstate())

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> Self:
        """Restore a table saved by :meth:`to_json`, validating it thoroughly.

        The snapshot is checked (version, cards, chip total, whose turn), then
        the session is replayed from its setup and log and must reproduce the
        snapshot exactly; anything else raises :class:`SaveError`.
        """
        table: Self = restore(
            text, cls.FORMAT, cls.SAVE_VERSION, cls._check_snapshot, cls._from_setup
        )
        return table

    @classmethod
    def _from_setup(cls, setup: dict[str, Any]) -> Self:
        rng, seed = generator_from_setup(setup)
        try:
            rules = cls._RULES.from_json(setup["rules"])
            table = cls(  # type: ignore[call-arg]
                setup["names"],
                setup["stacks"],
                rules,
                rng,
                dealer=setup.get("dealer"),
                orders=setup.get("orders") or (),
                **{cls._KEEP: setup.get(cls._KEEP, False)},
            )
        except PedronError as exc:
            raise SaveError(f"bad setup: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"bad setup: {exc!r}") from None
        table._setup["seed"] = seed
        return table

    def _replay_entry(self, entry: Any) -> None:
        """Apply one entry of a log (or an :class:`Action`, dealing when needed)."""
        if isinstance(entry, Action):
            if not self.in_progress:
                self._next_deal()
            self.act(entry)
            return
        if not isinstance(entry, (list, tuple)) or not entry:
            raise SaveError(f"bad log entry {save.short(entry)}")
        op = entry[0]
        if op == "act":
            current = self._current()
            if current is None:
                raise SaveError(f"an action before the first {self._DEAL_OP}")
            current._apply(entry[1], self._replay_act(entry[1], entry[2]), None)
        elif op == self._DEAL_OP:
            self._next_deal()
        elif op == "order":
            self._push_order(entry[1])
        elif op == "close":
            self.close()
        else:
            self._replay_other(op, entry)

    def _replay_other(self, op: Any, entry: Sequence[Any]) -> None:
        """A game's own log entries (Diamondback: ``leave``, ``vote``)."""
        raise SaveError(f"unknown log entry {save.short(op)}")

    def _replay_act(self, kind: str, value: Any) -> Any:
        """A logged action's value as the game's ``_apply`` takes it (JSON has no tuples)."""
        return value

    # the game's deal and actions (defined by each game)
    @property
    def in_progress(self) -> bool:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _next_deal(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _current(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _logged_action(self, kind: str, value: Any) -> Action:  # pragma: no cover
        raise NotImplementedError

    def act(self, action: Action) -> Record:  # pragma: no cover
        raise NotImplementedError

    def close(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _clone_base(self) -> Self:
        """A copy sharing nothing mutable that the two games have in common."""
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        other.ledger = self.ledger.copy()
        other.seated = self.seated[:]
        other.rng = self.rng.copy()
        other._orders = [o[:] for o in self._orders]
        other._log = self._log[:]
        other.history = self.history[:]
        other.results = self.results[:]
        return other

    def _stacks_text(self) -> str:
        """``name=chips`` for every seat, ``(out)`` for those who left (for ``repr``)."""
        return ", ".join(
            f"{name}={chips}" + ("" if seated else " (out)")
            for name, chips, seated in zip(self.names, self.ledger.stacks, self.seated, strict=True)
        )
