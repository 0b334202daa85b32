"""Diablo's entries of the bench (named by its descriptor, ``GameInfo.bench``): its
evaluators in both modes against the reference, the pure-Python table, a plain C loop,
the peers and yours; the fixed cost of a batch call and the evaluation of one hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron import diablo
from pedron.bench.entry import Entry, Hands, both, guarded
from pedron.bench.harness import Spread, run_rounds
from pedron.bench.isolate import IsolatedEvaluator
from pedron.bench.order import OrderVerdict, compare_order
from pedron.bench.peers import PEER_EVALUATORS
from pedron.bench.python_eval import TableEvaluator
from pedron.games import GameInfo
from pedron.reference import diablo as reference

__all__ = ["SCALAR_ENTRIES", "entries", "evaluate", "fixed_cost"]

#: The evaluation of one hand, ``evaluate(hand, wild=...)``: what the peers are compared
#: with one call per hand (``pedron.testing``'s ``"pedron"`` baseline).
evaluate = diablo.evaluate

#: How ``pedron evaluate()`` is timed in each mode (key: wild): the mode's fastest
#: public call form, one call per hand.
SCALAR_ENTRIES = {True: "pedron.diablo.evaluate(hand)",
                  False: "pedron.diablo.evaluate(hand, wild=False)"}


def entries(info: GameInfo, hands: Hands) -> list[Entry]:
    """Diablo's timed entries: each mode's batch (with and without ``out``), the plain C
    loop, ``evaluate()``, the reference and the pure-Python table; in natural mode the
    peers and your evaluators, their order checked against pedron's."""
    import numpy as np

    from pedron._kernels.c_baseline import plain_c_loop

    batch, rows, ref_rows = hands.batch, hands.rows, hands.ref_rows
    evaluators, peers, game = hands.evaluators, hands.peers, info.name
    entries = []
    evaluate = diablo.evaluate
    evaluate_batch = diablo.evaluate_batch
    # The reference's score orders hands exactly as its dense strength does,
    # without building the strength table first (about 20 s): so a small
    # --reference-hands is quick, and the figure is the evaluation alone.
    best_value = reference.best_value
    cards = [[divmod(c, 4) for c in h] for h in ref_rows]
    for wild in (True, False):
        mode = "wild" if wild else "natural"
        out = diablo.evaluate_batch(batch[:1], wild=wild)  # (allocates its tables once)

        def make_batch(data: Any, wild: bool = wild) -> Callable[[], Any]:
            return lambda: evaluate_batch(data, wild=wild)

        run, warm = both(make_batch, batch)
        entries.append(Entry("pedron batch", "batch", game, mode, len(batch), run,
                              "pedron.diablo.evaluate_batch", warm=warm))

        # The batch kernel against the same checked evaluation as a plain C loop, both
        # writing into a given array: the kernel's engineering, not the language.
        def make_into(data: Any, wild: bool = wild) -> Callable[[], Any]:
            into = np.empty(len(data), dtype=np.uint16)
            return lambda: evaluate_batch(data, wild=wild, out=into)

        def make_c_loop(data: Any, wild: bool = wild) -> Callable[[], Any]:
            into = np.empty(len(data), dtype=np.uint16)

            def run_c_loop() -> Any:
                plain_c_loop(data, into, wild)
                return into

            return run_c_loop

        run, warm = both(make_into, batch)
        entries.append(Entry("pedron batch, out given", "batch", game, mode, len(batch),
                              run, "pedron.diablo.evaluate_batch(..., out=)", warm=warm))
        run, warm = both(make_c_loop, batch)
        entries.append(Entry("plain C loop", "c_loop", game, mode, len(batch), run,
                              "pedron._kernels.c_baseline.plain_c_loop",
                              "the same checked evaluation, card by card, as a plain C loop",
                              warm=warm))

        # Each mode through its fastest public call form: the default (wild) mode
        # without the keyword, which costs the interpreter and the entry point a
        # little more; natural mode, the one compared with the peers, needs it.
        def make_scalar(data: list[tuple[int, ...]]) -> Callable[[], list[Any]]:
            def run_scalar() -> list[Any]:
                return [evaluate(h) for h in data]

            return run_scalar

        def make_scalar_natural(data: list[tuple[int, ...]]) -> Callable[[], list[Any]]:
            def run_scalar_natural() -> list[Any]:
                return [evaluate(h, wild=False) for h in data]

            return run_scalar_natural

        run, warm = both(make_scalar if wild else make_scalar_natural, rows)
        entries.append(Entry("pedron evaluate()", "scalar", game, mode, len(rows), run,
                              SCALAR_ENTRIES[wild], "the fastest public call form of the mode",
                              warm=warm))

        def make_ref(data: list[Any], wild: bool = wild) -> Callable[[], list[Any]]:
            def run_ref() -> list[Any]:
                return [best_value(h, wild) for h in data]

            return run_ref

        run, warm = both(make_ref, cards)
        entries.append(Entry("pedron.reference", "reference", game, mode, len(ref_rows),
                              run, "pedron.reference.diablo.best_value", warm=warm))
        fast = TableEvaluator(wild).strength

        def make_python(data: list[tuple[int, ...]],
                        fast: Callable[[Any], int] = fast) -> Callable[[], list[Any]]:
            def run_python() -> list[Any]:
                return [fast(h) for h in data]

            return run_python

        run, warm = both(make_python, rows)
        entries.append(Entry("pure Python (table)", "python", game, mode, len(rows),
                              run, "pedron.bench.python_eval.TableEvaluator.strength",
                              "the fastest plain Python: one product and one dict lookup",
                              warm=warm))
        del out
    strengths = {w: [int(s) for s in diablo.evaluate_batch(batch[:len(rows)], wild=w)]
                 for w in (True, False)}

    def checker(wild: bool) -> Callable[[Any], OrderVerdict]:
        def check(values: Any) -> OrderVerdict:
            return compare_order(strengths[wild], list(values), rows.__getitem__).verdict()

        return check

    for peer in PEER_EVALUATORS if peers else ():
        if peer.available():
            run, warm = both(peer.prepare, rows)
            entries.append(Entry(peer.name, "peer", game, "natural", len(rows),
                                  run, peer.entry, peer.why, checker(False), warm))
    for ev in evaluators:
        if isinstance(ev, IsolatedEvaluator):
            iso = ev

            def order(_values: Any, iso: IsolatedEvaluator = iso) -> OrderVerdict:
                return iso.order()

            entries.append(Entry(iso.name, "yours", game, iso.evaluator.mode, len(rows),
                                  iso.run, iso.name,
                                  f"cards given as {iso.evaluator.form}; in a child process",
                                  order, iso.warm))
            continue
        run, warm = both(ev.runner, rows)
        entries.append(Entry(ev.name, "yours", game, ev.mode, len(rows),
                              guarded(ev, rows, run), ev.name, f"cards given as {ev.form}",
                              checker(ev.wild), guarded(ev, rows, warm)))
    return entries


def fixed_cost(batch: Any, calls: int = 2_000, rounds: int = 7) -> dict[str, Spread]:
    """Seconds a one-row ``diablo.evaluate_batch`` call takes, ``out`` given and
    not, taken in turn over ``rounds`` rounds of ``calls`` calls: the median and
    range over the rounds."""
    import numpy as np

    evaluate_batch = diablo.evaluate_batch
    one = np.ascontiguousarray(batch[:1])
    out = np.empty(1, dtype=np.uint16)

    def out_given() -> None:
        for _ in range(calls):
            evaluate_batch(one, out=out)

    def new_out() -> None:
        for _ in range(calls):
            evaluate_batch(one)

    timings, _ = run_rounds([out_given, new_out], rounds)
    return {name: Spread.of([w / calls for w in t.wall])
            for name, t in zip(("out_given", "new_out"), timings, strict=True)}
