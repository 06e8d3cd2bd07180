"""Speed of `altbaumer rate`: worlds per second for each kind of decision,
and the issue's target case, forehand's six discards on 10,000 common worlds
from a shipped example (target: under one second on the 2-core machine).

    python benchmarks/bench_rating.py [--samples 10000] [--threads 0]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path

from altbaumer.abn.board import load_boards
from altbaumer.hidden.rating import rate_view
from altbaumer.abn.record import replay, seat_view

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "refusal.abn"


def _cut(board, stage: str):
    """The example board stopped before ``stage`` (turn, discard, alone) or
    after ``stage`` cards of play."""
    if stage == "turn":
        return dataclasses.replace(board, accepted=None, discards=None, alone_recorded=False, play_leader=None,
                                   tricks=[], result=None)
    if stage == "discard":
        return dataclasses.replace(board, discards=None, alone_recorded=False, play_leader=None, tricks=[],
                                   result=None)
    if stage == "alone":
        return dataclasses.replace(board, alone_recorded=False, play_leader=None, tricks=[], result=None)
    return dataclasses.replace(board, tricks=board.tricks[:1], result=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=0, help="solver threads (0: all cores)")
    args = parser.parse_args()
    board = load_boards(EXAMPLE)[0]
    print(f"{EXAMPLE.name}: {args.samples:,} sampled worlds per decision, threads={args.threads or 'all'}")
    for stage in ("turn", "discard", "alone", "play"):
        state = replay(_cut(board, stage))
        view = seat_view(state, state.to_act)
        rate_view(view, samples=200, seed=0, exact_limit=0, threads=args.threads)  # warm-up, untimed
        started = time.perf_counter()
        rating = rate_view(view, samples=args.samples, seed=1, exact_limit=0, threads=args.threads)
        seconds = time.perf_counter() - started
        print(f"  {rating.decision:8s} {len(rating.options):3d} options  {seconds:6.3f} s  "
              f"{rating.worlds / seconds:10,.0f} worlds/s  best {rating.best.option}")


if __name__ == "__main__":
    main()
