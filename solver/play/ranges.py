"""Numbered work split into ranges, run in this process, in worker processes
or on a Dask cluster (:mod:`altbaumer.play.cluster`).

Each item (a match, a deal) draws its randomness from its own number, so the
results do not depend on how the ranges are split between processes or
workers. The ranges come back in order; Ctrl-C drops the ranges still
queued and stops the ranges running (worker processes are ended at once). With a resume file (:mod:`altbaumer.play.resume`) every range is
kept as it finishes, and a job run again with the same file redoes none of
them.

>>> from functools import partial
>>> run_ranges(partial(_numbers, 10), 3)  # some eight ranges per process, so one item each here
[[10], [11], [12]]
>>> [len(r) for r in run_ranges(partial(_numbers, 0), 100, chunk_max=5)]
[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
"""

from __future__ import annotations

import signal
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Callable, Optional, Sequence, TypeVar

from altbaumer.play.cluster import Scheduler, run_on_cluster
from altbaumer.play.resume import ResumeLog

__all__ = ["run_ranges"]

R = TypeVar("R")


def run_ranges(work: Callable[[int, int], R], count: int, *, processes: int = 1, chunk_max: int = 100,
               progress: Optional[Callable[[int], None]] = None, partial_on_interrupt: bool = False,
               scheduler: Optional[Scheduler] = None, resume: Optional[ResumeLog] = None,
               weights: Optional[Sequence[float]] = None) -> list[R]:
    """``work(start, stop)`` over ``range(count)`` in ranges of at most
    ``chunk_max`` (and some eight per process or worker, so the progress
    moves), in ``processes`` processes or, with a ``scheduler``, on its
    cluster (``work`` must then pickle: a module-level function or a partial
    of one). ``progress`` is called with the items of each range done (at
    the start, with those a ``resume`` file already holds). Ctrl-C
    (KeyboardInterrupt) propagates; with ``partial_on_interrupt`` the results
    of the whole ranges done before it are returned instead (it still
    propagates when none was done). ``weights`` (one an item) say how much
    work each item is: in processes or on a cluster the heaviest ranges are
    started first, so that the last to finish is a light one and no worker
    waits long at the end for another."""
    width = scheduler.width if scheduler is not None else processes
    chunk = max(1, min(chunk_max, count // (width * 8) or 1))
    ranges = [(i, min(i + chunk, count)) for i in range(0, count, chunk)]
    results: dict[int, R] = {}  # whole ranges: Ctrl-C never splits one
    if resume is not None:
        ranges = resume.begin(ranges)
        results.update(resume.done)
        if progress is not None and results:
            progress(sum(stop - start for i, (start, stop) in enumerate(ranges) if i in results))
    todo = [(i, start, stop) for i, (start, stop) in enumerate(ranges) if i not in results]
    if weights is not None and (scheduler is not None or processes > 1):
        todo.sort(key=lambda r: -sum(weights[r[1]:r[2]]))  # stable: equal ranges keep their order

    def collect(index: int, result: R) -> None:
        results[index] = result
        if resume is not None:
            resume.add(index, result)
        if progress is not None:
            progress(ranges[index][1] - ranges[index][0])

    try:
        if scheduler is not None:
            run_on_cluster(scheduler, work, todo, collect)
        elif processes <= 1:
            for index, start, stop in todo:
                collect(index, work(start, stop))
        else:
            _in_processes(work, todo, processes, collect)
    except KeyboardInterrupt:
        if not partial_on_interrupt or not results:
            raise
    finally:
        if resume is not None:
            resume.close()
    return [results[i] for i in sorted(results)]


def _in_processes(work: Callable[[int, int], R], ranges: list[tuple[int, int, int]], processes: int,
                  collect: Callable[[int, R], None]) -> None:
    """The ranges in a pool of ``processes``, started in the order given and
    collected as they finish. Ctrl-C is
    this process's to answer: the workers ignore SIGINT (a terminal sends it
    to all of them), and on Ctrl-C or an error they are stopped at once, the
    ranges they were running dropped, so the caller shows what was collected
    within moments rather than once the running ranges end."""
    pool = ProcessPoolExecutor(max_workers=processes, initializer=_ignore_interrupts)
    futures: list[Future[R]] = []
    try:
        futures = [pool.submit(work, start, stop) for _, start, stop in ranges]
        index_of = {future: index for future, (index, _, _) in zip(futures, ranges)}
        for future in as_completed(futures):
            collect(index_of[future], future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        _stop_workers(pool)
        raise
    finally:
        # Cancelled, not played out: closing the pool would otherwise wait for every range still queued.
        # (A with-block would close it once more without cancelling, and so undo that.)
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now, whatever they are running."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def _numbers(offset: int, start: int, stop: int) -> list[int]:
    return [offset + i for i in range(start, stop)]
