"""The match state before a deal: every rule of rules.md, "Scoring, rounds, match"."""

from __future__ import annotations

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.match_state import InvalidScore, MatchState
from altbaumer.game.seats import Team

NS, EW = Team.NS, Team.EW

# rules.md, Scoring: makers' tricks -> (makers' points, defenders' points)
POINTS = {5: (2, 0), 4: (1, 0), 3: (1, 0), 2: (-1, 1), 1: (-1, 1), 0: (-1, 2)}


def state(text: str, makers: Team = NS) -> MatchState:
    return MatchState.parse(text, makers)


@pytest.mark.parametrize("tricks", range(6))
@pytest.mark.parametrize("makers", [NS, EW])
def test_each_trick_count_scores_its_points_for_makers_and_defenders(tricks, makers):
    after = state("1:1", makers).after(tricks, lone=False)
    mine, theirs = POINTS[tricks]
    assert after.points[makers] == 1 + mine and after.points[makers.other] == 1 + theirs
    assert after.rounds == (0, 0)


@pytest.mark.parametrize("tricks", [3, 4])
def test_lone_play_short_of_a_march_scores_as_together(tricks):
    assert state("1:1").after(tricks, lone=True) == state("1:1").after(tricks, lone=False)


def test_a_lone_set_scores_as_a_set_together():
    assert state("0:2").after(1, lone=True) == state("0:2").after(1, lone=False) == state("-1:3", EW)


def test_the_makers_alternate_every_deal():
    s = MatchState.start(NS)
    makers = []
    for tricks in (3, 0, 1, 4, 2, 3):
        makers.append(s.makers)
        s = s.after(tricks, lone=False)
    assert makers == [NS, EW] * 3


@pytest.mark.parametrize("tricks, reached", [(3, 5), (4, 5), (5, 6)])
def test_a_round_is_won_at_five_or_more_and_the_totals_reset(tricks, reached):
    before = state("4:2") if tricks < 5 else state("4:-1")
    assert before.points[NS] + POINTS[tricks][0] == reached
    after = before.after(tricks, lone=False)
    assert after == MatchState((0, 0), (1, 0), EW)
    assert before.round_winner(tricks, lone=False) is NS


def test_four_is_not_yet_the_round():
    after = state("3:0").after(3, lone=False)
    assert after.points == (4, 0) and after.rounds == (0, 0) and state("3:0").round_winner(3, False) is None


def test_the_defenders_win_the_round_on_the_makers_failure():
    assert state("2:3").after(0, lone=False) == MatchState((0, 0), (0, 1), EW)
    assert state("2:4").after(2, lone=False) == MatchState((0, 0), (0, 1), EW)
    assert state("2:3").after(2, lone=False).points == (1, 4)  # 3 + 1 is not yet five


@pytest.mark.parametrize("before", ["0:0", "-7:4", "-2:3 rounds 1:0", "2:-1 rounds 0:1"])
def test_a_lone_march_wins_the_round_whatever_the_totals(before):
    s = state(before)
    after = s.after(5, lone=True)
    assert after.points == (0, 0) and after.rounds[NS] == s.rounds[NS] + 1 and after.rounds[EW] == s.rounds[EW]
    assert s.round_winner(5, lone=True) is NS
    assert s.after(5, lone=False).rounds == s.rounds  # a march together is two points, no more


def test_totals_may_go_negative_without_limit():
    s = state("-30:0")
    assert s.after(0, lone=False).points == (-31, 2)
    assert str(state("-30:-4")) == "-30:-4 rounds 0:0"


def test_a_lone_march_from_a_negative_total_wins_the_round():
    assert state("-9:4").after(5, lone=True) == MatchState((0, 0), (1, 0), EW)


def test_the_match_is_won_at_two_rounds_and_then_no_deal_follows():
    s = state("4:0 rounds 1:0")
    over = s.after(3, lone=False)
    assert over.winner is NS and over.rounds == (2, 0)
    with pytest.raises(InvalidScore, match="the match is over"):
        over.after(3, lone=False)
    assert state("rounds 0:1").winner is None and MatchState((0, 0), (0, 2), NS).winner is EW


@pytest.mark.parametrize("before", ["4:0 rounds 0:1", "0:4 rounds 1:0"])
def test_one_round_each_leads_to_the_decider(before):
    s = state(before, NS if before.startswith("4") else EW)
    after = s.after(3, lone=False)
    assert after.decider and after.winner is None and after.points == (0, 0)


