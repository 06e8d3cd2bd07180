"""The rating rows of ``altbaumer bench``: shapes and validity only, never a speed."""

from __future__ import annotations

import fnmatch
import json
import subprocess
import sys
from pathlib import Path

import pytest

import altbaumer.hidden
from altbaumer.cli.bench import RATING_EXAMPLE, rating_extra, rating_views
from altbaumer.dd.bench import RATING_WORKLOADS, WORKLOADS, run_benchmark
from altbaumer.game.deal import Deal
from altbaumer.game.view import SeatView
from altbaumer.hidden import partner
from altbaumer.hidden.rating_bench import DECISION_KINDS, rating_plan, rating_row, rating_rows


@pytest.fixture(scope="module")
def views():
    assert RATING_EXAMPLE.is_file()
    return rating_views()


def test_the_rating_rows_read_their_example_from_the_package():
    root = Path(__file__).resolve().parents[2]
    assert Path(str(RATING_EXAMPLE)).parent == Path(altbaumer.hidden.__file__).parent  # not the checkout's examples/
    assert RATING_EXAMPLE.read_bytes() == (root / "examples" / "refusal.abn").read_bytes()
    tomllib = pytest.importorskip("tomllib")
    shipped = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert any(fnmatch.fnmatch(RATING_EXAMPLE.name, pattern) for pattern in shipped["altbaumer.hidden"])
    rows, notes = rating_extra(seconds=0.0, seed=0)
    assert [key for key, _ in rows] == [(w, "altbaumer", 1) for w in RATING_WORKLOADS] and notes == []


def test_the_example_gives_every_kind_of_decision(views):
    assert list(views) == list(DECISION_KINDS) == ["turn", "discard", "alone", "card"]
    assert all(isinstance(view, SeatView) for view in views.values())


@pytest.mark.parametrize("kind", DECISION_KINDS)
def test_one_rating_row_per_kind(views, kind):
    row = rating_row(kind, views[kind], seconds=0.0, samples=60)
    assert row.workload == f"rate-{kind}" and row.workload in RATING_WORKLOADS and row.workload in WORKLOADS
    assert row.solver == "altbaumer" and row.threads == 1 and row.positions == 60  # one rating: seconds=0
    assert row.positions_per_second > 0 and row.seconds > 0
    assert row.nodes_per_position > 0 and row.ns_per_node > 0 and row.tt_bytes > 0
    assert "best" in row.note and "1 rating of 60" in row.note
    json.dumps(row.to_dict())


def test_a_row_repeats_ratings_until_its_seconds_are_used(views):
    row = rating_row("card", views["card"], seconds=0.05, samples=40)
    assert row.positions % 40 == 0 and row.positions >= 40 and row.seconds >= 0.05


def test_bad_arguments(views):
    with pytest.raises(ValueError):
        rating_row("lead", views["card"])
    with pytest.raises(ValueError):
        rating_row("card", views["card"], samples=0)


def test_plan_is_measured_only_when_called(views):
    plan = rating_plan(views, seconds=0.0, samples=30)
    assert [key for key, _ in plan] == [(w, "altbaumer", 1) for w in RATING_WORKLOADS]
    only_card = rating_rows({"card": views["card"]}, seconds=0.0, samples=30)
    assert [r.workload for r in only_card] == ["rate-card"]


def test_run_benchmark_takes_the_rating_rows(views):
    plan = rating_plan({"alone": views["alone"], "card": views["card"]}, seconds=0.0, samples=30)
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False, extra=plan)
    assert [r.workload for r in report.rows[-2:]] == ["rate-alone", "rate-card"]
    rating = next(t for t in report.targets if t.key == "rating-vs-previous-release")
    assert rating.met is None and rating.measured is None and "benchmarks/README.md" in rating.note


def test_the_one_decision_script_rates_in_a_fresh_process():
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "rate_one_decision.py"
    done = subprocess.run([sys.executable, str(script), "alone", "--samples", "200"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("alone: ") and "200 worlds, best " in done.stdout


def test_each_rating_row_starts_without_the_partners_choices_of_earlier_rows():
    sentinel = (9, 9, 9, 9, "earlier row", b"")
    partner._KNOWN[sentinel] = {}
    deal = Deal.from_seed(4)
    rating_row("turn", deal.view(deal.forehand), seconds=0.0, samples=50)
    assert sentinel not in partner._KNOWN
