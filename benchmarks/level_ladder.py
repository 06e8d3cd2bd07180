"""The ladder of the playing levels: is each level stronger than the one below?

For k = 1 … 4 the arena plays ``level-k`` against ``level-(k+1)`` (the
library function behind ``altbaumer arena``, pairs of matches on the same
cards with the seats swapped) and the table gives, for each rung, the pairs,
the matches won by the stronger level with the 95% interval of its win rate
(raw, and adjusted for the luck of the cards), the deals and the seconds.
Then each level's thinking time per choice with more than one legal option:
``choose`` timed in matches the level plays against itself (every seat the
level's player, the score told before each deal), until at least
``--decisions`` decisions before the play and ``--cards`` cards were timed;
the median and the 90th percentile, decisions and cards apart. The cards
are timed one ``choose`` at a time, as the table asks for them, not in the
compiled whole-deal play-out of the arena.

    python benchmarks/level_ladder.py --pairs 300 --processes 2 [--seed 7] [--json]
    python benchmarks/level_ladder.py --pairs 10 --no-timing     # a first estimate of the cost
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, Optional

from altbaumer.game.actions import Action, Phase
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS
from altbaumer.play.arena import play_arena
from altbaumer.play.levels import LEVEL_MAX, LEVEL_MIN, LEVEL_SETTINGS, LEVELS
from altbaumer.play.players import make_policy, tell_score
from altbaumer.play.policies import Policy
from altbaumer.play.simulate import SimulationStats, play_match


class Timed:
    """A player whose choices with a choice are timed, decisions and cards
    apart (the score is passed on, so a match player rates as in a match)."""

    def __init__(self, player: Policy, times: dict[str, list[float]]) -> None:
        self.player = player
        self.times = times

    def set_score(self, state: MatchState) -> None:
        tell_score(self.player, state)

    def choose(self, view: SeatView) -> Action:
        started = time.perf_counter()
        action = self.player.choose(view)
        seconds = time.perf_counter() - started
        if DECISIONS.get(view.phase) is not None and len(view.legal) > 1:
            self.times["cards" if view.phase == Phase.PLAY.value else "decisions"].append(seconds)
        return action


def thinking_times(name: str, decisions: int, cards: int, seed: int) -> dict[str, dict[str, float]]:
    """The median and 90th percentile of ``name``'s time per choice, in
    matches it plays against itself until enough of each kind were timed."""
    times: dict[str, list[float]] = {"decisions": [], "cards": []}
    match = 0
    while len(times["decisions"]) < decisions or len(times["cards"]) < cards:
        rng = random.Random(f"level-ladder-timing:{seed}:{match}")
        players = {seat: Timed(make_policy(name, rng.getrandbits(64)), times) for seat in SEATS}
        play_match(rng, players, SimulationStats())
        match += 1
    return {kind: {"choices": len(t), "median_ms": 1000 * statistics.median(t),
                   "p90_ms": 1000 * statistics.quantiles(t, n=10)[-1]} for kind, t in times.items()}


def rung(weaker: str, stronger: str, pairs: int, seed: int, processes: int) -> dict[str, Any]:
    """The arena between two neighbouring levels, from the stronger's side."""
    started = time.perf_counter()
    summary = play_arena(weaker, stronger, pairs, seed, processes).summary()
    seconds = time.perf_counter() - started
    b = summary["b"]
    return {"weaker": weaker, "stronger": stronger, "pairs": summary["pairs"], "matches": summary["matches"],
            "stronger_wins": b["wins"], "win_rate": b["win_rate"], "win_rate_ci95": b["win_rate_ci95"],
            "adjusted": b["win_rate_adjusted"], "adjusted_ci95": b["win_rate_adjusted_ci95"],
            "deals": summary["deals"], "seconds": seconds}


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300, help="pairs of matches per rung (default 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=200, help="decisions to time per level (default 200)")
    parser.add_argument("--cards", type=int, default=300, help="cards to time per level (default 300)")
    parser.add_argument("--no-timing", action="store_true", help="only the arena")
    parser.add_argument("--no-arena", action="store_true", help="only the thinking times")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    settings = {LEVELS[k]: f"sigma {s.sigma:.2f}, {s.decision_worlds} worlds a decision, {s.card_worlds} a card"
                for k, s in LEVEL_SETTINGS.items()}
    settings.update({LEVELS[4]: "pimc-match", LEVELS[5]: "altbaumer"})
    if not args.json:
        print("levels: " + "; ".join(f"{name} = {text}" for name, text in settings.items()), flush=True)
    out: dict[str, Any] = {"seed": args.seed, "settings": settings, "rungs": [], "thinking": {}}
    if not args.no_timing:
        # Timed first and alone, so that the arena's two processes do not share the cores with it.
        for level in range(LEVEL_MIN, LEVEL_MAX + 1):
            found = thinking_times(LEVELS[level], args.decisions, args.cards, args.seed)
            out["thinking"][LEVELS[level]] = found
            if not args.json:
                d, c = found["decisions"], found["cards"]
                print(f"thinking {LEVELS[level]}: decisions median {d['median_ms']:.1f} ms, 90% {d['p90_ms']:.1f} ms "
                      f"({d['choices']:.0f}); cards median {c['median_ms']:.2f} ms, 90% {c['p90_ms']:.2f} ms "
                      f"({c['choices']:.0f})", flush=True)
    if not args.no_arena:
        for level in range(LEVEL_MIN, LEVEL_MAX):
            row = rung(LEVELS[level], LEVELS[level + 1], args.pairs, args.seed, args.processes)
            out["rungs"].append(row)
            if not args.json:
                print(f"rung {row['weaker']} < {row['stronger']}: {row['pairs']} pairs, the stronger won "
                      f"{_pct(row['win_rate'])} ± {_pct(row['win_rate_ci95'])}, {row['seconds']:.0f} s", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    if out["rungs"]:
        print()
        print("| levels | pairs | matches won by the stronger | win rate of the stronger | adjusted for luck "
              "| deals | seconds |")
        print("|---|---|---|---|---|---|---|")
        for r in out["rungs"]:
            print(f"| {r['weaker']} < {r['stronger']} | {r['pairs']} | {r['stronger_wins']} of {r['matches']} "
                  f"| {_pct(r['win_rate'])} ± {_pct(r['win_rate_ci95'])} "
                  f"| {_pct(r['adjusted'])} ± {_pct(r['adjusted_ci95'])} | {r['deals']:,} | {r['seconds']:,.0f} |")
    if out["thinking"]:
        print()
        print("| level | decisions timed | decision median | decision 90% | cards timed | card median | card 90% |")
        print("|---|---|---|---|---|---|---|")
        for name, t in out["thinking"].items():
            d, c = t["decisions"], t["cards"]
            print(f"| {name} | {d['choices']:.0f} | {d['median_ms']:.1f} ms | {d['p90_ms']:.1f} ms "
                  f"| {c['choices']:.0f} | {c['median_ms']:.2f} ms | {c['p90_ms']:.2f} ms |")


if __name__ == "__main__":
    main()
