"""Ctrl-C: every long command shows what it has, labelled partial, and exits
130, wherever the interrupt lands (cli/interrupt.py, the group in cli/app.py).

The interrupt is injected as a KeyboardInterrupt raised by the n-th call of
a function the command reaches: the solver's batch call, the statistics of a
rating, the printing of a board, a board's annotation, a range of matches.
The commands that run worker processes are sent a real SIGINT.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from altbaumer.dd.solver import Solver
from altbaumer.hidden.raters import RATERS

EXAMPLES = Path(__file__).parents[2] / "examples"


def interrupt_on(monkeypatch, owner, name: str, call: int = 1) -> None:
    """Make the ``call``-th call of ``owner.name`` raise KeyboardInterrupt (Ctrl-C landing there)."""
    real, calls = getattr(owner, name), itertools.count(1)

    def interrupted(*args, **kwargs):
        if next(calls) == call:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, interrupted)


def assert_interrupted(result) -> None:
    assert result.exit_code == 130, result.output
    assert result.stderr.strip().endswith("altbaumer: interrupted") and "Traceback" not in result.output


@pytest.fixture
def two_decisions(tmp_path) -> Path:
    """A file with a card to play (300 worlds, one batch), a finished board,
    and a discard (sampled: two batches with --samples 600)."""
    path = tmp_path / "boards.abn"
    path.write_text("\n".join((EXAMPLES / name).read_text(encoding="utf-8")
                              for name in ("mid-trick.abn", "refusal.abn", "forehand-view.abn")), encoding="utf-8")
    return path


# -- rate --------------------------------------------------------------------------------

def _rate_in_the_library(monkeypatch, name: str, call: int) -> None:
    import altbaumer.hidden.rating as rating

    interrupt_on(monkeypatch, rating, name, call)


def _rate_in_the_command(monkeypatch, name: str, call: int) -> None:
    import altbaumer.cli.rate as command

    interrupt_on(monkeypatch, command, name, call)


RATE_LANDINGS = {
    # where: (inject, its call, boards rated in full before it, a partial rating shown)
    # The discard rater's chunks, not the solver's calls: the partner's own choices solve batches of their own.
    "the second batch of the discard": (lambda mp: interrupt_on(mp, RATERS["discard"], "solve", 2), 1, True),
    "the first batch of the discard": (lambda mp: interrupt_on(mp, Solver, "solve_batch", 1), 1, False),
    "the first board's card play": (lambda mp: interrupt_on(mp, Solver, "solve_batch_moves", 1), 0, False),
    "the statistics of the second rating": (lambda mp: _rate_in_the_library(mp, "rate_options", 2), 1, False),
    "the printing of the second rating": (lambda mp: _rate_in_the_command(mp, "_show", 2), 1, False),
}


@pytest.mark.parametrize("where", sorted(RATE_LANDINGS))
def test_rate_shows_what_it_has_and_exits_130(run, monkeypatch, two_decisions, where):
    from altbaumer.hidden.partner import forget_choices

    forget_choices()  # the partner's choices, remembered from another test's rating, would skip the landings
    inject, rated, partial_rating = RATE_LANDINGS[where]
    inject(monkeypatch)
    result = run("rate", str(two_decisions), "--samples", "600", "--no-progress", "--play", "dd")
    assert_interrupted(result)
    assert f"interrupted: partial result, {rated} of 2 boards rated in full" in result.stdout
    assert ("partial result over the worlds solved so far" in result.stdout) == partial_rating
    assert ("decides the card to play" in result.stdout) == (rated > 0)


def test_realistic_rate_on_ctrl_c_shows_the_rounds_played(run, monkeypatch, two_decisions):
    """Ctrl-C in the second round of the discard's playouts: the card's board
    and the discard over its first round are shown, the discard as partial."""
    from altbaumer.play.engine import Engine

    interrupt_on(monkeypatch, Engine, "play_out", 4)  # the card's two rounds, then the discard's
    result = run("rate", str(two_decisions), "--samples", "600", "--effort", "128", "--no-progress", "--json")
    assert_interrupted(result)
    boards = json.loads(result.stdout)["boards"]
    assert [b["complete"] for b in boards] == [True, False]
    assert boards[1]["playouts"]["stopped"] == "interrupted" and boards[1]["worlds"] == 64


def test_rate_json_on_ctrl_c_holds_the_boards_done_and_says_it_is_partial(run, monkeypatch, two_decisions):
    interrupt_on(monkeypatch, RATERS["discard"], "solve", 2)
    result = run("rate", str(two_decisions), "--samples", "600", "--json", "--play", "dd")
    assert_interrupted(result)
    data = json.loads(result.stdout)
    assert data["complete"] is False and [b["complete"] for b in data["boards"]] == [True, False]
    assert data["boards"][1]["worlds"] == 500 and [s["board"] for s in data["skipped"]] == ["refusal"]


def test_rate_json_says_complete_when_it_is(run, two_decisions):
    result = run("rate", str(two_decisions), "--samples", "200", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["complete"] is True


# -- the other commands -------------------------------------------------------------------

def test_annotate_shows_the_boards_done_and_writes_no_file(run, monkeypatch, tmp_path):
    import altbaumer.cli.annotate as command

    interrupt_on(monkeypatch, command, "annotate_board", 3)
    out = tmp_path / "out.abn"
    result = run("annotate", str(EXAMPLES / "match.abn"), "--no-decisions", "--no-progress", "--processes", "1",
                 "-o", str(out))
    assert_interrupted(result)
    assert "2 boards annotated" in result.stdout and "2 of 10 boards annotated; nothing written" in result.stdout
    assert not out.exists()
    interrupt_on(monkeypatch, command, "annotate_board", 2)
    data = json.loads(run("annotate", str(EXAMPLES / "match.abn"), "--no-decisions", "--processes", "1", "--json").stdout)
    assert data["complete"] is False and data["total"]["boards"] == 1


def test_review_shows_the_boards_done_and_writes_no_file(run, monkeypatch, tmp_path):
    import altbaumer.cli.review as command

    interrupt_on(monkeypatch, command, "review_board", 3)
    page, drills = tmp_path / "review.html", tmp_path / "drills.abn"
    result = run("review", str(EXAMPLES / "games.abn"), "--play", "dd", "--samples", "100", "--no-progress",
                 "--processes", "1", "--html", str(page), "--drills", str(drills))
    assert_interrupted(result)
    assert "2 boards reviewed" in result.stdout and "2 of 18 boards reviewed; nothing written" in result.stdout
    assert not page.exists() and not drills.exists()
    interrupt_on(monkeypatch, command, "review_board", 2)
    data = json.loads(run("review", str(EXAMPLES / "games.abn"), "--play", "dd", "--samples", "100", "--processes", "1",
                          "--json").stdout)
    assert data["complete"] is False and data["boards"] == 1


def test_simulate_reports_the_matches_played(run, monkeypatch, tmp_path):
    import altbaumer.play.simulate as simulation

    interrupt_on(monkeypatch, simulation, "_simulate_range", 3)
    record = tmp_path / "games.abn"
    result = run("simulate", "-n", "4", "--processes", "1", "--no-progress", "--record", str(record))
    assert_interrupted(result)
    assert "2 matches" in result.stdout and "2 matches of 4 played" in result.stdout
    assert "nothing recorded" in result.stderr and not record.exists()
    interrupt_on(monkeypatch, simulation, "_simulate_range", 2)
    data = json.loads(run("simulate", "-n", "4", "--processes", "1", "--json").stdout)
    assert data["complete"] is False and data["matches"] == 1


def test_simulate_without_a_finished_match_exits_130(run, monkeypatch):
    import altbaumer.play.simulate as simulation

    interrupt_on(monkeypatch, simulation, "_simulate_range", 1)
    assert_interrupted(run("simulate", "-n", "2", "--processes", "1"))


def test_table_and_solve_show_the_boards_done(run, monkeypatch, tmp_path):
    import altbaumer.cli.table as command

    two = tmp_path / "two.abn"
    two.write_text((EXAMPLES / "refusal.abn").read_text(encoding="utf-8") + "\n"
                   + (EXAMPLES / "cut.abn").read_text(encoding="utf-8"), encoding="utf-8")
    interrupt_on(monkeypatch, command, "perfect_information_table", 2)
    result = run("table", str(two), "--json")
    assert_interrupted(result)
    data = json.loads(result.stdout)
    assert data["complete"] is False and [b["board"] for b in data["boards"]] == ["refusal"]
    interrupt_on(monkeypatch, Solver, "solve", 2)
    result = run("solve", str(two))
    assert_interrupted(result)
    assert "1 of 2 boards solved" in result.stdout


def test_bench_shows_the_rows_measured(run, monkeypatch):
    import altbaumer.dd.bench as bench

    monkeypatch.setattr(bench, "_warm_up", lambda seed, tt_mib: None)
    interrupt_on(monkeypatch, bench, "_batch_row", 2)
    result = run("bench", "--seconds", "0.01", "--no-dds", "--no-reference", "--threads", "1", "--json")
    assert_interrupted(result)
    data = json.loads(result.stdout)
    assert data["complete"] is False and len(data["rows"]) == 1
    with pytest.raises(KeyboardInterrupt):  # the library asked for no partial result
        interrupt_on(monkeypatch, bench, "_batch_row", 1)
        bench.run_benchmark(seconds=0.01, threads=1, dds=False, reference=False)


def test_ctrl_c_while_the_command_line_is_parsed_exits_130(run, monkeypatch):
    """Not click's "Aborted!" and exit 1."""
    interrupt_on(monkeypatch, click.Group, "parse_args")
    assert_interrupted(run("deal", "--seed", "1"))


