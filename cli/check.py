"""``altbaumer check`` and ``altbaumer convert``: validate deal files and
convert them between ABN and JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Union

import click

from altbaumer.abn import Board, boards_to_json, write_boards
from altbaumer.abn.match_states import BoardScore, scores_or_errors
from altbaumer.errors import AbnError
from altbaumer.game.actions import Phase
from altbaumer.abn.record import GameRecord, replay

from .files import STDIO, check_output, load, load_source, save, source_name
from .output import BadInput, EXIT_BAD_INPUT, ascii_option, plural, print_json, safe_markup, stdout

__all__ = ["check_command", "convert_command", "summary"]

FORMATS = ("abn", "json")


def summary(record: GameRecord) -> str:
    """One line on how far a board goes: trump, lone player, tricks."""
    board, state = record.board, record.state
    parts = [f"dealer {board.dealer}"]
    if state.phase is Phase.TRUMP:
        turned = board.stock[0].ascii() if board.stock and board.stock[0] else "unknown"
        return ", ".join(parts + [f"{board.forehand} to accept or refuse {turned}"])
    how = "accepted" if board.accepted else ("compulsory" if state.compulsory else "after refusal")
    parts.append(f"{state.trump.name.lower()} trump ({how})")  # type: ignore[union-attr]
    if state.phase is Phase.DISCARD:
        return ", ".join(parts + [f"{board.forehand} to discard"])
    if state.lone is not None:
        parts.append(f"{state.lone} alone")
    if state.phase is Phase.LONE:
        return ", ".join(parts + ["lone play undecided"])
    played = len(board.played)
    if state.phase is Phase.DONE:
        parts.append(f"all 5 tricks, makers {state.makers} took {state.makers_tricks}")
    elif played:
        parts.append(f"{plural(played, 'card')} played, {state.to_act} to play")
    else:
        parts.append(f"{state.to_act} to lead")
    if not all(h is not None for s, h in state.dealt.items() if s is not state.absent):
        parts.append("some hands unknown")
    return ", ".join(parts)


def _check_file(path: str) -> list[dict[str, Any]]:
    errors: list[AbnError] = []
    file = source_name(path)
    try:
        boards = load_source(path, errors)
    except AbnError as error:
        return [{"file": file, "line": error.line, "board": None, "ok": False, "message": error.problem}]
    replayed = [_replay(board) for board in boards]
    # A board that does not replay has no result, so the scores of its match stop there.
    scores = scores_or_errors([b if isinstance(r, AbnError) else r for b, r in zip(boards, replayed)])
    results: list[dict[str, Any]] = []
    for index, (board, record, score) in enumerate(zip(boards, replayed, scores), 1):
        name = board.number or str(index)
        problem = record if isinstance(record, AbnError) else score if isinstance(score, AbnError) else None
        if problem is not None:
            results.append({"file": file, "line": problem.line, "board": name, "ok": False, "message": problem.problem})
        else:
            assert isinstance(record, GameRecord) and isinstance(score, BoardScore)
            known = f"; score before: {score.state} ({score.source})" if score.state is not None else ""
            results.append({"file": file, "line": board.line("Dealer"), "board": name, "ok": True,
                            "message": summary(record) + known, "score": score.to_dict()})
    results += [{"file": file, "line": e.line, "board": None, "ok": False, "message": e.problem} for e in errors]
    if not results:
        results.append({"file": file, "line": None, "board": None, "ok": False, "message": "no boards in the file"})
    return sorted(results, key=lambda r: r["line"] or 0)


def _replay(board: Board) -> Union[GameRecord, AbnError]:
    try:
        return replay(board)
    except AbnError as error:
        return error


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def check_command(files: tuple[str, ...], as_json: bool) -> None:
    """Check deal files (ABN or its JSON form) against the rules.

    Prints one line per board: FILE:LINE, the board, and either what it
    records (with the score before its deal, when its Score tag or the
    earlier boards of its match give it) or the first problem found. Exit
    code 0 when every board is valid, 2 otherwise.
    """
    results = [r for path in files for r in _check_file(path)]
    if as_json:
        print_json({"ok": all(r["ok"] for r in results), "boards": results})
    else:
        for r in results:
            where = f"{r['file']}:{r['line']}" if r["line"] else r["file"]
            board = f"board {r['board']}: " if r["board"] else ""
            mark = "[green]ok[/green]" if r["ok"] else "[bold red]error[/bold red]"
            stdout.print(f"{safe_markup(where)}: {mark} {safe_markup(board + r['message'])}", soft_wrap=True)
    if not all(r["ok"] for r in results):
        raise SystemExit(EXIT_BAD_INPUT)


@click.command("convert")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "target", type=click.Choice(FORMATS), default=None,
              help="Output format (default: from the extension of --output, .abn or .json).")
@click.option("-o", "--output", type=click.Path(allow_dash=True), default=STDIO,
              help="Write here instead of to standard output (a file is replaced atomically).")
def convert_command(file: str, target: Optional[str], output: str) -> None:
    """Convert a deal file between ABN and JSON (either way; the input format
    is recognised). The output format is --to, else the extension of
    --output (.abn or .json; none: ABN). Every board is checked first;
    commentary, marks and unknown tags are kept."""
    destination = check_output(output, FORMATS, named=target or _format_of_output(output), format_option="--to",
                               inputs=(file,))
    boards = load(file)
    try:
        for board in boards:
            replay(board)
    except AbnError as error:
        raise BadInput(str(error)) from None
    save(destination, boards_to_json(boards) if destination.fmt == "json" else write_boards(boards))


def _format_of_output(output: str) -> str:
    """The format convert writes to ``output`` without --to: its extension's
    (no extension: ABN, as every command's outputs); standard output, or an
    extension of neither format, is a usage error asking for --to."""
    if output == STDIO:
        raise click.UsageError("give --to abn|json to write to standard output", click.get_current_context())
    extension = Path(output).suffix.lower()
    if not extension:
        return FORMATS[0]
    if extension[1:] not in FORMATS:
        raise click.UsageError(f"-o {output}: the extension '{extension}' names no format: give --to abn|json",
                               click.get_current_context())
    return extension[1:]
