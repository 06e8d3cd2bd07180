"""Shared plumbing for commands: consoles, JSON, errors, and the options
several commands take."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import sys
from typing import Any, Callable, Optional

import click
from rich.console import Console

from altbaumer.errors import AltbaumerError
from altbaumer.game.arguments import SEED_MAX as SEED_MAX  # the library's bound on seeds, the options' too
from altbaumer.game.display import escape_markup, printable as printable  # user text, shown as the displays show it
from altbaumer.hidden.rating import DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES, FOUR_CARD_DISCARD_BYTES, WORLD_BYTES
from altbaumer.hidden.worlds import BUDGET_WORDS, worlds_that_fit
from altbaumer.lang import DEFAULT_LANGUAGE, LANGUAGES
from altbaumer.report.render import SYMBOLS, symbols
from altbaumer.report.words import plural as plural  # the commands' counts, said as the reports say them

# Exit codes, stable across releases.
EXIT_OK = 0
EXIT_FAILURE = 1  # an unexpected internal error
EXIT_BAD_INPUT = 2  # bad options, files, deals or actions (click's usage errors use 2 too)
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE  # 141: the reader of standard output closed it (| head)

_ASCII_ASKED = "altbaumer.ascii"  # in click's context meta, which the group and its command share


def _encodes_symbols(encoding: str) -> bool:
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def _ascii_asked() -> bool:
    ctx = click.get_current_context(silent=True)
    return ctx is not None and bool(ctx.meta.get(_ASCII_ASKED))


class _Console(Console):
    """A console that calls its encoding ASCII when --ascii asks for it or its
    stream cannot encode the symbols: rich then draws every table, panel and
    progress bar in ASCII, and :func:`plain` tells the commands."""

    @property
    def encoding(self) -> str:
        found = super().encoding
        return "ascii" if _ascii_asked() or not _encodes_symbols(found) else found

    def on_broken_pipe(self) -> None:
        """The reader has gone: the command ends as any does then (cli/app.py),
        instead of rich's own exit code 1."""
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


# No highlighting and no :emoji: codes: what the commands print quotes the user's files.
stdout = _Console(highlight=False, emoji=False)
stderr = _Console(stderr=True, highlight=False, emoji=False)


def plain() -> bool:
    """Whether stdout gets the ASCII notation: cards as QC and TH, * for the star, - for the dash."""
    return stdout.encoding == "ascii"


def sym(text: str) -> str:
    """The commands' own text in the notation of stdout. Never the user's,
    nor a message that may quote it: ASCII is the program's notation, and
    what a file or an argument says is shown as written."""
    return symbols(text, plain())


def _ask_ascii(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[_ASCII_ASKED] = True


ascii_option = click.option(
    "--ascii", is_flag=True, expose_value=False, callback=_ask_ascii,
    help="ASCII only: cards as QC and TH, plain tables and marks (automatic when the output cannot encode "
         "the suit symbols).")


LANG_HELP = "The language of the page: " + ", ".join(LANGUAGES) + " (default: en; the terminal stays English)."


def lang_option(command: Optional[Callable[..., Any]] = None, *, help: str = LANG_HELP,
                default: Optional[str] = DEFAULT_LANGUAGE) -> Any:
    """``--lang de|en|es|fr|pt`` (:data:`altbaumer.lang.LANGUAGES`), the language a command's page is written
    in, as ``lang``; another language is a usage error. Used bare (``@lang_option``) or with its ``help``
    and ``default`` (``@lang_option(default=None)``: no language asked for)."""
    option = click.option("--lang", "lang", type=click.Choice(LANGUAGES), default=default, metavar="LANG",
                          show_default=False, help=help)
    return option if command is None else option(command)


def safe_markup(text: object) -> str:
    """User text (file names, tags, player names, commentary, messages that
    quote a file) ready for a rich markup string: control characters shown
    by :func:`printable` and rich's markup escaped
    (:func:`altbaumer.game.display.escape_markup`)."""
    return escape_markup(text)


def print_error(message: str) -> None:
    """``altbaumer: error: message`` as one line on stderr."""
    click.echo(f"altbaumer: error: {printable(message)}", err=True)


def print_data(text: str) -> None:
    """Data (JSON, deal files) on stdout in UTF-8, the encoding of both
    formats, whatever the locale's: a locale's encoding could not write
    every tag and comment, and replacing characters would change the data.
    Written to the end: a write the system cuts short (the reader has gone)
    is carried on, so that the closed pipe shows as BrokenPipeError."""
    data = text.encode("utf-8")
    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:  # a text stream without bytes under it
        click.echo(data, nl=False)
        return
    sys.stdout.flush()  # what was printed before comes first
    rest = memoryview(data)
    while rest:
        rest = rest[binary.write(rest):]
    binary.flush()


def print_json(data: Any) -> None:
    """Plain JSON on stdout: no colour, so it pipes cleanly."""
    print_data(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def forgiving_streams() -> None:
    """Let stdout and stderr write ``?`` for what their encoding cannot hold,
    the last resort after the ASCII notation (a tag in another script on a
    Latin-1 terminal), instead of failing with a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")


class BadInput(click.ClickException):
    """One clear line on stderr and exit code 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:
        print_error(self.format_message())


SOLVER_THREADS_HELP = "Solver threads (default: all cores)."


def threads_option(help: str = SOLVER_THREADS_HELP) -> Callable[[Any], Any]:
    """--threads/-j, the solver's threads, for every command that solves:
    at least 1, None (not given) for all cores."""
    return click.option("--threads", "-j", "threads", type=click.IntRange(min=1), default=None, metavar="N",
                        help=help)


SEED = click.IntRange(0, SEED_MAX)
"""Every --seed: Python's random seeds with a negative number's absolute value
(-7 would deal what 7 deals), numpy's generators refuse negative seeds, and 64
bits are more seeds than any run needs."""

def world_options(command: Any) -> Any:
    """The options of commands that rate decisions over worlds of hidden cards:
    --samples, --exact-limit, --seed and --threads. The worlds must fit in
    memory: the library refuses more, with the figure that fits."""
    fits, four = worlds_that_fit(max(WORLD_BYTES.values())), worlds_that_fit(FOUR_CARD_DISCARD_BYTES)
    for option in reversed([
        click.option("--samples", type=click.IntRange(min=2), default=DEFAULT_SAMPLES, show_default=True,
                     help=f"Worlds drawn uniformly when there are more than --exact-limit; at most what fits in "
                          f"{BUDGET_WORDS}: about {fits:,} here, {four:,} for a four-card discard."),
        click.option("--exact-limit", type=click.IntRange(min=0), default=DEFAULT_EXACT_LIMIT, show_default=True,
                     help=f"Enumerate every world when there are at most this many (and they fit in "
                          f"{BUDGET_WORDS})."),
        click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the world sampling."),
        threads_option("Threads of the solver and of the playouts: 1 keeps the work on the command's own thread "
                       "(default: all cores)."),
    ]):
        command = option(command)
    return command


class Parsed(click.ParamType):  # type: ignore[type-arg]  # generic only in click 8.2+
    """An option or argument read by one of the library's parsers: its
    AltbaumerError becomes click's one-line usage error (exit 2). A value
    already of ``kind`` (a default given as the object) passes as it is."""

    def __init__(self, name: str, parse: Callable[[str], Any], kind: Optional[type] = None) -> None:
        self.name = name
        self.parse = parse
        self.kind = kind

    def convert(self, value: object, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if self.kind is not None and isinstance(value, self.kind):
            return value
        try:
            return self.parse(str(value))
        except AltbaumerError as error:
            self.fail(str(error), param, ctx)
