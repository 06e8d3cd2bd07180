"""The score before each board's deal: the Score tag, and the match replayed board by board."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import pytest

from altbaumer.abn import boards_from_json, boards_to_json, read_boards, replay, write_boards
from altbaumer.abn.board import Board
from altbaumer.abn.match_states import BoardScore, board_scores, scores_or_errors
from altbaumer.errors import AbnError, InvalidScore
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat, Team

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "examples" / "match.abn"


def records_of(text: str, source: str = "t.abn"):
    return [replay(board) for board in read_boards(text, source)]


def match_text() -> str:
    return MATCH.read_text(encoding="utf-8")


def line_of(text: str, start: str, after: str = "") -> int:
    """The line that starts with ``start``, after the line holding ``after``."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines[first:], first + 1) if line.startswith(start))


def board(number: str, dealer: str, result: Optional[int] = None, *, match: Optional[str] = "1",
          round_: Optional[str] = None, score: Optional[str] = None, alone: Optional[str] = None) -> str:
    """A board recording no cards: the dealer, the match tags and the result
    (with ``alone``, a lone choice, which needs the trump making before it)."""
    tags = [("Board", number), ("Match", match), ("Round", round_), ("Score", score), ("Dealer", dealer)]
    if alone is not None:
        tags += [("Turn", "accept"), ("Trump", "C"), ("Discard", "-"), ("Alone", alone)]
    tags.append(("Result", None if result is None else str(result)))
    return "".join(f'[{name} "{value}"]\n' for name, value in tags if value is not None)


def file_of(*boards: str) -> str:
    return "\n".join(boards)


# -- the shipped match -------------------------------------------------------------------------------


def test_the_shipped_match_replays_board_by_board():
    records = records_of(match_text())
    scores = board_scores(records)
    assert [(r.board.number, s.source, str(s.state)) for r, s in zip(records, scores)] == [
        ("1.1", "start", "0:0 rounds 0:0"),
        ("1.2", "replayed", "0:1 rounds 0:0"),
        ("1.3", "replayed", "-1:2 rounds 0:0"),
        ("1.4", "replayed", "-1:4 rounds 0:0"),
        ("1.5", "replayed", "0:0 rounds 1:0"),  # N's lone march in 1.4 took round 1 at once
        ("1.6", "replayed", "0:1 rounds 1:0"),
        ("1.7", "replayed", "1:1 rounds 1:0"),
        ("1.8", "replayed", "2:0 rounds 1:0"),
        ("1.9", "replayed", "3:0 rounds 1:0"),
        ("1.10", "replayed", "4:-1 rounds 1:0"),
    ]
    # The makers alternate and are each board's forehand's side; every Round tag fits.
    assert [s.state.makers for s in scores] == [Team.EW, Team.NS] * 5
    assert all(s.state.makers is r.board.forehand.team for r, s in zip(records, scores))
    assert all(str(sum(s.state.rounds) + 1) == r.board.tags["Round"] for r, s in zip(records, scores))
    last, final = records[-1].state, scores[-1].state
    assert final.after(last.makers_tricks, last.lone is not None).winner is Team.NS  # the file ends the match
    assert scores[4].describe() == "0:0, rounds 1:0, E-W make trump (replayed from boards 1.1–1.4)"
    assert scores[0].describe() == "0:0, rounds 0:0, E-W make trump (the first board of match 1)"
    assert scores[0].to_dict()["state"] == MatchState.start(Team.EW).to_dict()


def test_a_round_tag_that_disagrees_is_an_error_at_its_line():
    text = match_text().replace('[Round "2"]', '[Round "1"]', 1)  # board 1.5's
    with pytest.raises(AbnError) as raised:
        board_scores(records_of(text, "match.abn"))
    line = line_of(text, "[Round", '[Board "1.5"]')
    assert str(raised.value) == (f"match.abn:{line}: the replayed "
                                 "score 0:0 rounds 1:0 makes this round 2, but the [Round] tag says 1")


