"""Rating jobs of the analysis server: each rating runs on a thread of its
own (the search releases the GIL, so the server stays responsive), reports
its stage and progress, and can be cancelled.

A job's callbacks are the rating's progress callbacks; cancelling sets a
flag that the next callback turns into :class:`Cancelled`, which ends the
rating where it is (a rating calls back at least once a batch of worlds or
a round of playouts, well under a second apart). At most ``running`` jobs
run at once; the finished ones are kept, the oldest dropped past ``kept``.

>>> jobs = Jobs()
>>> job = jobs.start(lambda job: {"answer": 42})
>>> while not job.finished:
...     time.sleep(0.01)
>>> job.state, job.result, jobs.get(job.id) is job
('done', {'answer': 42}, True)
"""

from __future__ import annotations

import contextvars
import itertools
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from altbaumer.errors import AltbaumerError, TooManyJobs
from altbaumer.lang import _, ngettext

__all__ = ["Job", "Jobs", "Cancelled", "RUNNING_MAX"]

RUNNING_MAX = 2
"""Jobs running at once: one a core of the machine the project is measured on."""

Work = Callable[["Job"], dict[str, Any]]


class Cancelled(BaseException):
    """Raised inside a job's rating, from its progress callback, once the job
    is cancelled: a BaseException, so that no handler of errors on the way
    out of the rating mistakes it for one."""


@dataclass
class Job:
    """One rating: ``state`` running, done, failed or cancelled; ``stage``
    what it does (inferring, rating, playing out), ``done`` of ``total``
    ``unit``, and while inferring ``worth`` (what the worlds weighed are
    worth); ``result`` once done, ``error`` once failed. The state, stage and
    unit are words of the API, in English: the page says them in its
    language. ``version`` counts the changes, for the event stream."""

    id: str
    state: str = "running"
    stage: str = "starting"
    done: int = 0
    total: Optional[int] = None
    unit: str = ""
    worth: Optional[int] = None
    result: Optional[dict[str, Any]] = None
    error: Optional[str] = None
    started: float = field(default_factory=time.monotonic)
    ended: Optional[float] = None
    version: int = 0
    cancel_asked: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def to_dict(self) -> dict[str, Any]:
        with self.lock:
            seconds = (self.ended or time.monotonic()) - self.started
            return {"job": self.id, "state": self.state, "stage": self.stage, "done": self.done,
                    "total": self.total, "unit": self.unit, "worth": self.worth,
                    "seconds": round(seconds, 2), "result": self.result,
                    "error": self.error, "version": self.version}

    def progress(self, stage: str, unit: str) -> Callable[[int, int], None]:
        """A progress callback for the rating's ``stage``, counting ``unit``."""
        def report(done: int, total: int) -> None:
            self._update(stage=stage, done=done, total=total, unit=unit)
        return report

    def inference(self, drawn: int, worth: int, asked: int) -> None:
        """The inference's callback: worlds weighed of those asked, and what they are worth."""
        self._update(stage="inferring", done=drawn, total=asked, unit=f"worlds weighed, worth {worth:,}", worth=worth)

    def _update(self, **values: Any) -> None:
        with self.lock:
            if self.cancel_asked:
                raise Cancelled()
            for key, value in values.items():
                setattr(self, key, value)
            self.version += 1

    def _end(self, state: str, result: Optional[dict[str, Any]] = None, error: Optional[str] = None) -> None:
        with self.lock:
            self.state, self.result, self.error = state, result, error
            self.ended = time.monotonic()
            self.version += 1

    @property
    def finished(self) -> bool:
        return self.state != "running"


class Jobs:
    """The server's jobs by id."""

    def __init__(self, running: int = RUNNING_MAX, kept: int = 32) -> None:
        self.running, self.kept = running, kept
        self._jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def start(self, work: Work) -> Job:
        """Run ``work(job)`` on a thread; its answer is the job's result, an
        error its message (every error a request can cause is one line)."""
        with self._lock:
            if sum(not j.finished for j in self._jobs.values()) >= self.running:
                raise TooManyJobs(ngettext("{n} rating is running: wait for it, or cancel it",
                                             "{n} ratings are running: wait for one, or cancel it",
                                             self.running).format(n=self.running))
            job = Job(str(next(self._ids)))
            self._jobs[job.id] = job
            self._drop_old()
        # The job's words are said in the language of the request that started it.
        context = contextvars.copy_context()
        threading.Thread(target=context.run, args=(self._run, job, work), name=f"rating-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Optional[Job]:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job: Job) -> None:
        with job.lock:
            job.cancel_asked = True
            if job.state == "running":
                job.stage = "cancelling"
                job.version += 1

    def cancel_all(self) -> None:
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            self.cancel(job)

    def _run(self, job: Job, work: Work) -> None:
        try:
            result = work(job)
        except Cancelled:
            job._end("cancelled")
        except AltbaumerError as error:  # bad input found on the way: its line, in the page
            job._end("failed", error=str(error))
        except Exception:  # a defect: one line in the page, in full in the server's log
            logging.getLogger("altbaumer.serve").exception("rating job %s failed", job.id)
            job._end("failed", error=_("internal error: the server's log has the details"))
        else:
            job._end("cancelled" if job.cancel_asked else "done", result=None if job.cancel_asked else result)

    def _drop_old(self) -> None:
        finished = [j for j in self._jobs.values() if j.finished]
        for job in finished[: max(0, len(self._jobs) - self.kept)]:
            del self._jobs[job.id]
