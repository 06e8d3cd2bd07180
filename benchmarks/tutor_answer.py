"""The tutor's answer time and how often its verdict agrees with a rating at 20 times the effort.

The person's choices come from simulated deals (the players of level 4 at every seat): at each
decision and card with a choice, the person's choice is the player's own half of the time and a
random legal option the other half (a person who errs). The tutor rates it as the table does,
with no thinking time (the rating starts when the choice is sent: nothing is ready in advance;
the tutor's solver and engine are made once, as the table's), and the time from the choice to the
verdict is taken. The same choice is then rated at 20 times the effort (worlds and playouts) and the two verdicts compared: whether the
tutor warns (at its default, mistakes) and the mark.

    python benchmarks/tutor_answer.py --choices 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat
from altbaumer.hidden.rating import DECISIONS, option_name
from altbaumer.play.players import make_policy, tell_score
from altbaumer.play.tutor import DEFAULT_TUTOR, Tutor, TutorEffort, rated, verdict_of

KINDS = ("turn", "discard", "alone", "play")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--choices", type=int, default=200, help="choices of each kind at least in total (200)")
    parser.add_argument("--per-kind", type=int, default=20, help="at least this many of each kind (20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--factor", type=int, default=20, help="the reference's effort, times the tutor's (20)")
    args = parser.parse_args()
    effort = TutorEffort()
    times: dict[str, list[float]] = defaultdict(list)
    agree: dict[str, list[bool]] = defaultdict(list)
    reference, tutor = Tutor(effort.scaled(args.factor)), Tutor(effort)
    rng = random.Random(args.seed)
    seed = args.seed
    while sum(len(t) for t in times.values()) < args.choices or min(len(times[k]) for k in KINDS) < args.per_kind:
        seed += 1
        deal = Deal.from_seed(seed, dealer=Seat(seed % 4))
        players = {s: make_policy("level-4", seed * 4 + int(s)) for s in Seat}
        state = MatchState.start(deal.makers)
        for player in players.values():
            tell_score(player, state)
        while deal.phase is not Phase.DONE:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            own = players[seat].choose(view)
            kind = DECISIONS.get(view.phase)
            wanted = kind is not None and rated(view) and (len(times[kind]) < args.per_kind or
                                                          sum(len(t) for t in times.values()) < args.choices)
            if wanted and kind is not None:
                chosen = own if rng.random() < 0.5 else rng.choice(view.legal)
                name = option_name(chosen)
                assert name is not None
                started = time.perf_counter()  # no view repeats: the rating starts when the choice arrives
                verdict = verdict_of(tutor.rating(view, state), name, DEFAULT_TUTOR)
                times[kind].append(time.perf_counter() - started)
                truth = verdict_of(reference.rating(view, state), name, DEFAULT_TUTOR)
                agree[kind].append(verdict.warn == truth.warn and verdict.mark == truth.mark)
                own = chosen
            deal.apply(own)
        print(f"deal {seed}: {sum(len(t) for t in times.values())} choices", flush=True)
    reference.close()
    tutor.close()
    print(f"\nthe tutor's answer ({effort}) against {args.factor}x the effort")
    print(f"{'kind':8} {'choices':>7} {'median s':>9} {'p90 s':>7} {'agree':>7}")
    everything: list[float] = []
    agreed: list[bool] = []
    for kind in KINDS:
        everything += times[kind]
        agreed += agree[kind]
        print(f"{kind:8} {len(times[kind]):7} {statistics.median(times[kind]):9.3f} "
              f"{_p90(times[kind]):7.3f} {100 * sum(agree[kind]) / len(agree[kind]):6.1f}%")
    print(f"{'all':8} {len(everything):7} {statistics.median(everything):9.3f} {_p90(everything):7.3f} "
          f"{100 * sum(agreed) / len(agreed):6.1f}%")


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


if __name__ == "__main__":
    main()
