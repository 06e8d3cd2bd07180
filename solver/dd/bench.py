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

import ctypes
import importlib
import os
import platform
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np
import numpy.typing as npt

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
    "RATING_WORKLOADS",
    "SOLVERS",
    "TARGETS",
    "REACH_TARGETS",
    "BenchRow",
    "Target",
    "BenchReport",
    "ExtraRow",
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

# The targets: (key, what is measured, required value, unit: "x" a ratio, "/s" a rate).
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
_DDS_BATCH = 200  # boards per DDS batch call (DDS's MAXNOOFBOARDS)

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
    ns_per_node: Optional[float] = None  # seconds × threads / nodes: one thread's time per search node
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
        for key in ("nodes_per_position", "ns_per_node", "cards_per_position", "cpu_per_wall"):
            if data[key] is not None:
                data[key] = round(data[key], 2)
        return data


def node_figures(nodes: Optional[float], positions: int, seconds: float,
                 threads: int) -> tuple[Optional[float], Optional[float]]:
    """(nodes per position, nanoseconds per node) of ``nodes`` search nodes
    over ``positions`` in ``seconds`` on ``threads``: None where unknown."""
    if nodes is None or positions <= 0:
        return None, None
    return nodes / positions, (seconds * threads * 1e9 / nodes if nodes > 0 else None)


