"""Deal files on disk (altbaumer.abn.files): reading a path or a stream whatever its
encoding mark, and writing to what the path is: a file replaced atomically with its
mode and owner, a symlink written through, a FIFO written in place."""

from __future__ import annotations

import io
import os
import stat
import threading
from pathlib import Path

import pytest

from altbaumer.abn import files
from altbaumer.abn.files import atomic_write, load_boards, write_output
from altbaumer.abn.json_format import boards_to_json
from altbaumer.errors import AbnError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LONE = (EXAMPLES / "lone.abn").read_text(encoding="utf-8")


# -- reading -------------------------------------------------------------------------------------


def test_a_byte_order_mark_is_not_part_of_the_text(tmp_path):
    path = tmp_path / "bom.abn"
    path.write_bytes(b"\xef\xbb\xbf" + LONE.encode("utf-8"))
    assert load_boards(path) == load_boards(EXAMPLES / "lone.abn")
    as_json = tmp_path / "bom.json"
    as_json.write_bytes(b"\xef\xbb\xbf" + boards_to_json(load_boards(path)).encode("utf-8"))
    assert load_boards(as_json) == load_boards(path)


def test_text_that_is_not_utf8_is_named_by_its_first_bad_line(tmp_path):
    path = tmp_path / "latin1.abn"
    path.write_bytes(LONE.encode("utf-8") + '% notiert von Jürgen\n'.encode("latin-1") + b"\xff\n")
    line = LONE.count("\n") + 1
    with pytest.raises(AbnError) as caught:
        load_boards(path)
    assert str(caught.value) == f"{path}:{line}: not UTF-8 text (byte 0xfc)"
    assert caught.value.line == line


def test_a_stream_is_read_like_a_file():
    expected = load_boards(EXAMPLES / "lone.abn")
    assert load_boards(io.BytesIO(b"\xef\xbb\xbf" + LONE.encode("utf-8")), name="<stdin>") == expected
    assert load_boards(io.StringIO("\ufeff" + LONE)) == expected
    as_json = boards_to_json(expected)
    assert load_boards(io.BytesIO(as_json.encode("utf-8"))) == expected  # JSON known by its first brace
    with pytest.raises(AbnError, match=r"^<stdin>:2: not UTF-8 text \(byte 0xe9\)$"):
        load_boards(io.BytesIO(b'[Board "1"]\n[Event "caf\xe9"]\n'), name="<stdin>")
    with pytest.raises(AbnError, match=r"^<stdin>:1: "):
        load_boards(io.BytesIO(b'[Dealer "X"]\n'), name="<stdin>")


# -- writing -------------------------------------------------------------------------------------


def test_replacing_a_file_keeps_its_mode(tmp_path):
    target = tmp_path / "private.abn"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    write_output(target, LONE)
    assert target.read_text(encoding="utf-8") == LONE
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["private.abn"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another owner")
def test_replacing_a_file_keeps_its_owner(tmp_path):
    target = tmp_path / "theirs.abn"
    target.write_text("old\n", encoding="utf-8")
    os.chown(target, 4321, 4322)
    target.chmod(0o640)
    write_output(target, LONE)
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 4322, 0o640)


def test_the_new_file_is_on_disk_before_it_takes_the_name(tmp_path, monkeypatch):
    events: list[str] = []
    fsync, replace = os.fsync, os.replace
    monkeypatch.setattr(files.os, "fsync", lambda fd: (events.append("fsync"), fsync(fd))[1])
    monkeypatch.setattr(files.os, "replace", lambda a, b: (events.append("replace"), replace(a, b))[1])
    atomic_write(tmp_path / "out.abn", LONE)
    assert events[:2] == ["fsync", "replace"]


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    target = tmp_path / "real.abn"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    link = tmp_path / "link.abn"
    link.symlink_to("real.abn")
    write_output(link, LONE)
    assert link.is_symlink() and os.readlink(link) == "real.abn"
    assert target.read_text(encoding="utf-8") == LONE and stat.S_IMODE(target.stat().st_mode) == 0o600
    dangling = tmp_path / "dangling.abn"
    dangling.symlink_to("made.abn")
    write_output(dangling, LONE)
    assert dangling.is_symlink() and (tmp_path / "made.abn").read_text(encoding="utf-8") == LONE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling.abn", "link.abn", "made.abn", "real.abn"]


def read_fifo_in_background(path: Path) -> tuple[threading.Thread, list[bytes]]:
    """A reader for a FIFO (opening one to write blocks until a reader comes)."""
    got: list[bytes] = []

    def read() -> None:
        with open(path, "rb") as fifo:
            got.append(fifo.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader, got


def test_a_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader, got = read_fifo_in_background(fifo)
    write_output(fifo, LONE)
    reader.join(timeout=10)
    assert got == [LONE.encode("utf-8")]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_a_stream_is_written_in_utf8():
    out = io.BytesIO()
    write_output(out, "T♥\n")
    assert out.getvalue() == "T♥\n".encode("utf-8")


def test_a_directory_is_not_replaced(tmp_path):
    (tmp_path / "folder").mkdir()
    with pytest.raises(OSError):
        write_output(tmp_path / "folder", LONE)
    assert (tmp_path / "folder").is_dir() and [p.name for p in tmp_path.iterdir()] == ["folder"]


def test_atomic_write_does_not_replace_what_is_not_a_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileExistsError, match="not a regular file"):
        atomic_write(fifo, LONE)
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and [p.name for p in tmp_path.iterdir()] == ["pipe"]
