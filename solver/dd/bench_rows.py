"""One row of ``altbaumer bench``: the figures it holds (:class:`BenchRow`),
a target beside its measured figure (:class:`Target`), the whole report
(:class:`BenchReport`), and how a row's positions are timed (:func:`measure`),
the same loop for every solver. Nothing here prints.

>>> node_figures(2_000, positions=10, seconds=0.001, threads=1)  # 200 nodes a position, 500 ns a node
(200.0, 500.0)
>>> BenchRow("full-exact", "altbaumer", 1, 1234.5678, 100, 0.081, "Solver.solve_batch").to_dict()["positions_per_second"]
1234.6
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional

from altbaumer.dd.workloads import PositionStream

__all__ = ["BenchRow", "Target", "BenchReport", "ExtraRow", "node_figures", "measure"]


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
    """One speed target beside the figure measured for it."""

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


def measure(
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
