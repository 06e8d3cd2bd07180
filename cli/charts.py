"""``altbaumer charts``: forehand's plan rated for every hand, as a chart a
player can learn from (docs/charts.md)."""

from __future__ import annotations

import json
import os
import time
from typing import Any, Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from altbaumer.abn.files import write_output
from altbaumer.errors import AltbaumerError
from altbaumer.game.cards import Card
from altbaumer.game.match_state import SCORE_SYNTAX, MatchState
from altbaumer.play.charts import (DEFAULT_SAMPLES, FOREHAND, WHO, ChartSpec, chart_rows, class_count, default_seen,
                                   every_class_count)
from altbaumer.play.cluster import Scheduler
from altbaumer.report.strategy import chart_csv, chart_html, chart_summary

from .cluster import CORES, check_processes, cluster_options, processes_option, resume_log
from .interrupt import partial_label, stop
from .output import SEED, BadInput, Parsed, ascii_option, plural, print_json, printable, stderr, stdout, sym

SAMPLES_MAX = 100_000
FILES = ("chart.csv", "chart.json", "chart.html")


CARD = Parsed("CARD", Card.parse, Card)


@click.command("charts")
@click.option("--for", "who", type=click.Choice(WHO), default="forehand", show_default=True,
              help="Whose plan: forehand's (accept, discard, alone) or the partner's lone choice once forehand "
                   "accepted and passed.")
@click.option("--turned", type=CARD, default="9H", show_default=True,
              help="The turned card (stock card 1) the chart is for.")
@click.option("--seen", type=CARD, default=None,
              help="The card seen at the cut (stock card 4, public; default 9C, or 9S when 9C is turned).")
@click.option("--score", "score_text", default=None, metavar="SCORE",
              help=f"The score before the deal, forehand's side making: {SCORE_SYNTAX} (default: the start of a "
                   "match, 0:0 rounds 0:0).")
@click.option("--samples", type=click.IntRange(2, SAMPLES_MAX), default=DEFAULT_SAMPLES, show_default=True,
              help="Worlds each decision of each hand is rated over.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed; the same seed gives the same chart.")
@click.option("--first", type=click.IntRange(0), default=0, show_default=True,
              help="Rate from this hand class on (classes are numbered in a fixed order).")
