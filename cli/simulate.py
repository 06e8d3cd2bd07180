"""``altbaumer simulate``: whole matches between policies, with statistics."""

from __future__ import annotations

import time

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from altbaumer.abn import Board, board_from_deal, boards_to_json, write_boards
from altbaumer.play.players import POLICIES, check_policy_name
from altbaumer.report.render import stats_table
from altbaumer.play.simulate import PlayedDeal, SimulationStats, simulate_matches

from altbaumer.play.cluster import Scheduler

from .cluster import CORES, check_processes, cluster_options, processes_option, resume_log
from .files import check_output, save
from .interrupt import partial_label, stop
from .output import BadInput, Parsed, SEED, ascii_option, plural, print_json, printable, stderr, stdout, sym

POLICY_CHOICE = Parsed("POLICY", check_policy_name)  # a name (random, heuristic, pimc-points, pimc-match), module:Class or openspiel:…
POLICY_HELP = f"{', '.join(POLICIES)}, or module:Class"
FORMATS = ("abn", "json")
MATCHES_MAX = 1_000_000  # some two hours on two cores (the statistics alone need no more memory for more)
RECORD_MAX = 2_000  # with --record: some 30,000 deals, 0.5 GB in memory and an 11 MB file


@click.command("simulate")
@click.option("--matches", "-n", type=click.IntRange(1, MATCHES_MAX), default=1000, show_default=True,
              help="Matches to play.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed; the same seed gives the same statistics.")
@click.option("--ns", type=POLICY_CHOICE, default="heuristic", show_default=True,
              help=f"Policy of N and S: {POLICY_HELP}.")
@click.option("--ew", type=POLICY_CHOICE, default="heuristic", show_default=True,
              help=f"Policy of E and W: {POLICY_HELP}.")
@processes_option
@click.option("--workers", "workers", type=click.IntRange(1, CORES), default=None, hidden=True,
              deprecated="Use --processes.")
@click.option("--record", type=click.Path(allow_dash=True), default=None,
              help="Write every deal played, with its play, to this deal file (ABN; JSON if it ends in .json; "
                   f"- for standard output, instead of the statistics); at most {RECORD_MAX:,} matches with it.")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@cluster_options
def simulate_command(
    matches: int, seed: int, ns: str, ew: str, processes: int | None, workers: int | None, record: str | None,
    as_json: bool, no_progress: bool, scheduler: Scheduler | None, resume: str | None,
) -> None:
    """Play whole matches (rounds to 5, two rounds, one-deal decider) between
    seeded policies and report how deals and matches went.

    Results depend only on --seed, never on --processes or --scheduler.
    """
    check_processes(processes, scheduler)
    if record is not None and matches > RECORD_MAX:
        raise BadInput(f"--record keeps every deal in memory until the end: at most {RECORD_MAX:,} matches with it, "
                       f"not {matches:,}")
    target = None if record is None else check_output(record, FORMATS, option="--record",
                                                       stdout_taken="--json" if as_json else None)
    played: list[PlayedDeal] | None = [] if target is not None else None
    log = resume_log(resume, "simulate", matches=matches, seed=seed, ns=ns, ew=ew, record=target is not None)
    processes = processes or workers or CORES  # --workers: the old name of --processes
    started = time.perf_counter()
    show_bar = not as_json and not no_progress and stderr.is_terminal
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=stderr, disable=not show_bar, transient=True,
    ) as bar:
        task = bar.add_task("matches", total=matches)
        stats = simulate_matches(
            matches, seed, ns=ns, ew=ew, workers=processes, progress=lambda done: bar.advance(task, done),
            record=played, partial_on_interrupt=True, scheduler=scheduler, resume=log,
        )
    seconds = time.perf_counter() - started
    complete = stats.matches == matches  # else Ctrl-C came after these matches: shown, then exit 130
    if target is not None and not complete:
        stderr.print(f"interrupted: nothing recorded in {printable(record)}", markup=False)
        if target.to_stdout:  # stdout was the record's
            stop()
    if target is not None and played is not None and complete:
        boards = [_board(p, seed, ns, ew) for p in played]
        save(target, boards_to_json(boards) if target.fmt == "json" else write_boards(boards))
        if target.to_stdout:  # the file is all that goes to stdout
            return
        (stderr if as_json else stdout).print(f"recorded {plural(len(boards), 'deal')} in {printable(record)}",
                                              markup=False)
    if as_json:
        print_json({"seed": seed, "policies": {"N-S": ns, "E-W": ew}, "seconds": round(seconds, 3), **stats.to_dict(),
                    "complete": complete})
    else:
        _report(stats, ns, ew, seed, seconds)
    if not complete:
        if not as_json:
            partial_label(f"{plural(stats.matches, 'match', 'matches')} of {matches:,} played")
        stop()


