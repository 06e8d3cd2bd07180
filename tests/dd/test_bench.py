"""The benchmark library and ``altbaumer bench``: shapes and validity only.

Machines are noisy, so nothing here asserts a speed: rates are only checked
to be positive. The targets are reported by the benchmark itself.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from altbaumer.dd.bench import SOLVERS, WORKLOADS, _reference_row, dds_available, planned_rows, run_benchmark
from altbaumer.dd.workloads import bridge_endings, full_deal_rows, lone_deal_rows, mid_trick_positions, rows_to_positions
from altbaumer.game.position import Position
from altbaumer.dd.rows import NO_LONE, WIDTH, decode_rows
from altbaumer.dd.solver import Solver

ROW_KEYS = {"workload", "solver", "threads", "positions_per_second", "positions", "seconds", "api",
            "nodes_per_position", "tt_bytes", "upper_bound"}


def popcount(x: int) -> int:
    return bin(int(x)).count("1")



def test_full_deals_are_valid_and_seeded():
    rows = full_deal_rows(300, seed=3)
    assert rows.shape == (300, WIDTH) and rows.dtype == np.int64
    fields = decode_rows(rows)
    for row_hands in fields.hands:
        hands = [int(h) for h in row_hands]
        assert [popcount(h) for h in hands] == [5, 5, 5, 5]
        assert popcount(hands[0] | hands[1] | hands[2] | hands[3]) == 20  # each card once
    assert (fields.lone == NO_LONE).all() and (fields.makers == fields.leader % 2).all()
    assert set(fields.trump) == {0, 1, 2, 3} and set(fields.leader) == {0, 1, 2, 3}  # trump and leader vary
    assert np.array_equal(rows, full_deal_rows(300, seed=3))
    assert not np.array_equal(rows, full_deal_rows(300, seed=4))
    assert not np.array_equal(rows, full_deal_rows(300, seed=3, block=1))
    positions = rows_to_positions(rows[:50])  # Position validates everything again
    assert all(isinstance(p, Position) and p.tricks_left == 5 for p in positions)


def test_lone_deals_are_valid():
    rows = lone_deal_rows(300, seed=5)
    fields = decode_rows(rows)
    for row_hands, lone, makers, leader in zip(fields.hands, fields.lone, fields.makers, fields.leader):
        absent = (lone + 2) % 4
        assert lone % 2 == makers and row_hands[absent] == 0 and leader != absent
        hands = [int(row_hands[s]) for s in range(4) if s != absent]
        assert [popcount(h) for h in hands] == [5, 5, 5]
        assert popcount(hands[0] | hands[1] | hands[2]) == 15
    positions = rows_to_positions(rows[:50])
    assert all(p.lone is not None and len(p.active_seats) == 3 for p in positions)
    assert {p.lone is p.leader for p in positions} == {True, False}  # both makers go alone
    values = Solver(threads=1).solve_batch(rows[:200])
    assert values.min() >= 0 and values.max() <= 5


def test_mid_trick_positions_are_valid():
    positions = mid_trick_positions(200, seed=1)
    assert {len(p.trick) for p in positions} == {1, 2, 3}
    for p in positions:
        cards = sum(len(h) for h in p.hands.values()) + len(p.trick)
        assert cards == 20 and p.tricks_taken == (0, 0) and p.to_act is not None


def test_bridge_endings_are_valid():
    endings = bridge_endings(100, seed=2)
    for pbn, lead in endings:
        assert pbn.startswith("N:") and 0 <= lead < 4
        hands = pbn[2:].split(" ")
        assert len(hands) == 4
        seen = set()
        for hand in hands:
            suits = hand.split(".")
            assert len(suits) == 4 and sum(len(s) for s in suits) == 5
            for suit, ranks in zip("SHDC", suits):
                assert set(ranks) <= set("AKQJT9")
                seen |= {r + suit for r in ranks}
        assert len(seen) == 20


def check_rows(rows: list[dict]) -> None:
    for row in rows:
        assert ROW_KEYS <= set(row)
        assert row["workload"] in WORKLOADS and row["solver"] in SOLVERS
        assert row["positions_per_second"] > 0 and row["threads"] >= 1
        if row["solver"] == "altbaumer":
            assert row["positions"] > 0 and row["nodes_per_position"] > 0 and row["tt_bytes"] > 0


def test_library_rows_with_tiny_sizes():
    report = run_benchmark(seconds=0.01, threads=2, seed=1, reference=False, dds=False)
    data = report.to_dict()
    json.dumps(data)  # JSON-ready
    check_rows(data["rows"])
    got = {(r["workload"], r["solver"], r["threads"]) for r in data["rows"]}
    assert got == set(planned_rows(2, dds=False, reference=False))
    assert ("full-exact", "altbaumer", 1) in got and ("full-exact", "altbaumer", 2) in got
    assert {w for w, _, _ in got} == set(WORKLOADS) and not any(s == "dds" for _, s, _ in got)
    all_cards = report.row("full-all-cards", "altbaumer")
    assert all_cards is not None and all_cards.cards_per_position == 5.0  # five cards may lead
    assert data["machine"]["cores"] >= 1 and data["machine"]["cpu"]
    targets = {t["key"]: t for t in data["targets"]}
    assert set(targets) == {"all-cards-vs-dds", "full-exact-1-thread", "lone-exact-1-thread", "two-threads-scaling"}
    assert targets["all-cards-vs-dds"]["met"] is None and targets["all-cards-vs-dds"]["note"]
    for key in ("full-exact-1-thread", "lone-exact-1-thread", "two-threads-scaling"):
        assert targets[key]["met"] in (True, False) and targets[key]["measured"] > 0


def test_progress_is_reported_for_every_row():
    calls = []
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False,
                           progress=lambda done, total, label: calls.append((done, total, label)))
    total = len(report.rows)
    assert [c[0] for c in calls] == list(range(total + 1)) and all(c[1] == total for c in calls)


def test_reference_rows_are_checked_against_the_solver():
    short = [
        Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
                       makers="NS", tricks_taken=(2, 2)),
        Position.build({"N": "QC AS", "E": "9H 9S", "S": "KS TS", "W": "AH 9D"}, trump="H", leader="N",
                       makers="NS", tricks_taken=(2, 1)),
    ]
    row = _reference_row("full-exact", short, budget=30.0, tt_mib=1.0)
    assert row.solver == "reference" and row.positions == 2 and row.agrees is True and not row.upper_bound
    assert row.positions_per_second > 0


def test_reference_under_a_tiny_deadline_reports_an_upper_bound():
    report = run_benchmark(seconds=0.005, threads=1, reference=True, dds=False, reference_positions=2)
    for workload in ("full-exact", "lone-exact"):
        row = report.row(workload, "reference")
        assert row is not None and row.positions_per_second > 0
        assert row.upper_bound == (row.positions == 0)
        if row.positions:
            assert row.agrees is True


def test_dds_rows_only_with_endplay():
    plan = planned_rows(1, dds=None, reference=False)
    assert (("full-all-cards", "dds", 1) in plan) == dds_available()
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False)
    assert all(r.solver != "dds" for r in report.rows)


def test_dds_comparison():
    pytest.importorskip("endplay")
    report = run_benchmark(seconds=0.02, threads=1, reference=False, dds=True)
    row = report.row("full-all-cards", "dds")
    assert row is not None and row.positions_per_second > 0 and row.cards_per_position == 5.0
    assert report.ratios["all_cards_altbaumer_vs_dds"] > 0
    target = next(t for t in report.targets if t.key == "all-cards-vs-dds")
    assert target.met in (True, False)


def test_bridge_endings_are_what_dds_solves():
    pytest.importorskip("endplay")
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    for pbn, lead in bridge_endings(20, seed=9):
        deal = Deal(pbn, first=Player(lead), trump=Denom.hearts)
        scored = list(solve_board(deal))
        leader_hand = pbn[2:].split(" ")[lead]
        assert len(scored) == 5 == sum(len(s) for s in leader_hand.split("."))
        assert all(0 <= tricks <= 5 for _, tricks in scored)


def test_cli_bench_json(run):
    result = run("bench", "--json", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"rows", "machine", "targets", "ratios", "settings"} <= set(data)
    check_rows(data["rows"])
    solvers = {r["solver"] for r in data["rows"]}
    assert "altbaumer" in solvers and "reference" in solvers
    assert ("dds" in solvers) == dds_available()
    assert data["settings"]["seconds"] == 0.05


def test_cli_bench_table(run):
    result = run("bench", "--seconds", "0.01", "--no-reference", "--no-dds", "--threads", "1")
    assert result.exit_code == 0
    for text in ("Positions solved per second", "Targets", "full-exact", "lone-exact", "mid-trick-exact",
                 "full-all-cards", "150,000", "skipped"):
        assert text in result.stdout


@pytest.mark.parametrize("args", [["--seconds", "0"], ["--threads", "0"], ["--seconds", "x"]])
def test_cli_bench_bad_options(run, args):
    result = run("bench", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
