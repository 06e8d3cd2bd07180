"""What every worker process of a Dask cluster started here runs first
(Dask's ``preload``, :class:`altbaumer.play.cluster.Scheduler`).

* It ignores SIGINT. Ctrl-C at a terminal reaches every process of the
  command's group, and a worker that died of it would be lost with the work
  scattered to it before the command could end the workers itself (it does,
  at once, and shows the ranges finished); the pool's worker processes
  ignore it the same way (:mod:`altbaumer.play.ranges`).
* It keeps Dask's own log lines to itself. What fails in a range reaches the
  command as the range's error; what a worker logs, such as a heartbeat that
  finds the scheduler already closed as the cluster shuts down, would print
  beneath the command's output.

>>> import logging, signal
>>> before, level = signal.getsignal(signal.SIGINT), logging.getLogger("distributed").level
>>> dask_setup(None)
>>> signal.getsignal(signal.SIGINT) is signal.SIG_IGN, logging.getLogger("distributed").level == logging.CRITICAL
(True, True)
>>> _ = signal.signal(signal.SIGINT, before); logging.getLogger("distributed").setLevel(level)
"""

from __future__ import annotations

import logging
import signal
from typing import Any

__all__ = ["dask_setup"]


def dask_setup(worker: Any) -> None:
    """Dask's hook, run as the worker starts."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the process's main thread: a worker run in a thread of this process, no signal reaches it
        pass
