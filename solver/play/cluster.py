"""Numbered work on a Dask cluster: a running one, or one started on this
machine (the optional ``dask`` extra: ``pip install 'altbaumer[dask]'``).

A :class:`Scheduler` names the cluster (``--scheduler``): ``local`` or
``local:N`` starts a ``LocalCluster`` of N single-threaded worker processes
on the loopback interface (N: the cores), anything else is the address of a
running scheduler (``tcp://host:8786``, or ``host:8786``; with its port,
since Dask's client assumes none). Each range of
:func:`altbaumer.play.ranges.run_ranges` is one task; results are handed
back as the tasks finish. Dask runs again, on another worker, the tasks of a
worker that is lost; a range that raises is retried :data:`RETRIES` times.

>>> Scheduler.parse("local:2"), Scheduler.parse("10.0.0.5:8786").address
(Scheduler(address=None, workers=2), 'tcp://10.0.0.5:8786')
>>> Scheduler.parse("local:0")
Traceback (most recent call last):
...
altbaumer.errors.InvalidScheduler: --scheduler local:N needs 1 to 256 workers, not 0
>>> Scheduler.parse("bogus")
Traceback (most recent call last):
...
altbaumer.errors.InvalidScheduler: 'bogus' is no scheduler: expected local, local:N or tcp://host:port
"""

from __future__ import annotations

import logging
import os
import re
import signal
import threading
import time
import uuid
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence, TypeVar

from altbaumer.errors import AltbaumerError, InvalidScheduler

__all__ = ["Scheduler", "run_on_cluster", "require_dask", "RETRIES", "DASK_MISSING", "CONNECT_TIMEOUT"]

R = TypeVar("R")

RETRIES = 2
"""Times a range that raised is run again before the job fails (a lost
worker's ranges are run again by Dask itself, without counting)."""

DASK_MISSING = "--scheduler needs the dask extra: pip install 'altbaumer[dask]'"

CONNECT_TIMEOUT = 5.0
"""Seconds to reach a running scheduler before giving up. Dask retries a
refused connection until its timeout, so an address with nothing behind it
costs this long; a scheduler that answers at all answers well within it."""

_FORMS = "local, local:N or tcp://host:port"
_POLL = 0.05  # seconds between looks at the finished ranges, and so the most Ctrl-C waits
_SCHEDULER_WAIT = 0.5  # seconds the scheduler is given to forget the work, and to see the ended workers go
_WORKERS_MAX = 256
# Plain TCP only: TLS needs certificates and UCX a library of its own, which nothing here sets up.
_ADDRESS = re.compile(r"^(?:(tcp)://)?([A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$")


def require_dask() -> Any:
    """The ``distributed`` module, or the one line that names the extra to
    install (an install that cannot be imported counts as missing)."""
    try:
        import distributed
    except ImportError:
        raise AltbaumerError(DASK_MISSING) from None
    return distributed


@dataclass(frozen=True)
class Scheduler:
    """Where ranges run: a running scheduler's ``address``, or (``address``
    None) a local cluster of ``workers`` processes (None: one per core)."""

    address: Optional[str] = None
    workers: Optional[int] = None

    @classmethod
    def parse(cls, text: str) -> "Scheduler":
        """``local``, ``local:N`` or a scheduler's address (its scheme defaults to ``tcp://``)."""
        text = text.strip()
        if text == "local" or text.startswith("local:"):
            count = text[len("local:"):] if ":" in text else None
            if count is not None and not (count.isdigit() and 1 <= int(count) <= _WORKERS_MAX):
                raise InvalidScheduler(f"--scheduler local:N needs 1 to {_WORKERS_MAX} workers, not {count}")
            return cls(None, None if count is None else int(count))
        found = _ADDRESS.match(text)
        if found is None or not 0 < int(found[3]) < 65536:
            raise InvalidScheduler(f"{text!r} is no scheduler: expected {_FORMS}")
        return cls(text if found[1] else f"tcp://{text}", None)

    def __str__(self) -> str:
        if self.address is not None:
            return self.address
        return "local" if self.workers is None else f"local:{self.workers}"

    @property
    def width(self) -> int:
        """The workers to plan chunks for (a running cluster's size is not known
        before it is reached: taken as eight)."""
        if self.workers is not None:
            return self.workers
        return (os.cpu_count() or 1) if self.address is None else 8

    @contextmanager
    def client(self) -> Iterator[Any]:
        """A ``distributed.Client`` of the cluster, closed (and a local
        cluster shut down) on the way out, Ctrl-C included."""
        distributed = require_dask()
        if self.address is not None:
            try:
                client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT)
            except OSError:  # refused, no such host, or no answer in time (TimeoutError is an OSError)
                raise AltbaumerError(f"--scheduler {self.address}: no Dask scheduler answered within "
                                     f"{CONNECT_TIMEOUT:g} s (expected {_FORMS} of a running scheduler)") from None
            with client:
                yield client
            return
        # Single-threaded workers: the search core runs one thread per process, and the processes are the parallelism.
        with distributed.LocalCluster(n_workers=self.width, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None, silence_logs=logging.ERROR,
                                      preload=["altbaumer.play.cluster_worker"]) as cluster, \
                distributed.Client(cluster) as client:
            yield client


