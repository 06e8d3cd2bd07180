"""``altbaumer equity``: the match equity table, shown, asked about, or estimated anew."""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any, Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from altbaumer.errors import AltbaumerError
from altbaumer.game.equity import OUTCOME_LABELS, OUTCOMES, EquityTable, shipped_table
from altbaumer.game.match_state import ROUND_TARGET, SCORE_SYNTAX, MatchState
from altbaumer.game.seats import Team
from altbaumer.play.cluster import Scheduler
from altbaumer.play.outcomes import PLAYS, DEFAULT_SAMPLES, OutcomeCounts, equity_table, estimate_outcomes, pass_record
from altbaumer.play.resume import ResumeLog

from .cluster import check_processes, cluster_options, resume_log
from .files import Output, check_output, save
from .interrupt import partial_label, stop
from .output import BadInput, SEED, ascii_option, plural, print_json, printable, stderr, stdout, sym

DEALS_MAX = 100_000  # some 1.5 hours on one core at the default --samples
SAMPLES_MAX = 10_000  # each deal's decisions then take some 5 s
CORES = os.cpu_count() or 1  # more processes than cores only cost memory: results depend on --seed alone
GRID = range(-2, ROUND_TARGET)  # the totals a match from 0:0 can reach before a deal (docs/equity.md)
MAKERS_CHOICE = click.Choice(["NS", "EW"], case_sensitive=False)
OBJECTIVE_CHOICE = click.Choice(["match", "net"])
_ROUNDS = re.compile(r"\d\s*:\s*\d")
_RUN_OPTIONS = ("seed", "samples", "objective", "play", "processes", "no_progress", "scheduler",
                "resume")  # only with --deals


@click.command("equity")
@click.option("--rounds", "rounds_text", default="0:0", show_default=True, metavar="R:R",
              help="Rounds won (N-S first) for the table of points; 1:1 is the decider.")
@click.option("--makers", type=MAKERS_CHOICE, default="NS", show_default=True,
              help="The team that makes trump in the coming deal (forehand's side).")
@click.option("--score", "score_text", default=None, metavar="SCORE",
              help=f"Answer one score instead of the table: {SCORE_SYNTAX}.")
@click.option("--deals", type=click.IntRange(1, DEALS_MAX), default=None,
              help="Estimate the outcome rates anew from this many simulated deals (some 50 ms a deal on one "
                   "core at the default --samples) instead of using the shipped table.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the simulated deals (with --deals).")
@click.option("--samples", type=click.IntRange(2, SAMPLES_MAX), default=DEFAULT_SAMPLES, show_default=True,
              help="Worlds each decision is rated over (with --deals).")
@click.option("--objective", type=OBJECTIVE_CHOICE, default="match", show_default=True,
              help="What the simulated decisions maximise (with --deals): the chance to win the match from 0:0 "
                   "through the shipped table, or the net deal points.")
@click.option("--play", type=click.Choice(PLAYS), default="dd", show_default=True,
              help="How the simulated deals' cards are played (with --deals): double dummy, or realistic, every "
                   "seat from its own knowledge (about twice as slow).")
@click.option("--processes", type=click.IntRange(1, CORES), default=None,
              help="Worker processes for --deals, at most the cores (default: all cores).")
@click.option("-o", "--output", type=click.Path(allow_dash=True), default=None,
              help="Write the table as a data file (JSON; - for standard output), like the one the package ships.")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the table's figures as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar (with --deals).")
