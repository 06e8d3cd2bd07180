"""``altbaumer annotate``: every card and decision of recorded games rated."""

from __future__ import annotations

import json
import time
from functools import partial
from typing import Any, Callable, Optional

import click
from rich.table import Table
from rich.text import Text

from altbaumer.abn import write_boards
from altbaumer.game.match_state import MatchState
from altbaumer.play.cluster import Scheduler
from altbaumer.report.annotate import BoardNotes, annotate_board, annotate_range, board_work, report
from altbaumer.report.render import card_text, cards_text, option_text
from altbaumer.report.words import player_words
from altbaumer.dd.solver import Solver
from altbaumer.hidden.rating import Rating

from .boards import board_processes, board_scores_of, board_threads, each_board, in_file_order, read_files
from .cluster import boards_digest, cluster_options, processes_option, resume_log
from .files import Output, check_output, save
from .interrupt import on_interrupt, partial_label
from .valuation import realistic_settings, valuation_options
from .output import (world_options, EXIT_BAD_INPUT, BadInput, ascii_option, lang_option, plain, plural, print_error,
                     print_json, safe_markup, stdout, sym)

FORMATS = ("abn", "json", "html")


@click.command("annotate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(allow_dash=True), default=None,
              help="Write the annotated boards of all FILES here (a file is replaced atomically; - for "
                   "standard output).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="Format of --output: abn, json or html (default: from its extension, else abn).")
@click.option("--decisions/--no-decisions", default=True, show_default=True,
              help="Rate accept/refuse, the discard and lone play from the decider's knowledge.")
@click.option("--single-dummy", is_flag=True,
              help="Also rate every card from the player's own knowledge (slower).")
@valuation_options("the decisions, and with --single-dummy each card's rating from its player's knowledge; "
                   "each card's own value stays double dummy")
@world_options
@ascii_option
@lang_option(help="The language of the HTML report: de, en, es, fr or pt (default: en; the terminal and the ABN "
                  "and JSON files stay English).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole annotation as JSON instead of the report.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@processes_option
@cluster_options
def annotate_command(files: tuple[str, ...], output: Optional[str], fmt: Optional[str], decisions: bool,
                     single_dummy: bool, objective: str, score: Optional[str], play: str, playouts: Optional[int],
                     effort: int, tricks: bool,
                     samples: int, exact_limit: int, seed: int, threads: Optional[int], lang: str, as_json: bool,
                     no_progress: bool, processes: Optional[int], scheduler: Optional[Scheduler],
                     resume: Optional[str]) -> None:
    """Annotate recorded games: every card double dummy, every decision from
    the decider's knowledge, by the chance to win the match.

    The score before each deal comes from its Score tag or from replaying the
    earlier boards of its match. A card or decision is marked ?! (inaccuracy),
    ? (mistake) or ?? (blunder) when it gives up more than 2%, 4% or 8% of the
    chance to win the match (beyond the noise, for a decision), with
    commentary such as {dd 3>2 best AH TH} or
    {rate match -0.061±0.003 best refuse}. The report sums each player's
    losses and errors by class; the HTML report draws the match-winning
    chance deal by deal. Annotating an annotated file replaces the old
    annotations. Boards that break the rules are reported (file, line, rule)
    and the others are still annotated (when none is, no file is written); the
    exit code is then 2. The boards are annotated in worker processes, one
    board at a time in each, the heaviest first (--processes, default all
    cores; --threads instead annotates them one after another in this process
    on that many threads), or with --scheduler on a Dask cluster; with
    --resume the boards done are kept in a file. The annotation is the same
    wherever it runs.
    """
    target = None if output is None else check_output(output, FORMATS, named=fmt, format_option="--format",
                                                       inputs=files, stdout_taken="--json" if as_json else None)
    boards, errors = read_files(files)
    workers = board_processes(processes, threads, scheduler, len(boards))
    started = time.perf_counter()
    notes: list[BoardNotes] = []

    def finish(complete: bool) -> None:
        """The report; on Ctrl-C (not ``complete``) of the boards done before it, and no file written."""
        seconds = time.perf_counter() - started
        in_order = in_file_order(errors, files)
        def document() -> dict[str, Any]:
            return report(notes, [str(e) for e in in_order])

        data = document()
        # When every board broke the rules there is nothing to write: an empty report would hide the errors,
        # and an existing file would be lost to it.
        written = target is not None and complete and bool(notes)
        if target is not None and written:
            _write(target, notes, document, lang)
        if as_json:
            print_json({**data, "seconds": round(seconds, 3), "complete": complete})
        elif target is None or not target.to_stdout:  # with -o -, the file is all that goes to stdout
            _show(notes, data, seconds, output if written else None)
            if not complete:
                partial_label(f"{len(notes)} of {plural(len(boards), 'board')} annotated"
                              + ("; nothing written" if target is not None else ""))
            elif target is not None and not written:
                stdout.print(f"no board annotated: nothing written to {safe_markup(output)}")
        for error in in_order:
            print_error(str(error))  # one line each, never wrapped

    options = dict(decisions=decisions, single_dummy=single_dummy, samples=samples, exact_limit=exact_limit,
                   seed=seed, objective=objective, play=play, tricks=tricks, **realistic_settings(play, playouts, effort))
    if threads is not None and scheduler is not None:
        raise BadInput("--threads and --scheduler exclude each other: each worker annotates on one thread")
    log = resume_log(resume, "annotate", boards=boards_digest(boards), score=score, **options)
    scores = board_scores_of(boards, score)

    def one(index: int, solver: Solver) -> BoardNotes:
        return annotate_board(boards[index], solver=solver, score=scores[index], **options)

    with on_interrupt(lambda: finish(complete=False)):
        each_board(one, partial(annotate_range, boards, scores, options), len(boards),
                   threads=board_threads(processes, threads),
                   scheduler=scheduler, log=log, show=not as_json and not no_progress, verb="annotating",
                   results=notes, errors=errors, processes=workers,
                   work=lambda index: board_work(boards[index], decisions=decisions))
    finish(complete=True)
    if errors:
        raise SystemExit(EXIT_BAD_INPUT)


def _write(target: Output, notes: list[BoardNotes], document: Callable[[], dict[str, Any]], lang: str = "en") -> None:
    """The file of ``target``; ``document`` makes the report's data in the language active when it is called
    (the HTML page's words, the score's description among them, in ``lang``; JSON in English)."""
    if target.fmt == "abn":
        text = write_boards([n.board for n in notes])
    elif target.fmt == "json":
        text = json.dumps(document(), indent=2, ensure_ascii=False) + "\n"
    else:
        from altbaumer.lang import speaking
        from altbaumer.report.html import render_html  # the HTML report is only needed here

        with speaking(lang):
            text = render_html(document())
    save(target, text)


def _show(notes: list[BoardNotes], data: dict[str, Any], seconds: float, output: Optional[str]) -> None:
    total, unit = data["total"], _unit(data["objective"])
    by = "decisions and cards from the players' knowledge" if any(
        c.single_dummy for n in notes for c in n.cards) else "decisions"
    stdout.print(f"[bold]{plural(total['boards'], 'board')}[/bold] annotated in {seconds:.2f} s: "
                 f"{plural(total['cards'], 'card')} ({plural(total['dd_errors'], 'double-dummy error')}, "
                 f"{plural(total['tricks_lost'], 'trick')} lost) and {plural(total['decisions'], 'decision')}; "
                 f"{_classes(total)}; {_lost(total['lost'], data['objective'])} of the {unit} lost by {by}")
    stdout.print(_boards_table(notes, data["objective"]))
    mistakes = _mistakes_table(notes, data["objective"])
    if mistakes.row_count:
        stdout.print(mistakes)
    for line in _player_lines(data["players"], data["objective"]):
        stdout.print(line)
    stdout.print(_players_table(data["players"], data["objective"]))
    if output is not None:
        stdout.print(f"wrote {safe_markup(output)}")


def _unit(objective: str) -> str:
    return {"match": "match-winning chance", "net": "net points", "make": "P(make)", "march": "P(march)"}[objective]


def _lost(value: float, objective: str) -> str:
    return f"{value:.2f}" if objective == "net" else f"{100 * value:.1f}%"


def _classes(row: dict[str, Any]) -> str:
    return ", ".join(f"{plural(row[key], word, many)} ({mark})" for key, word, many, mark in
                     (("inaccuracies", "inaccuracy", "inaccuracies", "?!"), ("mistakes", "mistake", None, "?"),
                      ("blunders", "blunder", None, "??")))


# Every column folds what does not fit: a board or player name is never cut off with an ellipsis.


def _boards_table(notes: list[BoardNotes], objective: str) -> Table:
    match = objective == "match"
    table = Table(title="Boards", title_justify="left", caption_justify="left", caption=(
        "score: the points (rounds) before the deal, N-S first; N-S P(match): N-S's chance to win the match "
        "then; dd: the makers' double-dummy tricks at the first lead" if match else None))
    headings = ("board", *(("score", "N-S P(match)") if match else ()), "dd", "result", "cards", "?!", "?", "??",
                "lost")
    for heading in headings:
        table.add_column(heading, justify="left" if heading in ("board", "score") else "right", overflow="fold",
                         no_wrap=heading == "score")
    for n in notes:
        s = n.summary()
        score: tuple[str, ...] = ()
        if match:
            state = n.score.state if n.score is not None else None
            chance = sym("—") if n.equity is None else f"{100 * n.equity[0]:.1f}%"
            score = (_short(state), chance)
        table.add_row(safe_markup(n.board.number or n.board.source), *score, _or_dash(n.start), _or_dash(n.result),
                      str(s["cards"]), str(s["inaccuracies"]), str(s["mistakes"]), str(s["blunders"]),
                      _lost(s["lost"], objective))
    return table


def _short(state: Optional[MatchState]) -> str:
    """A score in a narrow column: ``3:-1 (1:0)``, ``decider``, ``not known``."""
    if state is None:
        return "not known"
    if state.decider:
        return "decider"
    return f"{state.points[0]}:{state.points[1]} ({state.rounds[0]}:{state.rounds[1]})"


def _or_dash(value: Optional[int]) -> str:
    return sym("—") if value is None else str(value)


def _mistakes_table(notes: list[BoardNotes], objective: str) -> Table:
    """Every marked card and decision."""
    table = Table(title="Mistakes", title_justify="left")
    for heading in ("board", "where", "seat", "play", "mark", "double dummy", "from the seat's knowledge"):
        table.add_column(heading, overflow="fold")
    ascii_ = plain()
    for n in notes:
        name = safe_markup(n.board.number or n.board.source)
        for d in (d for d in n.decisions if d.error):
            table.add_row(name, d.decision, str(d.seat), option_text(d.chosen, ascii_), d.mark, "",
                          _loss(d.rating, d.chosen, ascii_))
        for c in (c for c in n.cards if c.mark or c.sd_error):
            sd = Text("") if c.single_dummy is None else _loss(c.single_dummy, c.card.ascii(), ascii_)
            dd = Text.assemble(f"{c.before}>{c.after} ({_lost(-c.loss, objective)}), best ",
                               cards_text(c.best, ascii_)) if c.mark else Text("")
            table.add_row(name, f"trick {c.trick}", str(c.seat), card_text(c.card, ascii_), c.mark or c.sd_mark,
                          dd, sd)
        for reason in n.skipped:
            table.add_row(name, "skipped", "", "", "", safe_markup(reason), "")
    return table


def _loss(rating: Rating, chosen: str, ascii_: bool) -> Text:
    """What the chosen option lost from the seat's knowledge, and the best option."""
    figures = rating.for_decider(chosen)  # below zero for a loss, a defender's as a maker's
    if rating.objective == "net":
        amount = f"net {figures.delta:+.2f} ± {figures.delta_ci95:.2f}"
    else:
        amount = f"{100 * figures.delta:+.1f}% ± {100 * figures.delta_ci95:.1f}% {_unit(rating.objective)}"
    return Text.assemble(sym(f"{amount}, best "), option_text(rating.best.option, ascii_))


def _players_table(players: dict[str, dict[str, Any]], objective: str) -> Table:
    table = Table(title="Players", title_justify="left",
                  caption=f"lost: {_unit(objective)}; accuracy: the share of the rated cards and decisions "
                          "not marked ?!, ? or ??", caption_justify="left")
    for heading in ("player", "cards", "decisions", "?!", "?", "??", "tricks lost", "lost", "accuracy"):
        table.add_column(heading, justify="left" if heading == "player" else "right", overflow="fold")
    for name, row in players.items():
        accuracy = row.get("accuracy")
        table.add_row(safe_markup(name), str(row["cards"]), str(row["decisions"]), str(row["inaccuracies"]),
                      str(row["mistakes"]), str(row["blunders"]), str(row["tricks_lost"]), _lost(row["lost"], objective),
                      "—" if accuracy is None else f"{accuracy:.1f}%")
    return table


def _player_lines(players: dict[str, dict[str, Any]], objective: str) -> list[str]:
    """A sentence per player with something rated (the page says the same)."""
    return [safe_markup(line) for line in (player_words(name, row, objective) for name, row in players.items()) if line]
