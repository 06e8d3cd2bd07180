"""The machine ``altbaumer bench`` runs on: what it reports of it (cores,
CPU, load, versions), and numpy's BLAS threads held to one while measuring,
since their idle threads spin and take CPU from the solver.

>>> info = machine_info()
>>> info["cores"] >= 1 and info["altbaumer"] == __import__("altbaumer").__version__
True
>>> with one_blas_thread() as how:
...     how.startswith(("1 thread", "not limited"))
True
"""

from __future__ import annotations

import ctypes
import importlib
import os
import platform
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import numpy as np

from altbaumer.dd.bench_dds import dds_available, endplay_version

__all__ = ["cores", "machine_info", "one_blas_thread"]


def cores() -> int:
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


def machine_info() -> dict[str, Any]:
    from altbaumer._version import __version__

    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {
        "cpu": _cpu_model(),
        "cores": cores(),
        "logical_cpus": os.cpu_count(),
        "system": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(),
        "altbaumer": __version__,
        "numpy": np.__version__,
        "endplay": endplay_version() if dds_available() else None,
        "load_average": load,
    }


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
def one_blas_thread() -> Iterator[str]:
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
