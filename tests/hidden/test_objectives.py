"""The objectives of a rating as lookups by outcome code, and the match objective's values."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import LONE_FLAG, makers_points, outcome_code
from altbaumer.game.seats import Team
from altbaumer.hidden.making import fold_lines
from altbaumer.hidden.objectives import OBJECTIVES, lone_of, objective_for, tricks_of

TABLE = EquityTable.from_probabilities([0.5, 0.25, 0.01, 0.2, 0.04], deals=5_000)
CODES = np.array([outcome_code(t, lone) for lone in (False, True) for t in range(6)])


def test_codes_keep_the_tricks_and_the_lone_flag():
    assert tricks_of(CODES).tolist() == list(range(6)) * 2
    assert lone_of(CODES).tolist() == [False] * 6 + [True] * 6
    assert outcome_code(5, True) == 5 + LONE_FLAG


@pytest.mark.parametrize("name", ["net", "make", "march"])
def test_the_deal_objectives_ignore_who_played_alone(name):
    values = objective_for(name).of(CODES)
    assert values[:6].tolist() == values[6:].tolist()
    expected = {"net": [makers_points(t)[0] - makers_points(t)[1] for t in range(6)],
                "make": [float(t >= 3) for t in range(6)], "march": [float(t == 5) for t in range(6)]}[name]
    assert values[:6].tolist() == expected


def test_the_match_objective_is_the_makers_equity_after_the_deal():
    for text in ("0:0", "3:-1 rounds 1:0", "4:4 rounds 0:1", "-2:3"):
        for makers in Team:
            state = MatchState.parse(text, makers)
            values = objective_for("match", state, TABLE).of(CODES)
            for code, value in zip(CODES.tolist(), values.tolist()):
                tricks, lone = code & 7, code >= LONE_FLAG
                assert value == pytest.approx(TABLE.equity(state.after(tricks, lone), makers))


def test_a_lone_march_is_worth_more_than_a_march_together_until_the_round_is_won_anyway():
    start = objective_for("match", MatchState.start(Team.NS), TABLE)
    assert start.of(np.array([13]))[0] > start.of(np.array([5]))[0] + 0.05
    at_four = objective_for("match", MatchState.parse("4:0", Team.NS), TABLE)  # any make wins the round
    assert at_four.of(np.array([13]))[0] == pytest.approx(at_four.of(np.array([5]))[0])
    assert at_four.of(np.array([3]))[0] == pytest.approx(at_four.of(np.array([5]))[0])


def test_in_the_decider_the_match_objective_is_making():
    decider = objective_for("match", MatchState.parse("decider", Team.EW), TABLE)
    assert decider.of(CODES).tolist() == objective_for("make").of(CODES).tolist()
    assert decider.round is not None and decider.round.tolist() == decider.values.tolist()


def test_the_round_chance_of_a_lone_march_is_certain():
    objective = objective_for("match", MatchState.parse("-2:4", Team.NS), TABLE)
    assert objective.round is not None and objective.round[13] == 1.0 and objective.round[5] < 1.0


def test_fold_lines_flags_the_lone_lines():
    # One world, one discard: together, forehand alone, partner alone all take 5 tricks.
    mask = np.ones(3, dtype=bool)
    lines = fold_lines(np.array([5, 5, 5], dtype=np.int8), mask, 1, 1)
    assert lines.tolist() == [[[5, 5 + LONE_FLAG, 5 + LONE_FLAG]]]
    dropped = fold_lines(np.array([4, 3], dtype=np.int8), np.array([True, False, True]), 1, 1)
    assert dropped.tolist() == [[[4, -1, 3 + LONE_FLAG]]]  # a row not solved stays -1


def test_bad_objectives_are_one_line_errors():
    with pytest.raises(AltbaumerError, match="unknown objective 'luck'"):
        objective_for("luck")
    with pytest.raises(AltbaumerError, match="needs the score"):
        objective_for("match")
    over = MatchState((0, 0), (2, 1), Team.NS)
    with pytest.raises(AltbaumerError, match="the match is over"):
        objective_for("match", over, TABLE)
    assert set(OBJECTIVES) == {"match", "net", "make", "march"}
