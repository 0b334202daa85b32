"""Seeds for sub-streams of the generator (:class:`pedron.Generator`): one master
seed names every stream a study or a match plays, wherever its parts run."""

from __future__ import annotations

from pedron._exact import exact_int

__all__ = ["SEED_MAX", "derive_seed"]

_MASK = (1 << 64) - 1
#: The largest seed a study takes (a seed is one 64-bit word, as the generator's).
SEED_MAX = _MASK
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a bijective 64-bit hash."""
    z = (z + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A 64-bit seed for the sub-stream named by ``path`` under the master ``seed``.

    SplitMix64 hashing of the master seed and each path element in turn:
    deterministic, well spread, and independent of how work is split. Every part is
    an int (any size: only its low 64 bits count).
    """
    h = _mix(exact_int(seed, "seed") & _MASK)
    for p in path:
        h = _mix(h ^ _mix((exact_int(p, "a seed path's part") * _GOLDEN) & _MASK))
    return h
