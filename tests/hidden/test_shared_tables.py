"""Tables built once and shared: the match objective per (score, table) must
be the one the equity table gives, and the partner's value ranges those
of the values they are asked for."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.game.equity import EquityTable, shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.hidden.objectives import objective_for


@pytest.mark.parametrize("score", ["0:0", "3:-1 rounds 1:0", "-2:4 rounds 0:1", "decider"])
@pytest.mark.parametrize("makers", list(Team))
def test_cached_objective_is_the_tables(score: str, makers: Team) -> None:
    state = MatchState.parse(score, makers)
    other = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08])
    for table in (None, other):
        match, round_ = (table or shipped_table()).outcome_values(state)
        for _ in range(2):  # built, then from the cache
            goal = objective_for("match", state, table)
            assert goal.name == "match" and goal.state == state
            assert np.array_equal(goal.values, match) and np.array_equal(goal.round, round_)


def test_tables_alike_are_kept_apart() -> None:
    state = MatchState.start(Team.NS)
    first = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08])
    second = EquityTable.from_probabilities([0.30, 0.10, 0.05, 0.45, 0.10])
    assert not np.array_equal(objective_for("match", state, first).values,
                              objective_for("match", state, second).values)


def test_shared_values_cannot_be_changed() -> None:
    goal = objective_for("match", MatchState.start(Team.EW))
    with pytest.raises(ValueError):
        goal.values[0] = 1.0


def test_partner_ranges_are_built_from_the_values() -> None:
    from altbaumer.hidden.partner import _Range, _range_of
    values = (0.1, 0.3, 0.3, 0.55, 0.6, 0.9)
    shared, fresh = _range_of(values), _Range(np.array(values))
    for name in ("values", "lowest", "highest"):
        assert np.array_equal(getattr(shared, name), getattr(fresh, name))
    assert _range_of(values) is shared