ExtraRow = tuple[tuple[str, str, int], Callable[[], BenchRow]]
"""A row measured by a caller's function ((workload, solver, threads), measure):
the rating rows, which this wing may not import."""


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

        done, spent, cpu, outputs = _measure(
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

    done, spent, cpu, _ = _measure(stream, run, seconds, first=64, minimum=16, most=50_000)
    per_position, per_node = node_figures(nodes, done, spent, 1)
    return BenchRow(workload, "altbaumer", 1, done / spent, done, spent, "Solver.value",
                    nodes_per_position=per_position, ns_per_node=per_node, tt_bytes=solver.tt_bytes,
                    cpu_per_wall=cpu / spent)


# -- DDS (endplay) ---------------------------------------------------------------------

_BRIDGE_NOTE = "bridge endings: 24-card pack, 4 × 5 cards, hearts trump"


class _DDSInfo(ctypes.Structure):
    """DDS 2.8-2.9's ``DDSInfo`` (endplay's copy lacks the fields 2.8 added),
    with room to spare in case a later DDS grows it."""

    _fields_ = [
        ("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10), ("system", ctypes.c_int), ("numBits", ctypes.c_int),
        ("compiler", ctypes.c_int), ("constructor", ctypes.c_int), ("numCores", ctypes.c_int),
        ("threading", ctypes.c_int), ("noOfThreads", ctypes.c_int), ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024), ("spare", ctypes.c_char * 4096),
    ]


def _dds_library() -> Any:
    import endplay._dds as dds_binding

    return dds_binding._dll  # the ctypes handle of the libdds endplay ships


def _dds_threads() -> Optional[int]:
    """The threads DDS is set up for (its ``GetDDSInfo``), None if it cannot say."""
    info = _DDSInfo()
    try:
        _dds_library().GetDDSInfo(ctypes.byref(info))
    except Exception:
        return None
    if (info.major, info.minor) < (2, 8) or not 1 <= info.noOfThreads <= 4096:
        return None
    return int(info.noOfThreads)


@contextmanager
def _dds_on_threads(threads: int) -> Iterator[Optional[int]]:
    """DDS set up for ``threads`` (``SetMaxThreads``: DDS runs at most one per
    core), yielding the threads it runs; afterwards back to endplay's setting
    (0: every core)."""
    library = _dds_library()
    library.SetMaxThreads(int(threads))
    try:
        yield _dds_threads()
    finally:
        library.SetMaxThreads(0)


def _bridge_deals(seed: int) -> Callable[[int], list[Any]]:
    from endplay.types import Deal as BridgeDeal
    from endplay.types import Denom, Player

    def make(block: int) -> list[Any]:
        return [BridgeDeal(pbn, first=Player(lead), trump=Denom.hearts)
                for pbn, lead in bridge_endings(_PY_BLOCK, seed, block)]

    return make


def _dds_nodes(boards: list[Any]) -> Optional[int]:
    """DDS's own node count (``futureTricks.nodes``) summed over ``boards``, None if any lacks it."""
    total = 0
    for board in boards:
        nodes: Any = getattr(getattr(board, "_data", None), "nodes", None)
        if nodes is None:
            return None
        total += int(nodes)
    return total if boards else None


def _dds_row(workload: str, seconds: float, seed: int) -> BenchRow:
    """DDS one board per call (``SolveBoard``): ``full-exact`` one optimal card
    and its score (solutions=1), ``full-all-cards`` every card scored (solutions=3)."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    best_only = workload == "full-exact"
    mode = SolveMode.OptimalOne if best_only else SolveMode.Default
    boards: list[Any] = []

    def run(deals: list[Any]) -> list[int]:
        counts = []
        for deal in deals:
            solved = solve_board(deal, mode)
            counts.append(len(list(solved)))  # every score read back into Python, as altbaumer's are
            boards.append(solved)
        return counts

    with _dds_on_threads(1):
        done, spent, cpu, outputs = _measure(PositionStream(_bridge_deals(seed)), run, seconds,
                                             first=32, minimum=8, most=50_000)
    per_position, per_node = node_figures(_dds_nodes(boards), done, spent, 1)
    api = "endplay.dds.solve_board" + ("(SolveMode.OptimalOne)" if best_only else "")
    how = "one optimal card and its score (solutions=1)" if best_only else "every card scored (solutions=3)"
    return BenchRow(workload, "dds", 1, done / spent, done, spent, api,
                    nodes_per_position=per_position, ns_per_node=per_node,
                    cards_per_position=sum(sum(o) for o in outputs) / done, cpu_per_wall=cpu / spent,
                    note=f"{_BRIDGE_NOTE}; one board per call, {how}")


def _dds_batch_row(threads: int, seconds: float, seed: int) -> BenchRow:
    """DDS's own batch call (``SolveAllBoardsBin``, up to 200 boards a call)
    on ``threads`` threads, every card scored."""
    from endplay.dds import solve_all_boards

    boards: list[Any] = []

    def run(deals: list[Any]) -> list[int]:
        counts = []
        for lo in range(0, len(deals), _DDS_BATCH):
            for solved in solve_all_boards(deals[lo : lo + _DDS_BATCH]):
                counts.append(len(list(solved)))
                boards.append(solved)
        return counts

    with _dds_on_threads(threads) as running:
        done, spent, cpu, outputs = _measure(PositionStream(_bridge_deals(seed)), run, seconds,
                                             first=2 * _DDS_BATCH, minimum=_DDS_BATCH, most=50_000)
    used = threads if running is None else running
    per_position, per_node = node_figures(_dds_nodes(boards), done, spent, used)
    note = f"{_BRIDGE_NOTE}; {_DDS_BATCH} boards per call, every card scored"
    if running is None:
        note += f"; DDS did not report its threads ({threads} asked for)"
    elif running != threads:
        note += f"; {threads} threads asked for, DDS runs {running} (at most one per core)"
    return BenchRow("full-all-cards", "dds-batch", used, done / spent, done, spent, "endplay.dds.solve_all_boards",
                    nodes_per_position=per_position, ns_per_node=per_node,
                    cards_per_position=sum(sum(o) for o in outputs) / done, cpu_per_wall=cpu / spent, note=note)


# -- numpy's BLAS threads ---------------------------------------------------------------


def _openblas_setters() -> list[tuple[Callable[[int], Any], Callable[[], int]]]:
    """(set, get) of the thread count of every OpenBLAS loaded in this process
    (numpy's wheels bundle one as ``scipy_openblas``); Linux only."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths = sorted({line.split()[-1] for line in maps if "openblas" in line.lower() and "/" in line})
    except OSError:
        return []
    found = []
    for path in paths:
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for name in ("scipy_openblas_{}_num_threads64_", "scipy_openblas_{}_num_threads",
                     "openblas_{}_num_threads64_", "openblas_{}_num_threads"):
            setter = getattr(library, name.format("set"), None)
            getter = getattr(library, name.format("get"), None)
            if setter is not None and getter is not None:
                found.append((setter, getter))
                break
    return found


@contextmanager
def _one_blas_thread() -> Iterator[str]:
    """numpy's BLAS held to one thread while measuring (its idle threads spin
    and take CPU from the solver): with threadpoolctl if installed, else
    OpenBLAS's own call. Yields how, or why not."""
    if os.environ.get("OPENBLAS_NUM_THREADS") == "1":
        yield "1 thread (OPENBLAS_NUM_THREADS=1)"
        return
    try:
        threadpoolctl = importlib.import_module("threadpoolctl")
    except ImportError:
        threadpoolctl = None
    if threadpoolctl is not None:
        with threadpoolctl.threadpool_limits(limits=1, user_api="blas"):
            yield "1 thread (threadpoolctl)"
        return
    setters = _openblas_setters()
    if not setters:
        yield "not limited (no OpenBLAS found; set OPENBLAS_NUM_THREADS=1)"
        return
    before = [get() for _, get in setters]
    for set_threads, _ in setters:
        set_threads(1)
    try:
        yield "1 thread (openblas_set_num_threads)"
    finally:
        for (set_threads, _), count in zip(setters, before):
            set_threads(count)


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
    many = threads or _cores()
    counts = sorted({1, many} | ({2} if _cores() >= 2 else set()))
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
    measures: list[Optional[Callable[[], BenchRow]]] = [None] * len(plan) + [m for _, m in extra]
    plan += [key for key, _ in extra]

    def full(block: int) -> npt.NDArray[np.int64]:
        return full_deal_rows(_BLOCK, seed, block)

    def lone(block: int) -> npt.NDArray[np.int64]:
        return lone_deal_rows(_BLOCK, seed, block)

    with _one_blas_thread() as blas:
        report.settings["blas"] = blas
        _warm_up(seed, tt_mib)
        try:
            for index, ((workload, solver, count), measure) in enumerate(zip(plan, measures)):
                if progress:
                    progress(index, len(plan), f"{workload} · {solver} · {count} thread{'s' if count > 1 else ''}")
                if measure is not None:
                    row = measure()
                elif solver == "altbaumer" and workload in _QUERIES:
                    row = _batch_row(workload, lone if workload == "lone-exact" else full, count, seconds, tt_mib)
                elif solver == "altbaumer":
                    row = _each_row(workload, lambda b: mid_trick_positions(_PY_BLOCK, seed, b), seconds, tt_mib)
                elif solver == "dds":
                    row = _dds_row(workload, seconds, seed)
                elif solver == "dds-batch":
                    row = _dds_batch_row(count, seconds, seed)
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
