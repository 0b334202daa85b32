"""A chart's ``hold()`` lookup against the search it replaces on every one of the
2,598,960 Jacks-or-Better deals, each dealt in a shuffled order (slow; a file of its
own, so the parallel suite runs it beside the other lookup tests: it takes minutes)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from tests.videopoker.test_videopoker_chart_lookup import search_many, shuffled_chart


@pytest.mark.slow
def test_lookup_equals_the_search_on_every_hand_of_jacks_or_better():
    chart = shuffled_chart("jacks-or-better", 7)
    every = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    for block in np.array_split(every, 26):
        hands = np.random.default_rng(len(block)).permuted(block, axis=1)
        assert [chart.hold(h) for h in hands.tolist()] == search_many(chart, hands)