def test_a_board_after_the_match_is_won_is_an_error():
    text = match_text() + "\n" + board("1.11", "S", match="1")
    with pytest.raises(AbnError) as raised:
        board_scores(records_of(text, "match.abn"))
    line = line_of(text, "[Match", '[Board "1.11"]')
    assert str(raised.value) == (f"match.abn:{line}: N-S won "
                                 "match 1 in board 1.10, so no board follows it")


def test_the_errors_can_be_collected_board_by_board():
    text = match_text().replace('[Round "2"]', '[Round "3"]', 1)
    found = scores_or_errors(records_of(text))
    assert [type(f).__name__ for f in found] == ["BoardScore"] * 4 + ["AbnError"] + ["BoardScore"] * 5
    assert all(f.source == "unknown" and "board 1.5 contradicts its match" in f.describe()
               for f in found[5:] if isinstance(f, BoardScore))


# -- the Score tag ----------------------------------------------------------------------------------


def test_the_score_tag_reads_writes_and_converts_unchanged():
    text = board("7", "N", score="3:-1 rounds 1:0", match=None)
    (read,) = read_boards(text)
    assert read.tags["Score"] == "3:-1 rounds 1:0"
    assert write_boards([read]) == text
    assert boards_from_json(boards_to_json([read])) == [read]
    (score,) = board_scores([replay(read)])
    assert score == BoardScore(MatchState((3, -1), (1, 0), Team.EW), "tag")  # dealer N: forehand W makes
    assert score.describe() == "3:-1, rounds 1:0, E-W make trump (its Score tag)"


@pytest.mark.parametrize("value, words", [
    ("3-1", "score '3-1' is not POINTS [rounds R:R]"),
    ("5:0", "points 5:0: a total of 5 or more has already won the round"),
    ("rounds 2:0", "score 'rounds 2:0': N-S have already won the match, so no deal follows"),
    ("1:0 rounds 1:1", "the decider has no points"),
])
def test_a_malformed_score_tag_is_an_error_at_its_line(value, words):
    text = '[Board "1"]\n[Score "' + value + '"]\n[Dealer "N"]\n'
    with pytest.raises(AbnError) as raised:
        read_boards(text, "t.abn")
    assert str(raised.value).startswith("t.abn:2: [Score]: ") and words in str(raised.value)
    with pytest.raises(AbnError, match=f"t.json: board 1: score '{value}'"):  # the JSON twin checks it too
        boards_from_json('{"boards": [{"dealer": "N", "tags": {"Score": "' + value + '"}}]}', "t.json")
    with pytest.raises(AbnError, match=r"cannot write \[Score\]"):  # and the writer refuses it
        write_boards([Board(Seat.N, tags={"Score": value})])


def test_an_empty_score_tag_is_unknown():
    (score,) = board_scores(records_of(board("1", "N", score="", match=None)))
    assert score.source == "unknown"


def test_a_score_tag_starts_a_chain_and_is_held_to_the_round_tag():
    text = file_of(board("2.1", "N", 3, match="2", score="0:4 rounds 1:0", round_="2"),  # E-W make, reach 5
                   board("2.2", "W", 2, match="2", round_="decider"),  # N-S make, take 2: E-W win the match
                   board("2.3", "S", match="2"))
    records = records_of(text)
    with pytest.raises(AbnError, match="E-W won match 2 in board 2.2"):
        board_scores(records)
    first, decider = board_scores(records[:2])
    assert (first.source, decider.source, decider.state.decider) == ("tag", "replayed", True)
    assert decider.describe() == "the decider (rounds 1:1), N-S make trump (replayed from board 2.1)"
    with pytest.raises(AbnError, match=r"the stated score 0:4 rounds 1:0 makes this round 2, but the \[Round\] "
                                       r"tag says 1"):
        board_scores(records_of(text.replace('[Round "2"]', '[Round "1"]')))
    assert board_scores(records_of(text.replace("decider", "3"))[:2])[1].state.decider


