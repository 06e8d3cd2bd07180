"""Time one rating of one decision of ``examples/refusal.abn`` in a fresh
process: 10,000 sampled worlds on one thread, after an untimed warm-up on
another seed.

A fresh process per decision is the one measurement that means the same in
any release (an older one may lack the ``bench_rating.py`` rows of this
form), and nothing the process did before can be reused (the partner's choices of
``altbaumer.hidden.partner`` are kept per deal within a process). To compare
a single decision between two installs, run this once per decision and install:

    python benchmarks/rate_one_decision.py turn|discard|alone|play
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.hidden.rating import rate_view

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "refusal.abn"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("decision", choices=["turn", "discard", "alone", "play"])
    parser.add_argument("--samples", type=int, default=10_000)
    args = parser.parse_args()
    record = replay(load_boards(EXAMPLE)[0])
    if args.decision == "play":  # the lead to the second trick
        node = record.cards()[len(record.board.tricks[0])]
    else:
        node = next(n for n in record if n.tag == args.decision.capitalize())
    view = node.view()
    rate_view(view, samples=300, seed=99, exact_limit=0, threads=1)  # warm-up: another seed, nothing reused
    started = time.perf_counter()
    rating = rate_view(view, samples=args.samples, seed=0, exact_limit=0, threads=1)
    print(f"{args.decision}: {time.perf_counter() - started:.3f} s, {rating.worlds:,} worlds, best {rating.best.option}")


if __name__ == "__main__":
    main()
