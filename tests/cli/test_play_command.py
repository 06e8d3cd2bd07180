"""``altbaumer play``: it prints the table's address with the token and serves the match; a bad
option, a file that cannot be resumed or a taken port is one line and exit 2, with nothing written."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from altbaumer.cli import main

CLI = [sys.executable, "-c", "from altbaumer.cli import main; main()"]


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, ["play", *args])


def test_the_table_is_served_at_its_address(tmp_path: Path) -> None:
    server = subprocess.Popen([*CLI, "play", "--port", "0", "--seed", "7", "--level", "1"], cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "/play?token=" in url
        base, token = url.split("/play?token=")
        with urllib.request.urlopen(url, timeout=20) as page:
            assert "<title>altbaumer — play</title>" in page.read().decode()
        request = urllib.request.Request(f"{base}/api/play?token={token}", data=b"{}", method="POST")
        with urllib.request.urlopen(request, timeout=60) as answer:
            game = json.load(answer)["game"]
        with urllib.request.urlopen(f"{base}/api/play/{game}?token={token}", timeout=60) as answer:
            state = json.load(answer)
        assert state["level"] == 1 and state["seat"] == "S" and state["deal"] == 1
        assert [p.name for p in tmp_path.iterdir()] == [state["record"]] and state["record"].endswith("-seed7.abn")
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["play", "serve"])
def test_lang_gives_the_pages_their_language(tmp_path: Path, command: str) -> None:
    """``--lang de``: the pages in German for a browser that asks for French; English without it."""
    server = subprocess.Popen([*CLI, command, "--port", "0", "--lang", "de"], cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        request = urllib.request.Request(url, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
        with urllib.request.urlopen(request, timeout=20) as page:
            text = page.read().decode()
        assert '<html lang="de">' in text and ("altbaumer — spielen" in text or "Analysebrett" in text)
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert "Traceback" not in err


@pytest.mark.parametrize("args, said", [
    (["--level", "9"], "--level"),
    (["--seat", "X"], "--seat"),
    (["--tutor", "always"], "--tutor"),
    (["--no-takeback"], "only with --tutor off"),
    (["--partner", "nobody"], "unknown policy 'nobody'"),
    (["--seed", "-1"], "--seed"),
    (["--lang", "xx"], "--lang"),
])
def test_bad_options_are_one_line(args: list[str], said: str) -> None:
    result = _run(*args, "--port", "0")
    assert result.exit_code == 2 and said in result.output
    assert "Traceback" not in result.output


def test_resume_needs_a_match_file(tmp_path: Path) -> None:
    missing = _run("--resume", str(tmp_path / "none.abn"))
    assert missing.exit_code == 2 and "no such file" in missing.output
    other = tmp_path / "deals.abn"
    other.write_text('[Dealer "S"]\n')
    result = _run("--resume", str(other))
    assert result.exit_code == 2 and "not a match of altbaumer play" in result.output
    assert other.read_text() == '[Dealer "S"]\n'  # nothing overwritten
    both = _run("--resume", str(other), "--seed", "3")
    assert both.exit_code == 2 and "leave out --record and --seed" in both.output


def test_a_finished_match_is_not_resumed(tmp_path: Path) -> None:
    from altbaumer.play.table import TableGame, TableSettings
    from altbaumer.serve.table_record import write_record

    game = TableGame(TableSettings(level=1, tutor="off", seed=2))
    while not game.table.over:
        game.act(game.legal_texts()[0])
    path = tmp_path / "done.abn"
    write_record(game, path)
    game.close()
    result = _run("--resume", str(path))
    assert result.exit_code == 2 and "the match is over" in result.output


def test_a_resumed_match_keeps_its_seat(tmp_path: Path) -> None:
    from altbaumer.play.table import TableGame, TableSettings
    from altbaumer.serve.table_record import write_record

    game = TableGame(TableSettings(level=1, tutor="off", seed=2))
    game.act(game.legal_texts()[0])
    path = tmp_path / "going.abn"
    write_record(game, path)
    game.close()
    before = path.read_text()
    result = _run("--resume", str(path), "--seat", "E", "--port", "0")
    assert result.exit_code == 2 and "--seat: the match of the file is played with seat S" in result.output
    assert path.read_text() == before
    check = CliRunner().invoke(main, ["check", str(path)])
    assert check.exit_code == 0, check.output


def test_a_taken_port_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        result = _run("--port", str(taken.getsockname()[1]))
    assert result.exit_code == 2 and "in use" in result.output


def test_a_record_in_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    result = _run("--record", str(tmp_path / "no" / "match.abn"), "--port", "0")
    assert result.exit_code == 2 and "does not exist" in result.output
