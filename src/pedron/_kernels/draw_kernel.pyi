from typing import Any

from typing_extensions import disjoint_base

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
    kind: int = ...,
    pays: Any = ...,
    below: Any = ...,
    at: Any = ...,
    tie_num: int = ...,
    tie_den: int = ...,
    scale: int = ...,
    rank: bool = ...,
    values: tuple[Any, Any, int] | None = ...,
) -> list[Any]: ...
def value_tables(
    wild: bool,
    kind: int,
    pays: Any = ...,
    below: Any = ...,
    at: Any = ...,
    tie_num: int = ...,
    tie_den: int = ...,
) -> tuple[Any, Any, int]: ...
def options_from(
    cls: type, ranked: list[tuple[int, int, int]], hand: tuple[int, ...], wild: bool,
    objective: Any, scale: int, kind: int,
) -> list[Any]: ...
def analyse(
    hand: tuple[int, ...],
    dead_mask: int,
    most: int,
    ace_for_most: bool,
    wild: bool,
    kind: int = ...,
    pays: Any = ...,
    below: Any = ...,
    at: Any = ...,
    tie_num: int = ...,
    tie_den: int = ...,
    rank: bool = ...,
) -> list[tuple[int, int, int, int, int, tuple[int, ...], int, int]]: ...
def histogram(hand: tuple[int, ...], dead_mask: int, sub: int, wild: bool, out: Any) -> int: ...
def best_discard(
    hand: tuple[int, ...], most: int, ace_for_most: bool, wild: bool,
    values: tuple[Any, Any, int], den_scale: int = ...,
) -> tuple[int, ...]: ...
def best_rows(
    cards: Any,
    most: int,
    ace_for_most: bool,
    wild: bool,
    values: tuple[Any, Any, int],
    den_scale: int,
    out_sub: Any,
    out_num: Any,
    out_den: Any,
    start: int = ...,
    stop: int = ...,
) -> int: ...
