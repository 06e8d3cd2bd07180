"""The outcome rates of deals decided by the project's own ratings."""

from __future__ import annotations

import pytest

from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Phase
from altbaumer.game.equity import OUTCOMES, EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.play import outcomes
from altbaumer.play.outcomes import OutcomeCounts, equity_table, estimate_outcomes, pass_record, play_out

SAMPLES = 12  # few worlds: the decisions are rough, the bookkeeping is what is tested


def test_counts_add_up_to_the_deals():
    counts = estimate_outcomes(5, seed=2, samples=SAMPLES)
    assert counts.deals == 5 == sum(counts.counts) == sum(counts.tricks)
    assert counts.accepted + counts.refused == 5 and counts.compulsory <= counts.refused
    assert counts.forehand_alone + counts.partner_alone <= 5
    marches = counts.counts[OUTCOMES.index("march")] + counts.counts[OUTCOMES.index("lone_march")]
    assert marches == counts.tricks[5] and counts.counts[OUTCOMES.index("set_all")] == counts.tricks[0]


def test_the_same_seed_gives_the_same_counts_in_one_process_or_two():
    one = estimate_outcomes(4, seed=7, samples=SAMPLES, processes=1)
    two = estimate_outcomes(4, seed=7, samples=SAMPLES, processes=2)
    assert one == two and one.deals == 4


def test_each_deal_is_its_own_seed_and_the_decisions_are_made():
    with Solver(threads=1) as solver:
        settings = outcomes._Settings(seed=3, samples=SAMPLES, objective="net", state=None, table=None)
        first, tricks = play_out(1, settings, solver)
        again, _ = play_out(1, settings, solver)
        other, _ = play_out(2, settings, solver)
    assert first.phase is Phase.PLAY and first.trump is not None and 0 <= tricks <= 5
    assert first.history == again.history and first.dealt != other.dealt


def test_the_match_objective_rates_at_the_score_from_the_makers_side(monkeypatch):
    seen = []

    def rate_view(view, **options):
        seen.append(options)
        raise KeyboardInterrupt  # one call is all this test needs

    monkeypatch.setattr(outcomes, "rate_view", rate_view)
    table = EquityTable.from_probabilities([0.5, 0.3, 0.0, 0.18, 0.02])
    with pytest.raises(KeyboardInterrupt):
        estimate_outcomes(1, seed=1, samples=SAMPLES, objective="match", state=MatchState.parse("3:-1", Team.NS),
                          table=table)
    state = seen[0]["state"]
    assert seen[0]["objective"] == "match" and seen[0]["table"] is table
    # N-S's 3:-1 as the makers' 3 and the defenders' -1, whichever team makes trump in the deal
    assert state.points[state.makers] == 3 and state.points[state.makers.other] == -1


def test_a_net_run_passes_no_score():
    counts = estimate_outcomes(1, seed=1, samples=SAMPLES, objective="net")
    assert counts.deals == 1
    with pytest.raises(AltbaumerError, match="unknown objective"):
        estimate_outcomes(1, objective="luck")


def test_ctrl_c_keeps_the_deals_finished_before_it(monkeypatch):
    calls = []
    real = outcomes._count_range

    def count_range(classes, bounds, start, stop):
        calls.append(start)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(classes, bounds, start, stop)

    monkeypatch.setattr(outcomes, "_count_range", count_range)
    partial = estimate_outcomes(4, seed=1, samples=SAMPLES, partial_on_interrupt=True)
    assert partial.deals == 2
    calls.clear()
    with pytest.raises(KeyboardInterrupt):
        estimate_outcomes(4, seed=1, samples=SAMPLES)


def test_merge_adds_every_count():
    a = OutcomeCounts(counts=[1, 2, 0, 1, 0], tricks=[0, 1, 0, 1, 0, 2], accepted=3, refused=1, partner_alone=1)
    b = OutcomeCounts(counts=[0, 0, 1, 0, 1], tricks=[1, 0, 0, 0, 0, 1], refused=2, forehand_alone=1)
    a.merge(b)
    assert a.counts == [1, 2, 1, 1, 1] and a.tricks == [1, 1, 0, 1, 0, 3] and a.deals == 6
    assert (a.accepted, a.refused, a.forehand_alone, a.partner_alone) == (3, 3, 1, 1)


def test_the_table_records_every_pass():
    first = OutcomeCounts(counts=[50, 30, 0, 18, 2])
    base = equity_table(first, pass_record(first, seed=1, samples=100, objective="net", command="one"))
    second = OutcomeCounts(counts=[45, 28, 6, 19, 2])
    record = pass_record(second, seed=2, samples=100, objective="match", seconds=5.0, command="two")
    table = equity_table(second, record, base)
    passes = table.provenance["passes"]
    assert [p["command"] for p in passes] == ["one", "two"] and table.deals == 100
    assert passes[1]["outcomes"]["lone_march"] == 6 and passes[1]["rated_at"] == "0:0 rounds 0:0"
    assert "100 sampled worlds" in passes[1]["policy"] and "objective match" in passes[1]["policy"]
    assert passes[0]["rated_at"] is None and passes[1]["seconds_per_deal"] == 0.05
    assert table.probabilities == pytest.approx([0.45, 0.28, 0.06, 0.19, 0.02])
