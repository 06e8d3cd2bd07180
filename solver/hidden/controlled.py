"""Option figures from playouts, sharpened by the double-dummy value of the same worlds.

A realistic rating (:mod:`altbaumer.play.realistic`) plays each option out
in a few hundred worlds, but solves it double dummy in many thousands, the
first few hundred of them the very worlds played out. Per world the two
outcomes go together (their values correlate some 0.7 to 0.85, the options'
differences 0.3 to 0.6), so each figure is estimated by regression on the
double-dummy value, a control variate: the mean played out, corrected by β
times what the double-dummy mean over every world says the worlds played
out missed, with β the slope of the played-out values on the double-dummy
ones in those worlds. Its variance is that of the residuals, never more than
the playouts' own (docs/rating.md, Realistic play).

With ``x`` a figure's double-dummy values in the M worlds, of which the
first n were played out with values ``y`` (double dummy there: ``d``, the
first n of ``x``), the estimate is mean(y) + β·(mean(x) − mean(d)), which
equals mean(y − βf·d) + βf·mean(x[n:]) with f = 1 − n/M: two independent
parts, so its variance is var(y − βf·d)/n + β²f²·var(x[n:])/(M − n), least
at β = cov(y, d) / (f·(var(d) + n·var(x[n:])/(M − n))). When the worlds are
all the worlds (enumerated), x is exact and the playouts are drawn from it
with replacement: the variance is var(y − β·d)/n, least at β = cov(y, d)/var(d).

>>> import numpy as np
>>> x = np.array([0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0])
>>> y = np.array([0.0, 1.0, 0.0, 0.0])             # the first four worlds played out
>>> estimate, variance = controlled_mean(x, y, exact=False)
>>> round(estimate, 3), round(float(y.mean()), 3)   # the playouts missed some of the 1s the other worlds show
(0.321, 0.25)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional

import numpy as np

from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.rating import PROPORTIONS, OptionRating, wilson_bounds, world_figures
from altbaumer.hidden.verdicts import tied

__all__ = ["controlled_mean", "controlled_options", "Controlled"]

_Z95 = 1.959964


def controlled_mean(x: np.ndarray, y: np.ndarray, exact: bool, at: Optional[np.ndarray] = None
                    ) -> tuple[float, float]:
    """(estimate, variance of the estimate) of a figure's mean: ``x`` its
    double-dummy values in every world solved, ``y`` its played-out values
    in the worlds ``at`` (indices into ``x``; by default the first len(y)),
    ``exact`` when ``x`` holds every world (see the module docstring)."""
    n, m = len(y), len(x)
    if n < 2:
        return (float(y.mean()) if n else 0.0), 0.0
    d = x[:n] if at is None else x[at]
    cov = float(np.cov(y, d)[0, 1])
    if exact or at is not None:
        spread_d = float(d.var(ddof=1))
        beta = cov / spread_d if spread_d > 0 else 0.0
        return float(y.mean() + beta * (x.mean() - d.mean())), float((y - beta * d).var(ddof=1) / n)
    if m - n < 2:
        return float(y.mean()), float(y.var(ddof=1) / n)
    f, rest = 1.0 - n / m, x[n:]
    spread_d, spread_rest = float(d.var(ddof=1)), float(rest.var(ddof=1))
    scale = f * (spread_d + n * spread_rest / len(rest))
    beta = cov / scale if scale > 0 else 0.0
    estimate = float(y.mean() + beta * (x.mean() - d.mean()))
    variance = (y - beta * f * d).var(ddof=1) / n + (beta * f) ** 2 * spread_rest / len(rest)
    return estimate, float(variance)


@dataclass(frozen=True)
class Controlled:
    """The options of a realistic rating, and how much the double-dummy
    worlds sharpened them: ``variance_reduction`` per option, the variance of
    its Δ from the playouts alone over that of the estimate used (how many
    times more playouts the same interval would have cost)."""

    options: tuple[OptionRating, ...]
    variance_reduction: dict[str, float]


def controlled_options(labels: list[str], dd: np.ndarray, played: np.ndarray, objective: Objective, maker: bool,
                       exact: bool, natural: bool, tricks: bool = False, at: Optional[np.ndarray] = None
                       ) -> Controlled:
    """Every option's figures from its double-dummy codes ``dd`` (worlds ×
    options; -1 where an option was not solved, always after its solved
    worlds) and played-out codes ``played`` (playouts × options; -1 where not
    played, after those played), the playouts in worlds ``at`` (indices into
    ``dd``'s rows; by default the first rows), each Δ against the top option
    on common worlds, and ★ as :func:`~altbaumer.hidden.rating.rate_options`
    gives it. The chances get Wilson intervals at their effective sample size."""
    sign = 1.0 if maker else -1.0
    solved = [int((dd[:, j] >= 0).sum()) for j in range(len(labels))]
    counts = [int((played[:, j] >= 0).sum()) for j in range(len(labels))]
    dd_figures = world_figures(np.maximum(dd, 0), objective, tricks)
    play_figures = world_figures(np.maximum(played, 0), objective, tricks)
    goal_dd, goal_play = objective.of(np.maximum(dd, 0)), objective.of(np.maximum(played, 0))

    def mean(values_dd: np.ndarray, values_play: np.ndarray, j: int, n: int, m: int) -> tuple[float, float]:
        where = None if at is None else at[:n]
        return controlled_mean(values_dd[:m, j], values_play[:n, j], exact, where)

    def paired(j: int, top: int) -> tuple[float, float, float]:
        """Option j's Δ against ``top`` on their common worlds, its variance,
        and the variance the playouts alone would have given it."""
        n, m = min(counts[j], counts[top]), min(solved[j], solved[top])
        step = goal_play[:, j] - goal_play[:, top]
        delta, variance = mean((goal_dd[:, j] - goal_dd[:, top])[:, None], step[:, None], 0, n, m)
        return delta, variance, float(step[:n].var(ddof=1) / n) if n > 1 else 0.0

    full = max(counts)
    estimates = [mean(goal_dd, goal_play, j, counts[j], solved[j])[0] for j in range(len(labels))]
    top = int(np.argmax([sign * e if counts[j] == full else -np.inf for j, e in enumerate(estimates)]))
    # The top is the option no other beats on common worlds: the figures of
    # each option alone may rank two close ones the other way round.
    for _ in range(len(labels)):
        gains = [sign * paired(j, top)[0] if counts[j] == full and j != top else 0.0 for j in range(len(labels))]
        if max(gains) <= 0:
            break
        top = int(np.argmax(gains))
    rated, reduction = [], {}
    for j, label in enumerate(labels):
        n, m = counts[j], solved[j]
        figures = {k: mean(dd_figures[k], play_figures[k], j, n, m) for k in dd_figures}
        ci95: dict[str, Optional[float]] = {"mean_tricks": None}
        bounds: dict[str, tuple[float, float]] = {}
        values: dict[str, float] = {}
        for key, (value, variance) in figures.items():
            if key in PROPORTIONS:
                value = min(1.0, max(0.0, value))
                lo, hi = _effective_wilson(value, variance, n + m)
                bounds[key], ci95[key] = (lo, hi), max(value - lo, hi - value)
            else:
                ci95[key] = _Z95 * math.sqrt(variance)
            values[key] = value
        delta, variance, raw = paired(j, top)
        if j != top and variance > 0:
            reduction[label] = raw / variance
        rated.append(OptionRating(label, values.get("mean_tricks"), values["p_make"], values["p_march"],
                                  values["p_zero"], values["points"], values["net"], ci95, delta,
                                  _Z95 * math.sqrt(variance), False, n, values.get("equity"), values.get("p_round"),
                                  bounds))
    best = top if not natural else next(j for j, o in enumerate(rated)
                                        if counts[j] == full and tied(-sign * o.delta, o.delta_ci95, objective.name))
    return Controlled(tuple(replace(o, best=j == best) for j, o in enumerate(rated)), reduction)


def _effective_wilson(p: float, variance: float, most: int) -> tuple[float, float]:
    """The Wilson interval of a chance estimated with ``variance``, at the
    sample size that variance stands for (at most ``most``, the draws it
    rests on): it stays in [0, 1] and never shrinks to a point."""
    n = most if variance <= 0 or not 0.0 < p < 1.0 else min(most, max(1.0, p * (1 - p) / variance))
    return wilson_bounds(p * n, n)