# -- the chain of a match ---------------------------------------------------------------------------


def test_boards_without_match_or_score_tags_are_unknown():
    scores = board_scores(records_of((ROOT / "examples" / "refusal.abn").read_text(encoding="utf-8")))
    assert scores == [BoardScore(None, "unknown", "no Match or Score tag")]
    assert scores[0].describe() == "unknown (no Match or Score tag): rated as at the start of a match"


def test_an_unfinished_board_breaks_the_chain_until_a_score_tag_or_a_new_match():
    text = file_of(board("1", "N", 3), board("2", "W"), board("3", "S", 4), board("4", "E", 1),
                   board("5", "N", 3, score="2:2"), board("6", "W", 3),
                   board("7", "N", match="2"), board("8", "W", match=None))
    scores = board_scores(records_of(text))
    assert [s.source for s in scores] == ["start", "replayed", "unknown", "unknown", "tag", "replayed", "start",
                                          "unknown"]
    assert scores[2].detail == scores[3].detail == "board 2 records no result"
    assert str(scores[5].state) == "2:3 rounds 0:0"  # E-W made 3 in board 5
    assert scores[5].describe().endswith("(replayed from board 5)")


def test_the_makers_must_alternate():
    text = file_of(board("1", "N", 3), board("2", "E"))  # W should deal, but E's forehand is N-S as well
    assert board_scores(records_of(text))[1].state.makers is Team.NS
    text = file_of(board("1", "N", 3), board("2", "N"))
    with pytest.raises(AbnError) as raised:
        board_scores(records_of(text, "t.abn"))
    assert str(raised.value) == ("t.abn:8: the deal passes to the right, so after board 1 (dealer N) W "
                                 "deals and N-S make trump, but with [Dealer] N E-W would")


def test_a_lone_march_takes_the_round_and_an_unknown_lone_choice_leaves_it_unknown():
    text = file_of(board("1", "N", 5, alone="W"), board("2", "W"))
    assert str(board_scores(records_of(text))[1].state) == "0:0 rounds 0:1"
    text = file_of(board("1", "N", 5), board("2", "W"))  # five tricks, but was it alone?
    assert board_scores(records_of(text))[1].detail == "board 1 records no result"


def test_a_file_that_begins_in_the_middle_of_a_match_leaves_it_unknown():
    text = file_of(board("1.5", "N", 4, round_="2"), board("1.6", "W"))
    assert [s.source for s in board_scores(records_of(text))] == ["unknown", "unknown"]


def test_a_match_is_followed_within_one_file():
    first, second = records_of(board("1", "N", 3), "a.abn"), records_of(board("2", "W"), "b.abn")
    assert [s.source for s in board_scores(first + second)] == ["start", "start"]


def test_a_board_that_does_not_replay_has_no_result():
    boards = read_boards(file_of(board("1", "N", 3), board("2", "W", 3), board("3", "S")))
    scores = board_scores([replay(boards[0]), boards[1], replay(boards[2])])
    assert [s.source for s in scores] == ["start", "replayed", "unknown"]


# -- the command line's score -----------------------------------------------------------------------


def test_a_given_score_overrides_every_board():
    records = records_of(match_text())
    scores = board_scores(records, "3:-1 rounds 1:0")
    assert {(s.source, str(s.state)) for s in scores} == {("given", "3:-1 rounds 1:0")}
    assert [s.state.makers for s in scores] == [r.board.forehand.team for r in records]
    assert scores[0].describe() == "3:-1, rounds 1:0, E-W make trump (as given)"
    assert board_scores(records_of(board("1", "N", match=None)), "decider")[0].state.decider
    with pytest.raises(InvalidScore, match="is not POINTS"):
        board_scores(records, "three")
    with pytest.raises(InvalidScore, match="already won the match"):
        board_scores(records, "rounds 0:2")
