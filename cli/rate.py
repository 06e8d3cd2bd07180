"""``altbaumer rate``: rate a decision from one seat's knowledge."""

from __future__ import annotations

import textwrap
import time
from functools import partial
from typing import Any, Optional

import click
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn,
                           TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from altbaumer.play.batch_rating import rate_range
from altbaumer.play.card_inference import INFER_CARDS
from altbaumer.hidden.endgame import ENDGAME, RATING_WORLDS, TRICKS_LEFT
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.hidden.rating import DECISIONS, OptionRating, Rating
from altbaumer.hidden.advice import advice_sentence, choice_sentence
from altbaumer.hidden.display import (OPEN_CARDS_NOTE, chance_text, columns, gives_up_head, gives_up_text, heading,
                                      inference_line, legend, no_verdict_line, open_cards, partial_line, pct,
                                      score_line, weighting_line)
from altbaumer.hidden.inference import ENOUGH
from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord
from altbaumer.dd.solver import Solver
from altbaumer.report.render import option_text
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView
from altbaumer.report.board_rate import RateTarget, rate_decision, rate_target, rating_entry
from altbaumer.report.words import verdict_words

from .cluster import boards_digest, cluster_options, resume_log
from .deal import SEAT_CHOICE
from .files import source_name
from .interrupt import finish_boards, on_interrupt, stop
from .valuation import realistic_settings, valuation_options
from .output import (world_options, BadInput, ascii_option, plain, plural, safe_markup, stderr, stdout,
                     sym)
from .score import load_scored
from .points import DECISION_HELP, parse_point, require_some, skipped

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
@valuation_options("every kind of decision, cards too")
@click.option("--infer", is_flag=True,
              help="For a seat other than forehand, once forehand has chosen: weigh each of the --samples worlds "
                   "drawn by how likely this tool's advice makes forehand's choices in it (accept or refuse, the "
                   "discard, lone play), rate over worlds drawn again by weight, as many as the weights are worth, "
                   f"and say so; no verdict when they are worth fewer than {ENOUGH}. Some 20 to 40 ms a world drawn, "
                   "so best with a few thousand --samples (docs/rating.md).")
@click.option("--infer-cards/--no-infer-cards", default=INFER_CARDS, show_default=True,
              help="In the play, once another seat has played: weigh each world by how likely this tool's own "
                   "card play makes the other seats' cards in it, and rate over worlds drawn again by weight, as "
                   "many as the weights are worth (the effective sample size is shown; docs/rating.md, Inference "
                   "from the cards played).")
@click.option("--endgame/--no-endgame", default=ENDGAME, show_default=True,
              help=f"A card {TRICKS_LEFT} or fewer tricks from the end: solve the last tricks as a game of hidden "
                   "cards, every later card chosen from its player's own knowledge, rather than double dummy or by "
                   f"playouts (at most {RATING_WORLDS:,} worlds; docs/rating.md, Exact endgames).")
