"""The compiled PIMC card player (altbaumer.play.engine) against the Python one.

The engine repeats in C what the Python side specifies: a seat's knowledge
(:class:`~altbaumer.hidden.knowledge.InfoSet`), its worlds counted and
ranked (:mod:`altbaumer.hidden.worlds`) and the choice of a card by the best
mean objective over them (:class:`~altbaumer.play.pimc.PimcPolicy` through
:func:`~altbaumer.hidden.rating.rate_view`). Positions come from deals
played at random from seeded deals, so they include refusals, lone play,
voids and every stage of the play; a full sweep is behind ``-m slow``.
"""

from __future__ import annotations

import random
from typing import Iterator

import numpy as np
import pytest

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Phase, Play
from altbaumer.game.cards import Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.objectives import objective_for
from altbaumer.hidden.rating import rating_of, solve_worlds
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import count_worlds, ranked_worlds, worlds_for
from altbaumer.play.engine import Engine, deal_row, seat_values, view_row


def play_positions(deals: int, seed: int = 1) -> Iterator[tuple[Deal, SeatView]]:
    """(deal, the view of the seat to act) at every card of ``deals`` seeded
    deals played with random legal actions (lone play and refusals included)."""
    rng = random.Random(seed)
    for number in range(deals):
        deal = Deal.from_seed(1000 * seed + number)
        while deal.phase is not Phase.DONE:
            if deal.phase is Phase.PLAY:
                yield deal, deal.view(deal.to_act)  # type: ignore[arg-type]
            deal.apply(rng.choice(deal.legal_actions()))


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with Engine(threads=1) as e:
        yield e


def _check_worlds(engine: Engine, deals: int, seed: int) -> int:
    checked = 0
    rng = np.random.default_rng(seed)
    for _, view in play_positions(deals, seed):
        info = InfoSet.from_view(view)
        total = count_worlds(info)
        ranks = rng.integers(0, total, size=4, dtype=np.int64)
        count, hands = engine.core().seat_worlds(view_row(view), ranks)
        assert count == total, InfoSet.describe(info)
        assert (hands == ranked_worlds(info, ranks).hands).all(), InfoSet.describe(info)
        checked += 1
    return checked


def test_a_seats_worlds_are_its_infosets_world_for_world(engine: Engine):
    """For every position, the engine counts the seat's worlds as the InfoSet
    does, and builds the same world for the same rank."""
    assert _check_worlds(engine, 80, seed=1) >= 1000


@pytest.mark.slow
def test_a_seats_worlds_are_its_infosets_in_a_sweep(engine: Engine):
    assert _check_worlds(engine, 3000, seed=2) >= 40_000


def _python_top(view: SeatView, worlds, objective, solver: Solver) -> set[str]:
    labels, codes = solve_worlds(view, worlds, objective, solver, prune=False)
    rating = rating_of(view, worlds, labels, codes, objective)
    return {o.option for o in rating.top_options()}


def _objective_of(view: SeatView, rng: random.Random):
    if rng.random() < 0.3:
        return objective_for("net")
    rounds = rng.choice([(0, 0), (1, 0), (0, 1), (1, 1)])
    points = (0, 0) if rounds == (1, 1) else (rng.randint(-2, 4), rng.randint(-2, 4))  # the decider has none
    return objective_for("match", MatchState(points, rounds, view.forehand.team))


def _check_choices(engine: Engine, deals: int, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    with Solver(threads=1) as solver:
        for _, view in play_positions(deals, seed):
            if len(view.legal) < 2:
                continue
            info = InfoSet.from_view(view)
            k = rng.choice([1, 3, 12])
            worlds = worlds_for(info, k, k, rng.getrandbits(32))
            objective = _objective_of(view, rng)
            top = engine.core().top_from_worlds(view_row(view), np.ascontiguousarray(worlds.hands, dtype=np.uint64),
                                                objective.values.astype(np.float64))
            assert set(CardSet(top).ascii().split()) == _python_top(view, worlds, objective, solver), view
            checked += 1
    return checked


def test_the_engine_chooses_the_python_players_cards_from_the_same_worlds(engine: Engine):
    """At every position with a choice, over the same worlds and objective
    (net, or the match at a random score), the engine's top cards are the
    Python player's top options."""
    assert _check_choices(engine, 120, seed=3) >= 1000


@pytest.mark.slow
def test_the_engine_chooses_the_python_players_cards_in_a_sweep(engine: Engine):
    assert _check_choices(engine, 1500, seed=4) >= 12_000  # 12,792 positions with a choice in these deals


def test_a_seats_choice_does_not_depend_on_cards_it_cannot_see(engine: Engine):
    """Two deals the seat to act cannot tell apart (two worlds of its view)
    played out with the same seed: its first card is the same in both."""
    values = seat_values(objective_for("net"))
    rng = np.random.default_rng(5)
    compared = 0
    for deal, view in play_positions(40, seed=5):
        if len(view.legal) < 2 or rng.random() < 0.7:
            continue
        worlds = worlds_for(InfoSet.from_view(view), 0, 2, int(rng.integers(1 << 30)))
        rows = [deal_row(deal_of_world(view, worlds, i)) for i in range(2)]
        _, cards = engine.play_out(rows, values, seeds=[11, 11])
        assert cards[0, 0] == cards[1, 0]
        compared += 1
    assert compared >= 50


def test_playouts_depend_on_their_seeds_alone(engine: Engine):
    deals = [deal for deal, view in play_positions(6, seed=6) if not view.trick_cards and not view.tricks]
    rows = [deal_row(d) for d in deals]
    values = seat_values(objective_for("net"))
    seeds = list(range(len(rows)))
    one = engine.play_out(rows, values, seeds)
    with Engine(threads=2) as two:
        split = two.play_out(rows * 4, values, seeds * 4)
    assert (np.tile(one[0], 4) == split[0]).all() and (np.tile(one[1], (4, 1)) == split[1]).all()


def test_a_playout_plays_legal_cards_to_the_end(engine: Engine):
    """The cards a playout returns, applied to the deal, are legal and give its outcome code."""
    values = seat_values(objective_for("net"))
    for deal, view in list(play_positions(10, seed=7))[::7]:
        codes, cards = engine.play_out([deal_row(deal)], values, seeds=[3])
        copy = deal.copy()
        for card in cards[0][cards[0] >= 0]:
            copy.apply(Play(Card.from_index(int(card))))
        assert copy.phase is Phase.DONE
        assert int(codes[0]) == copy.makers_tricks + (8 if copy.lone is not None else 0)


def test_bad_rows_are_refused_with_a_reason(engine: Engine):
    deal, view = next(iter(play_positions(1, seed=8)))
    row = deal_row(deal)
    row[0] |= row[1]  # a card in two hands
    values = seat_values(objective_for("net"))
    with pytest.raises(ValueError, match="playout row 0: a card is in two places"):
        engine.play_out([row], values, seeds=[1])
    with pytest.raises(ValueError, match="card_worlds must be 1..256"):
        engine.play_out([deal_row(deal)], values, seeds=[1], card_worlds=0)
