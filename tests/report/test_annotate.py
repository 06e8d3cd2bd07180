"""Annotating recorded games (altbaumer.report.annotate, `altbaumer annotate`)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from altbaumer.abn import PlayedCard, board_from_deal, load_boards, read_boards, write_boards
from altbaumer.report.annotate import DecisionNote, annotate_board, report, strip_annotations
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.hidden.rating import OptionRating, Rating
from altbaumer.dd.reference import reference_moves
from altbaumer.abn.record import replay
from altbaumer.game.equity import shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.dd.solver import solve_moves
from altbaumer.game.seats import Seat


def _played_board(seed: int):
    deal = Deal.from_seed(seed)
    rng = random.Random(seed)
    while deal.phase is not Phase.DONE:
        deal.apply(rng.choice(deal.legal_actions()))
    return board_from_deal(deal, {"Board": str(seed)})


def _expected_marks(board):
    """Each card's mark by the rule, from the solver (first tricks) and the
    brute-force reference (last three tricks) on the same positions: what the
    card gives up in the chance to win the match from 0:0, against 2%, 4%, 8%."""
    pos = replay(dataclasses.replace(board, tricks=[], result=None)).position()
    start = MatchState.start(pos.makers)
    table = shipped_table()

    def chance(tricks: int) -> float:
        return table.equity(start.after(tricks, pos.lone is not None), pos.makers)

    marks = []
    for entry in (p for trick in board.tricks for p in trick):
        moves = reference_moves(pos) if pos.tricks_left <= 3 else solve_moves(pos)
        maker = pos.to_act.team is pos.makers
        value = (max if maker else min)(moves.values())
        after = moves[entry.card]
        lost = (chance(value) - chance(after)) * (1 if maker else -1)
        marks.append("??" if lost >= 0.08 else "?" if lost >= 0.04 else "?!" if lost >= 0.02 else "")
        pos = pos.play(entry.card)
    return marks


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 8])
def test_card_marks_follow_the_rule_on_independent_values(seed):
    board = _played_board(seed)
    notes = annotate_board(board, decisions=False)
    assert [c.mark for c in notes.cards] == _expected_marks(board)
    assert notes.result == replay(board).state.makers_tricks
    written = [p for trick in notes.board.tricks for p in trick]
    for note, entry in zip(notes.cards, written):
        assert entry.mark == note.mark
        if note.mark:
            best = " ".join(c.ascii() for c in note.best)
            assert entry.comment == f"dd {note.before}>{note.after} best {best}"
        else:
            assert entry.comment is None


def test_random_play_makes_mistakes_that_are_marked():
    marked = [c for seed in range(5, 15) for c in annotate_board(_played_board(seed), decisions=False).cards if c.mark]
    assert any(c.mark == "??" for c in marked) and any(c.mark in ("?", "?!") for c in marked)
    assert all(c.lost >= 1 and c.loss >= 0.02 for c in marked)


def test_values_chain_from_card_to_card():
    notes = annotate_board(_played_board(6), decisions=False)
    assert notes.cards[0].before == notes.start
    for previous, card in zip(notes.cards, notes.cards[1:]):
        assert card.before == previous.after  # the value after a card is the next position's value
    assert notes.cards[-1].after == notes.result


def test_annotating_twice_replaces_and_keeps_user_commentary():
    board = _played_board(9)
    first = board.tricks[0]
    board.tricks[0] = (PlayedCard(first[0].card, "!", "my comment"),) + first[1:]
    once = annotate_board(board, decisions=False).board
    text = write_boards([once])
    again = annotate_board(read_boards(text)[0], decisions=False).board
    assert write_boards([again]) == text
    assert "my comment" in text and read_boards(text)[0].tricks[0][0].mark in ("!", "?", "??")
    stripped = strip_annotations(read_boards(text)[0])
    assert all(p.comment in (None, "my comment") for trick in stripped.tricks for p in trick)


def _rating(deltas, cis, maker=True):
    best = deltas.index(0.0)
    options = tuple(OptionRating(name, 0, 0, 0, 0, 0, 0, {}, d, ci, i == best)
                    for i, (name, d, ci) in enumerate(zip(["a", "b", "c"], deltas, cis)))
    return Rating("turn", Seat.N, maker, "net", 100, 1000, False, True, options)


def test_a_decision_is_an_error_only_beyond_its_interval():
    rating = _rating([0.0, -0.05, -0.30], [0.0, 0.08, 0.10])
    assert not DecisionNote("turn", "Turn", Seat.N, "a", rating).error
    assert not DecisionNote("turn", "Turn", Seat.N, "b", rating).error  # within the noise
    wrong = DecisionNote("turn", "Turn", Seat.N, "c", rating)
    assert wrong.error and wrong.loss == pytest.approx(0.30)
    assert wrong.comment() == "rate net -0.30±0.10 best a"


def test_a_defenders_loss_is_written_below_zero_as_a_makers_is():
    """A defender minimises the makers' net: an option that gives the makers
    0.30 more is the defender's loss (the sd comment of a defender's card)."""
    rating = _rating([0.0, 0.05, 0.30], [0.0, 0.08, 0.10], maker=False)
    wrong = DecisionNote("turn", "Turn", Seat.N, "c", rating)
    assert wrong.error and wrong.loss == pytest.approx(0.30)
    assert wrong.comment() == "rate net -0.30±0.10 best a"


def test_decisions_are_rated_from_the_deciders_knowledge():
    board = load_boards("examples/refusal.abn")[0]
    notes = annotate_board(board, samples=300, seed=1)
    kinds = [(d.decision, d.seat, d.chosen) for d in notes.decisions]
    fh = board.forehand
    assert kinds == [("turn", fh, "refuse"), ("discard", fh, "QH"), ("alone", fh, "together"),
                     ("alone", fh.partner, "together")]
    for d in notes.decisions:
        assert d.chosen in [o.option for o in d.rating.options]


def test_cli_annotates_good_boards_and_reports_bad_ones(run, tmp_path):
    good = write_boards([_played_board(1), _played_board(2)])
    bad = open("examples/errors.abn", encoding="utf-8").read().split("% N has no diamond")[1]
    source = tmp_path / "games.abn"
    source.write_text(good + "\n% N has no diamond" + bad, encoding="utf-8")
    out = tmp_path / "out.abn"
    result = run("annotate", str(source), "--no-decisions", "-o", str(out), "--no-progress")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "rules.md, Following, rule 3" in result.stderr and f"{source}:" in result.stderr
    annotated = read_boards(out.read_text(encoding="utf-8"))
    assert [b.number for b in annotated] == ["1", "2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.abn", "out.abn"]  # no temporary file left


def test_cli_json_has_every_figure(run, tmp_path):
    result = run("annotate", "examples/match.abn", "--no-decisions", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["boards"]) == 10 and data["total"]["cards"] == 195
    card = data["boards"][0]["cards"][0]
    for key in ("trick", "seat", "card", "before", "after", "best", "lost", "mark"):
        assert key in card
    assert data["players"] and data["matches"]
    assert report([], [])["total"]["boards"] == 0


def test_cli_an_empty_file_is_bad_input(run, tmp_path):
    empty = tmp_path / "empty.abn"
    empty.write_text("\n", encoding="utf-8")
    alone = run("annotate", str(empty), "--no-progress")
    assert alone.exit_code == 2 and alone.stdout == ""
    assert alone.stderr.splitlines() == [f"altbaumer: error: {empty}: no boards in the file"]
    beside = run("annotate", str(empty), "examples/refusal.abn", "--no-decisions", "--json")
    assert beside.exit_code == 2  # the other file's board is still annotated, the empty one reported
    assert json.loads(beside.stdout)["total"]["boards"] == 1
    assert beside.stderr.splitlines() == [f"altbaumer: error: {empty}: no boards in the file"]


def test_cli_says_each_players_summary_and_accuracy(run):
    result = run("annotate", "examples/match.abn", "--no-decisions", "--no-progress")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # rich wraps at the terminal's width
    data = json.loads(run("annotate", "examples/match.abn", "--no-decisions", "--json").stdout)
    (name, row), = data["players"].items()
    assert f"{name} made " in text and f"accuracy {row['accuracy']:.1f}%" in text
    assert "accuracy: the share of the rated cards and decisions not marked ?!, ? or ??" in text
    header = next(line for line in result.stdout.splitlines() if "player" in line and "cards" in line)
    assert header.split("┃")[-2].strip() == "accuracy"


def test_annotating_and_stripping_keep_the_variations():
    board, other = next((b, o) for b, o in map(_second_card_choice, range(9, 40)) if o is not None)
    second = board.tricks[0][1]
    board.tricks[0] = (board.tricks[0][0], dataclasses.replace(second, variations=((PlayedCard(other),),))) \
        + board.tricks[0][2:]
    annotated = annotate_board(board, decisions=False).board
    assert annotated.tricks[0][1].variations == ((PlayedCard(other),),)
    assert strip_annotations(read_boards(write_boards([annotated]))[0]).tricks[0][1].variations == \
        ((PlayedCard(other),),)


def _second_card_choice(seed):
    """A played board and a second card of its first trick other than the recorded one (None: forced)."""
    board = _played_board(seed)
    record = replay(board)
    deal = record.cards()[1].state
    others = [a.card for a in deal.legal_actions() if a.card != board.tricks[0][1].card]
    return board, (others[0] if others else None)


def test_cli_the_annotation_is_the_same_in_worker_processes_and_on_one_thread(run):
    """Worker processes by default (two here), one thread in this process with -j 1: the same notes."""
    from pathlib import Path

    match = str(Path(__file__).parents[2] / "examples" / "match.abn")
    answers = [json.loads(run("annotate", match, "--play", "dd", "--samples", "100", "--json", *options).stdout)
               for options in (("--processes", "2"), ("-j", "1"))]
    for data in answers:
        data.pop("seconds")
    assert answers[0] == answers[1] and answers[0]["complete"] is True
