"""Rating a recorded decision (`rate --at`), every board of a file that has a
next decision, the decider's figures, and `solve --after` (cli/points.py
parses the points of a record for both)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.dd.solver import solve

EXAMPLES = Path(__file__).parents[2] / "examples"
REFUSAL = str(EXAMPLES / "refusal.abn")  # finished; E refuses, discards QH, nobody alone


def rate_json(run, *args: str) -> dict:
    result = run("rate", *args, "--samples", "300", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def flat(result) -> str:
    """stdout with rich's line wrapping undone."""
    return " ".join(result.stdout.split())


def one_line_error(result, *parts: str) -> None:
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
    for part in parts:
        assert part in result.stderr


@pytest.mark.parametrize("at, decision, seat, chosen", [
    ("turn", "turn", "E", "refuse"),
    ("discard", "discard", "E", "QH"),
    ("alone", "alone", "E", "together"),
    ("alone:partner", "alone", "W", "together"),
    ("2.3", "play", "W", "JD"),  # the third card of the second trick: A♣ 9♥ J♦
    ("1.2", "play", "N", "TC"),  # a defender's card
])
def test_at_rates_the_recorded_decision_from_the_seat_then(run, at, decision, seat, chosen):
    board = rate_json(run, REFUSAL, "--at", at)["boards"][0]
    assert (board["at"], board["decision"], board["seat"], board["chosen"]) == (at, decision, seat, chosen)
    assert chosen in [o["option"] for o in board["options"]]
    option = next(o for o in board["options"] if o["option"] == chosen)
    assert board["loss"] == pytest.approx(-option["for_decider"]["delta"]) and board["loss"] >= 0
    assert board["error"] == (not option["best"] and abs(option["delta"]) > option["delta_ci95"] + 1e-9)


def test_at_a_card_offers_the_cards_legal_there():
    """The trick's led suit binds the seat at 2.3, as it did at the table."""
    record = replay(load_boards(REFUSAL)[0])
    node = [n for n in record.cards() if n.trick == 2][2]
    assert sorted(a.card.ascii() for a in node.view().legal) == ["JD", "KH", "TD", "TH"]


def test_at_shows_the_recorded_choice_against_the_best(run):
    result = run("rate", str(EXAMPLES / "match.abn"), "--board", "1.1", "--at", "turn", "--samples", "300")
    assert result.exit_code == 0, result.output
    text = flat(result)
    assert "board 1.1 at turn: W (maker) decided accept or refuse" in text
    assert "refuse ◆" in text and "accept ★" in text
    # Accepting and refusing are worth about the same chance to win the match: a tie, or a small loss.
    assert re.search(r"recorded ◆ refuse: (Refusing is as good as accepting, within the noise \(.+ more\); "
                     r"accepting is the more natural play\.|Refusing gives up (about \d+(\.\d)?%|less than 0\.1%) of "
                     r"your chance to win the match against accepting(, (within the noise|too little to matter): the "
                     r"two are about as good as each other|: (an inaccuracy|slightly worse, by less than an "
                     r"inaccuracy))\.)", text), text


def test_at_in_ascii_marks_the_recorded_choice_with_a_hash(run):
    result = run("rate", REFUSAL, "--at", "discard", "--samples", "200", "--ascii")
    assert result.exit_code == 0 and "QH" in result.stdout and "#" in result.stdout and "◆" not in result.stdout


@pytest.mark.parametrize("path, at, reason", [
    ("mid-trick.abn", "4.1", "records 3 tricks of play, no trick 4"),
    ("mid-trick.abn", "3.3", "trick 3 records 2 cards, no card 3"),
    ("lone.abn", "1.4", "trick 1 has 3 cards: W plays alone"),
    ("forehand-view.abn", "alone", "records no lone play"),
])
def test_a_point_the_board_does_not_record_is_one_line(run, path, at, reason):
    one_line_error(run("rate", str(EXAMPLES / path), "--at", at), f"{EXAMPLES / path}:", reason)


def test_boards_without_the_point_are_listed_and_the_others_rated(run):
    data = rate_json(run, str(EXAMPLES / "match.abn"), "--at", "alone:partner")
    assert [b["board"] for b in data["skipped"]] == ["1.4"]  # forehand N went alone there
    assert data["skipped"][0]["reason"] == "forehand went alone, so the partner had no lone choice"
    assert len(data["boards"]) == 9 and all(b["chosen"] == "together" for b in data["boards"])


@pytest.mark.parametrize("text, problem", [
    ("6.1", "no trick 6; a deal has tricks 1 to 5"),
    ("0.2", "no trick 0"),
    ("1.5", "no card 5; a trick has cards 1 to 4"),
    ("1.0", "no card 0"),
    ("2.", "not TRICK.CARD"),
    ("2.3.1", "not TRICK.CARD"),
    ("trump", "not a recorded decision (turn, discard, alone, alone:partner or TRICK.CARD"),
])
def test_out_of_range_points_are_one_line(run, text, problem):
    named = text if "not" not in problem else repr(text)  # what does not parse is quoted
    one_line_error(run("rate", REFUSAL, "--at", text), f"--at {named}:", problem)
    if text[0].isdigit():
        one_line_error(run("solve", REFUSAL, "--after", text), f"--after {named}:", problem)


