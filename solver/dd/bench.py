"""Speed measurements of the double-dummy solver: the data behind
``altbaumer bench`` and ``benchmarks/bench_solver.py``. Nothing here prints.

Workloads (seeded, so every run measures the same positions):

``full-exact``
    Full 20-card deals (five cards each, trump and leader varying, the
    leader's side make trump): the makers' exact trick count through
    :meth:`Solver.solve_batch`, on one thread and on several.
``full-class``, ``full-reach-1``, ``full-reach-3``, ``full-reach-5``
    The same deals: the makers' score class (:meth:`Solver.solve_batch_class`)
    and whether they can take 1, 3 or 5 tricks (``solve_batch(rows,
    target=k)``), one thread.
``full-all-cards``
    The same deals: the value of every legal opening card,
    :meth:`Solver.solve_batch_moves`, on one thread and on several.
``lone-exact``
    Lone deals (three active hands of five, the partner's hand set aside):
    exact values through :meth:`Solver.solve_batch`.
``mid-trick-exact``
    Full deals with one to three cards already played to the first trick
    (random legal cards): :meth:`Solver.value` per position.
``rate-turn``, ``rate-discard``, ``rate-alone``, ``rate-card``
    Worlds rated per second for each kind of decision. They belong to the
    hidden wing (:mod:`altbaumer.hidden.rating_bench`), which this module may
    not import: the caller passes them in as ``extra`` rows.

With the optional ``endplay`` package, DDS solves bridge endings of the same
size in the same run (24-card pack A K Q J T 9 of each suit, four hands of
five, hearts trump): one optimal card per board (``full-exact``, solver
``dds``), every card scored one board per call (``full-all-cards``, ``dds``)
and every card scored through DDS's own batch call on as many threads as the
altbaumer row beside it (``full-all-cards``, solver ``dds-batch``).

The brute-force :func:`~altbaumer.dd.reference.reference_value` is timed on a
few of the same full and lone deals under a deadline (it takes from about a
second to minutes per full deal); its answers are checked against the
solver's. Every position is solved once; generating positions is never
timed. Each row uses a fresh :class:`Solver`.

>>> report = run_benchmark(seconds=0.01, reference=False, dds=False, threads=1)
>>> sorted({row.workload for row in report.rows})  # doctest: +NORMALIZE_WHITESPACE
['full-all-cards', 'full-class', 'full-exact', 'full-reach-1', 'full-reach-3', 'full-reach-5',
 'lone-exact', 'mid-trick-exact']
>>> all(row.positions_per_second > 0 and row.ns_per_node > 0 for row in report.rows)
True
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np
import numpy.typing as npt

from altbaumer.dd.bench_dds import dds_available, dds_batch_row, dds_row
from altbaumer.dd.bench_machine import cores, machine_info, one_blas_thread
from altbaumer.dd.bench_rows import BenchReport, BenchRow, ExtraRow, Target, measure, node_figures
from altbaumer.dd.reference import reference_value
from altbaumer.dd.solver import DEFAULT_TT_MIB, Solver
from altbaumer.dd.workloads import (
    PositionStream,
    full_deal_rows,
    lone_deal_rows,
    mid_trick_positions,
    rows_to_positions,
)
from altbaumer.game.position import Position

__all__ = [
    "WORKLOADS",
    "RATING_WORKLOADS",
    "SOLVERS",
    "TARGETS",
    "REACH_TARGETS",
    "BenchRow",
    "Target",
    "BenchReport",
    "ExtraRow",
    "node_figures",
    "dds_available",
    "machine_info",
    "planned_rows",
    "run_benchmark",
]

REACH_TARGETS = (1, 3, 5)  # the full-reach-k workloads: can the makers take k tricks?
RATING_WORKLOADS = ("rate-turn", "rate-discard", "rate-alone", "rate-card")  # altbaumer.hidden.rating_bench
WORKLOADS = (
    ("full-exact", "full-class") + tuple(f"full-reach-{k}" for k in REACH_TARGETS)
    + ("full-all-cards", "lone-exact", "mid-trick-exact") + RATING_WORKLOADS
)
SOLVERS = ("altbaumer", "reference", "dds", "dds-batch")

# The speed targets (docs/solver.md, Speed): (key, what is measured, required value, unit: "x" a ratio, "/s" a rate).
# "{threads}" in a description is the multi-threaded rows' thread count.
TARGETS = (
    ("full-exact-vs-dds-best-card", "full-exact altbaumer 1 thread / DDS best card only", 40.0, "x"),
    ("all-cards-vs-dds", "full-all-cards altbaumer 1 thread / DDS single call", 40.0, "x"),
    ("all-cards-vs-dds-batch-1-thread", "full-all-cards altbaumer / DDS batch, 1 thread", 20.0, "x"),
    ("all-cards-vs-dds-batch-threads", "full-all-cards altbaumer / DDS batch, {threads} threads", 20.0, "x"),
    ("class-vs-dds-best-card", "full-class altbaumer 1 thread / DDS best card only", 100.0, "x"),
    ("rating-vs-previous-release", "rating, worlds/s / the release before", 3.0, "x"),
)
RATING_TARGET_NOTE = "measured side by side against the previous release: benchmarks/README.md"

_BLOCK = 2048  # positions per generated block (numpy workloads)
_PY_BLOCK = 128  # positions per generated block (Python-object workloads)

ProgressFn = Callable[[int, int, str], None]


# -- measuring -----------------------------------------------------------------------


# What each batch workload asks of the same full deals: (Solver method, its arguments, API shown).
_QUERIES: dict[str, tuple[str, dict[str, int], str]] = {
    "full-exact": ("solve_batch", {}, "Solver.solve_batch"),
    "lone-exact": ("solve_batch", {}, "Solver.solve_batch"),
    "full-class": ("solve_batch_class", {"taken": 0}, "Solver.solve_batch_class"),
    "full-all-cards": ("solve_batch_moves", {}, "Solver.solve_batch_moves"),
    **{f"full-reach-{k}": ("solve_batch", {"target": k}, f"Solver.solve_batch(target={k})") for k in REACH_TARGETS},
}


def _batch_row(workload: str, make: Callable[[int], npt.NDArray[np.int64]], threads: int, seconds: float,
               tt_mib: float) -> BenchRow:
    """A batch workload of :data:`_QUERIES` (exact values, score classes,
    thresholds or every opening card) on ``threads`` threads."""
    method, kwargs, api = _QUERIES[workload]
    moves = method == "solve_batch_moves"
    stream = PositionStream(make)
    floor = 128 * threads
    nodes = 0
    with Solver(tt_mib, threads=threads) as solver:
        solve = getattr(solver, method)

        def run(rows: npt.NDArray[np.int64]) -> Any:
            nonlocal nodes
            out = solve(rows, **kwargs)
            nodes += solver.last_nodes
            return (out >= 0).sum(axis=1) if moves else out

        done, spent, cpu, outputs = measure(
            stream, run, seconds, first=max(1024, floor), minimum=floor, most=2_000_000,
        )
        tt_bytes = solver.tt_bytes  # every thread's table, before close() frees them
    per_position, per_node = node_figures(nodes, done, spent, threads)
    row = BenchRow(workload, "altbaumer", threads, done / spent, done, spent, api,
                   nodes_per_position=per_position, ns_per_node=per_node, tt_bytes=tt_bytes,
                   cpu_per_wall=cpu / spent)
    if moves:
        row.cards_per_position = sum(int(o.sum()) for o in outputs) / done
    return row


def _each_row(workload: str, make: Callable[[int], list[Position]], seconds: float, tt_mib: float) -> BenchRow:
    """Positions in the middle of a trick, one ``Solver.value`` call each."""
    solver = Solver(tt_mib, threads=1)
    stream = PositionStream(make)
    nodes = 0

    def run(positions: list[Position]) -> list[int]:
        nonlocal nodes
        values = []
        for pos in positions:
            values.append(solver.value(pos))
            nodes += solver.last_nodes
        return values

    done, spent, cpu, _ = measure(stream, run, seconds, first=64, minimum=16, most=50_000)
    per_position, per_node = node_figures(nodes, done, spent, 1)
    return BenchRow(workload, "altbaumer", 1, done / spent, done, spent, "Solver.value",
                    nodes_per_position=per_position, ns_per_node=per_node, tt_bytes=solver.tt_bytes,
                    cpu_per_wall=cpu / spent)


# -- the brute force -----------------------------------------------------------------


class _Deadline(BaseException):
    """Raised inside the reference search when its time is up."""


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`_Deadline` in the main thread after ``seconds``."""
    armed = [True]

    def ring(signum: int, frame: Any) -> None:
        if armed[0]:
            raise _Deadline()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        yield
    finally:
        armed[0] = False
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:
            signal.signal(signal.SIGALRM, previous)


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _reference_row(workload: str, positions: list[Position], budget: float, tt_mib: float) -> BenchRow:
    """Time the brute force on ``positions`` in order until ``budget`` seconds
    have passed; values are checked against the solver's."""
    solver = Solver(tt_mib, threads=1)
    finished: list[tuple[Position, int, float]] = []
    started = time.perf_counter()
    try:
        with _deadline(budget):
            for pos in positions:
                t0 = time.perf_counter()
                value = reference_value(pos)
                finished.append((pos, value, time.perf_counter() - t0))
    except _Deadline:
        pass
    elapsed = time.perf_counter() - started
    api = "reference.reference_value"
    note = f"{len(finished)} of {len(positions)} positions finished within {budget:.2f} s"
    if not finished:
        return BenchRow(workload, "reference", 1, 1.0 / elapsed, 0, elapsed, api, upper_bound=True,
                        note=f"no position finished within {elapsed:.2f} s: the rate is below this")
    spent = sum(t for _, _, t in finished)
    agrees = all(solver.value(pos) == value for pos, value, _ in finished)
    return BenchRow(workload, "reference", 1, len(finished) / spent, len(finished), spent, api,
                    agrees=agrees, note=note)


