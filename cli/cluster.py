"""``--processes``, ``--scheduler`` and ``--resume``, shared by the commands
that run numbered work (simulate, arena, charts, equity --deals, review,
annotate): where the work runs (worker processes, or a Dask cluster) and the
file that keeps what is finished.

>>> CORES >= 1
True
"""

from __future__ import annotations

import hashlib
import os
import stat
from typing import Any, Callable, Optional, Sequence, TypeVar

import click

from altbaumer.abn import Board, write_boards
from altbaumer.errors import AltbaumerError
from altbaumer.play.cluster import Scheduler, require_dask
from altbaumer.play.resume import ResumeLog

from .output import BadInput, Parsed

__all__ = ["cluster_options", "processes_option", "resume_log", "check_processes", "boards_digest", "CORES"]

F = TypeVar("F", bound=Callable[..., Any])
CORES = os.cpu_count() or 1  # more processes than cores only cost memory: results depend on --seed alone


def processes_option(command: F) -> F:
    """``--processes``: the work spread over worker processes on this machine."""
    return click.option("--processes", type=click.IntRange(1, CORES), default=None,
                        help="Worker processes, at most the cores (default: all cores).")(command)


def cluster_options(command: F) -> F:
    """The two options, on a command whose work is numbered (results depend on the seed alone)."""
    command = click.option(
        "--resume", type=click.Path(dir_okay=False), default=None, metavar="FILE",
        help="Keep every finished chunk of the work in FILE as it finishes; run the same command again with the "
             "same FILE (after Ctrl-C or a lost machine) and no finished chunk is redone. The file names its job: "
             "another command, argument or seed is refused.")(command)
    return click.option(
        "--scheduler", type=Parsed("SCHEDULER", Scheduler.parse, Scheduler), default=None, callback=_needs_dask,
        help="Run the work on a Dask cluster (the dask extra): local[:N] starts one here with N worker processes "
             "(default: the cores), else the address and port of a running scheduler (tcp://host:8786). Results are the "
             "same as without it.")(command)


def _needs_dask(ctx: click.Context, param: click.Parameter, value: Optional[Scheduler]) -> Optional[Scheduler]:
    """Refuse the option before any work when its extra is not installed:
    the work would fail only once it reached the cluster."""
    if value is not None:
        try:
            require_dask()
        except AltbaumerError as error:
            raise BadInput(str(error)) from None
    return value


def check_processes(processes: Optional[int], scheduler: Optional[Scheduler]) -> None:
    if processes is not None and scheduler is not None:
        raise BadInput("--processes and --scheduler exclude each other: a cluster has its own workers "
                       "(--scheduler local:N for N of them here)")


def resume_log(path: Optional[str], command: str, **job: Any) -> Optional[ResumeLog]:
    """The resume file of this job, checked before any work: a regular file
    (or none yet) in a folder that exists; ``job`` is what the results depend on."""
    if path is None:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise BadInput(f"--resume {path}: not a regular file")
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise BadInput(f"--resume {path}: the folder {folder} does not exist") from None
    except OSError as error:
        raise BadInput(f"--resume {path}: {error.strerror}") from None
    return ResumeLog(path, {"command": command, **job})


def boards_digest(boards: Sequence[Board]) -> str:
    """What a job's boards are, for its resume file: a hash of them as written."""
    return hashlib.sha256(write_boards(list(boards)).encode("utf-8")).hexdigest()[:16]
