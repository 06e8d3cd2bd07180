"""``altbaumer arena``: which of two policies wins more matches, on paired deals."""

from __future__ import annotations

import time
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from altbaumer.play.arena import ArenaResult, play_arena

from altbaumer.play.cluster import Scheduler

from .cluster import CORES, check_processes, cluster_options, processes_option, resume_log
from .interrupt import partial_label, stop
from .output import SEED, ascii_option, plural, print_json, printable, stderr, stdout, sym
from .simulate import POLICY_CHOICE

PAIRS_MAX = 500_000  # a million matches: some two days with the rating players, minutes with the heuristic


@click.command("arena")
@click.argument("a", type=POLICY_CHOICE, metavar="A")
@click.argument("b", type=POLICY_CHOICE, metavar="B")
@click.option("--pairs", "-n", type=click.IntRange(1, PAIRS_MAX), default=100, show_default=True,
              help="Pairs of matches: both matches of a pair are dealt the same cards, A and B swapping sides.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed; the same seed gives the same matches.")
@processes_option
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@cluster_options
def arena_command(a: str, b: str, pairs: int, seed: int, processes: int | None, as_json: bool,
                  no_progress: bool, scheduler: Scheduler | None, resume: str | None) -> None:
    """Play whole matches between policies A and B (random, heuristic,
    pimc-points, pimc-match, pimc-match-infer, pimc-match-endgame, altbaumer,
    altbaumer-all, altbaumer-decisions, level-1 to level-5, module:Class, or with the openspiel
    extra OpenSpiel's bots:
    openspiel:ismcts[:SIMULATIONS], openspiel:random,
    openspiel:module:function) and report which wins more, with 95%
    intervals.

    Matches come in pairs dealt the same cards, A sitting N-S in one and E-W
    in the other, so the luck of the cards cancels out; the first dealer
    varies from pair to pair. The rating players (pimc-points, pimc-match)
    decide every card and decision from their own knowledge; a match takes
    them about a second on one core; pimc-match-infer weighs its worlds by
    the cards the others chose, pimc-match-endgame solves the last two
    tricks as a game of hidden cards. The altbaumer player plays each card
    out before it plays it (altbaumer-all the decisions before the play too,
    altbaumer-decisions only them): some three seconds a match. level-1 to
    level-5 are the playing levels of altbaumer play (docs/play.md). Results
    depend only on --seed, never on --processes or --scheduler. Ctrl-C shows
    the pairs finished and exits 130.
    """
    check_processes(processes, scheduler)
    log = resume_log(resume, "arena", a=a, b=b, pairs=pairs, seed=seed)
    started = time.perf_counter()
    show_bar = not as_json and not no_progress and stderr.is_terminal
    with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TextColumn("matches"),
                  TimeRemainingColumn(), console=stderr, disable=not show_bar, transient=True) as bar:
        task = bar.add_task("matches", total=2 * pairs)
        result = play_arena(a, b, pairs, seed, processes or CORES, progress=lambda done: bar.advance(task, done),
                            partial_on_interrupt=True, scheduler=scheduler, resume=log)
    seconds = time.perf_counter() - started
    complete = result.pairs == pairs
    if as_json:
        print_json({**result.to_dict(), "seconds": round(seconds, 3), "complete": complete})
    else:
        _report(result, seconds)
    if not complete:
        partial_label(f"{plural(result.pairs, 'pair')} of {pairs:,} played")
        stop()


def _report(result: ArenaResult, seconds: float) -> None:
    s = result.summary()
    first, second = s["a"], s["b"]
    leader = first if first["win_rate"] >= second["win_rate"] else second
    rate, ci = leader["win_rate"], leader["win_rate_ci95"]
    verdict = "beyond" if rate - ci > 0.5 else "within"
    stdout.print(f"{printable(leader['policy'])} won {_pct(rate)} ± {_pct(ci)} of {plural(s['matches'], 'match', 'matches')} "
                 f"({plural(s['pairs'], 'pair')} on the same cards from both sides, {s['deals']:,} deals, "
                 f"{seconds:.1f} s): {verdict} the noise of an even contest.", markup=False)
    adjusted, equivalent = leader["win_rate_adjusted"], s["luck_adjustment"]["pairs_equivalent"]
    gain = (f"as precise as {equivalent:,.0f} pairs without the adjustment" if equivalent and equivalent > s["pairs"]
            else "no more precise than without it here")
    stdout.print(f"Adjusted for the luck of the cards: {_pct(adjusted)} ± {_pct(leader['win_rate_adjusted_ci95'])} "
                 f"({gain}).", markup=False)
    table = Table(title_justify="left")
    for heading in ("policy", "matches won", "win rate", "adjusted", "points per deal", "lone marches"):
        table.add_column(heading, justify="left" if heading == "policy" else "right", overflow="fold")
    for row in (first, second):
        table.add_row(printable(row["policy"]), f"{row['wins']:,}", _with(row, "win_rate", percent=True),
                      _with(row, "win_rate_adjusted", percent=True), _with(row, "points_per_deal"),
                      _with(row, "lone_marches_per_deal", percent=True))
    stdout.print(table)
    stdout.print("[dim]win rate: of the matches; adjusted: the same for the luck of the cards (each deal's "
                 "double-dummy value against the average deal); points per deal: the deal points its team scored "
                 "per deal; lone marches: its own, per deal; ± the 95% interval over the pairs[/dim]")


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _with(row: dict[str, Any], key: str, percent: bool = False) -> str:
    value, ci = row[key], row[f"{key}_ci95"]
    return sym(f"{_pct(value)} ± {_pct(ci)}" if percent else f"{value:+.3f} ± {ci:.3f}")
