"""The boards of several deal files worked through one by one (``annotate``
and ``review``): read with every file's errors, each board's score, a
progress bar with its time to go, and the work in numbered ranges on a
cluster or with a resume file."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from altbaumer.abn import Board
from altbaumer.abn.match_states import BoardScore, replayable
from altbaumer.dd.solver import Solver
from altbaumer.errors import AbnError
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.report.annotate import strip_annotations

from .cluster import CORES, check_processes
from .files import load_source, source_name
from .output import BadInput, stderr
from .score import scores_for

__all__ = ["read_files", "in_file_order", "board_scores_of", "boards_bar", "each_board", "board_processes",
           "board_threads", "BOARDS_PER_TASK"]

BOARDS_PER_TASK = 4
"""Boards in one range of work: a board takes about a second with every decision rated."""


def read_files(files: Sequence[str]) -> tuple[list[Board], list[AbnError]]:
    """Every board of ``files`` and every error found in them (a file
    without boards is one); when no board could be read at all, the first
    error as a :class:`BadInput`."""
    boards: list[Board] = []
    errors: list[AbnError] = []
    for path in files:
        found: list[AbnError] = []
        try:
            loaded = load_source(path, found)
        except AbnError as error:
            loaded, found = [], [error]
        if not loaded and not found:
            errors.append(AbnError(source_name(path), None, "no boards in the file"))  # as every command says
        boards += loaded
        errors += found
    if not boards and errors:
        first = in_file_order(errors, files)[0]
        raise BadInput(f"{first}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    return boards, errors


def in_file_order(errors: Sequence[AbnError], files: Sequence[str]) -> list[AbnError]:
    """The errors file by file as given, each file's in line order: the
    reader's and the rules' errors come apart otherwise."""
    order = {source_name(path): i for i, path in enumerate(files)}
    return sorted(errors, key=lambda e: (order.get(e.source, len(order)), e.line or 0))


def board_scores_of(boards: Sequence[Board], given: Optional[str]) -> list[BoardScore]:
    """The score before each board's deal: ``given`` (``--score``), else its
    Score tag or the earlier boards of its match."""
    return scores_for([replayable(strip_annotations(board)) for board in boards], given)


def board_processes(processes: Optional[int], threads: Optional[int], scheduler: Optional[Scheduler],
                    count: int) -> int:
    """The worker processes for ``count`` boards: ``--processes``; one with
    ``--threads`` (its threads in one process), a cluster or a single board;
    else every core, a board at a time in each (one thread each)."""
    check_processes(processes, scheduler)
    if processes is not None and threads is not None:
        raise BadInput("--processes and --threads exclude each other: each worker process works on one thread")
    if processes is not None:
        return min(processes, max(count, 1))
    return 1 if threads is not None or scheduler is not None else max(1, min(CORES, count))


def board_threads(processes: Optional[int], threads: Optional[int]) -> Optional[int]:
    """The threads of boards worked on in this process: ``--threads``; one
    with ``--processes`` (every worker process works on one thread, and so
    does the only one of ``--processes 1``); else None, every core."""
    return 1 if processes is not None else threads


def boards_bar(show: bool, verb: str) -> Progress:
    """The bar of the boards done, with the time to go (on the terminal only)."""
    return Progress(TextColumn(verb), BarColumn(), MofNCompleteColumn(), TextColumn("boards"),
                    TimeRemainingColumn(), console=stderr, disable=not (show and stderr.is_terminal), transient=True)


def each_board(one: Callable[[int, Solver], Any], ranged: Callable[[int, int], list[Any]], count: int, *,
               threads: Optional[int], scheduler: Optional[Scheduler], log: Optional[ResumeLog], show: bool,
               verb: str, results: list[Any], errors: list[AbnError], processes: int = 1,
               work: Optional[Callable[[int], float]] = None) -> None:
    """The work of each of ``count`` boards: here, ``one(index, solver)``
    board after board on one solver of ``threads``; in ``processes`` worker
    processes, on a cluster or with a resume file, ``ranged(start, stop)`` in
    numbered ranges (one thread a worker), the heaviest boards by
    ``work(index)`` first. Each result goes to ``results`` as
    it is done, or to ``errors`` when it is the board's
    :class:`~altbaumer.errors.AbnError`; Ctrl-C leaves those done before it
    and propagates."""
    with boards_bar(show, verb) as bar:
        task = bar.add_task("boards", total=count)
        if scheduler is None and log is None and processes <= 1:
            with Solver(threads=threads) as solver:  # one set of tables and threads for every board
                for index in range(count):
                    try:
                        results.append(one(index, solver))
                    except AbnError as error:
                        errors.append(error)
                    bar.advance(task)
            return
        done = run_ranges(ranged, count, chunk_max=BOARDS_PER_TASK, progress=lambda n: bar.advance(task, n),
                          partial_on_interrupt=True, scheduler=scheduler, resume=log, processes=processes,
                          weights=None if work is None else [work(index) for index in range(count)])
    finished = [result for rows in done for result in rows]
    for result in finished:
        (errors if isinstance(result, AbnError) else results).append(result)
    if len(finished) < count:
        raise KeyboardInterrupt  # the ranges done before Ctrl-C are kept
