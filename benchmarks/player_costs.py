"""What a choice costs a player, against ``pimc-match``, by kind.

Seeded deals are played by ``pimc-match`` players; at every choice with more
than one legal option, the same view is put to a ``pimc-match`` player and
to the player named by ``--player`` (by default ``altbaumer-all``, every
choice played out: the cards, as the ``altbaumer`` player plays them, and
the decisions before the play; ``pimc-match-infer`` weighs its worlds by the
cards played, ``pimc-match-endgame`` solves the last two tricks), each timed
on one core, and the table says, per kind of choice (the cards of the last
two tricks apart), how many there were, the mean time of each, and how often
the two chose alike (cards that are equivalent, such as touching trumps,
count as different choices, so agreement on cards is a lower bound).

    python benchmarks/player_costs.py --deals 40 [--player NAME] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict

from altbaumer.game.actions import Action, Phase
from altbaumer.game.deal import Deal
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS, option_name
from altbaumer.play.policies import Policy
from altbaumer.hidden.endgame import tricks_left
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.players import make_policy


def timed(player: Policy, view: SeatView) -> tuple[Action, float]:
    started = time.perf_counter()
    action = player.choose(view)
    return action, time.perf_counter() - started


def measure(deals: int, name: str) -> dict[str, dict[str, float]]:
    pimc, rollout = PimcPolicy(seed=1, objective="match"), make_policy(name, 2)
    rows: dict[str, list[tuple[float, float, bool]]] = defaultdict(list)
    for number in range(deals):
        deal = Deal.from_seed(10_000 + number)
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            kind = DECISIONS.get(view.phase)
            if kind == "play" and tricks_left(view) <= 2:
                kind = "last 2 tricks"
            if kind is not None and len(view.legal) > 1:
                mine, pimc_seconds = timed(pimc, view)
                theirs, rollout_seconds = timed(rollout, view)
                rows[kind].append((pimc_seconds, rollout_seconds, option_name(mine) == option_name(theirs)))
                deal.apply(mine)
            else:
                deal.apply(pimc.choose(view))
    return {kind: {"choices": len(r), "pimc_ms": 1000 * sum(x[0] for x in r) / len(r),
                   "played_out_ms": 1000 * sum(x[1] for x in r) / len(r),
                   "agree": sum(x[2] for x in r) / len(r)} for kind, r in rows.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--player", default="altbaumer-all")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.deals, args.player)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{'choice':<14} {'count':>6} {'pimc-match':>11} {args.player:>11} {'ratio':>7} {'agree':>6}")
    for kind, f in figures.items():
        print(f"{kind:<14} {f['choices']:>6.0f} {f['pimc_ms']:>8.1f} ms {f['played_out_ms']:>8.1f} ms "
              f"{f['played_out_ms'] / f['pimc_ms']:>6.0f}× {f['agree']:>6.0%}")


if __name__ == "__main__":
    main()
