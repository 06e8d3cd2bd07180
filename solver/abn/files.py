"""Deal files on disk: reading ABN or its JSON form, and writing atomically.

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

import os
import secrets
from pathlib import Path
from typing import Iterable, Optional, Union

from altbaumer.abn.board import Board
from altbaumer.abn.json_format import boards_from_json
from altbaumer.abn.reader import read_boards
from altbaumer.abn.writer import write_boards
from altbaumer.errors import AbnError

__all__ = ["load_boards", "save_boards", "atomic_write"]


def load_boards(path: Union[str, Path], errors: Optional[list[AbnError]] = None) -> list[Board]:
    """Read a deal file (UTF-8): ABN, or its JSON form (a ``.json`` name, or
    text that starts with ``{``). Errors name the file and line; with an
    ``errors`` list, malformed ABN boards are collected there and the others
    returned (see :func:`~altbaumer.abn.reader.read_boards`).

    >>> load_boards("/no/such/deals.abn")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: /no/such/deals.abn: cannot read: No such file or directory
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise AbnError(name, None, "not a UTF-8 text file") from None
    except OSError as error:
        raise AbnError(name, None, f"cannot read: {error.strerror or error}") from None
    if name.endswith(".json") or text.lstrip().startswith("{"):
        return boards_from_json(text, name)
    return read_boards(text, name, errors)


def save_boards(boards: Iterable[Board], path: Union[str, Path]) -> None:
    """Write boards to an ABN file atomically (see :func:`atomic_write`)."""
    atomic_write(path, write_boards(boards))


def atomic_write(path: Union[str, Path], text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) through a temporary file and a
    rename, so a failure or Ctrl-C never leaves a half-written file."""
    target = Path(path)
    tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    # Not tempfile.mkstemp: its file is 0600, and the rename would keep that; this one gets what open() gives.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
