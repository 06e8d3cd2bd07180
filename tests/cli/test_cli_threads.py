"""``-j``/``--threads`` bounds every thread pool of ``rate``, ``annotate`` and
``review``: the double-dummy solver's and the playout engine's; so does
``--processes``, whose every worker works on one thread.

The OS threads of the command's process are counted from ``/proc/PID/task``
every 2 ms while it runs, and the most seen is held against a process that
only loads the same compiled modules and waits: numpy's BLAS starts its own
threads at import (one fewer than the cores, for OpenBLAS), which no option
of ours controls. With ``-j 1`` every rating runs on the main thread, so the
command shows no thread beyond those; with ``-j 2`` the pools show.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts threads in /proc")

LONE = str(Path(__file__).resolve().parents[2] / "examples" / "lone.abn")
SMALL = ("--samples", "200", "--effort", "64")  # a rating of a second or two, realistic play as by default
CLI = [sys.executable, "-c", "from altbaumer.cli import main; main()"]


def most_threads(command: list[str]) -> int:
    """The most OS threads seen in ``command``'s process while it ran (it must succeed)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    most = 0
    while process.poll() is None:
        try:
            most = max(most, len(os.listdir(f"/proc/{process.pid}/task")))
        except FileNotFoundError:  # it ended between the poll and the look
            break
        time.sleep(0.002)
    _, errors = process.communicate(timeout=120)
    assert process.returncode == 0, errors.decode()
    return most


@pytest.fixture(scope="module")
def baseline() -> int:
    """The threads of a process that has loaded the solver and the engine and does nothing."""
    return most_threads([sys.executable, "-c",
                         "import time, altbaumer.dd.solver, altbaumer.play.engine; time.sleep(0.3)"])


@pytest.mark.parametrize("command", [
    ("rate", LONE, "--at", "alone:partner"),
    ("annotate", LONE),
    ("review", LONE),
], ids=["rate", "annotate", "review"])
def test_one_thread_asked_starts_no_pool(command, baseline):
    assert most_threads([*CLI, *command, *SMALL, "-j", "1"]) == baseline


def test_two_threads_asked_show_the_pools(baseline):
    assert most_threads([*CLI, "rate", LONE, "--at", "alone:partner", *SMALL, "-j", "2"]) > baseline


@pytest.mark.parametrize("command", [("annotate", LONE), ("review", LONE)], ids=["annotate", "review"])
def test_one_worker_process_works_on_one_thread(command, baseline):
    """``--processes 1`` reviews here (one board), on one thread as every worker process does."""
    assert most_threads([*CLI, *command, *SMALL, "--processes", "1"]) == baseline
