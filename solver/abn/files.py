"""Deal files on disk: reading ABN or its JSON form from a path or a stream, and
writing to whatever a path names.

>>> import tempfile, pathlib
>>> from altbaumer.abn.board import Board
>>> from altbaumer.game.seats import Seat
>>> with tempfile.TemporaryDirectory() as folder:
...     path = pathlib.Path(folder) / "deals.abn"
...     save_boards([Board(Seat.S, tags={"Board": "1"})], path)
...     print(path.read_text(encoding="utf-8"), end="")
...     print([b.number for b in load_boards(path)])
[Board "1"]
[Dealer "S"]
['1']
"""

from __future__ import annotations

import codecs
import errno
import os
import secrets
import stat
from pathlib import Path
from typing import IO, Iterable, Optional, Union

from altbaumer.abn.board import Board
from altbaumer.abn.json_format import boards_from_json
from altbaumer.abn.reader import read_boards
from altbaumer.abn.writer import write_boards
from altbaumer.errors import AbnError

__all__ = ["load_boards", "read_text", "save_boards", "write_output", "atomic_write"]

PathLike = Union[str, "os.PathLike[str]"]
Source = Union[PathLike, IO[bytes], IO[str]]


def load_boards(source: Source, errors: Optional[list[AbnError]] = None, name: Optional[str] = None) -> list[Board]:
    """Read a deal file: ABN, or its JSON form (a ``.json`` name; without an
    ``.abn`` or ``.json`` name, text that starts with ``{``), from a path or
    an open stream (see :func:`read_text`).
    Errors name the file (or ``name``) and line; with an ``errors`` list,
    malformed ABN boards are collected there and the others returned (see
    :func:`~altbaumer.abn.reader.read_boards`).

    >>> load_boards("/no/such/deals.abn")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: /no/such/deals.abn: cannot read: No such file or directory
    """
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        raise TypeError(f"load_boards: source must be a path or an open file, not {type(source).__name__}")
    name = name or _name_of(source)
    text = read_text(source, name)
    if _is_json(name, text):
        return boards_from_json(text, name)
    return read_boards(text, name, errors)


def _is_json(name: str, text: str) -> bool:
    """Whether a deal file is the JSON form: its extension says so (``.abn``
    or ``.json``), else its text, as for standard input or a text the server
    is given. An ABN file may open with commentary, ``{...}``, too.

    >>> _is_json("deals.abn", "{before the tags}"), _is_json("deals.JSON", ""), _is_json("<abn>", " {")
    (False, True, True)
    """
    extension = os.path.splitext(name)[1].lower()
    if extension in (".abn", ".json"):
        return extension == ".json"
    return text.lstrip().startswith("{")


def read_text(source: Source, name: Optional[str] = None) -> str:
    """The text of a path or a stream (bytes or text), UTF-8 with or without a
    byte-order mark. Bytes that are not UTF-8 are an :class:`AbnError` at the
    line that holds the first of them.

    >>> import io
    >>> read_text(io.BytesIO(b"ok\\n\\xe9\\n"), "in.abn")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.abn:2: not UTF-8 text (byte 0xe9)
    """
    name = name or _name_of(source)
    try:
        data = Path(source).read_bytes() if isinstance(source, (str, os.PathLike)) else source.read()
    except OSError as error:
        raise AbnError(name, None, f"cannot read: {error.strerror or error}") from None
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError as error:
        line = error.object[:error.start].count(b"\n") + 1
        raise AbnError(name, line, f"not UTF-8 text (byte 0x{error.object[error.start]:02x})") from None


def _name_of(source: Source) -> str:
    """How errors name a source: the path as given, or a stream's name."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "<stream>"))


def save_boards(boards: Iterable[Board], path: PathLike) -> None:
    """Write boards to an ABN file (see :func:`write_output`)."""
    write_output(path, write_boards(boards))


def write_output(target: Union[PathLike, IO[bytes]], text: str) -> None:
    """Write ``text`` (UTF-8) to ``target`` as its user means it: a binary
    stream is written to; a regular file, or a new one, is replaced atomically
    (:func:`atomic_write`); a symlink is written through to what it names (the
    link stays); anything else that exists, such as a FIFO or a terminal, is
    opened and written, never replaced."""
    if not isinstance(target, (str, os.PathLike)):
        target.write(text.encode("utf-8"))
        target.flush()
        return
    real = os.path.realpath(target)
    if os.path.exists(real) and not os.path.isfile(real):
        _write_in_place(real, text)
    else:
        atomic_write(real, text)


def _write_in_place(path: str, text: str) -> None:
    # No O_CREAT or O_TRUNC: this writes only into something that exists and is not a regular file.
    fd = os.open(path, os.O_WRONLY | os.O_NOCTTY)
    with os.fdopen(fd, "wb") as handle:
        if stat.S_ISREG(os.fstat(fd).st_mode):  # it became a file since it was looked at: replace that
            handle.close()
            atomic_write(path, text)
            return
        handle.write(text.encode("utf-8"))


def atomic_write(path: PathLike, text: str) -> None:
    """Replace the regular file at ``path`` (or make it) with ``text`` (UTF-8)
    through a temporary file beside it, synced to disk and then renamed, so a
    failure, Ctrl-C or power cut leaves the old file or the new, never half of
    one. A symlink is followed and its target replaced; anything else that is
    not a regular file is refused (:func:`write_output` writes into it). A
    file replaced keeps its mode and, where allowed, its owner; a new one gets
    what open() gives."""
    target = Path(os.path.realpath(path))
    try:
        old: Optional[os.stat_result] = target.stat()
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):  # a FIFO or device replaced would be lost
        raise FileExistsError(errno.EEXIST, "not a regular file", str(target))
    tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    # Not tempfile.mkstemp: its file is 0600, which a new file would keep.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            if old is not None:
                _take_over(fd, old)
            os.fsync(fd)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _take_over(fd: int, old: os.stat_result) -> None:
    """Give the new file the owner and mode of the one it replaces."""
    new = os.fstat(fd)
    if (old.st_uid, old.st_gid) != (new.st_uid, new.st_gid):
        try:
            os.fchown(fd, old.st_uid, old.st_gid)
        except PermissionError:  # only root gives files away; the group alone may still be ours to set
            try:
                os.fchown(fd, -1, old.st_gid)
            except PermissionError:
                pass
    os.fchmod(fd, stat.S_IMODE(old.st_mode))  # after chown, which clears the set-id bits


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; some file systems cannot sync a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
