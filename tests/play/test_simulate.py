"""Policies and whole simulated matches."""

import random

import pytest

from altbaumer.game.actions import Phase

from altbaumer.game.deal import Deal
from altbaumer.play.players import make_policy
from altbaumer.play.policies import HeuristicPolicy, RandomPolicy
from altbaumer.game.seats import SEATS
from altbaumer.play.simulate import PlayedDeal, SimulationStats, simulate_matches


@pytest.mark.parametrize("policy_class", [RandomPolicy, HeuristicPolicy])
def test_policies_only_choose_legal_actions(policy_class):
    rng = random.Random(11)
    for n in range(150):
        deal = Deal.shuffled(SEATS[n % 4], rng)
        players = {s: policy_class(rng.getrandbits(32)) for s in SEATS}
        while deal.phase is not Phase.DONE:
            view = deal.view(deal.to_act)
            action = players[deal.to_act].choose(view)
            assert action in view.legal
            deal.apply(action)


def test_heuristic_takes_trees_and_wins_against_random():
    stats = simulate_matches(60, seed=3, ns="heuristic", ew="random")
    assert stats.match_wins["N-S"] > stats.match_wins["E-W"]


def test_simulation_is_reproducible_and_independent_of_workers():
    one = simulate_matches(16, seed=9, workers=1).to_dict()
    again = simulate_matches(16, seed=9, workers=1).to_dict()
    two = simulate_matches(16, seed=9, workers=2).to_dict()
    assert one == again == two
    assert simulate_matches(16, seed=10).to_dict() != one


def test_statistics_are_consistent():
    stats = simulate_matches(40, seed=5, ns="random", ew="heuristic")
    d = stats.to_dict()
    assert stats.matches == 40 and sum(stats.deals_per_match.values()) == 40
    assert sum(stats.makers_tricks.values()) == stats.deals
    assert stats.made + stats.marched + stats.failed == stats.deals
    assert stats.accepted + stats.refused == stats.deals
    assert stats.lone_marches <= stats.lone_made <= stats.lone_attempts
    assert 2 * stats.matches <= stats.rounds <= 3 * stats.matches
    assert stats.deciders <= stats.matches
    assert d["deals_per_match"]["min"] >= 2  # two lone marches are the fastest match
    assert sum(d["match_wins"].values()) == 40


def test_record_keeps_every_finished_deal_with_its_place_in_the_match():
    played: list[PlayedDeal] = []
    stats = simulate_matches(5, seed=7, record=played)
    assert len(played) == stats.deals and all(p.deal.phase is Phase.DONE for p in played)
    matches = [p.match for p in played]
    assert matches == sorted(matches) and set(matches) == set(range(1, 6))
    for match in range(1, 6):
        records = [p.record for p in played if p.match == match]
        assert [r.number for r in records] == list(range(1, len(records) + 1)) and records[-1].match_winner is not None
        assert all(p.record.dealer is p.deal.dealer for p in played if p.match == match)
    assert sum(p.deal.makers_tricks == 5 for p in played) == stats.marched
    in_two: list[PlayedDeal] = []
    simulate_matches(5, seed=7, workers=2, record=in_two)

    def seen(deals: list[PlayedDeal]) -> list[tuple[object, ...]]:
        return [(p.match, p.record, p.deal.history) for p in deals]

    assert seen(in_two) == seen(played)  # the same deals, whatever the workers


def test_merge_adds_counts():
    a = simulate_matches(3, seed=1)
    b = simulate_matches(4, seed=2)
    total = SimulationStats().merge(a).merge(b)
    assert total.matches == 7 and total.deals == a.deals + b.deals
    assert total.makers_tricks == a.makers_tricks + b.makers_tricks


def test_unknown_policy_is_rejected():
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("clever")
    with pytest.raises(ValueError, match="unknown policy"):
        simulate_matches(1, ns="clever")


@pytest.mark.slow
def test_ten_thousand_matches_run_without_error():
    stats = simulate_matches(10_000, seed=1, workers=2)
    assert stats.matches == 10_000 and sum(stats.match_wins.values()) == 10_000
