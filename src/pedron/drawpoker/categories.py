"""The kinds of five-card poker hand (:class:`Category`), best last.

Their one source is the compiled evaluator's enum (``diablo_eval.pxd``, which
its C code is written with): each member here takes its value from the member
of the same name there, and the import stops if the two lists ever differ.
"""

from __future__ import annotations

from enum import IntEnum

from pedron._kernels import diablo_eval as _ev

__all__ = ["Category"]


class Category(IntEnum):
    """Kinds of hand, ordered so that a higher value is a better hand.

    The values start at 1 (``HIGH_CARD``) and run to 10 (``FIVE_OF_A_KIND``), one more
    per kind, so ``int(category)`` is the kind's place counting from the worst (a bot
    spec's ``open=3`` is ``TWO_PAIR``); no kind has the value 0.
    """

    HIGH_CARD = _ev.Category.HIGH_CARD.value
    ONE_PAIR = _ev.Category.ONE_PAIR.value
    TWO_PAIR = _ev.Category.TWO_PAIR.value
    THREE_OF_A_KIND = _ev.Category.THREE_OF_A_KIND.value
    STRAIGHT = _ev.Category.STRAIGHT.value
    FLUSH = _ev.Category.FLUSH.value
    FULL_HOUSE = _ev.Category.FULL_HOUSE.value
    FOUR_OF_A_KIND = _ev.Category.FOUR_OF_A_KIND.value
    STRAIGHT_FLUSH = _ev.Category.STRAIGHT_FLUSH.value
    FIVE_OF_A_KIND = _ev.Category.FIVE_OF_A_KIND.value

    @property
    def label(self) -> str:
        """The category in words: ``"four of a kind"``."""
        return self.name.lower().replace("_", " ")


def _same_as_the_kernel() -> None:
    """Refuse an evaluator whose categories are not these (a build from other sources)."""
    mine = {c.name: c.value for c in Category}
    kernel = {c.name: c.value for c in _ev.Category}
    if mine != kernel:
        raise ImportError(f"pedron.drawpoker.Category {mine} differs from the compiled "
                          f"evaluator's {kernel}: rebuild the extensions")


_same_as_the_kernel()
