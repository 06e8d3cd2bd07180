"""The match equity table: the chain's invariants, its intervals, its data file."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import numpy as np
import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.equity import (DIGEST_KEY, OUTCOMES, TABLE_FILE, EquityTable, _chain, _Chain, content_digest,
                                  outcome_index, shipped_table)
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import outcome_code
from altbaumer.game.seats import Team

NS, EW = Team.NS, Team.EW
REALISTIC = [0.52, 0.28, 0.0, 0.18, 0.02]  # the net pass of the shipped table: strong makers, nobody alone
EXAMPLE = [0.45, 0.08, 0.01, 0.38, 0.08]
MATCH_PASS = [0.55, 0.156, 0.086, 0.189, 0.019]  # the match pass: the strongest hands go alone
LONE_HEAVY = [0.30, 0.10, 0.05, 0.45, 0.10]
RATES = [REALISTIC, MATCH_PASS, EXAMPLE, LONE_HEAVY]
Z95 = 1.959964


@pytest.fixture(scope="module", params=RATES, ids=["net-pass", "match-pass", "example", "lone-heavy"])
def table(request) -> EquityTable:
    return EquityTable.from_probabilities(request.param, deals=5_000)


def states(table: EquityTable) -> list[MatchState]:
    return list(_chain(table.floor).states)


def mirror(state: MatchState) -> MatchState:
    """The same score with the teams' places swapped."""
    (ns, ew), (rns, rew) = state.points, state.rounds
    return MatchState((ew, ns), (rew, rns), state.makers.other)


def with_points(state: MatchState, team: Team, step: int) -> MatchState:
    points = list(state.points)
    points[team] += step
    return MatchState((points[0], points[1]), state.rounds, state.makers)


def test_outcome_index_classifies_every_result():
    assert [outcome_index(t, False) for t in range(6)] == [4, 3, 3, 0, 0, 1]
    assert [outcome_index(t, True) for t in range(6)] == [4, 3, 3, 0, 0, 2]
    assert OUTCOMES[outcome_index(5, True)] == "lone_march"


# -- the chain -----------------------------------------------------------------------------------------------


def test_the_teams_chances_add_up_to_one_in_every_state(table):
    # E-W's chance is N-S's in the mirrored score, which the chain solves as a state of its own.
    for state in states(table):
        assert table.equity(state, NS) + table.equity(mirror(state), NS) == pytest.approx(1.0, abs=1e-9)
        assert table.round_chance(state, NS) + table.round_chance(mirror(state), NS) == pytest.approx(1.0, abs=1e-9)
        assert table.equity(state, EW) == pytest.approx(table.equity(mirror(state), NS), abs=1e-9)


def test_the_chain_agrees_with_matches_played_out_by_the_rules():
    """An independent check: matches drawn from the outcome rates through MatchState.after alone."""
    q = REALISTIC
    table = EquityTable.from_probabilities(q)
    examples = [(5, False), (3, False), (5, True), (1, False), (0, False)]
    rng = random.Random(4)
    start = MatchState.parse("1:-1", NS)
    matches, won = 3_000, 0
    for _ in range(matches):
        s = start
        while s.winner is None:
            s = s.after(*examples[rng.choices(range(5), q)[0]])
        won += s.winner is NS
    p = table.equity(start, NS)
    assert abs(won / matches - p) < 4 * math.sqrt(p * (1 - p) / matches)


def test_the_round_chance_rises_with_own_points_and_falls_with_the_others(table):
    # One deal's result moves both scores alike: the higher total reaches five first (a coupling).
    for state in states(table):
        if state.decider:
            continue
        for team in Team:
            for who in Team:
                if state.points[who] == 4:
                    continue
                more = table.round_chance(with_points(state, who, 1), team) - table.round_chance(state, team)
                assert (more >= -1e-12) if who is team else (more <= 1e-12), (state, team, who)


def test_the_match_chance_is_monotone_where_a_match_from_the_start_goes(table):
    # Points: over the reachable totals of a first round; rounds: everywhere, for these rates.
    for state in states(table):
        for team in Team:
            rounds = list(state.rounds)
            rounds[team] += 1
            pointless = rounds[team] == 2 or rounds == [1, 1]  # the match over, or the decider
            if state.points == (0, 0) or not pointless:
                ahead = MatchState(state.points, (rounds[0], rounds[1]), state.makers)
                assert table.equity(ahead, team) >= table.equity(state, team) - 1e-12, (state, team)
            if state.rounds != (0, 0) or min(state.points) < -2:
                continue
            for who in Team:
                if state.points[who] < 4:
                    more = table.equity(with_points(state, who, 1), team) - table.equity(state, team)
                    assert (more >= -1e-12) if who is team else (more <= 1e-12), (state, team, who)