@click.option("--limit", type=click.IntRange(1), default=None, help="Rate at most this many classes (a slice).")
@processes_option
@cluster_options
@click.option("-o", "--output", "folder", type=click.Path(file_okay=False), default=None,
              help="The folder to write chart.csv, chart.json and chart.html in (made if missing; default "
                   "charts-TURNED-SEEN).")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON too.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def charts_command(who: str, turned: Card, seen: Optional[Card], score_text: Optional[str], samples: int, seed: int,
                   first: int, limit: Optional[int], processes: Optional[int], scheduler: Optional[Scheduler],
                   resume: Optional[str], folder: Optional[str], as_json: bool, no_progress: bool) -> None:
    """Rate forehand's plan before the play for every hand it can hold with
    --turned turned and --seen seen at the cut: accept or refuse, then the
    discard, then alone or together, by the chance to win the match (with
    --for partner: the partner's lone choice for every hand it can hold).

    Hands alike up to the plain suits are one class, rated once. The chart
    gives, by trumps and Trees, the share of hands for which accepting (then
    going alone) is best, and the thresholds in words; the CSV and JSON give
    every class's figures with 95% intervals. Results depend only on the
    cards, --score, --samples and --seed, never on --processes or
    --scheduler. Ctrl-C shows the classes rated so far and writes nothing;
    with --resume FILE the next run rates only the rest.
    """
    check_processes(processes, scheduler)
    seen = seen or default_seen(turned)
    try:
        state = None if score_text is None else MatchState.parse(score_text, FOREHAND.team)
        spec = ChartSpec(turned, seen, samples, seed, state, who=who)
    except AltbaumerError as error:
        raise BadInput(f"{'--score: ' if score_text else ''}{error}") from None
    target = folder or f"charts-{'partner-' if who == 'partner' else ''}{turned.ascii()}-{seen.ascii()}"
    _check_folder(target)
    classes = class_count(turned, seen)
    if first >= classes:
        raise BadInput(f"--first {first}: there are {classes:,} classes (0 to {classes - 1:,})")
    count = classes - first if limit is None else min(limit, classes - first)
    log = resume_log(resume, "charts", **spec.to_dict(), first=first, count=count)
    started = time.perf_counter()
    show_bar = not as_json and not no_progress and stderr.is_terminal
    with Progress(TextColumn("rating hands"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=stderr, disable=not show_bar, transient=True) as bar:
        task = bar.add_task("classes", total=count)
        rows = chart_rows(spec, first=first, limit=count, processes=processes or CORES, scheduler=scheduler,
                          resume=log, progress=lambda done: bar.advance(task, done), partial_on_interrupt=True)
    seconds = time.perf_counter() - started
    document = _document(spec, rows, classes, count, seconds, scheduler, processes or CORES)
    if document["complete"]:
        _write(target, rows, document)
    if as_json:
        print_json({k: v for k, v in document.items() if k != "rows"} | {"folder": target})
    else:
        _report(document, target)
    if not document["complete"]:
        # As every command: an interrupted run writes no file (the resume file keeps what was rated).
        again = f"run again with --resume {printable(resume)} to go on" if resume else "--resume FILE keeps the work"
        stderr.print(f"interrupted: nothing written to {printable(target)}; {again}", markup=False, soft_wrap=True)
        if not as_json:
            partial_label(f"{len(rows):,} of {plural(count, 'class', 'classes')} rated")
        stop()


def _check_folder(folder: str) -> None:
    """The folder may be made or written in; its chart files may be replaced, nothing else in it is touched."""
    parent = os.path.dirname(os.path.abspath(folder))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise BadInput(f"-o {printable(folder)}: not a folder")
    if not os.path.isdir(parent):
        raise BadInput(f"-o {printable(folder)}: the folder {printable(parent)} does not exist")
    if not os.access(folder if os.path.isdir(folder) else parent, os.W_OK):
        raise BadInput(f"-o {printable(folder)}: cannot write there")


def _document(spec: ChartSpec, rows: list[dict[str, Any]], classes: int, asked: int, seconds: float,
              scheduler: Optional[Scheduler], processes: int) -> dict[str, Any]:
    where = f"--scheduler {scheduler}" if scheduler else f"--processes {processes}"
    workers = scheduler.width if scheduler is not None else processes
    per_core = seconds * workers / len(rows) if rows else None  # the time a class takes one worker
    every = every_class_count()
    return {"format": "altbaumer-chart", "version": 1, "spec": spec.to_dict(), "classes": classes, "asked": asked,
            "rated": len(rows), "complete": len(rows) == asked, "seconds": round(seconds, 1),
            "seconds_per_class": round(seconds / len(rows), 4) if rows else None,
            "workers": workers, "core_seconds_per_class": None if per_core is None else round(per_core, 4),
            "every_pair": {"pairs": 24 * 23, "classes": every,
                           "core_hours": None if per_core is None else round(every * per_core / 3600, 1)},
            "command": f"altbaumer charts --for {spec.who} --turned {spec.turned.ascii()} --seen {spec.seen.ascii()} "
                       f"--samples {spec.samples} --seed {spec.seed} {where}",
            "summary": chart_summary(rows), "rows": rows}


def _write(folder: str, rows: list[dict[str, Any]], document: dict[str, Any]) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
        texts = (chart_csv(rows), json.dumps(document, separators=(",", ":")) + "\n", chart_html(document))
        for name, text in zip(FILES, texts):
            write_output(os.path.join(folder, name), text)
    except OSError as error:
        raise BadInput(f"{printable(folder)}: cannot write: {error.strerror or error}") from None


def _report(document: dict[str, Any], folder: str) -> None:
    spec, summary = document["spec"], document["summary"]
    whose = "the partner, forehand accepting" if spec["who"] == "partner" else "forehand"
    stdout.print(sym(f"{whose} with {spec['turned']} turned and {spec['seen']} seen at the cut: "
                     f"{document['rated']:,} of {document['classes']:,} hand classes rated "
                     f"({summary['hands']:,} hands) in {document['seconds']:,.1f} s"), markup=False)
    if document["core_seconds_per_class"] is not None:
        every = document["every_pair"]
        stdout.print(f"{document['core_seconds_per_class']:.3f} s a class on one worker; every pair of turned and "
                     f"seen card: {every['classes']:,} classes, some {every['core_hours']:,.0f} worker-hours "
                     f"({every['core_hours'] / 2:,.0f} h on 2 cores, {every['core_hours'] / 64:,.1f} h on 64)",
                     markup=False)
    for rule in summary["rules"]:
        stdout.print(f"  {rule}", markup=False)
    key = "alone" if spec["who"] == "partner" else "accept"
    table = Table(title=f"{key} is best (share of hands)")
    trumps = sorted({g["trumps"] for g in summary["groups"]})
    table.add_column("Trees")
    for t in trumps:
        table.add_column(f"{t} trumps", justify="right")
    groups = {(g["trumps"], g["trees"]): g for g in summary["groups"]}
    for trees in range(3):
        table.add_row(str(trees), *(f"{100 * groups[(t, trees)][key]:.0f}%"
                                    if (t, trees) in groups and groups[(t, trees)][key] is not None else "—"
                                    for t in trumps))
    stdout.print(table)
    if document["complete"]:
        stdout.print(f"wrote {', '.join(os.path.join(folder, f) for f in FILES)}", markup=False)
