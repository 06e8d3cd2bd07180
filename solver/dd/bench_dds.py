"""DDS beside altbaumer in ``altbaumer bench``, through the optional
``endplay`` package: bridge endings of the same size (24-card pack A K Q J T 9
of each suit, four hands of five, hearts trump), one optimal card per board,
every card one board per call, and DDS's own batch call on a chosen number of
threads. Every ``endplay`` import waits until a DDS row is measured, so the
bench runs without the package.

>>> isinstance(dds_available(), bool)   # whether endplay (DDS) imports here
True
"""

from __future__ import annotations

import ctypes
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

from altbaumer.dd.bench_rows import BenchRow, measure, node_figures
from altbaumer.dd.workloads import PositionStream, bridge_endings

__all__ = ["dds_available", "endplay_version", "dds_row", "dds_batch_row"]

_BRIDGE_BLOCK = 128  # endings per generated block
_DDS_BATCH = 200  # boards per DDS batch call (DDS's MAXNOOFBOARDS)


def dds_available() -> bool:
    """Is the optional ``endplay`` package (DDS) importable?"""
    try:
        import endplay.dds  # noqa: F401
    except Exception:  # ImportError, or a broken native library
        return False
    return True


def endplay_version() -> Optional[str]:
    try:
        from importlib.metadata import version

        return version("endplay")
    except Exception:
        return None


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
                for pbn, lead in bridge_endings(_BRIDGE_BLOCK, seed, block)]

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


def dds_row(workload: str, seconds: float, seed: int) -> BenchRow:
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
        done, spent, cpu, outputs = measure(PositionStream(_bridge_deals(seed)), run, seconds,
                                             first=32, minimum=8, most=50_000)
    per_position, per_node = node_figures(_dds_nodes(boards), done, spent, 1)
    api = "endplay.dds.solve_board" + ("(SolveMode.OptimalOne)" if best_only else "")
    how = "one optimal card and its score (solutions=1)" if best_only else "every card scored (solutions=3)"
    return BenchRow(workload, "dds", 1, done / spent, done, spent, api,
                    nodes_per_position=per_position, ns_per_node=per_node,
                    cards_per_position=sum(sum(o) for o in outputs) / done, cpu_per_wall=cpu / spent,
                    note=f"{_BRIDGE_NOTE}; one board per call, {how}")


def dds_batch_row(threads: int, seconds: float, seed: int) -> BenchRow:
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
        done, spent, cpu, outputs = measure(PositionStream(_bridge_deals(seed)), run, seconds,
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
