"""Worlds rebuilt as whole deals: every seat's view agrees with the world and with the rated view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from altbaumer.game.actions import Phase
from altbaumer.game.cards import CARDS, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import partner_view
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import sample_worlds
from altbaumer.play.policies import RandomPolicy


def _views(seed: int):
    """Every view of a decision in a randomly played deal, the partner's after a pass too."""
    deal = Deal.from_seed(seed)
    player = RandomPolicy(seed)
    while deal.phase is not Phase.DONE:
        view = deal.view(deal.to_act)
        yield deal, view
        if deal.phase is Phase.LONE and deal.to_act is deal.forehand:
            yield None, partner_view(deal.view(deal.forehand.partner))
        deal.apply(player.choose(view))


@pytest.mark.parametrize("seed", range(40))
def test_a_rebuilt_world_is_the_view_with_the_worlds_cards(seed):
    for actual, view in _views(seed):
        worlds = sample_worlds(InfoSet.from_view(view), 4, np.random.default_rng(seed))
        for i in range(len(worlds)):
            rebuilt = deal_of_world(view, worlds, i)
            mine = rebuilt.view(view.seat)
            assert (mine.legal, mine.hand, mine.trump, mine.taken, mine.exposed, mine.lone_passed) == (
                view.legal, view.hand, view.trump, view.taken, view.exposed, view.lone_passed)
            for seat in SEATS:  # every hand in play is the world's (an absent partner's is set aside)
                if view.lone is None or seat is not view.lone.partner:
                    assert rebuilt.hand(seat) == CardSet(int(worlds.hands[i, seat]))
            if actual is not None and view.phase == "trump":
                assert rebuilt.stock == tuple(CARDS[int(c)] for c in worlds.stock[i])


def test_the_actual_deal_is_one_of_its_worlds():
    deal = Deal.from_seed(9)
    view = deal.view(deal.forehand)
    worlds = sample_worlds(InfoSet.from_view(view), 1, np.random.default_rng(0))
    worlds.hands[0] = [deal.hand(s).mask for s in SEATS]
    worlds.stock[0] = [c.index for c in deal.stock]
    assert deal_of_world(view, worlds, 0).view(deal.forehand.partner) == deal.view(deal.forehand.partner)


def test_the_merged_out_of_play_is_split_at_random():
    """A defender's view after a lone declaration: the absent partner's hand,
    forehand's discard and the unturned stock cards come from one merged
    place, split by ``rng`` (differently, where there is more than one way)."""
    splits = []
    for seed in range(60):
        view = _lone_play_view(seed)
        if view is None:
            continue
        worlds = sample_worlds(InfoSet.from_view(view), 1, np.random.default_rng(0))
        splits.append(len({deal_of_world(view, worlds, 0, random.Random(k)).dealt_hand(view.lone.partner)
                           for k in range(12)}))
    assert len(splits) >= 3 and max(splits) > 1


def _lone_play_view(seed: int):
    for actual, view in _views(seed):
        if view.phase == "play" and view.lone is not None and view.seat.team is not view.forehand.team:
            return view
    return None
