"""The action encodings under the name they first had, deprecated: they live in
:mod:`pedron.encodings` (below the bots, which use them too). Importing this module
warns; its names are the same objects."""

import warnings

from pedron.encodings import DRAW_SUBSETS, DiabloActions, DiamondbackActions

warnings.warn(
    "pedron.envs.actions is deprecated: import the encodings from pedron.encodings",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["DRAW_SUBSETS", "DiabloActions", "DiamondbackActions"]
