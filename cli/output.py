"""Shared plumbing for commands: consoles, JSON, errors, atomic files."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import click
from rich.console import Console

# Exit codes, stable across releases.
EXIT_OK = 0
EXIT_FAILURE = 1  # an unexpected internal error
EXIT_BAD_INPUT = 2  # bad options, files, deals or actions (click's usage errors use 2 too)
EXIT_INTERRUPTED = 130

stdout = Console(highlight=False)
stderr = Console(stderr=True, highlight=False)


def print_json(data: Any) -> None:
    """Plain JSON on stdout: no colour, so it pipes cleanly."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


class BadInput(click.ClickException):
    """One clear line on stderr and exit code 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:
        click.echo(f"altbaumer: error: {self.format_message()}", err=True)


@contextmanager
def atomic_write(path: Path, mode: str = "w") -> Iterator[Any]:
    """Write to a temporary file beside ``path`` and rename it into place, so
    an error or Ctrl-C never leaves a half-written output."""
    directory = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
