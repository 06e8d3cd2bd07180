"""``altbaumer equity``: the match equity table, shown, asked about, estimated
anew, or rebuilt score by score (a step of the score-aware table's fixed point)."""

from __future__ import annotations

import json
import re
import time
from typing import Any, Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from altbaumer.abn.files import read_text
from altbaumer.errors import AbnError, AltbaumerError
from altbaumer.game.equity import DIGEST_KEY, OUTCOME_LABELS, OUTCOMES, EquityTable, RateClass, shipped_table
from altbaumer.game.score_groups import MAX_CLASSES
from altbaumer.game.match_state import ROUND_TARGET, SCORE_SYNTAX, MatchState
from altbaumer.game.seats import Team
from altbaumer.play.cluster import Scheduler
from altbaumer.play.outcomes import PLAYS, DEFAULT_SAMPLES, OutcomeCounts, equity_table, estimate_outcomes, pass_record
from altbaumer.play.resume import ResumeLog
from altbaumer.play.score_aware import DEFAULT_CLASSES, REBUILD_DEALS, Rebuild, rebuild

from .cluster import CORES, check_processes, cluster_options, processes_option, resume_log
from .files import Output, check_output, save
from .interrupt import partial_label, stop
from .output import BadInput, SEED, ascii_option, plural, print_json, printable, stderr, stdout, sym

DEALS_MAX = 100_000  # some 1.5 hours on one core at the default --samples
SAMPLES_MAX = 10_000  # each deal's decisions then take some 5 s
GRID = range(-2, ROUND_TARGET)  # the totals a match from 0:0 can reach before a deal (docs/equity.md)
MAKERS_CHOICE = click.Choice(["NS", "EW"], case_sensitive=False)
OBJECTIVE_CHOICE = click.Choice(["match", "net"])
_ROUNDS = re.compile(r"\d\s*:\s*\d")
_RUN_OPTIONS = ("seed", "samples", "objective", "play", "processes", "no_progress", "scheduler",
                "resume")  # only with --deals or --rebuild


@click.command("equity")
@click.option("--rounds", "rounds_text", default="0:0", show_default=True, metavar="R:R",
              help="Rounds won (N-S first) for the table of points; 1:1 is the decider.")
@click.option("--makers", type=MAKERS_CHOICE, default="NS", show_default=True,
              help="The team that makes trump in the coming deal (forehand's side).")
@click.option("--score", "score_text", default=None, metavar="SCORE",
              help=f"Answer one score instead of the table: {SCORE_SYNTAX}.")
@click.option("--deals", type=click.IntRange(1, DEALS_MAX), default=None,
              help="Estimate the outcome rates anew from this many simulated deals (some 50 ms a deal on one "
                   f"core at the default --samples) instead of using the shipped table; with --rebuild, the deals "
                   f"of the step [default: {REBUILD_DEALS:,}].")
@click.option("--rebuild", "rebuild_step", is_flag=True,
              help="A step towards the score-aware table: group the scores by what the outcomes are worth there, "
                   "simulate each group at its score with players who rate by the table (--from, else the shipped "
                   "one), and show the new table and how far it moved. Repeat with --from the new table until it "
                   "says settled (docs/equity.md, Score-aware rates).")
@click.option("--classes", type=click.IntRange(1, MAX_CLASSES), default=DEFAULT_CLASSES, show_default=True,
              help="Groups of scores simulated apart (with --rebuild).")
@click.option("--from", "source", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="The table to show, or to estimate and rebuild with, instead of the shipped one (a data file "
                   "written by -o).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the simulated deals (with --deals or --rebuild).")
@click.option("--samples", type=click.IntRange(2, SAMPLES_MAX), default=DEFAULT_SAMPLES, show_default=True,
              help="Worlds each decision is rated over (with --deals or --rebuild).")
@click.option("--objective", type=OBJECTIVE_CHOICE, default="match", show_default=True,
              help="What the simulated decisions maximise (with --deals): the chance to win the match from 0:0 "
                   "through the table (--from, else the shipped one), or the net deal points.")
@click.option("--play", type=click.Choice(PLAYS), default=None,
              help="How the simulated deals' cards are played: double dummy, or realistic, every seat from its own "
                   "knowledge (about twice as slow) [default: dd with --deals, realistic with --rebuild].")
@click.option("--processes", type=click.IntRange(1, CORES), default=None,
              help="Worker processes for --deals and --rebuild, at most the cores (default: all cores).")
@click.option("-o", "--output", type=click.Path(allow_dash=True), default=None,
              help="Write the table as a data file (JSON; - for standard output), like the one the package ships.")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the table's figures as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar (with --deals or --rebuild).")
