"""The hostile-object sweep of the whole public surface (scripts/fuzz/surface.py),
bounded: every public name is swept or listed with a reason, and every slot takes
a sample of the catalogue (the whole catalogue, and random pairs, are the long
run: docs/reliability.md, "The hostile-object sweep of the whole surface")."""

from __future__ import annotations

import math
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pyspiel")

import surface  # noqa: E402  (after the skips: it imports numpy and the adapters)


def test_every_public_name_is_swept_or_listed_with_its_reason():
    swept, missing = surface.coverage()
    assert missing == []
    assert len(swept) > 100
    for reason in surface.NOT_SWEPT_NAMES:
        assert reason in surface.NOT_SWEPT  # (each list of names has its reason written)


def test_every_slot_has_an_area():
    assert {surface.area_of(sl) for sl in surface.SLOTS} <= {a for a, _ in surface.AREAS}


# A sample of the catalogue: a lying int, an __index__ float, a huge int, a numpy
# scalar, NaN, a Decimal, numeric text, a 0-d array, a 2-D memoryview, an object whose
# every conversion raises, None.
SAMPLE = [
    surface.Liar(-1), surface.Idx(2.5), 10**5000, np.int64(3), math.nan,
    surface.Decimal("1e999999"), "1e1000000000", np.array(3),
    memoryview(bytes(10)).cast("B", (2, 5)), surface.Weird(), None,
]


def test_three_of_the_sample_through_every_slot_in_turn():
    """Each slot takes three of the sample, the next slot the next three: every value
    meets a third of the slots (all of them: the slow test below)."""
    place = {id(sl): k for k, sl in enumerate(surface.SLOTS)}

    def three(sl):
        k = 3 * place[id(sl)]
        return iter([SAMPLE[(k + j) % len(SAMPLE)] for j in range(3)])

    with surface.scratch_dir():
        counts, findings = surface.sweep(surface.SLOTS, three)
    assert findings == []
    assert sum(row["calls"] for row in counts.values()) == len(surface.SLOTS) * 3


@pytest.mark.slow
def test_a_sample_of_the_catalogue_through_every_slot():
    with surface.scratch_dir():
        counts, findings = surface.sweep(surface.SLOTS, lambda sl: iter(SAMPLE))
    assert findings == []
    assert sum(row["calls"] for row in counts.values()) == len(surface.SLOTS) * len(SAMPLE)


@pytest.mark.slow
def test_the_whole_catalogue_and_random_pairs():
    rnd = random.Random(29)
    with surface.scratch_dir():
        _counts, findings = surface.sweep(surface.SLOTS, lambda sl: iter(
            [*surface.hostile_values(), *(surface.hostile(rnd) for _ in range(5))]))
    assert findings == []
