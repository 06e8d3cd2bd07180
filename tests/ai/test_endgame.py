"""The endgame variant of ``python_altbaumer``: a given deal with a few tricks left, small
enough for OpenSpiel's CFR to bring the exploitability of its average policy close to zero."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

import altbaumer.openspiel  # noqa: E402,F401  (registers the game)
from altbaumer.game.actions import Phase  # noqa: E402
from altbaumer.game.deal import Deal  # noqa: E402
from altbaumer.game.seats import Seat  # noqa: E402

# A deal whose last two tricks hold real choices: a uniformly random policy is exploitable.
ENDGAME = "python_altbaumer(tricks_left=2,deal_seed=4)"


def test_the_endgame_starts_from_the_given_deal_with_the_tricks_left() -> None:
    game = pyspiel.load_game(ENDGAME)
    state = game.new_initial_state()
    deal = state.numbered.deal
    assert not state.is_chance_node() and deal.phase is Phase.PLAY and len(deal.tricks) == 3
    assert deal.dealt == Deal.from_seed(4, Seat.N).dealt
    assert all(len(deal.hand(seat)) == 2 for seat in deal.active_seats)
    assert game.max_game_length() == 8


def test_cfr_brings_the_endgame_close_to_a_nash_equilibrium() -> None:
    game = pyspiel.load_game(ENDGAME)
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(40):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert uniform >= 0.5  # a player gains at least half a point by deviating from random play
    assert solved < 0.03


@pytest.mark.slow
def test_cfr_on_three_tricks_left() -> None:
    game = pyspiel.load_game("python_altbaumer(tricks_left=3,deal_seed=1)")
    assert exploitability.nash_conv(game, policy.UniformRandomPolicy(game)) > 0.2
    solver = cfr.CFRSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < 0.01


def test_cfr_reaches_the_double_dummy_solvers_value() -> None:
    """With the deal fixed the endgame is a game of perfect information, so
    its equilibrium value is the double-dummy solver's: CFR's average policy
    scores each seat the deal points of the solver's tricks."""
    from open_spiel.python.algorithms import expected_game_score

    from altbaumer.dd.solver import Solver
    from altbaumer.game.position import Position
    from altbaumer.game.scoring import score_deal
    from altbaumer.game.seats import SEATS

    game = pyspiel.load_game("python_altbaumer(tricks_left=2,deal_seed=4)")
    solver = cfr.CFRSolver(game)
    for _ in range(40):
        solver.evaluate_and_update_policy()
    values = expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * 4)
    deal = game.new_initial_state().numbered.deal
    with Solver(threads=1) as dd:
        tricks = dd.solve(Position.from_deal(deal)).makers_tricks
    points = score_deal(deal.makers, tricks, deal.lone).points
    assert [round(v, 1) for v in values] == [points[seat.team] for seat in SEATS]
