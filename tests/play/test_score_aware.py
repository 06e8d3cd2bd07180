"""A step of the score-aware table: classes simulated at their scores, the
new table's provenance, how far it moved, and the same step whatever the
processes."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.game.equity import EquityTable
from altbaumer.play.score_aware import class_deals, movement, rebuild

START = [0.56, 0.05, 0.12, 0.25, 0.02]
TINY = dict(deals=24, classes=4, seed=3, samples=4, play="dd")


@pytest.fixture(scope="module")
def start() -> EquityTable:
    return EquityTable.from_probabilities(START, deals=10_000, provenance={"passes": [{"seed": 1}]})


@pytest.fixture(scope="module")
def step(start):
    return rebuild(start, **TINY)


@pytest.mark.parametrize("total, share", [(1000, [0.7, 0.2, 0.1]), (16_000, [0.4, 0.27, 0.13, 0.11, 0.04, 0.02, 0.02,
                                                                               0.01]), (9, [0.5, 0.5, 0.0])])
def test_deals_go_half_equally_half_by_share(total, share):
    deals = class_deals(total, share)
    assert sum(deals) == total and all(d >= total * 0.5 / len(share) - 1 for d in deals)
    assert deals == sorted(deals, reverse=True) or share != sorted(share, reverse=True)


def test_a_step_simulates_each_class_at_its_score_and_records_it(step, start):
    table = step.table
    assert step.complete and table.score_aware and len(table.classes) == 4
    assert [c.deals for c in table.classes] == class_deals(24, step.groups.share)
    assert [c.deals for c in step.counts] == [c.deals for c in table.classes]
    for rates, counts in zip(table.classes, step.counts):
        assert rates.probabilities == pytest.approx([n / counts.deals for n in counts.counts])
    provenance = table.provenance
    assert provenance["score_aware"] is True and provenance["iterations"] == 1 and provenance["deals"] == 24
    assert provenance["largest_ci95"] == pytest.approx(float(table.match_ci95[table.occupancy() > 0].max()), abs=1e-6)
    last = provenance["passes"][-1]
    assert provenance["passes"][0] == {"seed": 1} and last["iteration"] == 1 and last["seed"] == 3
    assert "at the score of each class" in provenance["policy"] and last["moved"] == step.moved.to_dict()
    assert [c["rated_at"] for c in last["classes"]] == [r.describe() for r in step.groups.representatives]


def test_a_second_step_counts_on_from_the_first(step):
    again = rebuild(step.table, **{**TINY, "seed": 4})
    assert again.table.provenance["iterations"] == 2 and len(again.table.provenance["passes"]) == 3


def test_the_step_is_the_same_in_two_processes(step, start):
    two = rebuild(start, **TINY, processes=2)
    assert [c.probabilities for c in two.table.classes] == [c.probabilities for c in step.table.classes]
    assert np.array_equal(two.table.match, step.table.match)


def test_a_table_has_not_moved_from_itself(start):
    moved = movement(start, start)
    assert moved.largest == 0 and moved.beyond == 0 and moved.settled and moved.states > 100


def test_a_step_cut_short_keeps_the_old_rates_of_a_class_without_deals(start, monkeypatch):
    import altbaumer.play.outcomes as outcomes

    real, calls = outcomes._count_range, []

    def count_range(classes, bounds, begin, end):
        calls.append(begin)
        if begin >= bounds[0]:
            raise KeyboardInterrupt
        return real(classes, bounds, begin, end)

    monkeypatch.setattr(outcomes, "_count_range", count_range)
    cut = rebuild(start, **TINY, partial_on_interrupt=True)
    assert not cut.complete and cut.table.classes[0].deals > 0
    assert cut.table.classes[-1].deals == 0 and cut.table.classes[-1].probabilities == tuple(START)
