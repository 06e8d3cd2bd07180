"""Speed measurements of the double-dummy solver: the data behind
``altbaumer bench`` and ``benchmarks/bench_solver.py``. Nothing here prints.

Workloads (seeded, so every run measures the same positions):

``full-exact``
    Full 20-card deals (five cards each, trump and leader varying, the
    leader's side make trump): the makers' exact trick count through
    :meth:`Solver.solve_batch`, on one thread and on several.
``full-all-cards``
    The same deals: the value of every legal opening card,
    :meth:`Solver.solve_batch_moves`, one thread. With the optional
    ``endplay`` package, DDS solves bridge endings of the same size in the
    same run (24-card pack A K Q J T 9 of each suit, four hands of five,
    hearts trump, every card scored: ``endplay.dds.solve_board`` per board).
``lone-exact``
    Lone deals (three active hands of five, the partner's hand set aside):
    exact values through :meth:`Solver.solve_batch`.
``mid-trick-exact``
    Full deals with one to three cards already played to the first trick
    (random legal cards): :meth:`Solver.value` per position.

The brute-force :func:`~altbaumer.dd.reference.reference_value` is timed on a
few of the same full and lone deals under a deadline (it takes from about a
second to minutes per full deal); its answers are checked against the
solver's. Every position is solved once; generating positions is never
timed. Each row uses a fresh :class:`Solver`.

>>> report = run_benchmark(seconds=0.01, reference=False, dds=False, threads=1)
>>> sorted({row.workload for row in report.rows})
['full-all-cards', 'full-exact', 'lone-exact', 'mid-trick-exact']
>>> all(row.positions_per_second > 0 for row in report.rows)
True
"""

from __future__ import annotations

import os
import platform
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator, Optional

import numpy as np

from altbaumer.dd.reference import reference_value
from altbaumer.dd.solver import DEFAULT_TT_MIB, Solver
from altbaumer.dd.workloads import (
    PositionStream,
    bridge_endings,
    full_deal_rows,
    lone_deal_rows,
    mid_trick_positions,
    rows_to_positions,
)
from altbaumer.game.position import Position

__all__ = [
    "WORKLOADS",
    "SOLVERS",
    "TARGETS",
    "BenchRow",
    "Target",
    "BenchReport",
    "dds_available",
    "machine_info",
    "planned_rows",
    "run_benchmark",
]

WORKLOADS = ("full-exact", "full-all-cards", "lone-exact", "mid-trick-exact")
SOLVERS = ("altbaumer", "reference", "dds")

# The targets: (key, what is measured, required value, unit: "x" a ratio, "/s" a rate).
TARGETS = (
    ("all-cards-vs-dds", "full-all-cards altbaumer / DDS single-call", 20.0, "x"),
    ("full-exact-1-thread", "full-exact, 1 thread", 150_000.0, "/s"),
    ("lone-exact-1-thread", "lone-exact, 1 thread", 250_000.0, "/s"),
    ("two-threads-scaling", "full-exact, 2 threads / 1 thread", 1.8, "x"),
)

_BLOCK = 2048  # positions per generated block (numpy workloads)
_PY_BLOCK = 128  # positions per generated block (Python-object workloads)

ProgressFn = Callable[[int, int, str], None]


# -- results -------------------------------------------------------------------


@dataclass
class BenchRow:
    """One measured figure: ``positions`` solved in ``seconds`` of solving."""

    workload: str
    solver: str
    threads: int
    positions_per_second: float
    positions: int
    seconds: float
    api: str
    nodes_per_position: Optional[float] = None
    tt_bytes: Optional[int] = None
    cards_per_position: Optional[float] = None
    cpu_per_wall: Optional[float] = None  # process CPU time / wall time while solving: cores kept busy
    upper_bound: bool = False  # no position finished before the deadline: the rate is at most this
    agrees: Optional[bool] = None  # reference rows: the solver gave the same values
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["positions_per_second"] = round(self.positions_per_second, 3 if self.positions_per_second < 100 else 1)
        data["seconds"] = round(self.seconds, 4)
        for key in ("nodes_per_position", "cards_per_position", "cpu_per_wall"):
            if data[key] is not None:
                data[key] = round(data[key], 2)
        return data


@dataclass
class Target:
    """One target of the issue beside the figure measured for it."""

    key: str
    description: str
    required: float
    unit: str  # "x": a ratio; "/s": positions per second
    measured: Optional[float]
    met: Optional[bool]  # None: not measurable here (see note)
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if self.measured is not None:
            data["measured"] = round(self.measured, 2)
        return data


