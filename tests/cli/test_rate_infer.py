"""``rate --infer``: the worlds weighed and drawn again said on the terminal
and in the JSON, no verdict when they are worth too few, and refused where
forehand has shown nothing (its own decisions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import altbaumer.hidden.inference as inference
from altbaumer.hidden.inference import ENOUGH

EXAMPLES = Path(__file__).parents[2] / "examples"
MATCH = str(EXAMPLES / "match.abn")
CARD = ("rate", MATCH, "--board", "1.3", "--at", "1.2", "--samples", "40")  # a defender's card, after forehand chose
FEW = CARD + ("--samples", "20")


def flat(result) -> str:
    """stdout with rich's line wrapping undone."""
    return " ".join(result.stdout.split())


def one_line_error(result) -> str:
    assert result.exit_code == 2 and "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def agreeing(monkeypatch):
    """The advice agrees with forehand in every world: every world weighs the same, at once."""
    monkeypatch.setattr(inference, "_likelihood", lambda *args, **kwargs: (0.0, True))


def test_the_json_says_what_the_inference_did(run):
    board = json.loads(run(*CARD, "--infer", "--json").stdout)["boards"][0]
    found = board["inference"]
    assert found["asked"] == found["drawn"] == 40 and 0 < found["kept"] == board["worlds"] < 40
    assert found["kept"] == round(found["effective"]) and found["agreed"] < found["drawn"]
    assert found["enough"] is (found["effective"] >= ENOUGH) and found["min_effective"] == ENOUGH
    assert board["verdict"] is found["enough"] and board["exact"] is False
    plain = json.loads(run(*CARD, "--json").stdout)["boards"][0]
    assert plain["inference"] is None and plain["verdict"] is True and plain["best"] is not None


def test_too_few_worlds_kept_are_shown_without_a_verdict(run):
    data = json.loads(run(*FEW, "--infer", "--json").stdout)["boards"][0]
    kept = data["inference"]["kept"]
    assert kept < ENOUGH  # 20 drawn can be worth no more
    assert data["best"] is None and not any(o["best"] or o["mark"] for o in data["options"])
    assert data["mark"] is None and data["error"] is None and data["loss"] is not None
    result = run(*FEW, "--infer")
    text = flat(result)
    assert result.exit_code == 0
    assert text.startswith("No advice: ") and f"from {kept} deals of the unseen cards drawn by how well they explain " \
        "forehand's choices from 20 that fit what you know" in text
    assert "inference from forehand's choices: each of the 20 worlds drawn weighed by how likely" in text
    assert f"no verdict: the worlds weighted by forehand's choices are worth {kept}, fewer than the {ENOUGH} a " \
           "verdict needs, so the figures stand without ★ or marks; draw more worlds (about --samples" in text
    assert text.count("★") == 1  # the no-verdict line's own: no option is marked
    assert data["chosen"] == "9H"
    assert "recorded ◆ 9♥: Playing the nine of hearts: no verdict, the figures rest on too few deals" in text


def test_enough_worlds_kept_give_the_verdict(run, agreeing):
    result = run(*CARD, "--infer")
    text = flat(result)
    assert result.exit_code == 0 and "no verdict" not in text
    assert "from 40 deals of the unseen cards drawn by how well they explain forehand's choices from 40" in text
    assert "(it makes them all in 40); they are worth 40 independent worlds (effective sample size), and 40 drawn " \
           "by weight are rated" in text
    assert "★" in text.split("drawn by weight are rated")[1]
    board = json.loads(run(*CARD, "--infer", "--json").stdout)["boards"][0]
    assert board["verdict"] is True and board["best"] is not None and board["inference"]["kept"] == 40


def test_infer_on_forehand_s_own_decision_is_refused_with_the_reason(run, agreeing):
    line = one_line_error(run("rate", MATCH, "--board", "1.1", "--at", "turn", "--infer"))
    assert line == "altbaumer: error: " f"{MATCH}:12: board 1.1: --infer: forehand decides here, and it knows its " \
                   "own hand: there is nothing to infer"
    assert one_line_error(run("rate", MATCH, "--at", "1.1", "--infer")).endswith("(and 9 more boards)")
    assert one_line_error(run("rate", str(EXAMPLES / "forehand-view.abn"), "--infer")).endswith(
        "--infer: forehand decides here, and it knows its own hand: there is nothing to infer")


def test_a_board_where_inference_cannot_apply_is_left_out_of_several(run, agreeing, tmp_path):
    """Forehand leads the first trick, but not when its partner plays alone."""
    two = tmp_path / "two.abn"
    two.write_text("\n".join((EXAMPLES / name).read_text(encoding="utf-8") for name in ("refusal.abn", "lone.abn")),
                   encoding="utf-8")
    data = json.loads(run("rate", str(two), "--at", "1.1", "--infer", "--samples", "30", "--json").stdout)
    assert [b["board"] for b in data["boards"]] == ["lone"] and data["boards"][0]["inference"]["kept"] == 30
    assert [(s["board"], s["reason"]) for s in data["skipped"]] == [
        ("refusal", "--infer: forehand decides here, and it knows its own hand: there is nothing to infer")]


def test_realistic_play_plays_out_the_worlds_inference_kept(run, agreeing):
    board = json.loads(run(*CARD, "--infer", "--json").stdout)["boards"][0]
    assert board["play"] == "realistic" and board["inference"]["kept"] == 40
    assert board["worlds"] <= 40 and board["double_dummy"]["inference"]["kept"] == 40
    assert flat(run(*CARD, "--infer", "--play", "dd")).count("played out") == 0
