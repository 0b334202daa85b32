"""PettingZoo environment steps with random legal actions, beside PettingZoo's Leduc Hold'em.

A step is one ``env.step`` after ``env.last()`` (the observation and its action mask),
dead agents' ``step(None)`` included, episodes reset as they end: what a training loop
pays per agent turn. ``pettingzoo.classic.leduc_holdem_v4`` (RLCard's engine) is the
yardstick when it is installed (it needs ``rlcard`` and ``pygame``).

    python -m pytest benchmarks/test_bench_envs.py --benchmark-enable
    python benchmarks/test_bench_envs.py [--rounds 7]   # side by side: medians and ratios
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

STEPS = 5000


def makers() -> dict[str, object]:
    from pedron.envs import diablo_v0, diamondback_v0

    out: dict[str, object] = {
        "diamondback_v0": diamondback_v0.env, "diamondback_v0 (raw)": diamondback_v0.raw_env,
        "diablo_v0": diablo_v0.env, "diablo_v0 (raw)": diablo_v0.raw_env,
    }
    try:
        from pettingzoo.classic import leduc_holdem_v4

        out["leduc_holdem_v4"] = leduc_holdem_v4.env
        out["leduc_holdem_v4 (raw)"] = leduc_holdem_v4.raw_env
    except ImportError:  # (rlcard or pygame missing)
        pass
    return out


def random_steps(env, steps: int, seed: int) -> int:
    """Take ``steps`` steps with uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    while done < steps:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            env.step(action)
            done += 1
            if done >= steps:
                break
        else:
            env.reset()
    return done


@pytest.mark.parametrize("name", list(makers()))
def test_env_steps(benchmark, name):
    env = makers()[name]()
    benchmark.extra_info["steps"] = STEPS
    assert benchmark(random_steps, env, STEPS, 0) == STEPS


def main() -> int:
    parser = argparse.ArgumentParser(description="environment steps per second, side by side")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--steps", type=int, default=20_000)
    args = parser.parse_args()
    envs = {name: make() for name, make in makers().items()}
    rates: dict[str, list[float]] = {name: [] for name in envs}
    cpu: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(args.rounds):  # (round-robin: a load on the machine hits all alike)
        for name, env in envs.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            random_steps(env, args.steps, r)
            rates[name].append(args.steps / (time.perf_counter() - start))
            cpu[name].append(args.steps / (time.process_time() - start_cpu))
    ref = statistics.median(rates["leduc_holdem_v4"]) if "leduc_holdem_v4" in rates else None
    print(f"{'environment':24} {'steps/s wall (median, range)':>30} {'per CPU second':>15} "
          f"{'vs leduc':>9}")
    for name, values in rates.items():
        med = statistics.median(values)
        ratio = f"{med / ref:8.2f}x" if ref else ""
        spread = f"{min(values):,.0f}-{max(values):,.0f}"
        print(f"{name:24} {med:>10,.0f} ({spread:>17}) {statistics.median(cpu[name]):>15,.0f} "
              f"{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