def run_on_cluster(scheduler: Scheduler, work: Callable[[int, int], R], ranges: Sequence[tuple[int, int, int]],
                   collect: Callable[[int, R], None]) -> None:
    """``work(start, stop)`` for every ``(index, start, stop)`` of ``ranges``
    as one task each, started in the order given; ``collect(index, result)``
    as each finishes, in the order they finish. On Ctrl-C or an error the tasks still queued are
    cancelled, and on a cluster started here the running ones are stopped
    with their worker processes, so that the cluster closes at once (a
    running cluster's workers finish the task they run)."""
    if not ranges:
        return
    as_completed = require_dask().as_completed
    job = uuid.uuid4().hex[:12]  # keys of their own: a shared cluster may run other jobs' ranges too
    with _quiet_once_ending() as ending, scheduler.client() as client:
        # The work and what it carries (the boards of an annotation, say) go to every worker once, not with each task.
        shared = client.scatter(work, broadcast=True, hash=False)
        futures = {client.submit(_call, shared, start, stop, key=f"altbaumer-{job}-{index}", pure=False,
                                 retries=RETRIES, priority=len(ranges) - place): index
                   for place, (index, start, stop) in enumerate(ranges)}
        try:
            with _ctrl_c_held() as check:
                queue = as_completed(futures)
                while not queue.is_empty():
                    check()
                    if not queue.has_ready():
                        time.sleep(_POLL)
                        continue
                    for future in queue.next_batch(block=False):
                        collect(futures[future], future.result())
        except BaseException:
            client.cancel(list(futures))
            shared.release()  # unwanted, so that the scheduler forgets it before its workers go
            if scheduler.address is None:
                ending()
                _end_local_workers(client, shared.key)
            raise
        finally:
            client.cancel(list(futures))


@contextmanager
def _ctrl_c_held() -> Iterator[Callable[[], None]]:
    """Ctrl-C noted and raised as KeyboardInterrupt only where the block
    calls ``check()``: raised inside Dask's client, which waits on its event
    loop in another thread, it leaves a callback of that loop failing with
    a traceback printed beneath the command's line. Outside the main thread,
    where no signal arrives, ``check`` does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: None
        return
    pressed = threading.Event()
    before = signal.signal(signal.SIGINT, lambda number, frame: pressed.set())

    def check() -> None:
        if pressed.is_set():
            raise KeyboardInterrupt

    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, before)


@contextmanager
def _quiet_once_ending() -> Iterator[Callable[[], None]]:
    """A switch that silences logging until the block is left. The workers of
    a cluster started here are ended on purpose, and its scheduler, in this
    process, logs each loss as an error (the work scattered to them among it:
    the cancellation reaches the scheduler asynchronously), which would print
    beneath the command's one line."""
    before = logging.root.manager.disable
    switched = False

    def ending() -> None:
        nonlocal switched
        switched = True
        logging.disable(logging.CRITICAL)

    try:
        yield ending
    finally:
        if switched:
            logging.disable(before)


def _end_local_workers(client: Any, scattered: str) -> None:
    """End at once the worker processes of a cluster started here, the
    ranges they run dropped: closing the cluster would wait for those ranges
    to finish. The scheduler, in this process, is given a moment to forget
    the work scattered to the workers (cancelled: a worker ended holding it
    counts as data lost, an error it logs) and then to see the workers go.
    Each nanny is told first not to start its worker again."""
    cluster = getattr(client, "cluster", None)
    scheduler = getattr(cluster, "scheduler", None)
    _wait_until(lambda: scattered not in getattr(scheduler, "tasks", {}))
    for nanny in list(getattr(cluster, "workers", {}).values()):
        nanny.close_gracefully()  # a status flag the nanny reads when its worker exits
        if nanny.pid:
            with suppress(ProcessLookupError):
                os.kill(nanny.pid, signal.SIGTERM)
    _wait_until(lambda: not getattr(scheduler, "workers", None))


def _wait_until(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + _SCHEDULER_WAIT
    while not done() and time.monotonic() < deadline:
        time.sleep(_POLL / 5)


def _call(work: Callable[[int, int], R], start: int, stop: int) -> R:
    return work(start, stop)
