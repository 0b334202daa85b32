"""Plain-Python references with the same semantics as the compiled kernels.

They are written to be obviously correct, not fast: the tests compare the
kernels against them, and the benchmarks use them as the pure-Python baseline.
"""