@cluster_options
@click.pass_context
def equity_command(ctx: click.Context, rounds_text: str, makers: str, score_text: Optional[str],
                   deals: Optional[int], seed: int, samples: int, objective: str, play: str, processes: Optional[int],
                   output: Optional[str], as_json: bool, no_progress: bool, scheduler: Optional[Scheduler],
                   resume: Optional[str]) -> None:
    """The chance to win the match from every score (docs/equity.md).

    Each deal ends in one of five outcomes for its makers, with rates
    estimated by simulating deals with this project's own decisions; the
    match is then a Markov chain over the scores, solved exactly. Figures
    come with 95% intervals from the sampling error of the rates. The table
    shows the makers' team's chance over the points of both teams for one
    rounds state. Results of --deals depend only on --seed, --samples and
    --objective, never on --processes or --scheduler.
    """
    check_processes(processes, scheduler)
    given = [name for name in _RUN_OPTIONS if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if deals is None and given:
        raise BadInput(f"--{given[0].replace('_', '-')} is for estimating a table anew: give --deals too")
    team = Team.NS if makers.upper() == "NS" else Team.EW
    score = None if score_text is None else _parse(score_text, team, "--score")
    rounds = _parse(f"rounds {rounds_text}", team, "--rounds") if _ROUNDS.fullmatch(rounds_text.strip()) else None
    if rounds is None:
        raise BadInput(f"--rounds {printable(rounds_text)!r}: not rounds won as R:R, N-S first (0:0, 1:0, 0:1, 1:1)")
    for option, text, state in (("--score", score_text, score), ("--rounds", rounds_text, rounds)):
        if state is not None and state.winner is not None:
            raise BadInput(f"{option} {printable(text)}: the match is over, {state.winner} have won it")
    target = None if output is None else check_output(output, ("json",), stdout_taken="--json" if as_json else None)
    run: dict[str, Any] = {}
    if deals is None:
        table = shipped_table()
    else:
        log = resume_log(resume, "equity", deals=deals, seed=seed, samples=samples, objective=objective, play=play)
        table, run = _estimate(deals, seed, samples, objective, play, processes or CORES, output,
                               show_bar=not as_json and not no_progress and stderr.is_terminal,
                               scheduler=scheduler, resume=log)
    complete = run.get("complete", True)
    if target is not None and _write(target, table, complete, as_json):
        return
    if as_json:
        print_json(_figures(table, rounds, score) | ({"run": run} if run else {}))
    else:
        _report(table, rounds, score, run)
    if not complete:
        stop()


def _write(target: Output, table: EquityTable, complete: bool, as_json: bool) -> bool:
    """Write the data file of a complete run (else say so); true when standard output was the file's."""
    if not complete:
        stderr.print(f"interrupted: nothing written to {printable(target.path)}", markup=False)
        if target.to_stdout:
            stop()
        return False
    save(target, table_file_text(table))
    if not target.to_stdout:
        (stderr if as_json else stdout).print(f"wrote the table to {printable(target.path)}", markup=False)
    return target.to_stdout


def _parse(text: str, makers: Team, option: str) -> MatchState:
    try:
        return MatchState.parse(text, makers)
    except AltbaumerError as error:
        raise BadInput(f"{option}: {error}") from None


def _estimate(deals: int, seed: int, samples: int, objective: str, play: str, processes: int,
              output: Optional[str], show_bar: bool, scheduler: Optional[Scheduler] = None,
              resume: Optional[ResumeLog] = None) -> tuple[EquityTable, dict[str, Any]]:
    """A new table from ``deals`` simulated deals, and what the run did."""
    base = shipped_table() if objective == "match" else None
    started = time.perf_counter()
    with Progress(TextColumn("simulating deals"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=stderr, disable=not show_bar, transient=True) as bar:
        task = bar.add_task("deals", total=deals)
        counts = estimate_outcomes(deals, seed, samples, objective, table=base, processes=processes,
                                   progress=lambda done: bar.advance(task, done), partial_on_interrupt=True,
                                   play=play, scheduler=scheduler, resume=resume)
    seconds = time.perf_counter() - started
    command = f"altbaumer equity --deals {deals} --seed {seed} --samples {samples} --objective {objective}" \
              f" --play {play}" + (f" --scheduler {scheduler}" if scheduler else f" --processes {processes}") \
              + (f" -o {output}" if output else "")
    record = pass_record(counts, seed=seed, samples=samples, objective=objective, seconds=seconds,
                         processes=processes, command=command, play=play)
    return equity_table(counts, record, base), _run_figures(counts, deals, seconds)


def _run_figures(counts: OutcomeCounts, deals: int, seconds: float) -> dict[str, Any]:
    return {"deals_asked": deals, "seconds": round(seconds, 3),
            "seconds_per_deal": round(seconds / counts.deals, 4), "complete": counts.deals == deals,
            **counts.to_dict()}


def table_file_text(table: EquityTable) -> str:
    """The data file of ``table``: readable JSON, one state to a line."""
    data = table.to_json()
    rows = data.pop("states")
    head = json.dumps(data, indent=1, ensure_ascii=False)
    lines = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in rows)
    return f'{head[:-2]},\n "states": [\n{lines}\n ]\n}}\n'


# -- the figures ----------------------------------------------------------------------------------------------


def _chances(table: EquityTable, state: MatchState) -> dict[str, Any]:
    """Both teams' chances to win the match and the round in play from
    ``state``, with 95% half-widths; ``computed_as`` the state the table
    figures them at when a total lies below its floor (else None)."""
    match_ci, round_ci = table.equity_ci95(state), table.round_chance_ci95(state)
    computed = table.computed_state(state)
    return {"state": state.to_dict(), "describe": state.describe(),
            "computed_as": None if computed == state else computed.to_dict(),
            **{str(team): {"match": table.equity(state, team), "match_ci95": match_ci,
                           "round": table.round_chance(state, team), "round_ci95": round_ci} for team in Team}}


def _headline(makers: Team) -> dict[str, MatchState]:
    return {"start": MatchState.start(makers), "four_all": MatchState.parse("4:4", makers),
            "decider": MatchState.parse("decider", makers)}


def _figures(table: EquityTable, rounds: MatchState, score: Optional[MatchState]) -> dict[str, Any]:
    makers = rounds.makers
    data: dict[str, Any] = {
        "makers": str(makers),
        "headline": {name: _chances(table, state) for name, state in _headline(makers).items()},
        "outcomes": {o: {"probability": p, "label": OUTCOME_LABELS[o]} for o, p in zip(OUTCOMES, table.probabilities)},
        "deals": table.deals, "floor": table.floor, "floor_mass": table.floor_mass, "provenance": table.provenance,
    }
    if score is not None:
        data["score"] = _chances(table, score)
    elif not rounds.decider:
        states = [[_grid_state(rounds, ns, ew) for ew in GRID] for ns in GRID]
        data["grid"] = {"rounds": list(rounds.rounds), "ns_points": list(GRID), "ew_points": list(GRID),
                        "makers_match": [[table.equity(s, makers) for s in row] for row in states],
                        "ci95": [[table.equity_ci95(s) for s in row] for row in states]}
    return data


def _grid_state(rounds: MatchState, ns: int, ew: int) -> MatchState:
    return MatchState((ns, ew), rounds.rounds, rounds.makers)


# -- on the terminal ------------------------------------------------------------------------------------------


def _pct(p: float, ci: Optional[float] = None) -> str:
    return f"{100 * p:.1f}%" + ("" if ci is None else sym(f" ± {100 * ci:.1f}%"))


def _report(table: EquityTable, rounds: MatchState, score: Optional[MatchState], run: dict[str, Any]) -> None:
    if run:
        stdout.print(f"estimated from {plural(run['deals'], 'deal')} in {run['seconds']:.1f} s "
                     f"({1000 * run['seconds_per_deal']:.0f} ms a deal)")
    if score is not None:
        _score_report(table, score)
    else:
        _headline_report(table, rounds.makers)
        if rounds.decider:
            stdout.print(sym("In the decider there are no points: the figure above is the whole table."))
        else:
            stdout.print(_grid(table, rounds))
    if not run.get("complete", True):
        partial_label(f"{plural(run['deals'], 'deal')} of {run['deals_asked']:,} simulated")


def _score_report(table: EquityTable, state: MatchState) -> None:
    stdout.print(f"At {state.describe()}:")
    computed = table.computed_state(state)
    if computed != state:
        stdout.print(f"  computed at {computed.describe()}: the table keeps every total at its floor, "
                     f"{table.floor}, or above (docs/equity.md, The floor)")
    for team in (state.makers, state.makers.other):
        role = "makers" if team is state.makers else "defenders"
        stdout.print(f"  {team} ({role}) win the match {_pct(table.equity(state, team), table.equity_ci95(state))}"
                     + ("" if state.decider else
                        f", the round {_pct(table.round_chance(state, team), table.round_chance_ci95(state))}"))


def _headline_report(table: EquityTable, makers: Team) -> None:
    states = _headline(makers)
    figures = [_pct(table.equity(s, makers), table.equity_ci95(s)) for s in states.values()]
    stdout.print(f"{makers}, making trump in the coming deal, win the match {figures[0]} from the start (0:0, "
                 f"rounds 0:0), {figures[1]} from 4:4 and {figures[2]} in the decider (95% intervals).")
    stdout.print("A deal ends, for its makers: " + "; ".join(
        f"{OUTCOME_LABELS[o]} {_pct(p)}" for o, p in zip(OUTCOMES, table.probabilities)) + ".")
    stdout.print(_provenance_words(table), markup=False)


def _provenance_words(table: EquityTable) -> str:
    passes = table.provenance.get("passes") or [{}]
    last = passes[-1]
    made = f"From {plural(table.deals, 'simulated deal')}"
    if "seed" in last:
        made += f" (seed {last['seed']}{', ' + str(last['date']) if 'date' in last else ''})"
    policy = last.get("policy")
    earlier = f" Earlier passes: {len(passes) - 1}, listed in the JSON." if len(passes) > 1 else ""
    return f"{made}: {policy}.{earlier}" if policy else f"{made}.{earlier}"


def _grid(table: EquityTable, rounds: MatchState) -> Table:
    makers = rounds.makers
    grid = Table(title=f"{makers}'s chance to win the match (%), {makers} making trump, rounds "
                       f"{rounds.rounds[0]}:{rounds.rounds[1]}", title_justify="left")
    grid.add_column("N-S \\ E-W", justify="right")
    for ew in GRID:
        grid.add_column(str(ew), justify="right")
    for ns in GRID:
        grid.add_row(str(ns), *(f"{100 * table.equity(_grid_state(rounds, ns, ew), makers):.1f}" for ew in GRID))
    return grid
