"""``altbaumer rate``: rate a decision from one seat's knowledge."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

import click
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn,
                           TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from altbaumer.game.actions import Phase
from altbaumer.hidden.rating import (DECISIONS, OBJECTIVES, OptionRating, Rating, SideFigures, option_name,
                                     partner_view, rate_view)
from altbaumer.abn.record import GameRecord, IncompleteBoard
from altbaumer.dd.solver import Solver
from altbaumer.report.render import option_text
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView

from .deal import SEAT_CHOICE
from .files import load_records, source_name
from .interrupt import finish_boards, on_interrupt, stop
from .output import (world_options, BadInput, ascii_option, plain, plural, safe_markup, stderr, stdout,
                     sym)
from .points import DECISION_HELP, Point, node_at, parse_point, require_some, skipped

_FINISHED = "finished, no decision left; use --at to rate a recorded one"


@click.command("rate")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--board", "board_number", default=None, metavar="N",
              help="Only this board (its [Board] tag, else its place in the file).")
@click.option("--seat", type=SEAT_CHOICE, default=None,
              help="The deciding seat (default: whoever decides next). In the lone phase, forehand's partner "
                   "means forehand has passed.")
@click.option("--decision", type=click.Choice(sorted(set(DECISIONS.values()))), default=None,
              help="Check that the next decision is of this kind (turn, discard, alone, play).")
@click.option("--at", "at_text", default=None, metavar="DECISION",
              help=f"Rate a decision the board records instead of the next one: {DECISION_HELP}. "
                   "The recorded choice is marked ◆.")
@click.option("--objective", type=click.Choice(OBJECTIVES), default="net", show_default=True,
              help="Rank by expected net points, P(make 3+) or P(march).")
@world_options
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def rate_command(file: str, board_number: Optional[str], seat: Optional[str], decision: Optional[str],
                 at_text: Optional[str], objective: str, exact_limit: int, samples: int, seed: int,
                 threads: Optional[int], as_json: bool, no_progress: bool) -> None:
    """Rate the next decision of each board from the deciding seat's knowledge.

    The decision is the first one the board does not record: accept or
    refuse, the discard, lone play, or a card to play; finished boards are
    listed and left out. With --at, a decision the board records is rated
    instead, as the seat saw it then, and the recorded choice is set against
    the best. Only what the seat knows is used (its hand, the public cards,
    the voids shown in the play): hands of other seats in the file are
    ignored. Every layout of the unknown cards (or a uniform sample, with 95%
    confidence intervals) is solved double dummy for every option, and the
    options are compared on the same worlds. Later decisions inside an option
    (the discard, lone play) are made the same way. ★ marks the best option
    for the deciding side; the figures are that side's. Ctrl-C shows the
    ratings so far, the last one over the worlds it solved, and exits 130.
    """
    at = None if at_text is None else parse_point(at_text, "--at")
    if at is not None and (seat is not None or decision is not None):
        raise BadInput("--at names the decision and so its seat: leave out --seat and --decision")
    records = load_records(file, board_number)
    targets = [_target(record, Seat[seat.upper()] if seat else None, decision, at) for record in records]
    require_some(records, targets)
    report = _Report(source_name(file), as_json, sum(not isinstance(t, str) for t in targets))
    with on_interrupt(lambda: report.finish(complete=False)):
        with Solver(threads=threads) as solver:  # one set of tables and threads for every board
            for record, target in zip(records, targets):
                if isinstance(target, str):
                    report.skip(record, target)
                    continue
                started = time.perf_counter()
                rating = _run(target.view, objective, exact_limit, samples, seed, solver,
                              show=not as_json and not no_progress)
                report.add(record, target, rating, time.perf_counter() - started)
                if not rating.complete:
                    stop()  # Ctrl-C during the rating: its partial result is shown
    report.finish(complete=True)


@dataclass(frozen=True)
class _Target:
    """A decision to rate: the seat's view, and with --at the point and the choice recorded there."""

    view: SeatView
    at: Optional[Point] = None
    chosen: Optional[str] = None


