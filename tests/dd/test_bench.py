"""The benchmark library and ``altbaumer bench``: shapes and validity only.

Machines are noisy, so nothing here asserts a speed: rates are only checked
to be positive. The targets are reported by the benchmark itself.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from altbaumer.dd.bench import (
    RATING_TARGET_NOTE,
    SOLVERS,
    TARGETS,
    WORKLOADS,
    BenchRow,
    _reference_row,
    dds_available,
    planned_rows,
    run_benchmark,
)
from altbaumer.dd.bench_dds import _dds_threads
from altbaumer.dd.bench_machine import _openblas_setters, one_blas_thread
from altbaumer.dd.workloads import bridge_endings, full_deal_rows, lone_deal_rows, mid_trick_positions, rows_to_positions
from altbaumer.game.position import Position
from altbaumer.dd.rows import NO_LONE, WIDTH, decode_rows
from altbaumer.dd.solver import Solver

ROW_KEYS = {"workload", "solver", "threads", "positions_per_second", "positions", "seconds", "api",
            "nodes_per_position", "ns_per_node", "tt_bytes", "upper_bound"}
TARGET_KEYS = {key for key, _, _, _ in TARGETS}
DDS_TARGETS = {"full-exact-vs-dds-best-card", "all-cards-vs-dds", "all-cards-vs-dds-batch-1-thread",
               "all-cards-vs-dds-batch-threads", "class-vs-dds-best-card"}
SOLVER_WORKLOADS = {"full-exact", "full-class", "full-reach-1", "full-reach-3", "full-reach-5", "full-all-cards",
                    "lone-exact", "mid-trick-exact"}


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
            assert row["ns_per_node"] > 0
        if row["solver"] in ("dds", "dds-batch"):  # DDS's own node count
            assert row["positions"] > 0 and row["nodes_per_position"] > 0 and row["ns_per_node"] > 0


def check_targets(targets: list[dict]) -> dict[str, dict]:
    by_key = {t["key"]: t for t in targets}
    assert set(by_key) == TARGET_KEYS == {"full-exact-vs-dds-best-card", "all-cards-vs-dds",
                                          "all-cards-vs-dds-batch-1-thread", "all-cards-vs-dds-batch-threads",
                                          "class-vs-dds-best-card", "rating-vs-previous-release"}
    for target in targets:
        assert target["met"] in (True, False, None) and target["required"] > 0 and target["unit"] == "x"
        if target["met"] is None:
            assert target["measured"] is None and target["note"]
        else:
            assert target["measured"] > 0
    rating = by_key["rating-vs-previous-release"]
    assert rating["met"] is None and rating["note"] == RATING_TARGET_NOTE
    return by_key


def test_library_rows_with_tiny_sizes():
    report = run_benchmark(seconds=0.01, threads=2, seed=1, reference=False, dds=False)
    data = report.to_dict()
    json.dumps(data)  # JSON-ready
    check_rows(data["rows"])
    got = [(r["workload"], r["solver"], r["threads"]) for r in data["rows"]]
    assert got == planned_rows(2, dds=False, reference=False)
    assert ("full-exact", "altbaumer", 1) in got and ("full-exact", "altbaumer", 2) in got
    assert ("full-all-cards", "altbaumer", 1) in got and ("full-all-cards", "altbaumer", 2) in got
    assert {w for w, _, _ in got} == SOLVER_WORKLOADS and not any(s.startswith("dds") for _, s, _ in got)
    assert all(t == 1 for w, _, t in got if w.startswith(("full-class", "full-reach")))
    all_cards = report.row("full-all-cards", "altbaumer")
    assert all_cards is not None and all_cards.cards_per_position == 5.0  # five cards may lead
    assert data["machine"]["cores"] >= 1 and data["machine"]["cpu"]
    assert isinstance(data["settings"]["blas"], str) and data["settings"]["blas"]
    targets = check_targets(data["targets"])
    for key in DDS_TARGETS:  # no DDS here: not measured, and the note says why
        assert targets[key]["met"] is None and "DDS" in targets[key]["note"]
    assert data["ratios"]["full_exact_2_threads_vs_1"] > 0


def test_class_and_reach_rows_answer_what_they_say():
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False)
    apis = {row.workload: row.api for row in report.rows}
    assert apis["full-class"] == "Solver.solve_batch_class"
    assert apis["full-reach-3"] == "Solver.solve_batch(target=3)"
    assert apis["full-exact"] == "Solver.solve_batch"
    for row in report.rows:
        assert row.ns_per_node is not None and row.nodes_per_position is not None
        assert row.ns_per_node == pytest.approx(row.seconds * row.threads * 1e9 / (row.nodes_per_position * row.positions))


def test_extra_rows_are_measured_after_the_plan():
    calls = []

    def measure() -> BenchRow:
        calls.append(1)
        return BenchRow("rate-turn", "altbaumer", 1, 10.0, 20, 2.0, "test", nodes_per_position=5.0,
                        ns_per_node=1.0, tt_bytes=1)

    labels = []
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False,
                           extra=[(("rate-turn", "altbaumer", 1), measure)],
                           progress=lambda done, total, label: labels.append(label))
    assert calls == [1] and report.rows[-1].workload == "rate-turn"
    assert len(report.rows) == len(planned_rows(1, dds=False, reference=False)) + 1
    assert labels[-2].startswith("rate-turn")


def test_progress_is_reported_for_every_row():
    calls = []
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False,
                           progress=lambda done, total, label: calls.append((done, total, label)))
    total = len(report.rows)
    assert [c[0] for c in calls] == list(range(total + 1)) and all(c[1] == total for c in calls)


def test_blas_threads_are_limited_and_restored():
    setters = _openblas_setters()
    before = [get() for _, get in setters]
    with one_blas_thread() as how:
        assert isinstance(how, str) and how
        if setters and how.endswith("(openblas_set_num_threads)"):
            assert [get() for _, get in setters] == [1] * len(setters)
    assert [get() for _, get in setters] == before


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
    plan = planned_rows(2, dds=None, reference=False)
    dds_rows = [p for p in plan if p[1].startswith("dds")]
    if dds_available():
        assert dds_rows == [("full-exact", "dds", 1), ("full-all-cards", "dds", 1),
                            ("full-all-cards", "dds-batch", 1), ("full-all-cards", "dds-batch", 2)]
    else:
        assert dds_rows == []
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=False)
    assert all(not r.solver.startswith("dds") for r in report.rows)


def test_dds_comparison():
    pytest.importorskip("endplay")
    threads_before = _dds_threads()
    report = run_benchmark(seconds=0.02, threads=2, reference=False, dds=True)
    check_rows([r.to_dict() for r in report.rows])
    best = report.row("full-exact", "dds")
    assert best is not None and best.api.endswith("(SolveMode.OptimalOne)")
    assert 1.0 <= best.cards_per_position < 5.0  # one optimal card (and the equal cards DDS names with it)
    every = report.row("full-all-cards", "dds")
    assert every is not None and every.cards_per_position == 5.0
    batch = [r for r in report.rows if r.solver == "dds-batch"]
    assert batch[0].threads == 1 and all(r.cards_per_position == 5.0 for r in batch)
    assert len(batch) == 2 and 1 <= batch[1].threads <= 2  # DDS runs at most one thread per core
    assert _dds_threads() == threads_before  # DDS's own setting is given back
    targets = check_targets([t.to_dict() for t in report.targets])
    for key in DDS_TARGETS - {"all-cards-vs-dds-batch-threads"}:
        assert targets[key]["met"] in (True, False), key
    multi = targets["all-cards-vs-dds-batch-threads"]
    assert (multi["met"] is None) == (batch[1].threads == 1)
    assert "2 threads" in multi["description"] or multi["met"] is None
    for name in ("full_exact_altbaumer_vs_dds_best_card", "all_cards_altbaumer_vs_dds",
                 "all_cards_altbaumer_vs_dds_batch_1_thread", "full_class_altbaumer_vs_dds_best_card"):
        assert report.ratios[name] > 0


def test_dds_on_one_thread_leaves_the_multi_threaded_batch_target_unmeasured():
    pytest.importorskip("endplay")
    report = run_benchmark(seconds=0.005, threads=1, reference=False, dds=True)
    target = next(t for t in report.targets if t.key == "all-cards-vs-dds-batch-threads")
    assert target.met is None and "--threads 1" in target.note


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
    assert {"rows", "machine", "targets", "ratios", "settings", "notes"} <= set(data)
    check_rows(data["rows"])
    check_targets(data["targets"])
    solvers = {r["solver"] for r in data["rows"]}
    assert "altbaumer" in solvers and "reference" in solvers
    assert ("dds" in solvers) == ("dds-batch" in solvers) == dds_available()
    rating = [r for r in data["rows"] if r["workload"].startswith("rate-")]
    assert [r["workload"] for r in rating] == ["rate-turn", "rate-discard", "rate-alone", "rate-card"]
    assert all(r["threads"] == 1 and r["positions"] >= 2000 for r in rating)
    assert data["settings"]["seconds"] == 0.05 and data["settings"]["rating"] is True


def test_cli_bench_table(run):
    result = run("bench", "--seconds", "0.01", "--no-reference", "--no-dds", "--no-rating", "--threads", "1")
    assert result.exit_code == 0
    for text in ("Positions solved per second", "Targets", "full-exact", "full-class",
                 "full-reach-1", "full-reach-3", "full-reach-5", "lone-exact", "mid-trick-exact", "full-all-cards",
                 "ns/node", "40.00", "100.00", "skipped", "not measured", "previous release"):
        assert text in result.stdout, text
    assert "rate-turn" not in result.stdout


def test_cli_bench_help(run):
    result = run("bench", "--help")
    assert result.exit_code == 0
    for text in ("--no-rating", "full-class", "full-reach-K", "dds-batch", "rate-KIND", "solutions=1"):
        assert text in result.stdout, text


@pytest.mark.parametrize("args", [["--seconds", "0"], ["--threads", "0"], ["--seconds", "x"]])
def test_cli_bench_bad_options(run, args):
    result = run("bench", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