# -- the run -------------------------------------------------------------------------


def planned_rows(threads: Optional[int] = None, dds: Optional[bool] = None,
                 reference: bool = True) -> list[tuple[str, str, int]]:
    """The rows :func:`run_benchmark` measures, in order: (workload, solver,
    threads); the ``extra`` rows a caller passes come after these."""
    many = threads or cores()
    counts = sorted({1, many} | ({2} if cores() >= 2 else set()))
    use_dds = dds if dds is not None else dds_available()
    rows = [("full-exact", "altbaumer", t) for t in counts]
    if use_dds:
        rows.append(("full-exact", "dds", 1))
    rows.append(("full-class", "altbaumer", 1))
    rows += [(f"full-reach-{k}", "altbaumer", 1) for k in REACH_TARGETS]
    rows += [("full-all-cards", "altbaumer", t) for t in sorted({1, many})]
    if use_dds:
        rows.append(("full-all-cards", "dds", 1))
        rows += [("full-all-cards", "dds-batch", t) for t in sorted({1, many})]
    rows += [("lone-exact", "altbaumer", t) for t in sorted({1, many})]
    rows.append(("mid-trick-exact", "altbaumer", 1))
    if reference:
        rows += [("full-exact", "reference", 1), ("lone-exact", "reference", 1)]
    return rows