@cluster_options
@click.pass_context
def equity_command(ctx: click.Context, rounds_text: str, makers: str, score_text: Optional[str],
                   deals: Optional[int], rebuild_step: bool, classes: int, source: Optional[str], seed: int,
                   samples: int, objective: str, play: Optional[str], processes: Optional[int],
                   output: Optional[str], as_json: bool, no_progress: bool, scheduler: Optional[Scheduler],
                   resume: Optional[str]) -> None:
    """The chance to win the match from every score (docs/equity.md).

    Each deal ends in one of five outcomes for its makers, with rates
    estimated by simulating deals with this project's own decisions; the
    match is then a Markov chain over the scores, solved exactly. Figures
    come with 95% intervals from the sampling error of the rates. The table
    shows the makers' team's chance over the points of both teams for one
    rounds state. Results of --deals and --rebuild depend only on --seed,
    --samples, --objective, --play, --classes and the table they start from,
    never on --processes or --scheduler.
    """
    check_processes(processes, scheduler)
    given = [name for name in _RUN_OPTIONS if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if deals is None and not rebuild_step and given:
        raise BadInput(f"--{given[0].replace('_', '-')} is for estimating a table anew: give --deals or --rebuild too")
    if not rebuild_step and ctx.get_parameter_source("classes") is click.core.ParameterSource.COMMANDLINE:
        raise BadInput("--classes is for --rebuild")
    if rebuild_step and objective != "match":
        raise BadInput("--rebuild makes a score-aware table, whose players play for the match: not --objective net")
    play = play or ("realistic" if rebuild_step else "dd")
    start_table = shipped_table() if source is None else _read_table(source)
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
    show_bar = not as_json and not no_progress and stderr.is_terminal
    if rebuild_step:
        deals = deals or REBUILD_DEALS
        if deals < classes:
            raise BadInput(f"--deals {deals}: a rebuild needs at least a deal for each of its {classes} classes")
        if any(p.get("score_aware") and p.get("seed") == seed for p in start_table.provenance.get("passes", [])):
            stderr.print(f"note: --seed {seed} deals the cards of an earlier step of this table again; give each "
                         "step its own seed for independent figures", markup=False)
        log = resume_log(resume, "equity --rebuild", deals=deals, seed=seed, samples=samples, play=play,
                         classes=classes, table=_digest(start_table))
        step = _rebuild(start_table, source, deals, classes, seed, samples, play, processes or CORES, output,
                        show_bar, scheduler, log)
        table, run = step.table, _rebuild_figures(step, deals)
    elif deals is None:
        table = start_table
    else:
        log = resume_log(resume, "equity", deals=deals, seed=seed, samples=samples, objective=objective, play=play,
                         **({} if source is None else {"table": _digest(start_table)}))
        table, run = _estimate(deals, seed, samples, objective, play, processes or CORES, output, show_bar,
                               scheduler=scheduler, resume=log, base=start_table if objective == "match" else None)
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


def _read_table(path: str) -> EquityTable:
    """The table of a data file, or one line naming the file and its problem."""
    try:
        text = read_text(path)
        data = json.loads(text)
    except AbnError as error:
        raise BadInput(f"--from {error}") from None
    except json.JSONDecodeError as error:
        raise BadInput(f"--from {printable(path)}:{error.lineno}: not JSON ({error.msg})") from None
    try:
        return EquityTable.from_json(data, printable(path))
    except AltbaumerError as error:
        raise BadInput(f"--from {error}") from None


def _digest(table: EquityTable) -> str:
    """What a run's results depend on of the table it starts from: its data file's digest."""
    return str(table.to_json()[DIGEST_KEY][:16])


def _parse(text: str, makers: Team, option: str) -> MatchState:
    try:
        return MatchState.parse(text, makers)
    except AltbaumerError as error:
        raise BadInput(f"{option}: {error}") from None


def _bar(show: bool) -> Progress:
    return Progress(TextColumn("simulating deals"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=stderr, disable=not show, transient=True)


def _estimate(deals: int, seed: int, samples: int, objective: str, play: str, processes: int,
              output: Optional[str], show_bar: bool, scheduler: Optional[Scheduler] = None,
              resume: Optional[ResumeLog] = None, base: Optional[EquityTable] = None
              ) -> tuple[EquityTable, dict[str, Any]]:
    """A new table from ``deals`` simulated deals (decisions for the match
    rated by ``base``), and what the run did."""
    started = time.perf_counter()
    with _bar(show_bar) as bar:
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


def _rebuild(table: EquityTable, source: Optional[str], deals: int, classes: int, seed: int, samples: int, play: str,
             processes: int, output: Optional[str], show_bar: bool, scheduler: Optional[Scheduler],
             resume: Optional[ResumeLog]) -> Rebuild:
    """A step of the score-aware table from ``table``."""
    command = (f"altbaumer equity --rebuild --deals {deals} --classes {classes} --seed {seed} --samples {samples}"
               f" --play {play}" + (f" --from {source}" if source else "")
               + (f" --scheduler {scheduler}" if scheduler else f" --processes {processes}")
               + (f" -o {output}" if output else ""))
    with _bar(show_bar) as bar:
        task = bar.add_task("deals", total=deals)
        return rebuild(table, deals, classes, seed, samples, play, processes,
                       progress=lambda done: bar.advance(task, done), partial_on_interrupt=True,
                       scheduler=scheduler, resume=resume, command=command)


def _rebuild_figures(step: Rebuild, deals: int) -> dict[str, Any]:
    total = OutcomeCounts()
    for counts in step.counts:
        total.merge(counts)
    return {**_run_figures(total, deals, step.seconds), "complete": step.complete,
            "rebuild": {"classes": step.table.provenance["passes"][-1]["classes"], "moved": step.moved.to_dict()}}


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
        "score_aware": table.score_aware, "classes": [_class_figures(c) for c in table.classes],
    }
    if score is not None:
        data["score"] = _chances(table, score) | {"rate_class": table.rate_class(score).name}
    elif not rounds.decider:
        states = [[_grid_state(rounds, ns, ew) for ew in GRID] for ns in GRID]
        data["grid"] = {"rounds": list(rounds.rounds), "ns_points": list(GRID), "ew_points": list(GRID),
                        "makers_match": [[table.equity(s, makers) for s in row] for row in states],
                        "ci95": [[table.equity_ci95(s) for s in row] for row in states]}
    return data


def _class_figures(rates: RateClass) -> dict[str, Any]:
    return {"name": rates.name, "rated_at": rates.rated_at, "deals": rates.deals,
            "outcomes": dict(zip(OUTCOMES, rates.probabilities))}


def _grid_state(rounds: MatchState, ns: int, ew: int) -> MatchState:
    return MatchState((ns, ew), rounds.rounds, rounds.makers)


# -- on the terminal ------------------------------------------------------------------------------------------


def _pct(p: float, ci: Optional[float] = None) -> str:
    return f"{100 * p:.1f}%" + ("" if ci is None else sym(f" ± {100 * ci:.1f}%"))


def _report(table: EquityTable, rounds: MatchState, score: Optional[MatchState], run: dict[str, Any]) -> None:
    if run:
        stdout.print(f"estimated from {plural(run['deals'], 'deal')} in {run['seconds']:.1f} s "
                     f"({1000 * run['seconds_per_deal']:.0f} ms a deal)")
    if "rebuild" in run:
        _rebuild_report(table, run["rebuild"])
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


def _rebuild_report(table: EquityTable, step: dict[str, Any]) -> None:
    stdout.print(_classes_table(table, step["classes"]))
    moved = step["moved"]
    verdict = ("settled: no more states moved beyond their noise than chance alone moves" if moved["settled"] else
               "not settled: run again with --from this table")
    stdout.print(f"Moved from the table it started from by {100 * moved['largest']:.2f} points of match equity at "
                 f"the most ({moved['largest_at']}) and {100 * moved['mean']:.2f} on average; "
                 f"{moved['beyond_noise']} of {moved['states']} scores moved by more than their noise: {verdict}.",
                 markup=False)


def _classes_table(table: EquityTable, classes: list[dict[str, Any]]) -> Table:
    grid = Table(title="How a deal ends for its makers, by class of scores (%; each simulated at one score, the "
                       "makers' first; share: of the deals of a match)", title_justify="left")
    for name in ("class", "at", "share", "deals", "made", "march", "lone", "set", "set all"):
        grid.add_column(name, justify="left" if name == "at" else "right")
    for rates, figures in zip(table.classes, classes):
        grid.add_row(rates.name.removeprefix("class "), _short(rates.rated_at), f"{100 * figures['share']:.1f}",
                     f"{rates.deals:,}", *(f"{100 * p:.1f}" for p in rates.probabilities))
    return grid


def _short(rated_at: str) -> str:
    """A class's score without the makers, who are N-S in every one (docs/equity.md)."""
    return rated_at.removesuffix(", N-S make trump").replace("the decider (rounds 1:1)", "decider")


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
    if table.score_aware:
        rates = table.rate_class(state)
        stdout.print(f"  The deal ends, for the makers (the rates of {rates.name}, simulated at {rates.rated_at}): "
                     f"{_rates_words(rates.probabilities)}.", markup=False)


def _headline_report(table: EquityTable, makers: Team) -> None:
    states = _headline(makers)
    figures = [_pct(table.equity(s, makers), table.equity_ci95(s)) for s in states.values()]
    stdout.print(f"{makers}, making trump in the coming deal, win the match {figures[0]} from the start (0:0, "
                 f"rounds 0:0), {figures[1]} from 4:4 and {figures[2]} in the decider (95% intervals).")
    stdout.print(("At the start of a match a deal ends, for its makers: " if table.score_aware else
                  "A deal ends, for its makers: ") + _rates_words(table.probabilities) + "."
        + (f" The rates depend on the score: {len(table.classes)} classes of scores, each simulated at its score "
           "(--json)." if table.score_aware else ""))
    stdout.print(_provenance_words(table), markup=False)


def _rates_words(probabilities: tuple[float, ...]) -> str:
    return "; ".join(f"{OUTCOME_LABELS[o]} {_pct(p)}" for o, p in zip(OUTCOMES, probabilities))


def _provenance_words(table: EquityTable) -> str:
    passes = table.provenance.get("passes") or [{}]
    last = passes[-1]
    made = f"From {plural(table.deals, 'simulated deal')}"
    if table.provenance.get("score_aware"):
        made = (f"Score-aware, iteration {table.provenance.get('iterations')} of its fixed point: from "
                f"{plural(table.deals, 'simulated deal')} in {len(table.classes)} classes of scores")
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
