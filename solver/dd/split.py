"""Work split over threads, each with a compiled context of its own.

The compiled cores (the search's :class:`altbaumer.dd._search.Solver`, the
players' :class:`altbaumer.play._playout.PlayoutCore`) release the GIL but
must not be used by two threads at once, so a batch is cut into contiguous
slices, one a thread, each with its own context. :class:`ThreadSplit` keeps
the contexts (made on first need) and a thread pool, started on first need
and stopped by :meth:`ThreadSplit.close` or when its owner is collected.

>>> split = ThreadSplit(2, lambda: [], "demo", owner=None)
>>> split.run(10, 4, lambda context, lo, hi: hi - lo)
[5, 5]
>>> split.close()
"""

from __future__ import annotations

import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional, TypeVar

import numpy as np

__all__ = ["ThreadSplit"]

T = TypeVar("T")


class ThreadSplit:
    """Up to ``threads`` contexts made by ``make``, and the pool that runs
    them; the pool is stopped when ``owner`` (if given) is collected."""

    def __init__(self, threads: int, make: Callable[[], Any], name: str, owner: Optional[object]) -> None:
        self.threads = threads
        self._make = make
        self._name = name
        self._owner = None if owner is None else weakref.ref(owner)
        self.contexts: list[Any] = [make()]
        self._pool: Optional[ThreadPoolExecutor] = None
        self._stop: Optional[weakref.finalize[..., Any]] = None

    def run(self, n: int, least: int, job: Callable[[Any, int, int], T]) -> list[T]:
        """``job(context, lo, hi)`` over slices of ``range(n)``, one a thread,
        with at least ``least`` items a thread (fewer threads for less);
        their results in order."""
        threads = max(1, min(self.threads, n // least or 1))
        if threads == 1:
            return [job(self.contexts[0], 0, n)]
        while len(self.contexts) < threads:
            self.contexts.append(self._make())
        bounds = np.linspace(0, n, threads + 1).astype(int)
        pool = self._thread_pool()
        jobs = [pool.submit(job, context, int(lo), int(hi))
                for context, lo, hi in zip(self.contexts, bounds[:-1], bounds[1:])]
        return [done.result() for done in jobs]

    def close(self) -> None:
        """Stop the pool (after the work running on it) and drop all but the
        first context; a later :meth:`run` starts them again."""
        pool, self._pool = self._pool, None
        if self._stop is not None:
            self._stop.detach()
            self._stop = None
        if pool is not None:
            pool.shutdown(wait=True)
        del self.contexts[1:]

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix=f"altbaumer-{self._name}")
            owner = None if self._owner is None else self._owner()
            if owner is not None:  # an owner dropped without close() still stops its threads
                self._stop = weakref.finalize(owner, self._pool.shutdown, wait=False)
        return self._pool
