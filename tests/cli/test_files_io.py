"""Where the commands read and write: `-` for standard input and output, files
replaced with their mode kept, symlinks written through, FIFOs written in place,
inputs never overwritten, and every output checked before the work starts."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Optional

import pytest
from click.testing import CliRunner, Result

from altbaumer.abn import boards_to_json, load_boards, read_boards
from altbaumer.cli import annotate as annotate_cli
from altbaumer.cli import main
from altbaumer.cli import simulate as simulate_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LONE = EXAMPLES / "lone.abn"
SIMULATE = ("simulate", "--matches", "1", "--seed", "4", "--processes", "1")


def invoke(*args: str, stdin: Optional[bytes] = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def one_error_line(result: Result) -> str:
    """A bad input: exit code 2, no traceback, one line on stderr, nothing on stdout."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("altbaumer: error: "), result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    return lines[0].removeprefix("altbaumer: error: ")


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    """tmp_path as the working folder, so a stray file named '-' would land there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def copy_of(folder: Path, example: Path, name: Optional[str] = None) -> Path:
    path = folder / (name or example.name)
    path.write_bytes(example.read_bytes())
    return path


# -- -o -: standard output ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ("convert", str(LONE), "--to", "json", "-o"),
    ("deal", "--seed", "3", "-n", "2", "-o"),
    ("annotate", str(LONE), "--no-decisions", "--no-progress", "-o"),
    (*SIMULATE, "--record"),
], ids=lambda c: c[0])
def test_dash_is_standard_output_and_all_that_goes_there(here, command):
    to_file = invoke(*command, str(here / "out.json" if command[0] == "convert" else here / "out.abn"))
    assert to_file.exit_code == 0, to_file.output
    result = invoke(*command, "-")
    assert result.exit_code == 0, result.output
    written = (here / ("out.json" if command[0] == "convert" else "out.abn")).read_text(encoding="utf-8")
    assert result.stdout == written  # no summary mixed in
    assert sorted(p.name for p in here.iterdir()) == [("out.json" if command[0] == "convert" else "out.abn")]


@pytest.mark.parametrize("command", [
    ("deal", "--json", "-o", "-"),
    ("annotate", str(LONE), "--no-decisions", "--json", "-o", "-"),
    (*SIMULATE, "--json", "--record", "-"),
], ids=lambda c: c[0])
def test_dash_and_json_cannot_share_standard_output(here, command):
    assert "both write to standard output" in one_error_line(invoke(*command))
    assert list(here.iterdir()) == []


# -- what the path is: a file, a symlink, a FIFO ---------------------------------------------------


def test_a_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "private.abn"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    assert invoke("deal", "--seed", "3", "-o", str(target)).exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and len(load_boards(target)) == 1


def test_a_symlink_is_written_through(tmp_path):
    (tmp_path / "real.json").write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    assert invoke("convert", str(LONE), "--to", "json", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and load_boards(tmp_path / "real.json") == load_boards(LONE)


def test_a_fifo_is_written_not_replaced(tmp_path):
    fifo = tmp_path / "deals"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as pipe:
            got.append(pipe.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = invoke("deal", "--seed", "3", "-o", str(fifo))
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert len(read_boards(got[0].decode("utf-8"))) == 1
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


# -- inputs are never outputs ------------------------------------------------------------------------


def test_an_input_is_not_overwritten(tmp_path):
    deals = copy_of(tmp_path, LONE)
    other = copy_of(tmp_path, EXAMPLES / "refusal.abn")
    link = tmp_path / "link.abn"
    link.symlink_to(deals.name)
    before = deals.read_bytes()
    for args in [("annotate", str(deals), "--no-decisions", "-o", str(deals)),
                 ("annotate", str(other), str(deals), "--no-decisions", "-o", str(link)),
                 ("annotate", str(link), "--no-decisions", "-o", str(tmp_path / "." / deals.name)),
                 ("convert", str(link), "--to", "abn", "-o", str(deals))]:
        assert "refusing to overwrite the input file" in one_error_line(invoke(*args))
    assert deals.read_bytes() == before and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.abn", "lone.abn", "refusal.abn"]


# -- the output checked before the work --------------------------------------------------------------


@pytest.fixture
def no_work(monkeypatch):
    """Annotating or simulating fails the test: a bad output must be found first."""
    def forbidden(*args, **kwargs):
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr(annotate_cli, "annotate_board", forbidden)
    monkeypatch.setattr(simulate_cli, "simulate_matches", forbidden)


@pytest.mark.parametrize("command", [
    ("annotate", str(LONE), "--no-decisions", "-o"), (*SIMULATE, "--record"), ("deal", "-o"),
    ("convert", str(LONE), "--to", "abn", "-o")], ids=lambda c: c[0])
def test_a_bad_output_location_is_refused_before_any_work(tmp_path, no_work, command):
    (tmp_path / "folder.abn").mkdir()
    (tmp_path / "plain").write_text("", encoding="utf-8")
    (tmp_path / "loop.abn").symlink_to("loop.abn")
    for where, problem in [("no/such/out.abn", "cannot write: no such directory"),
                           ("folder.abn", "cannot write: is a directory"),
                           ("plain/out.abn", "cannot write: Not a directory"),
                           ("loop.abn", "cannot write: Too many levels of symbolic links")]:
        line = one_error_line(invoke(*command, str(tmp_path / where)))
        assert line == f"{tmp_path / where}: {problem}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.abn", "loop.abn", "plain"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder")
def test_a_folder_without_write_permission_is_refused(tmp_path, no_work):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert one_error_line(invoke(*SIMULATE, "--record", str(locked / "x.abn"))).endswith(
        "cannot write: Permission denied")


def test_the_format_comes_from_a_known_extension_or_an_option(tmp_path, no_work):
    for args, problem in [
        (("deal", "-o", "deals.txt"), "unknown extension '.txt' (use .abn or .json)"),
        ((*SIMULATE, "--record", "games.htm"), "unknown extension '.htm' (use .abn or .json)"),
        (("annotate", str(LONE), "-o", "notes.txt"),
         "unknown extension '.txt' (use .abn, .json or .html, or name the format with --format)"),
        (("annotate", str(LONE), "--format", "html", "-o", "notes.json"), "the name says .json but --format is html"),
        (("convert", str(LONE), "--to", "json", "-o", "lone.abn"), "the name says .abn but --to is json"),
        (("equity", "-o", "table.abn"), "unknown extension '.abn' (use .json)"),  # the one format it writes
    ]:
        output = args[-1]
        assert one_error_line(invoke(*args[:-1], str(tmp_path / output))) == f"{tmp_path / output}: {problem}"
    assert list(tmp_path.iterdir()) == []


def test_a_name_without_extension_or_with_a_named_format(tmp_path):
    assert invoke("deal", "--seed", "3", "-o", str(tmp_path / "deals")).exit_code == 0
    assert len(read_boards((tmp_path / "deals").read_text(encoding="utf-8"))) == 1
    result = invoke("annotate", str(LONE), "--no-decisions", "--format", "json", "-o", str(tmp_path / "notes.txt"))
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "notes.txt").read_text(encoding="utf-8"))["total"]["boards"] == 1
    assert invoke("convert", str(LONE), "--to", "json", "-o", str(tmp_path / "lone.txt")).exit_code == 0
    assert load_boards(tmp_path / "lone.txt") == load_boards(LONE)


# -- a reader that stops reading: | head -------------------------------------------------------------


@pytest.fixture(scope="module")
def many_boards(tmp_path_factory) -> Path:
    """Enough boards that checking them prints more than a pipe holds."""
    path = tmp_path_factory.mktemp("pipe") / "many.abn"
    assert invoke("deal", "--seed", "7", "-n", "1500", "-o", str(path)).exit_code == 0
    return path


@pytest.mark.parametrize("command", [
    ("check", "{many}"),  # rich's console, line by line
    ("deal", "--seed", "1", "-n", "1500", "-o", "-"),  # a deal file: one write of the whole text
    ("deal", "--seed", "1", "-n", "600"),  # diagrams
    ("deal", "--seed", "1", "-n", "1500", "--json"),
], ids=lambda c: " ".join(c[:1] + c[-1:]))
def test_a_closed_output_pipe_ends_quietly_with_141(many_boards, command):
    """As ``altbaumer check many.abn | head -1``: the shell's exit code for a
    program stopped by SIGPIPE (128 + 13), nothing on stderr; never 1, the
    code of an internal error."""
    args = [a.replace("{many}", str(many_boards)) for a in command]
    process = subprocess.Popen([sys.executable, "-c", "from altbaumer.cli import main; main()", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline()
    process.stdout.close()  # what head does after its line
    error = process.stderr.read()
    assert process.wait(timeout=60) == 141, error
    assert error == b""


# -- input: -, byte-order marks, bytes that are not UTF-8 ---------------------------------------------


@pytest.mark.parametrize("command, example", [
    (("check", "--json"), "lone.abn"), (("convert", "--to", "json"), "lone.abn"), (("solve", "--json"), "mid-trick.abn"),
    (("table", "--json"), "refusal.abn"), (("rate", "--json", "--samples", "200"), "forehand-view.abn"),
    (("annotate", "--json", "--no-decisions"), "lone.abn"),
], ids=lambda c: c[0] if isinstance(c, tuple) else c)
def test_dash_reads_standard_input(command, example):
    path = EXAMPLES / example
    from_file = invoke(command[0], str(path), *command[1:])
    from_stdin = invoke(command[0], "-", *command[1:], stdin=b"\xef\xbb\xbf" + path.read_bytes())
    assert from_file.exit_code == from_stdin.exit_code == 0, from_stdin.output
    if command[0] == "convert":
        assert from_stdin.stdout == from_file.stdout
        return
    from_file_data, from_stdin_data = json.loads(from_file.stdout), json.loads(from_stdin.stdout)
    for data in (from_file_data, from_stdin_data):
        _drop_timings_and_names(data)
    assert from_stdin_data == from_file_data


def _drop_timings_and_names(data: object) -> None:
    """What differs between two runs on the same boards: seconds and the file's name."""
    if isinstance(data, dict):
        for key in ("seconds", "file", "source"):
            data.pop(key, None)
        if "matches" in data:  # annotate's matches are named by their file
            data["matches"] = list(data["matches"].values())
        for value in data.values():
            _drop_timings_and_names(value)
    elif isinstance(data, list):
        for value in data:
            _drop_timings_and_names(value)


