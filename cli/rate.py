"""``altbaumer rate``: rate a decision from one seat's knowledge."""

from __future__ import annotations

import time
from typing import Optional

import click
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn,
                           TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from altbaumer.game.actions import Phase
from altbaumer.hidden.rating import (DECISIONS, OBJECTIVES, OptionRating, Rating,
                              partner_view, rate_view)
from altbaumer.abn.record import GameRecord, IncompleteBoard
from altbaumer.dd.solver import Solver
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView

from .deal import SEAT_CHOICE
from .files import load_records
from .output import world_options, BadInput, print_json, stderr, stdout


@click.command("rate")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--board", "board_number", default=None, metavar="N",
              help="Only this board (its [Board] tag, else its place in the file).")
@click.option("--seat", type=SEAT_CHOICE, default=None,
              help="The deciding seat (default: whoever decides next). In the lone phase, forehand's partner "
                   "means forehand has passed.")
@click.option("--decision", type=click.Choice(sorted(set(DECISIONS.values()))), default=None,
              help="Check that the next decision is of this kind (turn, discard, alone, play).")
@click.option("--objective", type=click.Choice(OBJECTIVES), default="net", show_default=True,
              help="Rank by expected net points, P(make 3+) or P(march).")
@world_options
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def rate_command(file: str, board_number: Optional[str], seat: Optional[str], decision: Optional[str],
                 objective: str, exact_limit: int, samples: int, seed: int, threads: Optional[int], as_json: bool,
                 no_progress: bool) -> None:
    """Rate the next decision of each board from the deciding seat's knowledge.

    The decision is the first one the board does not record: accept or
    refuse, the discard, lone play, or a card to play. Only what the seat
    knows is used (its hand, the public cards, the voids shown in the play):
    hands of other seats in the file are ignored. Every layout of the unknown
    cards (or a uniform sample, with 95% confidence intervals) is solved
    double dummy for every option, and the options are compared on the same
    worlds. Later decisions inside an option (the discard, lone play) are
    made the same way. ★ marks the best option for the deciding side.
    """
    results = []
    with Solver(threads=threads) as solver:  # one set of tables and threads for every board
        for record in load_records(file, board_number):
            view = _view(record, Seat[seat.upper()] if seat else None)
            kind = DECISIONS.get(view.phase)
            if decision is not None and kind != decision:
                raise BadInput(f"{file}: {record.board.label()}: the next decision is {kind or 'none'}, not {decision}")
            started = time.perf_counter()
            rating = _run(view, objective, exact_limit, samples, seed, solver, show=not as_json and not no_progress)
            seconds = time.perf_counter() - started
            if as_json:
                results.append({"board": record.board.number, "line": record.board.line("Dealer"),
                                "seconds": round(seconds, 3), **rating.to_dict()})
            else:
                _show(file, record, rating, seconds)
        if as_json:
            print_json({"file": file, "boards": results})


def _view(record: GameRecord, seat: Optional[Seat]) -> SeatView:
    board, state = record.board, record.state
    actor = state.to_act
    if actor is None:
        raise BadInput(f"{board.source}: {board.label()}: the deal is over, no decision is left")
    partner = state.phase is Phase.LONE and seat is board.forehand.partner
    if seat is not None and seat is not actor and not partner:
        raise BadInput(f"{board.source}: {board.label()}: {seat} does not decide now; {actor} does "
                       f"({DECISIONS[state.phase.value]})")
    try:
        view = record.view(seat or actor)
    except IncompleteBoard as error:
        raise BadInput(f"{board.source}: {error}") from None
    return partner_view(view) if partner else view


class _SpeedColumn(ProgressColumn):
    """Worlds solved per second."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:,.0f} worlds/s" if task.speed else "", style="dim")


def _run(view: SeatView, objective: str, exact_limit: int, samples: int, seed: int, solver: Solver,
         show: bool) -> Rating:
    with Progress(TextColumn("rating"), BarColumn(), MofNCompleteColumn(), TextColumn("worlds"), _SpeedColumn(),
                  TimeRemainingColumn(), console=stderr, disable=not (show and stderr.is_terminal),
                  transient=True) as bar:
        task = bar.add_task("worlds", total=None)
        return rate_view(view, objective=objective, exact_limit=exact_limit, samples=samples, seed=seed,
                         solver=solver,
                         progress=lambda done, total: bar.update(task, completed=done, total=total))


_TITLES = {"turn": "accept or refuse", "discard": "the discard", "alone": "playing alone", "play": "the card to play"}


def _show(file: str, record: GameRecord, rating: Rating, seconds: float) -> None:
    how = f"all {rating.worlds:,} worlds (exact)" if rating.exact else (
        f"{rating.worlds:,} sampled worlds of {rating.total:,}")
    side = "maker" if rating.maker else "defender"
    stdout.print(f"[bold]{file}[/bold] {record.board.label()}: {rating.seat} ({side}) decides "
                 f"{_TITLES[rating.decision]} — {how}, {seconds:.2f} s")
    if not rating.complete:
        stdout.print("[bold yellow]interrupted: partial result over the worlds solved so far[/bold yellow]")
    table = Table(title_justify="left")
    for heading in ("option", "tricks", "P(3+)", "P(5)", "P(0)", "points", "net", f"Δ {rating.objective}"):
        table.add_column(heading, justify="left" if heading == "option" else "right", no_wrap=heading != "option")
    for o in rating.options:
        name = Text.assemble(o.option, (" ★", "bold green") if o.best else "")
        table.add_row(name, f"{o.mean_tricks:.2f}", _pct(o.p_make), _pct(o.p_march), _pct(o.p_zero),
                      f"{o.points:+.2f}", f"{o.net:+.3f}", _delta(o))
    stdout.print(table)
    for o in rating.options:
        stdout.print(f"  {o.option}: {_explain(o, rating)}")


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _delta(o: OptionRating) -> str:
    if o.best:
        return "—"
    return f"{o.delta:+.3f}" + (f" ± {o.delta_ci95:.3f}" if o.delta_ci95 else "")


def _explain(o: OptionRating, rating: Rating) -> str:
    ci = o.ci95.get("p_make", 0.0)
    make = f"makes 3+ in {_pct(o.p_make)}" + (f" ± {100 * ci:.1f}%" if ci else "")
    net = f"net {o.net:+.3f}" + (f" ± {o.ci95['net']:.3f}" if o.ci95.get("net") else "")
    verdict = "best" if o.best else (
        "worse beyond its 95% interval" if rating.significant(o.option) else "within the noise of the best")
    early = f" (judged on the first {o.worlds:,} worlds: clearly worse, not solved further)" \
        if 0 < o.worlds < rating.worlds else ""
    return f"{make}, march {_pct(o.p_march)}, {net}; {verdict}{early}"