# -- a real SIGINT to the commands that run worker processes --------------------------------------------

ANSWER_WITHIN = 3.0  # seconds; measured at about 0.1 s, the margin is for a loaded two-core machine


def _started(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "from altbaumer.cli import main; main()", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _interrupted_within(process: subprocess.Popen, whole_group: bool) -> tuple[str, str]:
    """Ctrl-C as a terminal sends it (to the whole process group) or as ``kill
    -INT`` does (to the command alone); its answer must come within
    :data:`ANSWER_WITHIN`."""
    sent = time.monotonic()
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    answered = time.monotonic() - sent
    assert process.returncode == 130, err
    assert answered < ANSWER_WITHIN, f"Ctrl-C answered in {answered:.1f} s"
    assert err.strip() == "altbaumer: interrupted", err  # no worker's traceback, no cluster's log
    return out, err


@pytest.mark.parametrize("workers", [("--processes", "2"), ("--scheduler", "local:2")], ids=lambda w: w[0])
def test_ctrl_c_stops_simulate_s_workers_and_shows_the_matches_finished(tmp_path, workers):
    """Worker processes of a pool, or of a Dask cluster started here: the
    matches finished are shown, those running dropped."""
    if workers[0] == "--scheduler":
        pytest.importorskip("distributed")
    resume = tmp_path / "sim.resume"
    process = _started(["simulate", "-n", "20000", *workers, "--json", "--resume", str(resume)])
    deadline = time.monotonic() + 120
    while not (resume.exists() and len(resume.read_text(encoding="utf-8").splitlines()) >= 2):  # a range done
        assert process.poll() is None and time.monotonic() < deadline, process.stderr
        time.sleep(0.05)
    out, _ = _interrupted_within(process, whole_group=True)
    data = json.loads(out)
    assert data["complete"] is False and 0 < data["matches"] < 20000


def test_ctrl_c_stops_arena_s_workers_in_the_middle_of_their_pairs():
    """Slow players: a range of pairs takes many seconds, which a pool that
    let its workers finish would wait for."""
    process = _started(["arena", "pimc-match", "pimc-points", "-n", "40", "--processes", "2", "--json"])
    time.sleep(4)  # the workers started and playing
    assert process.poll() is None
    _interrupted_within(process, whole_group=False)
