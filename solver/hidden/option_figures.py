"""What a rating says of each option, and how it is worked out from the
worlds: the option's figures (:class:`OptionRating`, and from either side's
point of view :class:`SideFigures`), and their means and 95% intervals from
the outcome codes of every world (:func:`rate_options`): normal intervals for
the means, Wilson's for the chances.

>>> [round(x, 4) for x in wilson_bounds(3, 10)]
[0.1078, 0.6032]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Optional

import numpy as np

from altbaumer.hidden.making import deal_points
from altbaumer.hidden.objectives import Objective, tricks_of
from altbaumer.hidden.verdicts import tied

__all__ = ["SideFigures", "OptionRating", "rate_options", "world_figures", "wilson_bounds", "PROPORTIONS"]

_Z95 = 1.959964
PROPORTIONS = ("p_make", "p_march", "p_zero")
"""The figures that are chances of a world's outcome (the makers make,
march, take none): their intervals are Wilson's (:func:`wilson_bounds`)."""
_SIDE_CHANCES = {True: {"p_win": "p_make", "p_all": "p_march", "p_none": "p_zero"},
                 False: {"p_win": "p_make", "p_all": "p_zero", "p_none": "p_march"}}


@dataclass(frozen=True)
class SideFigures:
    """An option's figures for one side, the deciding seat's: its chance to
    win the match and the round in play (``match`` objective only, else
    None); its mean tricks (None unless the rating solved them exactly:
    ``rate_view(..., tricks=True)``); the chances that it wins the deal (the
    makers take 3 or more, the defenders hold them to 2 or fewer), takes all five
    tricks and takes none; its mean deal points and net swing (its points
    minus the other side's), each with its 95% half-width in ``ci95``; and
    the objective the option gives up against the top option for this side
    (``delta`` ≤ 0 but for the recommended option when it is a tie short of
    the top, the top 0)."""

    side: str  # "makers" or "defenders"
    equity: Optional[float]
    p_round: Optional[float]
    tricks: Optional[float]
    p_win: float
    p_all: float
    p_none: float
    points: float
    net: float
    ci95: dict[str, Optional[float]]  # "tricks" None when the tricks are not computed
    delta: float
    delta_ci95: float
    bounds95: dict[str, tuple[float, float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"equity": self.equity, "p_round": self.p_round, "tricks": self.tricks, "p_win": self.p_win,
                "p_all": self.p_all, "p_none": self.p_none, "points": self.points, "net": self.net,
                "ci95": self.ci95, "interval95": {k: list(v) for k, v in self.bounds95.items()},
                "delta": self.delta, "delta_ci95": self.delta_ci95}


@dataclass(frozen=True)
class OptionRating:
    """One option over the worlds, the makers' figures: their chance to win
    the match and the round (``match`` objective only), mean tricks (None
    when not computed: the raters solve by score class unless asked for
    tricks, docs/rating.md), the chances to make (3+), march (5) and take
    nothing, mean deal points and net swing, the 95% half-widths of each (0
    when exact; None for tricks not computed), and the objective's
    difference from the top option on the same worlds.
    ``best`` marks the recommended option: the most natural of those tied
    with the top (:mod:`altbaumer.hidden.verdicts`)."""

    option: str
    mean_tricks: Optional[float]
    p_make: float
    p_march: float
    p_zero: float
    points: float
    net: float
    ci95: dict[str, Optional[float]]
    delta: float
    delta_ci95: float
    best: bool
    worlds: int = 0
    """Worlds this option was solved in: all of them, or the first batch for an
    option dropped early by the successive elimination (docs/rating.md)."""
    equity: Optional[float] = None
    p_round: Optional[float] = None
    bounds95: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The 95% intervals of the chances (:data:`PROPORTIONS`) as (low, high)."""

    def figures(self, maker: bool) -> SideFigures:
        """The figures for the makers (``maker``) or for the defenders, whose
        tricks, chances and points mirror the makers' (five tricks a deal)."""
        ci = self.ci95.get
        bounds = {side: self._bounds(makers, maker) for side, makers in _SIDE_CHANCES[maker].items()
                  if makers in self.bounds95}
        shared = {"equity": ci("equity", 0.0), "p_round": ci("p_round", 0.0), "tricks": ci("mean_tricks", 0.0),
                  "p_win": ci("p_make", 0.0), "net": ci("net", 0.0)}
        if maker:
            return SideFigures("makers", self.equity, self.p_round, self.mean_tricks, self.p_make, self.p_march,
                               self.p_zero, self.points, self.net,
                               {**shared, "p_all": ci("p_march", 0.0), "p_none": ci("p_zero", 0.0),
                                "points": ci("points", 0.0)}, self.delta, self.delta_ci95, bounds)
        tricks = None if self.mean_tricks is None else 5 - self.mean_tricks
        return SideFigures("defenders", _other(self.equity), _other(self.p_round), tricks,
                           1 - self.p_make, self.p_zero, self.p_march, self.points - self.net, -self.net,
                           {**shared, "p_all": ci("p_zero", 0.0), "p_none": ci("p_march", 0.0),
                            "points": ci("conceded", 0.0)}, -self.delta, self.delta_ci95, bounds)

    def _bounds(self, name: str, maker: bool) -> tuple[float, float]:
        """The makers' interval of a chance, or the defenders' (P(set) = 1 - P(make))."""
        lo, hi = self.bounds95[name]
        return (lo, hi) if maker or name != "p_make" else (1.0 - hi, 1.0 - lo)

    def to_dict(self) -> dict[str, Any]:
        return {"option": self.option, "equity": self.equity, "p_round": self.p_round,
                "mean_tricks": self.mean_tricks, "p_make": self.p_make,
                "p_march": self.p_march, "p_zero": self.p_zero, "points": self.points, "net": self.net,
                "ci95": self.ci95, "interval95": {k: list(v) for k, v in self.bounds95.items()},
                "delta": self.delta, "delta_ci95": self.delta_ci95, "best": self.best, "worlds": self.worlds}


def _other(value: Optional[float]) -> Optional[float]:
    return None if value is None else 1.0 - value



def _mean_ci(values: np.ndarray, exact: bool) -> tuple[float, float]:
    mean = float(values.mean())
    if exact or len(values) < 2:
        return mean, 0.0
    return mean, float(_Z95 * values.std(ddof=1) / math.sqrt(len(values)))


def wilson_bounds(hits: float, n: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, ``hits`` of ``n``
    independent draws: it stays inside [0, 1] and keeps its coverage near
    0% and 100%, where the normal interval shrinks to nothing.

    >>> [round(x, 4) for x in wilson_bounds(0, 100)], [round(x, 4) for x in wilson_bounds(50, 100)]
    ([0.0, 0.037], [0.4038, 0.5962])
    """
    if n <= 0:
        return 0.0, 1.0
    p, z2 = hits / n, _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _proportion_ci(values: np.ndarray, exact: bool) -> tuple[float, float, tuple[float, float]]:
    """A chance's mean, its half-width (the wider side of the Wilson
    interval, so "±" never claims more than the interval does) and the
    interval itself; none for enumerated worlds."""
    mean = float(values.mean())
    if exact:
        return mean, 0.0, (mean, mean)
    lo, hi = wilson_bounds(float(values.sum()), len(values))
    return mean, max(mean - lo, hi - mean), (lo, hi)


def rate_options(labels: list[str], codes: np.ndarray, objective: Objective, maker: bool,
                 exact: bool, tricks: bool = False, natural: bool = False) -> tuple[OptionRating, ...]:
    """Statistics of every option (columns of ``codes``: outcome codes per
    world, -1 where an option dropped early was not solved), each against
    the top option for the decider's side among those solved in every world,
    and the recommendation: with ``natural`` (the options are listed in a
    natural order of play: :data:`~altbaumer.hidden.verdicts.NATURAL_ORDER`)
    the first option tied with the top, else the top itself. The mean
    tricks only with ``tricks`` (the codes' tricks then exact), else None.
    The chances (to make, march, take none) have Wilson intervals."""
    solved = codes >= 0
    safe = np.maximum(codes, 0)
    goal = objective.of(safe)
    sign = 1.0 if maker else -1.0  # the defenders minimise the makers' value
    means = np.array([goal[solved[:, j], j].mean() for j in range(len(labels))])
    complete = np.asarray(solved.all(axis=0))
    top = int(np.argmax(np.where(complete, sign * means, -np.inf)))
    figures = world_figures(safe, objective, tricks)
    rated = []
    for j, label in enumerate(labels):
        rows = solved[:, j]
        full = exact and bool(complete[j])
        values = {k: _mean_ci(v[rows, j], full) for k, v in figures.items() if k not in PROPORTIONS}
        chances = {k: _proportion_ci(figures[k][rows, j], full) for k in PROPORTIONS}
        values.update({k: v[:2] for k, v in chances.items()})
        delta, delta_ci = _mean_ci(goal[rows, j] - goal[rows, top], full)
        means_of = {k: v[0] for k, v in values.items()}
        ci95: dict[str, Optional[float]] = {"mean_tricks": None, **{k: v[1] for k, v in values.items()}}
        rated.append(OptionRating(label, means_of.get("mean_tricks"), means_of["p_make"], means_of["p_march"],
                                  means_of["p_zero"], means_of["points"], means_of["net"],
                                  ci95, delta, delta_ci, False, int(rows.sum()),
                                  means_of.get("equity"), means_of.get("p_round"),
                                  {k: v[2] for k, v in chances.items()}))
    best = top if not natural else next(j for j, o in enumerate(rated)
                                        if complete[j] and tied(-sign * o.delta, o.delta_ci95, objective.name))
    return tuple(replace(o, best=j == best) for j, o in enumerate(rated))


def world_figures(codes: np.ndarray, objective: Objective, mean_tricks: bool) -> dict[str, np.ndarray]:
    """Per world and option, what each figure averages: tricks (with
    ``mean_tricks``), the chances to make, march and take nothing, the
    makers' points, the defenders' (they need their own interval: their mean
    is points - net), the net swing, and with the match objective the
    makers' chances to win the match and the round. All but the tricks are
    functions of the makers' score class."""
    tricks = tricks_of(codes)
    made, conceded = deal_points(tricks)
    points = made.astype(np.float64)
    figures = {"mean_tricks": tricks.astype(np.float64)} if mean_tricks else {}
    figures.update({"p_make": (tricks >= 3).astype(np.float64), "p_march": (tricks == 5).astype(np.float64),
                    "p_zero": (tricks == 0).astype(np.float64), "points": points,
                    "conceded": conceded.astype(np.float64), "net": points - conceded})
    if objective.round is not None:
        figures["equity"] = objective.of(codes)
        figures["p_round"] = objective.round[codes]
    return figures

