"""The engine rows of a card's playouts built straight from the world arrays
(:func:`altbaumer.play.engine.card_rows` in :mod:`altbaumer.play.realistic`)
are, row for row, the rows of the worlds' deals rebuilt and replayed
(:func:`~altbaumer.hidden.world_deals.deal_of_world`, then
:func:`~altbaumer.play.engine.deal_row`): the same world split the same way,
so a rating's figures are the same for the same seeds whichever way."""

from __future__ import annotations

import random

import numpy as np
import pytest

from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import sample_worlds
from altbaumer.play.engine import deal_row
from altbaumer.play.realistic import _Starts


def card_views(seed: int) -> list:
    """Every card decision with a choice of a deal played by seeded random choices, from the seat to play."""
    deal, rng, views = Deal.from_seed(seed), random.Random(seed), []
    while deal.phase is not Phase.DONE:
        actions = deal.legal_actions()
        if deal.phase is Phase.PLAY and len(actions) > 1:
            views.append(deal.view(deal.to_act))
        deal.apply(rng.choice(actions))
    return views


@pytest.mark.parametrize("seed", range(1, 13))
def test_card_rows_are_the_rows_of_the_rebuilt_deals(seed: int) -> None:
    for view in card_views(seed):
        worlds = sample_worlds(InfoSet.from_view(view), 12, np.random.default_rng(seed))
        actions = list(view.legal)
        starts = _Starts.__new__(_Starts)
        starts.view, starts.worlds, starts.order, starts.actions, starts.seed = (
            view, worlds, np.arange(len(worlds)), actions, seed)
        alive = np.arange(len(actions))
        fast = starts.rows(0, len(worlds), alive)
        for at in range(len(worlds)):
            base = deal_of_world(view, worlds, at, random.Random(f"altbaumer-realistic-world:{seed}:{at}"))
            for j, action in enumerate(actions):
                deal = base.copy()
                deal.apply(action)
                assert (fast[at, j] == deal_row(deal)).all(), (view.seat, action, at)


def test_only_the_options_still_in_the_running_get_rows() -> None:
    view = card_views(3)[0]
    worlds = sample_worlds(InfoSet.from_view(view), 5, np.random.default_rng(0))
    starts = _Starts.__new__(_Starts)
    starts.view, starts.worlds, starts.order, starts.actions, starts.seed = (
        view, worlds, np.arange(len(worlds)), list(view.legal), 0)
    every = starts.rows(0, 5, np.arange(len(view.legal)))
    last = starts.rows(0, 5, np.array([len(view.legal) - 1]))
    assert last.shape == (5, 1, every.shape[2]) and (last[:, 0] == every[:, -1]).all()