def _board(played: PlayedDeal, seed: int, ns: str, ew: str) -> Board:
    """A simulated deal as a board of the deal file, tagged with its match and
    round (docs/format.md, Files the commands write)."""
    match, record = played.match, played.record
    tags = {"Event": f"altbaumer simulate --seed {seed}", "Board": f"{match}.{record.number}",
            "North": ns, "South": ns, "East": ew, "West": ew,
            "Match": str(match), "Round": "decider" if record.decider else str(record.round_number)}
    return board_from_deal(played.deal, tags)


def _report(stats: SimulationStats, ns: str, ew: str, seed: int, seconds: float) -> None:
    d = stats.to_dict()
    pct = lambda count, whole=None: f"{100 * stats.share(count, whole):.1f}%"  # noqa: E731
    stdout.print(
        f"[bold]{plural(stats.matches, 'match', 'matches')}[/bold], N-S {ns} vs E-W {ew}, seed {seed}: "
        f"{plural(stats.deals, 'deal')} in {seconds:.1f} s"
    )
    per = d["deals_per_match"]
    stdout.print(
        f"deals per match: mean {per['mean']:.2f} (min {per['min']}, max {per['max']}); "
        f"rounds per match {stats.rounds / stats.matches:.2f}; deciders {stats.deciders} ({pct(stats.deciders, stats.matches)} of matches)"
    )
    stdout.print(stats_table("Makers (share of deals)", [
        (sym("made (3–4 tricks)"), str(stats.made), pct(stats.made)),
        ("march (5 tricks)", str(stats.marched), pct(stats.marched)),
        (sym("failed (0–2 tricks)"), str(stats.failed), pct(stats.failed)),
        ("  of which no trick", str(stats.makers_tricks[0]), pct(stats.makers_tricks[0])),
    ]))
    stdout.print(stats_table("Trump making and the cut", [
        ("accepted the turned card", str(stats.accepted), pct(stats.accepted)),
        ("refused", str(stats.refused), pct(stats.refused)),
        ("compulsory (all four one suit)", str(stats.compulsory), pct(stats.compulsory)),
        ("Trees taken at the cut", str(stats.cut_trees_taken), pct(stats.cut_trees_taken)),
    ]))
    lone = stats.lone_attempts
    stdout.print(stats_table("Lone play (share of lone deals)", [
        ("lone attempts", str(lone), pct(lone)),
        ("lone made (3+ tricks)", str(stats.lone_made), pct(stats.lone_made, lone)),
        ("lone marches (5 tricks)", str(stats.lone_marches), pct(stats.lone_marches, lone)),
        ("rounds won by a lone march", str(stats.rounds_won_by_lone_march), pct(stats.rounds_won_by_lone_march, stats.rounds)),
    ]))
    stdout.print(stats_table("Matches won", [
        (f"{team} ({policy})", str(d["match_wins"][team]), pct(d["match_wins"][team], stats.matches))
        for team, policy in (("N-S", ns), ("E-W", ew))
    ]))