@pytest.mark.parametrize("makers", [NS, EW])
@pytest.mark.parametrize("tricks", range(6))
@pytest.mark.parametrize("lone", [False, True])
def test_in_the_decider_only_the_tricks_count(makers, tricks, lone):
    after = state("decider", makers).after(tricks, lone)
    winner = makers if tricks >= 3 else makers.other  # makers or defenders, three tricks win the match
    assert after.winner is winner and after.points == (0, 0)
    assert state("decider", makers).round_winner(tricks, lone) is winner


def test_the_decider_is_one_deal_and_a_march_there_is_three_tricks_like_any_other():
    assert state("decider").after(5, lone=False) == state("decider").after(3, lone=False)


def test_makers_keep_alternating_across_rounds_and_into_the_decider():
    s = state("4:0")  # N-S make trump and take the round: E-W make the next deal
    s = s.after(3, lone=False)
    assert s.makers is EW and s.rounds == (1, 0)
    s = state("0:4 rounds 1:0", EW).after(4, lone=False)
    assert s.decider and s.makers is NS


@pytest.mark.parametrize("text", ["0:0 rounds 0:0", "3:-1 rounds 1:0", "-12:4 rounds 0:1", "0:0 rounds 1:1",
                                  "4:4 rounds 0:0"])
@pytest.mark.parametrize("makers", [NS, EW])
def test_parse_and_str_round_trip(text, makers):
    s = state(text, makers)
    assert str(s) == text and MatchState.parse(str(s), makers) == s and s.makers is makers


@pytest.mark.parametrize("text, expected", [
    ("3:-1", "3:-1 rounds 0:0"), ("rounds 1:0", "0:0 rounds 1:0"), ("decider", "0:0 rounds 1:1"),
    ("  3 : -1   ROUNDS 1 : 0 ", "3:-1 rounds 1:0"), ("+2:0", "2:0 rounds 0:0"), ("Decider", "0:0 rounds 1:1"),
])
def test_parse_accepts_the_short_forms(text, expected):
    assert str(state(text)) == expected


def test_the_decider_and_rounds_one_all_are_the_same_state():
    assert state("decider") == state("rounds 1:1") and state("decider").decider


@pytest.mark.parametrize("text, words", [
    ("", "is not POINTS"), ("3-1", "is not POINTS"), ("3:1 round 1:0", "is not POINTS"), ("a:b", "is not POINTS"),
    ("3:1 rounds", "is not POINTS"), ("3:1:2", "is not POINTS"),
    ("5:0", "a total of 5 or more has already won the round"), ("0:7", "a total of 5 or more"),
    ("2:0 rounds 1:1", "the decider has no points"), ("decider 1:0", "is not POINTS"),
    ("rounds 3:0", "cannot occur"), ("rounds 2:2", "cannot occur"), ("rounds 1:3", "cannot occur"),
    ("1:0 rounds 2:0", "the match is over"),
])
def test_every_bad_score_is_one_clear_line(text, words):
    with pytest.raises(InvalidScore) as caught:
        state(text)
    message = str(caught.value)
    assert words in message and "\n" not in message
    assert isinstance(caught.value, AltbaumerError)


@pytest.mark.parametrize("text, winner", [("rounds 2:0", NS), ("rounds 2:1", NS), ("rounds 1:2", EW)])
def test_a_finished_match_parses_but_has_no_next_deal(text, winner):
    over = state(text)
    assert over.winner is winner and f"match won by {winner}" in over.describe()
    with pytest.raises(InvalidScore):
        over.after(3, lone=False)


def test_describe_and_to_dict():
    s = state("3:-1 rounds 1:0", EW)
    assert s.describe() == "3:-1, rounds 1:0, E-W make trump"
    assert state("decider").describe().startswith("the decider")
    assert s.to_dict() == {"points": [3, -1], "rounds": [1, 0], "makers": "E-W", "decider": False,
                           "text": "3:-1 rounds 1:0"}


@pytest.mark.parametrize("tricks", [-1, 6])
def test_impossible_trick_counts_are_refused(tricks):
    with pytest.raises(ValueError):
        MatchState.start(NS).after(tricks, lone=False)
