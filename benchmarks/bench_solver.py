"""Benchmark: double-dummy positions solved per second (the same measurements
as ``altbaumer bench``, without the command line).

    python benchmarks/bench_solver.py [--seconds 1] [--threads N] [--seed 0] [--no-dds] [--no-reference]
                                      [--no-rating] [--json]

Workloads, targets and the DDS comparison are described in benchmarks/README.md.
With endplay installed (``pip install -e '.[bench]'``) DDS is measured in the
same run. Progress goes to stderr; the report to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys

from altbaumer.cli.bench import rating_extra
from altbaumer.dd.bench import run_benchmark


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="solving time per row (default 1)")
    parser.add_argument("--threads", type=int, default=None, help="threads of the multi-threaded rows (default: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dds", action="store_true", help="skip DDS even if endplay is installed")
    parser.add_argument("--no-reference", action="store_true", help="skip the brute-force reference")
    parser.add_argument("--no-rating", action="store_true", help="skip the rating rows (worlds rated per second)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.seconds <= 0 or (args.threads is not None and args.threads < 1):
        parser.error("--seconds must be positive and --threads at least 1")

    def progress(done: int, total: int, label: str) -> None:
        print(f"[{done}/{total}] {label}", file=sys.stderr, flush=True)

    extra, notes = ([], []) if args.no_rating else rating_extra(args.seconds, args.seed)
    report = run_benchmark(
        seconds=args.seconds, threads=args.threads, seed=args.seed,
        dds=False if args.no_dds else None, reference=not args.no_reference, progress=progress, extra=extra,
    )
    report.settings["rating"] = bool(extra)
    report.notes += notes
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return
    m = report.machine
    print(f"{m['cpu']}, {m['cores']} core(s); Python {m['python']}; endplay {m['endplay'] or 'not installed'}; "
          f"load average {m['load_average']}; numpy's BLAS: {report.settings['blas']}")
    print(f"{'workload':<16} {'solver':<10} {'threads':>7} {'positions/s':>13} {'positions':>10} "
          f"{'seconds':>8} {'nodes/pos':>10} {'ns/node':>8} {'TT bytes':>10}")
    for row in report.rows:
        rate = f"{'< ' if row.upper_bound else ''}{row.positions_per_second:,.1f}"
        nodes = "" if row.nodes_per_position is None else f"{row.nodes_per_position:,.1f}"
        per_node = "" if row.ns_per_node is None else f"{row.ns_per_node:,.1f}"
        tt = "" if row.tt_bytes is None else f"{row.tt_bytes:,}"
        print(f"{row.workload:<16} {row.solver:<10} {row.threads:>7} {rate:>13} {row.positions:>10,} "
              f"{row.seconds:>8.2f} {nodes:>10} {per_node:>8} {tt:>10}")
    print()
    for name, value in report.ratios.items():
        if value is not None:
            print(f"{name}: {value:,.2f}")
    print()
    for target in report.targets:
        verdict = "not measured" if target.met is None else ("met" if target.met else "NOT met")
        measured = "—" if target.measured is None else f"{target.measured:,.2f}"
        print(f"target {target.description} >= {target.required:,g}: measured {measured}: {verdict}"
              + (f" ({target.note})" if target.note else ""))
    for note in report.notes:
        print(f"note: {note}")


if __name__ == "__main__":
    main()
