"""The generator stream (version 1) in plain Python: xoshiro256** + SplitMix64."""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def splitmix64_words(seed: int, count: int = 4) -> list[int]:
    """The first ``count`` SplitMix64 outputs for ``seed``."""
    x = seed & MASK64
    out = []
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append(z ^ (z >> 31))
    return out


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Xoshiro256StarStar:
    """xoshiro256** with pedron's 32-bit halving, Lemire bounds and shuffles."""

    def __init__(self, seed: int | None = None, *, state: list[int] | None = None) -> None:
        self.s = list(state) if state is not None else splitmix64_words(seed or 0)
        self.spare: int | None = None

    def next_u64(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def next_u32(self) -> int:
        if self.spare is not None:
            out, self.spare = self.spare, None
            return out
        x = self.next_u64()
        self.spare = x >> 32
        return x & 0xFFFFFFFF

    def bounded(self, n: int) -> int:
        """Uniform in [0, n) by Lemire's method, 1 <= n < 2**32."""
        m = self.next_u32() * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = self.next_u32() * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.bounded(i + 1)
            items[i], items[j] = items[j], items[i]

    def deal_rows(self, pool: list[int], n: int, k: int) -> list[list[int]]:
        """Batch dealing: a partial Fisher-Yates per row, carried over rows."""
        pool = list(pool)
        rows = []
        for _ in range(n):
            for i in range(k):
                j = i + self.bounded(len(pool) - i)
                pool[i], pool[j] = pool[j], pool[i]
            rows.append(pool[:k])
        return rows


JUMP = (0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C, 0xA9582618E03FC9AA, 0x39ABDC4529B1661C)


def jump(gen: Xoshiro256StarStar) -> None:
    """Advance ``gen`` by 2**128 outputs (the xoshiro256** jump polynomial)."""
    t = [0, 0, 0, 0]
    for word in JUMP:
        for b in range(64):
            if word >> b & 1:
                t = [a ^ s for a, s in zip(t, gen.s, strict=True)]
            gen.next_u64()
    gen.s = t
    gen.spare = None
