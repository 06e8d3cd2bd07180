"""Worlds drawn again by weight (:mod:`altbaumer.hidden.weighting`), and a
rating over them: the worlds in proportion to their weights, as many as the
weights are worth, and the rating saying so, with no verdict on too few."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.game.actions import Accept, DeclareAlone, Phase
from altbaumer.game.deal import Deal
from altbaumer.hidden.inference import ENOUGH
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import rate_view
from altbaumer.hidden.weighting import effective_size, others_chose, resample
from altbaumer.hidden.worlds import sample_worlds


def _worlds(n: int, seed: int = 0):
    deal = Deal.from_seed(4)
    return sample_worlds(InfoSet.from_view(deal.view(deal.forehand)), n, np.random.default_rng(seed))


def test_worlds_are_drawn_in_proportion_to_their_weights():
    worlds = _worlds(4)
    index = {tuple(row): i for i, row in enumerate(worlds.hands.tolist())}
    assert len(index) == 4
    logs = np.log(np.array([1.0, 3.0, 0.0001, 6.0]) * 1e-3)  # only the ratios count
    tally = np.zeros(4)
    for seed in range(300):
        drawn, weighting = resample(worlds, logs, seed)
        assert len(drawn) == weighting.drawn == round(effective_size(logs)) and not drawn.exact
        for row in drawn.hands.tolist():
            tally[index[tuple(row)]] += 1
    share = tally / tally.sum()
    assert share == pytest.approx([0.1, 0.3, 0.0, 0.6], abs=0.03)


def test_the_effective_size_is_kish_s():
    assert effective_size(np.zeros(50)) == pytest.approx(50)
    assert effective_size(np.log(np.array([1.0, 1.0, 2.0]))) == pytest.approx(16 / 6)
    assert effective_size(np.array([0.0, -800.0, -900.0])) == pytest.approx(1.0)  # no overflow, no nan


def test_worlds_that_weigh_alike_come_back_as_they_were():
    worlds = _worlds(30)
    drawn, weighting = resample(worlds, np.full(30, -7.0), 1)
    assert drawn is worlds and (weighting.weighed, weighting.drawn, weighting.effective) == (30, 30, 30.0)


def _in_play(cards: int) -> Deal:
    deal = Deal.from_seed(5)
    deal.apply(Accept()); deal.apply(deal.legal_actions()[0])
    deal.apply(DeclareAlone(False)); deal.apply(DeclareAlone(False))
    for _ in range(cards):
        deal.apply(deal.legal_actions()[0])
    assert deal.phase is Phase.PLAY
    return deal


def test_a_rating_over_weighted_worlds_says_what_the_weighting_did():
    """A weigher that gives weight only to the worlds where the partner
    holds one of its cards: the rating is over worlds drawn by weight, and
    it says how many were weighed and drawn."""
    deal = _in_play(3)
    view = deal.view(deal.to_act)
    hidden = next(iter(deal.hand(deal.to_act.partner)))
    seen = []

    def weigh(v, worlds, objective, seed):
        seen.append((v, objective.name, seed))
        holds = (worlds.hands[:, int(deal.to_act.partner)] >> hidden.index) & 1
        return np.where(holds == 1, 0.0, -1e9)

    rating = rate_view(view, objective="net", samples=400, exact_limit=0, seed=3, threads=1, weigh=weigh)
    assert seen == [(view, "net", 3)]
    assert rating.weighting is not None and rating.weighting.weighed == 400
    assert rating.worlds == rating.weighting.drawn == round(rating.weighting.effective) < 400
    assert rating.has_verdict == (rating.weighting.effective >= ENOUGH)
    assert rating.to_dict()["weighting"]["drawn"] == rating.worlds


def test_too_few_worlds_worth_weighing_give_no_verdict():
    deal = _in_play(3)
    rating = rate_view(deal.view(deal.to_act), objective="net", samples=200, exact_limit=0, seed=3, threads=1,
                       weigh=lambda v, worlds, o, s: np.where(np.arange(len(worlds)) < 5, 0.0, -1e9))
    assert rating.weighting.effective == pytest.approx(5) and not rating.has_verdict
    assert rating.to_dict()["best"] is None


def test_nothing_is_weighed_before_another_seat_has_played():
    deal = _in_play(0)
    assert not others_chose(deal.view(deal.to_act))
    rating = rate_view(deal.view(deal.to_act), objective="net", samples=50, exact_limit=0, seed=1, threads=1,
                       weigh=lambda *args: pytest.fail("nothing to weigh"))
    assert rating.weighting is None and rating.worlds == 50
    assert others_chose(_in_play(1).view(_in_play(1).to_act))