def test_standard_input_is_named_in_messages():
    result = invoke("check", "-", stdin=LONE.read_bytes())
    assert result.exit_code == 0 and result.stdout.startswith("<stdin>:5: ok board lone")
    as_json = boards_to_json(load_boards(LONE)).encode("utf-8")
    assert invoke("convert", "-", "--to", "abn", stdin=as_json).stdout == LONE.read_text(encoding="utf-8")
    assert one_error_line(invoke("convert", "-", "--to", "json", stdin=b"")) == "<stdin>: no boards in the file"


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.abn"
    path.write_bytes(b"\xef\xbb\xbf" + LONE.read_bytes())
    result = invoke("check", str(path))
    assert result.exit_code == 0 and f"{path}:5: ok board lone" in result.stdout


def test_text_that_is_not_utf8_is_named_with_its_line(tmp_path):
    lines = LONE.read_bytes().splitlines(keepends=True)
    lines[6] = lines[6].replace(b"\n", "  % Jürgen\n".encode("latin-1"))
    path = tmp_path / "latin1.abn"
    path.write_bytes(b"".join(lines))
    problem = "not UTF-8 text (byte 0xfc)"
    assert one_error_line(invoke("convert", str(path), "--to", "json")) == f"{path}:7: {problem}"
    checked = invoke("check", str(path))
    assert checked.exit_code == 2 and checked.stdout.strip() == f"{path}:7: error {problem}"
    assert one_error_line(invoke("solve", "-", stdin=path.read_bytes())) == f"<stdin>:7: {problem}"