def _target(record: GameRecord, seat: Optional[Seat], decision: Optional[str],
            at: Optional[Point]) -> Union[_Target, str]:
    """What to rate on ``record``, or why the board is left out."""
    if at is not None:
        node = node_at(record, at)
        if isinstance(node, str):
            return node
        return _Target(_located(record, lambda: record.node_view(node)), at, option_name(node.action))
    if record.state.to_act is None:
        return _FINISHED
    view = _view(record, seat)
    kind = DECISIONS.get(view.phase)
    if decision is not None and kind != decision:
        raise BadInput(f"{record.board.source}: {record.board.label()}: the next decision is {kind or 'none'}, "
                       f"not {decision}")
    return _Target(view)


def _view(record: GameRecord, seat: Optional[Seat]) -> SeatView:
    board, state = record.board, record.state
    actor = state.to_act
    assert actor is not None  # a finished board is left out before
    partner = state.phase is Phase.LONE and seat is board.forehand.partner
    if seat is not None and seat is not actor and not partner:
        raise BadInput(f"{board.source}: {board.label()}: {seat} does not decide now; {actor} does "
                       f"({DECISIONS[state.phase.value]})")
    view = _located(record, lambda: record.view(seat or actor))
    return partner_view(view) if partner else view


def _located(record: GameRecord, view: Callable[[], SeatView]) -> SeatView:
    """``view()``, a file that lacks what the seat knew being bad input."""
    try:
        return view()
    except IncompleteBoard as error:
        raise BadInput(f"{record.board.source}: {error}") from None


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
                         solver=solver, partial_on_interrupt=True,
                         progress=lambda done, total: bar.update(task, completed=done, total=total))


class _Report:
    """What rate prints: each board as it is rated (the terminal) or all of
    them at the end (JSON), the boards left out, and whether it was all."""

    def __init__(self, name: str, as_json: bool, boards: int) -> None:
        self.name, self.as_json, self.boards = name, as_json, boards
        self.results: list[dict[str, Any]] = []
        self.skipped: list[dict[str, Any]] = []
        self.rated = 0  # boards rated over all their worlds

    def skip(self, record: GameRecord, reason: str) -> None:
        self.skipped.append(skipped(record, reason, self.as_json))

    def add(self, record: GameRecord, target: _Target, rating: Rating, seconds: float) -> None:
        if self.as_json:
            self.results.append(_entry(record, target, rating, seconds))
        else:
            _show(self.name, record, target, rating, seconds)
        self.rated += rating.complete  # once shown: Ctrl-C while showing leaves it out

    def finish(self, complete: bool) -> None:
        finish_boards(self.name, self.results, self.as_json, complete, self.rated, self.boards, "rated in full",
                      skipped=self.skipped)


def _entry(record: GameRecord, target: _Target, rating: Rating, seconds: float) -> dict[str, Any]:
    """A board's JSON: the rating, and with --at the recorded choice, what it lost and whether that is an error."""
    chosen = target.chosen if target.chosen in [o.option for o in rating.options] else None
    return {"board": record.board.number, "line": record.board.line("Dealer"), "seconds": round(seconds, 3),
            **rating.to_dict(), "at": None if target.at is None else target.at.text, "chosen": chosen,
            "loss": None if chosen is None else rating.loss(chosen),
            "error": None if chosen is None else rating.significant(chosen)}


_TITLES = {"turn": "accept or refuse", "discard": "the discard", "alone": "playing alone", "play": "the card to play"}
# The deciding side's columns: its tricks, P(it wins the deal), P(it takes all five), P(it takes none), its points.
_HEADINGS = {True: ("tricks", "P(3+)", "P(5)", "P(0)", "points", "net"),
             False: ("tricks", "P(set)", "P(5)", "P(0)", "points", "net")}
_DEFENDERS = ("figures for the defenders: their tricks, points and net; P(set): the makers held to 2 or fewer; "
              "P(5), P(0): the defenders take all five tricks, none")