@dataclass
class BenchReport:
    rows: list[BenchRow]
    machine: dict[str, Any]
    settings: dict[str, Any]
    targets: list[Target] = field(default_factory=list)
    ratios: dict[str, Optional[float]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    complete: bool = True  # false when Ctrl-C stopped the run: the rows measured before it

    def row(self, workload: str, solver: str, threads: int = 1) -> Optional[BenchRow]:
        for row in self.rows:
            if (row.workload, row.solver, row.threads) == (workload, solver, threads):
                return row
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": [r.to_dict() for r in self.rows],
            "machine": self.machine,
            "settings": self.settings,
            "targets": [t.to_dict() for t in self.targets],
            "ratios": {k: (None if v is None else round(v, 2)) for k, v in self.ratios.items()},
            "notes": self.notes,
            "complete": self.complete,
        }


# -- machine -----------------------------------------------------------------------


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def dds_available() -> bool:
    """Is the optional ``endplay`` package (DDS) importable?"""
    try:
        import endplay.dds  # noqa: F401
    except Exception:  # ImportError, or a broken native library
        return False
    return True


def _endplay_version() -> Optional[str]:
    try:
        from importlib.metadata import version

        return version("endplay")
    except Exception:
        return None


def machine_info() -> dict[str, Any]:
    from altbaumer._version import __version__

    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {
        "cpu": _cpu_model(),
        "cores": _cores(),
        "logical_cpus": os.cpu_count(),
        "system": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "altbaumer": __version__,
        "numpy": np.__version__,
        "endplay": _endplay_version() if dds_available() else None,
        "load_average": load,
    }


# -- measuring -----------------------------------------------------------------------


def _measure(
    stream: PositionStream,
    run: Callable[[Any], Any],
    seconds: float,
    first: int,
    minimum: int,
    most: int,
    wall_factor: float = 3.0,
) -> tuple[int, float, float, list[Any]]:
    """Solve chunks from ``stream`` until ``seconds`` of solving are spent
    (generation is never timed; if generating is slow the row stops after
    ``wall_factor`` × ``seconds`` of wall time). Returns (positions, seconds,
    process CPU seconds meanwhile, the outputs of ``run`` per chunk)."""
    started = time.perf_counter()
    done, spent, made, cpu, size, outputs = 0, 0.0, 0.0, 0.0, first, []
    while True:
        g0 = time.perf_counter()
        chunk = stream.take(size)
        c0 = time.process_time()
        t0 = time.perf_counter()
        outputs.append(run(chunk))
        t1 = time.perf_counter()
        cpu += time.process_time() - c0
        made += t0 - g0
        spent += t1 - t0
        done += len(chunk)
        wall_left = wall_factor * seconds - (t1 - started)
        if done >= minimum and (spent >= seconds or wall_left <= 0):
            break
        rate = done / spent if spent > 0 else 1e6
        wanted = rate * max(seconds - spent, 0.0) * 1.05 + 1
        if made > 0:  # never generate for longer than the wall budget allows
            wanted = min(wanted, max(wall_left, 0.0) * done / (made + spent))
        size = int(min(most, max(minimum - done, 16, wanted)))
    return done, spent, cpu, outputs


def _batch_row(workload: str, make: Callable[[int], np.ndarray], threads: int, seconds: float,
               tt_mib: float, moves: bool = False) -> BenchRow:
    """A batch workload: exact values (``solve_batch``) or every opening card
    (``solve_batch_moves``), on ``threads`` threads."""
    stream = PositionStream(make)
    floor = 128 * threads
    nodes = 0
    with Solver(tt_mib, threads=threads) as solver:
        solve = solver.solve_batch_moves if moves else solver.solve_batch

        def run(rows: np.ndarray) -> np.ndarray:
            nonlocal nodes
            out = solve(rows)
            nodes += solver.last_nodes
            return (out >= 0).sum(axis=1) if moves else out

        done, spent, cpu, outputs = _measure(
            stream, run, seconds, first=max(1024, floor), minimum=floor, most=2_000_000,
        )
        tt_bytes = solver.tt_bytes  # every thread's table, before close() frees them
    api = "Solver.solve_batch_moves" if moves else "Solver.solve_batch"
    row = BenchRow(workload, "altbaumer", threads, done / spent, done, spent, api,
                   nodes_per_position=nodes / done, tt_bytes=tt_bytes, cpu_per_wall=cpu / spent)
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

    done, spent, cpu, _ = _measure(stream, run, seconds, first=64, minimum=16, most=50_000)
    return BenchRow(workload, "altbaumer", 1, done / spent, done, spent, "Solver.value",
                    nodes_per_position=nodes / done, tt_bytes=solver.tt_bytes, cpu_per_wall=cpu / spent)


