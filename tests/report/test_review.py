"""The review of many games: choices, error rates, marks by kind, luck, the
worst decisions and the drills, on the shipped archive of one simulated match
(heuristic N-S against pimc-match E-W) rated double dummy on few worlds."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from altbaumer.abn import load_boards, read_boards, write_boards
from altbaumer.abn.board import Board
from altbaumer.abn.match_states import replayable
from altbaumer.abn.record import replay
from altbaumer.abn.selection import scores_for
from altbaumer.game.seats import Seat
from altbaumer.hidden.rating import option_name, rate_view
from altbaumer.report.annotate import strip_annotations
from altbaumer.report.drills import DRILL_TAGS, drill_boards, parse_options
from altbaumer.report.review import (KINDS, SEAT_TAGS, BoardReview, board_choices, player_reviews, review_board,
                                     review_report, seats_of)

from support import cards

GAMES = Path(__file__).parents[2] / "examples" / "games.abn"
SETTINGS = dict(play="dd", samples=300, seed=1)


def _review(boards: list[Board], players=None) -> list[BoardReview]:
    scores = scores_for([replayable(strip_annotations(b)) for b in boards], None)
    return [review_board(b, score=s, seats=seats_of(b, players, None), **SETTINGS) for b, s in zip(boards, scores)]


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    return load_boards(GAMES)


@pytest.fixture(scope="module")
def reviews(boards) -> list[BoardReview]:
    return _review(boards)


@pytest.fixture(scope="module")
def by_name(reviews) -> dict:
    return {p.player: p for p in player_reviews(reviews)}


def test_every_choice_is_rated_once_and_no_forced_card(reviews):
    """A player's choices are the recorded decisions and the cards with more
    than one legal card, each rated from the player's knowledge once."""
    for review in reviews:
        notes = review.notes
        choices = board_choices(review)
        cards = [c for c in notes.cards if len(c.values) > 1]
        assert len(choices) == len(notes.decisions) + len(cards)
        assert all((c.single_dummy is None) == (len(c.values) == 1) for c in notes.cards)
        for choice in choices:
            node = notes.record.nodes[choice.node]
            assert option_name(node.action) == choice.chosen and node.seat is choice.seat
            assert choice.kind in KINDS
            if choice.kind in ("lead", "follow"):
                assert bool(node.state.trick_cards) == (choice.kind == "follow")


def test_the_heuristic_player_gives_up_more_than_the_pimc_player(by_name):
    heuristic, pimc = by_name["heuristic"], by_name["pimc-match"]
    assert heuristic.deals == pimc.deals == 18
    assert heuristic.error_rate > 2 * pimc.error_rate
    assert heuristic.marked > pimc.marked


def test_counted_losses_are_beyond_the_noise_and_add_up(reviews, by_name):
    for player in by_name.values():
        choices = [c for i, r in enumerate(reviews) for c in board_choices(r, i) if c.player == player.player]
        assert player.choices == len(choices) == sum(row["choices"] for row in player.by_kind.values())
        assert player.lost == pytest.approx(sum(c.counted for c in choices))
        assert all(c.counted == 0 or (c.counted == c.loss and c.loss > c.ci95) for c in choices)
        over = player.over_time()
        assert over[0]["first_deal"] == 1 and over[-1]["last_deal"] == player.deals
        assert sum(p["choices"] for p in over) == player.choices


def test_one_sides_luck_is_the_others_bad_luck(reviews, by_name):
    heuristic, pimc = by_name["heuristic"].luck_figures(), by_name["pimc-match"].luck_figures()
    assert heuristic["deals"] == pimc["deals"] == 18
    assert heuristic["total"] == pytest.approx(-pimc["total"])
    assert all(abs(sum(r.luck.values())) < 1e-12 for r in reviews)


def test_a_named_player_alone_is_rated(boards):
    few = boards[:3]
    reviews = _review(few, players={"pimc-match"})
    found = player_reviews(reviews, players={"pimc-match"})
    assert [p.player for p in found] == ["pimc-match"]
    rated = {c.seat for r in reviews for c in board_choices(r)}
    assert rated and all(seat in (Seat.E, Seat.W) for seat in rated)


def test_a_planted_blunder_is_among_the_worst_decisions(boards):
    """Forehand's discard on a board is replaced by the costliest discard its
    rating finds on any board, and the record cut there: the review lists
    it among the player's worst decisions, at its board and point of play."""
    found = []
    for board in boards:
        record = replay(board)
        node = next(n for n in record.nodes if n.tag == "Discard")
        rating = rate_view(record.node_view(node), samples=2000, seed=3)
        worst = max(rating.options, key=lambda o: rating.loss(o.option))
        found.append((rating.loss(worst.option), board, node, worst.option, rating.mark(worst.option)))
    _, board, node, discard, mark = max(found, key=lambda f: f[0])
    assert mark == "??"
    tags = {k: v for k, v in board.tags.items() if k not in ("Match", "Round")}  # a board of no match
    planted = dataclasses.replace(board, tags=dict(tags, Board="planted"), discards=tuple(cards(discard)),
                                  alone=None, alone_recorded=False, play_leader=None, tricks=[], result=None)
    archive = [*boards[:4], planted]
    reviewed = _review(archive)
    name = board.tags[SEAT_TAGS[node.seat]]
    report = review_report(reviewed, player_reviews(reviewed), "match", "dd", worst=3)
    row = next(r for r in report["players"] if r["player"] == name)
    shown = [(w["board"], w["where"], w["chosen"], w["mark"]) for w in row["worst"]]
    assert ("planted", "the discard", discard, "??") in shown


def test_drills_are_the_marked_choices_as_the_player_saw_them(reviews, by_name):
    heuristic = by_name["heuristic"]
    marked = [c for c in heuristic.costly if c.mark]
    drills = drill_boards([heuristic], reviews)
    assert len(drills) == len(marked) > 0
    again = read_boards(write_boards(drills))
    for choice, drill in zip(marked, again):
        assert all(tag in drill.tags for tag in DRILL_TAGS)
        assert (drill.tags["Drill"], drill.tags["Answer"], drill.tags["Chosen"]) == (
            choice.kind, choice.best, choice.chosen)
        node = reviews[choice.review].notes.record.nodes[choice.node]
        record = replay(drill)
        assert record.view(choice.seat) == node.state.view(choice.seat)  # what the player knew, no more
        assert record.state.to_act is choice.seat
        options = parse_options(drill.tags["Options"])
        assert {name for name, _, _ in options} == {o.option for o in choice.rating.options}
        assert dict((n, m) for n, _, m in options)[choice.chosen] == choice.mark
        assert any(line.startswith(f"Answer: {choice.best}.") for line in drill.notes)
    both = drill_boards(list(by_name.values()), reviews)
    assert [b.number for b in both] == [f"drill {i}" for i in range(1, len(both) + 1)]  # one numbering a file
    assert len(both) == sum(1 for p in by_name.values() for c in p.costly if c.mark) >= len(drills)
