"""Which player wins: whole matches between two policies on paired deals.

Matches come in pairs. Both matches of a pair are dealt the same cards in
the same order (each deal shuffled from its own seed: the pair and the
deal's number) with the same first dealer, and the policies swap sides
between them, so each plays every deal once from each side and the luck of
the cards cancels out. The first dealer varies from pair to pair (the draw
for partners, from the pair's seed). The figures are reported with 95%
intervals over the pairs (the two matches of a pair are not independent):
the match-win rate, the deal points a policy's team scores per deal, and its
lone marches per deal.

Beside the raw win rate stands the **luck-adjusted** one, as backgammon
programs adjust for the dice. Each deal's luck for A's team is its cards'
double-dummy value in the chance to win the match, from the score before the
deal, less the average deal's (:mod:`altbaumer.hidden.luck`). The cards are
dealt whatever happened before, so the luck of a deal has mean zero given the
match so far, and the luck summed over a pair's deals is a control variate of
the pair's result: the adjusted win rate is the raw one less β times the
mean luck, β fitted over the pairs (the regression estimator). It estimates
the same win rate with the part of the spread that the cards explain taken
out; ``luck_adjustment`` says by how much (``variance_ratio``: the raw
variance over the adjusted, so that ``pairs_equivalent`` raw pairs would give
the adjusted interval).

>>> result = play_arena("heuristic", "random", pairs=2, seed=1)
>>> len(result.matches), sum(m.a_won for m in result.matches) + sum(not m.a_won for m in result.matches)
(4, 4)
>>> 0.0 <= result.summary()["a"]["win_rate"] <= 1.0
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Optional, Sequence

from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Team
from altbaumer.hidden.luck import deal_luck
from altbaumer.hidden.objectives import objective_for
from altbaumer.play.players import check_policy_name, make_policy
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.play.simulate import SimulationStats, play_match

__all__ = ["MatchResult", "ArenaResult", "play_arena", "team_luck", "luck_adjusted", "Adjusted"]

_Z95 = 1.959964


@dataclass(frozen=True)
class MatchResult:
    """One match of the arena, from policy A's side: the pair it belongs to,
    A's team, whether A won, the deals played, each team's deal points and
    lone marches (A's, then B's)."""

    pair: int
    a_team: Team
    a_won: bool
    deals: int
    points: tuple[int, int]
    lone_marches: tuple[int, int]
    luck: float = 0.0
    """The luck of A's team's cards summed over the match's deals (see the module docstring)."""


@dataclass
class ArenaResult:
    """Every match between policies ``a`` and ``b``, and their statistics."""

    a: str
    b: str
    seed: int
    matches: list[MatchResult] = field(default_factory=list)

    @property
    def pairs(self) -> int:
        return len({m.pair for m in self.matches})

    def summary(self) -> dict[str, Any]:
        """Each policy's match-win rate, points per deal and lone marches per
        deal, with 95% half-widths over the pairs."""
        by_pair: dict[int, list[MatchResult]] = {}
        for m in self.matches:
            by_pair.setdefault(m.pair, []).append(m)
        groups = list(by_pair.values())
        deals = [sum(m.deals for m in g) for g in groups]
        lucks = [sum(m.luck for m in g) / len(g) for g in groups]
        adjusted = luck_adjusted([sum(m.a_won for m in g) / len(g) for g in groups], lucks)
        out: dict[str, Any] = {"matches": len(self.matches), "pairs": len(groups), "deals": sum(deals),
                               "luck_adjustment": {"beta": adjusted.beta, "variance_ratio": adjusted.variance_ratio,
                                                   "pairs_equivalent": None if adjusted.variance_ratio is None
                                                   else adjusted.variance_ratio * len(groups),
                                                   "luck_per_match": _mean(lucks)}}
        for key, side, name in (("a", 0, self.a), ("b", 1, self.b)):
            wins = [sum(m.a_won == (side == 0) for m in g) / len(g) for g in groups]
            points = [sum(m.points[side] for m in g) for g in groups]
            marches = [sum(m.lone_marches[side] for m in g) for g in groups]
            out[key] = {"policy": name, "wins": sum(round(w * len(g)) for w, g in zip(wins, groups)),
                        "win_rate": _mean(wins), "win_rate_ci95": _mean_ci(wins),
                        "win_rate_adjusted": adjusted.mean if side == 0 else 1.0 - adjusted.mean,
                        "win_rate_adjusted_ci95": adjusted.ci95,
                        "points_per_deal": _ratio(points, deals), "points_per_deal_ci95": _ratio_ci(points, deals),
                        "lone_marches_per_deal": _ratio(marches, deals),
                        "lone_marches_per_deal_ci95": _ratio_ci(marches, deals)}
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "seed": self.seed, **self.summary()}


