from enum import IntEnum
from typing import Any, final

from typing_extensions import disjoint_base

class ObjectiveKind(IntEnum):
    CUSTOM = -1
    STRENGTH = 0
    PAY_TABLE = 1
    BEAT = 2

@final
class KernelObjective:
    def __init__(
        self,
        kind: ObjectiveKind | int,
        wild: bool,
        *,
        scale: int = ...,
        pays: Any = ...,
        below: Any = ...,
        at: Any = ...,
        tie_num: int = ...,
        tie_den: int = ...,
    ) -> None: ...
    @property
    def kind(self) -> ObjectiveKind: ...
    @property
    def wild(self) -> bool: ...
    @property
    def scale(self) -> int: ...
    @property
    def pays(self) -> tuple[int, ...] | None: ...
    @property
    def below(self) -> Any: ...
    @property
    def at(self) -> Any: ...
    @property
    def tie_num(self) -> int: ...
    @property
    def tie_den(self) -> int: ...
    @property
    def den_scale(self) -> int: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

def class_table(wild: bool = ...) -> bytes: ...
def class_of(strength: int, n_deuces: int, wild: bool) -> int: ...
@disjoint_base
class OptionCore:
    @property
    def outcomes(self) -> int: ...
    @property
    def total_strength(self) -> int: ...
    _total: Any
    _cls: Any
    @property
    def wild(self) -> bool: ...
    @property
    def objective(self) -> Any: ...
    @property
    def _sub(self) -> int: ...
    @property
    def _cards(self) -> tuple[int, ...]: ...
    @property
    def _dmask(self) -> int: ...
    @property
    def _num(self) -> int: ...
    @property
    def _den(self) -> int: ...
    @property
    def _classes(self) -> tuple[int, ...]: ...
    _value: Any
    _hist: Any

def options(
    cls: type,
    hand: tuple[int, ...],
    dead_mask: int,
    most: int,
    ace_for_most: bool,
    wild: bool,
    objective: Any,
    spec: KernelObjective,
    rank: bool = ...,
    values: tuple[Any, Any, int] | None = ...,
) -> list[Any]: ...
def value_tables(spec: KernelObjective) -> tuple[Any, Any, int]: ...
def options_from(
    cls: type, ranked: list[tuple[int, int, int]], hand: tuple[int, ...], objective: Any,
    spec: KernelObjective,
) -> list[Any]: ...
def histogram(hand: tuple[int, ...], dead_mask: int, sub: int, wild: bool, out: Any) -> int: ...
def best_discard(
    hand: tuple[int, ...], most: int, ace_for_most: bool, spec: KernelObjective,
    values: tuple[Any, Any, int],
) -> tuple[int, ...]: ...
def best_rows(
    cards: Any,
    most: int,
    ace_for_most: bool,
    spec: KernelObjective,
    values: tuple[Any, Any, int],
    out_sub: Any,
    out_num: Any,
    out_den: Any,
    start: int = ...,
    stop: int = ...,
) -> int: ...
