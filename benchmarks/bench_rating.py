"""Speed of `altbaumer rate`: worlds per second for each kind of decision,
and the target case, forehand's six discards on 10,000 common worlds
from a shipped example (target: under one second on the 2-core machine).
Each decision is timed by :func:`altbaumer.hidden.rating_bench.rating_row`,
as the ``rate-*`` rows of ``altbaumer bench`` are (there 2,000 worlds a
rating, repeated for the row's seconds, on one thread).

With ``--objectives``, each decision is rated by the chance to win the match
(``match``, at 0:0) and by net points (``net``) on the same worlds, each
``--repeat`` times in turn, and the median times are compared (target: the
match objective within 10% of net).

With ``--realistic N``, each decision is also rated by N worlds an option
played out realistically (every seat from its own knowledge); with
``--realistic settled`` until the ranking is settled, as ``rate`` plays
them. The time, the playouts and the playouts per second are printed.

    python benchmarks/bench_rating.py [--samples 10000] [--threads N]
    python benchmarks/bench_rating.py --objectives [--repeat 5]
    python benchmarks/bench_rating.py --realistic 100
    python benchmarks/bench_rating.py --realistic settled
"""

from __future__ import annotations

import argparse
import statistics
import time

from altbaumer.cli.bench import RATING_EXAMPLE as EXAMPLE
from altbaumer.cli.bench import rating_views
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import rate_view
from altbaumer.hidden.rating_bench import DECISION_KINDS, rating_row
from altbaumer.play.realistic import rate_realistic


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=None, help="solver threads (default: all cores)")
    parser.add_argument("--objectives", action="store_true", help="compare the match objective with net")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each objective with --objectives")
    parser.add_argument("--realistic", default=None, metavar="N|settled",
                        help="also rate by N worlds played out an option, or until settled")
    args = parser.parse_args()
    views = rating_views(EXAMPLE)
    print(f"{EXAMPLE.name}: {args.samples:,} sampled worlds per decision, threads={args.threads or 'all'}")
    for kind in DECISION_KINDS:
        view = views[kind]
        if args.objectives:
            rate_view(view, samples=200, seed=0, exact_limit=0, threads=args.threads)  # warm-up, untimed
            _compare(view, args.samples, args.threads, args.repeat)
            continue
        # One rating of --samples worlds after an untimed warm-up (the rows of altbaumer bench repeat it).
        row = rating_row(kind, view, seconds=0.0, samples=args.samples, threads=args.threads)
        print(f"  {kind:8s} {row.seconds:6.3f} s  {row.positions_per_second:10,.0f} worlds/s  "
              f"{row.nodes_per_position:8,.0f} nodes/world  {row.ns_per_node:5,.0f} ns/node  {row.note}")
        if args.realistic:
            fixed = None if args.realistic == "settled" else int(args.realistic)
            started = time.perf_counter()
            real = rate_realistic(view, playouts=fixed, seed=1, threads=args.threads)
            seconds = time.perf_counter() - started
            playouts = sum(o.worlds for o in real.options)
            print(f"  {'':8s} realistic, {playouts:,} playouts in all: {seconds:6.2f} s, {playouts / seconds:7,.0f} "
                  f"playouts/s, best {real.best.option}")


def _compare(view: SeatView, samples: int, threads: int | None, repeat: int) -> None:
    """Median seconds of the match and net objectives on the same worlds, run in turn."""
    state = MatchState.start(view.forehand.team)
    times: dict[str, list[float]] = {"match": [], "net": []}
    for _ in range(repeat):
        for objective in times:
            started = time.perf_counter()
            rating = rate_view(view, objective=objective, state=state if objective == "match" else None,
                               samples=samples, seed=1, exact_limit=0, threads=threads)
            times[objective].append(time.perf_counter() - started)
    match, net = (statistics.median(times[o]) for o in ("match", "net"))
    print(f"  {rating.decision:8s} match {match:6.3f} s  net {net:6.3f} s  match/net {match / net:5.2f}")


if __name__ == "__main__":
    main()
