"""Inference from the card play (:class:`altbaumer.play.engine.CardInference`).

The engine weighs a world by the likelihood of the cards the other seats
chose in it: at each card with a choice, that seat's PIMC means over a few
worlds of what it knew then, and a softmax of them. Here a readable Python
reference computes the same likelihood from the seats' views
(:class:`~altbaumer.hidden.knowledge.InfoSet`, the worlds ranked as the
engine draws them, each card solved double dummy) and the two must agree;
the player that uses it must make legal choices that depend on its seed
alone, and the true deal must be more likely than the worlds drawn blind.
"""

from __future__ import annotations

import math
import random
from typing import Iterator, Optional

import numpy as np
import pytest

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.hidden.objectives import Objective, objective_for
from altbaumer.hidden.rating import solve_worlds
from altbaumer.hidden.worlds import count_worlds, ranked_worlds
from altbaumer.game.cards import Card
from altbaumer.play.engine import CardInference, Engine, deal_row, seat_values, view_row
from altbaumer.play.pimc import PimcPolicy

_MASK, _GAMMA = 2**64 - 1, 0x9E3779B97F4A7C15


def _mix(x: int) -> int:
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class _SplitMix:
    """rng.pxd's generator, to draw the ranks the engine draws."""

    def __init__(self, seed: int, stream: int) -> None:
        self.seed, self.counter = _mix(seed ^ _mix((stream + _GAMMA) & _MASK)), 0

    def next(self) -> int:
        self.counter += 1
        return _mix((self.seed + self.counter * _GAMMA) & _MASK)

    def below(self, bound: int) -> int:
        limit = (2**64 - bound) % bound
        while True:
            x = self.next()
            if x >= limit:
                return x % bound


def played_deals(deals: int, seed: int) -> Iterator[tuple[Deal, list[tuple[SeatView, str]]]]:
    """Deals played at random into their play (refusals and lone play
    included), stopped at a random card, with every card's view and name."""
    rng = random.Random(seed)
    for number in range(deals):
        deal = Deal.from_seed(500 * seed + number)
        while deal.phase is not Phase.PLAY:
            deal.apply(rng.choice(deal.legal_actions()))
        record = []
        for _ in range(rng.randint(1, 19 if deal.lone is None else 14)):
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            action = rng.choice(deal.legal_actions())
            record.append((view, action.card.ascii()))  # type: ignore[union-attr]
            deal.apply(action)
        yield deal, record


def drawn_ranks(count: int, want: int, draw: _SplitMix) -> np.ndarray:
    """The ranks of the worlds the engine draws: all when there are no more than ``want``."""
    return np.arange(count) if count <= want else np.array([draw.below(count) for _ in range(want)])


def card_means(view: SeatView, worlds, objective: Objective, solver: Solver,
               weights: Optional[np.ndarray] = None) -> dict[str, float]:
    """Each legal card's (weighted) mean objective for the seat's side, solved double dummy."""
    labels, codes = solve_worlds(view, worlds, objective, solver, prune=False)
    sign = 1.0 if view.seat.team is view.forehand.team else -1.0
    means = np.average(objective.of(codes), axis=0, weights=weights)
    return {label: sign * float(m) for label, m in zip(labels, means)}


def reference_log_likelihood(record: list[tuple[SeatView, str]], observer: Seat, objective: Objective,
                             model: CardInference, seed: int, solver: Solver) -> float:
    total = 0.0
    base = LONE_FLAG if record[0][0].lone is not None else 0
    tau = model.temperature * float(np.ptp(objective.values[base:base + 6]))
    for i, (view, card) in enumerate(record):
        if view.seat is observer or len(view.legal) < 2:
            continue
        info = InfoSet.from_view(view)
        ranks = drawn_ranks(count_worlds(info), model.model_worlds, _SplitMix(seed, i))
        means = card_means(view, ranked_worlds(info, ranks), objective, solver)
        best = max(means.values())
        total += (means[card] - best) / tau - math.log(sum(math.exp((m - best) / tau) for m in means.values()))
    return total


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with Engine(threads=1) as e:
        yield e


