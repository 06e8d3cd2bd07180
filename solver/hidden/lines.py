"""The later decisions inside an option, made over the worlds being rated,
and the successive elimination of lines that clearly trail (docs/rating.md).

Every function takes the outcome codes per world and line (the makers'
final tricks, flagged when one of them played alone:
:func:`altbaumer.game.scoring.outcome_code`) and an objective
(:mod:`altbaumer.hidden.objectives`) and returns choices or values:
forehand's discard and lone choice over the worlds it cannot tell apart,
and the partner's lone choice as the partner made it from its own
information (per world, from :class:`altbaumer.hidden.partner.PartnerChoices`).

>>> import numpy as np
>>> from altbaumer.hidden.objectives import objective_for
>>> objective_values(np.array([2, 3, 5]), objective_for("make")).tolist()
[0.0, 1.0, 1.0]
>>> choose_lines(np.array([[3, 5], [3, 0]]), objective_for("march")).tolist()  # the line that marches more often
[1, 1]
>>> partner_decides(np.array([3, 4]), np.array([13, 10]), np.array([True, False])).tolist()
[13, 4]
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np

from altbaumer.hidden.objectives import Objective

__all__ = ["PRUNE_MIN", "PRUNE_Z", "objective_values", "choose_lines", "partner_decides", "lone_choice",
           "lone_stage", "forehand_plan", "forehand_line", "lone_plans", "trails_clearly", "prune_lines",
           "clearly_best", "CLEAR_Z"]

PRUNE_Z = 4.0  # standard errors by which a line must trail to be dropped
PRUNE_MIN = 100  # worlds of a group solved before any of its lines is dropped
CLEAR_Z = 3.0
"""Standard errors by which forehand's choice inside an option must beat
every other for another sample of worlds to make it too (:func:`clearly_best`)."""


def objective_values(codes: np.ndarray, objective: Objective) -> np.ndarray:
    """The makers' values of outcome codes (each ≥ 0) under ``objective``."""
    return objective.of(codes)


def choose_lines(values: np.ndarray, objective: Objective) -> np.ndarray:
    """Per world, the column of ``values`` (outcome codes, worlds × options)
    a maker picks over all these worlds: the best mean objective. Ties go to
    the lower column."""
    goal = objective_values(np.maximum(values, 0), objective)
    goal[values < 0] = -np.inf  # a line dropped by the elimination is never chosen
    return np.full(len(values), int(np.argmax(goal.mean(axis=0))), dtype=np.intp)


def partner_decides(together: np.ndarray, alone: np.ndarray, partner_alone: np.ndarray) -> np.ndarray:
    """The outcome once forehand has passed: the partner's lone line in the
    worlds where it plays alone (``partner_alone``, chosen from its own
    information, not from these worlds: :mod:`altbaumer.hidden.partner`),
    else playing together."""
    return np.where(partner_alone, alone, together)


def lone_choice(lines: np.ndarray, partner_alone: np.ndarray, objective: Objective) -> bool:
    """``lines`` (worlds × 3: together, forehand alone, partner alone): whether
    forehand, deciding over all these worlds, plays alone (if not, the
    partner plays as it chose: :func:`partner_decides`)."""
    return bool(_lone_stages(lines[:, None], partner_alone, objective)[1][0])