@world_options
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@cluster_options
def rate_command(file: str, board_number: Optional[str], seat: Optional[str], decision: Optional[str],
                 at_text: Optional[str], objective: str, score: Optional[str], play: str, playouts: Optional[int],
                 effort: int, tricks: bool, infer: bool, infer_cards: bool, endgame: bool, exact_limit: int,
                 samples: int, seed: int, threads: Optional[int],
                 as_json: bool, no_progress: bool, scheduler: Optional[Scheduler], resume: Optional[str]) -> None:
    """Rate the next decision of each board from the deciding seat's knowledge.

    The decision is the first one the board does not record: accept or
    refuse, the discard, lone play, or a card to play; finished boards are
    listed and left out. With --at, a decision the board records is rated
    instead, as the seat saw it then, and the recorded choice is set against
    the best. Only what the seat knows is used (its hand, the public cards,
    the voids shown in the play): hands of other seats in the file are
    ignored. Every layout of the unknown cards (or a uniform sample, with 95%
    confidence intervals) is solved double dummy for every option, and by
    default the first of those worlds are also played out, every seat
    deciding every later choice and card from its own knowledge, until the
    ranking is settled (realistic play; the double-dummy figures are shown
    beside it, "If every card were open"; --play dd for those alone). The
    options are compared on the same worlds. Each rating starts with its
    advice in one sentence; ★ marks the option it names, the best for the
    deciding side, and the figures are that side's, under heads in words
    (a line maps them to the notation). By default options
    are ranked by the chance to win the match from the score before the deal;
    a choice is marked ?! (inaccuracy), ? (mistake) or ?? (blunder) only when
    it gives up more than 2%, 4% or 8% of that chance beyond the noise
    (docs/rating.md). Ctrl-C shows the ratings so far, the last one over the
    worlds it solved, and exits 130. With --scheduler the boards are rated on
    a Dask cluster (with --resume the boards rated are kept in a file); the
    ratings are the same.
    """
    at = None if at_text is None else parse_point(at_text, "--at")
    if at is not None and (seat is not None or decision is not None):
        raise BadInput("--at names the decision and so its seat: leave out --seat and --decision")
    records, scores = load_scored(file, board_number, score)
    targets = [rate_target(record, Seat[seat.upper()] if seat else None, decision, at, infer) for record in records]
    require_some(records, targets)
    report = _Report(source_name(file), as_json, sum(not isinstance(t, str) for t in targets))
    if scheduler is not None or resume is not None:
        if threads is not None and scheduler is not None:
            raise BadInput("--threads and --scheduler exclude each other: each worker rates on one thread")
        options = dict(objective=objective, exact_limit=exact_limit, samples=samples, seed=seed, infer=infer,
                       tricks=tricks, infer_cards=infer_cards, endgame=endgame,
                       **realistic_settings(play, playouts, effort))
        log = resume_log(resume, "rate", boards=boards_digest([r.board for r in records]), board=board_number,
                         seat=seat, decision=decision, at=at_text, score=score, **options)
        with on_interrupt(lambda: report.finish(complete=False)):
            complete = _rate_ranges(records, targets, scores, report, scheduler, log, options,
                                    show=not as_json and not no_progress)
        report.finish(complete=complete)
        if not complete:
            stop()
        return
    with on_interrupt(lambda: report.finish(complete=False)):
        with Solver(threads=threads) as solver:  # one set of tables and threads for every board
            for record, target, known in zip(records, targets, scores):
                if isinstance(target, str):
                    report.skip(record, target)
                    continue
                started = time.perf_counter()
                show = not as_json and not no_progress
                settings = dict(objective=objective, state=known.state, exact_limit=exact_limit, samples=samples,
                                seed=seed, solver=solver, infer=infer, tricks=tricks, infer_cards=infer_cards,
                                endgame=endgame)
                rating = _rated(target.view, show, settings, play, playouts, effort)
                report.add(record, target, rating, time.perf_counter() - started, known)
                if not rating.complete:
                    stop()  # Ctrl-C during the rating: its partial result is shown
    report.finish(complete=True)


def _rate_ranges(records: list[GameRecord], targets: list[Any], scores: list[BoardScore], report: "_Report",
                 scheduler: Optional[Scheduler], log: Optional[ResumeLog], options: dict[str, Any],
                 show: bool) -> bool:
    """The boards' decisions as numbered work (:func:`~altbaumer.play.batch_rating.rate_range`),
    on a cluster or here; shown in the file's order once done. True when every one was rated."""
    todo = [(r, t, k) for r, t, k in zip(records, targets, scores) if not isinstance(t, str)]
    for record, target in zip(records, targets):
        if isinstance(target, str):
            report.skip(record, target)
    started = time.perf_counter()
    with Progress(TextColumn("rating"), BarColumn(), MofNCompleteColumn(), TextColumn("boards"),
                  TimeRemainingColumn(), console=stderr, disable=not (show and stderr.is_terminal),
                  transient=True) as bar:
        task = bar.add_task("boards", total=len(todo))
        done = run_ranges(partial(rate_range, [t.view for _, t, _ in todo], [k.state for _, _, k in todo], options),
                          len(todo), chunk_max=2, progress=lambda n: bar.advance(task, n), partial_on_interrupt=True,
                          scheduler=scheduler, resume=log)
    rated = [entry for rows in done for entry in rows]
    seconds = (time.perf_counter() - started) / max(1, len(rated))  # each board's share: they ran side by side
    for index, rating in rated:
        record, target, known = todo[index]
        report.add(record, target, rating, seconds, known)
    return len(rated) == len(todo)


