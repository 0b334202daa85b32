"""Diablo: five-card draw with all deuces wild, where the opener must win.

The deck and card helpers are here; hand evaluation and the game build on them.
"""

from pedron.diablo.cards import Deck

__all__ = ["Deck"]
