"""``altbaumer review``: each player's error rate, marks by kind of decision,
luck and worst decisions over many recorded games."""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Optional, Sequence

import click
from rich import box
from rich.table import Table
from rich.text import Text

from altbaumer.abn import Board, boards_to_json, write_boards
from altbaumer.dd.solver import Solver
from altbaumer.game.cards import Card
from altbaumer.game.seats import Seat
from altbaumer.hidden.luck import LUCK_OBJECTIVES
from altbaumer.hidden.verdicts import MARKS
from altbaumer.play.cluster import Scheduler
from altbaumer.report.annotate import board_work
from altbaumer.report.drills import drill_boards
from altbaumer.report.render import cards_text, option_text
from altbaumer.report.review import (KIND_WORDS, KINDS, BoardReview, PlayerReview, player_names, player_reviews,
                                     per_choice, review_board, review_range, review_report, review_words, seats_of)

from .boards import board_processes, board_scores_of, board_threads, each_board, in_file_order, read_files
from .cluster import boards_digest, cluster_options, processes_option, resume_log
from .deal import SEAT_CHOICE
from .files import Output, check_output, save
from .interrupt import on_interrupt, partial_label
from .output import (EXIT_BAD_INPUT, BadInput, ascii_option, lang_option, plain, plural, print_error, print_json,
                     safe_markup, stdout, sym, world_options)
from .valuation import realistic_settings, valuation_options

WORST = 10
PLAYERS_LEGEND = ("per decision: what the decisions gave up beyond the noise, the error rate; ?! ? ??: the "
                  "inaccuracies, mistakes and blunders; accuracy: the share of decisions not marked; luck: what the "
                  "cards dealt to the side were worth a deal against an average deal, ± its 95% interval")


@click.command("review")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="Review only this player (a name in the boards' North, East, South or West tags); may be given "
                   "more than once. Only that player's decisions are rated, which is faster.")
@click.option("--seat", type=SEAT_CHOICE, default=None,
              help="Review the player at this seat in every board (for files without names), called by the seat.")
@click.option("--worst", type=click.IntRange(0, 1000), default=WORST, show_default=True,
              help="How many of each player's costliest decisions to list.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also write the review as a self-contained HTML page: the figures, charts of the error rate by "
                   "kind of decision and over time, and the board of every worst decision.")
@click.option("--drills", "drills_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also write each marked decision of the players reviewed as a position to solve again, as that "
                   "player saw it, the answer in its tags and comments (ABN, or JSON for .json); `altbaumer serve "
                   "FILE` asks them as a quiz.")
@lang_option(help="The language of the --html page: de, en, es, fr or pt (default: en; the terminal and the drills "
                  "stay English).")
