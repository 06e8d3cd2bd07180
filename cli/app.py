"""The ``altbaumer`` group: version, error handling, and the commands.

Each command's module is imported when the command is looked up (to run
it, or to list it in the help), so that a command loads its own stack and
no other's, and ``--version`` loads none.

>>> sorted(COMMANDS)[:3]
['annotate', 'arena', 'bench']
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from contextlib import contextmanager
from typing import Any, Iterator, NoReturn, Optional

import click

from altbaumer import __version__
from altbaumer.errors import AltbaumerError

from .output import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, BadInput, ascii_option, forgiving_streams

COMMANDS = {name: (name, f"{name}_command") for name in (
    "deal", "simulate", "arena", "charts", "equity", "solve", "table", "rate", "annotate", "review", "play", "check",
    "bench", "serve")} | {"convert": ("check", "convert_command")}
"""The commands: name → (their module in this package, the command in it)."""

_ONE_LINE = re.compile(r"\s*[\n\r\t\v\f]\s*")


def usage_line(error: click.UsageError) -> str:
    """A usage error of click's as one line: the command, the problem, and
    where its help is, instead of click's usage block."""
    names = _command_names(error.ctx)
    # click sets some messages over lines ("Choose from:\n\tabn,\n\tjson"); escaped, they would read as "\n\t".
    problem = _ONE_LINE.sub(" ", error.format_message().strip()).rstrip(".")
    if problem[1:2].islower():  # "No such option" reads on after the colon; "FILE" keeps its capital
        problem = problem[0].lower() + problem[1:]
    command = " ".join(names)
    return f"{command + ': ' if command else ''}{problem} (see '{' '.join(['altbaumer', *names])} --help')"


def _command_names(ctx: Optional[click.Context]) -> list[str]:
    """The command's names below the group (``["solve"]``): whatever the
    program is called, its usage errors name it altbaumer."""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return names[::-1]


@contextmanager
def _usage_in_one_line() -> Iterator[None]:
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:
        raise  # the help itself, not an error
    except click.UsageError as error:
        raise BadInput(usage_line(error)) from None


@contextmanager
def _closed_pipe_ends_quietly(flush: bool = False) -> Iterator[None]:
    """A reader that stops reading (``altbaumer check big.abn | head -1``)
    ends the command at once, silently and with the shell's exit code for it,
    141, as any program stopped by SIGPIPE. ``flush`` writes out what is still
    buffered first, so that the closed pipe shows here and not at exit."""
    try:
        yield
        if flush:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()
    except BrokenPipeError:
        _quiet_streams()
        sys.exit(EXIT_BROKEN_PIPE)


def _quiet_streams() -> None:
    """Point standard output and error at the null device, so that writing
    out their buffers at exit fails no more (the Python docs' recipe for
    SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):  # no file descriptor (a test's capture), or one already closed
            pass
    os.close(devnull)


class _Group(click.Group):
    """Turns the library's input errors and click's usage errors into one
    line and exit code 2, Ctrl-C into exit code 130 and a closed output
    pipe into a quiet exit 141."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        forgiving_streams()
        return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        """The command ``name``, its module imported on first need."""
        if name in COMMANDS and name not in self.commands:
            module, attribute = COMMANDS[name]
            command = getattr(importlib.import_module(f".{module}", __package__), attribute)
            assert isinstance(command, click.Command) and command.name == name, name
            self.add_command(command)
        return super().get_command(ctx, name)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            with _closed_pipe_ends_quietly(), _usage_in_one_line():  # the group's own options, --help
                return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:  # click would say "Aborted!" and exit 1
            _interrupted()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            # The command's name, its options and what it finds wrong with them.
            with _closed_pipe_ends_quietly(flush=True), _usage_in_one_line():
                return super().invoke(ctx)
        except AltbaumerError as error:
            raise BadInput(str(error)) from None
        except KeyboardInterrupt:  # the command has shown what it had (cli/interrupt.py)
            _interrupted()


def _interrupted() -> NoReturn:
    click.echo("altbaumer: interrupted", err=True)
    sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="altbaumer")
@ascii_option
def main() -> None:
    """Altbaumer: double-dummy solver and decision analyser for the Black
    Forest five-trick game.

    Exit codes: 0 success, 2 bad input (options, files, deals, actions),
    1 internal error, 130 interrupted, 141 output pipe closed.
    """