class _SpeedColumn(ProgressColumn):
    """Worlds solved (or drawn) per second."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:,.0f} worlds/s" if task.speed else "", style="dim")


def _rated(view: SeatView, show: bool, settings: dict[str, Any], play: str, playouts: Optional[int],
           effort: int) -> Rating:
    """The rating, with a bar of what it is doing: with --infer first the
    worlds drawn and weighed by the inference, then the worlds solved double
    dummy, and with --play realistic the playouts."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[unit]}"),
                  _SpeedColumn(), TimeRemainingColumn(), console=stderr, disable=not (show and stderr.is_terminal),
                  transient=True) as bar:
        infer = settings.get("infer", False)
        inferring = bar.add_task("inferring", total=settings["samples"], unit="worlds weighed, worth 0",
                                 visible=infer)
        rating = bar.add_task("rating", total=None, unit="worlds", visible=not infer)
        playing = bar.add_task("playing out", total=None, unit="playouts", visible=False)

        def inferred(drawn: int, worth: int, asked: int) -> None:
            bar.update(inferring, completed=drawn, total=asked, unit=f"worlds weighed, worth {worth:,}")

        def solved(done: int, total: int) -> None:
            bar.update(inferring, visible=False)
            bar.update(rating, completed=done, total=total, visible=True)

        def played(done: int, total: int) -> None:
            bar.update(rating, visible=False)
            bar.update(playing, completed=done, total=total, visible=True)

        return rate_decision(view, play, playouts=playouts, effort=effort, solved=solved, played=played,
                             inferred=inferred, **settings)


def _beside(rating: Rating) -> Optional[Text]:
    """The figures if every card were open, one line, its cards as the table writes them."""
    shown = open_cards(rating)
    if shown is None:
        return None
    label, figures, verdict = shown
    ascii_ = plain()
    parts: list[Any] = [f"{label}: "]
    for i, (option, figure) in enumerate(figures):
        parts += [", " if i else "", option_text(option, ascii_), f" {figure}"]
    parts.append(sym(f" — {verdict}"))
    return Text.assemble(*parts, style="dim")


class _Report:
    """What rate prints: each board as it is rated (the terminal) or all of
    them at the end (JSON), the boards left out, and whether it was all."""

    def __init__(self, name: str, as_json: bool, boards: int) -> None:
        self.name, self.as_json, self.boards = name, as_json, boards
        self.results: list[dict[str, Any]] = []
        self.skipped: list[dict[str, Any]] = []
        self.rated = 0  # boards rated over all their worlds
        self.shown = 0  # boards shown on the terminal
        self.open_said = False  # what the figures if every card were open are: said once a run

    def skip(self, record: GameRecord, reason: str) -> None:
        self.skipped.append(skipped(record, reason, self.as_json))

    def add(self, record: GameRecord, target: RateTarget, rating: Rating, seconds: float, known: BoardScore) -> None:
        if self.as_json:
            self.results.append(rating_entry(record, target, rating, seconds, known.source))
        else:
            if self.shown:
                stdout.print()
            self.open_said = _show(self.name, record, target, rating, seconds, known, self.open_said)
            self.shown += 1
        self.rated += rating.complete  # once shown: Ctrl-C while showing leaves it out

    def finish(self, complete: bool) -> None:
        finish_boards(self.name, self.results, self.as_json, complete, self.rated, self.boards, "rated in full",
                      skipped=self.skipped)


def _show(name: str, record: GameRecord, target: RateTarget, rating: Rating, seconds: float, known: BoardScore,
          open_said: bool) -> bool:
    """One board's rating, the advice first; true once the figures if every
    card were open have been explained (``open_said``: already in this run)."""
    stdout.print(f"[bold]{safe_markup(sym(advice_sentence(rating)))}[/bold]")
    if target.at is not None:
        stdout.print(_recorded(rating, target.chosen))
    where = "" if target.at is None else f" at {target.at.text}"
    verb = "decides" if target.at is None else "decided"
    stdout.print(f"{safe_markup(name)} {safe_markup(record.board.label())}{where}: "
                 f"{safe_markup(sym(heading(rating, verb)))}; {seconds:.2f} s")
    score = score_line(rating, known.describe())
    if score:
        stdout.print(safe_markup(sym(score)))
    for inferred in (inference_line(rating), weighting_line(rating)):
        if inferred:
            stdout.print(safe_markup(sym(inferred)))
    withheld = no_verdict_line(rating)
    if withheld:
        more = None if rating.inference is None else rating.inference.samples_for_enough()
        complete = rating.inference is not None and rating.inference.complete
        advice = f" (about --samples {more:,} at this rate)" if more and complete else ""
        stdout.print(f"[bold yellow]{safe_markup(sym(withheld))}; draw more worlds{advice}[/bold yellow]")
    partial = partial_line(rating)
    if partial:
        stdout.print(f"[bold yellow]{safe_markup(partial)}[/bold yellow]")
    stdout.print(_table(rating, target.chosen))
    stdout.print(f"[dim]{safe_markup(sym(legend(rating)))}[/dim]")
    ascii_ = plain()
    for o in rating.options:
        stdout.print(Text.assemble("  ", option_text(o.option, ascii_), ": ", sym(_explain(o, rating))))
    beside = _beside(rating)
    if beside is not None:
        if not open_said:
            stdout.print(f"[dim]{safe_markup(sym(OPEN_CARDS_NOTE))}[/dim]")
        stdout.print(beside)
    return open_said or beside is not None


