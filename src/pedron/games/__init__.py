"""The games pedron plays, each one descriptor looked up by name.

Every layer above the engine (simulation, matches, bots, environments, the
OpenSpiel adapter, the solver, the bench, the command line) asks a game's
:class:`GameInfo` what it needs to know of that game, and never compares a
game's name: a new game is one descriptor registered here, as OpenSpiel loads a
game by name from its declared type and PettingZoo an environment from its
module.

>>> from pedron import games
>>> games.names()
('diablo', 'diamondback')
>>> games.get("diablo").title
'Diablo'

The built-in games are loaded on first use. :func:`register` adds another
(docs/design.md, "Adding a game").
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from pedron._locks import module_lock
from pedron.errors import PedronTypeError, PedronValueError
from pedron.games.adapters import Encodings, SpielParameters
from pedron.text import shown

if TYPE_CHECKING:
    from pedron.engine.table import CardGame, Table
    from pedron.games.bench import BenchFacet
    from pedron.games.botspec import BotParams
    from pedron.games.screen import Screen
    from pedron.games.study import StudyFacet

__all__ = ["GameInfo", "get", "names", "register", "unregister"]

# The built-in games: each name's descriptor is ``INFO`` in its module, imported on first use.
_BUILT_IN: dict[str, str] = {
    "diablo": "pedron.games.diablo",
    "diamondback": "pedron.games.diamondback",
}
#: The game a layer plays when not told which (the environments').
DEFAULT = "diamondback"
_registered: dict[str, GameInfo] = {}  # (every change under _lock, in one step)
_lock = module_lock(__name__, "_lock")


@dataclass(frozen=True, eq=False, repr=False)
class GameInfo:
    """What every layer above the engine knows of one game.

    The engine's own facts (the Rules class, how many may sit, what one deal is
    called) are its Table's :class:`~pedron.engine.table.CardGame`, read through
    :attr:`game`; the fields here are what the layers above it ask. A descriptor
    is immutable, compares by identity and pickles by name (the module that
    registers it is imported again where it is loaded).
    """

    name: str
    """The registry's name of the game: lower case (``"diablo"``)."""
    title: str
    """The game's name in running text (``"Diablo"``)."""
    summary: str
    """One line saying what the game is, for lists of games."""
    table: type[Table[Any]]
    """The game's :class:`~pedron.engine.table.Table` class."""
    study_players: int
    """How many players a study or a simulation seats when not told."""
    default_bot: str
    """The bot spec that plays a seat nobody named (a name in :attr:`bots`, or a bot
    every game has, such as ``"random"``)."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """The game's own bots: a spec name to where its class is, ``"module:Class"``
    (imported when a bot is made)."""
    module: str = ""
    """The module that registers the descriptor (set by :func:`register`): a pickled
    descriptor imports it to find the game again."""

    # -- the environments and the OpenSpiel adapter (envs, spiel, encodings) ----------------
    encodings: Encodings | None = None
    """How the environments and the OpenSpiel game number the game's moves and encode its
    views (:class:`~pedron.games.adapters.Encodings`); ``None``: no environment."""
    spiel: SpielParameters | None = None
    """The game's OpenSpiel game (:class:`~pedron.games.adapters.SpielParameters`);
    ``None``: none (it also needs :attr:`encodings`)."""

    # -- simulation, match, bots, bench ------------------------------------------------------
    study: StudyFacet | None = None
    """What a study keeps of the game beyond the counters every game has, and how it
    reports it (:class:`~pedron.games.study.StudyFacet`; ``None``: the common counters
    only)."""
    bot_params: Mapping[str, BotParams] = field(default_factory=dict)
    """The spec parameters of the game's own bots (a name in :attr:`bots` ->
    :class:`~pedron.games.botspec.BotParams`; a bot not named takes none)."""
    bench: BenchFacet | None = None
    """How the bench times the game's evaluators, and its sections' titles
    (:class:`~pedron.games.bench.BenchFacet`; ``None``: the bench leaves it out)."""

    # -- the command line (pedron.cli) -------------------------------------------------------
    screen: Screen | None = None
    """How the command line shows the game (:class:`pedron.games.screen.Screen`: its cards,
    hands, verbs and rules in words for ``pedron play``; its hands for ``eval``, ``odds``,
    ``draw`` and ``deal``); ``None``: plain words (the move's kind and amount, cards as
    the game's ``CardText`` names them), and none of those commands."""
    solver: str | None = None
    """Where the game's solver is (a module, ``"pedron.diamondback.solver"``), for ``pedron solve``;
    ``None``: the game has none (``pedron solve`` does not offer it)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        object.__setattr__(self, "bot_params", MappingProxyType(dict(self.bot_params)))
        if not isinstance(self.name, str) or not self.name.isidentifier() \
                or self.name != self.name.lower():
            raise PedronValueError(
                f"a game's name is a lower-case identifier, not {shown(self.name)}")
        players = self.game.players
        if self.study_players not in players:
            raise PedronValueError(
                f"{self.title} seats {players.start}-{players.stop - 1} players, "
                f"so study_players cannot be {shown(self.study_players)}")

    @property
    def game(self) -> CardGame[Any]:
        """The engine's facts of the game (:class:`~pedron.engine.table.CardGame`)."""
        return self.table.GAME

    @property
    def rules(self) -> type:
        """The game's ``Rules`` class."""
        return self.game.rules

    @property
    def players(self) -> range:
        """How many players may sit (a ``range``)."""
        return self.game.players

    @property
    def deal_word(self) -> str:
        """What the game's rules call one deal (``"game"``, ``"hand"``)."""
        return self.game.deal_word

    @property
    def deals_word(self) -> str:
        """The plural of :attr:`deal_word`."""
        return self.game.deal_word + "s"

    def __repr__(self) -> str:
        return f"<GameInfo {self.name!r}: {self.title}>"

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_load, (self.name, self.module))

    def __copy__(self) -> GameInfo:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> GameInfo:
        return self


