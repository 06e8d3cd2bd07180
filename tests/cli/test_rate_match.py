"""`altbaumer rate` and `annotate` by the chance to win the match: a certain lone
march and the shipped one, the score from the file or --score, and the match
context of a recorded match."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"
MATCH = str(EXAMPLES / "match.abn")


def flat(result) -> str:
    return re.sub(r"\s+", " ", result.output)


@pytest.fixture
def lone_march(run, tmp_path) -> str:
    """``altbaumer deal --seed 6``, then refuse and discard 9♥, as a new user would."""
    path = tmp_path / "seed6.abn"
    assert run("deal", "--seed", "6", "-o", str(path)).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8") + '[Turn "refuse"]\n[Discard "9H"]\n', encoding="utf-8")
    return str(path)


def test_a_certain_lone_march_is_recommended(run, lone_march):
    realistic = flat(run("rate", lone_march, "--samples", "300"))
    assert "alone ★" in realistic and "together ??" in realistic
    result = run("rate", lone_march, "--samples", "300", "--play", "dd")
    assert result.exit_code == 0, result.output
    text = flat(result)
    assert "W (maker) decides playing alone" in text
    assert "score not known: rated as the first deal of a match (0:0, rounds 0:0, E-W make trump)" in text
    assert "alone ★" in text and "together ??" in text
    assert re.search(r"alone: wins the match \d+\.\d%.*the round 100\.0%", text)


def test_at_four_all_the_march_buys_nothing_more(run, lone_march):
    text = flat(run("rate", lone_march, "--samples", "300", "--score", "4:4"))
    assert "score before the deal: 4:4, rounds 0:0, E-W make trump (as given)" in text
    assert "together ★" in text and "alone ?" not in text


def test_the_shipped_lone_march_and_the_matchs_board_1_4(run):
    lone = flat(run("rate", str(EXAMPLES / "lone.abn"), "--at", "alone:partner", "--samples", "300"))
    assert "alone ★ ◆" in lone and "recorded ◆ alone: Playing alone is the best choice here." in lone
    assert lone.startswith("Play alone: it gives you about ")
    board = flat(run("rate", MATCH, "--board", "1.4", "--at", "alone", "--samples", "300"))
    assert "(replayed from boards 1.1–1.3)" in board and "alone ★ ◆" in board


def test_the_json_says_where_the_score_comes_from(run, lone_march):
    result = run("rate", MATCH, "--board", "1.5", "--at", "turn", "--samples", "200", "--json")
    board = json.loads(result.stdout)["boards"][0]
    assert board["objective"] == "match" and board["score_source"] == "replayed"
    assert board["state"]["text"] == "0:0 rounds 1:0" and board["state_assumed"] is False
    for option in board["options"]:
        assert 0 <= option["for_decider"]["equity"] <= 1 and option["mark"] in ("", "?!", "?", "??")
    unknown = json.loads(run("rate", lone_march, "--samples", "100", "--json").stdout)["boards"][0]
    assert unknown["state_assumed"] is True and unknown["score_source"] == "unknown"


def test_other_objectives_leave_the_match_out(run, lone_march):
    text = flat(run("rate", lone_march, "--samples", "200", "--objective", "net"))
    assert "P(match)" not in text and "score" not in text and "together ★" in text
    assert text.startswith("Play with your partner: it gives you about +") and "net points a deal" in text


@pytest.mark.parametrize("score, problem", [("5:0", "already won the round"), ("3:x", "is not POINTS"),
                                            ("1:1 rounds 1:1", "the decider has no points")])
def test_a_bad_score_is_one_line(run, lone_march, score, problem):
    result = run("rate", lone_march, "--score", score)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "--score" in lines[0] and problem in lines[0]


def test_annotate_shows_the_match(run):
    result = run("annotate", MATCH, "--samples", "200", "--no-progress", "--json")
    data = json.loads(result.stdout)
    assert data["objective"] == "match" and data["version"] == 2
    scores = [b["score"] for b in data["boards"]]
    assert scores[0]["source"] == "start" and all(s["source"] == "replayed" for s in scores[1:])
    assert scores[4]["state"]["text"] == "0:0 rounds 1:0"  # after the lone march of board 1.4
    graph = next(iter(data["matches"].values()))["graph"]
    assert [p["board"] for p in graph] == [b["board"] for b in data["boards"]]
    for earlier, later in zip(graph, graph[1:]):
        assert earlier["after"] == pytest.approx(later["before"])  # one deal's end is the next one's start
    assert graph[-1]["after"] in (0.0, 1.0)  # the match is over
    for player in data["players"].values():
        assert {"inaccuracies", "mistakes", "blunders", "lost", "decisions"} <= set(player)
    text = flat(run("annotate", MATCH, "--no-decisions", "--no-progress"))
    chance = f"{100 * data['boards'][4]['score']['ns_equity_before']:.1f}%"  # before board 1.5
    assert "score: the points (rounds) before the deal" in text and f"0:0 (1:0) │ {chance}" in text
