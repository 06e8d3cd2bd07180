"""The score before the deal on the command line: `check` shows and checks it, `--score` gives it."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from altbaumer.abn import load_boards, replay
from altbaumer.errors import AltbaumerError
from altbaumer.cli.score import load_scored, score_option, scores_for

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "examples" / "match.abn"


def test_check_reports_a_bad_score_tag_at_its_line(run, tmp_path):
    path = tmp_path / "bad.abn"
    path.write_text('[Board "1"]\n[Score "3:x"]\n[Dealer "N"]\n', encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stdout.splitlines() == [f"{path}:2: error [Score]: score '3:x' is not POINTS [rounds R:R], N-S "
                                          "first, e.g. '3:-1 rounds 1:0'; 'rounds 1:1' (or 'decider') is the "
                                          "one-deal decider"]


def test_check_shows_the_score_of_each_board_and_reports_a_board_that_does_not_fit(run, tmp_path):
    result = run("check", "--json", str(MATCH))
    boards = json.loads(result.stdout)["boards"]
    assert result.exit_code == 0 and boards[4]["score"]["state"]["text"] == "0:0 rounds 1:0"
    assert boards[4]["message"].endswith("; score before: 0:0 rounds 1:0 (replayed)")
    path = tmp_path / "match.abn"
    path.write_text(MATCH.read_text(encoding="utf-8").replace('[Round "2"]', '[Round "1"]', 1), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[4] == (f"{path}:103: error board 1.5: the replayed score 0:0 rounds 1:0 makes this "
                        "round 2, but the [Round] tag says 1")
    assert "score before" not in lines[5] and lines[5].startswith(f"{path}:127: ok board 1.6")


def test_scores_for_gives_one_line_errors():
    records = [replay(board) for board in load_boards(MATCH)]
    assert [s.source for s in scores_for(records, None)][:2] == ["start", "replayed"]
    assert {s.source for s in scores_for(records, "1:1")} == {"given"}
    with pytest.raises(AltbaumerError, match=r"^--score: score 'x' is not POINTS"):
        scores_for(records, "x")
    text = MATCH.read_text(encoding="utf-8").replace('[Round "2"]', '[Round "1"]', 1)
    from altbaumer.abn import read_boards

    with pytest.raises(AltbaumerError, match=r"^match\.abn:103: the replayed score"):
        scores_for([replay(b) for b in read_boards(text, "match.abn")], None)


def test_a_selected_board_is_scored_from_the_whole_file():
    records, scores = load_scored(str(MATCH), "1.5", None)
    assert [r.board.number for r in records] == ["1.5"]
    assert [(s.source, str(s.state)) for s in scores] == [("replayed", "0:0 rounds 1:0")]
    assert scores_for(records, None)[0].source == "unknown"  # alone, board 1.5 cannot know its match


def test_the_score_option():
    @click.command()
    @score_option
    def show(score):
        click.echo(repr(score))

    runner = CliRunner()
    assert runner.invoke(show, []).output == "None\n"
    assert runner.invoke(show, ["--score", "3:-1 rounds 1:0"]).output == "'3:-1 rounds 1:0'\n"
    assert "'3:-1 rounds 1:0'" in runner.invoke(show, ["--help"]).output