@valuation_options("the decisions and the cards", objectives=LUCK_OBJECTIVES)
@world_options
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON instead of the report.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@processes_option
@cluster_options
def review_command(files: tuple[str, ...], players: tuple[str, ...], seat: Optional[str], worst: int,
                   html_path: Optional[str], drills_path: Optional[str], lang: str, objective: str, score: Optional[str],
                   play: str, playouts: Optional[int], effort: int, tricks: bool, samples: int, exact_limit: int,
                   seed: int, threads: Optional[int], as_json: bool, no_progress: bool, processes: Optional[int],
                   scheduler: Optional[Scheduler], resume: Optional[str]) -> None:
    """Review the players of recorded games: how much of the chance to win
    the match each gives away per decision, in which kind of decision, how
    lucky their cards were, and their worst decisions.

    Every decision (accept or refuse, the discard, lone play) and every card
    with a choice (the lead, following) is rated from its player's knowledge,
    as `altbaumer rate` rates it (realistic play by default). A player's error
    rate is what its decisions gave up against the best, beyond the noise of
    the ratings, per decision and per deal; its marks ?!, ? and ?? are counted
    by kind of decision (2%, 4% and 8% of the chance to win the match); its
    accuracy is the share of its decisions not marked. Luck is what the cards
    dealt to its side were worth with all cards open, against an average deal:
    it separates the cards from the play. Players are named by the boards'
    seat tags (North, East, South, West), else by their seat. Boards that
    break the rules are reported (file, line, rule) and the others reviewed;
    the exit code is then 2. The boards are reviewed in worker processes, one
    board at a time in each, the heaviest first (--processes, default all
    cores; --threads instead reviews them one after another in this process on
    that many threads), or with --scheduler on a Dask cluster; with --resume
    the boards done are kept in a file. The review is the same wherever it
    runs.
    """
    if players and seat is not None:
        raise BadInput("--player and --seat exclude each other: --seat names the player by its seat")
    if threads is not None and scheduler is not None:
        raise BadInput("--threads and --scheduler exclude each other: each worker reviews on one thread")
    html = None if html_path is None else check_output(html_path, ("html",), option="--html", inputs=files)
    drills = None if drills_path is None else check_output(drills_path, ("abn", "json"), option="--drills",
                                                          inputs=files)
    boards, errors = read_files(files)
    workers = board_processes(processes, threads, scheduler, len(boards))
    chosen_seat = None if seat is None else Seat.parse(seat)
    named = set(players) if players else None
    if named is not None:
        _check_players(boards, named)
    started = time.perf_counter()
    reviews: list[BoardReview] = []
    options = dict(samples=samples, exact_limit=exact_limit, seed=seed, objective=objective, play=play, tricks=tricks,
                   **realistic_settings(play, playouts, effort))

    def finish(complete: bool) -> None:
        """The review; on Ctrl-C (not ``complete``) of the boards done before it, and no file written."""
        in_order = in_file_order(errors, files)
        found = player_reviews(reviews, named, chosen_seat)
        data = review_report(reviews, found, objective, play, [str(e) for e in in_order], worst)
        if complete:
            _write(html, drills, data, reviews, found, lang)
        if as_json:
            print_json({**data, "seconds": round(time.perf_counter() - started, 3), "complete": complete})
        else:
            _show(data, reviews, time.perf_counter() - started)
            if not complete:
                partial_label(f"{len(reviews)} of {plural(len(boards), 'board')} reviewed"
                              + ("; nothing written" if html or drills else ""))
        for error in in_order:
            print_error(str(error))

    seats = [seats_of(board, named, chosen_seat) for board in boards]
    log = resume_log(resume, "review", boards=boards_digest(boards), score=score, players=sorted(named or ()),
                     seat=seat, **options)
    scores = board_scores_of(boards, score)

    def one(index: int, solver: Solver) -> BoardReview:
        return review_board(boards[index], score=scores[index], seats=seats[index], solver=solver, **options)

    with on_interrupt(lambda: finish(complete=False)):
        each_board(one, partial(review_range, boards, scores, seats, options), len(boards),
                   threads=board_threads(processes, threads),
                   scheduler=scheduler, log=log, show=not as_json and not no_progress, verb="reviewing",
                   results=reviews, errors=errors, processes=workers,
                   work=lambda index: board_work(boards[index], seats[index]))
    finish(complete=True)
    if errors:
        raise SystemExit(EXIT_BAD_INPUT)


def _check_players(boards: Sequence[Board], named: set[str]) -> None:
    """Every --player sits at some board, before any work."""
    seen = {name for board in boards for name in player_names(board).values()}
    missing = sorted(named - seen)
    if missing:
        shown = ", ".join(sorted(seen)[:12]) + (", …" if len(seen) > 12 else "")
        raise BadInput(f"--player {missing[0]}: no board names this player in its seat tags (the players: {shown})")


def _write(html: Optional[Output], drills: Optional[Output], data: dict[str, Any], reviews: list[BoardReview],
           found: list[PlayerReview], lang: str = "en") -> None:
    if html is not None:
        from altbaumer.lang import speaking
        from altbaumer.report.review_html import render_review  # the page is only needed here

        with speaking(lang):
            page = render_review(data, reviews)
        save(html, page)
    if drills is not None:
        boards = drill_boards(found, reviews)
        save(drills, boards_to_json(boards) if drills.fmt == "json" else write_boards(boards))


# -- the terminal -------------------------------------------------------------------------


