"""Scoring, rounds, the lone march, the match and its one-deal decider."""

import random

import pytest

from altbaumer.errors import MatchOver, WrongPhase
from altbaumer.game.match import Match, draw_for_partners
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.game.scoring import makers_points, score_deal
from altbaumer.game.seats import SEATS, Seat, Team, forehand_of
from altbaumer.play.simulate import play_deal

# rules.md, Scoring: makers' tricks -> (makers' points, defenders' points)
EXPECTED_POINTS = {5: (2, 0), 4: (1, 0), 3: (1, 0), 2: (-1, 1), 1: (-1, 1), 0: (-1, 2)}


@pytest.mark.parametrize("tricks", range(6))
@pytest.mark.parametrize("lone", [None, Seat.N, Seat.S])
def test_deal_points_for_every_trick_count_with_and_without_lone(tricks, lone):
    score = score_deal(Team.NS, tricks, lone)
    mine, theirs = EXPECTED_POINTS[tricks]
    assert score.points == {Team.NS: mine, Team.EW: theirs}
    assert score.made == (tricks >= 3) and score.march == (tricks == 5)
    assert score.lone_march == (lone is not None and tricks == 5)


def test_makers_points_rejects_impossible_counts():
    with pytest.raises(ValueError):
        makers_points(6)


def makers_now(match: Match) -> Team:
    return forehand_of(match.dealer).team


def record(match: Match, tricks: int, lone: bool = False):
    makers = makers_now(match)
    lone_seat = forehand_of(match.dealer) if lone else None
    return match.record_score(score_deal(makers, tricks, lone_seat))


def test_the_deal_passes_to_the_right():
    match = Match(Seat.N)
    dealers = []
    for _ in range(8):
        dealers.append(match.dealer)
        record(match, 3)
    # anticlockwise: N, W, S, E, N, ...
    assert dealers == [Seat.N, Seat.W, Seat.S, Seat.E] * 2


def test_points_accumulate_with_negatives_and_a_round_is_won_at_five():
    match = Match(Seat.N)  # makers alternate: W (E-W), S (N-S), E (E-W), N (N-S)...
    record(match, 0)  # E-W makers fail: E-W -1, N-S +2
    assert match.points == {Team.EW: -1, Team.NS: 2}
    record(match, 1)  # N-S makers fail: N-S -1 (1), E-W +1 (0)
    assert match.points == {Team.EW: 0, Team.NS: 1}
    record(match, 5)  # E-W march: +2
    record(match, 4)  # N-S +1 -> 2
    record(match, 5)  # E-W +2 -> 4
    assert match.points == {Team.EW: 4, Team.NS: 2} and match.rounds_won == {Team.NS: 0, Team.EW: 0}
    record(match, 3)  # N-S +1 -> 3
    result = record(match, 3)  # E-W +1 -> 5: round won
    assert result.round_winner is Team.EW and result.points_after == (3, 5)
    assert match.points == {Team.NS: 0, Team.EW: 0} and match.rounds_won[Team.EW] == 1
    assert match.round_number == 2


def test_defenders_can_win_the_round_on_the_makers_failure():
    match = Match(Seat.N)
    for _ in range(5):
        record(match, 0 if makers_now(match) is Team.EW else 3)
        if match.rounds_won[Team.NS]:
            break
    assert match.rounds_won == {Team.NS: 1, Team.EW: 0}


def test_a_lone_march_wins_the_round_at_once_mid_round():
    match = Match(Seat.N)
    record(match, 0)  # N-S +2
    assert makers_now(match) is Team.NS
    result = record(match, 5, lone=True)
    assert result.round_winner is Team.NS and match.rounds_won[Team.NS] == 1
    assert match.points == {Team.NS: 0, Team.EW: 0}


def test_a_lone_player_with_four_tricks_scores_normally():
    match = Match(Seat.N)
    result = record(match, 4, lone=True)
    assert result.round_winner is None and match.points[Team.EW] == 1


def play_round(match: Match, winner: Team) -> None:
    """Let ``winner`` take lone marches as makers and defend successfully otherwise."""
    rounds = match.rounds_won[winner]
    while match.rounds_won[winner] == rounds:
        if makers_now(match) is winner:
            record(match, 5, lone=True)
        else:
            record(match, 0)


def test_two_rounds_win_the_match():
    match = Match(Seat.N)
    play_round(match, Team.NS)
    play_round(match, Team.NS)
    assert match.winner is Team.NS and not match.decider
    with pytest.raises(MatchOver):
        record(match, 3)
    with pytest.raises(MatchOver):
        match.new_deal(random.Random(1))


@pytest.mark.parametrize("tricks, winner_is_makers", [(3, True), (5, True), (2, False), (0, False)])
def test_the_decider_is_one_deal_won_by_three_tricks(tricks, winner_is_makers):
    match = Match(Seat.N)
    play_round(match, Team.NS)
    play_round(match, Team.EW)
    assert match.decider and match.round_number == 3
    makers = makers_now(match)
    result = record(match, tricks)
    assert result.decider and result.round_winner is not None
    assert match.winner is (makers if winner_is_makers else makers.other)
    assert result.match_winner is match.winner


def test_record_checks_dealer_and_makers():
    match = Match(Seat.N)
    with pytest.raises(WrongPhase, match="makers"):
        match.record_score(score_deal(Team.NS, 3, None))  # N deals: W's side E-W make
    deal = match.new_deal(random.Random(2))
    with pytest.raises(WrongPhase, match="not over"):
        match.record(deal)
    play_deal(deal, {s: HeuristicPolicy(1) for s in SEATS})
    record(match, 3)
    with pytest.raises(WrongPhase, match="turn to deal"):
        match.record(deal)


def test_drawing_the_nines_red_against_black_and_nine_of_clubs_deals():
    for seed in range(20):
        seating = draw_for_partners(random.Random(seed), ["A", "B", "C", "D"])
        assert sorted(seating.players.values()) == ["A", "B", "C", "D"]
        for seat, name in seating.players.items():
            nine = seating.nines[name]
            partner_nine = seating.nines[seating.players[seat.partner]]
            assert nine.suit.is_red == partner_nine.suit.is_red
        assert seating.nines[seating.players[seating.first_dealer]].ascii() == "9C"
