"""Strong forehand hands at 0:0: how often does each objective recommend going alone?

The hands are forehand's lone decision in seeded deals (the heuristic policy
makes the cut, the turn and the discard) where the heuristic itself would go
alone (the Big Tree, four trumps or more, and five winners with the side
aces). Each is rated by the chance to win the match (0:0) and by net points.

    python benchmarks/lone_decisions.py [HANDS]   # default 160
"""

from __future__ import annotations

import sys

from altbaumer.game.deal import Deal
from altbaumer.game.actions import Phase, DeclareAlone
from altbaumer.hidden.rating import rate_view
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.dd.solver import Solver

n = int(sys.argv[1]) if len(sys.argv) > 1 else 160
found = {"match": 0, "net": 0}; rounds = []; hands = 0; seed = 0
with Solver(threads=1) as s:
    while hands < n:
        seed += 1
        d = Deal.from_seed(seed)
        pol = HeuristicPolicy(seed)
        while d.phase not in (Phase.LONE, Phase.DONE, Phase.PLAY):
            d.apply(pol.choose(d.view(d.to_act)))
        if d.phase is not Phase.LONE or d.to_act is not d.forehand:
            continue
        if pol.choose(d.view(d.forehand)) != DeclareAlone(True):
            continue  # only the hands the heuristic calls strong enough to go alone
        hands += 1
        for obj in found:
            r = rate_view(d.view(d.forehand), objective=obj, samples=1000, seed=0, exact_limit=0, solver=s)
            found[obj] += r.best.option == "alone"
            if obj == "match":
                rounds.append(r.option("alone").p_round - r.option("together").p_round)
print(f"{hands} strong hands (seeds 1..{seed}): alone recommended by match {found['match']}, by net {found['net']}; "
      f"alone's round chance minus together's: mean {sum(rounds)/len(rounds):+.3f}, alone higher in {sum(x > 0 for x in rounds)}")