def play_arena(a: str, b: str, pairs: int, seed: int = 0, processes: int = 1,
               progress: Optional[Callable[[int], None]] = None, partial_on_interrupt: bool = False,
               scheduler: Optional[Scheduler] = None, resume: Optional[ResumeLog] = None) -> ArenaResult:
    """Play ``pairs`` pairs of matches between policies ``a`` and ``b``
    (names of :func:`~altbaumer.play.players.make_policy`) in ``processes``
    processes; ``progress`` is called with the matches just finished. The
    results depend on ``seed`` alone. Ctrl-C (KeyboardInterrupt) propagates,
    or with ``partial_on_interrupt`` the whole pairs finished before it are
    returned (it still propagates when none was). With a ``scheduler`` the
    pairs are played on its Dask cluster, with ``resume`` the pairs finished
    are kept in that file (:func:`~altbaumer.play.ranges.run_ranges`)."""
    for name in (a, b):
        check_policy_name(name)
    if pairs < 0:
        raise ValueError("the number of pairs cannot be negative")
    result = ArenaResult(a, b, seed)
    done = run_ranges(partial(_play_pairs, a, b, seed), pairs, processes=processes, chunk_max=4,
                      progress=None if progress is None else (lambda n: progress(2 * n)),
                      partial_on_interrupt=partial_on_interrupt, scheduler=scheduler, resume=resume)
    for matches in done:
        result.matches.extend(matches)
    return result


def _play_pairs(a: str, b: str, seed: int, start: int, stop: int) -> list[MatchResult]:
    return [m for pair in range(start, stop) for m in _play_pair(a, b, seed, pair)]


def _play_pair(a: str, b: str, seed: int, pair: int) -> list[MatchResult]:
    """The pair's two matches: A as N-S, then A as E-W, on the same cards."""
    results = []
    for a_team in Team:
        players = {seat: make_policy(a if seat.team is a_team else b,
                                     random.Random(f"altbaumer-arena:{seed}:{pair}:{int(a_team)}:{int(seat)}")
                                     .getrandbits(64)) for seat in SEATS}
        draw = random.Random(f"altbaumer-arena-draw:{seed}:{pair}")
        lucks: list[float] = []
        match = play_match(draw, players, SimulationStats(),
                           on_deal=lambda deal, record: lucks.append(team_luck(deal, record.before, a_team)),
                           shuffles=lambda i: random.Random(f"altbaumer-arena-deal:{seed}:{pair}:{i}"))
        teams = (a_team, a_team.other)
        points = tuple(sum(r.score.points[t] for r in match.deals) for t in teams)
        marches = tuple(sum(r.score.lone_march and r.score.makers is t for r in match.deals) for t in teams)
        results.append(MatchResult(pair, a_team, match.winner is a_team, len(match.deals),
                                   (points[0], points[1]), (marches[0], marches[1]), sum(lucks)))
    return results


def team_luck(deal: Deal, before: MatchState, team: Team) -> float:
    """The luck of ``team``'s cards in ``deal`` (played or not), by the chance
    to win the match from the score ``before`` it."""
    dealt = Deal.from_hands(deal.dealer, deal.dealt, deal.stock, deal.cut_trees, deal.cut_seen)
    makers = deal_luck(dealt, objective_for("match", before))
    return makers if dealt.makers is team else -makers


@dataclass(frozen=True)
class Adjusted:
    """A mean adjusted by a control variate of mean zero: the estimate, its
    95% half-width, the fitted coefficient and the raw variance over the
    adjusted one."""

    mean: float
    ci95: float
    beta: float
    variance_ratio: Optional[float]
    """None when the adjusted results do not vary at all."""


def luck_adjusted(results: Sequence[float], lucks: Sequence[float]) -> Adjusted:
    """The mean of ``results`` adjusted by ``lucks`` (each of mean zero):
    ``mean(results) - beta * mean(lucks)``, beta the least-squares slope.

    >>> adjusted = luck_adjusted([1.0, 0.0, 1.0, 0.0, 0.5], [0.2, -0.2, 0.1, -0.1, 0.0])
    >>> round(adjusted.mean, 3), round(adjusted.variance_ratio, 1)
    (0.5, 7.5)
    """
    n = len(results)
    if n < 3:
        return Adjusted(_mean(results), _mean_ci(results), 0.0, 1.0)
    y, x = _mean(results), _mean(lucks)
    sxx = sum((v - x) ** 2 for v in lucks)
    beta = sum((u - y) * (v - x) for u, v in zip(results, lucks)) / sxx if sxx > 0 else 0.0
    residuals = [u - beta * v for u, v in zip(results, lucks)]
    raw = sum((u - y) ** 2 for u in results)
    left = sum((r - _mean(residuals)) ** 2 for r in residuals)
    ci = _Z95 * math.sqrt(left / (n - 2) / n)  # two parameters fitted
    return Adjusted(y - beta * x, ci, beta, (raw / (n - 1)) / (left / (n - 2)) if left > 0 else None)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _mean_ci(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = _mean(values)
    return _Z95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _ratio(numerators: Sequence[float], denominators: Sequence[float]) -> float:
    total = sum(denominators)
    return sum(numerators) / total if total else 0.0


def _ratio_ci(numerators: Sequence[float], denominators: Sequence[float]) -> float:
    """The 95% half-width of a ratio of sums over clusters (the pairs), by the delta method."""
    n = len(denominators)
    if n < 2 or not sum(denominators):
        return 0.0
    r, mean_d = _ratio(numerators, denominators), sum(denominators) / n
    residuals = sum((x - r * d) ** 2 for x, d in zip(numerators, denominators))
    return _Z95 * math.sqrt(residuals / (n - 1) / n) / mean_d
