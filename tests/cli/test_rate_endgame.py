"""``rate --endgame``: a card near the end rated with the last tricks solved
as a game of hidden cards, the double-dummy figures beside; earlier cards
and decisions rated as before; the same on worker processes."""

from __future__ import annotations

from pathlib import Path

from support import rated_board

EXAMPLES = Path(__file__).parents[2] / "examples"
MATCH = str(EXAMPLES / "match.abn")
NEAR_THE_END = ("rate", MATCH, "--board", "1.3", "--at", "4.1")  # W leads to the fourth trick


def test_a_card_near_the_end_is_solved_as_a_game_of_hidden_cards(run):
    board = rated_board(run, *NEAR_THE_END, "--endgame")
    assert board["play"] == "endgame" and board["double_dummy"]["play"] == "dd"
    assert board["worlds"] == board["double_dummy"]["worlds"] == board["total_worlds"]
    assert {o["option"] for o in board["options"]} == {o["option"] for o in board["double_dummy"]["options"]}
    result = run(*NEAR_THE_END, "--endgame", "--no-progress")
    text = " ".join(result.stdout.split())
    assert "the last tricks solved as a game in which every player sees only their own cards" in text
    assert "If every card were open (all " in text and "gives each option as if every player saw every card" in text


def test_without_endgame_or_far_from_the_end_nothing_changes(run):
    assert rated_board(run, *NEAR_THE_END, "--no-endgame", "--playouts", "8")["play"] == "realistic"
    early = rated_board(run, "rate", MATCH, "--board", "1.3", "--at", "2.1", "--endgame", "--playouts", "8",
                   "--samples", "200")
    assert early["play"] == "realistic"


def test_worker_processes_solve_the_same_endgame(run, tmp_path):
    here = rated_board(run, *NEAR_THE_END, "--endgame")
    there = rated_board(run, *NEAR_THE_END, "--endgame", "--resume", str(tmp_path / "rate.resume"))
    assert there["options"] == here["options"] and there["play"] == "endgame"
