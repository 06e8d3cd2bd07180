"""Ratings by the makers' score class (docs/rating.md, Score classes).

Before the play the raters solve each line's score class ({0}, {1, 2},
{3, 4}, {5}) unless the mean tricks are asked for; every figure but the
tricks is then the same as from exact tricks, on the same worlds and seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from altbaumer.abn import load_boards
from altbaumer.abn.match_states import board_scores
from altbaumer.abn.record import replay
from altbaumer.dd.solver import CLASS_FLOOR, Solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.game.seats import Team
from altbaumer.game.view import SeatView
from altbaumer.hidden.making import solve_lines
from altbaumer.hidden.objectives import OBJECTIVES, objective_for
from altbaumer.hidden.raters import RATERS
from altbaumer.hidden.rating import DECISIONS, decision_objective, rate_view
from altbaumer.hidden.worlds import worlds_for
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.play.realistic import rate_realistic

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLASS_OF = np.array([0, 1, 1, 2, 2, 3])  # the score class of 0..5 makers' tricks


def _states() -> list[MatchState]:
    """Every score a deal can be played at, for either team making trump."""
    states = []
    for makers in Team:
        for ns in range(-6, 5):
            for ew in range(-6, 5):
                for rounds in ((0, 0), (1, 0), (0, 1), (1, 1)):
                    try:
                        state = MatchState((ns, ew), rounds, makers)
                    except (AltbaumerError, ValueError):
                        continue
                    if state.winner is None:
                        states.append(state)
    return states


def test_every_objective_is_a_function_of_the_score_class():
    """The premise: the objectives' values, and the round's chance, are the
    same for every trick count of a class, together and alone, at every score."""
    states = _states()
    assert len(states) > 100 and any(s.decider for s in states)
    tricks = np.arange(6)
    floor = CLASS_FLOOR[CLASS_OF]
    for name in OBJECTIVES:
        for state in states if name == "match" else [None]:
            goal = objective_for(name, state)
            for flag in (0, LONE_FLAG):
                assert (goal.of(tricks + flag) == goal.of(floor + flag)).all(), (name, state, flag)
                if goal.round is not None:
                    assert (goal.round[tricks + flag] == goal.round[floor + flag]).all(), (state, flag)


def test_solve_lines_gives_the_fewest_tricks_of_the_class():
    from altbaumer.dd.workloads import full_deal_rows

    rows = full_deal_rows(200, seed=5)
    with Solver(threads=1) as solver:
        exact, floor = solve_lines(solver, rows, exact=True), solve_lines(solver, rows)
    assert (floor == CLASS_FLOOR[CLASS_OF[exact]]).all()
    assert len(set(exact.tolist()) - set(floor.tolist())) > 0  # some rows' tricks really are left unsolved


def _node_view(name: str, tag: str, partner: bool = False, board: int = 0) -> SeatView:
    record = replay(load_boards(EXAMPLES / name)[board])
    node = next(n for n in record.nodes if n.tag == tag and (n.seat is record.board.forehand.partner) == partner)
    return record.node_view(node)


def _match_state(board: int) -> MatchState:
    boards = load_boards(EXAMPLES / "match.abn")
    state = board_scores([replay(b) for b in boards])[board].state
    assert state is not None
    return state


# (file, tag, the partner's lone choice, board of the file, objective, score from match.abn)
CASES = {
    "turn": ("refusal.abn", "Turn", False, 0, "match", False),
    "turn-net": ("refusal.abn", "Turn", False, 0, "net", False),
    "discard": ("refusal.abn", "Discard", False, 0, "match", False),
    "discard-march": ("refusal.abn", "Discard", False, 0, "march", False),
    "alone": ("refusal.abn", "Alone", False, 0, "match", False),
    "lone-turn": ("lone.abn", "Turn", False, 0, "make", False),
    "alone-partner": ("lone.abn", "Alone", True, 0, "match", False),
    "match-turn": ("match.abn", "Turn", False, 3, "match", True),
    "match-alone": ("match.abn", "Alone", False, 3, "match", True),
}


def _without_tricks(data: dict[str, Any]) -> dict[str, Any]:
    for option in data["options"]:
        for figures, key in ((option, "mean_tricks"), (option["for_decider"], "tricks")):
            figures.pop(key)
            figures["ci95"].pop(key)
    if data.get("double_dummy"):  # a realistic rating's double-dummy one beside it
        _without_tricks(data["double_dummy"])
    return data


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_rating_by_class_equals_the_exact_one_but_for_the_tricks(case):
    name, tag, partner, board, objective, scored = CASES[case]
    view = _node_view(name, tag, partner, board)
    state = _match_state(board) if scored else None
    if scored:
        assert state != MatchState.start(view.forehand.team)  # a score of its own
    kwargs: dict[str, Any] = dict(objective=objective, state=state, samples=600, seed=3, exact_limit=0)
    by_class, exact = rate_view(view, **kwargs), rate_view(view, tricks=True, **kwargs)
    assert by_class.decision == DECISIONS[view.phase] and not by_class.exact and by_class.worlds == 600
    assert not by_class.has_tricks and exact.has_tricks
    for option in by_class.options:
        assert option.mean_tricks is None and option.ci95["mean_tricks"] is None
        figures = by_class.for_decider(option.option)
        assert figures.tricks is None and figures.ci95["tricks"] is None
    assert all(0 <= o.mean_tricks <= 5 and o.ci95["mean_tricks"] >= 0 for o in exact.options)
    # Everything else to the last bit: equity, P(round), P(make), P(march), the deltas, every
    # interval, the marks, the options dropped early and the recommendation.
    assert _without_tricks(by_class.to_dict()) == _without_tricks(exact.to_dict())
    assert [by_class.mark(o.option) for o in by_class.options] == [exact.mark(o.option) for o in exact.options]
    assert by_class.best.option == exact.best.option


@pytest.mark.parametrize("tag, partner", [("Turn", False), ("Discard", False), ("Alone", False), ("Alone", True)])
def test_the_raters_outcome_codes_are_the_exact_ones_class_floored(tag, partner):
    """Per world and option, the class rater's code is the exact rater's
    with its tricks lowered to the fewest of their class, the lone flag kept."""
    view = _node_view("lone.abn" if partner else "refusal.abn", tag, partner)
    decision, goal, _ = decision_objective(view, "match", None, None)
    worlds = worlds_for(InfoSet.from_view(view), 0, 300, 4)
    codes = []
    with Solver(threads=1) as solver:
        for exact in (False, True):
            rater = RATERS[decision](view, goal, solver, False, seed=4, exact=exact)
            rater.solve(worlds, slice(0, len(worlds)))
            codes.append(rater.finish(worlds, len(worlds))[1])
    by_class, exact_codes = codes
    assert (exact_codes >= 0).all()
    flag, tricks = exact_codes & LONE_FLAG, exact_codes & (LONE_FLAG - 1)
    assert (by_class == CLASS_FLOOR[CLASS_OF[tricks]] + flag).all()


def test_realistic_play_gives_its_tricks_only_when_asked():
    view = _node_view("refusal.abn", "Alone")
    plain, counted = (rate_realistic(view, playouts=2, seed=1, decision_worlds=4, card_worlds=2, tricks=t)
                      for t in (False, True))
    assert not plain.has_tricks and counted.has_tricks
    assert _without_tricks(plain.to_dict()) == _without_tricks(counted.to_dict())
