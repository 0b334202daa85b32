from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

@disjoint_base
class TreeValues:
    def __init__(self, values: Iterable[float], best: Iterable[float]) -> None: ...
    @property
    def values(self) -> tuple[float, ...]: ...
    @property
    def best(self) -> tuple[float, ...]: ...
    @property
    def nash_conv(self) -> float: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@disjoint_base
class CfrTree:
    slots: int
    nodes: int
    iterations: int
    scheme: str
    def __init__(
        self,
        kind: Any,
        player: Any,
        first: Any,
        count: Any,
        slot: Any,
        term: Any,
        child: Any,
        rank: Any,
        u: Any,
        mask: Any,
        chance: Any,
        outcome: Any,
        has: Any,
        scheme: str = ...,
    ) -> None: ...
    def run(self, iterations: int) -> None: ...
    def values(self) -> TreeValues: ...
    def average(self) -> npt.NDArray[np.float64]: ...
