"""The arena: paired matches between two policies, and the players by name."""

from __future__ import annotations

import json
import random

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.hidden.luck import deal_luck
from altbaumer.hidden.objectives import objective_for
from altbaumer.play.arena import _play_pair, _ratio_ci, luck_adjusted, play_arena, team_luck
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.players import make_policy
from altbaumer.play.simulate import SimulationStats, play_match


class FirstLegal:
    """A third-party policy: always the first legal action."""

    def __init__(self, seed=None) -> None:
        self.seed = seed

    def choose(self, view):
        return view.legal[0]


def test_a_pair_is_dealt_the_same_cards_with_the_sides_swapped():
    first, second = _play_pair("heuristic", "random", 7, 3)
    assert (first.a_team, second.a_team) == (Team.NS, Team.EW) and first.pair == second.pair == 3
    dealt = []
    for a_team in Team:
        deals = []
        players = {s: make_policy("heuristic" if s.team is a_team else "random", 1) for s in Team.NS.seats + Team.EW.seats}
        play_match(random.Random("altbaumer-arena-draw:7:3"), players, SimulationStats(),
                   on_deal=lambda deal, record: deals.append(deal.dealt_hand(deal.forehand)),
                   shuffles=lambda i: random.Random(f"altbaumer-arena-deal:7:3:{i}"))
        dealt.append(deals)
    shared = min(len(d) for d in dealt)
    assert shared >= 3 and dealt[0][:shared] == dealt[1][:shared]


def test_the_better_policy_wins_beyond_the_noise_and_the_figures_add_up():
    result = play_arena("heuristic", "random", pairs=40, seed=5)
    s = result.summary()
    assert s["matches"] == 80 and s["pairs"] == 40
    assert s["a"]["wins"] + s["b"]["wins"] == 80
    assert s["a"]["win_rate"] + s["b"]["win_rate"] == pytest.approx(1.0)
    assert s["a"]["win_rate"] - s["a"]["win_rate_ci95"] > 0.5
    assert s["a"]["points_per_deal"] > s["b"]["points_per_deal"] + s["a"]["points_per_deal_ci95"]
    assert s["deals"] == sum(m.deals for m in result.matches)


def test_results_depend_on_the_seed_alone():
    one = play_arena("heuristic", "random", pairs=6, seed=2, processes=1)
    two = play_arena("heuristic", "random", pairs=6, seed=2, processes=2)
    assert one.matches == two.matches
    assert play_arena("heuristic", "random", pairs=6, seed=3).matches != one.matches


def test_the_ratio_interval_is_the_clustered_one():
    assert _ratio_ci([1, 1, 1], [2, 2, 2]) == 0.0  # the same ratio in every pair: no spread
    assert _ratio_ci([0, 4], [2, 2]) > 0


def test_players_by_name_and_as_module_class():
    assert isinstance(make_policy("pimc-points", 1), PimcPolicy) and make_policy("pimc-points").objective == "net"
    mine = make_policy("tests.play.test_arena:FirstLegal", 4)
    assert type(mine).__name__ == "FirstLegal" and mine.seed == 4  # imported by its module name, a class of its own
    result = play_arena("heuristic", "tests.play.test_arena:FirstLegal", pairs=2, seed=1)
    assert len(result.matches) == 4
    for bad, problem in (("clever", "unknown policy 'clever'"), ("no_such_module:X", "cannot import"),
                         ("altbaumer.play.arena:_Z95", "not a class with a choose")):
        with pytest.raises(AltbaumerError, match=problem):
            make_policy(bad)


def test_the_match_player_is_told_the_score():
    player = PimcPolicy(seed=1, objective="match", decision_worlds=8, card_worlds=4)
    players = {s: player for s in Team.NS.seats + Team.EW.seats}
    seen = []
    original = player.set_score
    player.set_score = lambda state: (seen.append(state), original(state))[1]  # type: ignore[method-assign]
    match = play_match(random.Random(3), players, SimulationStats())
    assert seen[0] == MatchState.start(seen[0].makers) and len(seen) >= 4 * len(match.deals)


