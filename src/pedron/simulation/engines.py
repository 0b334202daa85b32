"""Where a simulation's work units run: this process, a local process pool, any
:class:`concurrent.futures.Executor`, or a Dask cluster through a ``distributed.Client``.

Each engine offers the same small interface to :func:`pedron.simulate`'s loop:
``capacity()`` (the workers it reports, to size the units), ``submit(task)``,
``wait(pending)`` (at least one finished unit, or a :class:`~pedron.errors.ClusterError`
when the machinery is lost), ``result(handle)``, ``cancel(pending)`` and
``close(aborted)``. Dask is imported only when a ``distributed`` object is given.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from typing import Any

from pedron._machine import usable_cores
from pedron._process import start_helper
from pedron.errors import ClusterError, PedronTypeError, PedronValueError
from pedron.text import shown

__all__ = ["DEFAULT_TIMEOUT", "WORKER_HARD_CAP", "Engine", "check_executor", "check_portable",
           "check_workers", "crosses_processes", "make_engine", "usable_cores",
           "worker_versions"]

#: Seconds a Dask study waits for a sign of life (a unit finished, the scheduler
#: answering with at least one worker) before it gives up with a ClusterError.
DEFAULT_TIMEOUT = 60.0

#: A work unit's function: the unit (a record, pickled to reach a process or a cluster)
#: to its result (likewise). ``stop=`` is passed on a Dask worker (see :func:`dask_unit`).
RunChunk = Callable[..., Any]


def _timeouts() -> tuple[type[BaseException], ...]:
    """How a Dask wait that ran out of time ends: before Python 3.11 asyncio's
    timeout is not the built-in TimeoutError, and distributed may surface it as
    the cancelled inner wait (a BaseException there, so never caught by accident).
    (asyncio is imported here, by the Dask engine alone: a local run never needs it.)"""
    import asyncio

    return (TimeoutError, asyncio.TimeoutError, asyncio.CancelledError)


def worker_versions(**_: Any) -> dict[str, Any]:
    """The pedron version and random-stream version this process would play with
    (keywords are ignored: a Dask version that passes its own on to it does no harm)."""
    import pedron
    from pedron._kernels.rng import STREAM_VERSION

    return {"pedron": pedron.__version__, "stream_version": int(STREAM_VERSION)}


def dask_unit(task: Any, run: RunChunk) -> Any:
    """A work unit on a Dask worker: ``run(task, stop=...)``
    (:func:`~pedron.simulation.run_chunk` for a study, :func:`pedron.match.run_sets` for
    a match), which stops at its next session once the study has cancelled it.

    Dask cannot interrupt a running task; it only forgets it. Asking the worker's
    own record of the task (a dict look-up, no message) between sessions is what
    frees the worker's thread within a session of the cancellation.
    """
    return run(task, stop=_dask_cancelled())


def _dask_cancelled() -> Callable[[], bool] | None:
    try:  # the worker's internals: if they change, units simply run to their end
        from distributed import get_worker
        from distributed.worker import thread_state  # type: ignore[attr-defined, unused-ignore]

        tasks = get_worker().state.tasks
        key = thread_state.key
    except Exception:
        return None

    def cancelled() -> bool:
        ts = tasks.get(key)
        return ts is None or ts.state == "cancelled"

    return cancelled


#: The most local worker processes a study may start, as a multiple of the usable
#: cores, when more workers than cores are asked for explicitly (``oversubscribe``).
WORKER_HARD_CAP = 4

#: The most workers a given executor may be said to have (``workers`` with an
#: ``executor`` only sizes the work units: nothing is started here).
MAX_EXECUTOR_WORKERS = 65_536


def check_workers(workers: int | None, oversubscribe: bool, executor: Any,
                  work: str = "study") -> None:
    """Refuse, before anything starts, more local workers than the machine can run:
    at most :func:`usable_cores`, or with ``oversubscribe`` at most
    :data:`WORKER_HARD_CAP` times that. With an ``executor``, ``workers`` only sizes
    the units (at most :data:`MAX_EXECUTOR_WORKERS`). ``work`` names what the workers
    do, in the message (a study, a match)."""
    if type(oversubscribe) is not bool:
        raise PedronTypeError(f"oversubscribe must be True or False, not {shown(oversubscribe)}")
    if workers is None:
        return
    if executor is not None:
        if workers > MAX_EXECUTOR_WORKERS:
            raise PedronValueError(f"workers {workers}: an executor's workers are at most "
                                   f"{MAX_EXECUTOR_WORKERS:,}")
        return
    cores = usable_cores()
    cap = WORKER_HARD_CAP * cores
    if workers > cores and not oversubscribe:
        raise PedronValueError(
            f"workers {workers}: this machine has {cores} usable "
            f"{'core' if cores == 1 else 'cores'}; more workers than cores only slow the "
            f"{work} (oversubscribe allows up to {cap})")
    if workers > cap:
        raise PedronValueError(f"workers {workers}: at most {cap} local worker processes on "
                               f"this machine ({WORKER_HARD_CAP} per usable core)")


def _worker_start() -> None:
    # A local pool's processes leave Ctrl-C to the parent, which stops them itself (a
    # worker's own KeyboardInterrupt would only print tracebacks and hang the pool's
    # shutdown), die by its terminate() whatever SIGTERM handler they inherited, and
    # leave with it if it is killed outright (a worker inherits its own end of the
    # pool's queues, so it would wait for work forever).
    start_helper()


class Engine:
    """Runs work units in this process, one at a time (the base: no parallelism)."""

    #: What :attr:`SimulationResult.executor` says.
    description = "in-process"
    #: Whether units may run side by side (then they are sized from ``capacity()``).
    parallel = False

    def __init__(self, run: RunChunk) -> None:
        self.run = run

    def start(self) -> None:
        """Check the machinery before any work is sent (versions, workers)."""

    def capacity(self) -> int:
        """The number of units the engine can play at once (its workers)."""
        return 1

    def active(self) -> int:
        """Workers available now (for progress reports)."""
        return self.capacity()

    def in_flight(self) -> int:
        """Most units submitted and not yet collected: enough to keep every worker busy."""
        return 1

    def submit(self, task: Any) -> Any:
        future: Future[Any] = Future()
        future.set_result(self.run(task))
        return future

    def wait(self, pending: Collection[Any]) -> Collection[Any]:
        """Block until at least one of ``pending`` has finished; return those finished."""
        return [f for f in pending if f.done()]

    def result(self, handle: Any) -> Any:
        """The unit's result; raises the unit's own error if it failed."""
        return handle.result()

    def cancel(self, pending: Collection[Any]) -> None:
        """Cancel every unfinished unit (a study failed or was interrupted)."""

    def close(self, aborted: bool) -> None:
        """Release what the engine started (never what the caller passed in)."""


class ExecutorEngine(Engine):
    """Any :class:`concurrent.futures.Executor` (a process or thread pool...)."""

    parallel = True

    def __init__(self, run: RunChunk, executor: Executor, workers: int | None,
                 timeout: float | None) -> None:
        super().__init__(run)
        self.executor = executor
        self.workers = workers
        self.timeout = timeout
        self.description = type(executor).__name__

    def capacity(self) -> int:
        if self.workers is not None:
            return self.workers
        reported = getattr(self.executor, "_max_workers", None)  # the stdlib pools' size
        return reported if isinstance(reported, int) and reported > 0 else (os.cpu_count() or 2)

    def in_flight(self) -> int:
        return 2 * self.capacity()

    def submit(self, task: Any) -> Any:
        return self.executor.submit(self.run, task)

    def wait(self, pending: Collection[Any]) -> Collection[Any]:
        done, _ = wait_futures(pending, timeout=self.timeout, return_when=FIRST_COMPLETED)
        if not done:
            raise ClusterError(f"no work unit finished in {self.timeout:g} s "
                               f"({len(pending)} waiting on the {self.description})")
        return done

    def cancel(self, pending: Collection[Any]) -> None:
        for f in pending:
            f.cancel()


class LocalPoolEngine(ExecutorEngine):
    """A process pool this study starts (``workers=N``) and stops, at once if interrupted
    or when no unit finishes within ``timeout`` (the same ClusterError as an executor's)."""

    def __init__(self, run: RunChunk, workers: int, timeout: float | None) -> None:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
        super().__init__(run, pool, workers, timeout)
        self.pool = pool
        self.description = f"ProcessPoolExecutor({workers})"

    def close(self, aborted: bool) -> None:
        if not aborted:
            self.pool.shutdown(wait=True)
            return
        # A running unit cannot be cancelled: stop the processes rather than wait
        # for them (the stdlib's shutdown waits for every running unit to finish).
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            p.terminate()
        for p in processes:
            p.join(1.0)


class DaskEngine(Engine):
    """A Dask cluster, through a ``distributed.Client``: units submitted with
    ``pure=False`` (never a cached result), cancelled on the cluster when the
    study ends early, and a lost or silent scheduler turned into a ClusterError."""

    parallel = True

    def __init__(self, run: RunChunk, client: Any, timeout: float | None) -> None:
        super().__init__(run)
        import distributed

        self.distributed = distributed
        self.client = client
        self.timeout = DEFAULT_TIMEOUT if timeout is None else timeout
        self._timeouts = _timeouts()
        self._unanswered: tuple[type[BaseException], ...] = (*self._timeouts, OSError)
        self.address = getattr(client.scheduler, "address", None) or "?"
        self.description = f"Dask {self.address}"
        self._workers: dict[str, Any] = {}
        self._seen = 0.0  # when the scheduler last answered with a worker, or a unit finished

    # -- the scheduler's view ---------------------------------------------------------------
    def _identity(self) -> dict[str, Any]:
        """Ask the scheduler (not a cache) for its workers, waiting at most the timeout."""
        if self.client.status not in ("running", "newly-created"):
            raise ClusterError(f"lost the connection to the Dask scheduler at {self.address}")
        try:
            info: dict[str, Any] = self.client.sync(
                self.client.scheduler.identity, callback_timeout=self.timeout)
        except self._unanswered as exc:
            raise ClusterError(f"the Dask scheduler at {self.address} did not answer in "
                               f"{self.timeout:g} s ({type(exc).__name__})") from None
        self._workers = dict(info.get("workers") or {})
        if self._workers:
            self._seen = time.monotonic()
        return info

    def start(self) -> None:
        self._seen = time.monotonic()
        self._identity()
        deadline = self._seen + self.timeout
        while not self._workers:
            if time.monotonic() > deadline:
                raise ClusterError(f"no Dask worker joined the scheduler at {self.address} in "
                                   f"{self.timeout:g} s")
            time.sleep(0.2)
            self._identity()
        self._check_versions()

    def _check_versions(self) -> None:
        mine = worker_versions()
        try:
            # callback_timeout reaches Client.sync (the blocking wait): a frozen worker
            # cannot hang the start
            theirs = self.client.run(worker_versions, on_error="return",
                                     callback_timeout=self.timeout)
        except self._timeouts:
            raise ClusterError(f"the Dask workers did not say their pedron version in "
                               f"{self.timeout:g} s") from None
        except Exception as exc:  # the run itself failed: the scheduler, not a worker
            raise ClusterError(f"cannot ask the Dask workers their pedron version: {exc}") from None
        for address, got in sorted(theirs.items()):
            if isinstance(got, BaseException):
                raise ClusterError(f"the Dask worker {address} cannot run pedron: "
                                   f"{type(got).__name__}: {got}")
            if got != mine:
                raise ClusterError(
                    f"the Dask worker {address} runs pedron {got.get('pedron')} (random stream "
                    f"{got.get('stream_version')}), this process pedron {mine['pedron']} "
                    f"(stream {mine['stream_version']}): install the same pedron everywhere")

    def capacity(self) -> int:
        threads = sum(int(w.get("nthreads", 1) or 1) for w in self._workers.values())
        return max(threads, 1)

    def active(self) -> int:
        return len(self._workers)

    # -- the units ----------------------------------------------------------------------------
    def in_flight(self) -> int:
        return 2 * self.capacity()

    def submit(self, task: Any) -> Any:
        try:
            return self.client.submit(dask_unit, task, self.run, pure=False)
        except BaseException as exc:
            if self._gone(exc):
                raise self._lost() from None
            raise

    def _lost(self) -> ClusterError:
        return ClusterError(f"lost the connection to the Dask scheduler at {self.address}; "
                            f"the study's unfinished units were dropped")

    def _gone(self, exc: BaseException) -> bool:
        """Whether ``exc``, met while talking to the cluster, means the scheduler is
        gone: a scheduler killed mid-call ends the call with whatever the connection
        was doing (a timeout, a cancelled wait, a closed comm) while the client no
        longer runs. Anything else (a unit's own error, say) is raised as it is."""
        return isinstance(exc, self._unanswered) and self.client.status != "running"

    def wait(self, pending: Collection[Any]) -> Collection[Any]:
        distributed = self.distributed
        poll = min(1.0, self.timeout)
        while True:
            try:
                done, _ = distributed.wait(list(pending), timeout=poll,
                                           return_when="FIRST_COMPLETED")
            except self._timeouts:  # a poll that timed out (a lost scheduler: _identity says)
                done = set()
            except distributed.client.FuturesCancelledError:
                raise self._lost() from None
            except (OSError, distributed.comm.CommClosedError):
                raise self._lost() from None
            if done:
                self._seen = time.monotonic()
                finished: Collection[Any] = done
                return finished
            # Nothing finished in a second: is anyone there? (a frozen scheduler, no workers)
            self._identity()
            if time.monotonic() - self._seen > self.timeout:
                raise ClusterError(f"no Dask worker at the scheduler {self.address} for "
                                   f"{self.timeout:g} s; {len(pending)} units waiting")

    def result(self, handle: Any) -> Any:
        if handle.status == "cancelled":
            raise self._lost()
        try:
            # (a finished unit's result is fetched through the scheduler: one frozen just
            # after the unit finished would never answer, and the study would hang)
            out = handle.result(timeout=self.timeout)
        except self._timeouts:
            raise ClusterError(f"the Dask scheduler at {self.address} did not hand over a "
                               f"finished unit's result in {self.timeout:g} s") from None
        except self.distributed.KilledWorker as exc:
            raise ClusterError(f"a work unit killed every Dask worker that ran it: {exc}") from None
        except self.distributed.client.FutureCancelledError:
            raise self._lost() from None
        except BaseException as exc:
            if self._gone(exc):
                raise self._lost() from None
            raise
        finally:
            handle.release()  # the cluster forgets it now, not at the next garbage collection
        return out

    def cancel(self, pending: Collection[Any]) -> None:
        if not pending:
            return
        # If the scheduler is gone, so is everything it held.
        with contextlib.suppress(Exception):
            self.client.cancel(list(pending), force=True)


def _distributed_object(executor: Any) -> str | None:
    """"client" or "executor" for a Dask Client or its ClientExecutor, else None; without
    importing Dask when the caller has not (then it cannot be one of its objects)."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return None
    if isinstance(executor, distributed.Client):
        return "client"
    cf = sys.modules.get("distributed.cfexecutor")
    if cf is not None and isinstance(executor, cf.ClientExecutor):
        return "executor"
    return None


def check_executor(executor: Any) -> None:
    """Refuse, before any work starts, an ``executor`` that no engine can drive."""
    if executor is None or _distributed_object(executor) is not None:
        return
    if not isinstance(executor, Executor):
        raise PedronTypeError(
            "executor must be a concurrent.futures.Executor or a distributed.Client, "
            f"not {type(executor).__name__}")


def crosses_processes(executor: Any, workers: int | None) -> bool:
    """Whether the engine for ``executor`` and ``workers`` sends each unit's task to
    another process by pickling it: a local pool (no executor, ``workers > 1``) or a
    stdlib :class:`~concurrent.futures.ProcessPoolExecutor`. (Dask pickles functions
    by value; a thread pool shares this process.)"""
    if executor is None:
        return workers is not None and workers > 1
    return isinstance(executor, ProcessPoolExecutor)


def check_portable(objects: Mapping[str, Any], executor: Any, workers: int | None) -> None:
    """Refuse, before any process starts, an object in ``objects`` (name -> bot
    factory) that cannot be pickled to reach the worker processes the engine would use
    (a lambda, a class or function defined inside another function)."""
    if not crosses_processes(executor, workers):
        return
    where = "with workers > 1" if executor is None else f"with a {type(executor).__name__}"
    for name, obj in objects.items():
        if isinstance(obj, str):
            continue  # (a spec: text)
        try:
            pickle.dumps(obj)
        except Exception as exc:
            raise PedronTypeError(
                f"bot {name!r}: {where} each bot is sent to another process, so a factory "
                f"must be an importable (module-level) class or function; {shown(obj)} "
                f"cannot be pickled ({type(exc).__name__}: {exc})") from None


def make_engine(run: RunChunk, executor: Any, workers: int | None,
                timeout: float | None) -> Engine:
    """The engine for ``simulate``'s ``executor`` and ``workers`` arguments."""
    check_executor(executor)
    kind = _distributed_object(executor)
    if kind == "client":
        return DaskEngine(run, executor, timeout)
    if kind == "executor":  # client.get_executor(): the same cluster, with pedron's care
        return DaskEngine(run, executor._client, timeout)
    if executor is not None:
        return ExecutorEngine(run, executor, workers, timeout)
    if workers is not None and workers > 1:
        return LocalPoolEngine(run, workers, timeout)
    return Engine(run)


def run_units(engine: Engine, plan: Callable[[], Iterator[Any]],
              task: Callable[[Any], Any]) -> Iterator[tuple[Any, Any]]:
    """Run a work unit for each unit ``plan()`` gives (asked once the engine has started:
    how to cut the work may depend on its capacity) on ``engine`` (``task(unit)``: the
    unit's record, pickled to reach a worker), as many in flight as the engine takes,
    yielding ``(unit, result)`` as they finish; the engine is closed once done (its pending units
    cancelled first if the caller stops early or an error stops the run)."""
    pending: dict[Any, Any] = {}
    finished = False
    try:
        engine.start()
        units = plan()
        limit = engine.in_flight()
        while True:
            while len(pending) < limit:
                unit = next(units, None)
                if unit is None:
                    break
                pending[engine.submit(task(unit))] = unit
            if not pending:
                break
            for handle in engine.wait(list(pending)):
                yield pending.pop(handle), engine.result(handle)
        finished = True
    finally:
        if not finished:
            engine.cancel(list(pending))
        engine.close(aborted=not finished)
