"""The last tricks solved as a game of hidden cards (:mod:`altbaumer.hidden.endgame`).

The enumeration is held to the project's double-dummy solver (the open-card
value of every option in every world), the solution to the definition of
solved (no seat gains by changing its own play), the case without later
choices to double dummy exactly, and a position where the exact card is not
PIMC's shows the difference."""

from __future__ import annotations

import random
from typing import Iterator

import numpy as np
import pytest

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.endgame import endgame_applies, solve_endgame, tricks_left
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.objectives import objective_for
from altbaumer.hidden.rating import rate_view, solve_worlds
from altbaumer.hidden.worlds import enumerate_worlds, worlds_for


def endings(count: int, seed: int, left: int = 2, last: bool = False) -> Iterator[SeatView]:
    """Views of the seat to act with a choice, ``left`` tricks from the end
    of deals played at random (refusals and lone play included): some way
    into the trick, or with ``last`` the trick's last card."""
    for number in range(count):
        rng = random.Random(seed * 1000 + number)
        deal = Deal.from_seed(seed * 1000 + number)
        while deal.phase is not Phase.PLAY or len(deal.tricks) < 5 - left:
            deal.apply(rng.choice(deal.legal_actions()))
        into = len(deal.active_seats) - 1 if last else rng.randrange(len(deal.active_seats))
        for _ in range(into):
            deal.apply(rng.choice(deal.legal_actions()))
        view = deal.view(deal.to_act)  # type: ignore[arg-type]
        if len(view.legal) > 1:
            yield view


def _objective(view: SeatView, rng: random.Random):
    if rng.random() < 0.5:
        return objective_for("net")
    return objective_for("match", MatchState((rng.randint(-2, 4), rng.randint(-2, 4)), (0, 0), view.forehand.team))


def test_the_open_card_values_are_the_double_dummy_solver_s():
    """The solution's double-dummy means (its own enumeration and scoring)
    equal the batch solver's on the same worlds, for random objectives."""
    rng = random.Random(1)
    checked = 0
    with Solver(threads=1) as solver:
        for view in endings(50, seed=1):
            worlds = worlds_for(InfoSet.from_view(view), 60, 60, rng.getrandbits(32))
            objective = _objective(view, rng)
            solution = solve_endgame(view, worlds, objective)
            labels, codes = solve_worlds(view, worlds, objective, solver, prune=False)
            expected = dict(zip(labels, objective.of(codes).mean(axis=0).tolist()))
            assert solution.double_dummy == pytest.approx(expected, abs=1e-12), view
            checked += 1
    assert checked >= 25


def test_no_seat_gains_by_changing_its_own_play():
    """At two and three tricks from the end, each seat's best response to
    the others' solved play gains it almost nothing: the play is solved."""
    rng = random.Random(2)
    for left, count in ((2, 25), (3, 6)):
        for view in endings(count, seed=2 + left, left=left):
            objective = _objective(view, rng)
            worlds = worlds_for(InfoSet.from_view(view), 40, 40, rng.getrandbits(32))
            solution = solve_endgame(view, worlds, objective)
            stake = float(np.ptp(objective.values))
            assert max(solution.gains()) < 2e-3 * stake, (view, solution.gains())


def test_without_a_later_choice_the_game_is_double_dummy():
    """The last card of a trick two from the end: every card after it is
    forced, so the solved values are the open-card ones, world for world."""
    checked = 0
    for view in endings(60, seed=5, last=True):
        solution = solve_endgame(view, enumerate_worlds(InfoSet.from_view(view)), objective_for("net"))
        assert solution.values == pytest.approx(solution.double_dummy, abs=1e-12) and solution.certain
        checked += 1
    assert checked >= 15


def _ending_1069() -> SeatView:
    rng, deal = random.Random(1069), Deal.from_seed(1069)
    while deal.phase is not Phase.PLAY or len(deal.tricks) < 3:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal.view(deal.to_act)  # type: ignore[arg-type]


def test_an_ending_where_the_exact_card_is_not_pimc_s():
    """W plays alone and has already lost: N-S hold three tricks, and N (10♣
    Q♥) leads to the fourth, hoping to hold W to none. Over N's 420 worlds,
    double dummy (every later card chosen seeing all hands, W's included)
    10♣ is the better lead; solved as the game it is, W must choose its
    card from its own knowledge, and Q♥ holds it to none more often."""
    view = _ending_1069()
    assert (str(view.seat), str(view.lone), view.tricks_won, tricks_left(view)) == ("N", "W", (3, 0), 2)
    solution = solve_endgame(view, enumerate_worlds(InfoSet.from_view(view)), objective_for("net"))
    assert solution.worlds == 420 and not solution.maker
    assert solution.double_dummy["TC"] < solution.double_dummy["QH"]  # PIMC's choice: the makers' least
    assert solution.best() == ["QH"] and solution.values["QH"] < solution.values["TC"] - 0.005
    assert max(solution.gains()) < 1e-3


def test_a_rating_with_the_endgame_solved_says_so_and_keeps_double_dummy_beside():
    view = _ending_1069()
    rating = rate_view(view, objective="net", exact_limit=1000, samples=1000, threads=1, endgame=True)
    assert rating.play == "endgame" and rating.worlds == 420 and rating.best.option == "QH"
    assert rating.double_dummy is not None and rating.double_dummy.best.option == "TC"
    data = rating.to_dict()
    assert data["play"] == "endgame" and data["double_dummy"]["play"] == "dd"
    plain = rate_view(view, objective="net", exact_limit=1000, samples=1000, threads=1)
    assert plain.play == "dd" and plain.best.option == "TC"
    assert not endgame_applies(Deal.from_seed(1).view(Deal.from_seed(1).forehand))
