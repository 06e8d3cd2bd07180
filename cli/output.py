"""Shared plumbing for commands: consoles, JSON, errors, and the options
several commands take."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

import click
from rich.console import Console

from altbaumer.hidden.rating import DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES

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


SOLVER_THREADS_HELP = "Solver threads (default: all cores)."


def threads_option(help: str = SOLVER_THREADS_HELP) -> Callable[[Any], Any]:
    """--threads/-j, the solver's threads, for every command that solves:
    at least 1, None (not given) for all cores."""
    return click.option("--threads", "-j", "threads", type=click.IntRange(min=1), default=None, metavar="N",
                        help=help)


def world_options(command: Any) -> Any:
    """The options of commands that rate decisions over worlds of hidden cards:
    --samples, --exact-limit, --seed and --threads."""
    for option in reversed([
        click.option("--samples", type=click.IntRange(min=2), default=DEFAULT_SAMPLES, show_default=True,
                     help="Worlds drawn uniformly when there are more than --exact-limit."),
        click.option("--exact-limit", type=click.IntRange(min=0), default=DEFAULT_EXACT_LIMIT, show_default=True,
                     help="Enumerate every world when there are at most this many."),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the world sampling."),
        threads_option(),
    ]):
        command = option(command)
    return command
