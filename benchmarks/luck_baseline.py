"""The luck baseline: how the makers' double-dummy value falls over random deals.

Solves the trump-making table of each of ``--deals`` random deals
(``Deal.from_seed``, seeds ``--first-seed`` on) and keeps the set of outcomes
each deal's lines reach (:mod:`altbaumer.hidden.luck`); with ``-o`` writes the
baseline as JSON (the shipped one is ``solver/hidden/luck.json``). Prints the
average value of a deal for the makers, with its 95% interval, at 0:0 by the
chance to win the match and in net points.

    python benchmarks/luck_baseline.py --deals 20000 -o solver/hidden/luck.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from altbaumer.abn.files import atomic_write
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.hidden.luck import build_baseline
from altbaumer.hidden.objectives import objective_for

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--deals", type=int, default=20_000)
parser.add_argument("--first-seed", type=int, default=0)
parser.add_argument("-o", "--output", type=Path)
args = parser.parse_args()

started = time.perf_counter()
baseline = build_baseline(args.deals, args.first_seed)
seconds = time.perf_counter() - started
for goal in (objective_for("match", MatchState.start(Team.NS)), objective_for("net")):
    print(f"{goal.name}: the makers' average double-dummy value {baseline.average(goal):.4f} "
          f"± {baseline.ci95(goal):.4f}")
print(f"{args.deals} deals, {len(baseline.counts)} sets of reachable outcomes, {seconds:.1f} s")
if args.output is not None:
    atomic_write(args.output, json.dumps(baseline.to_dict(), indent=1) + "\n")
    print(f"wrote {args.output}")
