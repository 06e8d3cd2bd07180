"""``altbaumer annotate``: every card and decision of recorded games rated."""

from __future__ import annotations

import json
import time
from typing import Any, Optional

import click
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from altbaumer.abn import Board, atomic_write, load_boards, write_boards
from altbaumer.errors import AbnError
from altbaumer.report.annotate import BoardNotes, annotate_board, report
from altbaumer.dd.solver import Solver

from .output import world_options, EXIT_BAD_INPUT, BadInput, print_json, stderr, stdout

FORMATS = ("abn", "json", "html")


@click.command("annotate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the annotated boards of all FILES here (atomically).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="Format of --output: abn, json or html (default: from its extension, else abn).")
@click.option("--decisions/--no-decisions", default=True, show_default=True,
              help="Rate accept/refuse, the discard and lone play from the decider's knowledge.")
@click.option("--single-dummy", is_flag=True,
              help="Also rate every card from the player's own knowledge (slower).")
@world_options
@click.option("--json", "as_json", is_flag=True, help="Print the whole annotation as JSON instead of the report.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def annotate_command(files: tuple[str, ...], output: Optional[str], fmt: Optional[str], decisions: bool,
                     single_dummy: bool, samples: int, exact_limit: int, seed: int, threads: Optional[int], as_json: bool,
                     no_progress: bool) -> None:
    """Annotate recorded games: every card double dummy, every decision from
    the decider's knowledge.

    A card that costs its side a trick is marked ? and one that changes the
    deal's score ?? with commentary such as {dd 3>2 best AH TH}; a decision
    that loses expected net points beyond its 95% interval gets
    {rate net -0.21±0.04 best refuse}. Annotating an annotated file replaces
    the old annotations. Boards that break the rules are reported (file,
    line, rule) and the others are still annotated; the exit code is then 2.
    """
    fmt = fmt or _format_of(output)
    boards, errors = _read(files)
    started = time.perf_counter()
    notes = _annotate(boards, errors, decisions=decisions, single_dummy=single_dummy, samples=samples,
                      exact_limit=exact_limit, seed=seed, threads=threads,
                      show=not as_json and not no_progress)
    seconds = time.perf_counter() - started
    data = report(notes, errors)
    if output is not None:
        _write(output, fmt, notes, data)
    if as_json:
        print_json({**data, "seconds": round(seconds, 3)})
    else:
        _show(notes, data, seconds, output)
    for error in errors:
        click.echo(f"altbaumer: error: {error}", err=True)  # one line each, never wrapped
    if errors:
        raise SystemExit(EXIT_BAD_INPUT)


def _format_of(output: Optional[str]) -> str:
    if output is not None:
        for fmt in ("json", "html"):
            if output.endswith(f".{fmt}"):
                return fmt
    return "abn"


def _read(files: tuple[str, ...]) -> tuple[list[Board], list[str]]:
    boards: list[Board] = []
    errors: list[str] = []
    for path in files:
        found: list[AbnError] = []
        try:
            boards += load_boards(path, found)
        except AbnError as error:
            errors.append(str(error))
        errors += [str(e) for e in found]
    if not boards and errors:
        raise BadInput(errors[0] + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    return boards, errors


def _annotate(boards: list[Board], errors: list[str], show: bool, threads: Optional[int],
              **options: Any) -> list[BoardNotes]:
    with Solver(threads=threads) as solver:  # one set of tables and threads for every board
        notes = []
        with Progress(TextColumn("annotating"), BarColumn(), MofNCompleteColumn(), TextColumn("boards"),
                      TimeRemainingColumn(), console=stderr, disable=not (show and stderr.is_terminal),
                      transient=True) as bar:
            task = bar.add_task("boards", total=len(boards))
            for board in boards:
                try:
                    notes.append(annotate_board(board, solver=solver, **options))
                except AbnError as error:
                    errors.append(str(error))
                bar.advance(task)
        return notes


def _write(output: str, fmt: str, notes: list[BoardNotes], data: dict[str, Any]) -> None:
    if fmt == "abn":
        text = write_boards([n.board for n in notes])
    elif fmt == "json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        from altbaumer.report.html import render_html  # the HTML report is only needed here

        text = render_html(data)
    try:
        atomic_write(output, text)
    except OSError as error:
        raise BadInput(f"{output}: cannot write: {error.strerror or error}") from None


def _show(notes: list[BoardNotes], data: dict[str, Any], seconds: float, output: Optional[str]) -> None:
    total = data["total"]
    stdout.print(f"[bold]{total['boards']}[/bold] boards annotated in {seconds:.2f} s: {total['cards']} cards, "
                 f"{total['dd_errors']} double-dummy errors ({total['dd_blunders']} changing the score, "
                 f"{total['tricks_lost']} tricks lost), {total['decision_errors']} decision errors, "
                 f"{total['points_lost']:.2f} expected points lost")
    stdout.print(_boards_table(notes))
    mistakes = _mistakes_table(notes)
    if mistakes.row_count:
        stdout.print(mistakes)
    stdout.print(_players_table(data["players"]))
    if output is not None:
        stdout.print(f"wrote {escape(output)}")


def _boards_table(notes: list[BoardNotes]) -> Table:
    table = Table(title="Boards", title_justify="left")
    for heading in ("board", "dd start", "result", "cards", "dd errors", "tricks lost", "decision errors",
                    "points lost"):
        table.add_column(heading, justify="left" if heading == "board" else "right")
    for n in notes:
        s = n.summary()
        table.add_row(escape(n.board.number or n.board.source), _or_dash(n.start), _or_dash(n.result),
                      str(s["cards"]), str(s["dd_errors"]), str(s["tricks_lost"]), str(s["decision_errors"]),
                      f"{s['points_lost']:.2f}")
    return table


def _or_dash(value: Optional[int]) -> str:
    return "—" if value is None else str(value)


def _mistakes_table(notes: list[BoardNotes]) -> Table:
    """Every marked card and every decision that lost beyond its interval."""
    table = Table(title="Mistakes", title_justify="left")
    for heading in ("board", "where", "seat", "play", "mark", "double dummy", "from the seat's knowledge"):
        table.add_column(heading)
    for n in notes:
        name = escape(n.board.number or n.board.source)
        for d in (d for d in n.decisions if d.error):
            option = d.rating.option(d.chosen)
            table.add_row(name, d.decision, str(d.seat), d.chosen, "?", "",
                          f"net {option.delta:+.2f} ± {option.delta_ci95:.2f}, best {d.rating.best.option}")
        for c in (c for c in n.cards if c.mark or c.sd_error):
            sd = ""
            if c.single_dummy is not None:
                option = c.single_dummy.option(c.card.ascii())
                sd = f"net {option.delta:+.2f} ± {option.delta_ci95:.2f}, best {c.single_dummy.best.option}"
            dd = f"{c.before}>{c.after}, best {' '.join(x.ascii() for x in c.best)}" if c.mark else ""
            table.add_row(name, f"trick {c.trick}", str(c.seat), c.card.ascii(), c.mark, dd, sd)
        for reason in n.skipped:
            table.add_row(name, "skipped", "", "", "", escape(reason), "")
    return table


def _players_table(players: dict[str, dict[str, Any]]) -> Table:
    table = Table(title="Players", title_justify="left")
    for heading in ("player", "cards", "dd errors", "tricks lost", "sd errors", "decision errors", "points lost"):
        table.add_column(heading, justify="left" if heading == "player" else "right")
    for name, row in players.items():
        table.add_row(escape(name), str(row["cards"]), str(row["dd_errors"]), str(row["tricks_lost"]),
                      str(row["sd_errors"]), str(row["decision_errors"]), f"{row['points_lost']:.2f}")
    return table
