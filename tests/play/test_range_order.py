"""Numbered work in worker processes starts with its heaviest ranges and
comes back in order; a board's work counts its player's decisions."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path

from altbaumer.abn import load_boards
from altbaumer.play.ranges import run_ranges
from altbaumer.report.annotate import DECISION_WORK, annotate_board, board_work
from altbaumer.report.review import seats_of

GAMES = Path(__file__).parents[2] / "examples" / "games.abn"


def _started(calls: Path, pause: float, start: int, stop: int) -> list[int]:
    """A range that notes when it starts (workers are other processes) and takes ``pause`` seconds."""
    with open(calls, "a", encoding="utf-8") as out:
        out.write(f"{start}\n")
    time.sleep(pause)
    return list(range(start, stop))


def test_the_heaviest_ranges_start_first_and_come_back_in_order(tmp_path: Path):
    calls = tmp_path / "calls.txt"
    weights = [1.0, 1.0, 9.0, 1.0, 8.0, 1.0, 1.0, 1.0]
    results = run_ranges(partial(_started, calls, 0.4), len(weights), processes=2, chunk_max=1, weights=weights)
    assert results == [[i] for i in range(len(weights))]
    started = [int(line) for line in calls.read_text().split()]
    assert set(started[:2]) == {2, 4} and sorted(started) == list(range(len(weights)))


def test_in_this_process_the_ranges_run_in_order(tmp_path: Path):
    calls = tmp_path / "calls.txt"
    results = run_ranges(partial(_started, calls, 0.0), 4, chunk_max=1, weights=[1.0, 5.0, 2.0, 9.0])
    assert results == [[0], [1], [2], [3]]
    assert calls.read_text().split() == ["0", "1", "2", "3"]


def test_a_board_weighs_the_decisions_and_cards_it_rates():
    """The work is what annotating the board rates: its seats' decisions, DECISION_WORK each, and their cards."""
    boards = load_boards(GAMES)[:4]
    works = []
    for board in boards:
        mine = seats_of(board, {"heuristic"}, None)
        assert mine is not None
        notes = annotate_board(board, seats=mine, play="dd", samples=40, exact_limit=0)
        rated = DECISION_WORK * len(notes.decisions) + sum(1 for card in notes.cards if card.seat in mine)
        works.append(board_work(board, mine))
        assert works[-1] == rated and works[-1] < board_work(board)
    assert works[1] > works[0] + 3 * DECISION_WORK  # the second board's heuristic forehand decides before the play
