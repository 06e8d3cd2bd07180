"""``--scheduler`` problems as the user meets them: one line on stderr, exit
code 2, no traceback. The missing extra is simulated in a fresh interpreter
(``distributed`` blocked in ``sys.modules``), so these run with or without
the dask extra installed; the address checks need Dask itself."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from altbaumer.cli import main
from altbaumer.errors import AltbaumerError
from altbaumer.play import cluster
from altbaumer.play.cluster import Scheduler, run_on_cluster

FORMS = "local, local:N or tcp://host:port"
REFUSAL = str(Path(__file__).parents[2] / "examples" / "refusal.abn")
BLOCKED = "import sys; sys.modules['distributed'] = None; from altbaumer.cli import main; main()"


def _run(*args: str, code: str = "from altbaumer.cli import main; main()") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize("command", [["simulate", "-n", "2"], ["arena", "heuristic", "random", "-n", "1"],
                                     ["rate", REFUSAL]])
def test_without_the_extra_the_option_names_it(command: list[str]):
    """Refused while the options are read, whichever command takes it."""
    line = _one_line(_run(*command, "--scheduler", "local:1", code=BLOCKED))
    assert line == "altbaumer: error: --scheduler needs the dask extra: pip install 'altbaumer[dask]'"


def test_without_the_extra_the_library_names_it(monkeypatch: pytest.MonkeyPatch):
    """From Python too, where no option is read first: the same error, not ModuleNotFoundError."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    with pytest.raises(AltbaumerError, match=r"dask extra: pip install 'altbaumer\[dask\]'"):
        run_on_cluster(Scheduler.parse("local:1"), lambda start, stop: None, [(0, 0, 1)], lambda i, r: None)
    with pytest.raises(AltbaumerError, match="dask extra"):
        with Scheduler.parse("local:1").client():
            pass


@pytest.mark.parametrize("address", ["bogus", "tcp://bogus", "host:0", "host:70000", "tls://127.0.0.1:8786",
                                     "ucx://127.0.0.1:8786", "http://x:1/y", "tcp://", "a b"])
def test_a_malformed_address_names_itself_and_the_forms(address: str):
    result = CliRunner().invoke(main, ["simulate", "-n", "2", "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("altbaumer: error: simulate: invalid value for '--scheduler': "
                                    f"'{address}' is no scheduler: expected {FORMS} ")
    assert result.output.count("\n") == 1, result.output


def test_a_malformed_address_from_the_command_line():
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    line = _one_line(_run("simulate", "-n", "2", "--scheduler", "bogus"))
    assert f"'bogus' is no scheduler: expected {FORMS}" in line


def test_an_unreachable_scheduler_fails_quickly_in_one_line():
    """Nothing listens on port 1: Dask retries a refused connection until the
    connect timeout, which is seconds, not Dask's own half minute."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    began = time.monotonic()
    line = _one_line(_run("simulate", "-n", "2", "--scheduler", "127.0.0.1:1"))
    assert time.monotonic() - began < 30
    assert line == (f"altbaumer: error: --scheduler tcp://127.0.0.1:1: no Dask scheduler answered within "
                    f"{cluster.CONNECT_TIMEOUT:g} s (expected {FORMS} of a running scheduler)")
