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

This needs the double-dummy value of a world to be that world's alone.
Inside an option forehand's later choices (the discard, playing alone) are
made over all the worlds of the rating, as forehand cannot tell them apart;
a choice that is clear is the same over any sample, but a close one turns
with the sample. So the playouts follow the rating's choices only where
they are clear, and otherwise a player of their own
(:meth:`~altbaumer.hidden.raters.Rater.plans`, :mod:`altbaumer.play.realistic`).

>>> import numpy as np
>>> x = np.array([0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0])
>>> y = np.array([0.0, 1.0, 0.0, 0.0])             # the first four worlds played out
>>> estimate, variance, freedom = controlled_mean(x, y, exact=False)
>>> round(estimate, 3), round(float(y.mean()), 3), freedom   # the playouts missed some of the 1s the others show
(0.321, 0.25, 3)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional

import numpy as np

from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.option_figures import PROPORTIONS, OptionRating, wilson_bounds, world_figures
from altbaumer.hidden.verdicts import tied

__all__ = ["controlled_mean", "controlled_options", "Controlled", "t975"]

_Z95 = 1.959964
_CODES = np.array([t + lone for lone in (0, LONE_FLAG) for t in range(TRICKS + 1)])
"""Every outcome code a deal can end in."""


def controlled_mean(x: np.ndarray, y: np.ndarray, *, exact: bool, at: Optional[np.ndarray] = None,
                    spread: float = 0.0) -> tuple[float, float, int]:
    """(estimate, its variance, the degrees of freedom of that variance) of a
    figure's mean: ``x`` its double-dummy values in every world solved, ``y``
    its played-out values in the first len(y) worlds, or with ``exact`` (``x``
    holds every world) in the worlds ``at`` (see the module docstring).
    ``spread``, the range of the figure's values, bounds the variance below
    by the rule of three: however alike the playouts were, one world in n + 2
    unseen may differ by the whole range."""
    rows = (np.asarray(x, dtype=np.float64)[None, :], np.asarray(y, dtype=np.float64)[None, :])
    estimate, variance = _regressed(*rows, exact, at)
    return float(estimate[0]), _floored(float(variance[0]), len(y), spread), len(y) - 1


def _floored(variance: float, n: int, spread: float) -> float:
    """``variance`` bounded below by the rule of three (:func:`controlled_mean`)."""
    rare = 1.0 / (n + 2)
    return max(variance, spread * spread * rare * (1 - rare) / max(n, 1))


