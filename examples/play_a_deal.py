"""Play one seeded deal step by step with the library, printing each action.

    python examples/play_a_deal.py [SEED]
"""

import sys

from altbaumer import Deal, HeuristicPolicy, Phase, Seat

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
deal = Deal.from_seed(seed)
players = {seat: HeuristicPolicy(seed=int(seat)) for seat in Seat}
print(f"dealer {deal.dealer}, forehand {deal.forehand}, turned {deal.turned_card}")
for seat in Seat:
    print(f"  {seat}: {deal.hands[seat]}")
while deal.phase is not Phase.DONE:
    seat = deal.to_act
    action = players[seat].choose(deal.view(seat))
    deal.apply(action)
    print(f"{seat}: {action}")
    if deal.phase is Phase.PLAY and not deal.trick_cards and deal.tricks:
        trick = deal.tricks[-1]
        print(f"   trick {len(deal.tricks)}: {' '.join(map(str, trick.cards))} won by {trick.winner}")
score = deal.score()
print(f"trump {deal.trump}, makers {deal.makers} took {score.makers_tricks} tricks: points {dict((str(t), p) for t, p in score.points.items())}")
