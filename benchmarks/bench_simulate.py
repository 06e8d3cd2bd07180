"""Benchmark: whole simulated matches per second (10,000 heuristic matches by default).

    python benchmarks/bench_simulate.py --matches 10000 --processes 2 [--json]

Prints matches/s and deals/s for one worker and for the requested workers,
measured in the same run so their ratio is meaningful on a noisy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from altbaumer.play.simulate import simulate_matches


def measure(matches: int, workers: int, seed: int) -> dict:
    started = time.perf_counter()
    stats = simulate_matches(matches, seed=seed, workers=workers)
    seconds = time.perf_counter() - started
    return {
        "matches": matches,
        "workers": workers,
        "seconds": round(seconds, 2),
        "matches_per_second": round(matches / seconds, 1),
        "deals_per_second": round(stats.deals / seconds, 1),
        "deals": stats.deals,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--processes", "--workers", dest="workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(args.matches // 10 or 1, 1, args.seed), measure(args.matches, args.workers, args.seed)]
    report = {"machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}", "rows": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(report["machine"])
    for row in rows:
        print(
            f"{row['matches']:>6} matches, {row['workers']} worker(s): {row['seconds']:7.2f} s  "
            f"{row['matches_per_second']:8.1f} matches/s  {row['deals_per_second']:9.1f} deals/s"
        )


if __name__ == "__main__":
    main()