def test_a_point_more_can_cost_the_match_by_handing_over_the_deciders_serve():
    """Not monotone everywhere: E-W a round behind and making trump at 4 points take the round in their own
    deal, so N-S make trump in the decider, where the makers win 80%; at 3 points the round may still come
    in N-S's deal."""
    three, four = MatchState((-2, 3), (1, 0), EW), MatchState((-2, 4), (1, 0), EW)
    for q in (REALISTIC, MATCH_PASS):
        table = EquityTable.from_probabilities(q)
        assert table.equity(four, EW) < table.equity(three, EW) - 0.03
        assert table.round_chance(four, EW) > table.round_chance(three, EW)


@pytest.mark.parametrize("makers", [NS, EW])
def test_the_decider_is_the_makers_chance_of_three_tricks(table, makers):
    q = table.probabilities
    decider = MatchState.parse("decider", makers)
    assert table.equity(decider, makers) == pytest.approx(q[0] + q[1] + q[2], abs=1e-12)
    assert table.round_chance(decider, makers) == pytest.approx(q[0] + q[1] + q[2], abs=1e-12)


@pytest.mark.parametrize("makers", [NS, EW])
@pytest.mark.parametrize("rounds", ["0:0", "1:0", "0:1"])
def test_at_four_all_the_round_goes_with_the_deal(table, makers, rounds):
    q = table.probabilities
    state = MatchState.parse(f"4:4 rounds {rounds}", makers)
    assert table.round_chance(state, makers) == pytest.approx(q[0] + q[1] + q[2], abs=1e-12)


@pytest.mark.parametrize("text", ["0:0", "-2:4", "3:1 rounds 1:0", "4:-1 rounds 0:1", "decider"])
@pytest.mark.parametrize("makers", [NS, EW])
def test_a_lone_march_is_worth_the_round(table, text, makers):
    state = MatchState.parse(text, makers)
    match, round_ = table.outcome_values(state)
    rounds = list(state.rounds)
    rounds[makers] += 1
    won = MatchState((0, 0), (rounds[0], rounds[1]), makers.other)
    lone_march = outcome_code(5, lone=True)
    assert match[lone_march] == pytest.approx(table.equity(won, makers), abs=1e-12) and round_[lone_march] == 1.0
    assert match[lone_march] >= match[outcome_code(5, lone=False)]
    for tricks in range(5):  # alone or not, the rest score alike
        assert match[outcome_code(tricks, True)] == match[outcome_code(tricks, False)]


def test_the_outcome_values_are_the_equities_after_the_deal(table):
    state = MatchState.parse("2:3", NS)
    match, _ = table.outcome_values(state)
    assert match[3] == pytest.approx(table.equity(MatchState.parse("3:3", EW), NS))
    assert match[0] == pytest.approx(table.equity(MatchState.parse("rounds 0:1", EW), NS))  # E-W reach 5


# -- the intervals ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deals", [400, 10_000])
def test_the_deciders_interval_is_the_binomial_one(deals):
    table = EquityTable.from_probabilities(EXAMPLE, deals=deals)
    p = EXAMPLE[0] + EXAMPLE[1] + EXAMPLE[2]
    decider = MatchState.parse("decider", NS)
    assert table.equity_ci95(decider) == pytest.approx(Z95 * math.sqrt(p * (1 - p) / deals), rel=1e-4)
    four_all = MatchState.parse("4:4", EW)
    assert table.round_chance_ci95(four_all) == pytest.approx(Z95 * math.sqrt(p * (1 - p) / deals), rel=1e-4)


def test_intervals_shrink_with_more_deals():
    few, many = (EquityTable.from_probabilities(REALISTIC, deals=n) for n in (1_000, 16_000))
    assert (many.match_ci95 > 0).all() and (few.match_ci95 > 0).all()
    np.testing.assert_allclose(few.match_ci95 / many.match_ci95, 4.0, rtol=1e-3)
    exact = EquityTable.from_probabilities(REALISTIC, deals=0)
    assert not exact.match_ci95.any() and exact.equity_ci95(MatchState.start(NS)) == 0.0


