"""``altbaumer review``: the terminal report, the JSON, the page, the drills,
bad input, and the same review on a Dask cluster and with a resume file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.report.drills import DRILL_TAGS
from altbaumer.report.review import KINDS

EXAMPLES = Path(__file__).parents[2] / "examples"
GAMES = str(EXAMPLES / "games.abn")
FAST = ("--play", "dd", "--samples", "200", "--seed", "1")


@pytest.fixture(scope="module")
def games_json() -> dict:
    from click.testing import CliRunner

    from altbaumer.cli import main

    result = CliRunner().invoke(main, ["review", GAMES, *FAST, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_json_has_every_figure_of_every_player(games_json):
    data = games_json
    assert (data["format"], data["objective"], data["play"], data["boards"], data["complete"]) == (
        "altbaumer-review", "match", "dd", 18, True)
    assert [p["player"] for p in data["players"]] == ["heuristic", "pimc-match"]
    for row in data["players"]:
        assert set(row) >= {"player", "decisions", "error_rate", "marks", "luck", "worst", "deals", "accuracy",
                            "by_kind", "over_time", "error_rate_per_deal"}
        assert set(row["marks"]) == set(KINDS) and all(set(m) == {"?!", "?", "??"} for m in row["marks"].values())
        assert sum(k["decisions"] for k in row["by_kind"].values()) == row["decisions"] > 100
        assert row["error_rate"] == pytest.approx(row["lost"] / row["decisions"], abs=1e-6)
        assert row["luck"]["deals"] == 18 and row["luck"]["per_deal_ci95"] > 0
        losses = [w["counted"] for w in row["worst"]]
        assert losses == sorted(losses, reverse=True) and len(losses) <= 10
        for worst in row["worst"]:
            assert worst["source"] == GAMES and worst["board"] and worst["where"] and len(worst["hand"]) >= 1
    heuristic, pimc = data["players"]
    assert heuristic["error_rate"] > pimc["error_rate"]
    assert heuristic["luck"]["total"] == pytest.approx(-pimc["luck"]["total"])


def test_the_terminal_says_it_in_words_and_tables(run):
    result = run("review", GAMES, *FAST, "--player", "heuristic", "--worst", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "18 boards reviewed" in out and "heuristic gave up" in out and "Luck:" in out
    assert "pimc-match gave up" not in out  # --player: that player alone
    for heading in ("Players", "By kind of decision", "heuristic: the costliest decisions"):
        assert heading in out
    assert "accept or refuse" in out and "following" in out


def test_a_simulated_archive_shows_the_heuristic_player_erring_more(run, tmp_path):
    """A match simulated here between the heuristic and the match player,
    as ``simulate --record`` writes it, then reviewed."""
    archive = tmp_path / "sim.abn"
    made = run("simulate", "-n", "1", "--seed", "21", "--ns", "pimc-match", "--ew", "heuristic", "--record",
               str(archive), "--processes", "1", "--no-progress")
    assert made.exit_code == 0, made.output
    data = json.loads(run("review", str(archive), *FAST, "--json").stdout)
    rates = {p["player"]: p["error_rate"] for p in data["players"]}
    assert rates["heuristic"] > rates["pimc-match"]


def test_the_page_links_each_worst_decision_to_its_board(run, tmp_path):
    page = tmp_path / "review.html"
    result = run("review", GAMES, *FAST, "--html", str(page), "--worst", "4")
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and not re.search(r"(src|href)=\"https?:", html)
    assert '<figure class="kinds-chart">' in html and '<figure class="time-chart">' in html
    links = re.findall(r'href="#board-(\d+)-step-(\d+)"', html)
    assert len(links) == 8  # four for each player
    for section, _ in links:
        assert f'id="board-{section}"' in html and f'id="viewer-{section}"' in html


def test_the_drills_are_positions_as_the_player_saw_them(run, tmp_path):
    drills = tmp_path / "drills.abn"
    result = run("review", GAMES, *FAST, "--player", "heuristic", "--drills", str(drills), "--json")
    assert result.exit_code == 0, result.output
    marked = sum(n for row in json.loads(result.stdout)["players"][0]["marks"].values() for n in row.values())
    boards = load_boards(drills)
    assert len(boards) == marked > 0
    for board in boards:
        assert all(tag in board.tags for tag in DRILL_TAGS) and board.tags["Event"].endswith("for heuristic")
        record = replay(board)
        assert sum(hand is not None for hand in board.hands.values()) == 1 and record.state.to_act is not None
    rated = json.loads(run("rate", str(drills), "--play", "dd", "--samples", "200", "--json").stdout)
    assert [b["decision"] for b in rated["boards"]] == [
        {"turn": "turn", "discard": "discard", "alone": "alone"}.get(b.tags["Drill"], "play") for b in boards]
    as_json = tmp_path / "drills.json"
    assert run("review", GAMES, *FAST, "--player", "heuristic", "--drills", str(as_json)).exit_code == 0
    assert json.loads(as_json.read_text(encoding="utf-8"))["format"] == "abn-json"


def test_a_seat_names_the_player_of_unnamed_files(run):
    data = json.loads(run("review", str(EXAMPLES / "refusal.abn"), *FAST, "--seat", "E", "--json").stdout)
    assert [p["player"] for p in data["players"]] == ["E"] and data["players"][0]["decisions"] > 3


def test_realistic_play_by_default(run):
    data = json.loads(run("review", str(EXAMPLES / "refusal.abn"), "--seat", "E", "--json").stdout)
    assert data["play"] == "realistic" and data["players"][0]["decisions"] > 3


@pytest.mark.parametrize("args, message", [
    (("--player", "Zoe"), "--player Zoe: no board names this player in its seat tags (the players: heuristic, "
                          "pimc-match)"),
    (("--player", "heuristic", "--seat", "N"), "--player and --seat exclude each other"),
    (("--objective", "make"), "invalid value for '--objective': 'make' is not one of 'match', 'net'"),
    (("--worst", "-1"), "invalid value for '--worst'"),
    (("--drills", GAMES), "refusing to overwrite the input file"),
    (("--html", "page.abn"), "unknown extension '.abn' (use .html)"),
    (("--drills", "x.txt"), "unknown extension '.txt'"),
])
def test_bad_input_is_one_line_and_exit_2(run, args, message):
    result = run("review", GAMES, *FAST, *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_a_malformed_file_is_named_and_nothing_is_written(run, tmp_path):
    bad = tmp_path / "bad.abn"
    bad.write_text('[Dealer "X"]\n', encoding="utf-8")
    page = tmp_path / "out.html"
    result = run("review", str(bad), "--html", str(page))
    assert result.exit_code == 2 and f"{bad}:1" in result.output and not page.exists()


def test_the_same_review_on_a_cluster_and_after_a_resume(run, tmp_path):
    pytest.importorskip("distributed")
    few = tmp_path / "few.abn"
    few.write_text("\n\n".join(Path(GAMES).read_text(encoding="utf-8").split("\n\n")[:5]), encoding="utf-8")

    def players(*extra: str) -> list:
        result = run("review", str(few), *FAST, "--json", "--no-progress", *extra)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["players"]

    here = players()
    assert players("--scheduler", "local:2") == here
    resume = tmp_path / "review.resume"
    assert players("--resume", str(resume)) == here
    assert players("--resume", str(resume)) == here  # every range from the file
    refused = run("review", str(few), "--play", "dd", "--samples", "300", "--resume", str(resume))
    assert refused.exit_code == 2 and "resume file of another job" in refused.output


def test_seats_that_never_chose_are_no_players(run):
    """A file written from E's view: the other seats' hands are unknown and
    none of them chose anything, so E alone is reviewed."""
    data = json.loads(run("review", str(EXAMPLES / "forehand-view.abn"), *FAST, "--json").stdout)
    assert [(p["player"], p["decisions"]) for p in data["players"]] == [("E", 1)]
    assert data["players"][0]["luck"]["deals"] == 0  # not every card is known: no luck to measure


@pytest.mark.parametrize("options", [("--processes", "2"), ("-j", "1")])
def test_the_review_is_the_same_in_worker_processes_and_on_one_thread(games_json, options):
    """The default reviews the boards in worker processes; here two of them, and then one thread in this process."""
    from click.testing import CliRunner

    from altbaumer.cli import main

    result = CliRunner().invoke(main, ["review", GAMES, *FAST, "--json", *options], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {k: v for k, v in data.items() if k != "seconds"} == {k: v for k, v in games_json.items() if k != "seconds"}


def test_processes_and_threads_exclude_each_other(run):
    result = run("review", GAMES, *FAST, "--processes", "2", "-j", "2")
    assert result.exit_code == 2 and "--processes and --threads exclude each other" in result.stderr
