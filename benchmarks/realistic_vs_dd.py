"""Realistic against double-dummy evaluation on random lone decisions: how often the advice changes.

Each decision is forehand's lone choice in a seeded deal (the heuristic policy
makes the cut, the turn and the discard), rated by the chance to win the
match at 0:0 twice: double dummy over ``--samples`` worlds, and realistically
over worlds played out by every seat from its own knowledge
(altbaumer.play.realistic): until the ranking is settled, as ``rate`` plays
them, or ``--playouts`` an option. Reported: how often the recommendation differs,
how often the double-dummy advice is marked (?!, ?, ??) by the realistic
rating, the mean P(march) of each option under both, and the time each takes.

    python benchmarks/realistic_vs_dd.py [--decisions 500] [--playouts N] [--processes 2]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Optional

from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.hidden.rating import rate_view
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.play.realistic import rate_realistic


def lone_view(seed: int) -> Any:
    deal = Deal.from_seed(seed)
    player = HeuristicPolicy(seed)
    while deal.phase is not Phase.LONE:
        deal.apply(player.choose(deal.view(deal.to_act)))
    return deal.view(deal.forehand)


def compare(seed: int, samples: int, playouts: Optional[int]) -> dict[str, Any]:
    view = lone_view(seed)
    started = time.perf_counter()
    dd = rate_view(view, samples=samples, exact_limit=0, seed=seed, threads=1)
    middle = time.perf_counter()
    real = rate_realistic(view, playouts=playouts, seed=seed)
    done = time.perf_counter()
    played = sum(o.worlds for o in real.options)
    return {"seed": seed, "dd": dd.best.option, "realistic": real.best.option,
            "dd_advice_mark": real.mark(dd.best.option), "realistic_advice_mark": dd.mark(real.best.option),
            "dd_march": {o.option: o.p_march for o in dd.options},
            "realistic_march": {o.option: o.p_march for o in real.options},
            "dd_seconds": middle - started, "realistic_seconds": done - middle, "playouts": played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=500)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=None, help="fixed playouts an option (default: until settled)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seeds = range(1, args.decisions + 1)
    with ProcessPoolExecutor(args.processes) as pool:
        rows = list(pool.map(compare, seeds, [args.samples] * len(seeds), [args.playouts] * len(seeds)))
    n = len(rows)
    changed = sum(r["dd"] != r["realistic"] for r in rows)
    marked = sum(bool(r["dd_advice_mark"]) for r in rows)
    summary = {
        "decisions": n, "advice_changed": changed, "dd_advice_marked_by_realistic": marked,
        "alone_dd": sum(r["dd"] == "alone" for r in rows), "alone_realistic": sum(r["realistic"] == "alone" for r in rows),
        "p_march": {kind: {option: sum(r[f"{kind}_march"][option] for r in rows) / n for option in ("together", "alone")}
                    for kind in ("dd", "realistic")},
        "seconds_per_decision": {"dd": sum(r["dd_seconds"] for r in rows) / n,
                                 "realistic": sum(r["realistic_seconds"] for r in rows) / n},
        "playouts_per_decision": sum(r["playouts"] for r in rows) / n,
        "playouts_per_second": sum(r["playouts"] for r in rows) / sum(r["realistic_seconds"] for r in rows),
    }
    print(json.dumps(summary if not args.json else {"summary": summary, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
