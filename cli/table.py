"""``altbaumer table``: the perfect-information table of trump making."""

from __future__ import annotations

from typing import Any, Optional

import click
from rich.table import Table
from rich.text import Text

from altbaumer.game.cards import CardSet
from altbaumer.report.render import cards_text, deal_diagram
from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord, IncompleteBoard
from altbaumer.dd.solver import Solver
from altbaumer.hidden.table import DecisionTable, TableRow, perfect_information_table

from .score import load_scored, score_option
from .interrupt import finish_boards, on_interrupt
from .output import BadInput, ascii_option, plain, plural, safe_markup, stdout, sym, threads_option

_LONE_HEADINGS = ("together", "forehand alone", "partner alone")


@click.command("table")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--board", "board_number", default=None, metavar="N",
              help="Only this board (its [Board] tag, else its place in the file).")
@score_option
@ascii_option
@threads_option()
@click.option("--json", "as_json", is_flag=True, help="Print the tables as JSON.")
def table_command(file: str, board_number: Optional[str], score: Optional[str], threads: Optional[int],
                  as_json: bool) -> None:
    """The perfect-information table of each board before trump making.

    For accept and refuse (trump then follows from the stock order), every
    discard forehand may make and each lone choice (together, forehand alone,
    partner alone): the makers' tricks and deal points under double-dummy
    play, and the makers' chance to win the match once the deal ends so,
    from the score before it (its Score tag, the earlier boards of its match,
    or --score; else the first deal of a match). ★ marks what a clairvoyant
    forehand would choose: the best chance to win the match (a lone march
    takes the round), then most points, then most tricks; ties go to
    accepting, playing together and the lower discard. The line the board
    records, if any, is marked ◆. (In ASCII: * and #.)

    Needs every hand and the whole stock.
    """
    records, scores = load_scored(file, board_number, score)
    try:
        deals = [record.deal(as_dealt=True) for record in records]
    except IncompleteBoard as error:
        raise BadInput(f"{file}: {error}; the table needs every hand and stock card") from None
    results: list[dict[str, Any]] = []

    def finish(complete: bool) -> None:
        finish_boards(file, results, as_json, complete, len(results), len(records), "tabled")

    with on_interrupt(lambda: finish(False)), Solver(threads=threads) as solver:  # one solver for every board
        for record, deal, known in zip(records, deals, scores):
            table = perfect_information_table(deal, solver, known.state)
            recorded = _recorded(record, table)
            results.append({"board": record.board.number, "line": record.board.line("Dealer"), **table.to_dict(),
                            "recorded_index": None if recorded is None else table.rows.index(recorded)})
            if not as_json:
                _show(file, record, deal, table, recorded, plain(), known)
    finish(True)


def _recorded(record: GameRecord, table: DecisionTable) -> Optional[TableRow]:
    """The row of the line the board records (turn, discard and lone play)."""
    board, state = record.board, record.state
    if board.accepted is None or state.discards is None or not board.alone_recorded and board.play_leader is None:
        return None
    turn = "accept" if board.accepted else "refuse"
    for row in table.rows:
        if row.turn == turn and row.discard == state.discards and row.lone == state.lone:
            return row
    return None


def _show(file: str, record: GameRecord, deal: Any, table: DecisionTable, recorded: Optional[TableRow],
          ascii_: bool, known: BoardScore) -> None:
    label = safe_markup(record.board.label())
    stdout.print(f"[bold]{safe_markup(file)}[/bold] {label} [dim](line {record.board.line('Dealer')}): "
                 "every line of trump making, double dummy[/dim]")
    stdout.print(deal_diagram(deal, ascii=ascii_))
    assert table.state is not None  # the table always rates from a score
    said = known.describe() if known.state is not None else f"{table.state.describe()} (not known: the first deal of a match)"
    stdout.print(safe_markup(sym(f"score before the deal: {said}; each cell: the makers' tricks (deal points) and "
                                 "their chance to win the match after it")))
    for turn in ("accept", "refuse"):
        stdout.print(_turn_table(table, turn, recorded, ascii_))
    best = table.best
    stdout.print(Text.assemble("Clairvoyant forehand (", str(table.forehand), "): ", _line_text(best, ascii_),
                 sym(" → makers "), Text(_outcome(best), style="bold")))
    if recorded is not None:
        stdout.print(Text.assemble("Recorded: ", _line_text(recorded, ascii_), sym(" → makers "), _outcome(recorded)))


def _outcome(row: TableRow) -> str:
    return f"{plural(row.makers_tricks, 'trick')}, {row.makers_points:+d}, {100 * row.equity:.1f}% to win the match"


def _line_text(row: TableRow, ascii_: bool) -> Text:
    lone = "play together" if row.lone is None else f"{row.lone} alone"
    return Text.assemble(f"{row.turn} (trump {row.trump.name.lower()}, takes ", cards_text(row.taken, ascii_),
                         "), discard ", cards_text(row.discard, ascii_), f", {lone}")


def _turn_table(table: DecisionTable, turn: str, recorded: Optional[TableRow], ascii_: bool) -> Table:
    rows = [r for r in table.rows if r.turn == turn]
    first = rows[0]
    exposed = Text.assemble(", face up ", cards_text(first.exposed, ascii_)) if first.exposed else Text("")
    title = Text.assemble(f"{turn.capitalize()}: {first.trump.name.lower()} trump, forehand takes ",
                          cards_text(first.taken, ascii_), exposed,
                          " (compulsory: discard four)" if first.compulsory else "")
    grid = Table(title=title, title_justify="left")
    grid.add_column("discard")
    for heading in _LONE_HEADINGS:
        grid.add_column(heading, justify="right")
    by_discard: dict[CardSet, list[TableRow]] = {}
    for row in rows:
        by_discard.setdefault(row.discard, []).append(row)
    for discard, cells in by_discard.items():
        grid.add_row(cards_text(discard, ascii_), *(_cell(r, table.best, recorded) for r in cells))
    return grid


def _cell(row: TableRow, best: TableRow, recorded: Optional[TableRow]) -> Text:
    text = Text(f"{row.makers_tricks} ({row.makers_points:+d}) {100 * row.equity:.0f}%",
                style="bold green" if row == best else "")
    if row == best:
        text.append(sym(" ★"))
    if row == recorded:
        text.append(sym(" ◆"), style="cyan")
    return text
