"""Inference from forehand's choices: the worlds where the project's advice would have chosen as forehand did."""

from __future__ import annotations

import numpy as np

from altbaumer.game.actions import Refuse
from altbaumer.game.cards import CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.rules import trump_cards
from altbaumer.hidden.inference import consistent_worlds, forehand_choices
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import rate_view
from altbaumer.hidden.worlds import sample_worlds


def test_after_a_refusal_the_worlds_with_strong_trumps_for_forehand_thin_out():
    """``Deal.from_seed(1)``: the tool refuses with forehand's hand. In a third
    of the partner's uniform worlds forehand holds three trumps of the turned
    suit, hands the tool would have accepted with; the inferred worlds hold
    far fewer."""
    deal = Deal.from_seed(1)
    turned = deal.view(deal.forehand).turned
    assert rate_view(deal.view(deal.forehand), objective="net", samples=200, seed=0, exact_limit=0).best.option \
        == "refuse"
    deal.apply(Refuse())
    view = deal.view(deal.forehand.partner)
    assert forehand_choices(view) == 1
    worlds = sample_worlds(InfoSet.from_view(view), 120, np.random.default_rng(1))
    kept = consistent_worlds(view, worlds, "net", None, None, seed=1)
    trumps = trump_cards(turned.suit)

    def strong(w):
        return np.mean([len(CardSet(int(h)) & trumps) >= 3 for h in w.hands[:, int(deal.forehand)]])

    assert 0 < len(kept) < len(worlds) and not kept.exact
    assert strong(kept) < strong(worlds) - 0.1


def test_forehand_and_a_view_before_any_choice_infer_nothing():
    deal = Deal.from_seed(1)
    view = deal.view(deal.forehand)
    worlds = sample_worlds(InfoSet.from_view(view), 5, np.random.default_rng(0))
    assert forehand_choices(view) == 0 and consistent_worlds(view, worlds, "net", None, None) is worlds
    deal.apply(Refuse())
    assert forehand_choices(deal.view(deal.forehand)) == 0  # forehand knows its own hand


def test_rate_infers_on_request():
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    while deal.to_act is deal.forehand:
        deal.apply(deal.legal_actions()[0])  # the discard and forehand's lone pass
    view = deal.view(deal.to_act)  # the partner's lone choice
    rating = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0, infer=True)
    plain = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0)
    assert rating.worlds < plain.worlds and not rating.exact