def _regressed(xs: np.ndarray, ys: np.ndarray, exact: bool,
               at: Optional[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The estimates and their variances of several figures at once, one a
    row: ``xs`` (figures × worlds solved) and ``ys`` (figures × n playouts).
    Every mean and variance is taken along a contiguous row, which sums as
    the same figure alone would (numpy's pairwise sums): a figure's result
    does not depend on which others share its batch."""
    xs, ys = np.ascontiguousarray(xs), np.ascontiguousarray(ys)
    count, (n, m) = len(ys), (ys.shape[1], xs.shape[1])
    if n < 2:
        return (ys.mean(axis=1) if n else xs.mean(axis=1) if m else np.zeros(count)), np.zeros(count)
    if not exact and m - n < 2:  # no double-dummy world beyond those played out
        return ys.mean(axis=1), ys.var(axis=1, ddof=1) / n
    ds = np.ascontiguousarray(xs[:, at] if at is not None else xs[:, :n])
    y_mean, d_mean = ys.mean(axis=1), ds.mean(axis=1)
    # The covariance as np.cov(y, d) takes it: both centred, one (2, n)
    # product a figure (BLAS sums in an order of its own, so not as one batch).
    centred = np.empty((count, 2, n))
    np.subtract(ys, y_mean[:, None], out=centred[:, 0])
    np.subtract(ds, d_mean[:, None], out=centred[:, 1])
    cov = np.array([np.dot(pair, pair.T)[0, 1] for pair in centred]) * np.true_divide(1, n - 1)
    spread_d = ds.var(axis=1, ddof=1)
    estimate_from = y_mean, xs.mean(axis=1) - d_mean
    if exact:
        beta = np.divide(cov, spread_d, out=np.zeros(count), where=spread_d > 0)
        return estimate_from[0] + beta * estimate_from[1], (ys - beta[:, None] * ds).var(axis=1, ddof=1) / n
    f, rest = 1.0 - n / m, xs[:, n:]
    spread_rest = rest.var(axis=1, ddof=1)
    scale = f * (spread_d + n * spread_rest / (m - n))
    beta = np.divide(cov, scale, out=np.zeros(count), where=scale > 0)
    # Squared by C pow (Python floats), the figures' reference rounding:
    # numpy squares by multiplying, which may round the last bit the other way.
    squared = np.array([b ** 2 for b in (beta * f).tolist()])
    variance = (ys - (beta * f)[:, None] * ds).var(axis=1, ddof=1) / n + squared * spread_rest / (m - n)
    return estimate_from[0] + beta * estimate_from[1], variance


def t975(freedom: int) -> float:
    """The 97.5% point of Student's t with ``freedom`` degrees of freedom
    (the normal's for many), for a 95% interval from few playouts.

    >>> round(t975(7), 3), round(t975(1000), 3)
    (2.365, 1.962)
    """
    if freedom <= 0:
        return float("inf")
    if freedom <= len(_T975):
        return _T975[freedom - 1]
    z, v = _Z95, float(freedom)
    return z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v * v)


_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True)
class Controlled:
    """The options of a realistic rating, and how much the double-dummy
    worlds sharpened them: ``variance_reduction`` per option, the variance of
    its Δ from the playouts alone over that of the estimate used (how many
    times more playouts the same interval would have cost)."""

    options: tuple[OptionRating, ...]
    variance_reduction: dict[str, float]


def controlled_options(labels: list[str], dd: np.ndarray, played: np.ndarray, objective: Objective, maker: bool,
                       *, exact: bool, natural: bool, tricks: bool = False,
                       at: Optional[np.ndarray] = None) -> Controlled:
    """Every option's figures from its double-dummy codes ``dd`` (worlds ×
    options, every world solved) and played-out codes ``played`` (playouts × options; -1 where not played,
    after those played), the playouts in the first worlds, or with ``exact``
    in worlds ``at``; each Δ against the top option on common worlds, and ★
    as :func:`~altbaumer.hidden.option_figures.rate_options` gives it. The chances
    get Wilson intervals at their effective sample size."""
    sign = 1.0 if maker else -1.0
    counts = [int((played[:, j] >= 0).sum()) for j in range(len(labels))]
    dd_figures = world_figures(np.maximum(dd, 0), objective, tricks)
    play_figures = world_figures(np.maximum(played, 0), objective, tricks)
    goal_dd, goal_play = objective.of(np.maximum(dd, 0)), objective.of(np.maximum(played, 0))
    spreads = {k: float(np.ptp(v)) for k, v in world_figures(_CODES, objective, tricks).items()}
    goal_spread = float(np.ptp(objective.of(_CODES)))

    def means(values_dd: np.ndarray, values_play: np.ndarray, counted: list[int],
              spread: list[float]) -> list[tuple[float, float, int]]:
        """:func:`controlled_mean` of every option's column, each at its own
        count of playouts (the options with the same count in one batch)."""
        out: list[tuple[float, float, int]] = [(0.0, 0.0, 0)] * len(counted)
        for n in sorted(set(counted)):
            columns = [j for j, c in enumerate(counted) if c == n]
            estimates, variances = _regressed(values_dd[:, columns].T, values_play[:n, columns].T, exact,
                                              None if at is None else at[:n])
            for j, e, v in zip(columns, estimates.tolist(), variances.tolist()):
                out[j] = (e, _floored(v, n, spread[j]), n - 1)
        return out

    pairs: dict[int, list[tuple[float, float, int, float]]] = {}

    def paired(top: int) -> list[tuple[float, float, int, float]]:
        """Every option's Δ against ``top`` on their common playouts: its
        estimate, variance and degrees of freedom, and the variance the
        playouts alone would have given it (worked out once per top: the
        search for the top and the figures ask for the same)."""
        known = pairs.get(top)
        if known is not None:
            return known
        common = [min(c, counts[top]) for c in counts]
        steps = goal_play - goal_play[:, [top]]
        deltas = means(goal_dd - goal_dd[:, [top]], steps, common,
                       [goal_spread if j != top else 0.0 for j in range(len(labels))])
        raw = [0.0] * len(labels)
        for n in sorted(set(common)):
            if n > 1:
                columns = [j for j, c in enumerate(common) if c == n]
                spread_alone = np.ascontiguousarray(steps[:n, columns].T).var(axis=1, ddof=1) / n
                for j, v in zip(columns, spread_alone.tolist()):
                    raw[j] = v
        known = pairs[top] = [d + (r,) for d, r in zip(deltas, raw)]
        return known

    full = max(counts)
    estimates = [e for e, _, _ in means(goal_dd, goal_play, counts, [0.0] * len(labels))]
    top = int(np.argmax([sign * e if counts[j] == full else -np.inf for j, e in enumerate(estimates)]))
    # The top is the option no other beats on common worlds: the figures of
    # each option alone may rank two close ones the other way round.
    for _ in range(len(labels)):
        gains = [sign * paired(top)[j][0] if counts[j] == full and j != top else 0.0 for j in range(len(labels))]
        if max(gains) <= 0:
            break
        top = int(np.argmax(gains))
    figures = {key: means(dd_figures[key], play_figures[key], counts, [spreads[key]] * len(labels))
               for key in dd_figures}
    rated, reduction = [], {}
    for j, label in enumerate(labels):
        n = counts[j]
        ci95: dict[str, Optional[float]] = {"mean_tricks": None}
        bounds: dict[str, tuple[float, float]] = {}
        values: dict[str, float] = {}
        for key in dd_figures:
            value, variance, freedom = figures[key][j]
            if key in PROPORTIONS:
                value = min(1.0, max(0.0, value))
                lo, hi = _effective_wilson(value, variance, n + len(dd))
                bounds[key], ci95[key] = (lo, hi), max(value - lo, hi - value)
            else:
                ci95[key] = t975(freedom) * math.sqrt(variance) if variance > 0 else 0.0
            values[key] = value
        delta, variance, freedom, raw = paired(top)[j]
        if j != top and variance > 0:
            reduction[label] = raw / variance
        rated.append(OptionRating(label, values.get("mean_tricks"), values["p_make"], values["p_march"],
                                  values["p_zero"], values["points"], values["net"], ci95, delta,
                                  t975(freedom) * math.sqrt(variance) if variance > 0 else 0.0, False, n,
                                  values.get("equity"), values.get("p_round"), bounds))
    best = top if not natural else next(j for j, o in enumerate(rated)
                                        if counts[j] == full and tied(-sign * o.delta, o.delta_ci95, objective.name))
    return Controlled(tuple(replace(o, best=j == best) for j, o in enumerate(rated)), reduction)


def _effective_wilson(p: float, variance: float, most: int) -> tuple[float, float]:
    """The Wilson interval of a chance estimated with ``variance``, at the
    sample size that variance stands for (at most ``most``, the draws it
    rests on): it stays in [0, 1] and never shrinks to a point."""
    n = most if variance <= 0 or not 0.0 < p < 1.0 else min(most, max(1.0, p * (1 - p) / variance))
    return wilson_bounds(p * n, n)
