"""Decisions rated by realistic play-outs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.play.realistic import rate_realistic

from support import certain_lone_march


def test_a_certain_lone_march_is_best_played_out_too():
    rating = rate_realistic(certain_lone_march(), playouts=6, seed=1)
    assert rating.play == "realistic" and rating.worlds == 6 and not rating.exact
    assert [o.option for o in rating.options] == ["together", "alone"]
    alone = rating.option("alone")
    assert rating.best.option == "alone" and alone.p_march == 1.0 and alone.p_round == 1.0


def test_the_same_seed_plays_the_same_and_options_share_their_worlds():
    deal = Deal.from_seed(4)
    view = deal.view(deal.forehand)
    one = rate_realistic(view, playouts=3, seed=2, decision_worlds=6, card_worlds=3, objective="net")
    two = rate_realistic(view, playouts=3, seed=2, decision_worlds=6, card_worlds=3, objective="net")
    assert one == two
    assert all(o.worlds == 3 for o in one.options)


def test_a_card_is_rated_by_playing_the_rest_out():
    deal = Deal.from_seed(2)
    while deal.phase is not Phase.PLAY:
        deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])  # the lead; the next seat decides
    view = deal.view(deal.to_act)
    rating = rate_realistic(view, playouts=3, seed=1, card_worlds=3, objective="net")
    assert rating.decision == "play" and sorted(o.option for o in rating.options) == sorted(
        a.card.ascii() for a in view.legal)
    with pytest.raises(AltbaumerError, match="playouts must be 2 to 100,000"):
        rate_realistic(view, playouts=1)


def test_rate_plays_out_and_shows_double_dummy_beside(run, tmp_path):
    path = tmp_path / "seed6.abn"
    run("deal", "--seed", "6", "-o", str(path))
    path.write_text(path.read_text(encoding="utf-8") + '[Turn "refuse"]\n[Discard "9H"]\n', encoding="utf-8")
    result = run("rate", str(path), "--play", "realistic", "--playouts", "4")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "from 4 of the " in text and "each played to the end by players who see only their own cards" in text
    assert "alone ★" in text and text.count("★") == 1
    assert re.search(r"If every card were open \(10,000 deals\), your chance to win the match: together \d+\.\d%, "
                     r"alone \d+\.\d% — the same advice", text)
    board = json.loads(run("rate", str(path), "--play", "realistic", "--playouts", "4", "--json").stdout)["boards"][0]
    assert board["play"] == "realistic" and board["double_dummy"]["play"] == "dd"
    refusal = str(Path(__file__).parents[2] / "examples" / "refusal.abn")
    card = run("rate", refusal, "--play", "realistic", "--at", "4.2", "--playouts", "3")
    flat = " ".join(card.stdout.split())
    assert card.exit_code == 0 and "decided the card to play" in flat and "If every card were open (" in flat


def test_rate_infer_keeps_fewer_worlds(run):
    match = str(Path(__file__).parents[2] / "examples" / "match.abn")
    args = ("rate", match, "--board", "1.3", "--at", "1.2", "--samples", "40", "--json")
    plain = json.loads(run(*args).stdout)["boards"][0]
    inferred = json.loads(run(*args, "--infer").stdout)["boards"][0]
    assert inferred["worlds"] < plain["worlds"] and inferred["exact"] is False


def test_annotate_rates_the_decisions_by_play_outs(run):
    refusal = str(Path(__file__).parents[2] / "examples" / "refusal.abn")
    result = run("annotate", refusal, "--play", "realistic", "--playouts", "3", "--no-progress", "--json")
    assert result.exit_code == 0, result.output
    decisions = json.loads(result.stdout)["boards"][0]["decisions"]
    assert decisions and all(d["rating"]["play"] == "realistic" and d["rating"]["worlds"] == 3 for d in decisions)


def test_the_mirrored_deal_plays_out_the_same():
    """Hearts and diamonds exchanged everywhere (examples/forehand-view.abn,
    whose dead ace is the heart, against the deal whose dead ace is the
    diamond): each discard's realistic figures are its mirror's, within
    their intervals. Nothing in the rules tells the red suits apart, so a
    gap would be the players' listing order deciding what they play."""
    from altbaumer.abn.files import load_boards
    from altbaumer.abn.record import replay

    from support import mirror_option, mirror_view

    record = replay(load_boards(str(Path(__file__).parents[2] / "examples" / "forehand-view.abn"))[0])
    view = record.view(record.state.to_act)  # type: ignore[arg-type]
    plain = rate_realistic(view, playouts=400, seed=1, samples=4000)
    mirror = rate_realistic(mirror_view(view), playouts=400, seed=1, samples=4000)
    for option in plain.options:
        other = mirror.option(mirror_option(option.option))
        for figure in ("equity", "p_march", "p_make"):
            gap = abs(getattr(option, figure) - getattr(other, figure))
            assert gap <= 1.3 * (option.ci95[figure] ** 2 + other.ci95[figure] ** 2) ** 0.5, (option.option, figure)
    queens = [plain.option("QH").p_march, plain.option("QD").p_march]
    assert abs(queens[0] - queens[1]) < 0.08  # keeping the heart whose ace is dead is no better than the diamond


@pytest.mark.slow
def test_the_intervals_cover_a_reference_of_twenty_times_the_playouts():
    """Over 200 seeded decisions of every kind, the 95% intervals at the
    default effort cover a reference rated with another seed and twenty
    times the playouts in at least 93% of cases, for P(match) and for Δ."""
    from altbaumer.play.coverage import interval_coverage

    found = interval_coverage(200, seed=11)
    assert found.rate("equity") >= 0.93, found.by_kind("equity")
    assert found.rate("delta") >= 0.93, found.by_kind("delta")


def test_playouts_fixed_or_until_settled_and_said_in_the_json(run):
    """--playouts plays exactly that many for every option; by default the
    playouts stop once every surviving Δ is known to ±1% of P(match), at the
    most --effort, and the JSON says how it stopped and what was rated how."""
    lone = str(Path(__file__).parents[2] / "examples" / "lone.abn")
    fixed = json.loads(run("rate", lone, "--at", "alone:partner", "--playouts", "100", "--json").stdout)["boards"][0]
    assert fixed["play"] == "realistic" and fixed["playouts"]["stopped"] == "fixed"
    assert [o["worlds"] for o in fixed["options"]] == [100, 100]
    assert fixed["double_dummy"]["play"] == "dd" and fixed["double_dummy"]["worlds"] == fixed["playouts"]["dd_worlds"]
    settled = json.loads(run("rate", lone, "--at", "alone:partner", "--json").stdout)["boards"][0]
    summary = settled["playouts"]
    assert summary["stopped"] == "settled" and summary["target"] == 0.01 and 256 <= summary["playouts"] <= 1000
    assert all(o["delta_ci95"] <= 0.01 for o in settled["options"] if o["worlds"] == summary["playouts"])
    capped = json.loads(run("rate", str(Path(__file__).parents[2] / "examples" / "forehand-view.abn"),
                            "--effort", "64", "--json").stdout)["boards"][0]
    assert capped["playouts"]["stopped"] == "effort" and capped["worlds"] == 64
    bad = run("rate", lone, "--effort", "1")
    assert bad.exit_code == 2 and "Traceback" not in bad.output
