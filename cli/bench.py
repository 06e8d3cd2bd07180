"""``altbaumer bench``: how fast the solver is, beside its speed targets."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich import box
from rich.table import Table
from rich.text import Text

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.dd.bench import BenchReport, BenchRow, ExtraRow, dds_available, run_benchmark
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating_bench import RATING_SAMPLES, rating_plan

from .interrupt import partial_label, stop
from .output import BadInput, ascii_option, plural, print_json, safe_markup, stderr, stdout, sym, threads_option

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11 on


RATING_EXAMPLE = resources.files("altbaumer.hidden").joinpath("refusal.abn")
"""The example whose decisions the rating rows rate: ``examples/refusal.abn``,
shipped in the package (``altbaumer/hidden/refusal.abn``, a link to it in
the source checkout)."""


def rating_views(example: Traversable = RATING_EXAMPLE) -> dict[str, SeatView]:
    """The decisions of the first board of ``example``, kind → the deciding
    seat's view: the turn, the discard, forehand's lone choice, and (card)
    the lead to the second trick."""
    with resources.as_file(example) as path:  # a file of its own even when the package is in a zip
        record = replay(load_boards(path)[0])
    nodes = {kind: next(node for node in record if node.tag == tag)
             for kind, tag in (("turn", "Turn"), ("discard", "Discard"), ("alone", "Alone"))}
    nodes["card"] = record.cards()[len(record.board.tricks[0])]
    return {kind: node.view() for kind, node in nodes.items()}


def rating_extra(seconds: float, seed: int, samples: int = RATING_SAMPLES) -> tuple[list[ExtraRow], list[str]]:
    """The rating rows for ``run_benchmark(extra=...)`` (one thread each), and
    a note when they cannot be measured here."""
    if not RATING_EXAMPLE.is_file():
        return [], [f"rating rows skipped: altbaumer/hidden/{RATING_EXAMPLE.name} not found (the package's copy "
                    "of examples/refusal.abn)"]
    return rating_plan(rating_views(), seconds=seconds, samples=samples, threads=1, seed=seed), []


@click.command("bench")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Solving time per row (the brute-force reference gets 2-3× this).")
@threads_option(help="Threads of the multi-threaded rows (default: all cores).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the generated positions.")
@click.option("--no-dds", is_flag=True, help="Skip the DDS comparison even if endplay is installed.")
@click.option("--no-reference", is_flag=True, help="Skip the brute-force reference rows.")
@click.option("--no-rating", is_flag=True, help="Skip the rating rows (worlds rated per second).")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the measurements as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
def bench_command(seconds: float, threads: Optional[int], seed: int, no_dds: bool, no_reference: bool,
                  no_rating: bool, as_json: bool, no_progress: bool) -> None:
    """Measure positions solved per second on seeded workloads and hold the
    figures against the targets.

    \b
    full-exact       20-card deals, exact makers' tricks (batch; 1 thread and all cores);
                     DDS: one optimal card per board (SolveBoard, solutions=1)
    full-class       the same deals, the makers' score class (Solver.solve_batch_class)
    full-reach-K     the same deals, can the makers take K = 1, 3, 5 tricks (solve_batch target=K)
    full-all-cards   the same deals, the value of every opening card (Solver.solve_batch_moves);
                     DDS: every card, one board per call, and its batch call (dds-batch)
                     on as many threads as altbaumer
    lone-exact       15-card lone deals, exact (batch)
    mid-trick-exact  1-3 cards already in the first trick (Solver.value)
    rate-KIND        worlds rated per second: turn, discard, alone, card (examples/refusal.abn,
                     2,000 worlds a rating, 1 thread)
    reference        the brute-force minimax on a few of the same deals, under a deadline

    DDS solves bridge endings of the same size (24-card pack, four hands of
    five, hearts trump). Every altbaumer row gives search nodes per position
    and nanoseconds per node (time × threads / nodes). The default run takes
    about 30 s. DDS needs the bench extra: pip install -e '.[bench]'.
    """
    show_bar = not no_progress and stderr.is_terminal
    with Progress(
        TextColumn("bench"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
        TimeElapsedColumn(), console=stderr, disable=not show_bar, transient=True,
    ) as bar:
        task = bar.add_task("starting", total=None)

        def progress(done: int, total: int, label: str) -> None:
            bar.update(task, completed=done, total=total, description=label)

        extra, notes = ([], []) if no_rating else rating_extra(seconds, seed)
        try:
            report = run_benchmark(
                seconds=seconds, threads=threads, seed=seed, dds=False if no_dds else None,
                reference=not no_reference, progress=progress, partial_on_interrupt=True, extra=extra,
            )
        except ValueError as error:
            raise BadInput(str(error)) from None
    report.settings["rating"] = bool(extra)
    report.notes += notes
    if as_json:
        print_json(report.to_dict())
    else:
        _print_report(report, no_dds)
    if not report.complete:  # Ctrl-C: the rows measured before it are shown
        if not as_json:
            partial_label(f"{plural(len(report.rows), 'row')} measured")
        stop()


def _rate(row: BenchRow) -> str:
    x = row.positions_per_second
    text = f"{x:,.0f}" if x >= 100 else f"{x:.2f}"
    return f"< {text}" if row.upper_bound else text


def _bytes(n: Optional[int]) -> str:
    if n is None:
        return ""
    return f"{n / 1048576:g} MiB" if n >= 1048576 else f"{n / 1024:g} KiB"


def _figure(value: Optional[float], unit: str) -> str:
    if value is None:
        return sym("—")
    return sym(f"{value:.2f}×") if unit == "x" else f"{value:,.0f}/s"


def _how(report: BenchReport) -> list[str]:
    """One line per workload and solver: what was called on what."""
    lines: dict[tuple[str, str], str] = {}
    busy = [f"{row.workload} {row.solver} on {row.threads} threads kept {row.cpu_per_wall:.2f} cores busy"
            for row in report.rows if row.threads > 1 and row.cpu_per_wall is not None]
    for row in report.rows:
        key = (row.workload, row.solver)
        if key in lines:
            continue
        text = safe_markup(sym(f"{row.workload} · {row.solver}: {row.api}"))
        if row.cards_per_position is not None and row.workload == "full-all-cards":
            text += f", {row.cards_per_position:.1f} cards scored per deal"
        elif row.cards_per_position is not None:  # DDS's best card, with the equal cards it names beside it
            text += f", {row.cards_per_position:.1f} cards returned per deal (a card and its equals)"
        if row.note:
            text += safe_markup(sym(f"; {row.note}"))
        if row.agrees is not None:
            text += "; same values as altbaumer" if row.agrees else "; [bold red]values DIFFER from altbaumer[/]"
        lines[key] = text
    return list(lines.values()) + ([f"{'; '.join(busy)} (process CPU time / wall time)"] if busy else [])


def _print_report(report: BenchReport, no_dds: bool) -> None:
    m = report.machine
    load = m.get("load_average")
    stdout.print(
        f"[bold]{safe_markup(m['cpu'])}[/bold], {plural(m['cores'], 'core')}, {safe_markup(m['system'])}; "
        f"Python {m['python']}, "
        f"altbaumer {m['altbaumer']}, endplay {m['endplay'] or 'not installed'}"
        + (f"; load average {load[0]} before the run" if load else "")
    )
    s = report.settings
    stdout.print(f"[dim]bench --seconds {s['seconds']:g} --threads {s['threads']} --seed {s['seed']}; "
                 f"transposition table {s['tt_mib']:g} MiB per thread; numpy's BLAS: {safe_markup(s['blas'])}[/dim]")

    table = Table(title="Positions solved per second", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 0),
                  show_edge=False,
                  caption=sym("thr: threads; s: seconds solving; nodes: search nodes per position; ns/node: seconds × "
                              "threads / nodes"
                              + ("; rate-* rows: worlds rated" if any(r.workload.startswith("rate-")
                                                                      for r in report.rows) else "")),
                  caption_justify="left", caption_style="dim")
    for name in ("workload", "solver", "thr", "positions/s", "positions", "s", "nodes", "ns/node", "TT"):
        table.add_column(name, justify="left" if name in ("workload", "solver") else "right")
    for row in report.rows:
        table.add_row(
            row.workload, row.solver, str(row.threads), _rate(row), f"{row.positions:,}", f"{row.seconds:.2f}",
            "" if row.nodes_per_position is None else f"{row.nodes_per_position:,.0f}",
            "" if row.ns_per_node is None else f"{row.ns_per_node:,.0f}", _bytes(row.tt_bytes),
        )
    stdout.print(table)
    for line in _how(report):
        stdout.print(f"[dim]{line}[/dim]")

    ratios = report.ratios  # those against DDS are targets, in the table below
    lines = []
    if no_dds:
        lines.append("DDS comparison skipped (--no-dds)")
    elif not report.settings["dds"] and not dds_available():
        lines.append("DDS comparison not run: endplay is not installed (pip install -e '.\\[bench]')")
    for key, value in ratios.items():
        if key.startswith("full_exact_") and key.endswith("_threads_vs_1") and value is not None:
            lines.append(sym(f"full-exact {key.split('_')[2]} threads / 1 thread: [bold]{value:.2f}×[/bold] "
                             "(informational: the same positions, the same run)"))
    for workload in ("full-exact", "lone-exact"):
        value = ratios.get(f"{workload.replace('-', '_')}_altbaumer_vs_reference")
        ref = report.row(workload, "reference")
        if value is not None and ref is not None:
            at_least = "at least " if ref.upper_bound else ""
            lines.append(sym(f"{workload} altbaumer / reference: {at_least}{value:,.0f}×"))
    if lines:
        stdout.print()
    for line in lines:
        stdout.print(line)

    targets = Table(title="Targets", title_justify="left", box=box.SIMPLE_HEAD)
    targets.add_column("target")
    targets.add_column("required", justify="right")
    targets.add_column("measured", justify="right")
    targets.add_column("met")
    notes = []
    for target in report.targets:
        if target.met is None:
            met = Text("not measured", style="yellow")
        else:
            met = Text("yes", style="bold green") if target.met else Text("no", style="bold red")
        targets.add_row(sym(target.description), sym("≥ ") + _figure(target.required, target.unit),
                        _figure(target.measured, target.unit), met)
        if target.note:
            notes.append(f"{target.description}: {target.note}")
    stdout.print()
    stdout.print(targets)
    for note in notes + report.notes:
        stdout.print(Text(sym(f"note: {note}"), style="dim"))
