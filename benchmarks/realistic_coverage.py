"""The coverage of realistic ratings' 95% intervals (altbaumer.play.coverage).

Rates ``--decisions`` seeded decisions of every kind at the default effort
and again with another seed and twenty times the playouts, and prints how
often the first one's intervals (each option's P(match), each Δ against the
top) cover the second one's figures, by kind of decision, with the playouts
the default effort spent and the time; with ``--reduction``, instead, only
how much the double-dummy worlds shrank the Δs' variance, by kind:

    python benchmarks/realistic_coverage.py --decisions 200
    python benchmarks/realistic_coverage.py --decisions 100 --reduction
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from altbaumer.play.coverage import interval_coverage, variance_reductions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--reduction", action="store_true",
                        help="only the variance reduction of the Δs, by kind of decision (no references)")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.reduction:
        for kind, values in variance_reductions(args.decisions, seed=args.seed).items():
            print(f"{kind}: median {statistics.median(values):.2f}, mean {statistics.mean(values):.2f} "
                  f"over {len(values)} Δs")
        print(f"{time.perf_counter() - started:.0f} s")
        return
    found = interval_coverage(args.decisions, seed=args.seed,
                              progress=lambda n: print(f"\r{n}/{args.decisions}", end="", file=sys.stderr))
    print(file=sys.stderr)
    for which, name in (("equity", "P(match)"), ("delta", "Δ P(match)")):
        kinds = ", ".join(f"{kind} {hit}/{n}" for kind, (hit, n) in found.by_kind(which).items())
        print(f"{name}: {100 * found.rate(which):.1f}% of {found.count(which)} intervals cover the reference ({kinds})")
    print(f"playouts an option at the default effort: median {statistics.median(found.playouts):.0f}, "
          f"mean {statistics.mean(found.playouts):.0f}, most {max(found.playouts)}; "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
