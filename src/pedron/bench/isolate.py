"""Your evaluator in a child process, with a time limit: whatever it does, the bench goes on.

An evaluator is the caller's code: it may raise, call ``sys.exit``, abort,
crash the interpreter or never return. :class:`IsolatedEvaluator` runs it in a
child process of its own (forked where the system allows it, so the evaluator
needs not pickle; spawned elsewhere), driven step by step over a pipe: the
parent says *warm up*, *run*, *check*, and the child answers with its own
clocks (so the timing is the evaluator's, not the pipe's) or with what went
wrong. A step that does not answer within the time limit stops the child. Any
of these ends in :class:`EvaluatorFailed`, one line naming the evaluator and
what happened; the bench leaves that evaluator out and goes on with the others.
The order checks run in the child too (pedron's strengths are computed there),
so only a verdict crosses the pipe, never the evaluator's values.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import pickle
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from pedron._exact import finite_float
from pedron._process import start_helper
from pedron.bench.custom import Evaluator, check_evaluator, current_folder_first
from pedron.bench.harness import Measured, RunnerFailed
from pedron.bench.order import OrderVerdict, compare_order, pedron_strengths
from pedron.errors import PedronTypeError, PedronValueError

__all__ = ["DEFAULT_TIME_LIMIT", "EvaluatorFailed", "IsolatedEvaluator", "check_time_limit"]

#: Seconds a child may take for one step (a timed run, a warm-up, a block of 65,536
#: hands of the full check) before it is stopped.
DEFAULT_TIME_LIMIT = 60.0

Hands = Sequence[tuple[int, ...]]


class EvaluatorFailed(RunnerFailed, PedronValueError):
    """Your evaluator failed (raised, exited, crashed or ran out of time): ``evaluator``
    names it, ``reason`` says what happened; the message is one line."""

    def __init__(self, evaluator: str, reason: str) -> None:
        self.evaluator = evaluator
        self.reason = reason
        super().__init__(f"evaluator {evaluator} {reason}")

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled as made: two arguments)
        return (type(self), (self.evaluator, self.reason))


def check_time_limit(value: Any) -> float:
    """A time limit in seconds: a positive, finite number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PedronTypeError(f"time_limit must be a number of seconds, not {value!r}")
    value = finite_float(value, "time_limit")
    if not 0 < value < math.inf:
        raise PedronValueError(f"time_limit must be a positive number of seconds, not {value}")
    return float(value)


def _one_line(text: str, most: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 3] + "..."


def _what_went_wrong(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r})"
    if isinstance(exc, PedronValueError) and str(exc).startswith("evaluator "):
        return str(exc).split(" ", 2)[2]  # (its own words: "raised ... on <hand>")
    return f"raised {exc!r}"


# -- the child ------------------------------------------------------------------------------


def _serve(conn: Any, sent: Evaluator | bytes, rows: Hands, warm_rows: Hands) -> None:
    """The child's loop: one command, one answer, until told to stop or the pipe closes.
    ``sent``: the evaluator, or (a spawned child) it pickled, loaded here with the current
    folder first on ``sys.path``, where the parent found its module."""
    # Ctrl-C is the parent's to handle (it stops this process), its terminate() ends
    # this one whatever SIGTERM handler was inherited, and a parent killed outright
    # must not leave this one running a slow evaluator.
    start_helper()
    if isinstance(sent, bytes):
        try:
            with current_folder_first():
                evaluator = pickle.loads(sent)
        except BaseException as exc:  # (its module's code ran: whatever it raised)
            with contextlib.suppress(Exception):
                conn.send(("failed", f"cannot be loaded in a child process: {exc!r}"))
            return
    else:
        evaluator = sent
    run: Callable[[], list[Any]] | None = None
    warm: Callable[[], list[Any]] | None = None
    last: list[Any] | None = None
    while True:
        try:
            command = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if command == "stop":
                return
            if command == "first":  # its values on the first hands, checked (names a hand)
                evaluator.values(warm_rows)
                answer: Any = None
            elif command == "warm":
                warm = warm or evaluator.runner(warm_rows)
                warm()
                answer = None
            elif command == "run":
                run = run or evaluator.runner(rows)
                cpu0, wall0 = time.process_time(), time.perf_counter()
                try:
                    last = run()
                except Exception:
                    evaluator.values(rows)  # (names the hand, if it raises again)
                    raise
                answer = (time.perf_counter() - wall0, time.process_time() - cpu0)
            elif command == "order":
                answer = _order(evaluator, rows, last)
            elif command == "check_all":
                result = check_evaluator(
                    evaluator, progress=lambda done, total: conn.send(("progress", done)))
                answer = (result.agrees, str(result))
            else:  # pragma: no cover - the parent sends only the commands above
                raise AssertionError(command)
        except BaseException as exc:  # (the evaluator's code: whatever it raises is its failure)
            with contextlib.suppress(Exception):
                conn.send(("failed", _what_went_wrong(exc)))
            return
        conn.send(("ok", answer))


