"""``rate --infer-cards``: the worlds weighed by the cards the other seats
chose, said on the terminal and in the JSON, the same on worker processes,
and nothing weighed before another seat has played."""

from __future__ import annotations

from pathlib import Path

from support import rated_board

EXAMPLES = Path(__file__).parents[2] / "examples"
MATCH = str(EXAMPLES / "match.abn")
CARD = ("rate", MATCH, "--board", "1.3", "--at", "1.3", "--samples", "200", "--play", "dd")  # two cards seen


def test_the_json_says_how_many_worlds_were_weighed_and_drawn(run):
    board = rated_board(run, *CARD, "--infer-cards")
    found = board["weighting"]
    assert found["weighed"] == 200 and found["drawn"] == board["worlds"] == round(found["effective"])
    assert 1 <= found["effective"] < 200  # the cards played tell something
    assert rated_board(run, *CARD, "--no-infer-cards")["weighting"] is None


def test_the_terminal_says_what_the_weighting_did(run):
    result = run(*CARD, "--infer-cards", "--no-progress")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    drawn = rated_board(run, *CARD, "--infer-cards")["worlds"]
    assert f"from {drawn} deals of the unseen cards drawn by how well they explain the cards the others played " \
        "from 200 that fit what you know" in text
    assert "inference from the cards played: each of the 200 worlds weighed" in text


def test_worker_processes_weigh_the_same_worlds(run, tmp_path):
    here = rated_board(run, *CARD, "--infer-cards")
    there = rated_board(run, *CARD, "--infer-cards", "--resume", str(tmp_path / "rate.resume"))
    assert there["weighting"] == here["weighting"] and there["options"] == here["options"]


def test_realistic_play_plays_out_the_worlds_drawn_by_weight(run):
    board = rated_board(run, "rate", MATCH, "--board", "1.3", "--at", "1.3", "--samples", "200", "--playouts", "8",
                   "--infer-cards")
    assert board["play"] == "realistic" and board["weighting"]["weighed"] == 200
    assert board["worlds"] <= 8 and board["double_dummy"]["worlds"] == board["weighting"]["drawn"]


def test_nothing_is_weighed_before_another_seat_has_played(run):
    board = rated_board(run, "rate", MATCH, "--board", "1.3", "--at", "turn", "--samples", "100", "--play", "dd",
                   "--infer-cards")
    assert board["weighting"] is None and board["worlds"] == 100
