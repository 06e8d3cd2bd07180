"""Scores grouped by what a deal's outcomes are worth there: the classes of a
score-aware equity table (docs/equity.md, Score-aware rates).

A player who maximises its expected chance to win the match decides alike at
two scores where the outcomes' values differ only by a positive affine map:
the best option of a rating stays the best. So every score gets its
*outcome shape*, the makers' match equity after each of
:data:`~altbaumer.game.equity.OUTCOMES` scaled so that the worst outcome is 0
and the best 1, and the scores are grouped by k-means over their shapes,
each weighted by how often a match plays a deal there
(:meth:`~altbaumer.game.equity.EquityTable.occupancy`). A group's deals are
simulated at its most played score.

>>> from altbaumer.game.equity import EquityTable
>>> table = EquityTable.from_probabilities([0.55, 0.06, 0.11, 0.25, 0.03], deals=10_000)
>>> groups = group_scores(table, 3)
>>> [s.describe() for s in groups.representatives]
['0:0, rounds 0:0, N-S make trump', '0:0, rounds 0:1, N-S make trump', 'the decider (rounds 1:1), N-S make trump']
>>> round(sum(groups.share), 9)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from altbaumer.errors import AltbaumerError
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team

__all__ = ["ScoreGroups", "group_scores", "outcome_shape", "MAX_CLASSES"]

MAX_CLASSES = 32
_LLOYD_ROUNDS = 100


@dataclass(frozen=True)
class ScoreGroups:
    """Every state of a table's chain in one of ``len(representatives)``
    groups: ``members`` (a group index per state of
    :attr:`~altbaumer.game.equity.EquityTable.states`), each group's most
    played state, the centre of its shapes, and its share of the deals a
    match plays."""

    members: np.ndarray
    representatives: tuple[MatchState, ...]
    centres: np.ndarray
    share: tuple[float, ...]


def outcome_shape(table: EquityTable, state: MatchState) -> np.ndarray:
    """The makers' match equity after each outcome from ``state``, scaled
    to run from 0 (the worst outcome) to 1 (the best).

    >>> from altbaumer.game.equity import EquityTable
    >>> from altbaumer.game.seats import Team
    >>> table = EquityTable.from_probabilities([0.55, 0.06, 0.11, 0.25, 0.03], deals=10_000)
    >>> outcome_shape(table, MatchState.parse("decider", Team.NS)).tolist()  # three tricks are all that count
    [1.0, 1.0, 1.0, 0.0, 0.0]
    """
    values = table.outcome_equities(state)
    span = float(values.max() - values.min())
    return (values - values.min()) / span if span > 0 else np.zeros_like(values)


def group_scores(table: EquityTable, classes: int) -> ScoreGroups:
    """The states of ``table`` in ``classes`` groups of like outcome shapes
    (weighted k-means, started from the most played state and then the
    states farthest from the centres so far, weighted by their deals)."""
    if not 1 <= classes <= MAX_CLASSES:
        raise AltbaumerError(f"classes of scores must be 1 to {MAX_CLASSES}, not {classes}")
    states = table.states
    shapes = np.stack([outcome_shape(table, s) for s in states])
    weights = table.occupancy()
    played = weights > 0
    centres = _first_centres(shapes[played], weights[played], classes)
    for _ in range(_LLOYD_ROUNDS):
        members = _nearest(shapes, centres)
        moved = np.array([np.average(shapes[played & (members == c)], axis=0, weights=weights[played & (members == c)])
                          if (played & (members == c)).any() else centres[c] for c in range(len(centres))])
        if np.allclose(moved, centres, atol=1e-12):
            break
        centres = moved
    members = _nearest(shapes, centres)
    order = np.argsort([-weights[members == c].sum() for c in range(len(centres))], kind="stable")
    members = np.argsort(order)[members]  # groups by their share of the deals, the largest first
    centres = centres[order]
    ns_first = np.array([s.makers is Team.NS for s in states]) * 1e-12  # of two mirrored scores, N-S making trump
    representatives = tuple(states[int(np.argmax(np.where(members == c, weights + ns_first, -1.0)))]
                            for c in range(len(centres)))
    share = tuple(float(weights[members == c].sum() / weights.sum()) for c in range(len(centres)))
    return ScoreGroups(members, representatives, centres, share)


def _first_centres(shapes: np.ndarray, weights: np.ndarray, classes: int) -> np.ndarray:
    distinct = np.unique(shapes.round(9), axis=0)
    if classes > len(distinct):
        raise AltbaumerError(f"the scores of a match have {len(distinct)} outcome shapes: no more classes than that")
    centres = [shapes[int(np.argmax(weights))]]
    while len(centres) < classes:
        far = ((shapes[:, None, :] - np.array(centres)[None]) ** 2).sum(axis=2).min(axis=1)
        centres.append(shapes[int(np.argmax(weights * far))])
    return np.array(centres)


def _nearest(shapes: np.ndarray, centres: np.ndarray) -> np.ndarray:
    return ((shapes[:, None, :] - centres[None]) ** 2).sum(axis=2).argmin(axis=1)