def _order(evaluator: Evaluator, rows: Hands, values: list[Any] | None) -> OrderVerdict:
    """Whether the last run's values order ``rows`` as pedron does, in words."""
    if values is None:
        return OrderVerdict(False, "never ran")
    if len(values) != len(rows):
        return OrderVerdict(False, f"returned {len(values)} values for {len(rows)} hands")
    return compare_order(pedron_strengths(rows, evaluator.wild), values,
                         rows.__getitem__).verdict()


# -- the parent ------------------------------------------------------------------------------


def _context() -> Any:
    """Fork where it is safe and available (the evaluator and the hands are inherited, so
    a lambda works too); spawn elsewhere (macOS, Windows: the evaluator must pickle)."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and sys.platform != "darwin":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


class IsolatedEvaluator:
    """``evaluator`` run on ``rows`` (and warmed up on ``warm_rows``) in a child process;
    each step may take at most ``time_limit`` seconds. Every method raises
    :class:`EvaluatorFailed` once the evaluator has failed; :meth:`close` stops the
    child (also done when the evaluator fails)."""

    def __init__(self, evaluator: Evaluator, rows: Hands, warm_rows: Hands,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.evaluator = evaluator
        self.name = evaluator.name
        self.time_limit = check_time_limit(time_limit)
        self.failure: EvaluatorFailed | None = None
        ctx = _context()
        sent: Evaluator | bytes = evaluator
        if ctx.get_start_method() != "fork":
            try:
                sent = pickle.dumps(evaluator)
            except Exception as exc:
                raise EvaluatorFailed(self.name, (
                    f"cannot be sent to a child process ({type(exc).__name__}: a lambda or a "
                    "local function?): define it at module level, or run it in-process")
                ) from None
        self._conn, child = ctx.Pipe()
        self._process = ctx.Process(target=_serve, args=(child, sent, rows, warm_rows),
                                    daemon=True, name=f"pedron bench: {self.name}")
        self._process.start()
        child.close()

    def __reduce__(self) -> Any:
        raise PedronTypeError("an IsolatedEvaluator runs a process of its own: it cannot be "
                              "copied or pickled (make another from its evaluator)")

    def __repr__(self) -> str:
        state = "failed" if self.failure else "alive" if self._process.is_alive() else "stopped"
        return f"<IsolatedEvaluator {self.name} ({state}, {self.time_limit:g} s a step)>"

    # -- the steps ------------------------------------------------------------------------
    def first(self) -> None:
        """Evaluate the first hands and check the values' count (before anything is timed)."""
        self._ask("first", "on its first hands")

    def warm(self) -> None:
        """The untimed warm-up before a timed run."""
        self._ask("warm", "while warming up")

    def run(self) -> Measured:
        """One timed run over every hand, timed in the child."""
        wall, cpu = self._ask("run", "while timed")
        return Measured(wall, cpu)

    def order(self) -> OrderVerdict:
        """Whether the last run ordered the hands as pedron does, and why not."""
        verdict: OrderVerdict = self._ask("order", "while its order was checked")
        return verdict

    def check_all(self, progress: Callable[[int], None] | None = None) -> tuple[bool, str]:
        """The order check on all 2,598,960 hands, in the child (the limit applies to each
        block of hands; ``progress(hands_done)`` is told after each)."""
        agrees, text = self._ask("check_all", "while checked on every hand", progress)
        return bool(agrees), str(text)

    # -- the pipe ---------------------------------------------------------------------------
    def _ask(self, command: str, doing: str,
             progress: Callable[[int], None] | None = None) -> Any:
        if self.failure is not None:
            raise self.failure
        try:
            self._conn.send(command)
        except OSError:  # (the child is gone already)
            self._fail(f"{self._death()} {doing}")
        deadline = time.monotonic() + self.time_limit
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._stop()
                self._fail(f"took more than {self.time_limit:g} s {doing} (stopped)")
            if self._conn.poll(min(left, 0.5)):
                try:
                    kind, payload = self._conn.recv()
                except (EOFError, OSError):
                    self._fail(f"{self._death()} {doing}")
                if kind == "progress":
                    deadline = time.monotonic() + self.time_limit  # (a sign of life)
                    if progress is not None:
                        progress(payload)
                    continue
                if kind == "ok":
                    return payload
                self._fail(f"{payload} {doing}")
            elif not self._process.is_alive():
                self._fail(f"{self._death()} {doing}")

    def _death(self) -> str:
        """How the child ended, in words."""
        self._process.join(2.0)
        code = self._process.exitcode
        if code is None:
            self._stop()
            return "stopped answering"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            verb = {"SIGABRT": "aborted", "SIGKILL": "was killed", "SIGTERM": "was terminated"
                    }.get(name, "crashed")
            return f"{verb} ({name})"
        return f"exited (status {code})"

    def _fail(self, reason: str) -> NoReturn:
        self.failure = EvaluatorFailed(self.name, _one_line(reason))
        self.close()
        raise self.failure

    def _stop(self) -> None:
        process = self._process
        if process.is_alive():
            process.terminate()
            process.join(2.0)
        if process.is_alive():
            process.kill()
            process.join(2.0)

    def close(self) -> None:
        """Stop the child (asked first, then terminated; it is gone when this returns)."""
        if self._process.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send("stop")
            self._process.join(2.0)
        self._stop()
        self._conn.close()
