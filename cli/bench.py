"""``altbaumer bench``: how fast the solver is, beside the issue's targets."""

from __future__ import annotations

from typing import Optional

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich import box
from rich.table import Table
from rich.text import Text

from altbaumer.dd.bench import BenchReport, BenchRow, dds_available, run_benchmark

from .interrupt import partial_label, stop
from .output import BadInput, ascii_option, plural, print_json, safe_markup, stderr, stdout, sym, threads_option


@click.command("bench")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Solving time per row (the brute-force reference gets 2-3× this).")
@threads_option(help="Threads of the multi-threaded rows (default: all cores).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the generated positions.")
@click.option("--no-dds", is_flag=True, help="Skip the DDS comparison even if endplay is installed.")
@click.option("--no-reference", is_flag=True, help="Skip the brute-force reference rows.")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the measurements as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
def bench_command(seconds: float, threads: Optional[int], seed: int, no_dds: bool, no_reference: bool,
                  as_json: bool, no_progress: bool) -> None:
    """Measure positions solved per second on seeded workloads and hold the
    figures against the targets.

    \b
    full-exact       20-card deals, exact makers' tricks (batch; 1 thread and all cores)
    full-all-cards   20-card deals, the value of every opening card (Solver.solve_batch_moves);
                     DDS (endplay) on bridge endings of the same size when installed
    lone-exact       15-card lone deals, exact (batch)
    mid-trick-exact  1-3 cards already in the first trick (Solver.value)
    reference        the brute-force minimax on a few of the same deals, under a deadline

    The default run takes 15-20 s. DDS needs the bench extra: pip install -e '.[bench]'.
    """
    show_bar = not no_progress and stderr.is_terminal
    with Progress(
        TextColumn("bench"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
        TimeElapsedColumn(), console=stderr, disable=not show_bar, transient=True,
    ) as bar:
        task = bar.add_task("starting", total=None)

        def progress(done: int, total: int, label: str) -> None:
            bar.update(task, completed=done, total=total, description=label)

        try:
            report = run_benchmark(
                seconds=seconds, threads=threads, seed=seed, dds=False if no_dds else None,
                reference=not no_reference, progress=progress, partial_on_interrupt=True,
            )
        except ValueError as error:
            raise BadInput(str(error)) from None
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
    busy = [f"{row.workload} on {row.threads} threads kept {row.cpu_per_wall:.2f} cores busy"
            for row in report.rows if row.threads > 1 and row.cpu_per_wall is not None]
    for row in report.rows:
        key = (row.workload, row.solver)
        if key in lines:
            continue
        text = safe_markup(sym(f"{row.workload} · {row.solver}: {row.api}"))
        if row.cards_per_position is not None:
            text += f", {row.cards_per_position:.1f} cards scored per deal"
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
                 f"transposition table {s['tt_mib']:g} MiB per thread[/dim]")

    table = Table(title="Positions solved per second", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 0),
                  show_edge=False)
    for name in ("workload", "solver", "threads", "positions/s", "positions", "seconds", "nodes/pos", "TT"):
        table.add_column(name, justify="left" if name in ("workload", "solver") else "right")
    for row in report.rows:
        table.add_row(
            row.workload, row.solver, str(row.threads), _rate(row), f"{row.positions:,}", f"{row.seconds:.2f}",
            "" if row.nodes_per_position is None else f"{row.nodes_per_position:,.0f}", _bytes(row.tt_bytes),
        )
    stdout.print(table)
    for line in _how(report):
        stdout.print(f"[dim]{line}[/dim]")

    ratios = report.ratios
    lines = []
    if ratios.get("all_cards_altbaumer_vs_dds") is not None:
        lines.append(sym(f"full-all-cards altbaumer / dds: [bold]{ratios['all_cards_altbaumer_vs_dds']:.1f}×[/bold] "
                         "(every opening card scored; DDS one board per call; one thread each)"))
    elif no_dds:
        lines.append("DDS comparison skipped (--no-dds)")
    elif not dds_available():
        lines.append("DDS comparison not run: endplay is not installed (pip install -e '.\\[bench]')")
    for key, value in ratios.items():
        if key.startswith("full_exact_") and key.endswith("_threads_vs_1") and value is not None:
            lines.append(sym(f"full-exact {key.split('_')[2]} threads / 1 thread: [bold]{value:.2f}×[/bold]"))
    for workload in ("full-exact", "lone-exact"):
        value = ratios.get(f"{workload.replace('-', '_')}_altbaumer_vs_reference")
        ref = report.row(workload, "reference")
        if value is not None and ref is not None:
            at_least = "at least " if ref.upper_bound else ""
            lines.append(sym(f"{workload} altbaumer / reference: {at_least}{value:,.0f}×"))
    stdout.print()
    for line in lines:
        stdout.print(line)

    targets = Table(title="Targets (from the issue)", title_justify="left", box=box.SIMPLE_HEAD)
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