def test_at_names_its_seat_so_seat_and_decision_do_not_go_with_it(run):
    one_line_error(run("rate", REFUSAL, "--at", "turn", "--seat", "E"), "leave out --seat and --decision")


# -- every board with a next decision -------------------------------------------------------

@pytest.fixture
def mixed(tmp_path) -> Path:
    path = tmp_path / "mixed.abn"
    path.write_text("\n".join((EXAMPLES / name).read_text(encoding="utf-8")
                              for name in ("mid-trick.abn", "refusal.abn", "forehand-view.abn")), encoding="utf-8")
    return path


def test_rate_rates_every_board_with_a_decision_and_lists_the_finished(run, mixed):
    data = rate_json(run, str(mixed))
    assert [(b["board"], b["decision"]) for b in data["boards"]] == [("mid-trick", "play"),
                                                                     ("forehand-view", "discard")]
    assert data["skipped"] == [{"board": "refusal", "line": 22,
                                "reason": "finished, no decision left; use --at to rate a recorded one"}]
    text = flat(run("rate", str(mixed), "--samples", "200"))
    assert "board refusal: finished, no decision left; use --at" in text and "board forehand-view" in text
    assert [b["board"] for b in rate_json(run, str(mixed), "--board", "forehand-view")["boards"]] == ["forehand-view"]


def test_a_file_of_finished_boards_is_one_line(run):
    one_line_error(run("rate", str(EXAMPLES / "match.abn")), "board 1.1: finished, no decision left; use --at",
                   "(and 9 more boards)")
    one_line_error(run("rate", REFUSAL), f"{REFUSAL}:5: board refusal: finished")


# -- the decider's figures ------------------------------------------------------------------

def test_a_defender_sees_the_defenders_figures(run):
    result = run("rate", REFUSAL, "--at", "1.2", "--samples", "300")
    assert result.exit_code == 0, result.output
    text = flat(result)
    assert "N (defender) decided the card to play" in text and "P(set)" in text and "P(3+)" not in text
    assert "to hold them to 2 = P(set), the makers held to 2 or fewer" in text
    assert "holds the makers to 2 or fewer in" in text and "your side's chance to win the match" in text
    assert "tricks" not in text  # not solved without --tricks
    with_tricks = flat(run("rate", REFUSAL, "--at", "1.2", "--samples", "300", "--tricks"))
    assert "the figures are the defenders' (N-S): " in with_tricks
    assert "tricks on average = tricks; to hold them to 2 = P(set)" in with_tricks
    board = rate_json(run, REFUSAL, "--at", "1.2")["boards"][0]
    assert board["side"] == "defenders"
    for option in board["options"]:
        mine = option["for_decider"]
        assert f"net {mine['net']:+.3f}" in text and mine["net"] == -option["net"]
        assert mine["p_win"] == pytest.approx(1 - option["p_make"])  # the JSON keeps the makers' own fields


def test_a_maker_keeps_the_makers_figures(run):
    board = rate_json(run, REFUSAL, "--at", "turn")["boards"][0]
    assert board["side"] == "makers"
    for option in board["options"]:
        assert option["for_decider"]["p_win"] == option["p_make"] and option["for_decider"]["net"] == option["net"]


# -- solve --after ---------------------------------------------------------------------------

def solve_json(run, *args: str) -> dict:
    result = run("solve", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["boards"][0]


def test_solve_after_a_card_solves_the_position_just_after_it(run):
    board = solve_json(run, REFUSAL, "--after", "2.3")
    assert board["at"] == "2.3" and board["trick"] == ["AC", "9H", "JD"] and board["to_play"] == "S"
    assert [t["cards"] for t in board["played"]] == [["QC", "TC", "9C", "JC"]]
    record = replay(load_boards(REFUSAL)[0])
    after = [n for n in record.cards() if n.trick == 2][3]  # the node of the next card: the state just before it
    assert board["makers_tricks"] == solve(record.node_position(after)).makers_tricks


def test_solve_on_a_finished_record_solves_its_opening_lead(run):
    board = solve_json(run, REFUSAL)
    assert board["at"] == "opening" and board["played"] == [] and board["to_play"] == "E"
    assert all(len(hand) == 5 for hand in board["hands"].values())
    text = flat(run("solve", REFUSAL))
    assert "finished, the makers took 3: at the opening lead (--after TRICK.CARD for a later point)" in text
    assert solve_json(run, str(EXAMPLES / "mid-trick.abn"))["at"] == "end"


def test_solve_after_the_last_card_says_the_deal_is_over_without_empty_hands(run):
    result = run("solve", REFUSAL, "--after", "5.4")
    assert result.exit_code == 0 and "The deal is over: the makers (E-W) took 3." in result.stdout
    assert "♣" not in result.stdout  # no diagram of four empty hands


def test_solve_after_needs_a_file_and_a_recorded_card(run):
    one_line_error(run("solve", "--after", "1.1"), "--after needs a FILE")
    one_line_error(run("solve", str(EXAMPLES / "mid-trick.abn"), "--after", "3.3"), "trick 3 records 2 cards")