def _lone_stages(lines: np.ndarray, partner_alone: np.ndarray,
                 objective: Objective) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Forehand's lone choice after each discard at once (``lines``: worlds ×
    discards × 3): passing and playing alone per world (worlds × discards ×
    2), whether forehand plays alone after each discard (:func:`choose_lines`
    over the two, the lower on a tie), and the outcome once it has chosen
    (worlds × discards)."""
    # C order, whatever the layout of ``lines``: numpy sums a mean over the worlds in another order along a
    # contiguous axis, and the choices must be the ones each discard's lines give on their own.
    passed = np.ascontiguousarray(partner_decides(lines[:, :, 0], lines[:, :, 2], np.asarray(partner_alone)[:, None]))
    both = np.ascontiguousarray(np.stack([passed, lines[:, :, 1]], axis=2))
    if not len(lines):
        return both, np.zeros(lines.shape[1], dtype=bool), passed
    goal = objective_values(np.maximum(both, 0), objective)
    goal[both < 0] = -np.inf  # a line dropped by the elimination is never chosen
    means = goal.mean(axis=0)
    alone = means[:, 1] > means[:, 0]
    return both, alone, np.ascontiguousarray(np.where(alone, lines[:, :, 1], passed))


def clearly_best(values: np.ndarray, objective: Objective, chosen: int) -> bool:
    """``values`` (outcome codes, worlds × options): option ``chosen`` beats
    every other on the same worlds by more than :data:`CLEAR_Z` standard
    errors, so that another sample of worlds would choose it too."""
    goal = objective_values(np.maximum(values, 0), objective)
    others = [o for o in range(values.shape[1]) if o != chosen and (values[:, o] >= 0).all()]
    return bool(_trailing((goal[:, others] - goal[:, [chosen]]).T, CLEAR_Z).all())


def lone_plans(lines: np.ndarray, partner_alone: np.ndarray, objective: Objective) -> tuple[np.ndarray, np.ndarray]:
    """For each discard on its own (``lines``: worlds × discards × 3), what
    :func:`forehand_plan` makes of it: whether forehand then plays alone, and
    whether that choice is clear."""
    both, alone, _ = _lone_stages(lines, partner_alone, objective)
    goal = objective_values(np.maximum(both, 0), objective)
    each, chosen = np.arange(lines.shape[1]), alone.astype(np.intp)
    other = 1 - chosen
    solved = (both[:, each, other] >= 0).all(axis=0)
    return alone, ~solved | _trailing((goal[:, each, other] - goal[:, each, chosen]).T, CLEAR_Z)


def lone_stage(lines: np.ndarray, partner_alone: np.ndarray, objective: Objective) -> np.ndarray:
    """The outcome of ``lines`` (as :func:`lone_choice` takes them) once
    forehand has made its :func:`lone_choice`."""
    return np.ascontiguousarray(_lone_stages(lines[:, None], partner_alone, objective)[2][:, 0])


def forehand_plan(tricks: np.ndarray, partner_alone: np.ndarray, objective: Objective,
                  allowed: Optional[np.ndarray] = None) -> tuple[int, bool, bool]:
    """``tricks`` (worlds × discards × 3) over worlds forehand cannot tell
    apart: the discard forehand picks (among the ``allowed`` ones), knowing
    the lone decisions that follow, whether it then plays alone, and whether
    both choices are clear (:func:`clearly_best`)."""
    columns = np.arange(tricks.shape[1]) if allowed is None else np.flatnonzero(allowed)
    both, alone, staged = _lone_stages(tricks[:, columns], partner_alone, objective)
    pick = int(choose_lines(staged, objective)[0]) if len(staged) else 0
    lone = bool(alone[pick])
    clear = clearly_best(staged, objective, pick) and clearly_best(both[:, pick], objective, int(lone))
    return int(columns[pick]), lone, clear


def forehand_line(tricks: np.ndarray, partner_alone: np.ndarray, objective: Objective,
                  allowed: Optional[np.ndarray] = None) -> np.ndarray:
    """The outcome per world of :func:`forehand_plan`: forehand's best
    discard (among the ``allowed`` ones), then its lone choice."""
    best, _, _ = forehand_plan(tricks, partner_alone, objective, allowed)
    return lone_stage(tricks[:, best], partner_alone, objective)


def trails_clearly(goal: np.ndarray, reference: np.ndarray, z: float = PRUNE_Z) -> bool:
    """Successive elimination: an option whose objective trails the
    reference's on the same worlds by more than ``z`` standard errors."""
    return bool(_trailing((goal - reference)[None, :], z)[0])


def _trailing(diffs: np.ndarray, z: float) -> np.ndarray:
    """:func:`trails_clearly` of each row of ``diffs`` (options × worlds: an
    option's objective less the reference's) at once. A contiguous row is
    summed as one array is, so each row's figures are those it has alone."""
    diffs = np.ascontiguousarray(diffs)
    n = diffs.shape[1]
    spread = diffs.std(axis=1, ddof=1) / math.sqrt(n) if n > 1 else np.zeros(len(diffs))
    return np.asarray(diffs.mean(axis=1) + z * spread < 0)


def prune_lines(tricks: np.ndarray, partner_alone: np.ndarray, objective: Objective, discards: bool = True,
                keep: Optional[np.ndarray] = None) -> np.ndarray:
    """From the lines solved so far (worlds × options × 3; -1 for lines no
    longer solved), the partner's lone choices per world and the lines still
    ``keep`` (options × 2: together, forehand alone): the lines still worth
    solving. A discard is dropped (both lines) when its value after the lone
    decisions trails the best discard's, and forehand's lone line when it
    trails passing, by more than 4 standard errors on the same worlds. With ``discards`` false only lone
    lines are dropped. Once dropped, a line stays dropped."""
    m = tricks.shape[1]
    keep = np.ones((m, 2), dtype=bool) if keep is None else keep.copy()
    alive = np.flatnonzero(keep[:, 0])
    staged = _lone_stages(tricks[:, alive], partner_alone, objective)[2]
    goal = objective_values(staged, objective)
    best = int(np.argmax(goal.mean(axis=0)))
    if discards:
        trailing = _trailing((goal - goal[:, [best]]).T, PRUNE_Z)
        trailing[best] = False
        keep[alive[trailing]] = False
    lone = np.flatnonzero(keep[:, 1])
    passed = partner_decides(tricks[:, lone, 0], tricks[:, lone, 2], np.asarray(partner_alone)[:, None])
    gaps = objective_values(tricks[:, lone, 1], objective) - objective_values(passed, objective)
    keep[lone[_trailing(gaps.T, PRUNE_Z)], 1] = False
    return keep
