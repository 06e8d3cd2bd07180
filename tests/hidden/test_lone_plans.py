"""Forehand's lone choices after every discard at once
(:func:`altbaumer.hidden.lines.lone_plans`) are those :func:`forehand_plan`
makes of each discard on its own, and no choice depends on how the lines lie
in memory: a mean summed along a contiguous axis is summed in another order,
and an exact tie between discards must go the same way either way."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.game.seats import Team
from altbaumer.hidden.lines import choose_lines, forehand_line, forehand_plan, lone_plans, lone_stage, prune_lines
from altbaumer.hidden.objectives import objective_for

OBJECTIVES = [objective_for("match", MatchState.start(Team.NS)), objective_for("make"), objective_for("march"),
              objective_for("net")]


def random_lines(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Outcome codes (worlds × discards × 3, some lines dropped: -1, some
    discards tied) and the partner's lone choices."""
    worlds, discards = int(rng.integers(1, 300)), int(rng.integers(1, 8))
    tricks = rng.integers(0, 6, (worlds, discards, 3)).astype(np.int8)
    tricks[:, :, 1:] += np.int8(LONE_FLAG)
    if rng.random() < 0.3:
        tricks[rng.random(tricks.shape) < 0.1] = -1
    partner_alone = rng.random(worlds) < rng.random()
    if rng.random() < 0.5:
        # Every discard the same lines in other worlds: ties, up to the order the worlds are summed in.
        partner_alone[:] = partner_alone[0]
        for j in range(1, discards):
            tricks[:, j] = tricks[rng.permutation(worlds), 0]
    return tricks, partner_alone


def layouts(tricks: np.ndarray) -> list[np.ndarray]:
    """The same lines in C order, in Fortran order and discard-major."""
    return [np.ascontiguousarray(tricks), np.asfortranarray(tricks),
            np.ascontiguousarray(tricks.transpose(1, 0, 2)).transpose(1, 0, 2)]


@pytest.mark.parametrize("seed", range(6))
def test_lone_plans_are_each_discards_forehand_plan(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for case in range(150):
        tricks, partner_alone = random_lines(rng)
        objective = OBJECTIVES[case % len(OBJECTIVES)]
        for lines in layouts(tricks):
            alone, clear = lone_plans(lines, partner_alone, objective)
            one_by_one = [forehand_plan(np.ascontiguousarray(tricks[:, j : j + 1]), partner_alone, objective)
                          for j in range(tricks.shape[1])]
            assert alone.tolist() == [plan[1] for plan in one_by_one]
            assert clear.tolist() == [plan[2] for plan in one_by_one]


@pytest.mark.parametrize("seed", range(6))
def test_no_choice_depends_on_the_layout_of_the_lines(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    for case in range(150):
        tricks, partner_alone = random_lines(rng)
        objective = OBJECTIVES[case % len(OBJECTIVES)]
        # Each discard's lone choice as the C-ordered lines of that discard alone give it.
        staged = np.stack([lone_stage(np.ascontiguousarray(tricks[:, j]), partner_alone, objective)
                           for j in range(tricks.shape[1])], axis=1)
        plans, lines_out, kept = set(), [], []
        for lines in layouts(tricks):
            plans.add(forehand_plan(lines, partner_alone, objective))
            lines_out.append(forehand_line(lines, partner_alone, objective))
            kept.append(prune_lines(lines, partner_alone, objective))
            assert all((lone_stage(lines[:, j], partner_alone, objective) == staged[:, j]).all()
                       for j in range(tricks.shape[1]))
        assert len(plans) == 1 and next(iter(plans))[0] == int(choose_lines(staged, objective)[0])
        assert all((out == lines_out[0]).all() for out in lines_out)
        assert all((keep == kept[0]).all() for keep in kept)