def _dds_row(seconds: float, seed: int) -> BenchRow:
    from endplay.dds import solve_board
    from endplay.types import Deal as BridgeDeal
    from endplay.types import Denom, Player

    def make(block: int) -> list[Any]:
        return [BridgeDeal(pbn, first=Player(lead), trump=Denom.hearts)
                for pbn, lead in bridge_endings(_PY_BLOCK, seed, block)]

    boards: list[Any] = []

    def run(deals: list[Any]) -> list[int]:
        counts = []
        for deal in deals:
            solved = solve_board(deal)  # one board per call, every card scored
            counts.append(len(list(solved)))
            boards.append(solved)
        return counts

    done, spent, cpu, outputs = _measure(PositionStream(make), run, seconds, first=32, minimum=8, most=50_000)
    node_counts = [getattr(getattr(b, "_data", None), "nodes", None) for b in boards]
    known = [n for n in node_counts if n is not None]
    nodes = sum(known) / len(known) if known and len(known) == len(node_counts) else None
    return BenchRow("full-all-cards", "dds", 1, done / spent, done, spent, "endplay.dds.solve_board",
                    nodes_per_position=nodes, cards_per_position=sum(sum(o) for o in outputs) / done,
                    cpu_per_wall=cpu / spent,
                    note="bridge endings: 24-card pack, 4 × 5 cards, hearts trump")


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
    """The rows :func:`run_benchmark` measures, in order: (workload, solver, threads)."""
    many = threads or _cores()
    counts = sorted({1, many} | ({2} if _cores() >= 2 else set()))
    rows = [("full-exact", "altbaumer", t) for t in counts]
    rows.append(("full-all-cards", "altbaumer", 1))
    if dds if dds is not None else dds_available():
        rows.append(("full-all-cards", "dds", 1))
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
) -> BenchReport:
    """Measure every row of :func:`planned_rows`.

    ``seconds`` is the solving time per row (the reference gets 3× that for
    full deals and 2× for lone deals, and at most ``reference_positions``
    positions each); ``threads`` the multi-threaded rows' thread count (default
    all cores); ``dds`` None = when endplay is installed. ``progress(done,
    total, label)`` is called before each row and once at the end. Ctrl-C
    (KeyboardInterrupt) propagates; with ``partial_on_interrupt`` the report
    of the rows measured before it is returned instead, not ``complete``
    (it still propagates when no row was measured).
    """
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    many = threads or _cores()
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

    makers = {
        "full-exact": lambda b: full_deal_rows(_BLOCK, seed, b),
        "lone-exact": lambda b: lone_deal_rows(_BLOCK, seed, b),
    }
    _warm_up(seed, tt_mib)
    try:
        for index, (workload, solver, count) in enumerate(plan):
            if progress:
                progress(index, len(plan), f"{workload} · {solver} · {count} thread{'s' if count > 1 else ''}")
            if solver == "altbaumer" and workload in makers:
                row = _batch_row(workload, makers[workload], count, seconds, tt_mib)
            elif solver == "altbaumer" and workload == "full-all-cards":
                row = _batch_row(workload, makers["full-exact"], count, seconds, tt_mib, moves=True)
            elif solver == "altbaumer":
                row = _each_row(workload, lambda b: mid_trick_positions(_PY_BLOCK, seed, b), seconds, tt_mib)
            elif solver == "dds":
                row = _dds_row(seconds, seed)
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
    cores = report.machine["cores"]
    many = report.settings["threads"]
    report.ratios = {
        "all_cards_altbaumer_vs_dds": _ratio(r("full-all-cards", "altbaumer"), r("full-all-cards", "dds")),
        "full_exact_2_threads_vs_1": _ratio(r("full-exact", "altbaumer", 2), r("full-exact", "altbaumer", 1)),
    }
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
        "all-cards-vs-dds": report.ratios["all_cards_altbaumer_vs_dds"],
        "full-exact-1-thread": getattr(r("full-exact", "altbaumer"), "positions_per_second", None),
        "lone-exact-1-thread": getattr(r("lone-exact", "altbaumer"), "positions_per_second", None),
        "two-threads-scaling": report.ratios["full_exact_2_threads_vs_1"],
    }
    why = {
        "all-cards-vs-dds": "endplay (DDS) is not installed: pip install -e '.[bench]'",
        "two-threads-scaling": f"needs at least 2 cores (this machine has {cores})",
    }
    report.targets = []
    for key, description, required, unit in TARGETS:
        value = measured[key]
        target = Target(key, description, required, unit, value, None if value is None else value >= required)
        if value is None:
            target.note = why.get(key, "not measured")
        elif key == "two-threads-scaling":
            busy = getattr(r("full-exact", "altbaumer", 2), "cpu_per_wall", None)
            load = (report.machine.get("load_average") or [None])[0]
            if busy is not None and busy < 1.6:
                target.note = (
                    f"the 2-thread run kept only {busy:.2f} cores busy (process CPU time / wall time)"
                    + (f"; load average {load} before the run" if load is not None else "")
                    + ": the figure shows the CPU this process got, not necessarily the solver's scaling"
                )
        report.targets.append(target)
