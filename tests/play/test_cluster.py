"""Numbered work on a real Dask cluster and the resume file: a LocalCluster
of two worker processes on the loopback interface gives the in-process
results; one worker killed in the middle of a job and the job still ends
with the same results; a job stopped and resumed redoes nothing finished."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from functools import partial
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from altbaumer.cli import main
from altbaumer.errors import InvalidScheduler, ResumeMismatch
from altbaumer.play.arena import play_arena
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.play.simulate import simulate_matches

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Scheduler]:
    """Two single-threaded worker processes on 127.0.0.1, for the whole module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield Scheduler(local.scheduler_address)


def test_scheduler_syntax():
    assert Scheduler.parse("local") == Scheduler(None, None)
    assert Scheduler.parse(" local:3 ") == Scheduler(None, 3)
    assert Scheduler.parse("tcp://10.1.2.3:8786").address == "tcp://10.1.2.3:8786"
    assert Scheduler.parse("node-7:8786").address == "tcp://node-7:8786"
    assert str(Scheduler.parse("local:2")) == "local:2"
    # the workers a plan is cut for: N, the cores, or eight on a cluster whose size is not known yet
    assert Scheduler.parse("local:3").width == 3 and Scheduler.parse("local").width == (os.cpu_count() or 1)
    assert Scheduler.parse("node-7:8786").width == 8
    for bad in ("", "local:", "local:x", "local:0", "local:999", "a b", "host:0", "host:70000", "http://x:1/y",
                "bogus", "tls://host:8786"):
        with pytest.raises(InvalidScheduler):
            Scheduler.parse(bad)


def test_the_same_results_on_the_cluster(cluster: Scheduler):
    """Whatever runs the ranges, the results are those of one process."""
    here = simulate_matches(60, seed=5)
    there = simulate_matches(60, seed=5, scheduler=cluster)
    assert there.to_dict() == here.to_dict()
    pairs_here, pairs_there = play_arena("heuristic", "random", 6, seed=2), play_arena(
        "heuristic", "random", 6, seed=2, scheduler=cluster)
    assert pairs_there.to_dict() == pairs_here.to_dict()


def test_a_lost_worker_costs_only_its_ranges(cluster: Scheduler):
    """One of the two workers is killed (SIGKILL) once the first range is in:
    its ranges run again elsewhere and the job ends with the same results."""
    with distributed.Client(cluster.address) as client:
        pids = client.run(os.getpid)
    victim = next(iter(pids.values()))
    after_kill = []

    def progress(done: int) -> None:
        if not after_kill:
            os.kill(victim, signal.SIGKILL)
        after_kill.append(done)

    expected = simulate_matches(200, seed=9)
    got = simulate_matches(200, seed=9, scheduler=cluster, progress=progress)
    assert got.to_dict() == expected.to_dict()
    assert len(after_kill) > 1 and sum(after_kill) == 200  # ranges kept coming after the kill
    with distributed.Client(cluster.address) as client:
        client.wait_for_workers(2, timeout=30)  # the nanny starts a new worker: the next tests have two


class Stop(Exception):
    pass


def _counted(calls: Path, start: int, stop: int) -> list[int]:
    """A range of numbered work that leaves a line per call (workers are other processes)."""
    with open(calls, "a", encoding="utf-8") as out:
        out.write(f"{start}\n")
    return list(range(start, stop))