def test_from_counts_is_the_rates_over_the_deals():
    table = EquityTable.from_counts([45, 8, 1, 38, 8])
    assert table.deals == 100 and table.probabilities == pytest.approx(EXAMPLE)
    with pytest.raises(AltbaumerError, match="no deals"):
        EquityTable.from_counts([0] * 5)


@pytest.mark.parametrize("q, floor, deals", [([0.5, 0.5, 0.0, 0.0], -12, 0), ([0.5, 0.6, 0, 0, -0.1], -12, 0),
                                             ([0.5, 0.5, 0, 0, 0.1], -12, 0), ([0, 0, 0, 1, 0], -12, 0),
                                             (EXAMPLE, -41, 0), (EXAMPLE, -1, 0), (EXAMPLE, -12, -5)])
def test_impossible_rates_floors_and_counts_are_refused(q, floor, deals):
    with pytest.raises(AltbaumerError):
        EquityTable.from_probabilities(q, deals=deals, floor=floor)


# -- the floor -------------------------------------------------------------------------------------------------


def test_no_total_below_minus_two_is_reached_from_the_start():
    # docs/equity.md: the makers alternate, so a team three points down has handed the other five.
    assert EquityTable.from_probabilities(REALISTIC, floor=-3).floor_mass == 0.0
    assert EquityTable.from_probabilities(LONE_HEAVY, floor=-3).floor_mass == 0.0
    assert EquityTable.from_probabilities(REALISTIC, floor=-2).floor_mass > 0.01  # -2:4 is reached
    start = MatchState.start(NS)
    deep, shallow = (EquityTable.from_probabilities(REALISTIC, floor=f) for f in (-12, -3))
    assert deep.equity(start, NS) == pytest.approx(shallow.equity(start, NS), abs=1e-12)


def test_a_score_below_the_floor_is_read_at_the_floor():
    table = EquityTable.from_probabilities(REALISTIC, floor=-12)
    assert table.equity(MatchState.parse("-30:0", NS), NS) == table.equity(MatchState.parse("-12:0", NS), NS)
    assert table.equity(MatchState.parse("-12:0", NS), NS) < table.equity(MatchState.parse("-2:0", NS), NS)


# -- the data file ---------------------------------------------------------------------------------------------


def test_the_data_file_round_trips():
    table = EquityTable.from_probabilities(REALISTIC, deals=3_000, provenance={"passes": [{"seed": 3}]})
    data = json.loads(json.dumps(table.to_json()))
    again = EquityTable.from_json(data)
    assert again.probabilities == table.probabilities and again.deals == 3_000 and again.provenance == table.provenance
    np.testing.assert_array_equal(again.match, table.match)
    np.testing.assert_array_equal(again.match_ci95, table.match_ci95)


def _tampered(change) -> dict:
    data = json.loads(json.dumps(EquityTable.from_probabilities(EXAMPLE, deals=1_000).to_json()))
    change(data)
    return data


@pytest.mark.parametrize("change", [
    lambda d: d["states"][10].__setitem__(2, d["states"][10][2] + 0.01),  # an equity
    lambda d: d["states"][10].__setitem__(3, 0.0),  # an interval
    lambda d: d["states"][10].__setitem__(4, 0.5),  # a round chance
    lambda d: d["states"][10].__setitem__(2, None),  # read as NaN
    lambda d: d["states"][10].__setitem__(2, float("nan")),
    lambda d: d.__setitem__("probabilities", [0.46, 0.08, 0.01, 0.37, 0.08]),
    lambda d: d.__setitem__("deals", 4_000),
    lambda d: d["states"].pop(),
    lambda d: d.__setitem__("floor", -11),
], ids=["equity", "interval", "round", "null", "nan", "rates", "deals", "short", "floor"])
def test_a_tampered_file_is_refused(change):
    with pytest.raises(AltbaumerError, match="equity table: its table does not follow"):
        EquityTable.from_json(_tampered(change))


@pytest.mark.parametrize("data", [[], {"probabilities": "abc"}, {"probabilities": [1, 0, 0, 0, 0]},
                                  {"probabilities": EXAMPLE, "deals": 1, "floor": -12, "states": [[1]]},
                                  {"probabilities": EXAMPLE, "deals": 1, "floor": -10**6, "states": []}])
