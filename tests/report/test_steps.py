"""The steps of a board and every card's values, as the annotation's JSON
gives them to the step-through board: checked against the solver and the
replayed record, not against themselves."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

import altbaumer.report.html_viewer as html_viewer
import altbaumer.report.steps as steps_module
from altbaumer.abn import load_boards
from altbaumer.dd.solver import Solver
from altbaumer.game.cards import Card
from altbaumer.report.annotate import annotate_board, report
from altbaumer.report.html import render_html

EXAMPLES = Path(__file__).parents[2] / "examples"
FILES = ("lone.abn", "compulsory.abn", "mid-trick.abn", "refusal.abn", "cut.abn")


@pytest.fixture(scope="module")
def annotated() -> list[tuple]:
    """(board, notes, board JSON) for every board of the shipped examples but the match."""
    out = []
    for name in FILES:
        for board in load_boards(EXAMPLES / name):
            notes = annotate_board(board, samples=60, single_dummy=name == "refusal.abn")
            out.append((board, notes, json.loads(json.dumps(notes.to_dict()))))
    return out


def test_docstring_examples():
    for module in (steps_module, html_viewer):
        assert doctest.testmod(module).failed == 0


def test_every_legal_card_has_its_value(annotated):
    """``values`` holds every legal card with the makers' final tricks the
    solver gives after it; the card played is among them, ``before`` is the
    best of them for the side to play and ``best`` lists exactly those."""
    with Solver() as solver:
        for _, notes, data in annotated:
            for node, note, card in zip(notes.record.cards(), notes.cards, data["cards"]):
                pos = notes.record.node_position(node)
                assert set(card["values"]) == {c.ascii() for c in pos.legal_moves()}
                for code, value in card["values"].items():
                    assert value == solver.value(pos.play(Card.parse(code)))
                pick = max if card["maker"] else min
                assert card["values"][card["card"]] == card["after"]
                assert pick(card["values"].values()) == card["before"]
                assert sorted(card["best"]) == sorted(c for c, v in card["values"].items() if v == card["before"])


def test_the_best_line_is_optimal_to_the_end(annotated):
    """Played out, the line reaches the end of the deal with the value of the
    position, every card by the seat to play and each keeping the value."""
    with Solver() as solver:
        for _, notes, data in annotated:
            for node, card in zip(notes.record.cards(), data["cards"]):
                pos = notes.record.node_position(node)
                assert card["line"][0] in card["best"]
                for seat, code in zip(card["line_seats"], card["line"]):
                    assert str(pos.to_act) == seat
                    pos = pos.play(Card.parse(code))
                    assert pos.is_over or solver.value(pos) == card["before"]
                assert pos.is_over and pos.makers_taken == card["before"]


def test_steps_follow_the_record(annotated):
    """One step before every node and one at the end; each card step's hands
    lose exactly the card played; the trick in play grows card by card in play
    order and the tricks won add up."""
    for _, notes, data in annotated:
        steps, nodes = data["steps"], notes.record.nodes
        assert len(steps) == len(nodes) + 1 and steps[-1]["kind"] == "end"
        cards = [s for s in steps if s["kind"] == "card"]
        assert len(cards) == len(notes.record.cards())
        if data["cards"]:
            assert [s["card"] for s in cards] == list(range(len(cards)))
        for step, after, node in zip(steps, steps[1:], nodes):
            assert step["seat"] == str(node.seat)
            if step["kind"] != "card":
                continue
            played = step["option"]
            hand, later = step["hands"][step["seat"]], after["hands"][step["seat"]]
            if hand is not None:
                assert played in hand and later == [c for c in hand if c != played]
            if after["trick"]:
                assert after["trick"][:-1] == step["trick"] and after["trick"][-1] == {"seat": step["seat"],
                                                                                      "card": played}
            else:  # the card closed the trick
                assert sum(after["tricks_won"].values()) == sum(step["tricks_won"].values()) + 1
        if notes.record.state.phase.value == "done":
            assert sum(steps[-1]["tricks_won"].values()) == 5
            assert steps[-1]["makers_tricks"] == data["result"]


def test_what_the_seat_knew(annotated):
    """The seat's own hand is the hand shown; what else it saw is no card of
    its hand, and never a card of another hand that it could not see (only
    public stock cards and its own discard)."""
    for board, notes, data in annotated:
        for step in data["steps"]:
            knew = step["knew"]
            if knew is None:
                continue
            assert knew["seat"] == step["seat"] and knew["hand"] == step["hands"][step["seat"]]
            others = {c for seat, hand in step["hands"].items() if seat != step["seat"] for c in hand or []}
            assert not set(knew["seen"]) & set(knew["hand"])
            # Stock cards taken into forehand's hand are public: the only cards of another hand a seat sees.
            taken = set(notes.record.state.taken.ascii().split()) if notes.record.state.taken else set()
            assert set(knew["seen"]) & others <= taken


def test_decision_steps_point_at_their_decision(annotated):
    for _, notes, data in annotated:
        pointing = [s for s in data["steps"] if s.get("decision") is not None]
        assert [s["decision"] for s in pointing] == list(range(len(data["decisions"])))
        for step in pointing:
            decision = data["decisions"][step["decision"]]
            assert decision["seat"] == step["seat"] and decision["chosen"] == step["option"]


def test_the_page_carries_the_steps_safely(annotated):
    """Every board's step data is in the page as JSON that parses back to
    the steps; hostile commentary cannot close the script element; without
    script the board stays hidden and the static content is all there."""
    board, notes, _ = annotated[0]
    data = report([notes])
    data["boards"][0]["player_comments"] = {"Turn": "</script><script>alert(1)</script>"}
    data["boards"][0]["cards"][0]["player_comment"] = "</script><b>x</b>"
    page = render_html(data)
    blobs = re.findall(r'<script type="application/json" class="viewer-data">(.*?)</script>', page, re.S)
    assert len(blobs) == 1 and "<" not in blobs[0]
    parsed = json.loads(blobs[0])
    assert len(parsed["steps"]) == len(data["boards"][0]["steps"])
    assert [s.get("values") for s in parsed["steps"] if s["kind"] == "card"] == [
        c["values"] for c in data["boards"][0]["cards"]]
    assert page.count("<script") == 2 and page.count("</script>") == 2  # the data and the page's one script
    assert re.search(r'<div class="viewer" id="viewer-1" data-board="1" tabindex="0" hidden', page)
    assert '<section class="board" id="board-1">' in page and "<h3>Play</h3>" in page


def test_no_steps_no_script():
    page = render_html({"boards": [], "errors": []})
    assert "<script" not in page


def test_chart_dots_jump_to_their_steps(annotated):
    """Each dot of the double-dummy chart names the step after its card (the first the first lead)."""
    _, notes, data = annotated[0]
    page = render_html(report([notes]))
    chart = re.search(r'<figure class="dd-chart">.*?</figure>', page, re.S).group(0)
    steps = [int(x) for x in re.findall(r'data-step="(\d+)"', chart)]
    cards = [i for i, s in enumerate(data["steps"]) if s["kind"] == "card"]
    assert steps == cards + [cards[-1] + 1]


def test_cards_rated_single_dummy_carry_their_figures(annotated):
    """Where the card play was rated from the player's knowledge, the step
    holds each card's difference from the best card, as the page shows it."""
    rated = [(n, d) for b, n, d in annotated if any(c["single_dummy"] for c in d["cards"])]
    assert rated
    _, data = rated[0]
    parsed = json.loads(re.search(r'class="viewer-data">(.*?)</script>', render_html(
        {"boards": [data]}), re.S).group(1))
    shown = [(p, s) for p, s in zip(parsed["steps"], data["steps"]) if p.get("sd")]
    assert shown
    for step, source in shown:
        options = data["cards"][source["card"]]["single_dummy"]["options"]
        assert set(step["sd"]) == {o["option"] for o in options}