def test_a_pimc_player_plays_a_legal_card_from_its_own_view():
    deal = Deal.from_seed(11)
    player = PimcPolicy(seed=2, decision_worlds=10, card_worlds=4)
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = player.choose(view)
        assert action in view.legal
        deal.apply(action)
    assert 0 <= deal.makers_tricks <= 5


def test_the_arena_command(run):
    result = run("arena", "heuristic", "random", "-n", "5", "--processes", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["matches"] == 10 and data["complete"] and data["a"]["policy"] == "heuristic"
    text = " ".join(run("arena", "heuristic", "random", "-n", "5", "--processes", "1").stdout.split())
    assert "heuristic won" in text and "of 10 matches (5 pairs on the same cards from both sides" in text
    bad = run("arena", "heuristic", "clever")
    assert bad.exit_code == 2 and "unknown policy 'clever'" in bad.output and "Traceback" not in bad.output


def test_simulate_takes_the_new_players(run):
    result = run("simulate", "-n", "1", "--ns", "tests.play.test_arena:FirstLegal", "--processes", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["matches"] == 1


def test_the_luck_of_a_match_is_each_deals_double_dummy_value_against_the_average():
    """A's luck in a match is the sum, over its deals, of team_luck from the
    score before each deal: the figure hidden.luck gives the dealt cards."""
    first, second = _play_pair("heuristic", "heuristic", 4, 1)
    for result in (first, second):
        lucks = []
        players = {s: make_policy("heuristic", random.Random(f"altbaumer-arena:4:1:{int(result.a_team)}:{int(s)}")
                                  .getrandbits(64)) for s in Team.NS.seats + Team.EW.seats}
        play_match(random.Random("altbaumer-arena-draw:4:1"), players, SimulationStats(),
                   on_deal=lambda deal, record: lucks.append(team_luck(deal, record.before, result.a_team)),
                   shuffles=lambda i: random.Random(f"altbaumer-arena-deal:4:1:{i}"))
        assert result.luck == pytest.approx(sum(lucks)) and len(lucks) == result.deals
    deal = Deal.from_seed(3)
    before = MatchState.start(deal.makers)
    assert team_luck(deal, before, deal.makers) == pytest.approx(-team_luck(deal, before, deal.makers.other))
    assert team_luck(deal, before, deal.makers) == pytest.approx(
        deal_luck(deal, objective_for("match", before)))


def test_the_adjusted_win_rate_takes_out_the_part_of_the_spread_the_cards_explain():
    """Results made of a luck that explains most of them, and a little noise:
    the adjusted mean is the mean the noise has, with an interval that much
    narrower; a luck that explains nothing changes nothing beyond the noise."""
    rng = random.Random(5)
    lucks = [rng.gauss(0.0, 0.2) for _ in range(400)]
    results = [0.6 + luck + rng.gauss(0.0, 0.05) for luck in lucks]
    raw = sum(results) / len(results)
    adjusted = luck_adjusted(results, lucks)
    assert abs(adjusted.mean - 0.6) < abs(raw - 0.6) + 1e-9 and abs(adjusted.mean - 0.6) < 0.01
    assert adjusted.beta == pytest.approx(1.0, abs=0.05) and adjusted.variance_ratio > 10
    unrelated = luck_adjusted(results, [rng.gauss(0.0, 0.2) for _ in range(400)])
    assert 0.9 < unrelated.variance_ratio < 1.1 and abs(unrelated.mean - raw) < 0.02


def test_the_arena_reports_the_adjusted_win_rate(run):
    data = json.loads(run("arena", "heuristic", "heuristic", "-n", "30", "--processes", "1", "--json").stdout)
    a, b, luck = data["a"], data["b"], data["luck_adjustment"]
    assert a["win_rate_adjusted"] + b["win_rate_adjusted"] == pytest.approx(1.0)
    assert a["win_rate_adjusted_ci95"] == b["win_rate_adjusted_ci95"] > 0
    assert set(luck) == {"beta", "variance_ratio", "pairs_equivalent", "luck_per_match"}
    assert luck["pairs_equivalent"] == pytest.approx(30 * luck["variance_ratio"])
    text = " ".join(run("arena", "heuristic", "random", "-n", "5", "--processes", "1").stdout.split())
    assert "Adjusted for the luck of the cards:" in text