def _check_likelihoods(engine: Engine, deals: int, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    with Solver(threads=1) as solver:
        for deal, record in played_deals(deals, seed):
            observer = rng.choice([s for s in Seat if s is not deal.absent])
            objective = (objective_for("net") if rng.random() < 0.5
                         else objective_for("match", MatchState((rng.randint(-2, 4), 0), (0, 0), deal.forehand.team)))
            model = CardInference(model_worlds=rng.choice([1, 4, 8]), temperature=rng.choice([0.02, 0.05, 0.2]))
            key = rng.getrandbits(64)
            compiled = engine.log_likelihoods([deal_row(deal)], seat_values(objective), [int(observer)], [key],
                                              model)[0]
            expected = reference_log_likelihood(record, observer, objective, model, key, solver)
            assert compiled == pytest.approx(expected, abs=1e-9), (deal, observer)
            checked += expected != 0.0
    return checked


def test_the_likelihood_of_the_card_play_is_the_reference_one(engine: Engine):
    """Every world's log-likelihood from the engine equals the Python
    reference's, for random observers, objectives, models and records."""
    assert _check_likelihoods(engine, 40, seed=1) >= 30


@pytest.mark.slow
def test_the_likelihood_of_the_card_play_in_a_sweep(engine: Engine):
    assert _check_likelihoods(engine, 400, seed=2) >= 300


def test_the_inferring_player_takes_the_best_weighted_mean(engine: Engine):
    """The card the engine chooses with inference is a top card of the
    worlds it drew (the same ranks, drawn from the seat's stream), each
    weighted by its likelihood under the model (the next draw of that
    stream its seed)."""
    model = CardInference(candidates=24, model_worlds=4, temperature=0.02)
    objective = objective_for("net")
    values = seat_values(objective)
    checked = differ = 0
    with Solver(threads=1) as solver:
        for deal, _ in played_deals(80, seed=3):
            if deal.phase is not Phase.PLAY or len(deal.legal_actions()) < 2:
                continue
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            key = 1000 + checked
            card = engine.choose([view_row(view)], values, [key], model.candidates, model)[0]
            info = InfoSet.from_view(view)
            draw = _SplitMix(key, int(view.seat))
            worlds = ranked_worlds(info, drawn_ranks(count_worlds(info), model.candidates, draw))
            rows = np.repeat(view_row(view)[None, :], len(worlds), axis=0)
            rows[:, :4] = worlds.hands
            likelihood_seed = draw.next()
            logs = engine.log_likelihoods(rows, values, [int(view.seat)] * len(worlds),
                                          [likelihood_seed] * len(worlds), model)
            means = card_means(view, worlds, objective, solver, np.exp(logs - logs.max()))
            best = max(means.values())
            assert means[Card.from_index(int(card)).ascii()] >= best - 1e-9, view
            plain = card_means(view, worlds, objective, solver)
            differ += _top(means) != _top(plain)
            checked += 1
    assert checked >= 40 and differ >= 3  # the weights changed the choice in some


def _top(means: dict[str, float]) -> set[str]:
    best = max(means.values())
    return {card for card, mean in means.items() if mean >= best - 1e-9}


def test_a_deal_of_inferring_players_is_legal_and_depends_on_the_seeds_alone():
    def play(seed: int) -> list[str]:
        deal = Deal.from_seed(seed)
        players = {s: PimcPolicy(seed=seed * 4 + int(s), objective="match", infer=CardInference(candidates=16))
                   for s in Seat}
        cards = []
        while deal.phase is not Phase.DONE:
            action = players[deal.to_act].choose(deal.view(deal.to_act))  # type: ignore[index, arg-type]
            assert action in deal.legal_actions()
            deal.apply(action)
            if deal.phase is Phase.PLAY or deal.phase is Phase.DONE:
                cards = [c.ascii() for t in deal.tricks for c in t.cards]
        return cards

    first = play(7)
    assert len(first) in (15, 20) and first == play(7)


def test_the_player_that_infers_is_not_handed_to_the_whole_playout():
    deal = Deal.from_seed(2)
    player = PimcPolicy(seed=1, infer=CardInference())
    assert player.compiled_play(deal.view(deal.to_act)) is None  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only the compiled player infers"):
        PimcPolicy(seed=1, compiled=False, infer=CardInference())