def _head(words: str) -> str:
    """A head in words in as narrow a column as two lines give, or three when
    two would be wider than nine characters, so that the table fits 80
    columns: ``to take`` over ``all five``; a head of nine or fewer on one line."""
    if len(words) <= 9:
        return words
    for most in (2, 3):
        for width in range(max(map(len, words.split())), 10):
            lines = textwrap.wrap(words, width=width)
            if len(lines) <= most:
                return "\n".join(lines)
    return words


def _fit(heads: list[str], rows: list[list[Text]], width: int) -> list[str]:
    """The heads on lines as :func:`_head` puts them, or, when the table would
    then be wider than ``width``, as narrow as the column's figures allow
    (every head but the options')."""
    columns = list(zip(*rows))

    def wide(head: str, cells: tuple[Text, ...]) -> int:
        return max(*(len(line) for line in head.split("\n")), *(cell.cell_len for cell in cells))

    shown = [heads[0], *map(_head, heads[1:])]
    if sum(map(wide, shown, columns)) + 3 * len(heads) + 1 <= width:  # a rule and a space either side of a cell
        return shown
    return [heads[0], *("\n".join(textwrap.wrap(head, width=max(*map(len, head.split()), wide("", cells))))
                        for head, cells in zip(heads[1:], columns[1:]))]


def _table(rating: Rating, chosen: Optional[str]) -> Table:
    shown = columns(rating)
    ascii_ = plain()
    rows = []
    for o in rating.options:
        mark = rating.mark(o.option)
        name = Text.assemble(option_text(o.option, ascii_), (sym(" ★"), "bold green") if o.best and rating.has_verdict
                             else "",
                             (sym(" ◆"), "cyan") if o.option == chosen else "", (f" {mark}", "bold red") if mark else "")
        f = o.figures(rating.maker)
        rows.append([name, *(Text(show(f)) for _, _, show in shown), Text(sym(gives_up_text(rating, f)))])
    heads = _fit(["option", *(words for words, _, _ in shown), gives_up_head(rating)[0]], rows, stdout.width)
    table = Table(title_justify="left")
    table.add_column(heads[0], justify="left", no_wrap=True)
    for head in heads[1:]:
        table.add_column(head, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table


def _recorded(rating: Rating, chosen: Optional[str]) -> Text:
    """The recorded choice (◆ in the table) in a sentence (:func:`~altbaumer.hidden.advice.choice_sentence`)."""
    if chosen not in [o.option for o in rating.options]:
        return Text("The file does not show the whole recorded choice, so it is not rated.")
    assert chosen is not None
    return Text.assemble(sym("recorded ◆ "), option_text(chosen, plain()), ": ", choice_sentence(rating, chosen))


def _explain(o: OptionRating, rating: Rating) -> str:
    f = o.figures(rating.maker)
    ci = f.ci95.get("p_win", 0.0)
    match = ""
    if f.equity is not None and f.p_round is not None:
        eci = f.ci95.get("equity", 0.0)
        match = (f"wins the match {pct(f.equity)}" + (f" ± {100 * eci:.1f}%" if eci else "")
                 + f", the round {pct(f.p_round)}; ")
    win = ("makes 3+" if rating.maker else "holds the makers to 2 or fewer") + \
        f" in {chance_text(f.p_win, ci, f.bounds95.get('p_win'))}"
    every = ("march " if rating.maker else "takes all five ") + \
        chance_text(f.p_all, f.ci95.get("p_all"), f.bounds95.get("p_all"))
    net = f"net {f.net:+.3f}" + (f" ± {f.ci95['net']:.3f}" if f.ci95.get("net") else "")
    early = f" (judged on the first {plural(o.worlds, 'world')}: clearly worse, not solved further)" \
        if 0 < o.worlds < rating.worlds else ""
    return f"{match}{win}, {every}, {net}; {verdict_words(rating, o.option)}{early}"
