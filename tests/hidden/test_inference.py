"""Inference from forehand's choices: the worlds weighed by how likely the project's advice makes them, drawn again by weight."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import numpy as np
import pytest

import altbaumer.hidden.inference as inference_module
from altbaumer.errors import AltbaumerError, InvalidArgument
from altbaumer.game.actions import Refuse
from altbaumer.game.cards import CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.rules import trump_cards
from altbaumer.hidden.display import inference_line, no_verdict_line, partial_line, rating_blocks, worlds_text
from altbaumer.hidden.inference import ENOUGH, Inference, inferred_worlds, forehand_choices, nothing_to_infer
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import rate_view
from altbaumer.hidden.world_deals import deal_of_world
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
    kept, inference = inferred_worlds(view, worlds, "net", None, None, seed=1)
    trumps = trump_cards(turned.suit)

    def strong(w):
        return np.mean([len(CardSet(int(h)) & trumps) >= 3 for h in w.hands[:, int(deal.forehand)]])

    assert 0 < len(kept) < len(worlds) and not kept.exact
    assert strong(kept) < strong(worlds) - 0.1
    assert (inference.asked, inference.drawn, inference.kept) == (120, 120, len(kept)) and inference.complete
    assert 0 < inference.agreed < inference.drawn and inference.kept == round(inference.effective)


def test_forehand_and_a_view_before_any_choice_infer_nothing_and_are_refused():
    deal = Deal.from_seed(1)
    view = deal.view(deal.forehand)
    worlds = sample_worlds(InfoSet.from_view(view), 5, np.random.default_rng(0))
    assert forehand_choices(view) == 0
    with pytest.raises(AltbaumerError, match="^inference: forehand decides here, and it knows its own hand"):
        inferred_worlds(view, worlds, "net", None, None)
    with pytest.raises(InvalidArgument) as refused:
        rate_view(view, samples=20, infer=True)
    assert str(refused.value) == ("rate_view: infer: forehand decides here, and it knows its own hand: there is "
                                  "nothing to infer")
    deal.apply(Refuse())
    assert forehand_choices(deal.view(deal.forehand)) == 0  # forehand knows its own hand
    assert nothing_to_infer(deal.view(deal.forehand)) is not None
    assert nothing_to_infer(deal.view(deal.forehand.partner)) is None


def test_rate_infers_on_request():
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    while deal.to_act is deal.forehand:
        deal.apply(deal.legal_actions()[0])  # the discard and forehand's lone pass
    view = deal.view(deal.to_act)  # the partner's lone choice
    seen: list[tuple[int, int, int]] = []
    rating = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0, infer=True,
                       inference_progress=lambda *counts: seen.append(counts))
    plain = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0)
    assert rating.worlds < plain.worlds and not rating.exact
    found = rating.inference
    assert found is not None and plain.inference is None
    assert (found.asked, found.drawn, found.kept) == (60, 60, rating.worlds)
    assert [drawn for drawn, _, _ in seen] == list(range(1, 61)) and seen[-1] == (60, found.kept, 60)
    data = rating.to_dict()
    assert data["inference"] == {"asked": 60, "drawn": 60, "kept": found.kept, "agreed": found.agreed,
                                 "effective": round(found.effective, 1), "enough": found.effective >= ENOUGH,
                                 "min_effective": ENOUGH}
    assert plain.to_dict()["inference"] is None and plain.to_dict()["verdict"] is True
    assert worlds_text(rating) == (f"from {found.kept} deals of the unseen cards drawn by how well they explain "
                                   "forehand's choices from 60 that fit what you know, each solved with every card open")


def _rating_with(kept: int):
    """A rating as if inference had weighed 1,000 worlds drawn, worth ``kept``."""
    deal = Deal.from_seed(4)
    rating = rate_view(deal.view(deal.forehand), samples=40, seed=1, exact_limit=0)
    return dataclasses.replace(rating, inference=Inference(asked=1000, drawn=1000, kept=kept, agreed=kept - 2,
                                                           effective=kept))


def test_too_few_worlds_kept_give_figures_but_no_verdict():
    few = _rating_with(ENOUGH - 1)
    assert not few.has_verdict and not few.inference.enough
    assert all(few.mark(o.option) == "" for o in few.options)
    data = few.to_dict()
    assert data["verdict"] is False and data["best"] is None
    assert [o["best"] for o in data["options"]] == [False] * len(few.options)
    assert no_verdict_line(few) == (f"no verdict: the worlds weighted by forehand's choices are worth {ENOUGH - 1}, "
                                    f"fewer than the {ENOUGH} a verdict needs, so the figures stand without ★ or marks")
    assert "★" not in few._repr_html_().split("without ★ or marks")[1]  # the table below the line marks nothing
    assert few.inference.samples_for_enough() == 1100  # 30 at the rate of 29 in 1,000
    enough = _rating_with(ENOUGH)
    assert enough.has_verdict and no_verdict_line(enough) is None and enough.to_dict()["best"] is not None
    assert inference_line(enough) == (
        "inference from forehand's choices: each of the 1,000 worlds drawn weighed by how likely this tool's advice "
        f"makes forehand's choices in it (it makes them all in {ENOUGH - 2}); they are worth {ENOUGH} independent "
        f"worlds (effective sample size), and {ENOUGH} drawn by weight are rated")
    assert any("inference from forehand's choices" in str(b) for b in rating_blocks(enough))


def _partner_deciding():
    """The partner's lone choice once forehand refused, discarded and passed (``Deal.from_seed(1)``)."""
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    while deal.to_act is deal.forehand:
        deal.apply(deal.legal_actions()[0])
    return deal.view(deal.to_act)


def test_ctrl_c_during_the_inference_rates_the_worlds_kept_so_far(monkeypatch):
    view = _partner_deciding()
    calls = itertools.count(1)

    def agrees_then_ctrl_c(*args, **kwargs):
        if next(calls) == 8:
            raise KeyboardInterrupt
        return 0.0, True

    monkeypatch.setattr(inference_module, "_likelihood", agrees_then_ctrl_c)
    rating = rate_view(view, objective="net", samples=50, seed=0, infer=True, partial_on_interrupt=True)
    assert rating.worlds == 7 and not rating.complete and rating.has_verdict is False
    assert (rating.inference.drawn, rating.inference.kept, rating.inference.asked) == (7, 7, 50)
    assert partial_line(rating) == "interrupted: partial result over the worlds the inference weighed so far"
    assert "before the interrupt (of 50)" in inference_line(rating)
    calls = itertools.count(1)
    with pytest.raises(KeyboardInterrupt):  # not asked for a partial result
        rate_view(view, objective="net", samples=50, seed=0, infer=True)


def test_a_choice_is_likelier_in_the_worlds_where_it_is_the_advice():
    """Forehand's refusal, the only choice seen: a softmax over two options
    gives the refusal at least even odds exactly where it is the advice."""
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    view = deal.view(deal.forehand.partner)
    worlds = sample_worlds(InfoSet.from_view(view), 40, np.random.default_rng(2))
    rng = random.Random(3)
    found = {True: 0, False: 0}
    for i in range(len(worlds)):
        log_likelihood, agrees = inference_module._likelihood(view, deal_of_world(view, worlds, i, rng), "net", None,
                                                              None, rng, 8, 0.25)
        assert agrees == (log_likelihood >= math.log(0.5) - 1e-12) and log_likelihood <= 0.0
        found[agrees] += 1
    assert found[True] and found[False]
