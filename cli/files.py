"""Where the commands read and write deal files: paths or `-` for standard input
and output. Inputs: ABN or its JSON form, one board or all. Outputs: checked
(place, format, not an input) before a command starts its work, then written."""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

from altbaumer.abn import Board, load_boards, write_output
from altbaumer.errors import AbnError
from altbaumer.abn.record import GameRecord
from altbaumer.abn.selection import select_boards, selected_records

from .output import BadInput, print_data

__all__ = ["STDIO", "source_name", "load_source", "load", "select", "load_records", "Output", "check_output",
           "save"]

STDIO = "-"  # as a FILE: standard input; as an output: standard output
STDIN_NAME = "<stdin>"


def source_name(path: str) -> str:
    """How messages name an input."""
    return STDIN_NAME if path == STDIO else path


def load_source(path: str, errors: Optional[list[AbnError]] = None) -> list[Board]:
    """:func:`~altbaumer.abn.files.load_boards` of a FILE argument, `-` being standard input."""
    if path != STDIO:
        return load_boards(path, errors)
    if sys.stdin is None:  # Python's stdin when file descriptor 0 is closed
        raise AbnError(STDIN_NAME, None, "cannot read: standard input is closed")
    return load_boards(sys.stdin.buffer, errors, name=STDIN_NAME)


def load(path: str) -> list[Board]:
    """Every board of ``path``; a malformed file is a :class:`BadInput`."""
    try:
        boards = load_source(path)
    except AbnError as error:
        raise BadInput(str(error)) from None
    if not boards:
        raise BadInput(f"{source_name(path)}: no boards in the file")
    return boards


def select(boards: list[Board], number: Optional[str], path: str) -> list[Board]:
    """:func:`~altbaumer.abn.selection.select_boards` of a FILE argument."""
    return select_boards(boards, number, source_name(path))


def load_records(path: str, number: Optional[str] = None) -> list[GameRecord]:
    """The selected boards of ``path``, each checked against the rules and replayed."""
    try:
        return selected_records(load(path), number, source_name(path))
    except AbnError as error:
        raise BadInput(str(error)) from None


@dataclass(frozen=True)
class Output:
    """An output a command may write once its work is done: already checked."""

    path: str
    fmt: str

    @property
    def to_stdout(self) -> bool:
        """The file is all the command writes to standard output."""
        return self.path == STDIO


def check_output(path: str, formats: Sequence[str], *, option: str = "-o", named: Optional[str] = None,
                 format_option: Optional[str] = None, inputs: Iterable[str] = (),
                 stdout_taken: Optional[str] = None) -> Output:
    """Check an output before the work that fills it: its format (``named``
    by ``format_option``, else its extension, else the first of ``formats``),
    the place (a folder that exists and may be written, or something writable
    that is not a file), and that it is none of ``inputs``. ``stdout_taken``
    names the option that also wants standard output, if given."""
    fmt = _format_of(path, formats, named, format_option)
    if path == STDIO:
        if stdout_taken:
            raise BadInput(f"{option} - and {stdout_taken} both write to standard output: give one of them")
        return Output(path, fmt)
    _check_place(path)
    for source in inputs:
        if source != STDIO and _same_file(path, source):
            raise BadInput(f"{path}: refusing to overwrite the input file" + (f" {source}" if source != path else ""))
    return Output(path, fmt)


def _format_of(path: str, formats: Sequence[str], named: Optional[str], format_option: Optional[str]) -> str:
    extension = "" if path == STDIO else Path(path).suffix.lower()
    if named is not None:
        if extension[1:] in formats and extension[1:] != named:
            raise BadInput(f"{path}: the name says {extension} but {format_option} is {named}")
        return named
    if not extension:
        return formats[0]
    if extension[1:] in formats:
        return extension[1:]
    names = [f".{f}" for f in formats]
    known = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    naming = f", or name the format with {format_option}" if format_option else ""
    raise BadInput(f"{path}: unknown extension '{extension}' (use {known}{naming})")


def _check_place(path: str) -> None:
    """What would make writing fail at the end, found at the start."""
    real = os.path.realpath(path)  # a symlink is written through: what counts is where it leads
    try:
        mode: Optional[int] = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise BadInput(f"{path}: cannot write: {error.strerror or error}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise BadInput(f"{path}: cannot write: is a directory")
    if mode is not None and not os.access(real, os.W_OK):
        raise BadInput(f"{path}: cannot write: Permission denied")
    if mode is None or stat.S_ISREG(mode):  # replaced through a temporary file in its folder
        folder = os.path.dirname(real)
        if not os.path.isdir(folder):
            raise BadInput(f"{path}: cannot write: no such directory")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise BadInput(f"{path}: cannot write: Permission denied")


def _same_file(output: str, source: str) -> bool:
    try:
        return os.path.samefile(output, source)
    except OSError:  # one of them does not exist (yet): compare where they lead
        return os.path.realpath(output) == os.path.realpath(source)


def save(output: Output, text: str) -> None:
    """Write a checked output; what still goes wrong (a full disk) is a :class:`BadInput`."""
    try:
        if output.to_stdout:
            print_data(text)
        else:
            write_output(output.path, text)
    except OSError as error:
        if output.to_stdout and isinstance(error, BrokenPipeError):
            raise  # the reader of standard output has gone: a quiet end (cli/app.py)
        raise BadInput(f"{output.path}: cannot write: {error.strerror or error}") from None
