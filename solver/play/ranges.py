"""Numbered work split into ranges, run in this process or in worker processes.

Each item (a match, a deal) draws its randomness from its own number, so the
results do not depend on how the ranges are split between processes. The
ranges come back in order; Ctrl-C drops the ranges still queued.

>>> from functools import partial
>>> run_ranges(partial(_numbers, 10), 3)  # some eight ranges per process, so one item each here
[[10], [11], [12]]
>>> [len(r) for r in run_ranges(partial(_numbers, 0), 100, chunk_max=5)]
[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Optional, TypeVar

__all__ = ["run_ranges"]

R = TypeVar("R")


def run_ranges(work: Callable[[int, int], R], count: int, *, processes: int = 1, chunk_max: int = 100,
               progress: Optional[Callable[[int], None]] = None, partial_on_interrupt: bool = False) -> list[R]:
    """``work(start, stop)`` over ``range(count)`` in ranges of at most
    ``chunk_max`` (and some eight per process, so the progress moves), in
    ``processes`` processes (``work`` must then pickle: a module-level
    function or a partial of one). ``progress`` is called with the items of
    each range done. Ctrl-C (KeyboardInterrupt) propagates; with
    ``partial_on_interrupt`` the results of the whole ranges done before it
    are returned instead (it still propagates when none was done)."""
    chunk = max(1, min(chunk_max, count // (processes * 8) or 1))
    ranges = [(i, min(i + chunk, count)) for i in range(0, count, chunk)]
    results: list[R] = []  # whole ranges: Ctrl-C never splits one

    def collect(result: R, done: int) -> None:
        results.append(result)
        if progress is not None:
            progress(done)

    try:
        if processes <= 1:
            for start, stop in ranges:
                collect(work(start, stop), stop - start)
        else:
            _in_processes(work, ranges, processes, collect)
    except KeyboardInterrupt:
        if not partial_on_interrupt or not results:
            raise
    return results


def _in_processes(work: Callable[[int, int], R], ranges: list[tuple[int, int]], processes: int,
                  collect: Callable[[R, int], None]) -> None:
    pool = ProcessPoolExecutor(max_workers=processes)
    try:
        futures = [pool.submit(work, start, stop) for start, stop in ranges]
        for future, (start, stop) in zip(futures, ranges):
            collect(future.result(), stop - start)
    finally:
        # Cancelled, not played out: after Ctrl-C (or an error) closing the pool would otherwise wait for every
        # range still queued. (A with-block would close it once more without cancelling, and so undo that.)
        pool.shutdown(wait=True, cancel_futures=True)


def _numbers(offset: int, start: int, stop: int) -> list[int]:
    return [offset + i for i in range(start, stop)]
