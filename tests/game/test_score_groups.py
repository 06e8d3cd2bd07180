"""Score-aware equity tables: rates by class of scores, the chain over them,
its intervals and data file, and the grouping of the scores by outcome shape."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.equity import OUTCOMES, EquityTable, RateClass
from altbaumer.game.match_state import MatchState
from altbaumer.game.score_groups import group_scores, outcome_shape
from altbaumer.game.seats import Team

NS, EW = Team.NS, Team.EW
START = [0.56, 0.05, 0.12, 0.25, 0.02]
SAFE = [0.70, 0.02, 0.00, 0.26, 0.02]  # three tricks are all that count: nobody goes alone
Z95 = 1.959964
_EXAMPLE = {"made": (3, False), "march": (5, False), "lone_march": (5, True), "set": (1, False), "set_all": (0, False)}


def decider_apart(start=START, decider=SAFE, deals=(8_000, 2_000)) -> EquityTable:
    """The decider's rates apart from every other score's."""
    base = EquityTable.from_probabilities(start)
    members = [int(s.decider) for s in base.states]
    return EquityTable.from_classes([RateClass("class 1", "0:0", tuple(start), deals[0]),
                                     RateClass("class 2", "decider", tuple(decider), deals[1])], members)


def test_the_decider_takes_its_own_class_s_rates_and_interval():
    table = decider_apart()
    decider = MatchState.parse("decider", NS)
    three = sum(SAFE[:3])
    assert table.equity(decider, NS) == pytest.approx(three, abs=1e-12)
    assert table.equity_ci95(decider) == pytest.approx(Z95 * math.sqrt(three * (1 - three) / 2_000), rel=1e-4)
    assert table.rate_class(decider).name == "class 2" and table.rate_class(MatchState.start(NS)).name == "class 1"
    assert table.score_aware and table.probabilities == tuple(START) and table.deals == 10_000


def test_classes_with_one_set_of_rates_give_the_single_table_s_values_and_wider_intervals():
    single = EquityTable.from_probabilities(START, deals=10_000)
    split = decider_apart(START, START, (5_000, 5_000))
    assert np.allclose(single.match, split.match, atol=1e-12) and np.allclose(single.round, split.round, atol=1e-12)
    # Half the deals for each class: never a narrower interval than all of them for every score.
    assert (split.match_ci95 >= single.match_ci95 - 1e-9).all()


def test_a_start_class_changes_the_values_before_the_decider_but_not_in_it():
    safe_start = decider_apart(SAFE, START)
    plain = EquityTable.from_probabilities(START)
    decider, start = MatchState.parse("decider", NS), MatchState.start(NS)
    assert safe_start.equity(decider, NS) == pytest.approx(plain.equity(decider, NS), abs=1e-12)
    assert safe_start.equity(start, NS) != pytest.approx(plain.equity(start, NS), abs=1e-4)


def test_a_score_aware_table_survives_its_data_file_and_refuses_an_edited_class():
    table = decider_apart()
    data = json.loads(json.dumps(table.to_json()))
    assert data["format"] == "altbaumer equity table 2" and len(data["classes"]) == 2
    again = EquityTable.from_json(data)
    assert np.array_equal(again.state_class, table.state_class) and np.allclose(again.match, table.match)
    row = next(r for r in data["states"] if r[5] == 1)
    row[5] = 0
    with pytest.raises(AltbaumerError, match="does not follow"):
        EquityTable.from_json(data)
    data["states"][0][5] = 7
    with pytest.raises(AltbaumerError, match="a class from 0 to 1"):
        EquityTable.from_json(data)


def test_occupancy_is_the_deals_a_simulated_match_plays_at_each_score():
    table = decider_apart()
    visits = table.occupancy()
    rng, matches = random.Random(4), 4_000
    counted = np.zeros(len(table.states))
    index = {s: i for i, s in enumerate(table.states)}
    for _ in range(matches):
        state = MatchState.start(rng.choice(list(Team)))
        while state.winner is None:
            counted[index[state]] += 1
            rates = table.rate_class(state).probabilities
            state = state.after(*_EXAMPLE[rng.choices(OUTCOMES, rates)[0]])
    assert counted.sum() / matches == pytest.approx(visits.sum(), rel=0.03)
    decider = [index[MatchState.parse("decider", t)] for t in Team]
    assert counted[decider].sum() / matches == pytest.approx(visits[decider].sum(), abs=0.03)


def test_scores_fall_into_classes_by_the_shape_of_their_outcome_values():
    table = EquityTable.from_probabilities(START, deals=10_000)
    groups = group_scores(table, 6)
    shares = np.array(groups.share)
    assert shares.sum() == pytest.approx(1.0) and (np.diff(shares) <= 1e-12).all()  # the largest first
    assert groups.representatives[0] == MatchState.start(NS)
    visits, states = table.occupancy(), table.states
    for c, rep in enumerate(groups.representatives):
        members = groups.members == c
        assert rep.makers is NS and members[states.index(rep)]
        assert visits[states.index(rep)] == pytest.approx(visits[members].max())
    for i, state in enumerate(states):  # mirrored scores share their class
        mirror = MatchState(state.points[::-1], state.rounds[::-1], state.makers.other)
        assert groups.members[states.index(mirror)] == groups.members[i]
    decider = groups.members[states.index(MatchState.parse("decider", NS))]
    assert np.allclose(outcome_shape(table, MatchState.parse("decider", NS)), [1, 1, 1, 0, 0])
    assert decider != groups.members[states.index(MatchState.start(NS))]


def test_one_class_holds_every_score_and_too_many_are_refused():
    table = EquityTable.from_probabilities(START, deals=10_000)
    assert (group_scores(table, 1).members == 0).all()
    with pytest.raises(AltbaumerError, match="classes of scores must be 1 to 32"):
        group_scores(table, 0)