def _load(name: str, module: str) -> GameInfo:
    """The registered game ``name``, importing ``module`` (which registers it) first if
    it is not known here (a pickled descriptor loaded in another process)."""
    with _lock:
        known = name in _registered or name in _BUILT_IN
    if not known and module:
        importlib.import_module(module)
    return get(name)


def names() -> tuple[str, ...]:
    """The names of every registered game, the built-in ones included, sorted."""
    with _lock:
        return tuple(sorted(set(_BUILT_IN) | set(_registered)))


def get(name: str) -> GameInfo:
    """The descriptor of the game called ``name``.

    Raises :class:`~pedron.errors.PedronValueError` naming the registered games for an
    unknown name, :class:`~pedron.errors.PedronTypeError` for a name that is not text.
    """
    if type(name) is not str:
        if isinstance(name, GameInfo):
            return name
        raise PedronTypeError(f"a game is named by a str, not {type(name).__name__}")
    with _lock:
        info = _registered.get(name)
    if info is not None:
        return info
    module = _BUILT_IN.get(name)
    if module is None:
        raise PedronValueError(f"no game is called {name!r}: the games are "
                               + ", ".join(repr(n) for n in names()))
    info = importlib.import_module(module).INFO
    with _lock:  # (two threads may load it at once: the first one's descriptor stays)
        return _registered.setdefault(name, info)


def register(info: GameInfo, *, replace: bool = False) -> GameInfo:
    """Add the game ``info`` describes, under ``info.name``; returns the descriptor as
    registered (its :attr:`~GameInfo.module`, when empty, set to its table's module,
    which should register it when imported).

    A name already taken is refused unless ``replace=True``; a built-in game cannot be
    replaced.
    """
    if not isinstance(info, GameInfo):
        raise PedronTypeError(f"register takes a GameInfo, not {type(info).__name__}")
    if not isinstance(replace, bool):
        raise PedronTypeError("replace must be a bool")
    if not info.module:
        info = dataclasses.replace(info, module=info.table.__module__)
    with _lock:
        if info.name in _BUILT_IN:
            raise PedronValueError(f"{info.name!r} is a built-in game and cannot be replaced")
        if info.name in _registered and not replace:
            raise PedronValueError(
                f"a game called {info.name!r} is already registered (replace=True replaces it)")
        _registered[info.name] = info
    return info


def unregister(name: str) -> None:
    """Remove the game registered as ``name`` (not a built-in one)."""
    if type(name) is not str:
        raise PedronTypeError(f"a game is named by a str, not {type(name).__name__}")
    with _lock:
        if name in _BUILT_IN:
            raise PedronValueError(f"{name!r} is a built-in game and cannot be removed")
        if _registered.pop(name, None) is None:
            raise PedronValueError(f"no game is registered as {name!r}")