@pytest.mark.parametrize("where", ["here", "cluster"])
def test_resume_redoes_nothing_finished(tmp_path: Path, cluster: Scheduler, where: str):
    """Stopped by Ctrl-C after three ranges, then run again with the same file:
    the second run does only the ranges the first did not finish, and the
    results are those of a run never stopped."""
    scheduler = cluster if where == "cluster" else None
    calls, path = tmp_path / "calls.txt", tmp_path / "job.resume"
    work = partial(_counted, calls)
    seen = []

    def stop_after_three(done: int) -> None:
        seen.append(done)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ranges(work, 50, chunk_max=5, progress=stop_after_three, scheduler=scheduler,
                   resume=ResumeLog(path, {"job": "numbers"}))
    first = calls.read_text().split()  # (a range running on the cluster when stopped may still add to it)
    kept = ResumeLog(path, {"job": "numbers"})
    ranges = kept.begin([])
    kept.close()
    assert len(kept.done) == 3 and [r[0] for r in ranges] == sorted(r[0] for r in ranges)
    calls = tmp_path / "calls-again.txt"
    progress: list[int] = []
    results = run_ranges(partial(_counted, calls), 50, chunk_max=5, progress=progress.append, scheduler=scheduler,
                         resume=ResumeLog(path, {"job": "numbers"}))
    assert [n for r in results for n in r] == list(range(50))
    again = sorted(int(x) for x in calls.read_text().split())
    assert again == sorted(start for i, (start, _) in enumerate(ranges) if i not in kept.done)
    held = sum(stop - start for i, (start, stop) in enumerate(ranges) if i in kept.done)
    assert progress[0] == held and sum(progress) == 50  # the bar starts with what the file held
    assert len(first) >= 3


def test_a_cut_short_line_is_dropped(tmp_path: Path):
    path = tmp_path / "job.resume"
    log = ResumeLog(path, {"job": 1})
    log.begin([(0, 1), (1, 2)])
    log.add(0, "zero")
    log.close()
    with open(path, "a", encoding="utf-8") as out:
        out.write('{"range":1,"result":"gAN')  # killed while writing
    again = ResumeLog(path, {"job": 1})
    again.begin([])
    again.add(1, "one")
    again.close()
    final = ResumeLog(path, {"job": 1})
    final.begin([])
    assert final.done == {0: "zero", 1: "one"}


def test_files_that_are_not_of_the_job(tmp_path: Path):
    other = tmp_path / "other.txt"
    other.write_text("hello\n")
    with pytest.raises(ResumeMismatch, match="other.txt:1: not an altbaumer resume file"):
        ResumeLog(other, {"job": 1}).begin([])
    path = tmp_path / "job.resume"
    log = ResumeLog(path, {"job": 1, "seed": 2})
    log.begin([(0, 1)])
    log.close()
    with pytest.raises(ResumeMismatch, match="seed 2, not 3"):
        ResumeLog(path, {"job": 1, "seed": 3}).begin([])
    with open(path, "a", encoding="utf-8") as out:
        out.write('{"range":7,"result":"gAN9cQAu"}\n')  # no such range
    with pytest.raises(ResumeMismatch, match=":2: not a finished range of this job"):
        ResumeLog(path, {"job": 1, "seed": 2}).begin([])


def test_the_commands_on_a_cluster(tmp_path: Path, cluster: Scheduler):
    """simulate, arena and equity --deals with --scheduler and --resume give
    the figures of a plain run; the resume file answers a second run alone."""
    runner = CliRunner()
    for args in (["simulate", "-n", "30", "--seed", "4"], ["arena", "heuristic", "random", "-n", "4"],
                 ["equity", "--deals", "6", "--samples", "20", "--objective", "net", "--score", "0:0"]):
        plain = runner.invoke(main, [*args, "--json", "--no-progress"])
        assert plain.exit_code == 0, plain.output
        resume = tmp_path / f"{args[0]}.resume"
        for _ in range(2):  # the second run finds every range in the file
            there = runner.invoke(main, [*args, "--json", "--no-progress", "--scheduler", cluster.address,
                                         "--resume", str(resume)])
            assert there.exit_code == 0, there.output
            assert _figures(there.output) == _figures(plain.output)
        assert resume.read_text().count("\n") > 1


def _figures(output: str) -> dict:
    """The JSON without the timings and the provenance (which names the command as run)."""
    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if "second" not in k and k != "provenance"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(json.loads(output))  # type: ignore[return-value]


