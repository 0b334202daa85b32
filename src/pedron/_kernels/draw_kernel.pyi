from typing import Any

def class_table(wild: bool = ...) -> bytes: ...
def class_of(strength: int, n_deuces: int, wild: bool) -> int: ...
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
def best_rows(
    cards: Any,
    most: int,
    ace_for_most: bool,
    wild: bool,
    kind: int,
    pays: Any,
    below: Any,
    at: Any,
    tie_num: int,
    tie_den: int,
    out_sub: Any,
    out_num: Any,
    out_den: Any,
    start: int = ...,
    stop: int = ...,
) -> int: ...