def run_benchmark(
    seconds: float = 1.0,
    threads: Optional[int] = None,
    seed: int = 0,
    tt_mib: float = DEFAULT_TT_MIB,
    dds: Optional[bool] = None,
    reference: bool = True,
    reference_positions: int = 5,
    progress: Optional[ProgressFn] = None,
    partial_on_interrupt: bool = False,
    extra: Sequence[ExtraRow] = (),
) -> BenchReport:
    """Measure every row of :func:`planned_rows`, then the ``extra`` rows
    (each measured by calling its function: the rating rows of
    :func:`altbaumer.hidden.rating_bench.rating_plan`).

    ``seconds`` is the solving time per row (the reference gets 3× that for
    full deals and 2× for lone deals, and at most ``reference_positions``
    positions each); ``threads`` the multi-threaded rows' thread count (default
    all cores); ``dds`` None = when endplay is installed. numpy's BLAS is held
    to one thread meanwhile (``settings["blas"]`` says how). ``progress(done,
    total, label)`` is called before each row and once at the end. Ctrl-C
    (KeyboardInterrupt) propagates; with ``partial_on_interrupt`` the report
    of the rows measured before it is returned instead, not ``complete``
    (it still propagates when no row was measured).
    """
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    many = threads or cores()
    if many < 1:
        raise ValueError("threads must be at least 1")
    use_dds = dds_available() if dds is None else dds
    if use_dds and not dds_available():
        raise RuntimeError("DDS comparison asked for, but endplay is not installed (pip install endplay)")
    plan = planned_rows(many, use_dds, reference)
    report = BenchReport(
        [], machine_info(),
        {"seconds": seconds, "threads": many, "seed": seed, "tt_mib": tt_mib, "dds": use_dds, "reference": reference},
    )
    if reference and not _can_interrupt():
        report.notes.append("reference rows skipped: the deadline needs the main thread (SIGALRM)")
        plan = [p for p in plan if p[1] != "reference"]
    measures: list[Optional[Callable[[], BenchRow]]] = [None] * len(plan) + [m for _, m in extra]
    plan += [key for key, _ in extra]

    def full(block: int) -> npt.NDArray[np.int64]:
        return full_deal_rows(_BLOCK, seed, block)

    def lone(block: int) -> npt.NDArray[np.int64]:
        return lone_deal_rows(_BLOCK, seed, block)

    with one_blas_thread() as blas:
        report.settings["blas"] = blas
        _warm_up(seed, tt_mib)
        try:
            for index, ((workload, solver, count), measure_extra) in enumerate(zip(plan, measures)):
                if progress:
                    progress(index, len(plan), f"{workload} · {solver} · {count} thread{'s' if count > 1 else ''}")
                if measure_extra is not None:
                    row = measure_extra()
                elif solver == "altbaumer" and workload in _QUERIES:
                    row = _batch_row(workload, lone if workload == "lone-exact" else full, count, seconds, tt_mib)
                elif solver == "altbaumer":
                    row = _each_row(workload, lambda b: mid_trick_positions(_PY_BLOCK, seed, b), seconds, tt_mib)
                elif solver == "dds":
                    row = dds_row(workload, seconds, seed)
                elif solver == "dds-batch":
                    row = dds_batch_row(count, seconds, seed)
                elif workload == "full-exact":
                    sample = rows_to_positions(full_deal_rows(reference_positions, seed, 0))
                    row = _reference_row(workload, sample, 3 * seconds, tt_mib)
                else:
                    sample = rows_to_positions(lone_deal_rows(reference_positions, seed, 0))
                    row = _reference_row(workload, sample, 2 * seconds, tt_mib)
                report.rows.append(row)
        except KeyboardInterrupt:
            if not partial_on_interrupt or not report.rows:
                raise
            report.complete = False
            report.notes.append(f"interrupted: {len(report.rows)} of {len(plan)} rows measured")
        else:
            if progress:
                progress(len(plan), len(plan), "done")
    _judge(report)
    return report