def test_what_is_no_table_is_one_line(data):
    with pytest.raises(AltbaumerError) as caught:
        EquityTable.from_json(data, "x.json")
    assert str(caught.value).startswith("x.json: ") and "\n" not in str(caught.value)


def test_the_shipped_table_loads_with_its_provenance():
    table = shipped_table()
    provenance = table.provenance
    passes = provenance["passes"]
    assert table.deals == passes[-1]["deals"] > 0 and table.floor_mass == 0.0
    assert all({"seed", "policy", "objective", "date", "command"} <= set(p) for p in passes)
    assert table.score_aware and provenance["score_aware"] is True and provenance["deals"] == table.deals
    assert provenance["iterations"] == passes[-1]["iteration"] == sum(bool(p.get("score_aware")) for p in passes)
    assert provenance["largest_ci95"] == pytest.approx(float(table.match_ci95[table.occupancy() > 0].max()), abs=1e-6)
    assert passes[-1]["moved"]["settled"]
    for rates, simulated in zip(table.classes, passes[-1]["classes"], strict=True):
        counts = [simulated["outcomes"][o] for o in OUTCOMES]
        assert rates.deals == sum(counts) and rates.probabilities == pytest.approx([c / rates.deals for c in counts])
        assert rates.rated_at == simulated["rated_at"]
    assert 0.3 < table.equity(MatchState.start(NS), NS) < 0.7


def _shipped_data() -> dict:
    return json.loads(resources.files("altbaumer.game").joinpath(TABLE_FILE).read_text(encoding="utf-8"))


def test_the_shipped_table_as_stored_is_its_rates_recomputed():
    data = _shipped_data()
    loaded, recomputed = shipped_table(), EquityTable.from_json(data, "shipped")  # from_json recomputes and checks
    assert [[str(s), str(s.makers)] for s in loaded.states] == [row[:2] for row in data["states"]]
    assert loaded.states == recomputed.states and loaded.classes == recomputed.classes
    np.testing.assert_array_equal(loaded.state_class, recomputed.state_class)
    assert (loaded.probabilities, loaded.deals, loaded.floor, loaded.provenance) == \
        (recomputed.probabilities, recomputed.deals, recomputed.floor, recomputed.provenance)
    assert loaded.floor_mass == pytest.approx(recomputed.floor_mass, abs=1e-12)
    for name in ("match", "match_ci95", "round", "round_ci95"):
        # stored at full precision: the figures the rates give, to the last bits of the iteration
        np.testing.assert_allclose(getattr(loaded, name), getattr(recomputed, name), rtol=0, atol=1e-12, err_msg=name)
    assert data[DIGEST_KEY] == content_digest(data)


def test_loading_the_shipped_table_solves_no_chain(monkeypatch):
    monkeypatch.setattr(_Chain, "solve", lambda *args: pytest.fail("the chain was solved"))
    loaded = shipped_table.__wrapped__()  # a fresh load, not the cached table
    start = MatchState.start(NS)
    assert loaded.equity(start, NS) == shipped_table().equity(start, NS)


@pytest.mark.parametrize("change", [
    lambda d: d["states"][10].__setitem__(2, d["states"][10][2] + 0.01),  # an equity
    lambda d: d["states"][10].__setitem__(4, 0.5),  # a round chance
    lambda d: d["classes"][0]["probabilities"].reverse(),
    lambda d: d.__setitem__("floor_mass", 0.5),
    lambda d: d["provenance"].__setitem__("iterations", 9),
    lambda d: d.pop(DIGEST_KEY),
], ids=["equity", "round", "rates", "floor-mass", "provenance", "no-digest"])
def test_a_tampered_shipped_file_is_refused(change):
    data = _shipped_data()
    change(data)
    with pytest.raises(AltbaumerError, match=f"^shipped: its content does not match its {DIGEST_KEY} digest$"):
        EquityTable.from_stored(data, "shipped")


def test_a_stored_table_is_the_table_it_was_written_from():
    table = EquityTable.from_probabilities(MATCH_PASS, deals=2_000, provenance={"passes": [{"seed": 2}]})
    again = EquityTable.from_stored(json.loads(json.dumps(table.to_json())))
    assert again.classes == table.classes and again.provenance == table.provenance and not again.score_aware
    np.testing.assert_allclose(again.match, table.match, rtol=0, atol=5e-7)
    np.testing.assert_array_equal(again.round_ci95, table.round_ci95)  # worked out from the same rates
    assert again.to_json() == table.to_json()
