"""Benchmarks run with: python -m pytest benchmarks --benchmark-enable

Throughput figures (items per second) are derived from the median time and
recorded in docs/performance.md together with the command that produced them.
"""