def _show(name: str, record: GameRecord, target: _Target, rating: Rating, seconds: float) -> None:
    worlds = plural(rating.worlds, "world")
    how = f"{'all ' if rating.worlds > 1 else ''}{worlds} (exact)" if rating.exact else (
        f"{rating.worlds:,} sampled worlds of {rating.total:,}")
    side = "maker" if rating.maker else "defender"
    where = "" if target.at is None else f" at {target.at.text}"
    verb = "decides" if target.at is None else "decided"
    stdout.print(f"[bold]{safe_markup(name)}[/bold] {safe_markup(record.board.label())}{where}: {rating.seat} "
                 f"({side}) {verb} {_TITLES[rating.decision]}{sym(' — ')}{how}, {seconds:.2f} s")
    if not rating.complete:
        stdout.print("[bold yellow]interrupted: partial result over the worlds solved so far[/bold yellow]")
    stdout.print(_table(rating, target.chosen))
    if not rating.maker:
        stdout.print(f"[dim]{_DEFENDERS}[/dim]")
    ascii_ = plain()
    for o in rating.options:
        stdout.print(Text.assemble("  ", option_text(o.option, ascii_), ": ", sym(_explain(o, rating))))
    if target.at is not None:
        stdout.print(_recorded(rating, target.chosen))


def _table(rating: Rating, chosen: Optional[str]) -> Table:
    table = Table(title_justify="left")
    for heading in ("option", *_HEADINGS[rating.maker], sym(f"Δ {rating.objective}")):
        table.add_column(heading, justify="left" if heading == "option" else "right", no_wrap=heading != "option")
    ascii_ = plain()
    for o in rating.options:
        name = Text.assemble(option_text(o.option, ascii_), (sym(" ★"), "bold green") if o.best else "",
                             (sym(" ◆"), "cyan") if o.option == chosen else "")
        f = o.figures(rating.maker)
        table.add_row(name, f"{f.tricks:.2f}", _pct(f.p_win), _pct(f.p_all), _pct(f.p_none), f"{f.points:+.2f}",
                      f"{f.net:+.3f}", _delta(f, o.best))
    return table


def _recorded(rating: Rating, chosen: Optional[str]) -> Text:
    """The recorded choice (◆) against the best option."""
    if chosen not in [o.option for o in rating.options]:
        return Text("recorded: the file does not show the whole choice, so it is not rated", style="dim")
    assert chosen is not None
    head = Text.assemble(sym("recorded ◆ "), option_text(chosen, plain()), ": ")
    if chosen == rating.best.option:
        return Text.assemble(head, Text("the best option", style="bold green"))
    f = rating.for_decider(chosen)
    ci = f" ± {f.delta_ci95:.3f}" if f.delta_ci95 else ""
    return Text.assemble(head, sym(f"{_verdict(rating, chosen)}, {f.delta:+.3f}{ci} {rating.objective} against "),
                         option_text(rating.best.option, plain()))


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _delta(f: SideFigures, best: bool) -> str:
    if best:
        return sym("—")
    return sym(f"{f.delta:+.3f}" + (f" ± {f.delta_ci95:.3f}" if f.delta_ci95 else ""))


def _explain(o: OptionRating, rating: Rating) -> str:
    f = o.figures(rating.maker)
    ci = f.ci95.get("p_win", 0.0)
    win = ("makes 3+" if rating.maker else "holds the makers to 2 or fewer") + f" in {_pct(f.p_win)}" + (
        f" ± {100 * ci:.1f}%" if ci else "")
    every = f"march {_pct(f.p_all)}" if rating.maker else f"takes all five {_pct(f.p_all)}"
    net = f"net {f.net:+.3f}" + (f" ± {f.ci95['net']:.3f}" if f.ci95.get("net") else "")
    early = f" (judged on the first {plural(o.worlds, 'world')}: clearly worse, not solved further)" \
        if 0 < o.worlds < rating.worlds else ""
    return f"{win}, {every}, {net}; {_verdict(rating, o.option)}{early}"


def _verdict(rating: Rating, name: str) -> str:
    if rating.option(name).best:
        return "best"
    return "worse beyond its 95% interval" if rating.significant(name) else "within the noise of the best"