def _warm_up(seed: int, tt_mib: float, seconds: float = 0.3) -> None:
    """Solve untimed for a moment first: a CPU that has been idle runs the
    first row slower (clock ramp-up), which would skew the 1-thread rows."""
    solver = Solver(tt_mib, threads=1)
    rows = full_deal_rows(2048, seed + 1, 0)
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        solver.solve_batch(rows)


def _ratio(a: Optional[BenchRow], b: Optional[BenchRow]) -> Optional[float]:
    if a is None or b is None or b.positions_per_second <= 0:
        return None
    return a.positions_per_second / b.positions_per_second


def _judge(report: BenchReport) -> None:
    """Fill in the ratios and hold the figures against the targets."""
    r = report.row
    many = report.settings["threads"]
    dds = bool(report.settings.get("dds"))
    # DDS runs at most one thread per core: its multi-threaded row may have fewer than asked for.
    batch_threads = max((row.threads for row in report.rows if row.solver == "dds-batch"), default=many)
    report.ratios = {
        "full_exact_altbaumer_vs_dds_best_card": _ratio(r("full-exact", "altbaumer"), r("full-exact", "dds")),
        "all_cards_altbaumer_vs_dds": _ratio(r("full-all-cards", "altbaumer"), r("full-all-cards", "dds")),
        "all_cards_altbaumer_vs_dds_batch_1_thread": _ratio(r("full-all-cards", "altbaumer"),
                                                            r("full-all-cards", "dds-batch")),
        "full_class_altbaumer_vs_dds_best_card": _ratio(r("full-class", "altbaumer"), r("full-exact", "dds")),
        "full_exact_2_threads_vs_1": _ratio(r("full-exact", "altbaumer", 2), r("full-exact", "altbaumer", 1)),
    }
    if batch_threads > 1:
        report.ratios[f"all_cards_altbaumer_vs_dds_batch_{batch_threads}_threads"] = _ratio(
            r("full-all-cards", "altbaumer", batch_threads), r("full-all-cards", "dds-batch", batch_threads))
    if many not in (1, 2):
        report.ratios[f"full_exact_{many}_threads_vs_1"] = _ratio(
            r("full-exact", "altbaumer", many), r("full-exact", "altbaumer", 1))
    for workload in ("full-exact", "lone-exact"):
        name = f"{workload.replace('-', '_')}_altbaumer_vs_reference"
        ref = r(workload, "reference")
        report.ratios[name] = _ratio(r(workload, "altbaumer"), ref)
        if ref is not None and ref.upper_bound:
            report.notes.append(
                f"{workload}: no reference position finished in time, so altbaumer is at least "
                f"{report.ratios[name]:,.0f}× faster than the reference there"
            )
    measured = {
        "full-exact-vs-dds-best-card": report.ratios["full_exact_altbaumer_vs_dds_best_card"],
        "all-cards-vs-dds": report.ratios["all_cards_altbaumer_vs_dds"],
        "all-cards-vs-dds-batch-1-thread": report.ratios["all_cards_altbaumer_vs_dds_batch_1_thread"],
        "all-cards-vs-dds-batch-threads": report.ratios.get(f"all_cards_altbaumer_vs_dds_batch_{batch_threads}_threads"),
        "class-vs-dds-best-card": report.ratios["full_class_altbaumer_vs_dds_best_card"],
        "rating-vs-previous-release": None,
    }
    no_dds = ("endplay (DDS) is not installed: pip install -e '.[bench]'" if not dds_available()
              else "DDS rows not run (--no-dds)")
    why = {key: no_dds for key in measured if "dds" in key} if not dds else {}
    why["rating-vs-previous-release"] = RATING_TARGET_NOTE
    if dds and batch_threads == 1:
        why["all-cards-vs-dds-batch-threads"] = (
            "no multi-threaded rows (--threads 1)" if many == 1 else
            f"DDS ran its batch on 1 thread only ({many} asked for)")
    elif dds and measured["all-cards-vs-dds-batch-threads"] is None:
        why["all-cards-vs-dds-batch-threads"] = f"no altbaumer full-all-cards row on {batch_threads} threads"
    report.targets = []
    for key, description, required, unit in TARGETS:
        value = measured[key]
        met = None if value is None else value >= required
        text = description.format(threads=batch_threads if batch_threads > 1 else "N")
        target = Target(key, text, required, unit, value, met)
        if value is None:
            target.note = why.get(key, "not measured")
        elif key == "all-cards-vs-dds-batch-threads":
            busy = getattr(r("full-all-cards", "altbaumer", batch_threads), "cpu_per_wall", None)
            if busy is not None and busy < 0.8 * batch_threads:
                target.note = (f"the altbaumer {batch_threads}-thread row kept only {busy:.2f} cores busy: "
                               "the machine was not idle")
        report.targets.append(target)
    _scaling_note(report)


def _scaling_note(report: BenchReport) -> None:
    """The 2-thread scaling is informational (a ratio, not a target): say when
    the figure shows the CPU this process got rather than the solver's scaling."""
    busy = getattr(report.row("full-exact", "altbaumer", 2), "cpu_per_wall", None)
    if busy is None or busy >= 1.6:
        return
    load = (report.machine.get("load_average") or [None])[0]
    report.notes.append(
        f"full-exact on 2 threads kept only {busy:.2f} cores busy (process CPU time / wall time)"
        + (f"; load average {load} before the run" if load is not None else "")
        + ": the 2-thread ratio shows the CPU this process got, not necessarily the solver's scaling"
    )
