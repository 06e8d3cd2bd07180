"""Shared plumbing for commands: consoles, JSON, errors."""

from __future__ import annotations

import json
import sys
from typing import Any

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
