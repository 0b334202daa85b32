from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

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
    def values(self) -> tuple[list[float], list[float]]: ...
    def average(self) -> npt.NDArray[np.float64]: ...