def _show(data: dict[str, Any], reviews: list[BoardReview], seconds: float) -> None:
    objective, rows = data["objective"], data["players"]
    how = ("realistic play: every seat plays the worlds out from its own knowledge" if data["play"] == "realistic"
           else "double dummy after each decision")
    by = "the chance to win the match" if objective == "match" else "net points"
    stdout.print(f"[bold]{plural(data['boards'], 'board')}[/bold] reviewed in {seconds:.1f} s: every decision and "
                 f"card with a choice rated from its player's knowledge ({how}), by {by}")
    if not rows:
        return
    for row in rows:
        stdout.print(safe_markup(review_words(row, objective)))
    stdout.print(_players_table(rows, objective))
    stdout.print(sym(PLAYERS_LEGEND), style="dim")
    stdout.print(_kinds_table(rows, objective))
    for row in rows:
        if row["worst"]:
            stdout.print(_worst_table(row, objective))


def _players_table(rows: list[dict[str, Any]], objective: str) -> Table:
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD)
    for heading in ("player", "deals", "decisions", "per decision", "?! ? ??", "accuracy", "luck a deal"):
        table.add_column(heading, justify="left" if heading == "player" else "right", overflow="fold",
                         min_width=_name_width(rows) if heading == "player" else None,
                         no_wrap=heading not in ("player", "per decision", "luck a deal"))
    for row in rows:
        counts = [sum(kind[m] for kind in row["marks"].values()) for m in MARKS]
        table.add_row(safe_markup(row["player"]), f"{row['deals']:,}", f"{row['decisions']:,}",
                      per_choice(row["error_rate"], objective), " ".join(map(str, counts)),
                      sym("—") if row["accuracy"] is None else f"{row['accuracy']:.1f}%",
                      _luck_text(row["luck"], objective))
    return table


def _name_width(rows: list[dict[str, Any]]) -> int:
    """A player column wide enough for the names (up to 16 characters)."""
    return min(16, max(len(row["player"]) for row in rows))


def _luck_text(luck: dict[str, Any], objective: str) -> str:
    if luck["per_deal"] is None:
        return sym("—")
    scale, digits, sign = (100, 1, "%") if objective == "match" else (1, 2, "")
    ci = "" if luck["per_deal_ci95"] is None else f" ± {scale * luck['per_deal_ci95']:.{digits}f}{sign}"
    return sym(f"{scale * luck['per_deal']:+.{digits}f}{sign}{ci}")


def _kinds_table(rows: list[dict[str, Any]], objective: str) -> Table:
    table = Table(title="By kind of decision", title_justify="left", box=box.SIMPLE_HEAD)
    for heading in ("player", "kind", "decisions", "per decision", "?!", "?", "??"):
        table.add_column(heading, justify="left" if heading in ("player", "kind") else "right", overflow="fold",
                         min_width=_name_width(rows) if heading == "player" else None, no_wrap=heading == "kind")
    for row in rows:
        for i, kind in enumerate(KINDS):
            figures, marks = row["by_kind"][kind], row["marks"][kind]
            table.add_row(safe_markup(row["player"]) if i == 0 else "", KIND_WORDS[kind], f"{figures['decisions']:,}",
                          per_choice(figures["error_rate"], objective), *(str(marks[m]) for m in MARKS),
                          end_section=i == len(KINDS) - 1)
    return table


def _worst_table(row: dict[str, Any], objective: str) -> Table:
    ascii_ = plain()
    one_file = len({choice["source"] for choice in row["worst"]}) == 1
    table = Table(title=f"{safe_markup(row['player'])}: the costliest decisions", title_justify="left",
                  box=box.SIMPLE_HEAD, caption_justify="left",
                  caption=f"board: in {safe_markup(row['worst'][0]['source'])}" if one_file else None)
    widths = {"board": 5, "chose": 8, "best": 8}  # a board number such as 12.4, and "together"
    for heading in ("board", "where", "hand", "chose", "best", "gave up", "mark"):
        table.add_column(heading, justify="right" if heading == "gave up" else "left", overflow="fold",
                         no_wrap=heading in ("where", "mark", "gave up"), min_width=widths.get(heading))
    for choice in row["worst"]:
        board = choice["board"] or f"line {choice['line']}"
        table.add_row(safe_markup(board if one_file else f"{choice['source']} {board}"),
                      f"{choice['seat']}, {choice['where']}",
                      cards_text(tuple(Card.parse(c) for c in choice["hand"]), ascii_),
                      option_text(choice["chosen"], ascii_), option_text(choice["best"], ascii_),
                      _given(choice["loss"], objective), choice["mark"])
    return table


def _given(loss: float, objective: str) -> str:
    return f"{100 * loss:.1f}%" if objective == "match" else f"{loss:.2f}"
