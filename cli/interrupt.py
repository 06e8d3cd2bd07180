"""Ctrl-C in a command: it shows what it has done, labelled partial, and ends
with exit code 130, wherever the interrupt lands.

The group in app.py turns every KeyboardInterrupt into ``altbaumer:
interrupted`` on stderr and exit code 130. A command wraps its work in
:func:`on_interrupt`, whose ``show`` prints what is done so far; a library
call asked for a partial result returns it instead of raising, and the
command ends with :func:`stop` once it has shown that result.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, NoReturn

from altbaumer.report.board_solve import boards_document

from .output import plural, print_json, stdout

__all__ = ["on_interrupt", "stop", "partial_label", "finish_boards"]


@contextmanager
def on_interrupt(show: Callable[[], None]) -> Iterator[None]:
    """Run the block; on Ctrl-C, ``show()`` what was done so far and let the
    interrupt end the command (exit 130)."""
    try:
        yield
    except KeyboardInterrupt:
        show()
        raise


def stop() -> NoReturn:
    """End the command as interrupted: a library call returned its partial
    result on Ctrl-C, and the command has shown it."""
    raise KeyboardInterrupt


def partial_label(what: str) -> None:
    """The line that marks a command's terminal output as partial."""
    stdout.print(f"[bold yellow]interrupted: partial result, {what}[/bold yellow]")


def finish_boards(name: str, boards: list[dict[str, Any]], as_json: bool, complete: bool, done: int, total: int,
                  verb: str, **extra: Any) -> None:
    """The end of a command that works board by board: its JSON, ``complete``
    saying whether every board was done, or on the terminal (which showed
    each board as it was done) the partial label: ``done`` of ``total``
    boards ``verb`` (solved, rated in full)."""
    if as_json:
        print_json(boards_document(name, boards, complete, **extra))
    elif not complete:
        partial_label(f"{done} of {plural(total, 'board')} {verb}")
