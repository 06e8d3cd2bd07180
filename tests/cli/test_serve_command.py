"""``altbaumer serve``: it prints its address with the token and serves the
board until interrupted; a missing extra, a bad file or a taken port is one
line and exit 2."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from altbaumer.cli import main

MATCH = Path(__file__).resolve().parents[2] / "examples" / "match.abn"


def test_the_server_prints_its_address_and_serves_the_file() -> None:
    command = [sys.executable, "-c", "from altbaumer.cli import main; main()", "serve", str(MATCH), "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url
        base, token = url.split("/?token=")
        with urllib.request.urlopen(f"{base}/api/start?token={token}", timeout=20) as answer:
            assert json.load(answer)["name"] == str(MATCH)
        try:
            urllib.request.urlopen(f"{base}/api/start", timeout=20)
        except urllib.error.HTTPError as error:
            assert error.code == 401
        else:
            raise AssertionError("served without the token")
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    assert "Traceback" not in err


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, ["serve", *args])


def test_without_the_extra_it_names_the_install_command(monkeypatch: Any) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else real(name, *a))
    result = _run(str(MATCH))
    assert result.exit_code == 2
    assert result.stderr.strip() == "altbaumer: error: serve needs the serve extra: pip install 'altbaumer[serve]'"


def test_a_bad_file_is_refused_before_serving(tmp_path: Path) -> None:
    bad = tmp_path / "bad.abn"
    bad.write_text('[Dealer "X"]\n', encoding="utf-8")
    result = _run(str(bad))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"altbaumer: error: {bad}:1: ")
    missing = _run(str(tmp_path / "none.abn"))
    assert missing.exit_code == 2 and "none.abn" in missing.stderr and "Traceback" not in missing.stderr


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = _run(str(MATCH), "--port", str(port))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"altbaumer: error: --port {port}: in use; choose another, or --port 0 for a free one"


def test_a_bad_port_or_host_is_one_line() -> None:
    assert _run("--port", "70000").exit_code == 2
    result = _run("--host", "no.such.host.invalid", "--port", "0")
    assert result.exit_code == 2 and result.stderr.startswith("altbaumer: error: --host no.such.host.invalid")
    assert os.linesep not in result.stderr.strip()


def test_standard_input_is_read_as_a_file_is(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "-"], input='[Dealer "X"]\n')
    assert result.exit_code == 2 and result.stderr.startswith("altbaumer: error: <stdin>:1: ")
    binary = tmp_path / "binary.abn"
    binary.write_bytes(b"\xff\xfe")
    result = _run(str(binary))
    assert result.exit_code == 2 and result.stderr.strip() == f"altbaumer: error: {binary}:1: not UTF-8 text (byte 0xff)"