def test_bad_cluster_options_exit_2(tmp_path: Path):
    runner = CliRunner()
    for args, said in ((["--scheduler", "nowhere:0"], "is no scheduler: expected local, local:N or tcp://host:port"),
                       (["--scheduler", "local:2", "--processes", "1"], "exclude each other"),
                       (["--resume", str(tmp_path)], "is a directory"),
                       (["--resume", str(tmp_path / "no" / "such.resume")], "does not exist")):
        result = runner.invoke(main, ["simulate", "-n", "2", *args])
        assert result.exit_code == 2 and said in result.output, result.output


def test_charts_on_the_cluster(tmp_path: Path, cluster: Scheduler):
    """A slice of a chart rated on the cluster is the slice rated here, row for row."""
    rows = {}
    for name, where in (("here", ["--processes", "1"]), ("there", ["--scheduler", cluster.address])):
        result = CliRunner().invoke(main, ["charts", "--samples", "30", "--first", "7000", "--limit", "6",
                                           "-o", str(tmp_path / name), "--no-progress", *where])
        assert result.exit_code == 0, result.output
        rows[name] = json.loads((tmp_path / name / "chart.json").read_text())["rows"]
    assert rows["there"] == rows["here"] and len(rows["here"]) == 6


EXAMPLES = Path(__file__).parents[2] / "examples"


def test_annotate_on_the_cluster(tmp_path: Path, cluster: Scheduler):
    """The shipped match and the file of deliberate errors, annotated on the
    cluster: the same annotation and the same errors as here (exit 2 for the errors)."""
    outputs = {}
    for name, where in (("here", []), ("there", ["--scheduler", cluster.address, "--resume",
                                                 str(tmp_path / "a.resume")])):
        result = CliRunner().invoke(main, ["annotate", str(EXAMPLES / "match.abn"), str(EXAMPLES / "errors.abn"),
                                           "--samples", "40", "--json", "--no-progress", *where])
        assert result.exit_code == 2, result.output
        outputs[name] = _figures(_json_part(result.output))
    assert outputs["there"] == outputs["here"]
    assert len(outputs["here"]["boards"]) == 10 and outputs["here"]["errors"]


def _json_part(output: str) -> str:
    """The JSON document of the output, without the error lines the command prints after it."""
    return output[:output.rindex("}") + 1]


def test_rate_on_the_cluster(tmp_path: Path, cluster: Scheduler):
    """Every board's recorded turn rated on the cluster (and resumed from its file) is the rating made here."""
    args = ["rate", str(EXAMPLES / "match.abn"), "--at", "turn", "--samples", "60", "--json", "--no-progress"]
    boards = {}
    for name, where in (("here", []), ("there", ["--scheduler", cluster.address, "--resume", str(tmp_path / "r")]),
                        ("again", ["--resume", str(tmp_path / "r")])):
        result = CliRunner().invoke(main, [*args, *where])
        assert result.exit_code == 0, result.output
        boards[name] = _figures(result.output)["boards"]
    assert boards["there"] == boards["here"] == boards["again"] and len(boards["here"]) == 10


def test_the_heaviest_ranges_start_first_on_the_cluster(tmp_path: Path, cluster: Scheduler):
    calls = tmp_path / "calls.txt"
    weights = [1.0, 1.0, 1.0, 9.0, 1.0, 8.0, 1.0]
    results = run_ranges(partial(_slow, calls), len(weights), chunk_max=1, scheduler=cluster, weights=weights)
    assert results == [[i] for i in range(len(weights))]
    started = [int(line) for line in calls.read_text().split()]
    assert set(started[:2]) == {3, 5} and sorted(started) == list(range(len(weights)))


def _slow(calls: Path, start: int, stop: int) -> list[int]:
    """:func:`_counted` that takes a moment, so that the first two ranges started are both noted first."""
    result = _counted(calls, start, stop)
    time.sleep(0.4)
    return result
