"""The ``altbaumer`` group: version, error handling, and the commands."""

from __future__ import annotations

import sys
from typing import Any

import click

from altbaumer import __version__
from altbaumer.errors import AltbaumerError

from .annotate import annotate_command
from .bench import bench_command
from .check import check_command, convert_command
from .deal import deal_command
from .output import EXIT_INTERRUPTED, BadInput
from .simulate import simulate_command
from .rate import rate_command
from .solve import solve_command
from .table import table_command


class _Group(click.Group):
    """Turns the library's input errors into one line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except AltbaumerError as error:
            raise BadInput(str(error)) from None
        except KeyboardInterrupt:
            click.echo("altbaumer: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="altbaumer")
def main() -> None:
    """Altbaumer: double-dummy solver and decision analyser for the Black
    Forest five-trick game.

    Exit codes: 0 success, 2 bad input (options, files, deals, actions),
    1 internal error, 130 interrupted.
    """


main.add_command(deal_command)
main.add_command(simulate_command)
main.add_command(solve_command)
main.add_command(table_command)
main.add_command(rate_command)
main.add_command(annotate_command)
main.add_command(check_command)
main.add_command(convert_command)
main.add_command(bench_command)
