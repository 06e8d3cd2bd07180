"""``altbaumer equity``: the shipped table shown and asked about, a new one estimated and written."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from altbaumer.game.equity import EquityTable, shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team

TINY = ("--deals", "3", "--samples", "8", "--processes", "1", "--objective", "net")


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    return lines[0]


def test_the_table_shows_the_headline_then_the_points(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = run("equity").stdout
    table = shipped_table()
    start = table.equity(MatchState.start(Team.NS), Team.NS)
    headline = out.splitlines()[0]
    assert headline.startswith("N-S, making trump in the coming deal, win the match "
                               f"{100 * start:.1f}% ± {100 * table.equity_ci95(MatchState.start(Team.NS)):.1f}%")
    assert "from 4:4" in headline and "in the decider" in headline
    made = (f"from {table.deals:,} simulated deals in {len(table.classes)} classes of scores (seed" if table.score_aware
            else f"From {table.deals:,} simulated deals (seed")
    assert made in out and ("double dummy" in out or "realistic" in out)
    four_all = table.equity(MatchState.parse("4:4", Team.NS), Team.NS)
    last_row = next(line for line in out.splitlines() if re.match(r"\W*4 ", line))
    assert last_row.split()[-2] == f"{100 * four_all:.1f}"  # N-S 4, E-W 4: the grid's corner
    assert out.index("win the match") < out.index("N-S \\ E-W")


def test_the_makers_and_rounds_choose_the_grid(run):
    out = run("equity", "--makers", "ew", "--rounds", "1:0", "--ascii").stdout
    assert "E-W's chance to win the match" in out and "rounds 1:0" in " ".join(out.split())
    assert "+/-" in out and "±" not in out and "┃" not in out
    decider = run("equity", "--rounds", "1:1").stdout
    assert "In the decider there are no points" in decider and "N-S \\ E-W" not in decider


def test_a_score_is_answered_for_both_teams(run):
    table = shipped_table()
    state = MatchState.parse("3:-1 rounds 1:0", Team.EW)
    out = run("equity", "--score", "3:-1 rounds 1:0", "--makers", "EW").stdout
    assert out.splitlines()[0] == "At 3:-1, rounds 1:0, E-W make trump:"
    ci = f"{100 * table.equity_ci95(state):.1f}%"
    assert f"E-W (makers) win the match {100 * table.equity(state, Team.EW):.1f}% ± {ci}" in out
    assert f"N-S (defenders) win the match {100 * table.equity(state, Team.NS):.1f}% ± {ci}" in out
    assert f"the round {100 * table.round_chance(state, Team.NS):.1f}%" in out
    assert "decider" not in out and "computed at" not in out


def test_a_total_below_the_floor_is_said_to_be_computed_at_the_floor(run, monkeypatch):
    """The table keeps totals at -12 or above: -999:0 is answered with the
    figures of -12:0, and the answer says so."""
    monkeypatch.setenv("COLUMNS", "200")
    table = shipped_table()
    floor = MatchState.parse(f"{table.floor}:0", Team.NS)
    out = run("equity", "--score=-999:0").stdout
    assert out.splitlines()[:2] == [
        "At -999:0, rounds 0:0, N-S make trump:",
        f"  computed at {table.floor}:0, rounds 0:0, N-S make trump: the table keeps every total at its floor, "
        f"{table.floor}, or above (docs/equity.md, The floor)"]
    assert f"N-S (makers) win the match {100 * table.equity(floor, Team.NS):.1f}%" in out
    data = json.loads(run("equity", "--score=-999:0", "--json").stdout)["score"]
    assert data["state"]["points"] == [-999, 0] and data["computed_as"]["points"] == [table.floor, 0]
    assert data["N-S"]["match"] == table.equity(floor, Team.NS)
    assert json.loads(run("equity", "--score", "-3:1", "--json").stdout)["score"]["computed_as"] is None


def test_json_holds_the_figures(run):
    data = json.loads(run("equity", "--json", "--score", "decider").stdout)
    table = shipped_table()
    q = table.rate_class(MatchState.parse("decider", Team.NS)).probabilities  # the decider's class's rates
    assert data["score"]["N-S"]["match"] == pytest.approx(q[0] + q[1] + q[2])
    assert data["score"]["rate_class"] == table.rate_class(MatchState.parse("decider", Team.NS)).name
    assert data["headline"]["start"]["N-S"]["match"] == table.equity(MatchState.start(Team.NS), Team.NS)
    assert data["deals"] == table.deals and data["provenance"] == table.provenance
    assert list(data["outcomes"]) == ["made", "march", "lone_march", "set", "set_all"]
    grid = json.loads(run("equity", "--json", "--makers", "EW").stdout)["grid"]
    assert grid["ns_points"] == list(range(-2, 5)) and len(grid["makers_match"]) == 7
    assert grid["makers_match"][2][2] == table.equity(MatchState.start(Team.EW), Team.EW)


@pytest.mark.parametrize("args, words", [
    (("--score", "5:0"), "--score: points 5:0: a total of 5 or more"),
    (("--score", "three all"), "--score: score 'three all' is not POINTS"),
    (("--score", "2:0 rounds 1:1"), "the decider has no points"),
    (("--rounds", "2:0"), "--rounds 2:0: the match is over, N-S have won it"),
    (("--score", "0:0 rounds 2:0"), "--score 0:0 rounds 2:0: the match is over, N-S have won it"),
    (("--score", "rounds 1:2"), "--score rounds 1:2: the match is over, E-W have won it"),
    (("--rounds", "x"), "--rounds 'x': not rounds won as R:R"),
    (("--makers", "NE"), "'--makers'"),
    (("--seed", "3"), "--seed is for estimating a table anew: give --deals or --rebuild too"),
    (("--deals", "0"), "'--deals'"),
    (("--deals", "100001"), "'--deals'"),
    (("--deals", "1", "--samples", "1"), "'--samples'"),
    (("-o", "table.abn"), "unknown extension '.abn'"),
    (("--json", "-o", "-"), "both write to standard output"),
])
def test_bad_input_is_one_line(run, args, words):
    line = one_error_line(run("equity", *args))
    assert line.startswith("altbaumer: error: ") and words in line, line


def test_a_bad_output_is_refused_before_the_run(run, tmp_path, monkeypatch):
    import altbaumer.cli.equity as command

    monkeypatch.setattr(command, "estimate_outcomes", lambda *a, **k: pytest.fail("the run started"))
    line = one_error_line(run("equity", *TINY, "-o", str(tmp_path / "missing" / "t.json")))
    assert "no such directory" in line and not list(tmp_path.iterdir())


def test_the_shipped_table_can_be_written_out(run, tmp_path):
    path = tmp_path / "equity.json"
    result = run("equity", "-o", str(path))
    assert result.exit_code == 0 and f"wrote the table to {path}" in " ".join(result.stdout.split())
    written = EquityTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert written.probabilities == shipped_table().probabilities and written.provenance == shipped_table().provenance


def test_a_tiny_recompute_writes_a_new_table(run, tmp_path):
    path = tmp_path / "new.json"
    result = run("equity", *TINY, "--seed", "5", "-o", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["run"]["deals"] == 3 and data["run"]["complete"] and data["deals"] == 3
    assert "wrote the table" in result.stderr  # stdout is the JSON's
    table = EquityTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    last = table.provenance["passes"][-1]
    assert table.deals == 3 and last["seed"] == 5 and last["samples"] == 8 and last["objective"] == "net"
    assert last["command"] == (f"altbaumer equity --deals 3 --seed 5 --samples 8 --objective net --play dd "
                               f"--processes 1 -o {path}") and last["play"] == "dd"
    assert len(table.provenance["passes"]) == 1  # a net run does not build on the shipped table
    assert json.loads(run("equity", *TINY, "--seed", "5", "--json").stdout)["outcomes"] == data["outcomes"]


def test_the_data_file_has_a_state_to_a_line(run):
    text = run("equity", "-o", "-").stdout
    lines = text.splitlines()
    assert len(lines) < 2 * len(EquityTable.from_json(json.loads(text)).match) and lines[-1] == "}"


def ctrl_c_at_range(monkeypatch, number: int) -> None:
    """Ctrl-C as the run starts its ``number``-th range of deals."""
    import altbaumer.play.outcomes as outcomes

    real, calls = outcomes._count_range, itertools.count(1)

    def interrupted(*args):
        if next(calls) == number:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(outcomes, "_count_range", interrupted)


def test_ctrl_c_shows_the_deals_done_and_writes_nothing(run, tmp_path, monkeypatch):
    ctrl_c_at_range(monkeypatch, 2)
    path = tmp_path / "t.json"
    result = run("equity", *TINY, "-o", str(path))
    assert result.exit_code == 130 and not path.exists()
    assert "interrupted: partial result, 1 deal of 3 simulated" in result.stdout
    assert f"nothing written to {path}" in " ".join(result.stderr.split())
    assert result.stderr.strip().endswith("altbaumer: interrupted")


REBUILD = ("--rebuild", "--deals", "16", "--classes", "4", "--samples", "4", "--play", "dd", "--processes", "1",
           "--seed", "2")


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    """A tiny rebuild step's data file and its JSON report."""
    from click.testing import CliRunner

    from altbaumer.cli.app import main

    path = tmp_path_factory.mktemp("rebuild") / "step.json"
    result = CliRunner().invoke(main, ["equity", *REBUILD, "-o", str(path), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return path, json.loads(result.stdout)


def test_a_rebuild_writes_a_score_aware_table_with_its_provenance(rebuilt):
    path, data = rebuilt
    table = EquityTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert table.score_aware and len(table.classes) == 4 and table.deals == 16
    provenance = data["provenance"]
    step = shipped_table().provenance.get("iterations", 0) + 1  # a step from the shipped table
    assert provenance == table.provenance and provenance["score_aware"] is True and provenance["iterations"] == step
    assert {"policy", "deals", "largest_ci95", "passes"} <= provenance.keys()
    assert provenance["passes"][-1]["command"] == ("altbaumer equity --rebuild --deals 16 --classes 4 --seed 2 "
                                                   f"--samples 4 --play dd --processes 1 -o {path}")
    assert data["score_aware"] and [c["name"] for c in data["classes"]] == [f"class {i}" for i in range(1, 5)]
    step = data["run"]["rebuild"]
    assert data["run"]["complete"] and len(step["classes"]) == 4 and "settled" in step["moved"]
    assert sum(c["deals"] for c in step["classes"]) == 16


def test_a_rebuilt_table_is_shown_and_asked_from_its_file(run, rebuilt, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path, _ = rebuilt
    table = EquityTable.from_json(json.loads(path.read_text(encoding="utf-8")))
    out = run("equity", "--from", str(path)).stdout
    step = shipped_table().provenance.get("iterations", 0) + 1
    assert f"Score-aware, iteration {step} of its fixed point: from 16 simulated deals in 4 classes of scores" in out
    assert "The rates depend on the score: 4 classes" in out
    decider = MatchState.parse("decider", Team.NS)
    answer = run("equity", "--from", str(path), "--score", "decider", "--json")
    figures = json.loads(answer.stdout)["score"]
    assert figures["rate_class"] == table.rate_class(decider).name
    assert figures["N-S"]["match"] == pytest.approx(table.equity(decider, Team.NS))
    words = run("equity", "--from", str(path), "--score", "decider").stdout
    assert f"the rates of {table.rate_class(decider).name}, simulated at" in words


def test_a_rebuild_from_a_rebuilt_table_is_its_second_step(run, rebuilt, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path, _ = rebuilt
    result = run("equity", *REBUILD, "--from", str(path), "--seed", "3")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    step = shipped_table().provenance.get("iterations", 0) + 2
    assert "How a deal ends for its makers, by class of scores" in out and f"Score-aware, iteration {step}" in out
    assert re.search(r"Moved from the table it started from by \d+\.\d\d points of match equity at the most", out)


def test_a_rebuild_on_a_cluster_and_resumed_from_its_file_gives_the_same_table(run, rebuilt, tmp_path):
    pytest.importorskip("distributed")
    here, log = rebuilt[0], tmp_path / "step.resume"

    def rates(*extra: str) -> list:
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.json"
        args = [a for a in REBUILD if a not in ("--processes", "1")] if "--scheduler" in extra else list(REBUILD)
        result = run("equity", *args, "--no-progress", "-o", str(path), *extra)
        assert result.exit_code == 0, result.output
        return [c.probabilities for c in EquityTable.from_json(json.loads(path.read_text(encoding="utf-8"))).classes]

    shipped = [c.probabilities for c in EquityTable.from_json(json.loads(here.read_text(encoding="utf-8"))).classes]
    assert rates("--scheduler", "local:2") == shipped
    assert rates("--resume", str(log)) == shipped
    assert rates("--resume", str(log)) == shipped  # every range from the file
    other = run("equity", *REBUILD, "--from", str(here), "--seed", "2", "--resume", str(log))
    assert other.exit_code == 2 and "resume file of another job: table" in other.output


@pytest.mark.parametrize("args, words", [
    (("--classes", "3"), "--classes is for --rebuild"),
    (("--rebuild", "--objective", "net"), "--rebuild makes a score-aware table"),
    (("--rebuild", "--deals", "3"), "--deals 3: a rebuild needs at least a deal for each of its 8 classes"),
    (("--rebuild", "--classes", "33"), "'--classes'"),
    (("--from", "nowhere.json"), "--from nowhere.json: cannot read"),
])
def test_bad_rebuild_input_is_one_line(run, args, words):
    line = one_error_line(run("equity", *args))
    assert words in line, line


@pytest.mark.parametrize("text, words", [("{", "x.json:1: not JSON"), ("[1]", "x.json: not an equity table"),
                                         ('{"probabilities": [1, 0, 0, 0, 0]}', "x.json: not an equity table")])
def test_a_bad_table_file_is_one_line(run, tmp_path, monkeypatch, text, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text(text, encoding="utf-8")
    line = one_error_line(run("equity", "--from", "x.json"))
    assert words in line, line


def test_a_step_with_the_seed_of_an_earlier_step_says_so(run, rebuilt):
    path, _ = rebuilt
    same = run("equity", *REBUILD, "--from", str(path))
    assert same.exit_code == 0 and "note: --seed 2 deals the cards of an earlier step" in same.stderr
    other = run("equity", *REBUILD, "--from", str(path), "--seed", "9")
    assert other.exit_code == 0 and "note:" not in other.stderr


def test_ctrl_c_in_a_rebuild_shows_the_deals_done_and_writes_nothing(run, tmp_path, monkeypatch):
    ctrl_c_at_range(monkeypatch, 3)
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "t.json"
    result = run("equity", *REBUILD, "-o", str(path))
    assert result.exit_code == 130 and not path.exists()
    assert re.search(r"interrupted: partial result, \d+ deals of 16 simulated", result.stdout)
    assert "How a deal ends for its makers, by class of scores" in result.stdout
    assert f"nothing written to {path}" in " ".join(result.stderr.split())
