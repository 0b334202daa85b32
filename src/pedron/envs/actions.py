"""The action encodings of the environments, under the name they first had: the same
objects as :mod:`pedron.encodings`, where they live (below the bots, which use them
too)."""

from pedron.encodings import DRAW_SUBSETS, DiabloActions, DiamondbackActions

__all__ = ["DRAW_SUBSETS", "DiabloActions", "DiamondbackActions"]
