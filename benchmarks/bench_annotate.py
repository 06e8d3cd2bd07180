"""Speed of `altbaumer annotate` on the shipped ten-deal match.

Targets, on a 2-core machine: double-dummy annotation of the match under
one second; with every decision rated on 10,000 worlds, under ten seconds
(figures: benchmarks/README.md, Rating and annotation).

    python benchmarks/bench_annotate.py [--samples 10000] [--threads N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from altbaumer.abn import load_boards
from altbaumer.report.annotate import annotate_board
from altbaumer.dd.solver import Solver

MATCH = Path(__file__).resolve().parent.parent / "examples" / "match.abn"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=None, help="solver threads (default: all cores)")
    args = parser.parse_args()
    boards = load_boards(MATCH)
    annotate_board(boards[0], decisions=True, samples=200, threads=args.threads)  # warm-up, untimed
    started = time.perf_counter()
    notes = [annotate_board(b, decisions=False, solver=Solver()) for b in boards]
    dd = time.perf_counter() - started
    cards = sum(len(n.cards) for n in notes)
    print(f"{MATCH.name}: {len(boards)} deals, {cards} cards")
    print(f"  double dummy only:            {dd:7.3f} s  ({cards / dd:,.0f} cards/s)")
    started = time.perf_counter()
    notes = [annotate_board(b, decisions=True, samples=args.samples, threads=args.threads) for b in boards]
    full = time.perf_counter() - started
    rated = sum(len(n.decisions) for n in notes)
    print(f"  with {rated} decisions on {args.samples:,} worlds: {full:7.3f} s  ({full / rated:.3f} s per decision)")


if __name__ == "__main__":
    main()
