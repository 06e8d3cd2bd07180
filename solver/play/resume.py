"""The resume file of a job of numbered work: the ranges it was cut into and
the result of every range finished, so that a job stopped (Ctrl-C, a lost
machine) goes on where it stopped and redoes nothing finished.

The file is JSON lines. The first names the job and its ranges::

    {"altbaumer_resume": 1, "job": {"command": "simulate", ...}, "ranges": [[0, 12], [12, 24], ...]}

then one line per finished range, in the order they finished::

    {"range": 3, "result": "<the range's result, pickled and base64-encoded>"}

Each line is flushed to disk as its range finishes; a last line cut short
(the process killed while writing it) is dropped when the file is read.
Results are pickled, so a resume file is to be trusted like a script: read
only your own. A file of another job (other command, arguments or seed) is
refused with :class:`~altbaumer.errors.ResumeMismatch`.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "job.resume"
>>> log = ResumeLog(path, {"command": "demo", "seed": 1})
>>> log.begin([(0, 5), (5, 10)]), log.done
([(0, 5), (5, 10)], {})
>>> log.add(1, ["five to ten"])
>>> again = ResumeLog(path, {"command": "demo", "seed": 1})
>>> again.begin([(0, 3), (3, 10)]), again.done  # the file's ranges, whatever this run would have cut
([(0, 5), (5, 10)], {1: ['five to ten']})
>>> ResumeLog(path, {"command": "demo", "seed": 2}).begin([(0, 10)])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
altbaumer.errors.ResumeMismatch: ... is the resume file of another job: seed 1, not 2
"""

from __future__ import annotations

import base64
import json
import os
import pickle
from pathlib import Path
from typing import IO, Any, Mapping, Optional, Sequence, Union

from altbaumer.errors import ResumeMismatch

__all__ = ["ResumeLog", "RESUME_VERSION"]

RESUME_VERSION = 1


class ResumeLog:
    """The resume file at ``path`` of the job described by ``job`` (JSON-ready)."""

    def __init__(self, path: Union[str, Path], job: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.job = json.loads(json.dumps(dict(job)))  # as the file would give it back
        self.done: dict[int, Any] = {}
        self._out: Optional[IO[str]] = None

    def begin(self, ranges: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """The ranges of the job: the file's when it has them (with the
        results it holds in :attr:`done`), else ``ranges``, written as the
        file's first line."""
        if self.path.exists() and self.path.stat().st_size:
            ranges = self._read(ranges)
            self._out = open(self.path, "a", encoding="utf-8")
        else:
            self._out = open(self.path, "w", encoding="utf-8")
            self._write({"altbaumer_resume": RESUME_VERSION, "job": self.job, "ranges": [list(r) for r in ranges]})
        return [tuple(r) for r in ranges]  # type: ignore[misc]  # pairs

    def add(self, index: int, result: Any) -> None:
        """Keep a finished range's result, on disk before this returns."""
        self.done[index] = result
        self._write({"range": index, "result": base64.b64encode(pickle.dumps(result)).decode("ascii")})

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    def _write(self, line: Mapping[str, Any]) -> None:
        assert self._out is not None, "begin() first"
        self._out.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._out.flush()
        os.fsync(self._out.fileno())

    def _read(self, ranges: Sequence[tuple[int, int]]) -> Sequence[tuple[int, int]]:
        data = self.path.read_bytes()
        whole = data[:data.rfind(b"\n") + 1]  # a last line without its newline was cut short: dropped
        if len(whole) < len(data):
            with open(self.path, "r+b") as out:
                out.truncate(len(whole))
        lines = whole.decode("utf-8", errors="replace").splitlines()
        try:
            head = json.loads(lines[0]) if lines else None
        except ValueError:
            head = None
        if not isinstance(head, dict) or head.get("altbaumer_resume") != RESUME_VERSION:
            raise ResumeMismatch(f"{self.path}:1: not an altbaumer resume file")
        if head.get("job") != self.job:
            raise ResumeMismatch(f"{self.path} is the resume file of another job: {_difference(head.get('job'), self.job)}")
        stored = [tuple(r) for r in head.get("ranges") or []]
        for number, text in enumerate(lines[1:], 2):
            try:
                entry = json.loads(text)
                index = int(entry["range"])
                if not 0 <= index < len(stored):
                    raise ValueError(index)
                self.done[index] = pickle.loads(base64.b64decode(entry["result"]))
            except (ValueError, KeyError, TypeError, pickle.UnpicklingError, EOFError):
                raise ResumeMismatch(f"{self.path}:{number}: not a finished range of this job") from None
        return stored


def _difference(stored: object, job: Mapping[str, Any]) -> str:
    """What differs between the file's job and this one, in words."""
    if not isinstance(stored, dict):
        return f"not {json.dumps(job)}"
    keys = [k for k in {**stored, **job} if stored.get(k) != job.get(k)]
    return ", ".join(f"{k} {json.dumps(stored.get(k))}, not {json.dumps(job.get(k))}" for k in keys)
